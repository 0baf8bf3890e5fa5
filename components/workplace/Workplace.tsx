// 工作台（菜单组件名 Workplace，/dashboard/workplace）：服务端取数，客户端组件展示。
import { loadWorkplace } from './data';
import WorkplaceView from './WorkplaceView';

export default async function Workplace() {
  // 注册表也登记了本组件：按需引入，避免两个模块在加载时互相等待
  const { screenNames } = await import('@/components/screens/registry');
  const data = await loadWorkplace(new Set(screenNames()));
  return <WorkplaceView data={data} />;
}

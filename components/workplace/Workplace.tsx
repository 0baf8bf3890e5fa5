// 工作台（菜单组件名 Workplace，/dashboard/workplace）：服务端取数，客户端组件展示。
import { loadWorkplace } from './data';
import WorkplaceView from './WorkplaceView';
import WorkplaceNotices from '@/components/content/WorkplaceNotices';

/** screenNames：有界面的菜单组件名，由注册表传入 */
export default async function Workplace({ screenNames }: { screenNames: readonly string[] }) {
  const data = await loadWorkplace(new Set(screenNames));
  return <WorkplaceView data={data} notices={<WorkplaceNotices />} />;
}

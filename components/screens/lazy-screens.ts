// 每个客户端界面一个 React.lazy（渲染到哪个才下载哪个）。已加载过的界面同步给出、不挂起：
// 服务端在第一次画界面时把全部界面代码加载好，此后服务端的 HTML 里界面直接画在原处，
// 而不是先送出 Suspense 的占位、再在后面流出界面（后者要等脚本才显示，没有脚本或脚本未到时只看得见骨架）。
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { clientScreens } from './client-screens';

type ScreenName = keyof typeof clientScreens;
const loaded = new Map<string, ComponentType>();

function loadScreen(name: ScreenName): Promise<ComponentType> {
  return clientScreens[name]().then((m) => {
    loaded.set(name, m.default);
    return m.default;
  });
}

/** then 当场调用回调的 thenable：React.lazy 见到它即把界面记为已解析，不挂起 */
const settled = (component: ComponentType) => ({ then: (resolve: (m: { default: ComponentType }) => void) => resolve({ default: component }) }) as unknown as Promise<{ default: ComponentType }>;

export const lazyScreens: Record<string, LazyExoticComponent<ComponentType>> = Object.fromEntries(
  (Object.keys(clientScreens) as ScreenName[]).map((name) => [
    name,
    lazy(() => {
      const hit = loaded.get(name);
      return hit ? settled(hit) : loadScreen(name).then((c) => ({ default: c }));
    }),
  ]),
);

// 服务端：本模块第一次被用到时就加载全部界面（失败的照常在渲染时再加载、挂起）
if (typeof window === 'undefined') for (const name of Object.keys(clientScreens) as ScreenName[]) void loadScreen(name).catch(() => undefined);

// 预先加载菜单目标的界面代码：侧栏出现后、浏览器空闲时下载并执行各叶子界面的代码块，点菜单时不再等下载。
import { clientScreens } from './client-screens';

const started = new Set<string>();
/** 第一次开始预先下载的时刻（performance.mark） */
export const PRELOAD_MARK = 'preload-screens';

export function preloadScreens(names: readonly string[]): () => void {
  const notStarted = names.filter((n) => !started.has(n) && Object.prototype.hasOwnProperty.call(clientScreens, n));
  if (notStarted.length === 0) return () => {};
  const run = () => {
    // 浏览器基准据此把预先下载的代码与本页自己的代码分开计数（bench/browser.ts）
    if (performance.getEntriesByName(PRELOAD_MARK).length === 0) performance.mark(PRELOAD_MARK);
    for (const name of notStarted) {
      if (started.has(name)) continue;
      started.add(name);
      clientScreens[name as keyof typeof clientScreens]().catch(() => started.delete(name));
    }
  };
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 500);
  return () => window.clearTimeout(handle);
}

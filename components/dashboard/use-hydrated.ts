// 水合完成后才为 true（服务端与水合那一遍都是 false）：只在浏览器里才有的内容（量尺寸的图表、时钟）据此渲染，
// 服务端画出的 HTML 与水合时的第一遍相同，不会有水合不一致（React #418）。
import { useSyncExternalStore } from 'react';

const noop = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

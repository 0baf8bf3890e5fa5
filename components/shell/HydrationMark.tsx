'use client';
// 页面水合完成后在 <html> 上标 data-hydrated：input-guard 据此重放水合前排队的点击与回车（docs/HYDRATION.md），端到端测试等它再操作。
import { useEffect } from 'react';

let hydrated = false;

/**
 * 页面第一次水合是否已完成。之后挂上的组件（菜单里点开的界面）不在水合中，初始状态可以与服务端画的不同
 * （ScreenHost 的骨架占位、列表先用上次量到的宽度）；水合中的组件必须与服务端一致。
 */
export function pageHydrated(): boolean {
  return hydrated;
}

export default function HydrationMark() {
  useEffect(() => {
    hydrated = true;
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

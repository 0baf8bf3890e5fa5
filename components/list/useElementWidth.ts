'use client';
// 元素的内容宽度（随窗口与侧栏收起变化）：列表界面据此把表格各列收进容器，见 ./widths.ts 的 fitWidths。
import { useEffect, useState, type RefObject } from 'react';
import { pageHydrated } from '@/components/shell/HydrationMark';

/** 上一次量到的宽度：菜单里点开的列表多半与上一个一样宽，先按它排列，量到的一样就不再重画整张表 */
let lastWidth: number | null = null;

/** 挂载前与不支持 ResizeObserver 时为 null（按估算宽度显示，不收窄）；水合之后挂上的先用上一次量到的宽度 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number | null {
  // 水合中初值必须与服务端一致（服务端不知道宽度）
  const [width, setWidth] = useState<number | null>(() => (pageHydrated() ? lastWidth : null));
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      lastWidth = Math.floor(entry.contentRect.width);
      setWidth(lastWidth);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

'use client';
// 元素的内容宽度（随窗口与侧栏收起变化）：列表界面据此把表格各列收进容器，见 ./widths.ts 的 fitWidths。
import { useEffect, useState } from 'react';

/** 元素挂载前与不支持 ResizeObserver 时为 null（按估算宽度显示，不收窄） */
export function useElementWidth(element: HTMLElement | null): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

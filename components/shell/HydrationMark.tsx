'use client';
// 页面水合完成后在 <html> 上标 data-hydrated：端到端测试等它再操作（水合前的点击、右键不会触发 React 的处理）。
import { useEffect } from 'react';

export default function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

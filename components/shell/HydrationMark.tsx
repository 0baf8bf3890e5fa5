'use client';
// 页面水合完成后在 <html> 上标 data-hydrated：input-guard 据此重放水合前排队的点击与回车（docs/HYDRATION.md），端到端测试等它再操作。
import { useEffect } from 'react';

export default function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

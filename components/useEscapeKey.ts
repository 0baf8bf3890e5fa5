'use client';
// 抽屉打开时按 Esc 关闭：antd 的 Drawer 只在焦点落在抽屉里时响应 Esc，而打开它的按钮（设置齿轮）仍握着焦点，按 Esc 没反应。
import { useEffect } from 'react';

/** 开着时 Esc 归它们：弹窗、下拉、气泡确认 */
const OVERLAYS = '.ant-modal-wrap:not([style*="display: none"]), .ant-select-dropdown:not(.ant-select-dropdown-hidden), .ant-popover:not(.ant-popover-hidden)';

export function useEscapeKey(active: boolean, onEscape: () => void): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      // 抽屉里又开了弹窗或下拉时，Esc 先由它们处理
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector(OVERLAYS)) return;
      onEscape();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active, onEscape]);
}

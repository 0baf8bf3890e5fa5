'use client';
// 场次的“分派人员”：行内操作与分派对话框（StaffDialog）的状态，考点管理与考务安排两个界面共用。
import { useState, type ReactNode } from 'react';
import type { RowAction } from '@/components/list/types';
import type { SessionItem } from '@/lib/domains/examSite/schemas';
import StaffDialog from './StaffDialog';

export interface StaffDialogOptions {
  /** 行内操作的权限（考点管理 examSite.edit，考务安排 examAffairs.edit） */
  permission: string;
  /** 哪些场次显示“分派人员” */
  visible: (session: SessionItem) => boolean;
  /** 保存后（对话框已关闭）：刷新列表等 */
  onSaved: () => void;
}

/** 返回放进 rowActions 的“分派人员”与要渲染的对话框（未打开时为 null） */
export function useStaffDialog({ permission, visible, onSaved }: StaffDialogOptions): { action: RowAction<SessionItem>; dialog: ReactNode } {
  const [staffFor, setStaffFor] = useState<SessionItem | null>(null);
  const action: RowAction<SessionItem> = { key: 'staff', label: '分派人员', permission, visible, onClick: (r) => setStaffFor(r) };
  const dialog = staffFor && (
    <StaffDialog
      session={staffFor}
      onClose={() => setStaffFor(null)}
      onSaved={() => {
        setStaffFor(null);
        onSaved();
      }}
    />
  );
  return { action, dialog };
}

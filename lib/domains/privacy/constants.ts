// 看全个人信息（取消脱敏）的命名常量（前后端共用，不含 zod：界面代码从这里取，不带上 zod 与模式）。

/** 访问的方式：查看（界面上显示）或导出（文件） */
export const ACCESS_ACTION = { VIEW: 'view', EXPORT: 'export' } as const;
export type AccessAction = (typeof ACCESS_ACTION)[keyof typeof ACCESS_ACTION];
export const ACCESS_ACTION_LABEL: Record<AccessAction, string> = { view: '查看', export: '导出' };

/** 看全个人信息的理由（选一个；“其他”须写说明） */
export const UNMASK_REASONS = {
  payment: '银行拨付',
  verify: '核对身份',
  dispute: '处理投诉或异议',
  audit: '审计检查',
  other: '其他',
} as const;
export type UnmaskReason = keyof typeof UNMASK_REASONS;
export const UNMASK_REASON_CODES = Object.keys(UNMASK_REASONS) as [UnmaskReason, ...UnmaskReason[]];
export const OTHER_REASON: UnmaskReason = 'other';

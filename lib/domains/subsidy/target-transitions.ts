// 年度目标任务的状态机声明（lib/platform/workflow 的格式，纯数据）：下达方（市的目标由省级，县区的分解由本市市级）保存草稿、
// 下达；下达之后下级才看得到、才能据以分解，可以撤回（已有县区分解的市目标不能撤回）。下达后仍可调整数字（之和的约束照样检查），
// 删除只删草稿。
import type { OperationDef, TransitionDef } from '@/lib/platform/workflow';

export const TARGET_STATUS = { DRAFT: 0, ISSUED: 1 } as const;
const T = TARGET_STATUS;
export const TARGET_STATUS_LABEL: Record<number, string> = { [T.DRAFT]: '草稿', [T.ISSUED]: '已下达' };
export const TARGET_STATUS_COLOR: Record<number, string> = { [T.DRAFT]: 'default', [T.ISSUED]: 'success' };

export type TargetAction = 'issue' | 'recall';
export type TargetActor = 'owner';
export type TargetGate = 'parentIssued' | 'noBreakdown';
export type TargetOperation = 'edit' | 'delete';

export interface TargetLike {
  status: number;
  cityId: number;
  countyId: number | null;
}

/** 年度目标任务与年度任务下达两个菜单挂同一份界面，任一资源的权限都可 */
const EDIT = ['annualTarget.edit', 'yearTaskIssue.edit'];

export const TARGET_TRANSITIONS: readonly TransitionDef<TargetLike, TargetAction, TargetActor, TargetGate>[] = [
  { action: 'issue', verb: '下达', from: [T.DRAFT], to: T.ISSUED, actor: 'owner', permission: EDIT, opinion: 'none', gates: ['parentIssued'] },
  { action: 'recall', verb: '撤回下达', from: [T.ISSUED], to: T.DRAFT, actor: 'owner', permission: EDIT, opinion: 'optional', gates: ['noBreakdown'], optional: true },
];

export const TARGET_OPERATIONS: Readonly<Record<TargetOperation, OperationDef<TargetLike, TargetActor>>> = {
  edit: { label: '修改', from: [T.DRAFT, T.ISSUED], actor: 'owner', permission: EDIT },
  delete: { label: '删除', from: [T.DRAFT], actor: 'owner', permission: ['annualTarget.delete', 'yearTaskIssue.delete'] },
};

export const TARGET_ACTIONS = TARGET_TRANSITIONS.map((t) => t.action) as [TargetAction, ...TargetAction[]];

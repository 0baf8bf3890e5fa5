// 培训台账（StandingBook）的状态机声明（lib/platform/workflow 的格式，纯数据）：开班机构登记、提交 → 班级所在市的市级审批通过或退回修改。
// 引擎（standing.ts 的 defineWorkflow）按它办理与拒绝；列表行上的按钮也由它算出。图与说明见 docs/SUBSIDIES.md。
import type { OperationDef, TransitionDef } from '@/lib/platform/workflow';
import type { Actor } from './transitions';

export const BOOK_STATUS = { DRAFT: 0, PENDING: 1, RETURNED: 2, APPROVED: 3 } as const;
const B = BOOK_STATUS;

export const BOOK_STATUS_LABEL: Record<number, string> = {
  [B.DRAFT]: '草稿',
  [B.PENDING]: '待审批',
  [B.RETURNED]: '退回修改',
  [B.APPROVED]: '已审批',
};

export const BOOK_STATUS_COLOR: Record<number, string> = { [B.DRAFT]: 'default', [B.PENDING]: 'processing', [B.RETURNED]: 'warning', [B.APPROVED]: 'success' };

export type BookTransitionAction = 'submit' | 'withdraw' | 'approve' | 'return';
export type BookActor = Extract<Actor, 'org' | 'city'>;
export type BookGate = 'hasStudents';

export interface BookLike {
  status: number;
  orgId: number;
  cityId: number | null;
}

/** 机构可以刷新数据、改备注的状态 */
export const BOOK_EDITABLE: readonly number[] = [B.DRAFT, B.RETURNED];

export const BOOK_TRANSITIONS: readonly TransitionDef<BookLike, BookTransitionAction, BookActor, BookGate>[] = [
  { action: 'submit', verb: '提交审批', from: BOOK_EDITABLE, to: B.PENDING, actor: 'org', permission: 'ledger.edit', opinion: 'none', gates: ['hasStudents'] },
  { action: 'withdraw', verb: '撤回', from: [B.PENDING], to: B.DRAFT, actor: 'org', permission: 'ledger.edit', opinion: 'none', optional: true },
  { action: 'approve', verb: '审批通过', from: [B.PENDING], to: B.APPROVED, actor: 'city', permission: 'ledgerAudit.edit', opinion: 'optional' },
  { action: 'return', verb: '退回修改', from: [B.PENDING], to: B.RETURNED, actor: 'city', permission: 'ledgerAudit.edit', opinion: 'required', opinionMessage: '请输入审批意见' },
];

export const BOOK_TRANSITION_ACTIONS = BOOK_TRANSITIONS.map((t) => t.action) as [BookTransitionAction, ...BookTransitionAction[]];

/** 状态之外：机构在草稿、退回修改时刷新数据与备注（edit），删除草稿（delete） */
export type BookOperation = 'edit' | 'delete';
export type BookAction = BookTransitionAction | BookOperation;

export const BOOK_OPERATIONS: Readonly<Record<BookOperation, OperationDef<BookLike, BookActor>>> = {
  edit: { label: '修改', from: BOOK_EDITABLE, actor: 'org', permission: 'ledger.edit' },
  delete: { label: '删除', from: [B.DRAFT], actor: 'org', permission: 'ledger.delete' },
};

export const bookStatusLabel = (s: number): string => BOOK_STATUS_LABEL[s] ?? String(s);

// 培训台账（StandingBook）的状态机：唯一的一张转换表。开班机构登记、提交 → 班级所在市的市级审批通过或退回修改。
// 服务（standing.ts）每次状态变更查此表；列表行上的按钮也由它算出（bookActions）。图与说明见 docs/SUBSIDIES.md。
import { actorFor, type Actor, type ActorUser } from './transitions';

export const BOOK_STATUS = { DRAFT: 0, PENDING: 1, RETURNED: 2, APPROVED: 3 } as const;

export const BOOK_STATUS_LABEL: Record<number, string> = {
  [BOOK_STATUS.DRAFT]: '草稿',
  [BOOK_STATUS.PENDING]: '待审批',
  [BOOK_STATUS.RETURNED]: '退回修改',
  [BOOK_STATUS.APPROVED]: '已审批',
};

export const BOOK_STATUS_COLOR: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'warning', 3: 'success' };

export type BookTransitionAction = 'submit' | 'withdraw' | 'approve' | 'return';

export interface BookTransition {
  action: BookTransitionAction;
  verb: string;
  from: readonly number[];
  to: number;
  actor: Actor;
  permission: string;
  opinion: 'required' | 'optional' | 'none';
}

const B = BOOK_STATUS;

/** 机构可以刷新数据、改备注的状态 */
export const BOOK_EDITABLE: readonly number[] = [B.DRAFT, B.RETURNED];

export const BOOK_TRANSITIONS: readonly BookTransition[] = [
  { action: 'submit', verb: '提交审批', from: BOOK_EDITABLE, to: B.PENDING, actor: 'org', permission: 'ledger.edit', opinion: 'none' },
  { action: 'withdraw', verb: '撤回', from: [B.PENDING], to: B.DRAFT, actor: 'org', permission: 'ledger.edit', opinion: 'none' },
  { action: 'approve', verb: '审批通过', from: [B.PENDING], to: B.APPROVED, actor: 'city', permission: 'ledgerAudit.edit', opinion: 'optional' },
  { action: 'return', verb: '退回修改', from: [B.PENDING], to: B.RETURNED, actor: 'city', permission: 'ledgerAudit.edit', opinion: 'required' },
];

export const BOOK_TRANSITION_ACTIONS = BOOK_TRANSITIONS.map((t) => t.action) as [BookTransitionAction, ...BookTransitionAction[]];

export function bookTransitionOf(action: string): BookTransition | undefined {
  return BOOK_TRANSITIONS.find((x) => x.action === action);
}

/** 状态之外：机构在草稿、退回修改时刷新数据与备注（edit），删除草稿（delete） */
export type BookAction = BookTransitionAction | 'edit' | 'delete';

/** 当前用户此刻对一本台账能做的事：服务端按它拒绝，界面按它给按钮 */
export function bookActions(b: { status: number; orgId: number; cityId: number | null }, user: ActorUser, allowed: (permission: string) => boolean): BookAction[] {
  const actor = actorFor(user, b);
  if (!actor) return [];
  const out: BookAction[] = [];
  if (actor === 'org' && BOOK_EDITABLE.includes(b.status) && allowed('ledger.edit')) out.push('edit');
  if (actor === 'org' && b.status === B.DRAFT && allowed('ledger.delete')) out.push('delete');
  for (const t of BOOK_TRANSITIONS) if (t.actor === actor && t.from.includes(b.status) && allowed(t.permission)) out.push(t.action);
  return out;
}

export const bookStatusLabel = (s: number): string => BOOK_STATUS_LABEL[s] ?? String(s);

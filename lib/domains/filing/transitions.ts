// 备案状态机（SPEC §3 状态码 −1…8）的声明：状态、转换、操作（lib/platform/workflow 的格式），引擎（workflow.ts）按它办理与拒绝。
// 增量备案（已完成备案追加工种）用同样的审核步骤（REVIEW_TRANSITIONS），有自己的状态。
import type { OperationDef, TransitionDef } from '@/lib/platform/workflow';
import { KIND_KEYS } from '../access/kind-keys';

export const FILING_STATUS = {
  NOT_FILED: -1,
  FIRST_REVIEW: 0,
  FIRST_REJECTED: 1,
  SECOND_REVIEW: 2,
  SECOND_REJECTED: 3,
  VOID_PENDING: 4,
  VOID_APPROVED: 5,
  VOIDED: 6,
  VOID_REJECTED: 7,
  COMPLETED: 8,
} as const;

/** 备案有效的状态（审核完成；作废在审或作废被驳回时仍有效）：其场所、人员、工种可用 */
export const FILING_IN_FORCE: readonly number[] = [FILING_STATUS.COMPLETED, FILING_STATUS.VOID_PENDING, FILING_STATUS.VOID_REJECTED];

/** 作废后的备案不占“同一机构同一类别只有一份”的名额 */
export const FILING_CLOSED: readonly number[] = [FILING_STATUS.VOIDED];

export type FilingStatus = (typeof FILING_STATUS)[keyof typeof FILING_STATUS];

/** 与字典 FILING_STATUS 相同的标签（0 在审核环节称“待初审”，与提示语一致） */
export const STATUS_LABEL: Record<number, string> = {
  [FILING_STATUS.NOT_FILED]: '未备案',
  [FILING_STATUS.FIRST_REVIEW]: '待初审',
  [FILING_STATUS.FIRST_REJECTED]: '初审驳回',
  [FILING_STATUS.SECOND_REVIEW]: '待复审',
  [FILING_STATUS.SECOND_REJECTED]: '复审驳回',
  [FILING_STATUS.VOID_PENDING]: '作废待审核',
  [FILING_STATUS.VOID_APPROVED]: '作废成功',
  [FILING_STATUS.VOIDED]: '已作废',
  [FILING_STATUS.VOID_REJECTED]: '作废驳回',
  [FILING_STATUS.COMPLETED]: '审核完成',
};

/** 状态标签颜色（界面用） */
export const STATUS_COLOR: Record<number, string> = {
  [FILING_STATUS.NOT_FILED]: 'default',
  [FILING_STATUS.FIRST_REVIEW]: 'processing',
  [FILING_STATUS.FIRST_REJECTED]: 'error',
  [FILING_STATUS.SECOND_REVIEW]: 'processing',
  [FILING_STATUS.SECOND_REJECTED]: 'error',
  [FILING_STATUS.VOID_PENDING]: 'warning',
  [FILING_STATUS.VOID_APPROVED]: 'warning',
  [FILING_STATUS.VOIDED]: 'default',
  [FILING_STATUS.VOID_REJECTED]: 'volcano',
  [FILING_STATUS.COMPLETED]: 'success',
};

/** 备案类别，下标即 SPEC §3 的计划类型 */
export const FILING_KINDS = ['技能等级认定', '职业资格', '专项能力', '机关工勤'] as const;
export type FilingKind = 0 | 1 | 2 | 3;

/** 类别 → 资源 key（filingSkill…），机构的录入与提交按此检查权限 */
export const kindResource = (kind: number): string => KIND_KEYS.filing[kind];

/** 谁办理：机构本身、机构所在市的市级管理员、省级管理员 */
export type Actor = 'org' | 'city' | 'province';
export const ACTOR_LABEL: Record<Actor, string> = { org: '备案机构', city: '市级管理员', province: '省级管理员' };

export type Subject = 'filing' | 'increment';

export type TransitionAction =
  | 'submit'
  | 'cityPass'
  | 'cityReject'
  | 'provincePass'
  | 'provinceReject'
  | 'voidApply'
  | 'voidPass'
  | 'voidReject'
  | 'voidConfirm';

/** 办理前的条件（实现在 workflow.ts） */
export type GateKey = 'hasWorks';

/** 转换之外、同样按状态决定的操作：修改资料、删除、追加增量工种 */
export type FilingOperation = 'edit' | 'delete' | 'incrementAdd';
/** 列表一行上当前用户可做的事：转换（提交、审核、作废…）与上面的操作 */
export type FilingAction = TransitionAction | FilingOperation;

/** 备案与增量共有的：类别决定权限，机构与市决定办理方 */
export interface FilingLike {
  kind: number;
  status: number;
  orgId: number;
  cityId: number | null;
}

/** 备案本身：另带进行中（未审核完成）的增量的状态，没有则为空 */
export interface FilingSubject extends FilingLike {
  incrementStatus: number | null;
}

type Step<S extends FilingLike = FilingLike> = TransitionDef<S, TransitionAction, Actor, GateKey>;

/**
 * 作废：机构申请（8/7 → 4），市级管理员初审（4 → 5 同意、4 → 7 驳回），省级管理员确认（5 → 6 已作废）。
 * SPEC §3 只给出状态名；“作废成功”是市级同意后的中间状态，省级确认后才“已作废”，工种随之从机构的已备案工种中移除。
 */
const { NOT_FILED, FIRST_REVIEW, FIRST_REJECTED, SECOND_REVIEW, SECOND_REJECTED, VOID_PENDING, VOID_APPROVED, VOIDED, VOID_REJECTED, COMPLETED } = FILING_STATUS;

/** 可编辑（改资料、增删工种、场地与人员）与可提交的状态：未备案与被驳回 */
export const EDITABLE_STATUSES: readonly number[] = [NOT_FILED, FIRST_REJECTED, SECOND_REJECTED];

/** 机构的提交、作废用备案类别资源的 edit；审核用 filingAudit.edit */
const byKind = (s: FilingLike) => `${kindResource(s.kind)}.edit`;
const KIND_EDIT = { permission: byKind, permissionLabel: '该类备案的 edit（filingSkill…）', permissionOptions: KIND_KEYS.filing.map((k) => `${k}.edit`) } as const;
const AUDIT = { permission: 'filingAudit.edit' } as const;

/** 备案与增量共用的审核步骤 */
export const REVIEW_TRANSITIONS: readonly Step[] = [
  { action: 'submit', verb: '提交', from: EDITABLE_STATUSES, to: FIRST_REVIEW, actor: 'org', ...KIND_EDIT, opinion: 'none', gates: ['hasWorks'] },
  { action: 'cityPass', verb: '初审通过', from: [FIRST_REVIEW], to: SECOND_REVIEW, actor: 'city', ...AUDIT, opinion: 'optional' },
  { action: 'cityReject', verb: '初审驳回', from: [FIRST_REVIEW], to: FIRST_REJECTED, actor: 'city', ...AUDIT, opinion: 'required' },
  { action: 'provincePass', verb: '复审通过', from: [SECOND_REVIEW], to: COMPLETED, actor: 'province', ...AUDIT, opinion: 'optional' },
  { action: 'provinceReject', verb: '复审驳回', from: [SECOND_REVIEW], to: SECOND_REJECTED, actor: 'province', ...AUDIT, opinion: 'required' },
];

/** 备案本身：审核步骤加作废（备案有进行中的增量时不受理作废申请：作废会带走增量正在审核的工种） */
export const FILING_TRANSITIONS: readonly Step<FilingSubject>[] = [
  ...REVIEW_TRANSITIONS,
  {
    action: 'voidApply',
    verb: '申请作废',
    from: [COMPLETED, VOID_REJECTED],
    to: VOID_PENDING,
    actor: 'org',
    ...KIND_EDIT,
    opinion: 'required',
    opinionMessage: '请输入作废原因',
    when: (s) => s.incrementStatus === null,
    whenMessage: () => '该备案有进行中的增量备案，不能申请作废',
    whenLabel: '没有进行中的增量备案',
    optional: true,
  },
  { action: 'voidPass', verb: '同意作废', from: [VOID_PENDING], to: VOID_APPROVED, actor: 'city', ...AUDIT, opinion: 'optional' },
  { action: 'voidReject', verb: '驳回作废', from: [VOID_PENDING], to: VOID_REJECTED, actor: 'city', ...AUDIT, opinion: 'required' },
  { action: 'voidConfirm', verb: '确认作废', from: [VOID_APPROVED], to: VOIDED, actor: 'province', ...AUDIT, opinion: 'optional' },
];

/** 修改、删除与追加增量（增量只由机构本身办理，增量在草稿或被驳回时可继续加工种） */
export const FILING_OPERATIONS: Readonly<Record<FilingOperation, OperationDef<FilingSubject, Actor>>> = {
  // 管理员也可代机构录入与删除（saveFilInfoByOther），按类别资源的权限
  edit: { label: '修改', from: EDITABLE_STATUSES, actor: ['org', 'city', 'province'], permission: byKind },
  delete: { label: '删除', from: [NOT_FILED], actor: ['org', 'city', 'province'], permission: (s) => `${kindResource(s.kind)}.delete` },
  incrementAdd: {
    label: '增量备案',
    from: [COMPLETED],
    actor: 'org',
    permission: byKind,
    when: (s) => s.incrementStatus === null || EDITABLE_STATUSES.includes(s.incrementStatus),
  },
};

export const TRANSITION_ACTIONS = FILING_TRANSITIONS.map((t) => t.action) as [TransitionAction, ...TransitionAction[]];
/** 审核员（市级、省级）办理的步骤：审核接口可直接指定的 action */
export const REVIEW_ACTIONS = FILING_TRANSITIONS.filter((t) => t.actor !== 'org').map((t) => t.action) as [TransitionAction, ...TransitionAction[]];

const transitionsOf = (subject: Subject): readonly Step<FilingSubject>[] => (subject === 'filing' ? FILING_TRANSITIONS : REVIEW_TRANSITIONS);

/** 一步转换（备案的去向都是一个状态） */
export function stepOf(action: TransitionAction): Step<FilingSubject> & { from: readonly number[]; to: number } {
  const t = FILING_TRANSITIONS.find((x) => x.action === action);
  if (!t || typeof t.to !== 'number') throw new Error(`未知的备案操作：${action}`); // i18n-ignore
  return t as Step<FilingSubject> & { from: readonly number[]; to: number };
}

export function verbOf(action: string): string | null {
  return FILING_TRANSITIONS.find((t) => t.action === action)?.verb ?? null;
}

/** 某状态下审核员（市级、省级）可办的步骤 */
export function reviewStepsFrom(status: number, subject: Subject): readonly Step<FilingSubject>[] {
  return transitionsOf(subject).filter((t) => t.actor !== 'org' && (t.from as readonly number[]).includes(status));
}

/** 某办理方在哪些状态上有事可办（由转换表推出）：审核列表“待我审核”的筛选 */
export function pendingStatuses(actor: Actor, subject: Subject): number[] {
  return [...new Set(transitionsOf(subject).filter((t) => t.actor === actor).flatMap((t) => t.from as readonly number[]))];
}

export const statusLabel = (status: number): string => STATUS_LABEL[status] ?? String(status);

// 备案状态机（SPEC §3 状态码 −1…8）：唯一的一张转换表。服务里的每次状态变更都经 service.applyTransition 查此表，
// 表外的组合一律拒绝。增量备案（已完成备案追加工种）用同一张表里标明 subjects 含 'increment' 的审核步骤。
import { KIND_KEYS } from '../access/menu-tree';

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

export interface Transition {
  action: TransitionAction;
  /** 动词，用于“不能提交”之类的提示与历史记录 */
  verb: string;
  from: readonly number[];
  to: number;
  actor: Actor;
  /** 'kind' 为备案所属类别资源（filingSkill…）的 edit；'audit' 为 filingAudit.edit */
  permission: 'kind' | 'audit';
  /** required：必须填写意见（驳回、作废原因）；optional：可填 */
  opinion: 'required' | 'optional' | 'none';
  subjects: readonly Subject[];
  /** 备案有进行中的增量时不受理（作废会带走增量正在审核的工种） */
  blockedByOpenIncrement?: true;
}

/**
 * 作废：机构申请（8/7 → 4），市级管理员初审（4 → 5 同意、4 → 7 驳回），省级管理员确认（5 → 6 已作废）。
 * SPEC §3 只给出状态名；“作废成功”是市级同意后的中间状态，省级确认后才“已作废”，工种随之从机构的已备案工种中移除。
 */
const { NOT_FILED, FIRST_REVIEW, FIRST_REJECTED, SECOND_REVIEW, SECOND_REJECTED, VOID_PENDING, VOID_APPROVED, VOIDED, VOID_REJECTED, COMPLETED } = FILING_STATUS;

/** 可编辑（改资料、增删工种、场地与人员）与可提交的状态：未备案与被驳回 */
export const EDITABLE_STATUSES: readonly number[] = [NOT_FILED, FIRST_REJECTED, SECOND_REJECTED];

export const TRANSITIONS: readonly Transition[] = [
  { action: 'submit', verb: '提交', from: EDITABLE_STATUSES, to: FIRST_REVIEW, actor: 'org', permission: 'kind', opinion: 'none', subjects: ['filing', 'increment'] },
  { action: 'cityPass', verb: '初审通过', from: [FIRST_REVIEW], to: SECOND_REVIEW, actor: 'city', permission: 'audit', opinion: 'optional', subjects: ['filing', 'increment'] },
  { action: 'cityReject', verb: '初审驳回', from: [FIRST_REVIEW], to: FIRST_REJECTED, actor: 'city', permission: 'audit', opinion: 'required', subjects: ['filing', 'increment'] },
  { action: 'provincePass', verb: '复审通过', from: [SECOND_REVIEW], to: COMPLETED, actor: 'province', permission: 'audit', opinion: 'optional', subjects: ['filing', 'increment'] },
  { action: 'provinceReject', verb: '复审驳回', from: [SECOND_REVIEW], to: SECOND_REJECTED, actor: 'province', permission: 'audit', opinion: 'required', subjects: ['filing', 'increment'] },
  { action: 'voidApply', verb: '申请作废', from: [COMPLETED, VOID_REJECTED], to: VOID_PENDING, actor: 'org', permission: 'kind', opinion: 'required', subjects: ['filing'], blockedByOpenIncrement: true },
  { action: 'voidPass', verb: '同意作废', from: [VOID_PENDING], to: VOID_APPROVED, actor: 'city', permission: 'audit', opinion: 'optional', subjects: ['filing'] },
  { action: 'voidReject', verb: '驳回作废', from: [VOID_PENDING], to: VOID_REJECTED, actor: 'city', permission: 'audit', opinion: 'required', subjects: ['filing'] },
  { action: 'voidConfirm', verb: '确认作废', from: [VOID_APPROVED], to: VOIDED, actor: 'province', permission: 'audit', opinion: 'optional', subjects: ['filing'] },
];

export const TRANSITION_ACTIONS = TRANSITIONS.map((t) => t.action) as [TransitionAction, ...TransitionAction[]];
/** 审核员（市级、省级）办理的步骤：审核接口可直接指定的 action */
export const REVIEW_ACTIONS = TRANSITIONS.filter((t) => t.actor !== 'org').map((t) => t.action) as [TransitionAction, ...TransitionAction[]];

export function transitionOf(action: TransitionAction): Transition {
  const t = TRANSITIONS.find((x) => x.action === action);
  if (!t) throw new Error(`未知的备案操作：${action}`);
  return t;
}

/** 某状态下、某办理方可做的操作（界面据此显示按钮） */
export function actionsFrom(status: number, subject: Subject, actor?: Actor): TransitionAction[] {
  return TRANSITIONS.filter((t) => t.from.includes(status) && t.subjects.includes(subject) && (!actor || t.actor === actor)).map((t) => t.action);
}

/** 某办理方在哪些状态上有事可办（由转换表推出）：审核列表“待我审核”的筛选 */
export function pendingStatuses(actor: Actor, subject: Subject): number[] {
  return [...new Set(TRANSITIONS.filter((t) => t.actor === actor && t.subjects.includes(subject)).flatMap((t) => t.from))];
}

/** 转换之外、同样按状态决定的操作：修改资料、删除、追加增量工种 */
export type FilingOperation = 'edit' | 'delete' | 'incrementAdd';
/** 列表一行上当前用户可做的事：转换（提交、审核、作废…）与上面的操作 */
export type FilingAction = TransitionAction | FilingOperation;

export interface ActionSubject {
  kind: number;
  status: number;
  /** 进行中（未审核完成）的增量备案的状态；没有则为空 */
  incrementStatus: number | null;
}

/**
 * 当前用户此刻对一份备案能做的事，唯一的一处规则：服务端按它拒绝、列表与详情按它给出按钮。
 * allowed(permission) 查会话权限（'filingSkill.edit'、'filingAudit.edit' 等）。
 */
export function availableActions(f: ActionSubject, actor: Actor | null, allowed: (permission: string) => boolean): { actions: FilingAction[]; incrementActions: TransitionAction[] } {
  if (!actor) return { actions: [], incrementActions: [] };
  const incrementOpen = f.incrementStatus !== null;
  const transitions = (status: number, subject: Subject) =>
    actionsFrom(status, subject, actor).filter((a) => allowed(transitionPermission(a, f.kind)) && !(incrementOpen && transitionOf(a).blockedByOpenIncrement));
  const kindAllows = (action: string) => allowed(`${kindResource(f.kind)}.${action}`);
  const operations: FilingOperation[] = [];
  if (EDITABLE_STATUSES.includes(f.status) && kindAllows('edit')) operations.push('edit');
  if (f.status === NOT_FILED && kindAllows('delete')) operations.push('delete');
  if (f.status === COMPLETED && actor === 'org' && kindAllows('edit') && (!incrementOpen || EDITABLE_STATUSES.includes(f.incrementStatus!))) operations.push('incrementAdd');
  return {
    actions: [...operations, ...transitions(f.status, 'filing')],
    incrementActions: incrementOpen ? transitions(f.incrementStatus!, 'increment') : [],
  };
}

/** 一步转换要的权限：机构的提交、作废用备案类别资源的 edit，审核用 filingAudit.edit */
export const transitionPermission = (action: TransitionAction, kind: number): string =>
  transitionOf(action).permission === 'kind' ? `${kindResource(kind)}.edit` : 'filingAudit.edit';

/** 审核员的一步（市级、省级办理的转换） */
export const isReviewAction = (action: FilingAction): boolean => (REVIEW_ACTIONS as readonly string[]).includes(action);

export const statusLabel = (status: number): string => STATUS_LABEL[status] ?? String(status);

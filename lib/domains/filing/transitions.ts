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

export type FilingStatus = (typeof FILING_STATUS)[keyof typeof FILING_STATUS];

/** 与字典 FILING_STATUS 相同的标签（0 在审核环节称“待初审”，与提示语一致） */
export const STATUS_LABEL: Record<number, string> = {
  [-1]: '未备案',
  0: '待初审',
  1: '初审驳回',
  2: '待复审',
  3: '复审驳回',
  4: '作废待审核',
  5: '作废成功',
  6: '已作废',
  7: '作废驳回',
  8: '审核完成',
};

/** 状态标签颜色（界面用） */
export const STATUS_COLOR: Record<number, string> = {
  [-1]: 'default',
  0: 'processing',
  1: 'error',
  2: 'processing',
  3: 'error',
  4: 'warning',
  5: 'warning',
  6: 'default',
  7: 'volcano',
  8: 'success',
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
}

/**
 * 作废：机构申请（8/7 → 4），市级管理员初审（4 → 5 同意、4 → 7 驳回），省级管理员确认（5 → 6 已作废）。
 * SPEC §3 只给出状态名；“作废成功”是市级同意后的中间状态，省级确认后才“已作废”，工种随之从机构的已备案工种中移除。
 */
export const TRANSITIONS: readonly Transition[] = [
  { action: 'submit', verb: '提交', from: [-1, 1, 3], to: 0, actor: 'org', permission: 'kind', opinion: 'none', subjects: ['filing', 'increment'] },
  { action: 'cityPass', verb: '初审通过', from: [0], to: 2, actor: 'city', permission: 'audit', opinion: 'optional', subjects: ['filing', 'increment'] },
  { action: 'cityReject', verb: '初审驳回', from: [0], to: 1, actor: 'city', permission: 'audit', opinion: 'required', subjects: ['filing', 'increment'] },
  { action: 'provincePass', verb: '复审通过', from: [2], to: 8, actor: 'province', permission: 'audit', opinion: 'optional', subjects: ['filing', 'increment'] },
  { action: 'provinceReject', verb: '复审驳回', from: [2], to: 3, actor: 'province', permission: 'audit', opinion: 'required', subjects: ['filing', 'increment'] },
  { action: 'voidApply', verb: '申请作废', from: [8, 7], to: 4, actor: 'org', permission: 'kind', opinion: 'required', subjects: ['filing'] },
  { action: 'voidPass', verb: '同意作废', from: [4], to: 5, actor: 'city', permission: 'audit', opinion: 'optional', subjects: ['filing'] },
  { action: 'voidReject', verb: '驳回作废', from: [4], to: 7, actor: 'city', permission: 'audit', opinion: 'required', subjects: ['filing'] },
  { action: 'voidConfirm', verb: '确认作废', from: [5], to: 6, actor: 'province', permission: 'audit', opinion: 'optional', subjects: ['filing'] },
];

export const TRANSITION_ACTIONS = TRANSITIONS.map((t) => t.action) as [TransitionAction, ...TransitionAction[]];

export function transitionOf(action: TransitionAction): Transition {
  const t = TRANSITIONS.find((x) => x.action === action);
  if (!t) throw new Error(`未知的备案操作：${action}`);
  return t;
}

/** 某状态下、某办理方可做的操作（界面据此显示按钮） */
export function actionsFrom(status: number, subject: Subject, actor?: Actor): TransitionAction[] {
  return TRANSITIONS.filter((t) => t.from.includes(status) && t.subjects.includes(subject) && (!actor || t.actor === actor)).map((t) => t.action);
}

/** 可编辑（改资料、增删工种、场地与人员）的状态：未备案与被驳回 */
export const EDITABLE_STATUSES: readonly number[] = [-1, 1, 3];

/** “审核中”的状态：审核列表默认列出的待办 */
export const PENDING_BY_ACTOR: Record<Exclude<Actor, 'org'>, readonly number[]> = { city: [0, 4], province: [2, 5] };

export const statusLabel = (status: number): string => STATUS_LABEL[status] ?? String(status);

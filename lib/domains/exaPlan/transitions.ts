// 考试计划状态机：计划的位置是 (step, state)。step 为 SPEC §3 的步骤 0–9，state 为该步内的办理状态。
// 唯一的一张转换表；服务里的每次变更都经 service.applyTransition 查此表，表外的组合一律拒绝。
// 各步的“进入下一步的条件”（gate）在 STEP_GATES 登记名字，由拥有数据的领域实现（gates.ts 汇总）。
import { KIND_KEYS } from '../access/menu-tree';

export const PLAN_STEP = {
  DRAFT: 0,
  IMPLEMENT: 1,
  IMPORT_EXAMINEES: 2,
  ARRANGE_ROOMS: 3,
  EXAM_AFFAIRS: 4,
  SCORES: 5,
  PUBLICITY: 6,
  CERTIFICATES: 7,
  STATE_GRID: 8,
  PRINTING: 9,
} as const;

export const STEP_LABEL: readonly string[] = ['制定计划', '实施计划', '导入考生', '编排考场', '考务安排', '成绩管理', '成绩公示', '证书管理', '国网数据上报', '证书打印'];
export const LAST_STEP = PLAN_STEP.PRINTING;

/** 某一步内的办理状态 */
export const PLAN_STATE = {
  /** 机构办理中（可编辑本步的数据） */
  WORKING: 0,
  CITY_REVIEW: 1,
  PROVINCE_REVIEW: 2,
  /** 本步的审核被驳回（机构修改后可再提交） */
  REJECTED: 3,
  CANCELLED: 9,
} as const;

export const STATE_LABEL: Record<number, string> = {
  [PLAN_STATE.WORKING]: '办理中',
  [PLAN_STATE.CITY_REVIEW]: '待市级审核',
  [PLAN_STATE.PROVINCE_REVIEW]: '待省级审核',
  [PLAN_STATE.REJECTED]: '审核驳回',
  [PLAN_STATE.CANCELLED]: '已取消',
};

export const STATE_COLOR: Record<number, string> = {
  [PLAN_STATE.WORKING]: 'processing',
  [PLAN_STATE.CITY_REVIEW]: 'warning',
  [PLAN_STATE.PROVINCE_REVIEW]: 'warning',
  [PLAN_STATE.REJECTED]: 'error',
  [PLAN_STATE.CANCELLED]: 'default',
};

/** SPEC §3 计划类型 */
export const PLAN_KINDS = ['技能等级认定', '职业资格', '专项能力', '机关工勤'] as const;
export const kindResource = (kind: number): string => KIND_KEYS.exaPlan[kind];
export const KIND_PATHS = ['/evaluation/plan/skill', '/evaluation/plan/qualification', '/evaluation/plan/special', '/evaluation/plan/organ'] as const;

/** 考试安排类型（SPEC §3） */
export const ARRANGE_TYPE = { NONE: 0, KNOWLEDGE: 1, ON_SITE: 2, DEFENCE: 3 } as const;
export const ARRANGE_TYPE_LABEL: Record<number, string> = { 0: '不安排', 1: '理论知识考试', 2: '操作技能考核', 3: '综合评审（答辩）' };

/** 计划的审核在流程规则（系统管理 › 流程规则）里的类型 */
export const PROCESS_TYPE = 'EXAM_PLAN_AUDIT';

export type Actor = 'org' | 'city' | 'province';
export const ACTOR_LABEL: Record<Actor, string> = { org: '评价机构', city: '市级管理员', province: '省级管理员' };

export type TransitionAction =
  | 'submit'
  | 'applyAudit'
  | 'advance'
  | 'cityPass'
  | 'cityReject'
  | 'provincePass'
  | 'provinceReject'
  | 'cancelAudit'
  | 'rollback'
  | 'cancel';

/** 条件的名字：由拥有数据的领域实现（gates.ts） */
export type GateKey =
  | 'planReady'
  | 'leadTime'
  | 'examineesReady'
  | 'roomsReady'
  | 'affairsReady'
  | 'scoresReady'
  | 'publicityEnded'
  | 'certificatesReady'
  | 'stateGridAccepted'
  | 'certificatesPrinted';

/** 进入下一步前必须满足的条件（按离开的步骤）；后续议题（考务、成绩、证书）在这里加自己的条件 */
export const STEP_GATES: Partial<Record<number, readonly GateKey[]>> = {
  [PLAN_STEP.DRAFT]: ['planReady', 'leadTime'],
  [PLAN_STEP.IMPORT_EXAMINEES]: ['examineesReady'],
  [PLAN_STEP.ARRANGE_ROOMS]: ['roomsReady'],
  [PLAN_STEP.EXAM_AFFAIRS]: ['affairsReady'],
  [PLAN_STEP.SCORES]: ['scoresReady'],
  [PLAN_STEP.PUBLICITY]: ['publicityEnded'],
  [PLAN_STEP.CERTIFICATES]: ['certificatesReady'],
  [PLAN_STEP.STATE_GRID]: ['stateGridAccepted', 'certificatesPrinted'],
};

/**
 * 转换的去向：
 * - stay：同一步，state 变为 toState
 * - next：进入下一步（step + 1），state 为办理中；审核通过时若流程规则还要求省级审核，则先到待省级审核（见 service）
 * - back：退回上一步（step − 1），办理中
 */
export type Move = { kind: 'stay'; toState: number } | { kind: 'next' } | { kind: 'back' };

export interface Transition {
  action: TransitionAction;
  verb: string;
  /** 可办理的步骤 */
  steps: readonly number[];
  /** 可办理的步内状态 */
  from: readonly number[];
  move: Move;
  actor: Actor;
  /** kind：计划所属类别资源（exaPlanSkill…）的 edit；audit：exaPlanAudit.edit */
  permission: 'kind' | 'audit';
  opinion: 'required' | 'optional' | 'none';
  /**
   * 受步骤审核配置约束：'audited' 只在该步须审核时可用（申请审核），'unaudited' 只在不须审核时可用（直接进入下一步）
   */
  stepAudit?: 'audited' | 'unaudited';
  /** 办理前检查所离开步骤的条件（STEP_GATES） */
  checksGates?: true;
}

const { WORKING, CITY_REVIEW, PROVINCE_REVIEW, REJECTED } = PLAN_STATE;
const S = PLAN_STEP;
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

/** 步骤 1–8 的办理（第 9 步证书打印是最后一步）：机构推进或申请审核 */
const WORK_STEPS = range(S.IMPLEMENT, S.STATE_GRID);
/** 可退回上一步的步骤：成绩产生（第 5 步）之后不再退回，由后续议题按需放开 */
export const ROLLBACK_STEPS: readonly number[] = range(S.IMPLEMENT, S.EXAM_AFFAIRS);
/** 可取消计划的步骤：考试开始（考务安排完成）之前 */
export const CANCEL_STEPS: readonly number[] = range(S.DRAFT, S.EXAM_AFFAIRS);

export const TRANSITIONS: readonly Transition[] = [
  { action: 'submit', verb: '提交审核', steps: [S.DRAFT], from: [WORKING, REJECTED], move: { kind: 'stay', toState: CITY_REVIEW }, actor: 'org', permission: 'kind', opinion: 'none', checksGates: true },
  { action: 'applyAudit', verb: '申请审核', steps: WORK_STEPS, from: [WORKING, REJECTED], move: { kind: 'stay', toState: CITY_REVIEW }, actor: 'org', permission: 'kind', opinion: 'optional', stepAudit: 'audited', checksGates: true },
  { action: 'advance', verb: '进入下一步', steps: WORK_STEPS, from: [WORKING], move: { kind: 'next' }, actor: 'org', permission: 'kind', opinion: 'none', stepAudit: 'unaudited', checksGates: true },
  { action: 'cityPass', verb: '市级审核通过', steps: range(S.DRAFT, S.STATE_GRID), from: [CITY_REVIEW], move: { kind: 'next' }, actor: 'city', permission: 'audit', opinion: 'optional', checksGates: true },
  { action: 'cityReject', verb: '市级审核驳回', steps: range(S.DRAFT, S.STATE_GRID), from: [CITY_REVIEW], move: { kind: 'stay', toState: REJECTED }, actor: 'city', permission: 'audit', opinion: 'required' },
  { action: 'provincePass', verb: '省级审核通过', steps: range(S.DRAFT, S.STATE_GRID), from: [PROVINCE_REVIEW], move: { kind: 'next' }, actor: 'province', permission: 'audit', opinion: 'optional', checksGates: true },
  { action: 'provinceReject', verb: '省级审核驳回', steps: range(S.DRAFT, S.STATE_GRID), from: [PROVINCE_REVIEW], move: { kind: 'stay', toState: REJECTED }, actor: 'province', permission: 'audit', opinion: 'required' },
  { action: 'cancelAudit', verb: '撤回审核申请', steps: range(S.DRAFT, S.STATE_GRID), from: [CITY_REVIEW], move: { kind: 'stay', toState: WORKING }, actor: 'org', permission: 'kind', opinion: 'none' },
  { action: 'rollback', verb: '退回上一步', steps: ROLLBACK_STEPS, from: [WORKING, REJECTED], move: { kind: 'back' }, actor: 'city', permission: 'audit', opinion: 'required' },
  { action: 'cancel', verb: '取消计划', steps: CANCEL_STEPS, from: [WORKING, REJECTED, CITY_REVIEW, PROVINCE_REVIEW], move: { kind: 'stay', toState: PLAN_STATE.CANCELLED }, actor: 'org', permission: 'kind', opinion: 'required' },
];

export const TRANSITION_ACTIONS = TRANSITIONS.map((t) => t.action) as [TransitionAction, ...TransitionAction[]];

export function transitionOf(action: TransitionAction): Transition {
  const t = TRANSITIONS.find((x) => x.action === action);
  if (!t) throw new Error(`未知的计划操作：${action}`);
  return t;
}

/** 计划在第 0 步（制定计划）且办理中或被驳回时，可以修改与删除（从未审核通过过） */
export const EDITABLE_STATES: readonly number[] = [WORKING, REJECTED];
export const isEditable = (p: { step: number; state: number }): boolean => p.step === S.DRAFT && EDITABLE_STATES.includes(p.state);

/** 某步的数据（考生、考场…）可由机构修改：计划处于该步，且办理中或被驳回 */
export const isWorkingOn = (p: { step: number; state: number }, step: number): boolean => p.step === step && EDITABLE_STATES.includes(p.state);

export interface ActionSubject {
  kind: number;
  step: number;
  state: number;
  /** 曾经审核通过（退回到第 0 步后可修改，但不能删除） */
  approved?: boolean;
}

/** 转换之外、同样按位置决定的操作 */
export type PlanOperation = 'edit' | 'delete';
export type PlanAction = TransitionAction | PlanOperation;

/**
 * 当前用户此刻对一份计划能做的事，唯一的一处规则：服务端按它拒绝，列表与详情按它给出按钮。
 * stepAudited(step)：该类计划离开该步是否须审核（步骤审核配置）。
 */
export function availableActions(p: ActionSubject, actor: Actor | null, allowed: (permission: string) => boolean, stepAudited: (step: number) => boolean): PlanAction[] {
  if (!actor || p.state === PLAN_STATE.CANCELLED) return [];
  const ops: PlanOperation[] = [];
  if (actor === 'org' && isEditable(p) && allowed(`${kindResource(p.kind)}.edit`)) ops.push('edit');
  if (actor === 'org' && isEditable(p) && !p.approved && allowed(`${kindResource(p.kind)}.delete`)) ops.push('delete');
  const transitions = TRANSITIONS.filter(
    (t) =>
      t.actor === actor &&
      t.steps.includes(p.step) &&
      t.from.includes(p.state) &&
      allowed(transitionPermission(t.action, p.kind)) &&
      (!t.stepAudit || (t.stepAudit === 'audited') === stepAudited(p.step)),
  ).map((t) => t.action);
  return [...ops, ...transitions];
}

export const transitionPermission = (action: TransitionAction, kind: number): string =>
  transitionOf(action).permission === 'kind' ? `${kindResource(kind)}.edit` : 'exaPlanAudit.edit';

/** 审核员在哪些步内状态上有事可办：审核列表“待我审核”的筛选 */
export function pendingStates(actor: Actor): number[] {
  return [...new Set(TRANSITIONS.filter((t) => t.actor === actor && t.permission === 'audit' && t.action !== 'rollback').flatMap((t) => t.from))];
}

export const stepLabel = (step: number): string => STEP_LABEL[step] ?? String(step);
export const stateLabel = (state: number): string => STATE_LABEL[state] ?? String(state);
/** 位置的完整说法，如“导入考生 · 待市级审核” */
export const positionLabel = (p: { step: number; state: number }): string => `${stepLabel(p.step)} · ${stateLabel(p.state)}`;

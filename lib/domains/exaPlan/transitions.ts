// 考试计划状态机（lib/platform/workflow 的格式）：计划的位置是 (step, state)。step 为 SPEC §3 的步骤 0–9，state 为该步内的办理状态。
// 纯数据：状态、转换、操作与条件的名字；引擎的声明在 workflow.ts。各步“进入下一步的条件”由拥有数据的领域实现并登记
// （registerGate，见 gates.ts 的 registerPlanGate），本域不引用它们。
import type { OperationDef, Position, TransitionDef } from '@/lib/platform/workflow';
import { KIND_KEYS } from '../access/kind-keys';

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

/** 条件的名字：planReady、leadTime 在本域（gates.ts），其余由拥有数据的领域登记 */
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

/** 各条件管的是离开哪一步（办理的计划不在这一步时条件不适用） */
export const GATE_STEP: Readonly<Record<GateKey, number>> = {
  planReady: PLAN_STEP.DRAFT,
  leadTime: PLAN_STEP.DRAFT,
  examineesReady: PLAN_STEP.IMPORT_EXAMINEES,
  roomsReady: PLAN_STEP.ARRANGE_ROOMS,
  affairsReady: PLAN_STEP.EXAM_AFFAIRS,
  scoresReady: PLAN_STEP.SCORES,
  publicityEnded: PLAN_STEP.PUBLICITY,
  certificatesReady: PLAN_STEP.CERTIFICATES,
  stateGridAccepted: PLAN_STEP.STATE_GRID,
  certificatesPrinted: PLAN_STEP.STATE_GRID,
};

/** 条件的说法与出处（“谁可做什么”表、docs/WORKFLOWS.md） */
export const GATE_LABEL: Readonly<Record<GateKey, { label: string; source: string }>> = {
  planReady: { label: '（离开制定计划）有工种且都在有效备案内', source: 'SPEC §3 考试计划：工种须在机构已完成的备案内' },
  leadTime: { label: '（离开制定计划）考试开始日期不早于今天加提前天数', source: 'SPEC §3 考试计划；提前天数 EXAM_PLAN_LEAD_DAYS，默认 7 天' },
  examineesReady: { label: '（离开导入考生）有符合报考条件的考生、没有未确认的导入', source: 'SPEC §3 导入考生' },
  roomsReady: { label: '（离开编排考场）各科目的考生都有座位、考点有效、人员配比', source: 'SPEC §3 编排考场；docs/EXAM_SITES.md' },
  affairsReady: { label: '（离开考务安排）考务办公室、试卷与考评员齐备', source: 'SPEC §3 考务安排' },
  scoresReady: { label: '（离开成绩管理）成绩全部提交', source: 'SPEC §3 成绩管理' },
  publicityEnded: { label: '（离开成绩公示）公示期满且异议都已处理', source: 'SPEC §3 成绩公示（公示期满才能进入下一步，不能提前结束）' },
  certificatesReady: { label: '（离开证书管理）合格考生都有证书且资料齐全', source: 'SPEC §3 证书管理' },
  stateGridAccepted: { label: '（离开国网数据上报）证书数据都已被接收', source: 'SPEC §3 国网数据上报' },
  certificatesPrinted: { label: '（离开国网数据上报）证书都已打印', source: 'SPEC §3 证书打印' },
};

/** 状态机办理的对象：计划本身，加上该类计划须经审核的步骤（步骤审核配置，读取时一并取出） */
export interface PlanSubject {
  id: number;
  code: string;
  kind: number;
  step: number;
  state: number;
  orgId: number;
  cityId: number | null;
  /** 曾经审核通过（退回到第 0 步后可修改，但不能删除） */
  approvedAt: Date | null;
  /** 该类计划第 1–8 步中须审核的步骤 */
  auditedSteps: readonly number[];
}

const { WORKING, CITY_REVIEW, PROVINCE_REVIEW, REJECTED, CANCELLED } = PLAN_STATE;
const S = PLAN_STEP;
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

/** 步骤 1–8 的办理（第 9 步证书打印是最后一步）：机构推进或申请审核 */
const WORK_STEPS = range(S.IMPLEMENT, S.STATE_GRID);
/** 有审核环节的步骤：第 0 步（计划本身）与第 1–8 步 */
const REVIEW_STEPS = range(S.DRAFT, S.STATE_GRID);
/** 可退回上一步的步骤：成绩产生（第 5 步）之后不再退回 */
export const ROLLBACK_STEPS: readonly number[] = range(S.IMPLEMENT, S.EXAM_AFFAIRS);
/** 可取消计划的步骤：考试开始（考务安排完成）之前 */
export const CANCEL_STEPS: readonly number[] = range(S.DRAFT, S.EXAM_AFFAIRS);

/** 离开第 0 步的条件与离开第 1–8 步的条件（各条件只在计划处于它管的那一步时检查） */
const DRAFT_GATES: readonly GateKey[] = ['planReady', 'leadTime'];
const WORK_GATES: readonly GateKey[] = ['examineesReady', 'roomsReady', 'affairsReady', 'scoresReady', 'publicityEnded', 'certificatesReady', 'stateGridAccepted', 'certificatesPrinted'];

/** 该类计划离开当前这一步是否须审核（第 0 步总要审核） */
export const stepAudited = (p: Pick<PlanSubject, 'step' | 'auditedSteps'>): boolean => p.step === S.DRAFT || p.auditedSteps.includes(p.step);

/** 去向：下一步办理中；上一步办理中 */
export const nextStep = (p: Pick<PlanSubject, 'step'>): Position => ({ step: p.step + 1, state: WORKING });
export const previousStep = (p: Pick<PlanSubject, 'step'>): Position => ({ step: p.step - 1, state: WORKING });

/** 机构的操作用该类计划资源的 edit（exaPlanSkill…），审核员用 exaPlanAudit.edit */
const KIND_EDIT = {
  permission: (p: PlanSubject) => `${kindResource(p.kind)}.edit`,
  permissionLabel: '该类计划的 edit（exaPlanSkill…）',
  permissionOptions: KIND_KEYS.exaPlan.map((k) => `${k}.edit`),
} as const;
const AUDIT = { permission: 'exaPlanAudit.edit' } as const;

type Step = TransitionDef<PlanSubject, TransitionAction, Actor, GateKey>;

/**
 * 审核层级：第 0 步市级审核通过后，若生效的流程规则（EXAM_PLAN_AUDIT）含省级审核环节，则先到待省级审核（去向由 workflow.ts 按规则定），
 * 省级通过才进入第 1 步；第 1–8 步须审核的步骤（步骤审核配置）只由市级审核，通过即进入下一步。
 */
export const TRANSITIONS: readonly Step[] = [
  { action: 'submit', verb: '提交审核', from: { step: [S.DRAFT], state: [WORKING, REJECTED] }, to: { state: CITY_REVIEW }, actor: 'org', ...KIND_EDIT, opinion: 'none', gates: DRAFT_GATES },
  {
    action: 'applyAudit',
    verb: '申请审核',
    from: { step: WORK_STEPS, state: [WORKING, REJECTED] },
    to: { state: CITY_REVIEW },
    actor: 'org',
    ...KIND_EDIT,
    opinion: 'optional',
    gates: WORK_GATES,
    when: stepAudited,
    whenMessage: (p) => `「${stepLabel(p.step)}」步骤不需审核，请直接进入下一步`,
    whenLabel: '该步须审核（步骤审核配置）',
  },
  {
    action: 'advance',
    verb: '进入下一步',
    from: { step: WORK_STEPS, state: [WORKING] },
    to: nextStep,
    toLabel: '下一步 · 办理中',
    actor: 'org',
    ...KIND_EDIT,
    opinion: 'none',
    gates: WORK_GATES,
    when: (p) => !stepAudited(p),
    whenMessage: (p) => `「${stepLabel(p.step)}」步骤须经市级审核，请申请审核`,
    whenLabel: '该步不需审核（步骤审核配置）',
  },
  {
    action: 'cityPass',
    verb: '市级审核通过',
    from: { step: REVIEW_STEPS, state: [CITY_REVIEW] },
    to: nextStep,
    toLabel: '下一步 · 办理中（第 0 步流程规则含省级审核时：待省级审核）',
    actor: 'city',
    ...AUDIT,
    opinion: 'optional',
    gates: [...DRAFT_GATES, ...WORK_GATES],
  },
  { action: 'cityReject', verb: '市级审核驳回', from: { step: REVIEW_STEPS, state: [CITY_REVIEW] }, to: { state: REJECTED }, actor: 'city', ...AUDIT, opinion: 'required' },
  { action: 'provincePass', verb: '省级审核通过', from: { step: [S.DRAFT], state: [PROVINCE_REVIEW] }, to: nextStep, toLabel: '实施计划 · 办理中', actor: 'province', ...AUDIT, opinion: 'optional', gates: DRAFT_GATES },
  { action: 'provinceReject', verb: '省级审核驳回', from: { step: [S.DRAFT], state: [PROVINCE_REVIEW] }, to: { state: REJECTED }, actor: 'province', ...AUDIT, opinion: 'required' },
  { action: 'cancelAudit', verb: '撤回审核申请', from: { step: REVIEW_STEPS, state: [CITY_REVIEW] }, to: { state: WORKING }, actor: 'org', ...KIND_EDIT, opinion: 'none', optional: true },
  {
    action: 'rollback',
    verb: '退回上一步',
    from: { step: ROLLBACK_STEPS, state: [WORKING, REJECTED] },
    to: previousStep,
    toLabel: '上一步 · 办理中',
    actor: 'city',
    ...AUDIT,
    opinion: 'required',
    opinionMessage: '请输入退回意见',
    optional: true,
  },
  {
    action: 'cancel',
    verb: '取消计划',
    from: { step: CANCEL_STEPS, state: [WORKING, REJECTED, CITY_REVIEW, PROVINCE_REVIEW] },
    to: { state: CANCELLED },
    actor: 'org',
    ...KIND_EDIT,
    opinion: 'required',
    opinionMessage: '请输入取消原因',
    optional: true,
  },
];

export const TRANSITION_ACTIONS = TRANSITIONS.map((t) => t.action) as [TransitionAction, ...TransitionAction[]];

export const verbOf = (action: string): string | null => TRANSITIONS.find((t) => t.action === action)?.verb ?? null;

/** 计划在第 0 步（制定计划）且办理中或被驳回时，可以修改与删除 */
export const EDITABLE_STATES: readonly number[] = [WORKING, REJECTED];

/** 某步的数据（考生、考场…）可由机构修改：计划处于该步，且办理中或被驳回 */
export const isWorkingOn = (p: { step: number; state: number }, step: number): boolean => p.step === step && EDITABLE_STATES.includes(p.state);

/** 转换之外、同样按位置决定的操作 */
export type PlanOperation = 'edit' | 'delete';
export type PlanAction = TransitionAction | PlanOperation;

export const OPERATIONS: Readonly<Record<PlanOperation, OperationDef<PlanSubject, Actor>>> = {
  edit: { label: '修改', from: { step: [S.DRAFT], state: EDITABLE_STATES }, actor: 'org', permission: KIND_EDIT.permission },
  // 审核通过过（退回到第 0 步）的计划只能取消，不能删除
  delete: { label: '删除', from: { step: [S.DRAFT], state: EDITABLE_STATES }, actor: 'org', permission: (p) => `${kindResource(p.kind)}.delete`, when: (p) => p.approvedAt === null },
};

/** 审核员在哪些步内状态上有事可办（由转换表推出，不含可办而不必办的退回）：审核列表“待我审核”的筛选 */
export function pendingStates(actor: Actor): number[] {
  return [...new Set(TRANSITIONS.filter((t) => t.actor === actor && !t.optional).flatMap((t) => (t.from as Readonly<Record<string, readonly number[]>>).state))];
}

export const stepLabel = (step: number): string => STEP_LABEL[step] ?? String(step);
export const stateLabel = (state: number): string => STATE_LABEL[state] ?? String(state);
/** 位置的完整说法，如“导入考生 · 待市级审核”（与引擎的默认说法相同） */
export const positionLabel = (p: { step: number; state: number }): string => `${stepLabel(p.step)} · ${stateLabel(p.state)}`;

/** 界面的标记（服务端算好放在行上，界面不比较状态号） */
export const isCancelled = (p: { state: number }): boolean => p.state === CANCELLED;
export const isRejected = (p: { state: number }): boolean => p.state === REJECTED;

// 考试计划交给工作流引擎的声明：表、读取（范围与步骤审核配置）、条件、附带动作（时间与意见、提交与进入某步时的钩子）、历史与通知。
// 转换与操作本身在 transitions.ts；跨领域的条件由拥有数据的领域登记（gates.ts 的 registerPlanGate），钩子见 hooks.ts。
//
// 审核层级：第 0 步（计划本身）市级审核通过后，若生效的流程规则（EXAM_PLAN_AUDIT，先取计划所在市的规则，没有再取省级 130000 的）
// 含“省级”审核环节，则进入“待省级审核”，省级通过后才进入第 1 步；否则市级通过即进入第 1 步。
// 第 1–8 步的审核（步骤审核配置要求的）只由市级办理：市级通过即进入下一步。
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import { can, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { defineWorkflow, scopedActors, type Position } from '@/lib/platform/workflow';
import { ROOT_AREA_ID } from '../area/schemas';
import { ruleHasReviewer, stepRequiresOpinion } from '../dict/process';
import { scopedNotice } from '../message/workflow-notice';
import { examPlanHistory, examPlans, type ExamPlan } from './tables';
import {
  ACTOR_LABEL,
  GATE_LABEL,
  KIND_PATHS,
  OPERATIONS,
  PLAN_KINDS,
  PLAN_STATE,
  PLAN_STEP,
  PROCESS_TYPE,
  STATE_LABEL,
  STEP_LABEL,
  TRANSITIONS,
  kindResource,
  nextStep,
  stepLabel,
  type Actor,
  type GateKey,
  type PlanAction,
  type PlanOperation,
  type PlanSubject,
  type TransitionAction,
} from './transitions';
import { loadPlan } from './access';
import { atGateStep, leadTime, planReady } from './gates';
import { runEnterStepHooks, runSubmitHooks } from './hooks';
import { planAuditingSteps, stepAuditConfig } from './step-audit';

export type PlanRow = ExamPlan & PlanSubject;

/** 审核界面的路由（通知审核员时的链接） */
const AUDIT_PATH = '/evaluation/plan/audit';


/** 计划加上该类计划须审核的步骤 */
export async function planSubjects(db: Db, plans: readonly ExamPlan[]): Promise<PlanRow[]> {
  if (!plans.length) return [];
  const audited = await stepAuditConfig(db);
  return plans.map((p) => ({ ...p, auditedSteps: [...(audited.get(p.kind) ?? [])] }));
}

/** 范围内的计划（范围外 404），带步骤审核配置 */
export async function loadPlanSubject(db: Db, user: SessionUser, id: number): Promise<PlanRow> {
  return (await planSubjects(db, [await loadPlan(db, user, id)]))[0];
}

/** 市级通过：第 0 步按流程规则可能先到待省级审核，其余进入下一步 */
async function cityPassTarget(p: PlanSubject, db: Db): Promise<Position> {
  if (p.step === PLAN_STEP.DRAFT && (await ruleHasReviewer(db, PROCESS_TYPE, 'province', [p.cityId, ROOT_AREA_ID]))) return { state: PLAN_STATE.PROVINCE_REVIEW };
  return nextStep(p);
}

const notice = scopedNotice<PlanRow, Actor>({
  levels: { org: 'org', city: 'city', province: 'province' },
  ownerActor: 'org',
  link: (p, actor) => `${actor === 'city' || actor === 'province' ? AUDIT_PATH : KIND_PATHS[p.kind]}?code=${encodeURIComponent(p.code)}`,
});

const gate = (key: GateKey, check?: (db: Db, plan: ExamPlan) => Promise<string | null>) => ({ ...GATE_LABEL[key], ...(check ? { check: atGateStep(key, check) } : {}) });

export const exaPlanWorkflow = defineWorkflow<PlanRow, TransitionAction, Actor, GateKey, PlanOperation>({
  key: 'exaPlan',
  label: '考试计划',
  entity: 'exam_plan',
  table: examPlans,
  id: examPlans.id,
  position: { step: examPlans.step, state: examPlans.state },
  updatedAt: examPlans.updatedAt,
  labels: { step: Object.fromEntries(STEP_LABEL.map((l, i) => [i, l])), state: STATE_LABEL },
  actors: ACTOR_LABEL,
  actorLevels: { org: ['org'], city: ['city'], province: ['province'] },
  actorsOf: scopedActors,
  transitions: TRANSITIONS.map((t) => (t.action === 'cityPass' ? { ...t, to: cityPassTarget } : t)),
  operations: OPERATIONS,
  gates: {
    planReady: gate('planReady', planReady),
    leadTime: gate('leadTime', leadTime),
    // 以下由拥有数据的领域登记（examinee、examSite、examAffairs、score、certificate 的 plan-gates.ts）
    examineesReady: gate('examineesReady'),
    roomsReady: gate('roomsReady'),
    affairsReady: gate('affairsReady'),
    scoresReady: gate('scoresReady'),
    publicityEnded: gate('publicityEnded'),
    certificatesReady: gate('certificatesReady'),
    stateGridAccepted: gate('stateGridAccepted'),
    certificatesPrinted: gate('certificatesPrinted'),
  },
  load: loadPlanSubject,
  describe: (p) => `${PLAN_KINDS[p.kind]}计划 ${p.code}`,
  history: {
    table: examPlanHistory,
    values: (p) => ({ planId: p.id }),
    positionColumns: (from, to) => ({ fromStep: from.step, fromState: from.state, toStep: to.step, toState: to.state }),
  },
  // 审核意见“可填”的一步，若本地的流程规则（系统管理 › 流程规则）要求该层级填写意见，则必填
  opinionRequired: (db, p, t) => (t.actor === 'org' ? Promise.resolve(false) : stepRequiresOpinion(db, PROCESS_TYPE, t.actor, [p.cityId, ROOT_AREA_ID])),
  effect: async (tx, p, { action, from, to, opinion, now }) => {
    const t = TRANSITIONS.find((x) => x.action === action)!;
    // 进入下一步时别的领域要做的事（如进入证书管理给合格考生发证）
    if (to.step !== from.step) await runEnterStepHooks(tx, p, to.step, now);
    return {
      ...(action === 'submit' ? { submittedAt: now, ...(await runSubmitHooks(tx, p)) } : {}),
      ...(from.step === PLAN_STEP.DRAFT && to.step === PLAN_STEP.IMPLEMENT ? { approvedAt: now } : {}),
      ...(action === 'cancel' ? { cancelReason: opinion, cancelledAt: now } : {}),
      ...(t.actor !== 'org' || opinion ? { lastOpinion: opinion } : {}),
    };
  },
  notice,
});

/** 经引擎办理一步；返回新位置 */
export async function applyTransition(db: Db, session: Session, req: { id: number; action: TransitionAction; opinion?: string | null }, audit: Audit) {
  const r = await exaPlanWorkflow.apply(db, session, req, audit);
  return { id: r.id, step: r.to.step, state: r.to.state, positionName: r.positionName };
}

/** 各计划上当前用户此刻能做的事（列表、详情与成绩界面的计划行） */
export async function planActions(db: Db, session: Session, plans: readonly ExamPlan[]): Promise<Map<number, PlanAction[]>> {
  const rows = await planSubjects(db, plans);
  return new Map(rows.map((p) => [p.id, exaPlanWorkflow.availableActions(p, session)]));
}

/**
 * 审核（auditExaPlan）：按计划当前的审核环节取审核员此刻可办的那一步：待市级审核 → 市级通过/驳回，待省级审核 → 省级通过/驳回。
 */
export async function reviewPlan(db: Db, session: Session, input: { id: number; result: 'pass' | 'reject'; opinion: string | null }, audit: Audit) {
  const plan = await loadPlan(db, session.user, input.id);
  const pass = input.result === 'pass';
  const action: TransitionAction =
    plan.state === PLAN_STATE.PROVINCE_REVIEW ? (pass ? 'provincePass' : 'provinceReject') : pass ? 'cityPass' : 'cityReject';
  return applyTransition(db, session, { id: input.id, action, opinion: input.opinion }, audit);
}

/** 计划各步是否须审核（getExaPlanAuditingStep） */
export async function auditingStepsOf(db: Db, session: Session, id: number) {
  const plan = await loadPlan(db, session.user, id);
  if (!can(session, 'exaPlanAudit.get') && !can(session, `${kindResource(plan.kind)}.get`)) throw ApiError.forbidden(`没有${PLAN_KINDS[plan.kind]}计划的相应权限`);
  return { id: plan.id, step: plan.step, stepName: stepLabel(plan.step), steps: await planAuditingSteps(db, plan) };
}

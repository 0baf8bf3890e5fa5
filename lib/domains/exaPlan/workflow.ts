// 考试计划的一切位置（step, state）变更都经 applyTransition：查转换表 → 权限、办理方、当前位置、步骤审核配置、
// 意见（必填，或流程规则要求时必填）→ 所离开步骤的条件（gates.ts）→ 条件更新（防并发）→ 历史 → 铃铛通知 → 操作日志。
//
// 审核层级：第 0 步（计划本身）市级审核通过后，若生效的流程规则（EXAM_PLAN_AUDIT，先取计划所在市的规则，没有再取省级 130000 的）
// 含“省级”审核环节，则进入“待省级审核”，省级通过后才进入第 1 步；否则市级通过即进入第 1 步。
// 第 1–8 步的审核（步骤审核配置要求的）只由市级办理：市级通过即进入下一步。
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import { can, type Session } from '@/lib/platform/auth/session';
import { ROOT_AREA_ID } from '../area/schemas';
import { users } from '../user/tables';
import { resources, roleResources, userRoles } from '../access/tables';
import { notify } from '../message/service';
import { ruleHasReviewer, stepRequiresOpinion } from '../dict/process';
import { officialPlanWarning } from '../officialPlan/service';
import { examPlanHistory, examPlans, examPlanWorks, type ExamPlan } from './tables';
import {
  ACTOR_LABEL,
  KIND_PATHS,
  PLAN_KINDS,
  PLAN_STATE,
  PLAN_STEP,
  PROCESS_TYPE,
  positionLabel,
  stepLabel,
  transitionOf,
  transitionPermission,
  type Transition,
  type TransitionAction,
} from './transitions';
import { loadPlan } from './access';
import { gateFailures } from './gates';
import { isStepAudited, planAuditingSteps } from './step-audit';
import { actorOf, assertKindPermission } from './service';
import { issueCertificates } from '../certificate/issue';

export interface TransitionRequest {
  id: number;
  action: TransitionAction;
  opinion?: string | null;
}

/** 审核界面的路由（通知审核员时的链接） */
const AUDIT_PATH = '/evaluation/plan/audit';

const OPINION_MESSAGE: Partial<Record<TransitionAction, string>> = { cancel: '请输入取消原因', rollback: '请输入退回意见' };

function guard(session: Session, plan: ExamPlan, req: TransitionRequest): Transition {
  const t = transitionOf(req.action);
  if (!can(session, transitionPermission(req.action, plan.kind))) throw ApiError.forbidden(`没有${t.verb}的权限`);
  const actor = actorOf(session.user);
  if (actor !== t.actor) throw ApiError.forbidden(`「${t.verb}」须由${ACTOR_LABEL[t.actor]}办理`);
  // 范围已保证机构只看本机构、市级只看本市；这里再明确一次
  if (actor === 'org' && session.user.orgId !== plan.orgId) throw ApiError.forbidden(`只有计划所属的评价机构可以${t.verb}`);
  if (actor === 'city' && session.user.cityId !== plan.cityId) throw ApiError.forbidden(`只有计划所在市的市级管理员可以${t.verb}`);
  if (plan.state === PLAN_STATE.CANCELLED) throw ApiError.badRequest(`计划已取消，不能${t.verb}`);
  if (!t.steps.includes(plan.step) || !t.from.includes(plan.state)) throw ApiError.badRequest(`计划当前处于「${positionLabel(plan)}」，不能${t.verb}`);
  if (t.opinion === 'required' && !req.opinion?.trim()) {
    const message = OPINION_MESSAGE[req.action] ?? '请输入审核意见';
    throw ApiError.badRequest(message, { opinion: message });
  }
  return t;
}

/** 去向：同步换状态、下一步（第 0 步市级通过时按流程规则可能先到待省级审核）、上一步 */
async function targetOf(tx: Db, t: Transition, plan: ExamPlan): Promise<{ step: number; state: number }> {
  if (t.move.kind === 'stay') return { step: plan.step, state: t.move.toState };
  if (t.move.kind === 'back') return { step: plan.step - 1, state: PLAN_STATE.WORKING };
  if (t.action === 'cityPass' && plan.step === PLAN_STEP.DRAFT && (await ruleHasReviewer(tx, PROCESS_TYPE, 'province', [plan.cityId, ROOT_AREA_ID]))) {
    return { step: plan.step, state: PLAN_STATE.PROVINCE_REVIEW };
  }
  return { step: plan.step + 1, state: PLAN_STATE.WORKING };
}

/** 持有计划审核权限的市级（本市）或省级用户 */
async function reviewersOf(tx: Db, level: 'city' | 'province', cityId: number | null): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roleResources, eq(roleResources.roleId, userRoles.roleId))
    .innerJoin(resources, eq(resources.id, roleResources.resourceId))
    .where(
      and(
        eq(users.level, level),
        level === 'city' ? eq(users.cityId, cityId ?? -1) : undefined,
        eq(resources.key, 'exaPlanAudit'),
        sql`'edit' = any(${roleResources.actions})`,
      ),
    );
  return rows.map((r) => r.id);
}

export async function applyTransition(db: Db, session: Session, req: TransitionRequest, audit: Audit) {
  const { user } = session;
  return db.transaction(async (tx) => {
    const plan = await loadPlan(tx, user, req.id);
    const t = guard(session, plan, req);
    if (t.stepAudit) {
      const audited = await isStepAudited(tx, plan.kind, plan.step);
      if (t.stepAudit === 'audited' && !audited) throw ApiError.badRequest(`「${stepLabel(plan.step)}」步骤不需审核，请直接进入下一步`);
      if (t.stepAudit === 'unaudited' && audited) throw ApiError.badRequest(`「${stepLabel(plan.step)}」步骤须经市级审核，请申请审核`);
    }
    // 审核意见“可填”的一步，若本地的流程规则（系统管理 › 流程规则）要求该层级填写意见，则必填
    if (t.opinion === 'optional' && !req.opinion?.trim() && t.actor !== 'org' && (await stepRequiresOpinion(tx, PROCESS_TYPE, t.actor, [plan.cityId, ROOT_AREA_ID]))) {
      throw ApiError.badRequest('请输入审核意见（本地流程规则要求填写）', { opinion: '请输入审核意见' });
    }
    if (t.checksGates) {
      const reasons = await gateFailures(tx, plan, plan.step);
      if (reasons.length) throw ApiError.badRequest(`不能${t.verb}：${reasons.join('；')}`);
    }

    const to = await targetOf(tx, t, plan);
    const now = new Date();
    const opinion = t.opinion === 'none' ? null : req.opinion?.trim() || null;
    let warning: { officialPlanWarning: string | null } | object = {};
    if (t.action === 'submit') {
      const works = await tx.select().from(examPlanWorks).where(eq(examPlanWorks.planId, plan.id));
      warning = { officialPlanWarning: await officialPlanWarning(tx, { orgId: plan.orgId, examStartDate: plan.examStartDate, works }) };
    }
    const stamp = {
      ...warning,
      ...(t.action === 'submit' ? { submittedAt: now } : {}),
      ...(plan.step === PLAN_STEP.DRAFT && to.step === PLAN_STEP.IMPLEMENT ? { approvedAt: now } : {}),
      ...(t.action === 'cancel' ? { cancelReason: opinion, cancelledAt: now } : {}),
      ...(t.actor !== 'org' || opinion ? { lastOpinion: opinion } : {}),
    };
    // 条件更新：位置在读取后被别人改了，则本次不生效
    const updated = await tx
      .update(examPlans)
      .set({ step: to.step, state: to.state, updatedAt: now, ...stamp })
      .where(and(eq(examPlans.id, plan.id), eq(examPlans.step, plan.step), eq(examPlans.state, plan.state)))
      .returning({ id: examPlans.id });
    if (!updated.length) throw ApiError.conflict('计划状态已被他人更新，请刷新后重试');

    await tx.insert(examPlanHistory).values({
      planId: plan.id,
      action: t.action,
      fromStep: plan.step,
      fromState: plan.state,
      toStep: to.step,
      toState: to.state,
      opinion,
      actorId: user.id,
      actorName: user.realName || user.nickName,
      createdAt: now,
    });

    // 进入第 7 步（证书管理）：给合格考生发证（同一事务，编号见 certificate/rules.ts）
    if (plan.step === PLAN_STEP.PUBLICITY && to.step === PLAN_STEP.CERTIFICATES) await issueCertificates(tx, plan, now);

    const what = `${PLAN_KINDS[plan.kind]}计划 ${plan.code}`;
    const content = `当前：${positionLabel(to)}${opinion ? `；意见：${opinion}` : ''}`;
    const link = (path: string) => `${path}?code=${encodeURIComponent(plan.code)}`;
    if (t.actor !== 'org') {
      // 审核员办理：告诉机构
      const recipients = await tx.select({ id: users.id }).from(users).where(eq(users.orgId, plan.orgId));
      await notify(tx, recipients.map((r) => r.id), { title: `${what}：${t.verb}`, content, kind: 'audit', link: link(KIND_PATHS[plan.kind]) });
    }
    const reviewerLevel = to.state === PLAN_STATE.CITY_REVIEW ? 'city' : to.state === PLAN_STATE.PROVINCE_REVIEW ? 'province' : null;
    if (reviewerLevel) {
      // 进入审核环节：告诉该环节的审核员
      await notify(tx, await reviewersOf(tx, reviewerLevel, plan.cityId), { title: `${what}待审核：${stepLabel(to.step)}`, content, kind: 'audit', link: link(AUDIT_PATH) });
    }
    audit({
      entity: 'exam_plan',
      entityId: plan.id,
      before: { step: plan.step, state: plan.state },
      after: { step: to.step, state: to.state, opinion },
      detail: `${what}${t.verb}（${positionLabel(plan)} → ${positionLabel(to)}）`,
    });
    return { id: plan.id, step: to.step, state: to.state, positionName: positionLabel(to) };
  });
}

/**
 * 审核（auditExaPlan）：按计划当前的审核环节取审核员此刻可办的那一步：待市级审核 → 市级通过/驳回，待省级审核 → 省级通过/驳回。
 */
export async function reviewPlan(db: Db, session: Session, input: { id: number; result: 'pass' | 'reject'; opinion: string | null }, audit: Audit) {
  const plan = await loadPlan(db, session.user, input.id);
  const pass = input.result === 'pass';
  const action: TransitionAction | null =
    plan.state === PLAN_STATE.CITY_REVIEW ? (pass ? 'cityPass' : 'cityReject') : plan.state === PLAN_STATE.PROVINCE_REVIEW ? (pass ? 'provincePass' : 'provinceReject') : null;
  if (!action) throw ApiError.badRequest(`计划当前处于「${positionLabel(plan)}」，不能审核`);
  return applyTransition(db, session, { id: input.id, action, opinion: input.opinion }, audit);
}

/** 计划各步是否须审核（getExaPlanAuditingStep） */
export async function auditingStepsOf(db: Db, session: Session, id: number) {
  const plan = await loadPlan(db, session.user, id);
  if (!can(session, 'exaPlanAudit.get')) assertKindPermission(session, plan.kind, 'get');
  return { id: plan.id, step: plan.step, stepName: stepLabel(plan.step), steps: await planAuditingSteps(db, plan) };
}

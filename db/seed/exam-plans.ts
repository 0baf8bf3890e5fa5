// 演示考试计划：四类计划在第 0–9 步各有数据，第 0 步另有待市级审核、待省级审核、被驳回，须审核的步骤有待审核与被驳回，
// 另有已取消的；机构取有效备案的演示机构，工种取自其备案。每份计划的办理历史按转换表逐步生成（谁、何时、意见）。
// 日期相对写入当天：第 0–4 步的考试在将来，第 5 步起在过去。按（机构, 计划名称）幂等，已有的不动。
// 考生、考点考场的种子在此之后运行。用到年度评价计划（提交时的提示），因此放在 db/seed 而不在 exaPlan 域里。
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { beijingDate } from '@/lib/platform/time';
import { areas } from '@/lib/domains/area/tables';
import { organisations } from '@/lib/domains/org/tables';
import { users } from '@/lib/domains/user/tables';
import { filings } from '@/lib/domains/filing/tables';
import { FILING_IN_FORCE } from '@/lib/domains/filing/transitions';
import { officialPlanWarning } from '@/lib/domains/officialPlan/service';
import { examPlanHistory, examPlans, examPlanWorks, type ExamPlan } from '@/lib/domains/exaPlan/tables';
import { ARRANGE_TYPE, PLAN_KINDS, PLAN_STATE as S, PLAN_STEP, TRANSITIONS, type TransitionAction } from '@/lib/domains/exaPlan/transitions';
import { filedWorks } from '@/lib/domains/exaPlan/filed';
import { newPlanCode } from '@/lib/domains/exaPlan/service';
import { DEFAULT_AUDITED_STEPS, seedStepAudits } from '@/lib/domains/exaPlan/step-audit';

type Position = readonly [step: number, state: number];

const stepDef = (action: TransitionAction) => TRANSITIONS.find((t) => t.action === action)!;

/** 每类计划都有的位置：第 0–9 步各一份，第 0 步的审核环节与驳回，已取消 */
const COMMON: readonly Position[] = [
  [0, S.WORKING],
  [0, S.CITY_REVIEW],
  [0, S.REJECTED],
  [1, S.WORKING],
  [2, S.WORKING],
  [3, S.WORKING],
  [4, S.WORKING],
  [5, S.WORKING],
  [6, S.WORKING],
  [7, S.WORKING],
  [8, S.WORKING],
  [9, S.WORKING],
  [0, S.CANCELLED],
];

/** 技能等级认定另有：待省级审核、须审核步骤的待审核与驳回、考场编排中取消的 */
const SKILL_EXTRA: readonly Position[] = [
  [0, S.PROVINCE_REVIEW],
  [2, S.CITY_REVIEW],
  [2, S.REJECTED],
  [5, S.CITY_REVIEW],
  [3, S.CANCELLED],
  [1, S.WORKING],
  [2, S.WORKING],
];

const OPINIONS: Partial<Record<TransitionAction, string>> = {
  cityPass: '计划安排合理，同意实施',
  cityReject: '考试日期与本市统一安排冲突，请调整后重新提交',
  provincePass: '同意',
  applyAudit: '已按要求完成本步工作，请审核',
  cancel: '报名人数不足，取消本期考试',
};

/** 到达某位置的办理路径（按转换表；第 0 步待省级审核经“市级通过”到达，须审核的步骤经申请审核与市级通过离开） */
function pathTo([step, state]: Position): TransitionAction[] {
  if (step === 0) {
    if (state === S.WORKING) return [];
    if (state === S.CITY_REVIEW) return ['submit'];
    if (state === S.REJECTED) return ['submit', 'cityReject'];
    if (state === S.PROVINCE_REVIEW) return ['submit', 'cityPass'];
    return ['cancel'];
  }
  const path: TransitionAction[] = ['submit', 'cityPass'];
  for (let k = 1; k < step; k++) path.push(...(DEFAULT_AUDITED_STEPS.includes(k) ? (['applyAudit', 'cityPass'] as const) : (['advance'] as const)));
  if (state === S.CITY_REVIEW) path.push('applyAudit');
  if (state === S.REJECTED) path.push('applyAudit', 'cityReject');
  if (state === S.CANCELLED) path.push('cancel');
  return path;
}

/** 沿路径逐步走出各步的位置（第 0 步待省级审核的“市级通过”停在待省级审核） */
function walk(path: readonly TransitionAction[], target: Position): { action: TransitionAction; from: Position; to: Position }[] {
  let pos: Position = [0, S.WORKING];
  return path.map((action) => {
    const t = stepDef(action);
    let to: Position;
    // 去向：同一步换状态（to 为 { state }），或下一步办理中（第 0 步待省级审核的“市级通过”停在待省级审核）
    if (typeof t.to === 'object') to = [pos[0], t.to.state];
    else if (action === 'cityPass' && pos[0] === 0 && target[0] === 0 && target[1] === S.PROVINCE_REVIEW) to = [0, S.PROVINCE_REVIEW];
    else to = [pos[0] + 1, S.WORKING];
    const step = { action, from: pos, to };
    pos = to;
    return step;
  });
}

/** 考试开始日期相对今天的天数：第 0–3 步在一个月后左右，第 4 步在半月内，之后按步骤往前推 */
const startOffset = (step: number, i: number) => (step <= 3 ? 30 + step * 5 + i : step === 4 ? 12 + (i % 3) : -((step - 4) * 12 + (i % 5)));

/** 计划所处步骤的考试（将来或过去），计划名用的期次 */
const DAY = 24 * 3600 * 1000;

export async function seedExamPlans(db: Db): Promise<void> {
  await seedStepAudits(db);
  const inForce = await db
    .select({ id: filings.id, orgId: filings.orgId, kind: filings.kind })
    .from(filings)
    .where(inArray(filings.status, FILING_IN_FORCE))
    .orderBy(asc(filings.kind), asc(filings.orgId));
  if (!inForce.length) return;
  const orgs = await db
    .select({ id: organisations.id, name: organisations.name, cityId: organisations.cityId, cityName: areas.name })
    .from(organisations)
    .leftJoin(areas, eq(areas.id, organisations.cityId))
    .where(inArray(organisations.id, [...new Set(inForce.map((f) => f.orgId))]));
  const orgById = new Map(orgs.map((o) => [o.id, o]));
  const existing = await db.select({ orgId: examPlans.orgId, name: examPlans.name }).from(examPlans);
  const have = new Set(existing.map((e) => `${e.orgId}:${e.name}`));
  const accounts = await db
    .select({ id: users.id, level: users.level, orgId: users.orgId, cityId: users.cityId, realName: users.realName, nickName: users.nickName, mobile: users.mobile, account: users.account })
    .from(users)
    .where(ne(users.level, 'county'));
  const province = accounts.find((a) => a.account === 'admin') ?? accounts.find((a) => a.level === 'province');
  const now = Date.now();
  const today = new Date(now);
  const year = beijingDate(today).slice(0, 4);
  let seq = 0;

  for (const kind of [0, 1, 2, 3]) {
    const filingsOfKind = inForce.filter((f) => f.kind === kind);
    if (!filingsOfKind.length) continue;
    const positions = kind === 0 ? [...COMMON, ...SKILL_EXTRA] : COMMON;
    for (const [i, position] of positions.entries()) {
      seq += 1;
      // 技能等级认定：华元评价（演示的评价机构账号，第一份备案）在每一步都有计划，其余位置轮到别的市的机构；其他类别轮流
      const others = filingsOfKind.length > 1 ? filingsOfKind.slice(1) : filingsOfKind;
      const filing = kind === 0 ? (i < COMMON.length ? filingsOfKind[0] : others[i % others.length]) : filingsOfKind[i % filingsOfKind.length];
      const org = orgById.get(filing.orgId);
      if (!org) continue;
      const works = (await filedWorks(db, filing.id)).slice(0, 1 + (i % 2));
      if (!works.length) continue;
      const [step] = position;
      const name = `${year}年${works[0].workName}${PLAN_KINDS[kind]}第${i + 1}批考试计划`;
      if (have.has(`${org.id}:${name}`)) continue;
      const orgUser = accounts.find((a) => a.level === 'org' && a.orgId === org.id);
      const cityUser = accounts.find((a) => a.level === 'city' && a.cityId === org.cityId && ['sjz_admin', 'bd_admin'].includes(a.account));
      const actorOf = (action: TransitionAction) => {
        const actor = stepDef(action).actor;
        const u = actor === 'org' ? orgUser : actor === 'city' ? cityUser : province;
        if (u) return { actorId: u.id, actorName: u.realName || u.nickName };
        return { actorId: null, actorName: actor === 'org' ? org.name : actor === 'city' ? `${org.cityName ?? ''}管理员` : '省级管理员' };
      };
      const startDate = beijingDate(today, startOffset(step, i));
      const examDays = 1 + (i % 2);
      const steps = walk(pathTo(position), position);
      // 办理时间：考试在将来的，依次排到昨天为止；考试已过的，从考试前约一个月开始每三天一步
      const examAt = Date.parse(`${startDate}T09:00:00+08:00`);
      const first = Math.min(now - (steps.length + 2) * DAY, examAt - 30 * DAY);
      const gap = Math.max(1, Math.min(3, Math.floor((now - DAY - first) / DAY / Math.max(1, steps.length))));
      const at = (n: number) => new Date(first + n * gap * DAY + (seq % 7) * 3600 * 1000);
      const levels = works.flatMap((w) => w.levels.slice(0, 1 + (i % 2)).map((level) => ({ workCode: w.workCode, workName: w.workName, level })));
      const last = steps[steps.length - 1];
      const submitted = steps.find((s) => s.action === 'submit');
      const approved = steps.find((s) => s.from[0] === PLAN_STEP.DRAFT && s.to[0] === PLAN_STEP.IMPLEMENT);
      const cancelled = steps.find((s) => s.action === 'cancel');
      const [plan] = await db
        .insert(examPlans)
        .values({
          ...(await newPlanCode(db, kind, today)),
          kind,
          name,
          orgId: org.id,
          cityId: org.cityId,
          filingId: filing.id,
          step: position[0],
          state: position[1],
          arrangeTypes: kind === 1 ? [ARRANGE_TYPE.KNOWLEDGE, ARRANGE_TYPE.ON_SITE, ARRANGE_TYPE.DEFENCE] : [ARRANGE_TYPE.KNOWLEDGE, ARRANGE_TYPE.ON_SITE],
          examStartDate: startDate,
          examEndDate: beijingDate(today, startOffset(step, i) + examDays - 1),
          expectedCount: 30 + ((seq * 17) % 90),
          fee: kind === 3 ? '0.00' : (120 + (i % 4) * 30).toFixed(2),
          contactName: orgUser?.realName ?? '张伟',
          contactPhone: orgUser?.mobile ?? `13831100${String(300 + seq).padStart(3, '0')}`,
          remark: i % 3 === 0 ? '考点已备好实操设备，考生自带身份证原件' : null,
          lastOpinion: last ? (OPINIONS[last.action] ?? null) : null,
          cancelReason: cancelled ? OPINIONS.cancel! : null,
          cancelledAt: cancelled ? at(steps.indexOf(cancelled) + 1) : null,
          submittedAt: submitted ? at(steps.indexOf(submitted) + 1) : null,
          approvedAt: approved ? at(steps.indexOf(approved) + 1) : null,
          createdBy: orgUser?.id ?? null,
          createdAt: at(0),
          updatedAt: at(steps.length),
        })
        .returning();
      await db.insert(examPlanWorks).values(levels.map((l) => ({ planId: plan.id, ...l })));
      if (submitted) {
        const warning = await officialPlanWarning(db, { orgId: org.id, examStartDate: startDate, works: levels });
        if (warning) await db.update(examPlans).set({ officialPlanWarning: warning }).where(eq(examPlans.id, plan.id));
      }
      const create = { step: PLAN_STEP.DRAFT, state: S.WORKING };
      await db.insert(examPlanHistory).values([
        { planId: plan.id, action: 'create', fromStep: create.step, fromState: create.state, toStep: create.step, toState: create.state, opinion: null, createdAt: at(0), ...actorOf('submit') },
        ...steps.map((s, n) => ({
          planId: plan.id,
          action: s.action,
          fromStep: s.from[0],
          fromState: s.from[1],
          toStep: s.to[0],
          toState: s.to[1],
          opinion: stepDef(s.action).opinion === 'none' ? null : (OPINIONS[s.action] ?? null),
          createdAt: at(n + 1),
          ...actorOf(s.action),
        })),
      ]);
    }
  }
}

/** 演示计划中处于某一步（未取消）的，按编号顺序：考生、考点考场等种子据此找计划 */
export async function demoPlansAt(db: Db, step: number, kind?: number): Promise<ExamPlan[]> {
  return db
    .select()
    .from(examPlans)
    .where(and(eq(examPlans.step, step), ne(examPlans.state, S.CANCELLED), kind === undefined ? undefined : eq(examPlans.kind, kind)))
    .orderBy(asc(examPlans.id));
}

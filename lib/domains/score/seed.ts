// 演示成绩与公示：第 5–9 步（未取消）的计划按座位给每名考生的每个安排科目一科成绩（确定的伪随机：多数及格，少数不及格、缺考，
// 偶有违纪）；第 5 步办理中的计划还没录完：每个操作技能场次座号最大的 3 名考生没有实操成绩（考评员演示账号可录入），
// 每 15 名考生有 1 名的理论成绩已录入未提交；其余计划的成绩都已提交。第 6 步以后的计划有一条更正记录。
// 公示：第 6 步一份公示中（有一条待处理的异议），一份已结束（异议已处理，可进入下一步），其余未开始；第 7–9 步的公示都已结束。
// 可重复执行：已有成绩的计划跳过；已有公示的计划不再写公示。在考点考场（座位与考评员）之后运行。
import { and, asc, eq, gte, inArray, ne } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { users } from '../user/tables';
import { people } from '../personnel/tables';
import { examPlans, type ExamPlan } from '../exaPlan/tables';
import { examinees } from '../examinee/tables';
import { examSeats, examSessions, examSessionStaff } from '../examSite/tables';
import { PLAN_STATE, PLAN_STEP } from '../exaPlan/transitions';
import { QUALIFICATION } from '../examinee/schemas';
import { planSubjects } from '../examSite/sessions';
import { examScoreCorrections, examScores, scoreObjections, scoreObjectionHistory, scorePublicities } from './tables';
import { MARK, publicityDays, publicityEnd, SCORE_STATUS, SUBJECT } from './rules';
import { OBJECTION_STATUS } from './schemas';
import { recomputeResults } from './results';

const DAY = 24 * 3600 * 1000;
/** 第 5 步办理中：每个实操场次留给考评员录入的考生数 */
const LEFT_FOR_ASSESSOR = 3;
const DRAFT_EVERY = 15;

/** 确定的伪随机（同一考生每次同样的成绩） */
function rng(seed: number) {
  let s = (seed * 2654435761) >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

async function seedPlanScores(db: Db, plan: ExamPlan): Promise<void> {
  const subjects = planSubjects(plan);
  const seats = await db
    .select({ examineeId: examSeats.examineeId, sessionId: examSeats.sessionId, roomId: examSeats.roomId, seatNo: examSeats.seatNo, subject: examSessions.subject, qualification: examinees.qualification })
    .from(examSeats)
    .innerJoin(examSessions, eq(examSessions.id, examSeats.sessionId))
    .innerJoin(examinees, eq(examinees.id, examSeats.examineeId))
    .where(and(eq(examSessions.planId, plan.id), ne(examinees.qualification, QUALIFICATION.REFUSED)))
    .orderBy(asc(examSeats.sessionId), asc(examSeats.seatNo));
  if (!seats.length) return;
  const assessors = await db
    .select({ sessionId: examSessionStaff.sessionId, roomId: examSessionStaff.roomId, name: people.name })
    .from(examSessionStaff)
    .innerJoin(people, eq(people.id, examSessionStaff.personId))
    .innerJoin(examSessions, eq(examSessions.id, examSessionStaff.sessionId))
    .where(and(eq(examSessions.planId, plan.id), eq(examSessionStaff.role, 'assessor')));
  const [orgUser] = await db.select({ id: users.id, name: users.realName }).from(users).where(eq(users.orgId, plan.orgId)).limit(1);
  const unfinished = plan.step === PLAN_STEP.SCORES && plan.state === PLAN_STATE.WORKING;
  // 第 5 步办理中：每个实操场次座号最大的几名留空
  const leftOut = new Set<string>();
  if (unfinished) {
    const bySession = new Map<number, typeof seats>();
    for (const s of seats) if (s.subject === SUBJECT.ON_SITE) bySession.set(s.sessionId, [...(bySession.get(s.sessionId) ?? []), s]);
    for (const list of bySession.values()) for (const s of list.slice(-LEFT_FOR_ASSESSOR)) leftOut.add(`${s.examineeId}|${s.subject}`);
  }
  const done = new Set<string>();
  const rows: (typeof examScores.$inferInsert)[] = [];
  const at = new Date(Math.min(Date.now() - DAY, Date.parse(`${plan.examEndDate}T18:00:00+08:00`) + 2 * DAY));
  for (const s of seats) {
    const key = `${s.examineeId}|${s.subject}`;
    if (done.has(key) || leftOut.has(key) || !subjects.includes(s.subject)) continue;
    done.add(key);
    const r = rng(s.examineeId * 7 + s.subject);
    const roll = r();
    const mark = roll < 0.03 ? MARK.ABSENT : roll > 0.997 ? MARK.CHEATING : MARK.NORMAL;
    // 多数 62–97 分，约一成不及格
    const score = mark === MARK.NORMAL ? (r() < 0.1 ? 35 + Math.floor(r() * 25) : 62 + Math.floor(r() * 36)) + (r() < 0.3 ? 0.5 : 0) : null;
    const draft = unfinished && s.subject === SUBJECT.KNOWLEDGE && s.examineeId % DRAFT_EVERY === 0;
    const by = s.subject === SUBJECT.KNOWLEDGE ? (orgUser?.name ?? '考务人员') : (assessors.find((a) => a.sessionId === s.sessionId && (a.roomId === null || a.roomId === s.roomId))?.name ?? '考评员');
    rows.push({
      planId: plan.id,
      orgId: plan.orgId,
      cityId: plan.cityId,
      examineeId: s.examineeId,
      subject: s.subject,
      sessionId: s.sessionId,
      score: score === null ? null : score.toFixed(1),
      mark,
      status: draft ? SCORE_STATUS.ENTERED : SCORE_STATUS.SUBMITTED,
      enteredBy: s.subject === SUBJECT.KNOWLEDGE ? (orgUser?.id ?? null) : null,
      enteredByName: by,
      submittedAt: draft ? null : at,
      createdAt: at,
      updatedAt: at,
    });
  }
  if (!rows.length) return;
  const inserted = await db.insert(examScores).values(rows).onConflictDoNothing().returning();
  // 第 6 步以后：一条更正（复核后改分）
  const fixed = plan.step >= PLAN_STEP.PUBLICITY ? inserted.find((x) => x.mark === MARK.NORMAL && Number(x.score) >= 62 && Number(x.score) < 90) : undefined;
  if (fixed) {
    const after = (Number(fixed.score) + 2).toFixed(1);
    await db.update(examScores).set({ score: after }).where(eq(examScores.id, fixed.id));
    await db.insert(examScoreCorrections).values({
      scoreId: fixed.id,
      planId: plan.id,
      orgId: plan.orgId,
      cityId: plan.cityId,
      examineeId: fixed.examineeId,
      subject: fixed.subject,
      beforeScore: fixed.score,
      beforeMark: fixed.mark,
      afterScore: after,
      afterMark: fixed.mark,
      reason: '复核评分表，第 3 题漏计 2 分',
      actorName: fixed.enteredByName ?? '考评员',
      createdAt: new Date(at.getTime() + DAY),
    });
  }
  await recomputeResults(db, plan, [...new Set(seats.map((s) => s.examineeId))]);
}

/** 公示：started 天前开始（按工作日算结束）；objection 为 open / resolved / none */
async function seedPublicity(db: Db, plan: ExamPlan, startedDaysAgo: number, objection: 'open' | 'resolved' | 'none'): Promise<void> {
  const [orgUser] = await db.select({ id: users.id, name: users.realName }).from(users).where(eq(users.orgId, plan.orgId)).limit(1);
  const startsAt = new Date(Date.now() - startedDaysAgo * DAY);
  const days = publicityDays();
  const [pub] = await db
    .insert(scorePublicities)
    .values({ planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, workingDays: days, startsAt, endsAt: publicityEnd(startsAt, days), startedBy: orgUser?.id ?? null, startedByName: orgUser?.name ?? '评价机构', createdAt: startsAt })
    .onConflictDoNothing()
    .returning();
  if (!pub || objection === 'none') return;
  const [e] = await db
    .select({ id: examinees.id, name: examinees.name })
    .from(examinees)
    .where(and(eq(examinees.planId, plan.id), ne(examinees.qualification, QUALIFICATION.REFUSED)))
    .orderBy(asc(examinees.id))
    .limit(1);
  if (!e) return;
  const resolved = objection === 'resolved';
  const [o] = await db.insert(scoreObjections).values({
    publicityId: pub.id,
    planId: plan.id,
    orgId: plan.orgId,
    cityId: plan.cityId,
    examineeId: e.id,
    raisedBy: e.name,
    contact: null,
    content: '本人对操作技能考核成绩有疑问，申请复核',
    status: resolved ? OBJECTION_STATUS.RESOLVED : OBJECTION_STATUS.OPEN,
    resolution: resolved ? '经复核评分表与现场录像，成绩无误，已电话告知本人' : null,
    recordedBy: orgUser?.id ?? null,
    recordedByName: orgUser?.name ?? '评价机构',
    resolvedByName: resolved ? '市级管理员' : null,
    resolvedAt: resolved ? new Date(startsAt.getTime() + DAY) : null,
    createdAt: new Date(startsAt.getTime() + DAY / 2),
  }).returning();
  // 已处理的异议带一行处理历史（与经工作流引擎处理的一样）
  if (resolved)
    await db.insert(scoreObjectionHistory).values({
      objectionId: o.id,
      action: 'resolve',
      fromStatus: OBJECTION_STATUS.OPEN,
      toStatus: OBJECTION_STATUS.RESOLVED,
      opinion: o.resolution,
      actorId: null,
      actorName: '市级管理员',
      createdAt: o.resolvedAt!,
    });
}

export async function seedScores(db: Db): Promise<void> {
  const plans = await db
    .select()
    .from(examPlans)
    .where(and(gte(examPlans.step, PLAN_STEP.SCORES), ne(examPlans.state, PLAN_STATE.CANCELLED)))
    .orderBy(asc(examPlans.kind), asc(examPlans.id));
  if (!plans.length) return;
  const ids = plans.map((p) => p.id);
  const scored = await db.selectDistinct({ planId: examScores.planId }).from(examScores).where(inArray(examScores.planId, ids));
  const haveScores = new Set(scored.map((s) => s.planId));
  for (const plan of plans) if (!haveScores.has(plan.id)) await seedPlanScores(db, plan);

  const published = await db.select({ planId: scorePublicities.planId }).from(scorePublicities).where(inArray(scorePublicities.planId, ids));
  const havePublicity = new Set(published.map((p) => p.planId));
  const atPublicity = plans.filter((p) => p.step === PLAN_STEP.PUBLICITY);
  for (const [i, plan] of atPublicity.entries()) {
    if (havePublicity.has(plan.id)) continue;
    // 第一份公示中（两天前开始，有待处理的异议），第二份已结束（异议已处理），其余未开始
    if (i === 0) await seedPublicity(db, plan, 2, 'open');
    else if (i === 1) await seedPublicity(db, plan, 12, 'resolved');
  }
  for (const plan of plans.filter((p) => p.step > PLAN_STEP.PUBLICITY)) {
    if (havePublicity.has(plan.id)) continue;
    const daysAgo = Math.max(10, Math.round((Date.now() - Date.parse(`${plan.examEndDate}T00:00:00+08:00`)) / DAY) - 8);
    await seedPublicity(db, plan, daysAgo, 'none');
  }
}

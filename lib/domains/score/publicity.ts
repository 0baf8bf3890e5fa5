// 成绩公示（ScorePublicity；/publicity/…）：第 6 步由计划所属机构开始公示，公示期为 publicityDays() 个工作日（rules.ts），
// 不能提前结束；公示期内可登记异议（机构或市级），由市级处理；公示期满且没有待处理的异议，计划才能进入第 7 步（gates.ts 的 publicityEnded）。
// 公开页面（免登录，/publicity/score?code=…）按随机的公示码显示结果，姓名与证件号脱敏，带倒计时。
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import { can, type Session } from '@/lib/platform/auth/session';
import { scopeWhere } from '@/lib/platform/auth/scope';
import { fetchPage } from '@/lib/platform/db/paged';
import { containsPattern } from '@/lib/platform/db/like';
import { formatBeijing } from '@/lib/platform/time';
import { maskIdNumber, maskName } from '@/lib/platform/identity';
import { maskMobile } from '@/lib/platform/identity/mask';
import { LEVEL_NAMES } from '../catalog/schemas';
import { organisations } from '../org/tables';
import { examPlans, type ExamPlan } from '../exaPlan/tables';
import { examinees } from '../examinee/tables';
import { assertPlanAtStep, loadPlan } from '../exaPlan/access';
import { PLAN_KINDS, PLAN_STATE, PLAN_STEP, positionLabel } from '../exaPlan/transitions';
import { QUALIFICATION } from '../examinee/schemas';
import { planSubjects } from '../examSite/sessions';
import { examResults, examScores, scoreObjections, scorePublicities, type ScorePublicity } from './tables';
import { publicityDays, publicityEnd, RESULT, RESULT_LABEL, scoreText } from './rules';
import { planActions } from './service';
import { objectionWorkflow } from './workflow';
import {
  OBJECTION_STATUS,
  OBJECTION_STATUS_COLOR,
  OBJECTION_STATUS_LABEL,
  PUBLICITY_STATUS,
  PUBLICITY_STATUS_LABEL,
  type ObjectionItem,
  type PublicityItem,
  type PublicPublicity,
  type PublicRow,
} from './schemas';

/** 公开页面的路径（app/publicity/score/page.tsx） */
export const PUBLIC_PATH = '/publicity/score';
/** 公开页面最多列出的考生 */
export const PUBLIC_MAX_ROWS = 5000;

const actorName = (s: Session) => s.user.realName || s.user.nickName;

export function publicityStatus(p: Pick<ScorePublicity, 'endsAt'> | null, now = Date.now()): number {
  if (!p) return PUBLICITY_STATUS.WAITING;
  return now < p.endsAt.getTime() ? PUBLICITY_STATUS.RUNNING : PUBLICITY_STATUS.ENDED;
}

const isPlanOrg = (session: Session, plan: Pick<ExamPlan, 'orgId'>) => session.user.level === 'org' && session.user.orgId === plan.orgId;
const isPlanCity = (session: Session, plan: Pick<ExamPlan, 'cityId'>) => (session.user.level === 'city' && session.user.cityId === plan.cityId) || session.user.level === 'province';

// ---------- 列表 ----------

export async function listPublicity(db: Db, session: Session, filter: { kind?: number; code?: string; name?: string; status?: number }, page: Page): Promise<PageResult<PublicityItem>> {
  const now = new Date();
  const conds: (SQL | undefined)[] = [
    scopeWhere(session.user, { cityId: examPlans.cityId, orgId: examPlans.orgId }),
    sql`${examPlans.step} >= ${PLAN_STEP.PUBLICITY}`,
    ne(examPlans.state, PLAN_STATE.CANCELLED),
  ];
  if (filter.kind !== undefined) conds.push(eq(examPlans.kind, filter.kind));
  if (filter.code) conds.push(ilike(examPlans.code, containsPattern(filter.code)));
  if (filter.name) conds.push(ilike(examPlans.name, containsPattern(filter.name)));
  if (filter.status === PUBLICITY_STATUS.WAITING) conds.push(isNull(scorePublicities.id));
  if (filter.status === PUBLICITY_STATUS.RUNNING) conds.push(gt(scorePublicities.endsAt, now));
  if (filter.status === PUBLICITY_STATUS.ENDED) conds.push(lte(scorePublicities.endsAt, now));
  const where = and(...conds);
  const from = () =>
    db
      .select({ plan: examPlans, orgName: organisations.name, pub: scorePublicities })
      .from(examPlans)
      .innerJoin(organisations, eq(organisations.id, examPlans.orgId))
      .leftJoin(scorePublicities, eq(scorePublicities.planId, examPlans.id));
  return fetchPage(
    page,
    from()
      .where(where)
      .orderBy(asc(examPlans.step), desc(examPlans.examStartDate), desc(examPlans.id)),
    db.select({ total: count() }).from(examPlans).leftJoin(scorePublicities, eq(scorePublicities.planId, examPlans.id)).where(where),
    async (rows) => {
      const ids = rows.map((r) => r.plan.id);
      const [counts, actions] = await Promise.all([
        ids.length
          ? db
              .select({ planId: scoreObjections.planId, status: scoreObjections.status, n: count() })
              .from(scoreObjections)
              .where(inArray(scoreObjections.planId, ids))
              .groupBy(scoreObjections.planId, scoreObjections.status)
          : Promise.resolve([]),
        planActions(
          db,
          session,
          rows.map((r) => r.plan),
        ),
      ]);
      return rows.map(({ plan, orgName, pub }) => {
        const status = publicityStatus(pub, now.getTime());
        const mine = counts.filter((c) => c.planId === plan.id);
        const own: string[] = [];
        if (!pub && plan.step === PLAN_STEP.PUBLICITY && plan.state === PLAN_STATE.WORKING && isPlanOrg(session, plan) && can(session, 'publicity.add')) own.push('start');
        if (status === PUBLICITY_STATUS.RUNNING && plan.step === PLAN_STEP.PUBLICITY && (isPlanOrg(session, plan) || isPlanCity(session, plan)) && can(session, 'publicity.add')) own.push('objection');
        return {
          planId: plan.id,
          code: plan.code,
          name: plan.name,
          kind: plan.kind,
          kindName: PLAN_KINDS[plan.kind],
          orgName,
          step: plan.step,
          state: plan.state,
          positionName: positionLabel(plan),
          publicityId: pub?.id ?? null,
          status,
          statusName: PUBLICITY_STATUS_LABEL[status],
          startsAt: pub ? formatBeijing(pub.startsAt) : null,
          endsAt: pub ? formatBeijing(pub.endsAt) : null,
          publicPath: pub ? `${PUBLIC_PATH}?code=${pub.publicCode}` : null,
          workingDays: pub?.workingDays ?? null,
          openObjections: Number(mine.find((c) => c.status === OBJECTION_STATUS.OPEN)?.n ?? 0),
          objections: mine.reduce((a, c) => a + Number(c.n), 0),
          actions: [...own, ...(plan.step === PLAN_STEP.PUBLICITY ? (actions.get(plan.id) ?? []).filter((a) => a === 'advance' || a === 'applyAudit') : [])],
        };
      });
    },
  );
}

// ---------- 开始公示 ----------

/** 开始公示（/publicity/submit）：计划所属机构，第 6 步办理中；公示期从现在起到第 N 个工作日结束，不能提前结束 */
export async function startPublicity(db: Db, session: Session, input: { planId: number }, audit: Audit) {
  const plan = await loadPlan(db, session.user, input.planId);
  if (!isPlanOrg(session, plan)) throw ApiError.forbidden('只有计划所属的评价机构可以开始成绩公示');
  assertPlanAtStep(plan, PLAN_STEP.PUBLICITY, '开始成绩公示');
  const now = new Date();
  const days = publicityDays();
  const rows = await db
    .insert(scorePublicities)
    .values({ planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, workingDays: days, startsAt: now, endsAt: publicityEnd(now, days), startedBy: session.user.id, startedByName: actorName(session) })
    .onConflictDoNothing({ target: scorePublicities.planId })
    .returning();
  if (!rows.length) throw ApiError.badRequest('成绩公示已开始，不能重复开始');
  const pub = rows[0];
  audit({
    entity: 'score_publicity',
    entityId: pub.id,
    after: { planId: plan.id, startsAt: pub.startsAt, endsAt: pub.endsAt, workingDays: days },
    detail: `开始成绩公示（${plan.code}），${days} 个工作日，至 ${formatBeijing(pub.endsAt)}`,
  });
  return { id: pub.id, startsAt: formatBeijing(pub.startsAt), endsAt: formatBeijing(pub.endsAt), publicPath: `${PUBLIC_PATH}?code=${pub.publicCode}` };
}

// ---------- 异议 ----------

async function publicityOf(db: Db, planId: number): Promise<ScorePublicity | undefined> {
  const [p] = await db.select().from(scorePublicities).where(eq(scorePublicities.planId, planId));
  return p;
}

/** 异议列表：一份计划的（公示弹窗），不给计划时为范围内全部计划的 */
export async function listObjections(db: Db, session: Session, filter: { planId?: number; status?: number }, page: Page): Promise<PageResult<ObjectionItem>> {
  const plan = filter.planId === undefined ? null : await loadPlan(db, session.user, filter.planId);
  const where = and(
    plan ? eq(scoreObjections.planId, plan.id) : scopeWhere(session.user, { cityId: scoreObjections.cityId, orgId: scoreObjections.orgId }),
    filter.status === undefined ? undefined : eq(scoreObjections.status, filter.status),
  );
  return fetchPage(
    page,
    db
      .select({ o: scoreObjections, planCode: examPlans.code, examineeName: examinees.name })
      .from(scoreObjections)
      .innerJoin(examPlans, eq(examPlans.id, scoreObjections.planId))
      .leftJoin(examinees, eq(examinees.id, scoreObjections.examineeId))
      .where(where)
      .orderBy(asc(scoreObjections.status), desc(scoreObjections.id)),
    db.select({ total: count() }).from(scoreObjections).where(where),
    (rows) =>
      rows.map(({ o, planCode, examineeName }) => ({
        id: o.id,
        planId: o.planId,
        planCode,
        examineeName,
        raisedBy: o.raisedBy,
        // 提出人的联系方式：列表不显示，只给脱敏值
        contact: o.contact ? maskMobile(o.contact) : o.contact,
        content: o.content,
        status: o.status,
        statusName: OBJECTION_STATUS_LABEL[o.status],
        statusColor: OBJECTION_STATUS_COLOR[o.status] ?? 'default',
        resolution: o.resolution,
        recordedByName: o.recordedByName,
        resolvedByName: o.resolvedByName,
        createdAt: formatBeijing(o.createdAt),
        resolvedAt: o.resolvedAt ? formatBeijing(o.resolvedAt) : null,
        actions: objectionWorkflow.availableActions({ ...o, planCode }, session),
      })),
  );
}

/** 登记异议：公示期内，计划所属机构或所在市（省级亦可）；涉及的考生须是本计划的 */
export async function addObjection(db: Db, session: Session, input: { planId: number; examineeId?: number; raisedBy: string; contact?: string; content: string }, audit: Audit) {
  const plan = await loadPlan(db, session.user, input.planId);
  if (!isPlanOrg(session, plan) && !isPlanCity(session, plan)) throw ApiError.forbidden('只有计划所属的评价机构或所在市的管理员可以登记异议');
  const pub = await publicityOf(db, plan.id);
  if (!pub) throw ApiError.badRequest('成绩公示尚未开始，不能登记异议');
  if (publicityStatus(pub) !== PUBLICITY_STATUS.RUNNING || plan.step !== PLAN_STEP.PUBLICITY) throw ApiError.badRequest('成绩公示期已结束，不能再登记异议');
  if (input.examineeId !== undefined) {
    const [e] = await db.select({ planId: examinees.planId }).from(examinees).where(eq(examinees.id, input.examineeId));
    if (!e || e.planId !== plan.id) throw ApiError.badRequest('所选考生不是本计划的考生', { examineeId: '所选考生不是本计划的考生' });
  }
  const [row] = await db
    .insert(scoreObjections)
    .values({
      publicityId: pub.id,
      planId: plan.id,
      orgId: plan.orgId,
      cityId: plan.cityId,
      examineeId: input.examineeId ?? null,
      raisedBy: input.raisedBy,
      contact: input.contact ?? null,
      content: input.content,
      recordedBy: session.user.id,
      recordedByName: actorName(session),
    })
    .returning();
  audit({ entity: 'score_objection', entityId: row.id, after: row, detail: `登记成绩公示异议（${plan.code}）：${input.content.slice(0, 50)}` });
  return { id: row.id };
}

/** 处理异议：计划所在市的市级管理员（或省级），填写处理意见；处理后不能再改（状态机见 transitions.ts） */
export async function resolveObjection(db: Db, session: Session, input: { id: number; resolution: string }, audit: Audit) {
  await objectionWorkflow.apply(db, session, { id: input.id, action: 'resolve', opinion: input.resolution }, audit);
  return { id: input.id };
}

// ---------- 公开页面 ----------

/** 公开页面的数据（免登录）：按公示码；姓名、证件号脱敏；没有或码不对时为 null */
export async function publicPublicity(db: Db, code: string): Promise<PublicPublicity | null> {
  const [row] = await db
    .select({ pub: scorePublicities, plan: examPlans, orgName: organisations.name })
    .from(scorePublicities)
    .innerJoin(examPlans, eq(examPlans.id, scorePublicities.planId))
    .innerJoin(organisations, eq(organisations.id, examPlans.orgId))
    .where(eq(scorePublicities.publicCode, code));
  if (!row || row.plan.state === PLAN_STATE.CANCELLED) return null;
  const { pub, plan, orgName } = row;
  const where = and(eq(examinees.planId, plan.id), ne(examinees.qualification, QUALIFICATION.REFUSED));
  const [people, [{ n }]] = await Promise.all([
    db
      .select({ id: examinees.id, name: examinees.name, idNumber: examinees.idNumber, workName: examinees.workName, level: examinees.level, result: examResults.result })
      .from(examinees)
      .leftJoin(examResults, eq(examResults.examineeId, examinees.id))
      .where(where)
      .orderBy(asc(examinees.ticketNo), asc(examinees.id))
      .limit(PUBLIC_MAX_ROWS),
    db.select({ n: count() }).from(examinees).where(where),
  ]);
  const scores = people.length
    ? await db
        .select({ examineeId: examScores.examineeId, subject: examScores.subject, score: examScores.score, mark: examScores.mark })
        .from(examScores)
        .where(inArray(
          examScores.examineeId,
          people.map((p) => p.id),
        ))
    : [];
  const bySubject = new Map<number, Record<number, string>>();
  for (const s of scores) bySubject.set(s.examineeId, { ...(bySubject.get(s.examineeId) ?? {}), [s.subject]: scoreText(s) });
  const rows: PublicRow[] = people.map((p, i) => ({
    key: i + 1,
    name: maskName(p.name),
    idNumber: maskIdNumber(p.idNumber),
    workName: p.workName,
    levelName: LEVEL_NAMES[p.level] ?? String(p.level),
    scores: bySubject.get(p.id) ?? {},
    resultName: RESULT_LABEL[p.result ?? RESULT.PENDING],
  }));
  return {
    planName: plan.name,
    planCode: plan.code,
    orgName,
    kindName: PLAN_KINDS[plan.kind],
    subjects: planSubjects(plan),
    startsAt: formatBeijing(pub.startsAt),
    endsAt: formatBeijing(pub.endsAt),
    endsAtMs: pub.endsAt.getTime(),
    ended: publicityStatus(pub) === PUBLICITY_STATUS.ENDED,
    workingDays: pub.workingDays,
    rows,
    total: Number(n),
  };
}

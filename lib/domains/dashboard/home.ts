// 首页分析（SPEC §2 screen 1、§3 “Home data”）：十个计数、四类计划的 12 个月趋势、近七天与累计、待我审核的备案与计划。
// 每个数都是一条按范围过滤的聚合查询（count(*) filter …），一张表一条，不逐行取数；口径与索引见 docs/DASHBOARD.md。
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { SessionUser } from '@/lib/platform/auth/session';
import { formatBeijing } from '@/lib/platform/time';
import { examPlans } from '../exaPlan/tables';
import { examinees } from '../examinee/tables';
import { PLAN_KINDS, PLAN_STATE, PLAN_STEP, pendingStates, positionLabel } from '../exaPlan/transitions';
import { filings, filingIncrements } from '../filing/tables';
import { FILING_IN_FORCE, STATUS_LABEL as FILING_STATUS_LABEL, pendingStatuses } from '../filing/transitions';
import { people } from '../personnel/tables';
import { certificates } from '../certificate/tables';
import { organisations } from '../org/tables';
import { CERT_VALID, PERSON_ACTIVE, PLAN_KIND } from './codes';
import { beijingMonth, countWhere, currentYear, inYear, num, scoped, sevenDays, since } from './scope';
import type { FilingReviewRow, HomePageData, MonthAmount, PlanReviewRow, TrendData } from './schemas';

const notCancelled = sql`${examPlans.state} <> ${PLAN_STATE.CANCELLED}`;
const inForce = inArray(filings.status, [...FILING_IN_FORCE]);
const distinctOrgs = (kind: number) => sql<number>`(count(distinct ${filings.orgId}) filter (where ${filings.kind} = ${kind} and ${inForce}))::int`;

/**
 * 首页的五条聚合（计划、备案、人员、考生、证书各一条），from 为近七天的起点。
 * 单独导出构造函数：基准的基线（bench/cases.ts）用同一组查询生成 SQL。
 */
export function homeQueries(db: Db, user: SessionUser, from: Date) {
  return [
    db
      .select({
        opened: countWhere(sql`${notCancelled} and ${examPlans.step} >= ${PLAN_STEP.IMPLEMENT}`),
        completed: countWhere(sql`${notCancelled} and ${examPlans.step} >= ${PLAN_STEP.PUBLICITY}`),
        certified: countWhere(sql`${notCancelled} and ${examPlans.step} >= ${PLAN_STEP.CERTIFICATES}`),
        sevenDays: countWhere(since(examPlans.createdAt, from)),
      })
      .from(examPlans)
      .where(scoped(user, { cityId: examPlans.cityId, orgId: examPlans.orgId })),
    db
      .select({
        recorded: countWhere(inForce),
        skill: distinctOrgs(PLAN_KIND.SKILL_LEVEL),
        qualification: distinctOrgs(PLAN_KIND.QUALIFICATION),
        special: distinctOrgs(PLAN_KIND.SPECIAL_ABILITY),
        organ: distinctOrgs(PLAN_KIND.ORGAN_WORK),
      })
      .from(filings)
      .where(scoped(user, { cityId: filings.cityId, orgId: filings.orgId })),
    db
      .select({
        assessors: countWhere(sql`${people.library} = 'assessor'`),
        supervisors: countWhere(sql`${people.library} = 'supervisor'`),
      })
      .from(people)
      .where(and(eq(people.status, PERSON_ACTIVE), inArray(people.library, ['assessor', 'supervisor']), scoped(user, { cityId: people.cityId, countyId: people.countyId, orgId: people.orgId }))),
    db
      .select({ all: sql<number>`count(*)::int`, sevenDays: countWhere(since(examinees.createdAt, from)) })
      .from(examinees)
      .where(scoped(user, { cityId: examinees.cityId, orgId: examinees.orgId })),
    db
      .select({ all: sql<number>`count(*)::int`, sevenDays: countWhere(since(certificates.createdAt, from)) })
      .from(certificates)
      .where(and(eq(certificates.status, CERT_VALID), scoped(user, { cityId: certificates.cityId, orgId: certificates.orgId }))),
  ] as const;
}

type Agg = Record<string, unknown> | undefined;

/** 五条聚合的结果（各一行）→ 首页数据 */
export function toHomeData([plan, filing, person, examinee, cert]: readonly Agg[], today: string, sevenDay: string): HomePageData {
  return {
    openingPlanAmount: num(plan?.opened),
    recordedBusinessAmount: num(filing?.recorded),
    assessorsAmount: num(person?.assessors),
    skillLevelInstitutionsAmount: num(filing?.skill),
    institutionsSpecialCapacityAmount: num(filing?.special),
    completedEvaluationsAmount: num(plan?.completed),
    cumulativeEvaluationCertifiedAmount: num(plan?.certified),
    supervisorsAmount: num(person?.supervisors),
    professionalQualificationAppraisalInstitutionAmount: num(filing?.qualification),
    organWorkExamination: num(filing?.organ),
    enrollmentAmount: num(examinee?.all),
    forensicsAmount: num(cert?.all),
    plannedBySevenDays: num(plan?.sevenDays),
    enrollmentAmountBySevenDays: num(examinee?.sevenDays),
    forensicsAmountBySevenDays: num(cert?.sevenDays),
    today,
    sevenDay,
  };
}

/** 首页十个计数与累计、近七天：五条聚合并行 */
export async function homePageData(db: Db, user: SessionUser, now = new Date()): Promise<HomePageData> {
  const { today, sevenDay, since: from } = sevenDays(now);
  const results = await Promise.all(homeQueries(db, user, from));
  return toHomeData(
    results.map((r) => r[0]),
    today,
    sevenDay,
  );
}

const TREND_KEYS = ['skillLevelAmounts', 'professionalQualificationAmounts', 'specialAbilityAmounts', 'organWorkExaminationAmounts'] as const;

export const twelveMonths = (counts: ReadonlyMap<number, number> = new Map()): MonthAmount[] =>
  Array.from({ length: 12 }, (_, i) => ({ month: i + 1, amount: counts.get(i + 1) ?? 0 }));

/** 四类计划各月新建的计划数（按创建时间的北京时间月份；含后来取消的） */
export async function changeTrend(db: Db, user: SessionUser, year = currentYear()): Promise<TrendData> {
  const month = beijingMonth(examPlans.createdAt);
  const rows = await db
    .select({ kind: examPlans.kind, month, n: sql<number>`count(*)::int` })
    .from(examPlans)
    .where(and(scoped(user, { cityId: examPlans.cityId, orgId: examPlans.orgId }), inYear(examPlans.createdAt, year)))
    .groupBy(examPlans.kind, month);
  const byKind = [0, 1, 2, 3].map((k) => new Map(rows.filter((r) => r.kind === k).map((r) => [num(r.month), num(r.n)])));
  return {
    year,
    skillLevelAmounts: twelveMonths(byKind[PLAN_KIND.SKILL_LEVEL]),
    professionalQualificationAmounts: twelveMonths(byKind[PLAN_KIND.QUALIFICATION]),
    specialAbilityAmounts: twelveMonths(byKind[PLAN_KIND.SPECIAL_ABILITY]),
    organWorkExaminationAmounts: twelveMonths(byKind[PLAN_KIND.ORGAN_WORK]),
  };
}
export { TREND_KEYS };

type Actor = 'org' | 'city' | 'province';
function reviewerOf(user: SessionUser): Exclude<Actor, 'org'> | null {
  return user.level === 'city' ? 'city' : user.level === 'province' ? 'province' : null;
}

const iso = (d: Date | null) => (d ? formatBeijing(d) : '');

/** 待我审核的备案（备案本身或其增量在我的审核环节），最近提交的在前；机构与县级没有审核环节，为空 */
export async function filingReviews(db: Db, user: SessionUser, limit = 10): Promise<FilingReviewRow[]> {
  const actor = reviewerOf(user);
  if (!actor) return [];
  const own = pendingStatuses(actor, 'filing');
  const inc = pendingStatuses(actor, 'increment');
  const rows = await db
    .select({ f: filings, orgName: organisations.name })
    .from(filings)
    .innerJoin(organisations, eq(organisations.id, filings.orgId))
    .where(
      and(
        scoped(user, { cityId: filings.cityId, orgId: filings.orgId }),
        sql`(${own.length ? inArray(filings.status, own) : sql`false`} or ${
          inc.length ? sql`exists (select 1 from ${filingIncrements} where ${filingIncrements.filingId} = ${filings.id} and ${inArray(filingIncrements.status, inc)})` : sql`false`
        })`,
      ),
    )
    .orderBy(desc(filings.updatedAt), desc(filings.id))
    .limit(limit);
  return rows.map(({ f, orgName }) => ({
    id: f.id,
    orgName,
    fillingType: f.kind,
    fillingTypeName: PLAN_KINDS[f.kind] ?? String(f.kind),
    statusName: FILING_STATUS_LABEL[f.status] ?? String(f.status),
    createTime: iso(f.submittedAt ?? f.createdAt),
    bizCode: f.code,
  }));
}

/** 待我审核的计划（计划审核与各步审核），最近的在前 */
export async function planReviews(db: Db, user: SessionUser, limit = 10): Promise<PlanReviewRow[]> {
  const actor = reviewerOf(user);
  if (!actor) return [];
  const states = pendingStates(actor);
  if (!states.length) return [];
  const rows = await db
    .select({ p: examPlans, orgName: organisations.name })
    .from(examPlans)
    .innerJoin(organisations, eq(organisations.id, examPlans.orgId))
    .where(and(scoped(user, { cityId: examPlans.cityId, orgId: examPlans.orgId }), inArray(examPlans.state, states)))
    .orderBy(desc(examPlans.updatedAt), desc(examPlans.id))
    .limit(limit);
  return rows.map(({ p, orgName }) => ({
    id: p.id,
    planName: p.name,
    planType: p.kind,
    planTypeName: PLAN_KINDS[p.kind] ?? String(p.kind),
    planStep: p.step,
    planStepName: positionLabel(p),
    orgName,
    createTime: iso(p.submittedAt ?? p.createdAt),
    bizCode: p.code,
  }));
}



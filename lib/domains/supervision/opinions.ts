// 督导意见（exaSupervisorOpinion：对场次或整个计划）与督导员对评价机构的评价（exaSupervisorOpinionOrg：每人每计划一份）。
// 只有分派到该计划的督导员本人可以填写，且在考务安排或成绩管理步骤；查看按范围，督导员账号只看分派给自己的计划。
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import type { Session } from '@/lib/platform/auth/session';
import { scopeWhere } from '@/lib/platform/auth/scope';
import { fetchPage } from '@/lib/platform/db/paged';
import { formatBeijing } from '@/lib/platform/time';
import { attachFiles } from '../file/service';
import { organisations } from '../org/tables';
import { examPlans } from '../exaPlan/tables';
import { examSessions } from '../examSite/tables';
import { assertAssignedSupervisor, assertSupervisionStep, loadSupervisedPlan, supervisedWhere, supervisionOf } from './access';
import { supervisorOpinions, supervisorOrgOpinions } from './tables';
import { examNotStarted, sessionNotStarted } from './time-gates';
import { OPINION_CONCLUSION_LABEL, ORG_RATING_LABEL, type OpinionAdd, type OpinionItem, type OrgOpinionItem } from './schemas';

const OPINION_ENTITY = 'supervisor_opinion';

/** 指明场次时按该场次，否则按计划的第一场 */
async function openingRefusal(db: Db, planId: number, sessionId: number | undefined, what: string): Promise<string | null> {
  if (sessionId === undefined) return examNotStarted(db, planId, what);
  const [s] = await db.select({ name: examSessions.name, examDate: examSessions.examDate, startTime: examSessions.startTime }).from(examSessions).where(eq(examSessions.id, sessionId));
  return s ? sessionNotStarted(s, what) : null;
}

/** 填写督导意见（exaSupervisorOpinion/add）：指明场次时须是本人担任督导的场次 */
export async function addOpinion(db: Db, session: Session, input: OpinionAdd, audit: Audit) {
  const { plan, sup, sessionIds } = await loadSupervisedPlan(db, session.user, input.planId);
  assertSupervisionStep(plan, '填写督导意见');
  const person = assertAssignedSupervisor(sup, sessionIds, '填写督导意见');
  if (input.sessionId !== undefined && !sessionIds.includes(input.sessionId)) {
    const [s] = await db.select({ planId: examSessions.planId }).from(examSessions).where(eq(examSessions.id, input.sessionId));
    throw ApiError.badRequest(!s || s.planId !== plan.id ? '所选场次不属于该考试计划' : '您没有被分派督导该场次');
  }
  // 时间条件（time-gates.ts）：对场次的意见须该场次已开考，对整个计划的须第一场已开考
  const early = await openingRefusal(db, plan.id, input.sessionId, '填写督导意见');
  if (early) throw ApiError.conflict(early);
  const authorName = session.user.realName ?? person.name;
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(supervisorOpinions)
      .values({
        planId: plan.id,
        orgId: plan.orgId,
        cityId: plan.cityId,
        sessionId: input.sessionId ?? null,
        personId: person.id,
        userId: session.user.id,
        authorName,
        conclusion: input.conclusion,
        content: input.content,
        files: input.files,
      })
      .returning();
    await attachFiles(tx, { entity: OPINION_ENTITY, entityId: created.id }, input.files, { by: session.user });
    return created;
  });
  audit({ entity: OPINION_ENTITY, entityId: row.id, after: { planId: plan.id, sessionId: row.sessionId, conclusion: row.conclusion, content: row.content }, detail: `填写督导意见（计划 ${plan.code}）` });
  return { id: row.id };
}

/** 督导意见列表（exaSupervisorOpinion/byCode）：按计划编号或计划、结论 */
export async function listOpinions(db: Db, session: Session, filter: { planCode?: string; planId?: number; conclusion?: number }, page: Page): Promise<PageResult<OpinionItem>> {
  const sup = await supervisionOf(db, session.user);
  const where = and(
    scopeWhere(session.user, { cityId: supervisorOpinions.cityId, orgId: supervisorOpinions.orgId }),
    supervisedWhere(sup, supervisorOpinions.planId),
    filter.planId !== undefined ? eq(supervisorOpinions.planId, filter.planId) : undefined,
    filter.planCode ? eq(examPlans.code, filter.planCode) : undefined,
    filter.conclusion !== undefined ? eq(supervisorOpinions.conclusion, filter.conclusion) : undefined,
  );
  return fetchPage(
    page,
    db
      .select({ o: supervisorOpinions, planCode: examPlans.code, planName: examPlans.name, orgName: organisations.name, sessionName: examSessions.name })
      .from(supervisorOpinions)
      .innerJoin(examPlans, eq(examPlans.id, supervisorOpinions.planId))
      .innerJoin(organisations, eq(organisations.id, supervisorOpinions.orgId))
      .leftJoin(examSessions, eq(examSessions.id, supervisorOpinions.sessionId))
      .where(where)
      .orderBy(desc(supervisorOpinions.id)),
    db.select({ total: count() }).from(supervisorOpinions).innerJoin(examPlans, eq(examPlans.id, supervisorOpinions.planId)).where(where),
    (rows) =>
      rows.map(({ o, planCode, planName, orgName, sessionName }) => ({
        id: o.id,
        planId: o.planId,
        planCode,
        planName,
        orgName,
        sessionId: o.sessionId,
        sessionName,
        authorName: o.authorName,
        conclusion: o.conclusion,
        conclusionName: OPINION_CONCLUSION_LABEL[o.conclusion] ?? '',
        content: o.content,
        files: o.files,
        createTime: formatBeijing(o.createdAt),
      })),
  );
}

/** 督导员对评价机构的评价（exaSupervisorOpinionOrg/add）：每人每计划一份，再次提交即修改 */
export async function saveOrgOpinion(db: Db, session: Session, input: { planId: number; rating: number; content: string; suggestion?: string }, audit: Audit) {
  const { plan, sup, sessionIds } = await loadSupervisedPlan(db, session.user, input.planId);
  assertSupervisionStep(plan, '填写对评价机构的评价');
  const person = assertAssignedSupervisor(sup, sessionIds, '填写对评价机构的评价');
  const early = await examNotStarted(db, plan.id, '填写对评价机构的评价');
  if (early) throw ApiError.conflict(early);
  const [before] = await db
    .select()
    .from(supervisorOrgOpinions)
    .where(and(eq(supervisorOrgOpinions.planId, plan.id), eq(supervisorOrgOpinions.personId, person.id)));
  const values = { rating: input.rating, content: input.content, suggestion: input.suggestion ?? null, userId: session.user.id, authorName: session.user.realName ?? person.name };
  const [row] = await db
    .insert(supervisorOrgOpinions)
    .values({ planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, personId: person.id, ...values })
    .onConflictDoUpdate({ target: [supervisorOrgOpinions.planId, supervisorOrgOpinions.personId], set: { ...values, updatedAt: new Date() } })
    .returning();
  audit({ entity: 'supervisor_opinion_org', entityId: row.id, before: before ?? undefined, after: row, detail: `${before ? '修改' : '填写'}对评价机构的评价（计划 ${plan.code}）` });
  return { id: row.id };
}

/** 对评价机构的评价列表（exaSupervisorOpinionOrg/by） */
export async function listOrgOpinions(db: Db, session: Session, filter: { planId?: number; planCode?: string }, page: Page): Promise<PageResult<OrgOpinionItem>> {
  const sup = await supervisionOf(db, session.user);
  const where = and(
    scopeWhere(session.user, { cityId: supervisorOrgOpinions.cityId, orgId: supervisorOrgOpinions.orgId }),
    supervisedWhere(sup, supervisorOrgOpinions.planId),
    filter.planId !== undefined ? eq(supervisorOrgOpinions.planId, filter.planId) : undefined,
    filter.planCode ? eq(examPlans.code, filter.planCode) : undefined,
  );
  return fetchPage(
    page,
    db
      .select({ o: supervisorOrgOpinions, planCode: examPlans.code, planName: examPlans.name, orgName: organisations.name })
      .from(supervisorOrgOpinions)
      .innerJoin(examPlans, eq(examPlans.id, supervisorOrgOpinions.planId))
      .innerJoin(organisations, eq(organisations.id, supervisorOrgOpinions.orgId))
      .where(where)
      .orderBy(desc(supervisorOrgOpinions.updatedAt), desc(supervisorOrgOpinions.id)),
    db.select({ total: count() }).from(supervisorOrgOpinions).innerJoin(examPlans, eq(examPlans.id, supervisorOrgOpinions.planId)).where(where),
    (rows) =>
      rows.map(({ o, planCode, planName, orgName }) => ({
        id: o.id,
        planId: o.planId,
        planCode,
        planName,
        orgName,
        authorName: o.authorName,
        rating: o.rating,
        ratingName: ORG_RATING_LABEL[o.rating] ?? '',
        content: o.content,
        suggestion: o.suggestion,
        updateTime: formatBeijing(o.updatedAt),
      })),
  );
}

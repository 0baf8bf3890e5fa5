// 考务安排的计划选择、概况（getExamAff）与考务办公室（createExaOffice：每个计划一个，地点、联系人、办公室人员）。
import { maskMobile } from '@/lib/platform/identity/mask';
import { and, asc, count, desc, eq, gte, ilike, inArray, ne, or } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import type { Session } from '@/lib/platform/auth/session';
import { scopeWhere } from '@/lib/platform/auth/scope';
import { containsPattern } from '@/lib/platform/db/like';
import { fetchPage } from '@/lib/platform/db/paged';
import { organisations } from '../org/tables';
import { people } from '../personnel/tables';
import { STATUS_ACTIVE } from '../personnel/service';
import { examPlans, type ExamPlan } from '../exaPlan/tables';
import { examSessions } from '../examSite/tables';
import { PLAN_STATE, PLAN_STEP, positionLabel } from '../exaPlan/transitions';
import { affairsActions, loadPlan, planForAffairs, seatedSlots } from './context';
import { affairsMissing } from './gates';
import { examAffairAttaches, examOffices, examOfficeStaff, examOfflinePapers, examRoomPapers } from './tables';
import type { AffairsOverview, AffairsPlanPick, OfficeSave, OfficeView } from './schemas';

function pickOf(plan: ExamPlan, orgName: string, session: Session): AffairsPlanPick {
  return {
    id: plan.id,
    code: plan.code,
    name: plan.name,
    orgName,
    positionName: positionLabel(plan),
    examStartDate: plan.examStartDate,
    examEndDate: plan.examEndDate,
    actions: affairsActions(plan, session),
    label: `${plan.code} ${plan.name}`,
  };
}

/** 可做考务安排的计划：范围内、第 4 步及以后、未取消（可按名称或编号搜索），带当前用户可做的操作 */
export async function pickPlans(db: Db, session: Session, filter: { keyword?: string }, page: Page): Promise<PageResult<AffairsPlanPick>> {
  const where = and(
    scopeWhere(session.user, { cityId: examPlans.cityId, orgId: examPlans.orgId }),
    gte(examPlans.step, PLAN_STEP.EXAM_AFFAIRS),
    ne(examPlans.state, PLAN_STATE.CANCELLED),
    filter.keyword ? or(ilike(examPlans.name, containsPattern(filter.keyword)), ilike(examPlans.code, containsPattern(filter.keyword))) : undefined,
  );
  return fetchPage(
    page,
    // 第 4 步的计划排在前面（正在办理的考务安排），其余按新到旧
    db
      .select({ plan: examPlans, orgName: organisations.name })
      .from(examPlans)
      .innerJoin(organisations, eq(organisations.id, examPlans.orgId))
      .where(where)
      .orderBy(asc(examPlans.step), desc(examPlans.id)),
    db.select({ total: count() }).from(examPlans).where(where),
    (rows) => rows.map((r) => pickOf(r.plan, r.orgName, session)),
  );
}

async function officeView(db: Db, planId: number): Promise<OfficeView | null> {
  const [office] = await db.select().from(examOffices).where(eq(examOffices.planId, planId));
  if (!office) return null;
  const staff = await db
    .select({ personId: people.id, name: people.name, mobile: people.mobile, library: people.library })
    .from(examOfficeStaff)
    .innerJoin(people, eq(people.id, examOfficeStaff.personId))
    .where(eq(examOfficeStaff.officeId, office.id))
    .orderBy(asc(examOfficeStaff.id));
  // 人员的手机号（人员库里加密存放）在概况里脱敏
  return { id: office.id, place: office.place, contactName: office.contactName, contactPhone: office.contactPhone, remark: office.remark, staff: staff.map((s) => ({ ...s, mobile: maskMobile(s.mobile) })) };
}

/** 计划的考务安排概况（getExamAff）：考务办公室、有考生的场次考场与已分发试卷数、附件数、进入下一步还缺的 */
export async function examAffairsOverview(db: Db, session: Session, planId: number): Promise<AffairsOverview> {
  const plan = await loadPlan(db, session.user, planId);
  const [[org], office, slots, papers, [offline], [attaches], [sessions], missing] = await Promise.all([
    db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, plan.orgId)),
    officeView(db, plan.id),
    seatedSlots(db, plan.id),
    db.select({ sessionId: examRoomPapers.sessionId, roomId: examRoomPapers.roomId }).from(examRoomPapers).where(eq(examRoomPapers.planId, plan.id)),
    db.select({ n: count() }).from(examOfflinePapers).where(eq(examOfflinePapers.planId, plan.id)),
    db.select({ n: count() }).from(examAffairAttaches).where(eq(examAffairAttaches.planId, plan.id)),
    db.select({ n: count() }).from(examSessions).where(eq(examSessions.planId, plan.id)),
    plan.step === PLAN_STEP.EXAM_AFFAIRS ? affairsMissing(db, plan) : Promise.resolve([]),
  ]);
  return {
    plan: pickOf(plan, org?.name ?? '', session),
    office,
    sessions: Number(sessions.n),
    slots: slots.length,
    slotsWithPaper: slots.filter((s) => papers.some((p) => p.sessionId === s.sessionId && p.roomId === s.roomId)).length,
    offlinePapers: Number(offline.n),
    attaches: Number(attaches.n),
    missing,
  };
}

/** 设立或修改考务办公室（createExaOffice）：每个计划一个；办公室人员须是本机构在岗的考务人员或考评员 */
export async function saveOffice(db: Db, session: Session, input: OfficeSave, audit: Audit): Promise<OfficeView> {
  const plan = await planForAffairs(db, session.user, input.planId, '设立考务办公室');
  const ids = [...new Set(input.staffIds)];
  const found = ids.length
    ? await db
        .select({ id: people.id, name: people.name, library: people.library, orgId: people.orgId, status: people.status })
        .from(people)
        .where(inArray(people.id, ids))
    : [];
  for (const personId of ids) {
    const p = found.find((f) => f.id === personId);
    if (!p || p.orgId !== plan.orgId || p.library === 'supervisor') throw ApiError.badRequest('办公室人员须是本机构的考务人员或考评员');
    if (p.status !== STATUS_ACTIVE) throw ApiError.badRequest(`人员「${p.name}」已停用，不能安排到考务办公室`);
  }
  const before = await officeView(db, plan.id);
  const values = { place: input.place, contactName: input.contactName, contactPhone: input.contactPhone, remark: input.remark ?? null };
  await db.transaction(async (tx) => {
    const [office] = await tx
      .insert(examOffices)
      .values({ planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, ...values, createdBy: session.user.id })
      .onConflictDoUpdate({ target: examOffices.planId, set: { ...values, updatedAt: new Date() } })
      .returning({ id: examOffices.id });
    await tx.delete(examOfficeStaff).where(eq(examOfficeStaff.officeId, office.id));
    if (ids.length) await tx.insert(examOfficeStaff).values(ids.map((personId) => ({ officeId: office.id, personId })));
  });
  const after = (await officeView(db, plan.id))!;
  audit({ entity: 'exam_office', entityId: after.id, before, after, detail: `${before ? '修改' : '设立'}考务办公室（计划 ${plan.code}）` });
  return after;
}

/** 可安排到考务办公室的人员：本机构在岗的考务人员与考评员 */
export async function officeCandidates(db: Db, session: Session, filter: { planId: number }) {
  const plan = await loadPlan(db, session.user, filter.planId);
  const rows = await db
    .select({ id: people.id, name: people.name, mobile: people.mobile, library: people.library })
    .from(people)
    .where(and(eq(people.orgId, plan.orgId), inArray(people.library, ['examStaff', 'assessor']), eq(people.status, STATUS_ACTIVE)))
    .orderBy(asc(people.library), asc(people.name), asc(people.id))
    .limit(500);
  return rows.map((r) => ({ ...r, mobile: maskMobile(r.mobile), label: `${r.name}（${r.library === 'examStaff' ? '考务人员' : '考评员'}）` }));
}

// 考点考场各服务共用的读取：计划（按要做的事检查步骤）、范围内的考点/考场/场次、机构有效备案的考点、计划的编排全貌。
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import { assertInScope } from '@/lib/platform/auth/scope';
import { can, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { type ExamPlan } from '../exaPlan/tables';
import { examinees } from '../examinee/tables';
import { examRooms, examSeats, examSessions, examSites } from './tables';
import { loadPlan, loadPlanAtStep } from '../exaPlan/access';
import { EDITABLE_STATES, isWorkingOn, PLAN_STATE, PLAN_STEP, positionLabel } from '../exaPlan/transitions';
import { filings, filingSites } from '../filing/tables';
import { FILING_IN_FORCE } from '../filing/transitions';
import { QUALIFICATION_REFUSED } from './schemas';

export type Site = typeof examSites.$inferSelect;
export type Room = typeof examRooms.$inferSelect;
export type ExamSession = typeof examSessions.$inferSelect;

export const ARRANGE_WHAT = '编排考场';
export const STAFF_WHAT = '分派考场工作人员';

/** 工作人员可在第 3 步（编排考场）与第 4 步（考务安排）分派：考前常有人员变动 */
export const STAFF_STEPS: readonly number[] = [PLAN_STEP.ARRANGE_ROOMS, PLAN_STEP.EXAM_AFFAIRS];

/** 当前用户可改考点、考场、场次、座位：计划在第 3 步办理中或被驳回、本机构、有该资源的修改权限 */
export function arrangeEditable(plan: ExamPlan, session: Session, resource = 'examSite'): boolean {
  return session.user.level === 'org' && session.user.orgId === plan.orgId && isWorkingOn(plan, PLAN_STEP.ARRANGE_ROOMS) && can(session, `${resource}.edit`);
}

export function staffEditable(plan: ExamPlan, session: Session): boolean {
  return (
    session.user.level === 'org' &&
    session.user.orgId === plan.orgId &&
    STAFF_STEPS.includes(plan.step) &&
    EDITABLE_STATES.includes(plan.state) &&
    can(session, 'examSite.edit')
  );
}

/** 改考点、考场、场次、座位前：计划须在第 3 步、本机构办理 */
export const planForArrange = (db: Db, user: SessionUser, planId: number) => loadPlanAtStep(db, user, planId, PLAN_STEP.ARRANGE_ROOMS, ARRANGE_WHAT);

/** 分派工作人员前：计划须在第 3 或第 4 步、本机构办理 */
export async function planForStaff(db: Db, user: SessionUser, planId: number): Promise<ExamPlan> {
  const plan = await loadPlan(db, user, planId);
  if (plan.state === PLAN_STATE.CANCELLED) throw ApiError.badRequest(`计划已取消，不能${STAFF_WHAT}`);
  if (!STAFF_STEPS.includes(plan.step) || !EDITABLE_STATES.includes(plan.state)) {
    throw ApiError.badRequest(`计划当前处于「${positionLabel(plan)}」，${STAFF_WHAT}须在「编排考场」或「考务安排」步骤办理`);
  }
  if (user.level !== 'org' || user.orgId !== plan.orgId) throw ApiError.forbidden(`只有计划所属的评价机构可以${STAFF_WHAT}`);
  return plan;
}

export { loadPlan };

export async function loadSite(db: Db, user: SessionUser, id: number): Promise<Site> {
  const [row] = await db.select().from(examSites).where(eq(examSites.id, id));
  return assertInScope(user, row, '考点');
}

export async function loadRoom(db: Db, user: SessionUser, id: number): Promise<Room> {
  const [row] = await db.select().from(examRooms).where(eq(examRooms.id, id));
  return assertInScope(user, row, '考场');
}

export async function loadSession(db: Db, user: SessionUser, id: number): Promise<ExamSession> {
  const [row] = await db.select().from(examSessions).where(eq(examSessions.id, id));
  return assertInScope(user, row, '场次');
}

/** 计划所属机构有效备案（审核完成、作废在审、作废被驳回）里的考点 */
export async function filedExamSites(db: Db, orgId: number) {
  return db
    .select({
      id: filingSites.id,
      name: filingSites.name,
      address: filingSites.address,
      seats: filingSites.seats,
      contactName: filingSites.contactName,
      contactPhone: filingSites.contactPhone,
      filingCode: filings.code,
    })
    .from(filingSites)
    .innerJoin(filings, eq(filings.id, filingSites.filingId))
    .where(and(eq(filings.orgId, orgId), inArray(filings.status, FILING_IN_FORCE), eq(filingSites.siteType, 'examSite')))
    .orderBy(asc(filingSites.name), asc(filingSites.id));
}

export interface LayoutSeat {
  id: number;
  sessionId: number;
  roomId: number;
  examineeId: number;
  seatNo: number;
  idNumber: string;
  name: string;
  workCode: string;
  workName: string;
}

/** 计划的编排全貌：场次、考场、座位（带考生的证件号与工种）。一个计划至多几千个座位，整份读入内存检查 */
export async function loadLayout(db: Db, planId: number) {
  const [sessions, rooms, seats] = await Promise.all([
    db.select().from(examSessions).where(eq(examSessions.planId, planId)).orderBy(asc(examSessions.examDate), asc(examSessions.startTime), asc(examSessions.id)),
    db
      .select({ room: examRooms, siteName: examSites.name })
      .from(examRooms)
      .innerJoin(examSites, eq(examSites.id, examRooms.siteId))
      .where(eq(examRooms.planId, planId))
      .orderBy(asc(examSites.name), asc(examRooms.name), asc(examRooms.id)),
    db
      .select({
        id: examSeats.id,
        sessionId: examSeats.sessionId,
        roomId: examSeats.roomId,
        examineeId: examSeats.examineeId,
        seatNo: examSeats.seatNo,
        idNumber: examinees.idNumber,
        name: examinees.name,
        workCode: examinees.workCode,
        workName: examinees.workName,
      })
      .from(examSeats)
      .innerJoin(examSessions, eq(examSessions.id, examSeats.sessionId))
      .innerJoin(examinees, eq(examinees.id, examSeats.examineeId))
      .where(eq(examSessions.planId, planId)),
  ]);
  return { sessions, rooms: rooms.map((r) => ({ ...r.room, siteName: r.siteName })), seats: seats as LayoutSeat[] };
}
export type Layout = Awaited<ReturnType<typeof loadLayout>>;

/** 可安排考场的考生（资格不是“不符合”），按工种、id 排序 */
export function qualifiedExaminees(db: Db, planId: number) {
  return db
    .select({ id: examinees.id, name: examinees.name, idNumber: examinees.idNumber, workCode: examinees.workCode, workName: examinees.workName, ticketNo: examinees.ticketNo })
    .from(examinees)
    .where(and(eq(examinees.planId, planId), ne(examinees.qualification, QUALIFICATION_REFUSED)))
    .orderBy(asc(examinees.workCode), asc(examinees.id));
}

/** 场次适用于某工种：场次不限工种，或工种相同 */
export const appliesTo = (s: { workCode: string | null }, workCode: string): boolean => s.workCode === null || s.workCode === workCode;

// 谁可以录入哪名考生哪一科的成绩（唯一的一处，服务、导入与界面的 editable 都按它）：
// - 操作技能考核、综合评审（答辩）：只有分派到考生该科所在场次的考评员（exam_session_staff 角色 assessor，
//   分派到考场的须是考生所在的考场）。“考评员”凭登录账号对应的人员（person.user_id，见 personnel/accounts.ts）认出；
// - 理论知识考试：上述考评员，或计划所属机构的考务人员（本机构账号且有“考务安排”的修改权限，机考或阅卷后由考务录入）。
// 计划须处于“成绩管理”步骤办理中或被驳回；公示期（第 6 步）内只能因待处理的异议更正该考生已提交的成绩。
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import { inScope } from '@/lib/platform/auth/scope';
import { can, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { type ExamPlan } from '../exaPlan/tables';
import { examinees, type Examinee } from '../examinee/tables';
import { examRooms, examSeats, examSessions, examSessionStaff } from '../examSite/tables';
import { isWorkingOn, PLAN_STATE, PLAN_STEP, positionLabel } from '../exaPlan/transitions';
import { personIdOfUser } from '../personnel/accounts';
import { QUALIFICATION } from '../examinee/schemas';
import { SUBJECT, SUBJECT_LABEL } from './rules';

export interface Assignment {
  sessionId: number;
  roomId: number | null;
}

export interface EntryRights {
  /** 与账号对应的考评员（人员库）；没有对应时为 null */
  personId: number | null;
  /** 计划所属机构的考务人员（可录入理论知识成绩） */
  orgStaff: boolean;
  /** 本人在该计划各场次的考评员分派 */
  assigned: Assignment[];
}

export interface SeatInfo {
  sessionId: number;
  roomId: number;
  sessionName: string;
  examDate: string;
  startTime: string;
  endTime: string;
  roomName: string;
  seatNo: number;
}

/** 当前用户在计划里的录入身份 */
export async function entryRights(db: Db, session: Session, plan: ExamPlan): Promise<EntryRights> {
  const { user } = session;
  const orgStaff = user.level === 'org' && user.orgId === plan.orgId && can(session, 'examAffairs.edit');
  const personId = await personIdOfUser(db, user.id, 'assessor');
  const assigned = personId
    ? await db
        .select({ sessionId: examSessionStaff.sessionId, roomId: examSessionStaff.roomId })
        .from(examSessionStaff)
        .innerJoin(examSessions, eq(examSessions.id, examSessionStaff.sessionId))
        .where(and(eq(examSessions.planId, plan.id), eq(examSessionStaff.personId, personId), eq(examSessionStaff.role, 'assessor')))
    : [];
  return { personId, orgStaff, assigned };
}

/** 可以录入该科（按考生在该科的座位） */
export function mayEnter(rights: EntryRights, subject: number, seats: readonly Pick<SeatInfo, 'sessionId' | 'roomId'>[]): boolean {
  if (subject === SUBJECT.KNOWLEDGE && rights.orgStaff) return true;
  return seats.some((s) => rights.assigned.some((a) => a.sessionId === s.sessionId && (a.roomId === null || a.roomId === s.roomId)));
}

/** 不能录入时的原因（中文） */
export function entryRefusal(subject: number, seats: readonly SeatInfo[]): string {
  if (!seats.length) return `考生没有「${SUBJECT_LABEL[subject]}」的座位，不能录入成绩`;
  const s = seats[0];
  return subject === SUBJECT.KNOWLEDGE
    ? `只有场次「${s.sessionName}」的考评员或本机构的考务人员可以录入「${SUBJECT_LABEL[subject]}」成绩`
    : `只有场次「${s.sessionName}」考场「${s.roomName}」的考评员可以录入「${SUBJECT_LABEL[subject]}」成绩`;
}

/** 一批考生各科的座位：考生 → 科目 → 座位（可有几场） */
export async function seatsOf(db: Db, examineeIds: readonly number[]): Promise<Map<number, Map<number, SeatInfo[]>>> {
  const out = new Map<number, Map<number, SeatInfo[]>>();
  if (!examineeIds.length) return out;
  const rows = await db
    .select({
      examineeId: examSeats.examineeId,
      subject: examSessions.subject,
      sessionId: examSeats.sessionId,
      roomId: examSeats.roomId,
      sessionName: examSessions.name,
      examDate: examSessions.examDate,
      startTime: examSessions.startTime,
      endTime: examSessions.endTime,
      roomName: examRooms.name,
      seatNo: examSeats.seatNo,
    })
    .from(examSeats)
    .innerJoin(examSessions, eq(examSessions.id, examSeats.sessionId))
    .innerJoin(examRooms, eq(examRooms.id, examSeats.roomId))
    .where(inArray(examSeats.examineeId, [...examineeIds]))
    .orderBy(asc(examSessions.examDate), asc(examSessions.startTime));
  for (const { examineeId, subject, ...seat } of rows) {
    const bySubject = out.get(examineeId) ?? new Map<number, SeatInfo[]>();
    bySubject.set(subject, [...(bySubject.get(subject) ?? []), seat]);
    out.set(examineeId, bySubject);
  }
  return out;
}

/** 计划此刻的录入方式：成绩管理步骤办理中或被驳回 → 录入；公示中 → 只因异议更正；其余不能录入 */
export type EntryMode = 'entry' | 'objection' | null;

export function entryMode(plan: ExamPlan): EntryMode {
  if (isWorkingOn(plan, PLAN_STEP.SCORES)) return 'entry';
  if (plan.step === PLAN_STEP.PUBLICITY && plan.state === PLAN_STATE.WORKING) return 'objection';
  return null;
}

export const closedMessage = (plan: ExamPlan) =>
  plan.state === PLAN_STATE.CANCELLED ? '计划已取消，不能录入成绩' : `计划当前处于「${positionLabel(plan)}」，录入成绩须在「成绩管理」步骤办理`;

/** 计划里按准考证号找考生（二维码内容即准考证号） */
export async function examineesByTicket(db: Db, user: SessionUser, code: string, planId?: number): Promise<Examinee[]> {
  const rows = await db
    .select()
    .from(examinees)
    .where(and(eq(examinees.ticketNo, code), planId === undefined ? undefined : eq(examinees.planId, planId)))
    .limit(20);
  return rows.filter((r) => inScope(user, r));
}

/** 报考资格“不符合”的考生不安排考场，也没有成绩 */
export function assertNotRefused(e: Examinee): void {
  if (e.qualification === QUALIFICATION.REFUSED) throw ApiError.badRequest(`考生「${e.name}」报考资格不符合，没有成绩`);
}

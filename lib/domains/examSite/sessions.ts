// 场次：日期在计划的考试日期内，科目须是计划的考试安排类型，可限定一个工种。
// 已安排座位或工作人员的场次改时间时重新检查冲突（考生、考场、同一考试时段的容量与座号、工作人员）。
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import type { Session } from '@/lib/platform/auth/session';
import { examPlanWorks, type ExamPlan } from '../exaPlan/tables';
import { examSessions } from './tables';
import { appliesTo, arrangeEditable, loadLayout, loadPlan, loadSession, planForArrange, qualifiedExaminees, staffEditable, type ExamSession, type Layout } from './context';
import { examineeClash, examineeClashMessage, roomClash, roomClashMessage, sittingSeats } from './clash';
import { firstFew, ratioProblems, timeText } from './rules';
import { loadStaff, personClashes, pruneAssignments, ratioSeatsOf } from './staff';
import { STAFF_ROLE_LABEL, SUBJECT, SUBJECT_LABEL, type SessionAdd, type SessionItem, type SessionUpdate, type StaffRole } from './schemas';

type SessionFields = Pick<SessionAdd, 'subject' | 'examDate'> & { workCode?: string };

/** 默认场次（synExamination）：按科目的时段；综合评审在考试的最后一天 */
const DEFAULT_TIMES: Record<number, { startTime: string; endTime: string; lastDay?: true }> = {
  [SUBJECT.KNOWLEDGE]: { startTime: '09:00', endTime: '10:30' },
  [SUBJECT.ON_SITE]: { startTime: '13:30', endTime: '16:30' },
  [SUBJECT.DEFENCE]: { startTime: '17:00', endTime: '18:30', lastDay: true },
};

/** 计划的考试安排类型里的科目（0“不安排”除外） */
export const planSubjects = (plan: ExamPlan): number[] => plan.arrangeTypes.filter((t) => t in SUBJECT_LABEL);

async function planWorks(db: Db, planId: number): Promise<Map<string, string>> {
  const rows = await db.select({ workCode: examPlanWorks.workCode, workName: examPlanWorks.workName }).from(examPlanWorks).where(eq(examPlanWorks.planId, planId));
  return new Map(rows.map((r) => [r.workCode, r.workName]));
}

/** 场次的字段检查：科目是计划的安排类型、日期在考试日期内、工种是计划的工种 */
async function checkFields(db: Db, plan: ExamPlan, input: SessionFields): Promise<{ workCode: string | null }> {
  if (!planSubjects(plan).includes(input.subject)) {
    throw ApiError.badRequest(`计划的考试安排没有「${SUBJECT_LABEL[input.subject]}」`, { subject: '科目须是计划的考试安排类型' });
  }
  if (input.examDate < plan.examStartDate || input.examDate > plan.examEndDate) {
    throw ApiError.badRequest(`考试日期须在计划的考试日期 ${plan.examStartDate} 至 ${plan.examEndDate} 之内`, { examDate: '考试日期须在计划的考试日期之内' });
  }
  if (input.workCode && !(await planWorks(db, plan.id)).has(input.workCode)) throw ApiError.badRequest('所选工种不在计划的工种中', { workCode: '所选工种不在计划的工种中' });
  return { workCode: input.workCode ?? null };
}

export async function listSessions(db: Db, session: Session, filter: { planId: number; examDate?: string; subject?: number }, page: Page): Promise<PageResult<SessionItem>> {
  const plan = await loadPlan(db, session.user, filter.planId);
  const [layout, staff, works, qualified] = await Promise.all([loadLayout(db, plan.id), loadStaff(db, plan.id), planWorks(db, plan.id), qualifiedExaminees(db, plan.id)]);
  const all = layout.sessions.filter((s) => (filter.examDate === undefined || s.examDate === filter.examDate) && (filter.subject === undefined || s.subject === filter.subject));
  const editable = arrangeEditable(plan, session);
  const canStaff = staffEditable(plan, session);
  const list = all.slice(page.offset, page.offset + page.pageSize).map((s) => sessionItem(s, layout, staff, works, qualified, { editable, staffEditable: canStaff }));
  return { list, total: all.length };
}

function sessionItem(
  s: ExamSession,
  layout: Layout,
  staff: Awaited<ReturnType<typeof loadStaff>>,
  works: Map<string, string>,
  qualified: { id: number; workCode: string }[],
  flags: { editable: boolean; staffEditable: boolean },
): SessionItem {
  const seats = ratioSeatsOf(layout, s.id);
  const mine = staff.filter((p) => p.sessionId === s.id);
  // 适用于本场次、还没有同科目座位的考生
  const sameSubject = new Set(layout.sessions.filter((x) => x.subject === s.subject).map((x) => x.id));
  const seatedSubject = new Set(layout.seats.filter((x) => sameSubject.has(x.sessionId)).map((x) => x.examineeId));
  const unseated = qualified.filter((e) => appliesTo(s, e.workCode) && !seatedSubject.has(e.id)).length;
  const counts = (Object.keys(STAFF_ROLE_LABEL) as StaffRole[]).map((r) => [r, mine.filter((p) => p.role === r).length] as const).filter(([, n]) => n > 0);
  return {
    id: s.id,
    planId: s.planId,
    name: s.name,
    subject: s.subject,
    subjectName: SUBJECT_LABEL[s.subject],
    workCode: s.workCode,
    workName: s.workCode ? (works.get(s.workCode) ?? s.workCode) : null,
    examDate: s.examDate,
    startTime: s.startTime,
    endTime: s.endTime,
    timeText: timeText(s),
    seated: seats.length,
    unseated,
    staffText: counts.map(([r, n]) => `${STAFF_ROLE_LABEL[r]} ${n}`).join(' · '),
    problems: ratioProblems(s, seats, mine),
    ...flags,
  };
}

export async function addSession(db: Db, session: Session, input: SessionAdd, audit: Audit) {
  const plan = await planForArrange(db, session.user, input.planId);
  const { workCode } = await checkFields(db, plan, input);
  const [row] = await db
    .insert(examSessions)
    .values({ planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, name: input.name, subject: input.subject, workCode, examDate: input.examDate, startTime: input.startTime, endTime: input.endTime })
    .returning();
  audit({ entity: 'exam_session', entityId: row.id, after: row, detail: `新增场次 ${row.name}（${timeText(row)}，计划 ${plan.code}）` });
  return row;
}

/** 按工种批量建场次：计划的每个工种一个场次，同一时段（同时开考，可共用考场） */
export async function addSessionsByWork(db: Db, session: Session, input: { planId: number; subject: number; examDate: string; startTime: string; endTime: string }, audit: Audit) {
  const plan = await planForArrange(db, session.user, input.planId);
  await checkFields(db, plan, input);
  const works = await planWorks(db, plan.id);
  const existing = await db.select().from(examSessions).where(eq(examSessions.planId, plan.id));
  const rows = [...works]
    .filter(([code]) => !existing.some((s) => s.workCode === code && s.subject === input.subject && s.examDate === input.examDate && s.startTime === input.startTime && s.endTime === input.endTime))
    .map(([workCode, workName]) => ({ planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, name: `${workName}${SUBJECT_LABEL[input.subject]}`.slice(0, 64), subject: input.subject, workCode, examDate: input.examDate, startTime: input.startTime, endTime: input.endTime }));
  if (!rows.length) throw ApiError.badRequest('计划的每个工种在该时段都已有场次');
  const created = await db.insert(examSessions).values(rows).returning();
  audit({ entity: 'exam_session', entityId: plan.id, after: created, detail: `按工种新增 ${created.length} 个场次（${input.examDate} ${input.startTime}–${input.endTime}，计划 ${plan.code}）` });
  return { added: created.length };
}

/** 按计划的考试安排类型补上缺少的场次（每个科目一个，不限工种，默认时段） */
export async function syncSessions(db: Db, session: Session, input: { planId: number }, audit: Audit) {
  const plan = await planForArrange(db, session.user, input.planId);
  const existing = await db.select({ subject: examSessions.subject }).from(examSessions).where(eq(examSessions.planId, plan.id));
  const have = new Set(existing.map((e) => e.subject));
  const rows = planSubjects(plan)
    .filter((subject) => !have.has(subject))
    .map((subject) => {
      const t = DEFAULT_TIMES[subject];
      return { planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, name: SUBJECT_LABEL[subject], subject, workCode: null, examDate: t.lastDay ? plan.examEndDate : plan.examStartDate, startTime: t.startTime, endTime: t.endTime };
    });
  if (!rows.length) return { added: 0 };
  const created = await db.insert(examSessions).values(rows).returning();
  audit({ entity: 'exam_session', entityId: plan.id, after: created, detail: `按考试安排生成 ${created.length} 个场次（计划 ${plan.code}）` });
  return { added: created.length };
}

export async function updateSession(db: Db, session: Session, input: SessionUpdate, audit: Audit) {
  const before = await loadSession(db, session.user, input.id);
  const plan = await planForArrange(db, session.user, before.planId);
  const { workCode } = await checkFields(db, plan, input);
  const after: ExamSession = { ...before, name: input.name, subject: input.subject, workCode, examDate: input.examDate, startTime: input.startTime, endTime: input.endTime };
  const layout = await loadLayout(db, plan.id);
  const seats = layout.seats.filter((s) => s.sessionId === before.id);
  if (seats.length) {
    if (after.subject !== before.subject) throw ApiError.badRequest(`场次「${before.name}」已安排 ${seats.length} 名考生，不能修改科目`);
    const otherWork = seats.filter((s) => !appliesTo(after, s.workCode));
    if (otherWork.length) throw ApiError.badRequest(`场次已安排其他工种的考生（${firstFew(otherWork.map((s) => s.name))}），不能限定为该工种`);
    for (const seat of seats) {
      const clash = examineeClash(layout, seat.idNumber, after);
      if (clash) throw ApiError.badRequest(examineeClashMessage(seat.name, clash.other));
    }
    for (const roomId of new Set(seats.map((s) => s.roomId))) {
      const room = layout.rooms.find((r) => r.id === roomId)!;
      const other = roomClash(layout, roomId, after);
      if (other) throw ApiError.badRequest(roomClashMessage(room.name, other, after));
      const together = sittingSeats(layout, roomId, after);
      if (together.length > room.capacity) throw ApiError.badRequest(`考场「${room.name}」容量 ${room.capacity} 座，与同一时段的场次合计将有 ${together.length} 名考生，超出容量`);
      const numbers = together.map((s) => s.seatNo);
      const dup = numbers.find((n, i) => numbers.indexOf(n) !== i);
      if (dup !== undefined) throw ApiError.badRequest(`考场「${room.name}」的 ${dup} 号座位在同一时段的另一场次已被占用，请先调整座位`);
    }
  }
  const staff = (await loadStaff(db, plan.id)).filter((p) => p.sessionId === before.id);
  const clash = await personClashes(db, after, staff);
  if (clash) throw ApiError.badRequest(clash);
  const [row] = await db
    .update(examSessions)
    .set({ name: after.name, subject: after.subject, workCode: after.workCode, examDate: after.examDate, startTime: after.startTime, endTime: after.endTime })
    .where(eq(examSessions.id, before.id))
    .returning();
  audit({ entity: 'exam_session', entityId: row.id, before, after: row, detail: `修改场次 ${row.name}（${timeText(row)}，计划 ${plan.code}）` });
  return row;
}

/** 删除场次：连同其座位与工作人员（考生的准考证号保留） */
export async function deleteSession(db: Db, session: Session, input: { id: number }, audit: Audit) {
  const before = await loadSession(db, session.user, input.id);
  const plan = await planForArrange(db, session.user, before.planId);
  await db.transaction(async (tx) => {
    await tx.delete(examSessions).where(and(eq(examSessions.id, before.id), eq(examSessions.planId, plan.id)));
    await pruneAssignments(tx, plan);
  });
  audit({ entity: 'exam_session', entityId: before.id, before, detail: `删除场次 ${before.name}（${timeText(before)}，计划 ${plan.code}）` });
  return { deleted: 1 };
}

/** 场次下拉 */
export async function sessionOptions(db: Db, session: Session, filter: { planId: number }) {
  const plan = await loadPlan(db, session.user, filter.planId);
  const rows = await db.select().from(examSessions).where(eq(examSessions.planId, plan.id)).orderBy(asc(examSessions.examDate), asc(examSessions.startTime), asc(examSessions.id));
  return rows.map((s) => ({ id: s.id, subject: s.subject, label: `${s.name}（${timeText(s)}）` }));
}

/** 计划的工种下拉（场次限定工种用） */
export async function workOptions(db: Db, session: Session, filter: { planId: number }) {
  const plan = await loadPlan(db, session.user, filter.planId);
  return [...(await planWorks(db, plan.id))].map(([workCode, workName]) => ({ workCode, workName, label: `${workName}（${workCode}）` }));
}

// 场次的工作人员：考评员、督导员、考务人员取自人员库（只许在岗的人），按场次整体保存；
// 同一人不能在时间重叠的两个场次（同一考试时段同一考场的兼任除外）；分派同时记入人员的考务记录（person_assignment）。
// 第 3 步可先分派一部分（配比在进入第 4 步时由 gates.ts 检查）；第 4 步改动时配比须仍满足。
import { maskMobile } from '@/lib/platform/identity/mask';
import { and, asc, count, eq, ilike, inArray, ne, notInArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import type { Session } from '@/lib/platform/auth/session';
import { containsPattern } from '@/lib/platform/db/like';
import { examPlans, type ExamPlan } from '../exaPlan/tables';
import { examRooms, examSessions, examSessionStaff, examSites } from './tables';
import { PLAN_STEP } from '../exaPlan/transitions';
import { people, personAssignments, personWorks } from '../personnel/tables';
import { assertAssignable, assignPerson, STATUS_ACTIVE, worksOf as personWorksOf } from '../personnel/service';
import { loadLayout, loadPlan, loadSession, planForStaff, type ExamSession } from './context';
import { ratioProblems, sameSitting, overlaps, timeText, type RatioSeat, type RatioStaff } from './rules';
import { STAFF_ROLE_LABEL, SUBJECT, type CandidateItem, type StaffEntry, type StaffItem, type StaffRole } from './schemas';

export interface StaffRow extends RatioStaff {
  id: number;
  sessionId: number;
  personId: number;
  mobile: string;
}

/** 一批人员的可考评工种 */
async function worksOf(db: Db, personIds: number[]): Promise<Map<number, Set<string>>> {
  const map = new Map<number, Set<string>>();
  if (!personIds.length) return map;
  const rows = await db.select({ personId: personWorks.personId, workCode: personWorks.workCode }).from(personWorks).where(inArray(personWorks.personId, personIds));
  for (const r of rows) map.set(r.personId, (map.get(r.personId) ?? new Set()).add(r.workCode));
  return map;
}

/** 计划各场次的工作人员（带姓名、状态、可考评工种） */
export async function loadStaff(db: Db, planId: number): Promise<StaffRow[]> {
  const rows = await db
    .select({ staff: examSessionStaff, name: people.name, mobile: people.mobile, status: people.status })
    .from(examSessionStaff)
    .innerJoin(examSessions, eq(examSessions.id, examSessionStaff.sessionId))
    .innerJoin(people, eq(people.id, examSessionStaff.personId))
    .where(eq(examSessions.planId, planId))
    .orderBy(asc(examSessionStaff.id));
  const works = await worksOf(db, [...new Set(rows.map((r) => r.staff.personId))]);
  return rows.map((r) => ({
    id: r.staff.id,
    sessionId: r.staff.sessionId,
    personId: r.staff.personId,
    roomId: r.staff.roomId,
    role: r.staff.role as StaffRole,
    name: r.name,
    mobile: r.mobile,
    stopped: r.status !== STATUS_ACTIVE,
    works: works.get(r.staff.personId) ?? new Set(),
  }));
}

/** 一个场次的座位（配比规则用：考场与工种） */
export function ratioSeatsOf(layout: Awaited<ReturnType<typeof loadLayout>>, sessionId: number): RatioSeat[] {
  const roomName = new Map(layout.rooms.map((r) => [r.id, r.name]));
  return layout.seats.filter((s) => s.sessionId === sessionId).map((s) => ({ roomId: s.roomId, roomName: roomName.get(s.roomId) ?? '', workCode: s.workCode, workName: s.workName }));
}

/** 人员在其他场次（任何计划）的安排：时间重叠且不是同一考试时段同一考场的，返回冲突说明 */
export async function personClashes(db: Db, session: ExamSession, entries: readonly { personId: number; roomId: number | null; name: string; role: StaffRole }[]): Promise<string | null> {
  if (!entries.length) return null;
  const others = await db
    .select({ personId: examSessionStaff.personId, roomId: examSessionStaff.roomId, session: examSessions, planName: examPlans.name })
    .from(examSessionStaff)
    .innerJoin(examSessions, eq(examSessions.id, examSessionStaff.sessionId))
    .innerJoin(examPlans, eq(examPlans.id, examSessions.planId))
    .where(
      and(
        inArray(
          examSessionStaff.personId,
          entries.map((e) => e.personId),
        ),
        ne(examSessionStaff.sessionId, session.id),
        eq(examSessions.examDate, session.examDate),
      ),
    );
  for (const e of entries) {
    const clash = others.find((o) => o.personId === e.personId && overlaps(o.session, session) && !(sameSitting(o.session, session) && o.roomId === e.roomId));
    if (clash) return `${STAFF_ROLE_LABEL[e.role]}「${e.name}」已安排在 ${timeText(clash.session)} 的场次「${clash.session.name}」（${clash.planName}），与本场次时间重叠`;
  }
  return null;
}

/** 保存一个场次的全部工作人员（整体替换） */
export async function saveStaff(db: Db, session: Session, input: { sessionId: number; staff: StaffEntry[] }, audit: Audit) {
  const user = session.user;
  const target = await loadSession(db, user, input.sessionId);
  const plan = await planForStaff(db, user, target.planId);
  const ids = input.staff.map((s) => s.personId);
  if (new Set(ids).size !== ids.length) throw ApiError.badRequest('同一人员在一个场次只能分派一次');

  const found = ids.length ? await db.select().from(people).where(inArray(people.id, ids)) : [];
  const byId = new Map(found.map((p) => [p.id, p]));
  const rooms = await db.select({ id: examRooms.id, name: examRooms.name, siteName: examSites.name }).from(examRooms).innerJoin(examSites, eq(examSites.id, examRooms.siteId)).where(eq(examRooms.planId, plan.id));
  const roomById = new Map(rooms.map((r) => [r.id, r]));
  const layout = await loadLayout(db, plan.id);
  const seats = ratioSeatsOf(layout, target.id);
  const works = await worksOf(db, ids);

  const entries: (Omit<StaffEntry, 'roomId'> & { roomId: number | null; name: string })[] = [];
  for (const e of input.staff) {
    const label = STAFF_ROLE_LABEL[e.role];
    const p = byId.get(e.personId);
    if (!p || p.library !== e.role) throw ApiError.notFound(`所选${label}不存在`);
    await assertAssignable(db, e.role, p.id);
    if (e.role === 'supervisor' ? p.cityId !== plan.cityId : p.orgId !== plan.orgId) {
      throw ApiError.badRequest(`${label}「${p.name}」不属于${e.role === 'supervisor' ? '计划所在市' : '本机构'}，不能分派`);
    }
    const roomId = e.role === 'supervisor' ? null : (e.roomId ?? null);
    if (roomId !== null && !roomById.has(roomId)) throw ApiError.badRequest('所选考场不属于该考试计划');
    if (e.role === 'assessor' && target.subject !== SUBJECT.KNOWLEDGE) {
      if (roomId === null) throw ApiError.badRequest(`请为考评员「${p.name}」选择考场`);
      const can = works.get(p.id) ?? new Set<string>();
      const missing = [...new Map(seats.filter((s) => s.roomId === roomId && !can.has(s.workCode)).map((s) => [s.workCode, s.workName])).values()];
      if (missing.length) throw ApiError.badRequest(`考评员「${p.name}」不能考评工种「${missing.join('、')}」（考场「${roomById.get(roomId)!.name}」）`);
    }
    entries.push({ ...e, roomId, name: p.name });
  }
  const clash = await personClashes(db, target, entries);
  if (clash) throw ApiError.badRequest(clash);
  if (plan.step === PLAN_STEP.EXAM_AFFAIRS) {
    // 已进入考务安排：改动后配比仍须满足
    const after: RatioStaff[] = entries.map((e) => ({ name: e.name, role: e.role, roomId: e.roomId, stopped: false, works: works.get(e.personId) ?? new Set() }));
    const problems = ratioProblems(target, seats, after);
    if (problems.length) throw ApiError.badRequest(`计划已进入考务安排，工作人员须满足配比规则：${problems[0]}`);
  }

  const before = (await loadStaff(db, plan.id)).filter((s) => s.sessionId === target.id).map((s) => ({ personId: s.personId, name: s.name, role: s.role, roomId: s.roomId }));
  await db.transaction(async (tx) => {
    await tx.delete(examSessionStaff).where(eq(examSessionStaff.sessionId, target.id));
    if (entries.length) await tx.insert(examSessionStaff).values(entries.map((e) => ({ sessionId: target.id, roomId: e.roomId, personId: e.personId, role: e.role })));
    for (const e of entries) {
      const room = e.roomId !== null ? roomById.get(e.roomId) : rooms[0];
      await assignPerson(tx, e.role, e.personId, { planCode: plan.code, planName: plan.name, role: STAFF_ROLE_LABEL[e.role], siteName: room?.siteName, examDate: target.examDate });
    }
    await pruneAssignments(tx, plan);
  });
  audit({
    entity: 'exam_session_staff',
    entityId: target.id,
    before,
    after: entries.map((e) => ({ personId: e.personId, name: e.name, role: e.role, roomId: e.roomId })),
    detail: `分派场次「${target.name}」的工作人员 ${entries.length} 名（计划 ${plan.code}）`,
  });
  return { saved: entries.length };
}

/** 不再在本计划任何场次担任某角色的人员：删去其该角色的考务记录 */
export async function pruneAssignments(db: Db, plan: ExamPlan): Promise<void> {
  const current = await db
    .selectDistinct({ personId: examSessionStaff.personId, role: examSessionStaff.role })
    .from(examSessionStaff)
    .innerJoin(examSessions, eq(examSessions.id, examSessionStaff.sessionId))
    .where(eq(examSessions.planId, plan.id));
  for (const role of Object.keys(STAFF_ROLE_LABEL) as StaffRole[]) {
    const keep = current.filter((c) => c.role === role).map((c) => c.personId);
    await db
      .delete(personAssignments)
      .where(and(eq(personAssignments.planCode, plan.code), eq(personAssignments.role, STAFF_ROLE_LABEL[role]), keep.length ? notInArray(personAssignments.personId, keep) : undefined));
  }
}

/** 计划的工作人员（可按场次、角色） */
export async function listStaff(db: Db, session: Session, filter: { planId: number; sessionId?: number; role?: StaffRole }, page: Page): Promise<PageResult<StaffItem>> {
  const plan = await loadPlan(db, session.user, filter.planId);
  const where = and(
    eq(examSessions.planId, plan.id),
    filter.sessionId !== undefined ? eq(examSessionStaff.sessionId, filter.sessionId) : undefined,
    filter.role ? eq(examSessionStaff.role, filter.role) : undefined,
  );
  return fetchStaffPage(db, where, page);
}

async function fetchStaffPage(db: Db, where: ReturnType<typeof and>, page: Page): Promise<PageResult<StaffItem>> {
  const base = db
    .select({ staff: examSessionStaff, session: examSessions, roomName: examRooms.name, name: people.name, mobile: people.mobile, status: people.status })
    .from(examSessionStaff)
    .innerJoin(examSessions, eq(examSessions.id, examSessionStaff.sessionId))
    .innerJoin(people, eq(people.id, examSessionStaff.personId))
    .leftJoin(examRooms, eq(examRooms.id, examSessionStaff.roomId))
    .where(where)
    .orderBy(asc(examSessions.examDate), asc(examSessions.startTime), asc(examSessionStaff.sessionId), asc(examSessionStaff.role), asc(examSessionStaff.id));
  const [rows, [{ total }]] = await Promise.all([
    base.limit(page.pageSize).offset(page.offset),
    db.select({ total: count() }).from(examSessionStaff).innerJoin(examSessions, eq(examSessions.id, examSessionStaff.sessionId)).where(where),
  ]);
  return {
    total: Number(total),
    list: rows.map((r) => ({
      id: r.staff.id,
      sessionId: r.session.id,
      sessionName: r.session.name,
      timeText: timeText(r.session),
      roomId: r.staff.roomId,
      roomName: r.roomName,
      personId: r.staff.personId,
      name: r.name,
      // 人员的手机号在名单里脱敏
      mobile: maskMobile(r.mobile),
      role: r.staff.role as StaffRole,
      roleName: STAFF_ROLE_LABEL[r.staff.role as StaffRole],
      stopped: r.status !== STATUS_ACTIVE,
    })),
  };
}

/** 可分派到某场次的人员：在岗、本机构（督导员为计划所在市），标出与本场次时间冲突的安排 */
export async function staffCandidates(db: Db, session: Session, filter: { sessionId: number; role: StaffRole; name?: string }): Promise<CandidateItem[]> {
  const target = await loadSession(db, session.user, filter.sessionId);
  const plan = await loadPlan(db, session.user, target.planId);
  const rows = await db
    .select({ id: people.id, name: people.name, mobile: people.mobile })
    .from(people)
    .where(
      and(
        eq(people.library, filter.role),
        eq(people.status, STATUS_ACTIVE),
        filter.role === 'supervisor' ? (plan.cityId === null ? eq(people.id, -1) : eq(people.cityId, plan.cityId)) : eq(people.orgId, plan.orgId),
        filter.name ? ilike(people.name, containsPattern(filter.name)) : undefined,
      ),
    )
    .orderBy(asc(people.name), asc(people.id))
    .limit(200);
  const ids = rows.map((r) => r.id);
  // 工种连同名称：选人时看的是“电工、焊工”，不是工种编码
  const works = await personWorksOf(db, ids);
  const busy = new Map<number, string>();
  if (ids.length) {
    const others = await db
      .select({ personId: examSessionStaff.personId, roomId: examSessionStaff.roomId, session: examSessions })
      .from(examSessionStaff)
      .innerJoin(examSessions, eq(examSessions.id, examSessionStaff.sessionId))
      .where(and(inArray(examSessionStaff.personId, ids), ne(examSessionStaff.sessionId, target.id), eq(examSessions.examDate, target.examDate)));
    for (const o of others) if (overlaps(o.session, target) && !sameSitting(o.session, target)) busy.set(o.personId, `${timeText(o.session)} ${o.session.name}`);
  }
  return rows.map((r) => {
    const w = works.get(r.id) ?? [];
    return { id: r.id, name: r.name, mobile: maskMobile(r.mobile), works: w.map((x) => x.workCode), worksText: [...new Set(w.map((x) => x.workName))].join('、'), busy: busy.get(r.id) ?? null };
  });
}

/** 某场次现有的工作人员（编辑对话框的初始值） */
export async function sessionStaff(db: Db, session: Session, sessionId: number) {
  const target = await loadSession(db, session.user, sessionId);
  return (await loadStaff(db, target.planId)).filter((s) => s.sessionId === sessionId).map((s) => ({ personId: s.personId, role: s.role, roomId: s.roomId, name: s.name, stopped: s.stopped }));
}


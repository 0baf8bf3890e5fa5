// 座位：自动编排（各考场均衡、按工种成组、座号顺排）与手工调整（调入、调出），准考证号在首次安排座位时生成。
// 拒绝：考场容量已满、考生在时间重叠的两个场次、考场被时间重叠的不同时段占用、考场类型与科目不符。
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import type { Session } from '@/lib/platform/auth/session';
import { maskIdNumber } from '@/lib/platform/identity';
import { withUniqueMessage } from '@/lib/platform/db/save-row';
import { containsPattern } from '@/lib/platform/db/like';
import { type ExamPlan } from '../exaPlan/tables';
import { examinees } from '../examinee/tables';
import { examRooms, examSeats, examSessions } from './tables';
import { appliesTo, arrangeEditable, loadLayout, loadPlan, loadSession, planForArrange, qualifiedExaminees, type ExamSession, type Layout } from './context';
import { examineeClash, examineeClashMessage, roomClash, roomClashMessage, sittingSeats } from './clash';
import { balancedQuotas, firstFew, ticketPrefix, ticketSerial } from './rules';
import { QUALIFICATION_REFUSED, ROOM_TYPE_LABEL, SUBJECT_LABEL, type SeatItem } from './schemas';

type Qualified = Awaited<ReturnType<typeof qualifiedExaminees>>[number];

export interface SeatResult {
  sessionId: number;
  name: string;
  seated: number;
  /** 因座位不足没有安排的 */
  short: number;
  /** 因时间冲突没有安排的 */
  clashed: number;
  message: string;
}

const SEAT_TAKEN = '座位已被占用，请刷新后重试';
const INSERT_CHUNK = 1000;

/**
 * 编排一个场次（不检查权限，autoSeat 与种子共用）：把适用于该场次、还没有同科目座位、没有时间冲突的考生
 * 按工种成组、均衡地分到与科目同类型且没有时段冲突的考场，座号取各考场同一时段里的空号。新座位同时记入 layout。
 */
export async function seatSession(db: Db, target: ExamSession, layout: Layout, candidates: readonly Qualified[]): Promise<SeatResult> {
  const sameSubject = new Set(layout.sessions.filter((s) => s.subject === target.subject).map((s) => s.id));
  const seatedSubject = new Set(layout.seats.filter((s) => sameSubject.has(s.sessionId)).map((s) => s.examineeId));
  const pending = candidates.filter((e) => appliesTo(target, e.workCode) && !seatedSubject.has(e.id));
  const clashed = pending.filter((e) => examineeClash(layout, e.idNumber, target));
  const pool = pending.filter((e) => !clashed.includes(e));
  const rooms = layout.rooms.filter((r) => r.roomType === target.subject && !roomClash(layout, r.id, target));
  const freeNumbers = rooms.map((r) => {
    const taken = new Set(sittingSeats(layout, r.id, target).map((s) => s.seatNo));
    return Array.from({ length: r.capacity }, (_, i) => i + 1).filter((n) => !taken.has(n));
  });
  const quotas = balancedQuotas(
    freeNumbers.map((f) => f.length),
    pool.length,
  );
  const rows: (typeof examSeats.$inferInsert)[] = [];
  let next = 0;
  rooms.forEach((room, i) => {
    for (let k = 0; k < quotas[i]; k++) {
      const e = pool[next++];
      rows.push({ sessionId: target.id, roomId: room.id, examineeId: e.id, seatNo: freeNumbers[i][k] });
    }
  });
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const inserted = await withUniqueMessage(SEAT_TAKEN, () => db.insert(examSeats).values(rows.slice(i, i + INSERT_CHUNK)).returning());
    for (const s of inserted) {
      const e = pool.find((p) => p.id === s.examineeId)!;
      layout.seats.push({ ...s, idNumber: e.idNumber, name: e.name, workCode: e.workCode, workName: e.workName });
    }
  }
  const short = pool.length - rows.length;
  const parts = [`场次「${target.name}」安排 ${rows.length} 名考生`];
  if (!rooms.length && pool.length) parts.push(`没有可用的${ROOM_TYPE_LABEL[target.subject]}（或考场在同一时间已被其他场次占用）`);
  else if (short) parts.push(`${short} 名考生因座位不足未安排，请增加${ROOM_TYPE_LABEL[target.subject]}或场次`);
  if (clashed.length) parts.push(`${firstFew(clashed.map((e) => e.name))}与其他场次时间冲突，未安排`);
  return { sessionId: target.id, name: target.name, seated: rows.length, short, clashed: clashed.length, message: parts.join('；') };
}

/** 已有座位、还没有准考证号的考生生成准考证号：计划编号 + 4 位流水号，接着计划内已有的最大号（按工种、id 顺序） */
export async function assignTickets(db: Db, plan: ExamPlan): Promise<void> {
  const prefix = ticketPrefix(plan);
  const existing = await db.select({ ticketNo: examinees.ticketNo }).from(examinees).where(and(eq(examinees.planId, plan.id), sql`${examinees.ticketNo} is not null`));
  const base = existing.reduce((max, e) => Math.max(max, ticketSerial(prefix, e.ticketNo)), 0);
  await withUniqueMessage('准考证号重复，请重试', () =>
    db.execute(sql`
      update examinee set ticket_no = ${prefix} || lpad((${base} + x.rn)::text, 4, '0'), updated_at = now()
      from (
        select e.id, row_number() over (order by e.work_code, e.id) as rn from examinee e
        where e.plan_id = ${plan.id} and e.ticket_no is null
          and exists (select 1 from exam_seat s join exam_session ss on ss.id = s.session_id where s.examinee_id = e.id and ss.plan_id = ${plan.id})
      ) x
      where examinee.id = x.id`),
  );
}

/** 自动编排：一个场次，或计划的全部场次（按日期、时间依次） */
export async function autoSeat(db: Db, session: Session, input: { planId: number; sessionId?: number }, audit: Audit) {
  const plan = await planForArrange(db, session.user, input.planId);
  const layout = await loadLayout(db, plan.id);
  const targets = input.sessionId === undefined ? layout.sessions : layout.sessions.filter((s) => s.id === input.sessionId);
  if (input.sessionId !== undefined && !targets.length) throw ApiError.notFound('场次不存在或不在您的管辖范围内');
  if (!targets.length) throw ApiError.badRequest('计划还没有场次，请先新增场次');
  const candidates = await qualifiedExaminees(db, plan.id);
  const results = await db.transaction(async (tx) => {
    const out: SeatResult[] = [];
    for (const t of targets) out.push(await seatSession(tx, t, layout, candidates));
    await assignTickets(tx, plan);
    return out;
  });
  const seated = results.reduce((n, r) => n + r.seated, 0);
  audit({ entity: 'exam_seat', entityId: plan.id, after: results, detail: `自动编排考场（计划 ${plan.code}）：安排 ${seated} 个座位` });
  return { seated, results, message: results.map((r) => r.message).join('\n') };
}

async function examineeOf(db: Db, planId: number, examineeId: number) {
  const [e] = await db
    .select()
    .from(examinees)
    .where(and(eq(examinees.id, examineeId), eq(examinees.planId, planId)));
  if (!e) throw ApiError.notFound('考生不存在或不在您的管辖范围内');
  return e;
}

/** 手工安排或调整一名考生的座位（同一场次内换考场、换座号也用它） */
export async function moveSeat(db: Db, session: Session, input: { sessionId: number; examineeId: number; roomId: number; seatNo?: number }, audit: Audit) {
  const target = await loadSession(db, session.user, input.sessionId);
  const plan = await planForArrange(db, session.user, target.planId);
  const e = await examineeOf(db, plan.id, input.examineeId);
  if (e.qualification === QUALIFICATION_REFUSED) throw ApiError.badRequest(`考生「${e.name}」资格审核不符合，不能安排考场`);
  if (!appliesTo(target, e.workCode)) throw ApiError.badRequest(`场次「${target.name}」不考考生「${e.name}」报考的工种「${e.workName}」`);
  const layout = await loadLayout(db, plan.id);
  const room = layout.rooms.find((r) => r.id === input.roomId);
  if (!room) throw ApiError.badRequest('所选考场不属于该考试计划');
  if (room.roomType !== target.subject) {
    throw ApiError.badRequest(`场次「${target.name}」是${SUBJECT_LABEL[target.subject]}，须安排在${ROOM_TYPE_LABEL[target.subject]}，考场「${room.name}」是${ROOM_TYPE_LABEL[room.roomType]}`);
  }
  const current = layout.seats.find((s) => s.sessionId === target.id && s.examineeId === e.id);
  const sameSubject = layout.seats.find((s) => s.examineeId === e.id && s.sessionId !== target.id && layout.sessions.find((x) => x.id === s.sessionId)?.subject === target.subject);
  if (sameSubject) throw ApiError.badRequest(`考生「${e.name}」已安排在同科目的场次「${layout.sessions.find((x) => x.id === sameSubject.sessionId)!.name}」，请先调出`);
  const clash = examineeClash(layout, e.idNumber, target);
  if (clash) throw ApiError.badRequest(examineeClashMessage(e.name, clash.other));
  const other = roomClash(layout, room.id, target);
  if (other) throw ApiError.badRequest(roomClashMessage(room.name, other, target));
  const together = sittingSeats(layout, room.id, target).filter((s) => !(s.sessionId === target.id && s.examineeId === e.id));
  if (together.length >= room.capacity) throw ApiError.badRequest(`考场「${room.name}」容量 ${room.capacity} 座已满（场次「${target.name}」），不能再安排`);
  let seatNo = input.seatNo;
  if (seatNo !== undefined) {
    if (seatNo > room.capacity) throw ApiError.badRequest(`座号不能大于考场「${room.name}」的容量 ${room.capacity}`, { seatNo: `座号不能大于 ${room.capacity}` });
    const taken = together.find((s) => s.seatNo === seatNo);
    if (taken) throw ApiError.badRequest(`考场「${room.name}」的 ${seatNo} 号座位已有考生「${taken.name}」`, { seatNo: '该座位已有考生' });
  } else {
    const used = new Set(together.map((s) => s.seatNo));
    seatNo = Array.from({ length: room.capacity }, (_, i) => i + 1).find((n) => !used.has(n))!;
  }
  const after = await withUniqueMessage(SEAT_TAKEN, () =>
    db.transaction(async (tx) => {
      const [row] = current
        ? await tx.update(examSeats).set({ roomId: room.id, seatNo }).where(eq(examSeats.id, current.id)).returning()
        : await tx.insert(examSeats).values({ sessionId: target.id, roomId: room.id, examineeId: e.id, seatNo }).returning();
      await assignTickets(tx, plan);
      return row;
    }),
  );
  audit({
    entity: 'exam_seat',
    entityId: after.id,
    before: current ?? null,
    after,
    detail: `${current ? '调整' : '安排'}考生 ${e.name} 的座位：场次「${target.name}」考场「${room.name}」${seatNo} 号`,
  });
  return { id: after.id, roomId: room.id, seatNo };
}

/** 调出：取消一名考生在某场次的座位（准考证号保留） */
export async function removeSeat(db: Db, session: Session, input: { sessionId: number; examineeId: number }, audit: Audit) {
  const target = await loadSession(db, session.user, input.sessionId);
  const plan = await planForArrange(db, session.user, target.planId);
  const e = await examineeOf(db, plan.id, input.examineeId);
  const [removed] = await db
    .delete(examSeats)
    .where(and(eq(examSeats.sessionId, target.id), eq(examSeats.examineeId, e.id)))
    .returning();
  if (!removed) throw ApiError.badRequest(`考生「${e.name}」在场次「${target.name}」没有座位`);
  audit({ entity: 'exam_seat', entityId: removed.id, before: removed, detail: `调出考生 ${e.name}（场次「${target.name}」）` });
  return { deleted: 1 };
}

/** 场次的座位表（可按考场），或适用于该场次、还没有同科目座位的考生（unseated） */
export async function seatList(db: Db, session: Session, filter: { sessionId: number; roomId?: number; unseated?: boolean; name?: string }, page: Page): Promise<PageResult<SeatItem>> {
  const target = await loadSession(db, session.user, filter.sessionId);
  const plan = await loadPlan(db, session.user, target.planId);
  const editable = arrangeEditable(plan, session, 'examRoom');
  const nameWhere = filter.name ? or(ilike(examinees.name, containsPattern(filter.name)), ilike(examinees.ticketNo, containsPattern(filter.name))) : undefined;
  if (filter.unseated) {
    const sameSubject = db.select({ id: examSessions.id }).from(examSessions).where(and(eq(examSessions.planId, plan.id), eq(examSessions.subject, target.subject)));
    const where = and(
      eq(examinees.planId, plan.id),
      sql`${examinees.qualification} <> ${QUALIFICATION_REFUSED}`,
      target.workCode ? eq(examinees.workCode, target.workCode) : undefined,
      sql`not exists (select 1 from exam_seat s where s.examinee_id = examinee.id and s.session_id in (${sameSubject}))`,
      nameWhere,
    );
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(examinees).where(where).orderBy(asc(examinees.workCode), asc(examinees.id)).limit(page.pageSize).offset(page.offset),
      db.select({ total: sql<number>`count(*)` }).from(examinees).where(where),
    ]);
    return {
      total: Number(total),
      list: rows.map((e) => ({ key: -e.id, examineeId: e.id, name: e.name, idNumber: maskIdNumber(e.idNumber), workCode: e.workCode, workName: e.workName, level: e.level, ticketNo: e.ticketNo, roomId: null, roomName: null, seatNo: null, editable })),
    };
  }
  const where = and(eq(examSeats.sessionId, target.id), filter.roomId !== undefined ? eq(examSeats.roomId, filter.roomId) : undefined, nameWhere);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ seat: examSeats, e: examinees, roomName: examRooms.name })
      .from(examSeats)
      .innerJoin(examinees, eq(examinees.id, examSeats.examineeId))
      .innerJoin(examRooms, eq(examRooms.id, examSeats.roomId))
      .where(where)
      .orderBy(asc(examRooms.name), asc(examSeats.roomId), asc(examSeats.seatNo))
      .limit(page.pageSize)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)` }).from(examSeats).innerJoin(examinees, eq(examinees.id, examSeats.examineeId)).where(where),
  ]);
  return {
    total: Number(total),
    list: rows.map(({ seat, e, roomName }) => ({
      key: seat.id,
      examineeId: e.id,
      name: e.name,
      idNumber: maskIdNumber(e.idNumber),
      workCode: e.workCode,
      workName: e.workName,
      level: e.level,
      ticketNo: e.ticketNo,
      roomId: seat.roomId,
      roomName,
      seatNo: seat.seatNo,
      editable,
    })),
  };
}


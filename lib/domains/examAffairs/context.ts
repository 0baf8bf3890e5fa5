// 考务安排各服务共用：计划（改动须在第 4 步、本机构）、当前用户可做的操作、试卷开放时间（场次开始，北京时间）。
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import { can, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { type ExamPlan } from '../exaPlan/tables';
import { examRooms, examSeats, examSessions, examSites } from '../examSite/tables';
import { loadPlan, loadPlanAtStep } from '../exaPlan/access';
import { isWorkingOn, PLAN_STEP } from '../exaPlan/transitions';
import { loadSession, type ExamSession } from '../examSite/context';
import type { AffairsAction } from './schemas';

export { loadPlan, loadSession };

/** 考务安排的改动只在第 4 步“考务安排”办理中或被驳回时、由计划所属机构办理 */
export const planForAffairs = (db: Db, user: SessionUser, planId: number, what: string): Promise<ExamPlan> => loadPlanAtStep(db, user, planId, PLAN_STEP.EXAM_AFFAIRS, what);

/** 当前用户此刻对计划可做的考务安排操作（服务端按同样的条件拒绝） */
export function affairsActions(plan: ExamPlan, session: Session): AffairsAction[] {
  const u = session.user;
  if (u.level !== 'org' || u.orgId !== plan.orgId || !isWorkingOn(plan, PLAN_STEP.EXAM_AFFAIRS)) return [];
  const out: AffairsAction[] = [];
  if (can(session, ['examAffairs.add', 'examAffairs.edit'])) out.push('office');
  if (can(session, 'examAffairs.edit')) out.push('staff', 'paper');
  if (can(session, 'examAffairs.add')) out.push('attach');
  return out;
}

// ---------- 试卷开放时间 ----------

/** 场次开始的时刻：考试日期 + 开始时间，北京时间（UTC+8，无夏令时） */
export const sessionStart = (s: Pick<ExamSession, 'examDate' | 'startTime'>): Date => new Date(`${s.examDate}T${s.startTime}:00+08:00`);
export const opensAtText = (s: Pick<ExamSession, 'examDate' | 'startTime'>): string => `${s.examDate} ${s.startTime}`;
export const isReleased = (s: Pick<ExamSession, 'examDate' | 'startTime'>, now = new Date()): boolean => now.getTime() >= sessionStart(s).getTime();

/** 场次开始前不可读取试卷：说明何时开放 */
export function assertReleased(s: Pick<ExamSession, 'name' | 'examDate' | 'startTime'>, now = new Date()): void {
  if (!isReleased(s, now)) throw ApiError.badRequest(`试卷尚未开放：场次「${s.name}」于 ${opensAtText(s)}（北京时间）开始，开考后才能查看试卷`);
}

// ---------- 编排 ----------

export interface Slot {
  sessionId: number;
  roomId: number;
  roomName: string;
  siteName: string;
  seats: number;
}

/** 计划里有考生的 (场次, 考场) 及座位数 */
export async function seatedSlots(db: Db, planId: number, sessionIds?: number[]): Promise<Slot[]> {
  const rows = await db
    .select({ sessionId: examSeats.sessionId, roomId: examSeats.roomId, roomName: examRooms.name, siteName: examSites.name, seats: count() })
    .from(examSeats)
    .innerJoin(examSessions, eq(examSessions.id, examSeats.sessionId))
    .innerJoin(examRooms, eq(examRooms.id, examSeats.roomId))
    .innerJoin(examSites, eq(examSites.id, examRooms.siteId))
    .where(and(eq(examSessions.planId, planId), sessionIds?.length ? inArray(examSeats.sessionId, sessionIds) : undefined))
    .groupBy(examSeats.sessionId, examSeats.roomId, examRooms.name, examSites.name)
    .orderBy(asc(examSeats.sessionId), asc(examSites.name), asc(examRooms.name));
  return rows.map((r) => ({ ...r, seats: Number(r.seats) }));
}

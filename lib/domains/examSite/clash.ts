// 冲突检查（在计划的编排全貌上，不读库）：考生时间冲突、考场被不同时段占用、同一时段的容量与座号。
// 定义见 rules.ts 的 sameSitting 与 docs/EXAM_SITES.md。
import type { ExamSession, Layout, LayoutSeat } from './context';
import { overlaps, sameSitting, timeText, type Slot } from './rules';

/** 与 session 同一考试时段的场次（含它自己） */
export const sittingOf = (layout: Layout, session: ExamSession & Slot): ExamSession[] => [session, ...layout.sessions.filter((s) => s.id !== session.id && sameSitting(s, session))];

/** 同一人（证件号）在与 session 重叠的其他场次里的座位；没有为 null */
export function examineeClash(layout: Layout, idNumber: string, session: ExamSession): { seat: LayoutSeat; other: ExamSession } | null {
  for (const seat of layout.seats) {
    if (seat.idNumber !== idNumber || seat.sessionId === session.id) continue;
    const other = layout.sessions.find((s) => s.id === seat.sessionId);
    if (other && overlaps(other, session)) return { seat, other };
  }
  return null;
}

export const examineeClashMessage = (name: string, other: ExamSession) => `考生「${name}」已安排在场次「${other.name}」（${timeText(other)}），与本场次时间重叠`;

/** 考场在与 session 时间重叠、但不是同一考试时段的其他场次里已有座位：返回那个场次 */
export function roomClash(layout: Layout, roomId: number, session: ExamSession): ExamSession | null {
  const used = new Set(layout.seats.filter((s) => s.roomId === roomId && s.sessionId !== session.id).map((s) => s.sessionId));
  return layout.sessions.find((s) => used.has(s.id) && overlaps(s, session) && !sameSitting(s, session)) ?? null;
}

export const roomClashMessage = (roomName: string, other: ExamSession, session: { name: string }) =>
  `考场「${roomName}」在 ${timeText(other)} 已用于场次「${other.name}」，与场次「${session.name}」时间重叠，不能同时使用`;

/** 同一考试时段里某考场已占的座位（含 session 自己的） */
export function sittingSeats(layout: Layout, roomId: number, session: ExamSession): LayoutSeat[] {
  const ids = new Set(sittingOf(layout, session).map((s) => s.id));
  return layout.seats.filter((s) => s.roomId === roomId && ids.has(s.sessionId));
}

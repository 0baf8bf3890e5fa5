// 编排考场的纯规则（不读库）：时间重叠与“同一考试时段”、配比规则、均衡分配、准考证号格式。
// 服务（编排、分派）、条件（gates.ts）与种子共用，规则只写一处。说明见 docs/EXAM_SITES.md。
import { RATIO, STAFF_ROLE_LABEL, SUBJECT, type StaffRole } from './schemas';

export interface Slot {
  examDate: string;
  startTime: string;
  endTime: string;
  subject: number;
}

/** 两个场次时间重叠：同一天且时段相交（首尾相接不算重叠） */
export const overlaps = (a: Slot, b: Slot): boolean => a.examDate === b.examDate && a.startTime < b.endTime && b.startTime < a.endTime;

/**
 * 同一考试时段（sitting）：日期、起止时间与科目都相同的场次（如同时开考的两个工种的理论考试）。
 * 同一时段的场次可以共用考场（容量与座号合起来算），工作人员也可以兼任（在同一考场）；
 * 时间重叠而不是同一时段的两个场次不能共用考场，也不能有同一名工作人员。考生在任何两个重叠的场次里都不能同时有座位。
 */
export const sameSitting = (a: Slot, b: Slot): boolean => a.examDate === b.examDate && a.startTime === b.startTime && a.endTime === b.endTime && a.subject === b.subject;

export const timeText = (s: Pick<Slot, 'examDate' | 'startTime' | 'endTime'>): string => `${s.examDate} ${s.startTime}–${s.endTime}`;

/** 名单的前几个，多出的写“等 N 人/个” */
export function firstFew(names: readonly string[], unit = '人', max = 3): string {
  const shown = names.slice(0, max).join('、');
  return names.length > max ? `${shown}等 ${names.length} ${unit}` : shown;
}

export interface RatioSeat {
  roomId: number;
  roomName: string;
  workCode: string;
  workName: string;
}

export interface RatioStaff {
  name: string;
  role: StaffRole;
  roomId: number | null;
  stopped: boolean;
  /** 可考评的工种编码（考评员） */
  works: ReadonlySet<string>;
}

/** 一个场次的配比问题（为空即满足）；场次没有考生时不要求工作人员 */
export function ratioProblems(session: { name: string; subject: number }, seats: readonly RatioSeat[], staff: readonly RatioStaff[]): string[] {
  if (!seats.length) return [];
  const problems: string[] = [];
  for (const p of staff) if (p.stopped) problems.push(`${STAFF_ROLE_LABEL[p.role]}「${p.name}」已停用，请在场次「${session.name}」中替换`);
  const active = staff.filter((p) => !p.stopped);
  const supervisors = active.filter((p) => p.role === 'supervisor').length;
  if (supervisors < RATIO.SUPERVISORS_PER_SESSION) problems.push(`场次「${session.name}」至少需要 ${RATIO.SUPERVISORS_PER_SESSION} 名督导员`);
  if (session.subject === SUBJECT.KNOWLEDGE) {
    const need = Math.ceil(seats.length / RATIO.EXAMINEES_PER_EXAM_STAFF);
    const have = active.filter((p) => p.role === 'examStaff').length;
    if (have < need) problems.push(`场次「${session.name}」有 ${seats.length} 名考生，至少需要 ${need} 名考务人员（每 ${RATIO.EXAMINEES_PER_EXAM_STAFF} 名考生 1 名），现有 ${have} 名`);
  }
  const perRoom = RATIO.ASSESSORS_PER_ROOM[session.subject];
  const rooms = new Map<number, { name: string; works: Map<string, string> }>();
  for (const s of seats) {
    const r = rooms.get(s.roomId) ?? { name: s.roomName, works: new Map() };
    r.works.set(s.workCode, s.workName);
    rooms.set(s.roomId, r);
  }
  for (const [roomId, room] of rooms) {
    const assessors = active.filter((p) => p.role === 'assessor' && p.roomId === roomId);
    if (perRoom && assessors.length < perRoom) problems.push(`场次「${session.name}」考场「${room.name}」至少需要 ${perRoom} 名考评员，现有 ${assessors.length} 名`);
    for (const a of assessors) {
      const missing = [...room.works].filter(([code]) => !a.works.has(code)).map(([, name]) => name);
      if (missing.length) problems.push(`考评员「${a.name}」不能考评工种「${missing.join('、')}」（场次「${session.name}」考场「${room.name}」）`);
    }
  }
  return problems;
}

/**
 * 均衡分配：total 人分到空位为 free[i] 的各考场，各考场人数尽量相同（空位少的考场先满），返回各考场分到的人数。
 * 总空位不够时只分满空位。
 */
export function balancedQuotas(free: readonly number[], total: number): number[] {
  const quotas = free.map(() => 0);
  let remaining = Math.min(total, free.reduce((a, b) => a + b, 0));
  const order = free.map((f, i) => ({ f, i })).sort((a, b) => a.f - b.f || a.i - b.i);
  order.forEach(({ f, i }, k) => {
    const q = Math.min(f, Math.ceil(remaining / (order.length - k)));
    quotas[i] = q;
    remaining -= q;
  });
  return quotas;
}

/** 准考证号：计划编号 + 4 位流水号（计划内唯一；计划编号超过 28 位时以 P + 计划 id 代替） */
export function ticketPrefix(plan: { id: number; code: string }): string {
  return plan.code.length <= 28 ? plan.code : `P${plan.id}`;
}
/** 已有准考证号的流水号（不是本计划格式的为 0） */
export function ticketSerial(prefix: string, ticketNo: string | null): number {
  if (!ticketNo || !ticketNo.startsWith(prefix)) return 0;
  const n = Number(ticketNo.slice(prefix.length));
  return Number.isInteger(n) ? n : 0;
}

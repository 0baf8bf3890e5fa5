// 督导的时间条件（议题 27 第 3 项），写在一处：督导意见、对评价机构的评价与考试异常记录都按它拒绝，
// docs/DOMAINS.md“督导的规则与出处”照此说明。场次的时刻按北京时间：考试日期 + 开始时间。
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { GateDef } from '@/lib/platform/workflow';
import { formatBeijing } from '@/lib/platform/time';
import { examSessions } from '../examSite/tables';

export type SupervisionGate = 'sessionStarted' | 'examStarted' | 'occurredInSession';

export const SUPERVISION_GATES: Readonly<Record<SupervisionGate, GateDef<unknown>>> = {
  sessionStarted: {
    label: '对某一场次的督导意见、该场次的考试异常记录：场次已开考',
    source: '人社部《职业技能等级认定督导办法》与《国家职业技能鉴定考务管理规程》：督导员到考场现场督导，意见与异常记录据实填写于考试实施之时或之后',
  },
  examStarted: {
    label: '对整个计划的督导意见、对评价机构的评价：计划的第一场考试已开考',
    source: '同上：督导意见是对考试实施情况的评价，考试开始之前无从评价',
  },
  occurredInSession: {
    label: '异常的发生时间不早于该场次开考、不晚于填写之时',
    source: '同上：考试异常记录记载考试实施中发生的事件',
  },
};

const startOf = (s: { examDate: string; startTime: string }): Date => new Date(`${s.examDate}T${s.startTime}:00+08:00`);

/** 场次已开考 */
export const sessionStarted = (s: { examDate: string; startTime: string }, now = new Date()): boolean => now >= startOf(s);

/** 场次开考之前的拒绝原因（开考后为 null） */
export function sessionNotStarted(s: { name: string; examDate: string; startTime: string }, what: string, now = new Date()): string | null {
  return now < startOf(s) ? `场次「${s.name}」${s.examDate} ${s.startTime} 开考，开考之后才能${what}` : null;
}

/** 计划的第一场考试开考之前的拒绝原因（没有场次时同样拒绝） */
export async function examNotStarted(db: Db, planId: number, what: string, now = new Date()): Promise<string | null> {
  const [first] = await db
    .select({ name: examSessions.name, examDate: examSessions.examDate, startTime: examSessions.startTime })
    .from(examSessions)
    .where(and(eq(examSessions.planId, planId)))
    .orderBy(asc(examSessions.examDate), asc(examSessions.startTime))
    .limit(1);
  if (!first) return `该计划还没有编排场次，考试开始之后才能${what}`;
  return sessionNotStarted(first, what, now);
}

/** 异常的发生时间须在场次开考之后、此刻之前 */
export function occurredOutside(s: { name: string; examDate: string; startTime: string }, occurredAt: Date, now = new Date()): string | null {
  if (occurredAt > now) return `发生时间 ${formatBeijing(occurredAt).slice(0, 16)} 晚于现在，请填写实际发生的时间`;
  if (occurredAt < startOf(s)) return `发生时间早于场次「${s.name}」开考（${s.examDate} ${s.startTime}），请核对发生时间或场次`;
  return null;
}

// 第 4 步（考务安排）→ 第 5 步的条件 affairsReady（plan-gates.ts 登记到考试计划的状态机）。满足时返回 null，否则返回中文原因：
// 1. 计划设立了考务办公室；
// 2. 每个有考生的 (场次, 考场) 都有试卷（题库试卷或离线试卷）；
// 3. 每个有考生的 (场次, 考场) 至少有 1 名在岗的考评员负责该考场（理论考场也可以是负责该考场的考务人员）。
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { type ExamPlan } from '../exaPlan/tables';
import { examSessions } from '../examSite/tables';
import { firstFew } from '../examSite/rules';
import { loadStaff } from '../examSite/staff';
import { SUBJECT } from '../examSite/schemas';
import { seatedSlots } from './context';
import { examOffices, examRoomPapers } from './tables';

/** 第 4 → 5 步还缺的各项（为空即满足） */
export async function affairsMissing(db: Db, plan: ExamPlan): Promise<string[]> {
  const [offices, slots, papers, sessions, staff] = await Promise.all([
    db.select({ id: examOffices.id }).from(examOffices).where(eq(examOffices.planId, plan.id)),
    seatedSlots(db, plan.id),
    db.select({ sessionId: examRoomPapers.sessionId, roomId: examRoomPapers.roomId }).from(examRoomPapers).where(eq(examRoomPapers.planId, plan.id)),
    db.select({ id: examSessions.id, name: examSessions.name, subject: examSessions.subject }).from(examSessions).where(eq(examSessions.planId, plan.id)),
    loadStaff(db, plan.id),
  ]);
  const problems: string[] = [];
  if (!offices.length) problems.push('尚未设立考务办公室');
  const sessionOf = new Map(sessions.map((s) => [s.id, s]));
  const label = (s: { sessionId: number; roomName: string }) => `「${sessionOf.get(s.sessionId)?.name ?? ''} ${s.roomName}」`;
  const withPaper = new Set(papers.map((p) => `${p.sessionId}-${p.roomId}`));
  const noPaper = slots.filter((s) => !withPaper.has(`${s.sessionId}-${s.roomId}`));
  if (noPaper.length) problems.push(`场次考场${firstFew(noPaper.map(label), '处')}尚未分发试卷`);
  const responsible = (s: { sessionId: number; roomId: number }) =>
    staff.some(
      (p) =>
        p.sessionId === s.sessionId &&
        p.roomId === s.roomId &&
        !p.stopped &&
        (p.role === 'assessor' || (p.role === 'examStaff' && sessionOf.get(s.sessionId)?.subject === SUBJECT.KNOWLEDGE)),
    );
  const noAssessor = slots.filter((s) => !responsible(s));
  if (noAssessor.length) problems.push(`场次考场${firstFew(noAssessor.map(label), '处')}没有分派负责该考场的考评员（理论考场也可以是考务人员）`);
  return problems;
}

export async function affairsReady(db: Db, plan: ExamPlan): Promise<string | null> {
  const problems = await affairsMissing(db, plan);
  return problems.length ? problems.join('；') : null;
}

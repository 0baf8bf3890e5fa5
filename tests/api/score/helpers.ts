// 成绩测试的共用件：演示数据里的计划（华元评价第 5 步办理中的技能等级认定计划，成绩未录完）、考生与座位、接口调用。
import { and, asc, eq, ne } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '@/lib/platform/db/client';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { organisations } from '@/lib/domains/org/tables';
import { examPlans, type ExamPlan } from '@/lib/domains/exaPlan/tables';
import { examinees } from '@/lib/domains/examinee/tables';
import { examSeats, examSessions, examSessionStaff } from '@/lib/domains/examSite/tables';
import { PLAN_STATE } from '@/lib/domains/exaPlan/transitions';
import { people } from '@/lib/domains/personnel/tables';
import { examScores } from '@/lib/domains/score/tables';

export const h: Record<string, Record<string, string>> = {};

export async function login(...accounts: string[]) {
  for (const a of accounts) h[a] = await authHeaders(a);
}

export async function ok<T = Record<string, unknown>>(account: string, path: string, json: unknown): Promise<T> {
  const r = await call<T>('POST', path, { headers: h[account], json });
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.data;
}

export async function refused(account: string, path: string, json: unknown, status: number, message?: string | RegExp) {
  const r = await call<Record<string, unknown>>('POST', path, { headers: h[account], json });
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(status);
  if (message) expect(r.body.returnMsg).toMatch(message);
  return r;
}

export async function upload<T = unknown>(account: string, path: string, fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return call<T>('POST', path, { headers: h[account], form });
}

/** 华元评价（石家庄）在某一步办理中的技能等级认定计划 */
export async function huayuanPlan(db: Db, step: number, state: number = PLAN_STATE.WORKING): Promise<ExamPlan> {
  const [row] = await db
    .select({ p: examPlans })
    .from(examPlans)
    .innerJoin(organisations, eq(organisations.id, examPlans.orgId))
    .where(and(eq(organisations.code, 'ORG130102001'), eq(examPlans.kind, 0), eq(examPlans.step, step), eq(examPlans.state, state)))
    .orderBy(asc(examPlans.id))
    .limit(1);
  expect(row, `华元评价第 ${step} 步的计划`).toBeTruthy();
  return row.p;
}

/** 考评员演示账号（吴国栋）对应的人员 */
export async function assessorPerson(db: Db) {
  const [p] = await db.select().from(people).where(and(eq(people.name, '吴国栋'), eq(people.library, 'assessor')));
  return p;
}

/** 计划里某科的座位（带考生），可只取本人分派到的或没分派到的场次 */
export async function seatsOf(db: Db, planId: number, subject: number) {
  return db
    .select({ examineeId: examSeats.examineeId, sessionId: examSeats.sessionId, roomId: examSeats.roomId, name: examinees.name, ticketNo: examinees.ticketNo })
    .from(examSeats)
    .innerJoin(examSessions, eq(examSessions.id, examSeats.sessionId))
    .innerJoin(examinees, eq(examinees.id, examSeats.examineeId))
    .where(and(eq(examSessions.planId, planId), eq(examSessions.subject, subject), ne(examinees.qualification, 2)))
    .orderBy(asc(examSeats.sessionId), asc(examSeats.seatNo));
}

/** 该科还没有成绩的座位 */
export async function unscored(db: Db, planId: number, subject: number) {
  const scored = await db.select({ id: examScores.examineeId }).from(examScores).where(and(eq(examScores.planId, planId), eq(examScores.subject, subject)));
  const done = new Set(scored.map((s) => s.id));
  return (await seatsOf(db, planId, subject)).filter((s) => !done.has(s.examineeId));
}

/** 场次的考评员分派 */
export async function assessorsOf(db: Db, sessionId: number) {
  return db
    .select()
    .from(examSessionStaff)
    .where(and(eq(examSessionStaff.sessionId, sessionId), eq(examSessionStaff.role, 'assessor')));
}


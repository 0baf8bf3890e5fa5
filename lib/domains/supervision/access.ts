// 督导的范围：账号类型为督导员（SUPERVISOR）的用户只看分派给自己的计划（在任一场次担任督导员），其余计划一律 404；
// 其他用户按数据范围（省、市、机构）。登录账号与人员库的对应只认 person.user_id（督导员库中 user_id = 本账号的人，
// 见 lib/domains/personnel/accounts.ts）；没有对应的人时，该账号没有任何督导任务。说明见 docs/EXAM_AFFAIRS.md。
import { and, eq, inArray, sql, type SQL, type Column } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import type { SessionUser } from '@/lib/platform/auth/session';
import { type ExamPlan } from '../exaPlan/tables';
import { examSessions, examSessionStaff } from '../examSite/tables';
import { loadPlan } from '../exaPlan/access';
import { PLAN_STATE, PLAN_STEP, positionLabel } from '../exaPlan/transitions';
import { people, type Person } from '../personnel/tables';

export const SUPERVISOR_USER_TYPE = 'SUPERVISOR';

/** 可填写督导记录（意见、评价、异常、报送材料）的步骤：考务安排（考试进行）与成绩管理 */
export const SUPERVISION_STEPS: readonly number[] = [PLAN_STEP.EXAM_AFFAIRS, PLAN_STEP.SCORES];

export interface Supervision {
  /** 只看分派给自己的计划（督导员账号） */
  restricted: boolean;
  /** 当前用户对应的督导员（人员库）；没有为 null */
  person: Person | null;
}

/** 当前用户的督导身份 */
export async function supervisionOf(db: Db, user: SessionUser): Promise<Supervision> {
  const restricted = user.userType === SUPERVISOR_USER_TYPE;
  const [person] = await db
    .select()
    .from(people)
    .where(and(eq(people.library, 'supervisor'), eq(people.userId, user.id)));
  return { restricted, person: person ?? null };
}

/** 督导员担任督导的场次所在的计划（SQL 子查询条件） */
export function assignedPlanSql(planIdColumn: Column, personId: number): SQL {
  return inArray(
    planIdColumn,
    sql`(select ${examSessions.planId} from ${examSessionStaff} join ${examSessions} on ${examSessions.id} = ${examSessionStaff.sessionId} where ${examSessionStaff.personId} = ${personId} and ${examSessionStaff.role} = 'supervisor')`,
  );
}

/** 列表的附加条件：督导员账号只看分派给自己的计划（没有对应的人则什么也看不到）；其他用户不加条件 */
export function supervisedWhere(sup: Supervision, planIdColumn: Column): SQL | undefined {
  if (!sup.restricted) return undefined;
  return sup.person ? assignedPlanSql(planIdColumn, sup.person.id) : sql`false`;
}

/** 督导员担任督导的场次 id（某计划） */
export async function assignedSessionIds(db: Db, personId: number, planId: number): Promise<number[]> {
  const rows = await db
    .select({ id: examSessions.id })
    .from(examSessionStaff)
    .innerJoin(examSessions, eq(examSessions.id, examSessionStaff.sessionId))
    .where(and(eq(examSessionStaff.personId, personId), eq(examSessionStaff.role, 'supervisor'), eq(examSessions.planId, planId)));
  return rows.map((r) => r.id);
}

/** 范围内、（督导员账号）分派给自己的计划；否则 404 */
export async function loadSupervisedPlan(db: Db, user: SessionUser, planId: number, sup?: Supervision): Promise<{ plan: ExamPlan; sup: Supervision; sessionIds: number[] }> {
  const plan = await loadPlan(db, user, planId);
  const s = sup ?? (await supervisionOf(db, user));
  const sessionIds = s.person ? await assignedSessionIds(db, s.person.id, plan.id) : [];
  if (s.restricted && !sessionIds.length) throw ApiError.notFound('考试计划不存在或不在您的管辖范围内');
  return { plan, sup: s, sessionIds };
}

/** 督导记录只在考务安排与成绩管理步骤、计划未取消时填写 */
export function assertSupervisionStep(plan: ExamPlan, what: string): void {
  if (plan.state === PLAN_STATE.CANCELLED) throw ApiError.badRequest(`计划已取消，不能${what}`);
  if (!SUPERVISION_STEPS.includes(plan.step)) throw ApiError.badRequest(`计划当前处于「${positionLabel(plan)}」，${what}须在「考务安排」或「成绩管理」步骤`);
}

export const supervisionOpen = (plan: Pick<ExamPlan, 'step' | 'state'>): boolean => plan.state !== PLAN_STATE.CANCELLED && SUPERVISION_STEPS.includes(plan.step);

/** 填写意见与评价的人须是分派到该计划的督导员（本人的意见，不能代填） */
export function assertAssignedSupervisor(sup: Supervision, sessionIds: number[], what: string): Person {
  if (!sup.person || !sessionIds.length) throw ApiError.forbidden(`只有分派到该计划的督导员可以${what}`);
  return sup.person;
}


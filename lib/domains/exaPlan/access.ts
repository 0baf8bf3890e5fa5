// 其他领域（考生、考点考场、考务…）读取与检查考试计划的唯一入口：范围、所在步骤。
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { SessionUser } from '@/lib/platform/auth/session';
import { ApiError } from '@/lib/platform/api/errors';
import { assertInScope } from '@/lib/platform/auth/scope';
import { examPlans, type ExamPlan } from './tables';
import { isWorkingOn, positionLabel, PLAN_STATE, stepLabel, type Actor } from './transitions';

/** 范围内的计划；范围外或不存在 404 */
export async function loadPlan(db: Db, user: SessionUser, planId: number): Promise<ExamPlan> {
  const [row] = await db.select().from(examPlans).where(eq(examPlans.id, planId));
  return assertInScope(user, row, '考试计划');
}

/**
 * 机构修改某一步的数据（导入考生、编排考场…）前的检查：计划在范围内、属于本机构、正处于该步且办理中或被驳回。
 * what 为动作的说法，如“导入考生”。
 */
export async function loadPlanAtStep(db: Db, user: SessionUser, planId: number, step: number, what: string): Promise<ExamPlan> {
  const plan = await loadPlan(db, user, planId);
  assertPlanAtStep(plan, step, what);
  if (user.level !== 'org' || user.orgId !== plan.orgId) throw ApiError.forbidden(`只有计划所属的评价机构可以${what}`);
  return plan;
}

export function assertPlanAtStep(plan: ExamPlan, step: number, what: string): void {
  if (plan.state === PLAN_STATE.CANCELLED) throw ApiError.badRequest(`计划已取消，不能${what}`);
  if (!isWorkingOn(plan, step)) throw ApiError.badRequest(`计划当前处于「${positionLabel(plan)}」，${what}须在「${stepLabel(step)}」步骤办理`);
}

/** 用户在计划流程里是哪一方（按层级；是否本机构、本市由状态机的办理方再判断） */
export function actorOf(user: SessionUser): Actor | null {
  if (user.level === 'org') return 'org';
  if (user.level === 'city') return 'city';
  if (user.level === 'province') return 'province';
  return null;
}

// 成绩公示异议交给工作流引擎的声明：表、读取（按计划的范围）、处理时写下的意见与处理人、历史。转换本身在 transitions.ts。
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { SessionUser } from '@/lib/platform/auth/session';
import { ApiError } from '@/lib/platform/api/errors';
import { actorName, defineWorkflow } from '@/lib/platform/workflow';
import { loadPlan } from '../exaPlan/access';
import { scoreObjectionHistory, scoreObjections } from './tables';
import { OBJECTION_ACTOR_LABEL, OBJECTION_STATUS_LABEL, OBJECTION_TRANSITIONS, type ObjectionAction, type ObjectionActor } from './transitions';

export type ObjectionRow = typeof scoreObjections.$inferSelect & { planCode: string };

/** 计划所在市的市级管理员，省级管理员亦可（与登记异议的 isPlanCity 相同） */
export const objectionActorsOf = (user: SessionUser, o: { cityId: number | null }): ObjectionActor[] =>
  user.level === 'province' || (user.level === 'city' && user.cityId !== null && user.cityId === o.cityId) ? ['city'] : [];

/** 取异议，计划不在范围内或不存在答 404 */
export async function loadObjection(db: Db, user: SessionUser, id: number): Promise<ObjectionRow> {
  const [o] = await db.select().from(scoreObjections).where(eq(scoreObjections.id, id));
  if (!o) throw ApiError.notFound('异议不存在或不在您的管辖范围内');
  const plan = await loadPlan(db, user, o.planId);
  return { ...o, planCode: plan.code };
}

export const objectionWorkflow = defineWorkflow<ObjectionRow, ObjectionAction, ObjectionActor, string>({
  key: 'scoreObjection',
  label: '公示异议',
  entity: 'score_objection',
  table: scoreObjections,
  id: scoreObjections.id,
  position: { status: scoreObjections.status },
  labels: { status: OBJECTION_STATUS_LABEL },
  actors: OBJECTION_ACTOR_LABEL,
  actorLevels: { city: ['city', 'province'] },
  actorsOf: objectionActorsOf,
  transitions: OBJECTION_TRANSITIONS,
  load: loadObjection,
  describe: (o) => `成绩公示异议（${o.planCode}）`,
  history: { table: scoreObjectionHistory, values: (o) => ({ objectionId: o.id }) },
  // 处理意见即异议的答复，记在异议上（公示列表与更正时显示）
  effect: (_tx, _o, { session, now, opinion }) => ({ resolution: opinion, resolvedBy: session.user.id, resolvedByName: actorName(session.user), resolvedAt: now }),
});

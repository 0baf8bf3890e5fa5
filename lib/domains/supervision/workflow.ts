// 报送全国网的材料交给工作流引擎的声明：表、读取（计划的范围、督导员只看分派给自己的计划）、提交时记下的时间与提交人、历史。
// 转换与操作本身在 transitions.ts。
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { SessionUser } from '@/lib/platform/auth/session';
import { ApiError } from '@/lib/platform/api/errors';
import { actorName, defineWorkflow } from '@/lib/platform/workflow';
import type { ExamPlan } from '../exaPlan/tables';
import { positionLabel } from '../exaPlan/transitions';
import { examSessions, examSessionStaff } from '../examSite/tables';
import { people } from '../personnel/tables';
import { loadSupervisedPlan, supervisionOpen } from './access';
import { chinaNetworkFileHistory, chinaNetworkFiles } from './tables';
import {
  NETWORK_FILE_ACTOR_LABEL,
  NETWORK_FILE_OPERATIONS,
  NETWORK_FILE_STATUS_LABEL,
  NETWORK_FILE_TRANSITIONS,
  type NetworkFileAction,
  type NetworkFileActor,
  type NetworkFileLike,
  type NetworkFileOperation,
} from './transitions';

export type NetworkFileRow = typeof chinaNetworkFiles.$inferSelect & NetworkFileLike & { planCode: string };

/** 各计划分派的督导员的登录账号（人员库 person.user_id；见 access.ts） */
export async function planSupervisorUsers(db: Db, planIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!planIds.length) return out;
  const rows = await db
    .selectDistinct({ planId: examSessions.planId, userId: people.userId })
    .from(examSessionStaff)
    .innerJoin(examSessions, eq(examSessions.id, examSessionStaff.sessionId))
    .innerJoin(people, eq(people.id, examSessionStaff.personId))
    .where(and(inArray(examSessions.planId, [...new Set(planIds)]), eq(examSessionStaff.role, 'supervisor'), eq(people.library, 'supervisor'), isNotNull(people.userId)));
  for (const r of rows) out.set(r.planId, [...(out.get(r.planId) ?? []), r.userId!]);
  return out;
}

/** 列表一行与办理对象共用：材料加上计划此刻的位置与督导员 */
export function networkFileSubject(f: typeof chinaNetworkFiles.$inferSelect, plan: Pick<ExamPlan, 'code' | 'step' | 'state'>, supervisorUserIds: readonly number[]): NetworkFileRow {
  return { ...f, planCode: plan.code, open: supervisionOpen(plan), planPosition: positionLabel(plan), supervisorUserIds };
}

/** 取材料；计划不在范围内（督导员账号：不是分派给自己的计划）或不存在答 404 */
export async function loadNetworkFile(db: Db, user: SessionUser, id: number): Promise<NetworkFileRow> {
  const [f] = await db.select().from(chinaNetworkFiles).where(eq(chinaNetworkFiles.id, id));
  if (!f) throw ApiError.notFound('报送材料不存在或不在您的管辖范围内');
  const { plan } = await loadSupervisedPlan(db, user, f.planId);
  return networkFileSubject(f, plan, (await planSupervisorUsers(db, [plan.id])).get(plan.id) ?? []);
}

export const networkFileWorkflow = defineWorkflow<NetworkFileRow, NetworkFileAction, NetworkFileActor, string, NetworkFileOperation>({
  key: 'networkFile',
  label: '报送材料',
  entity: 'china_network_file',
  table: chinaNetworkFiles,
  id: chinaNetworkFiles.id,
  position: { status: chinaNetworkFiles.status },
  labels: { status: NETWORK_FILE_STATUS_LABEL },
  actors: NETWORK_FILE_ACTOR_LABEL,
  actorsOf: (user, f) => (f.supervisorUserIds.includes(user.id) ? ['supervisor'] : []),
  transitions: NETWORK_FILE_TRANSITIONS,
  operations: NETWORK_FILE_OPERATIONS,
  load: loadNetworkFile,
  describe: (f) => `报送全国网的材料「${f.name}」（计划 ${f.planCode}）`,
  history: { table: chinaNetworkFileHistory, values: (f) => ({ fileId: f.id }) },
  effect: (_tx, _f, { session, now }) => ({ committedAt: now, committedBy: actorName(session.user) }),
});

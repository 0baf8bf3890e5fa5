// 账号状态的状态机：正常 ⇄ 冻结，由管辖范围内的账号管理员办理（系统管理 › 用户管理，或机构管理 › 账号管理）。
// 冻结立即结束该账号的全部会话；解冻同时清除登录失败计数与锁定。待审核、已驳回的账号由注册审核处理，不经冻结与解冻。
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { SessionUser } from '@/lib/platform/auth/session';
import { ApiError } from '@/lib/platform/api/errors';
import { inScope } from '@/lib/platform/auth/scope';
import { defineWorkflow, type TransitionDef } from '@/lib/platform/workflow';
import { revokeUserSessions } from './session';
import { USER_STATUS, USER_STATUS_LABEL } from './status';
import { users, userStatusHistory } from './tables';

export type UserRow = typeof users.$inferSelect;
/** 状态机要的账号信息（列表行也够） */
export type AccountSubject = Pick<UserRow, 'id' | 'account' | 'status'>;
export type AccountAction = 'freeze' | 'unfreeze';
type Actor = 'manager';
type Gate = 'notSelf';

/** 两处菜单资源（系统管理的 sysUser、机构管理的 account）任一有该动作即可 */
const perm = (action: string) => [`sysUser.${action}`, `account.${action}`] as const;

export const ACCOUNT_TRANSITIONS: readonly TransitionDef<AccountSubject, AccountAction, Actor, Gate>[] = [
  { action: 'freeze', verb: '冻结', from: [USER_STATUS.NORMAL], to: USER_STATUS.FROZEN, actor: 'manager', permission: perm('disable'), opinion: 'none', gates: ['notSelf'], optional: true },
  { action: 'unfreeze', verb: '解冻', from: [USER_STATUS.FROZEN], to: USER_STATUS.NORMAL, actor: 'manager', permission: perm('enable'), opinion: 'none' },
];

/** 账号的数据范围：所在市、所在区县（areaId）、所属机构 */
const scopeOf = (u: Pick<UserRow, 'cityId' | 'areaId' | 'orgId'>) => ({ cityId: u.cityId, countyId: u.areaId, orgId: u.orgId });

/** 取管辖范围内的账号；范围外或不存在答 404 */
export async function loadScopedUser(db: Db, actor: SessionUser, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row || !inScope(actor, scopeOf(row))) throw ApiError.notFound('账号不存在或不在您的管辖范围内');
  return row;
}

export const accountWorkflow = defineWorkflow<AccountSubject, AccountAction, Actor, Gate>({
  key: 'account',
  label: '账号',
  entity: 'sys_user',
  table: users,
  id: users.id,
  position: { status: users.status },
  updatedAt: users.updatedAt,
  labels: { status: USER_STATUS_LABEL },
  actors: { manager: '账号管理员' },
  // 范围内的账号都由持有权限的管理员办理（范围由读取检查，列表只列范围内的）
  actorsOf: () => ['manager'],
  transitions: ACCOUNT_TRANSITIONS,
  gates: {
    notSelf: {
      label: '不是本人的账号',
      source: '账号安全：管理员不能冻结自己（冻结即结束全部会话，无人可再解冻）',
      check: (_db, u, { session }) => (u.id === session.user.id ? '不能冻结自己的账号' : null),
    },
  },
  load: loadScopedUser,
  describe: (u) => `账号 ${u.account}`,
  history: { table: userStatusHistory, values: (u) => ({ userId: u.id }) },
  effects: {
    freeze: async (tx, u) => {
      await revokeUserSessions(tx, u.id, 'frozen');
    },
    unfreeze: () => ({ failedLogins: 0, lockedUntil: null }),
  },
});

// 谁持有某个权限：工作流通知“下一步能办的人”、审核待办等共用（原先各领域各写一份 reviewersOf）。
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { DataLevel } from '@/lib/platform/auth/session';
import { users } from '../user/tables';
import { resources, roleResources, userRoles } from './tables';

export interface HolderQuery {
  /** 'resource.action' 的列表，持有任一即可 */
  permissions: readonly string[];
  /** 只要这一层级的用户 */
  level?: DataLevel;
  /** 只要这个市的（市级、县级、机构用户的所在市） */
  cityId?: number | null;
  /** 只要这个机构的 */
  orgId?: number | null;
}

/** 持有权限之一、在给定层级与范围内的用户 id */
export async function usersHolding(db: Db, q: HolderQuery): Promise<number[]> {
  if (!q.permissions.length) return [];
  const grants: SQL[] = q.permissions.map((p) => {
    const dot = p.lastIndexOf('.');
    const key = dot < 0 ? p : p.slice(0, dot);
    const action = dot < 0 ? null : p.slice(dot + 1);
    return action ? sql`(${resources.key} = ${key} and ${action} = any(${roleResources.actions}))` : sql`${resources.key} = ${key}`;
  });
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roleResources, eq(roleResources.roleId, userRoles.roleId))
    .innerJoin(resources, eq(resources.id, roleResources.resourceId))
    .where(
      and(
        q.level ? eq(users.level, q.level) : undefined,
        q.cityId !== undefined ? eq(users.cityId, q.cityId ?? -1) : undefined,
        q.orgId !== undefined ? eq(users.orgId, q.orgId ?? -1) : undefined,
        or(...grants),
      ),
    );
  return rows.map((r) => r.id);
}

/** 机构的全部用户（审核结果告诉机构） */
export async function usersOfOrg(db: Db, orgIds: readonly number[]): Promise<number[]> {
  if (!orgIds.length) return [];
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.orgId, [...orgIds]));
  return rows.map((r) => r.id);
}

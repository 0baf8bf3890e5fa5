// 角色测试的小工具：建账号、给账号挂角色、建会话。
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { DataLevel } from '@/lib/platform/auth/session';
import { createSession } from '@/lib/domains/user/session';
import { resources, roles, userRoles } from '@/lib/domains/access/tables';
import { setRoleGrants, type Grants } from '@/lib/domains/access/service';
import { makeUser } from '../user/fixtures';
import { call } from '../../helpers/api';

export interface Paged<T> {
  list: T[];
  total: number;
}

/** 新账号（无角色）及其请求头 */
export async function newUser(db: Db, account: string, level: DataLevel = 'province', cityId: number | null = null) {
  const user = await makeUser(db, { account, level, areaId: cityId ?? 130000, cityId });
  const { token } = await createSession(db, user.id);
  return { user, headers: { authorization_token: token } };
}

/** 给账号追加一个角色（保留原有角色） */
export async function addRole(db: Db, userId: number, roleId: number) {
  await db.insert(userRoles).values({ userId, roleId }).onConflictDoNothing();
}

/** 直接写库建一个带授权的角色 */
export async function makeRole(db: Db, code: string, level: DataLevel, grants: Grants): Promise<number> {
  const [row] = await db.insert(roles).values({ code, name: code, level }).returning({ id: roles.id });
  await setRoleGrants(db, row.id, grants);
  return row.id;
}

export async function resourceId(db: Db, key: string): Promise<number> {
  const [r] = await db.select({ id: resources.id }).from(resources).where(eq(resources.key, key));
  return r.id;
}

export async function routeKeys(headers: Record<string, string>): Promise<string[]> {
  const res = await call<{ key: string }[]>('GET', '/index/getUserRouters', { headers });
  return res.body.data.map((r) => r.key);
}

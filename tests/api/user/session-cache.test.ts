// 会话缓存（lookupSession）：第二次起不再查会话与授权，但吊销、冻结、改角色授权、改到期时间在下一个请求就生效
// ——库里的触发器给 auth_epoch 加一，缓存按版本失效。直接改库（不经接口）也一样。
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { roleResources, userRoles } from '@/lib/domains/access/tables';
import { createSession } from '@/lib/domains/user/session';
import { lookupSession } from '@/lib/domains/access/session';
import { authEpoch, userSessions, users } from '@/lib/domains/user/tables';
import { setupTestDb } from '../../helpers/db';

const { db } = setupTestDb();

let userId = 0;
beforeAll(async () => {
  const [u] = await (await db()).select({ id: users.id }).from(users).where(eq(users.account, 'sjz_admin'));
  userId = u.id;
});

const epoch = async () => (await (await db()).select({ e: authEpoch.epoch }).from(authEpoch))[0].e;
async function signedIn() {
  const d = await db();
  const { token } = await createSession(d, userId);
  const first = await lookupSession(d, token);
  expect(first).toMatchObject({ user: { id: userId } });
  return token;
}

describe('会话缓存随授权版本失效', () => {
  it('只改登录时间、失败次数不动版本；会话与账号的查询结果可以复用', async () => {
    const d = await db();
    const token = await signedIn();
    const before = await epoch();
    await d.update(users).set({ lastLoginAt: new Date(), failedLogins: 0 }).where(eq(users.id, userId));
    expect(await epoch()).toBe(before);
    const again = await lookupSession(d, token);
    expect(again).toMatchObject({ user: { id: userId }, token });
  });

  it('吊销会话：下一次查找即为 invalidated', async () => {
    const d = await db();
    const token = await signedIn();
    await d.update(userSessions).set({ revokedAt: new Date(), revokeReason: 'forced' }).where(eq(userSessions.userId, userId));
    expect(await lookupSession(d, token)).toBe('invalidated');
  });

  it('冻结账号后 invalidated；解冻后同一令牌若未吊销又可用', async () => {
    const d = await db();
    const token = await signedIn();
    await d.update(users).set({ status: 1 }).where(eq(users.id, userId));
    expect(await lookupSession(d, token)).toBe('invalidated');
    await d.update(users).set({ status: 0 }).where(eq(users.id, userId));
    expect(await lookupSession(d, token)).toMatchObject({ user: { id: userId } });
  });

  it('去掉角色的一项授权：下一次查找的权限里就没有它', async () => {
    const d = await db();
    const token = await signedIn();
    const s1 = await lookupSession(d, token);
    if (!s1 || s1 === 'invalidated') throw new Error('应已登录');
    const [{ roleId }] = await d.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
    const [grant] = await d.select().from(roleResources).where(eq(roleResources.roleId, roleId)).limit(1);
    const keysBefore = s1.permissions.size;
    await d.delete(roleResources).where(sql`${roleResources.roleId} = ${roleId} and ${roleResources.resourceId} = ${grant.resourceId}`);
    const s2 = await lookupSession(d, token);
    if (!s2 || s2 === 'invalidated') throw new Error('应仍登录');
    expect(s2.permissions.size).toBe(keysBefore - 1);
  });

  it('到期时间改到过去：下一次查找为 null（401）', async () => {
    const d = await db();
    const token = await signedIn();
    await d.update(userSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(sql`${userSessions.userId} = ${userId} and ${userSessions.revokedAt} is null`);
    expect(await lookupSession(d, token)).toBeNull();
  });
});

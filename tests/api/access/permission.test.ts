// 端点的权限检查经同一个 can()：缺少资源或缺少动作都答 403；会话被吊销后 10005。
import { describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { roles } from '@/lib/domains/access/tables';
import { setRoleGrants, setUserRoles } from '@/lib/domains/access/service';
import { ensureUser } from '@/lib/domains/user/service';
import { createSession, revokeUserSessions } from '@/lib/domains/user/session';
import { authHeaders } from './login-helper';

const { db } = setupTestDb();

/** 新建一个只有给定授权的账号并登录 */
async function userWith(account: string, grants: Record<string, ('query' | 'get' | 'edit')[]>) {
  const d = await db();
  const [role] = await d.insert(roles).values({ code: `R_${account}`.toUpperCase(), name: `测试角色 ${account}`, level: 'province' }).returning();
  await setRoleGrants(d, role.id, grants);
  const u = await ensureUser(d, { account, password: 'Test@2026x', nickName: account, userType: 'RENCAI_ADMIN', level: 'province', areaId: 130000 });
  await setUserRoles(d, u.id, [role.code]);
  const { token } = await createSession(d, u.id);
  return { userId: u.id, headers: { authorization_token: token } };
}

describe('端点权限', () => {
  it('教师没有机构管理权限：调机构列表得 403 与中文说明', async () => {
    const { status, body } = await call('GET', '/sys/orgination/list', { headers: await authHeaders('teacher') });
    expect(status).toBe(403);
    expect(body.returnCode).toBe(403);
    expect(body.returnMsg).toContain('没有访问权限');
  });

  it('只有 organization.get 没有 organization.query：详情可看，列表 403', async () => {
    const { headers } = await userWith('org_get_only', { organization: ['get'] });
    const list = await call('GET', '/sys/orgination/list', { headers });
    expect(list.status).toBe(403);
    const detail = await call<{ name: string }>('GET', '/sys/orgination/detail', { headers, query: { code: 'ORG130606001' } });
    expect(detail.status).toBe(200);
    expect(detail.body.data.name).toBe('保定燕赵职业技能评价中心有限公司');
  });

  it('有 organization.query 即可列表，详情仍 403', async () => {
    const { headers } = await userWith('org_query_only', { organization: ['query'] });
    expect((await call('GET', '/sys/orgination/list', { headers })).status).toBe(200);
    expect((await call('GET', '/sys/orgination/detail', { headers, query: { code: 'ORG130606001' } })).status).toBe(403);
  });

  it('未登录 401', async () => {
    const { status, body } = await call('GET', '/sys/orgination/list');
    expect(status).toBe(401);
    expect(body.returnMsg).toContain('请重新登录');
  });

  it('会话被吊销（冻结、改密）后下一次请求得 10005', async () => {
    const { userId, headers } = await userWith('revoked_user', { organization: ['query'] });
    expect((await call('GET', '/index/getUserRouters', { headers })).status).toBe(200);
    await revokeUserSessions(await db(), userId, 'frozen');
    const { status, body } = await call('GET', '/index/getUserRouters', { headers });
    expect(status).toBe(401);
    expect(body.returnCode).toBe(10005);
  });

  it('授权校验：资源不存在或动作不属于该资源时拒绝，且不改动原授权', async () => {
    const d = await db();
    const [role] = await d.insert(roles).values({ code: 'R_GRANT_CHECK', name: '授权校验', level: 'province' }).returning();
    await setRoleGrants(d, role.id, { dashboard: ['query'] });
    await expect(setRoleGrants(d, role.id, { noSuchKey: ['query'] })).rejects.toThrow('资源 noSuchKey 不存在');
    await expect(setRoleGrants(d, role.id, { dashboard: ['delete'] })).rejects.toThrow('没有动作：delete');
    const u = await ensureUser(d, { account: 'grant_check', password: 'Test@2026x', nickName: 'grant_check', userType: 'USER', level: 'province', areaId: 130000 });
    await setUserRoles(d, u.id, ['R_GRANT_CHECK']);
    const { token } = await createSession(d, u.id);
    const { body } = await call<{ key: string }[]>('GET', '/index/getUserRouters', { headers: { authorization_token: token } });
    expect(body.data.map((r) => r.key)).toEqual(['home', 'dashboard']);
  });
});

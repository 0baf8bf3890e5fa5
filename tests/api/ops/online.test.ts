// 在线用户：列表按范围；强制下线后对方令牌下一次请求得到 10005；不能下线自己；范围外的用户答 404；无权限 403。
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { auth, login, makeUser } from '../user/fixtures';

setupTestDb();

interface OnlineItem {
  sessionId: string;
  userId: number;
  account: string;
  userName: string;
  ip: string | null;
  self: boolean;
  current: boolean;
}

const h: Record<string, Record<string, string>> = {};
let sjzUser: { id: number; token: string };
let bdUser: { id: number; token: string };

const online = (headers: Record<string, string>, json: Record<string, unknown> = {}) =>
  call<{ list: OnlineItem[]; total: number }>('POST', '/sys/online/list', { headers, json: { pageSize: 100, ...json } });
const force = (headers: Record<string, string>, json: Record<string, unknown>) => call<{ revoked: number }>('POST', '/sys/online/forceLogout', { headers, json });
const me = (token: string) => call('POST', '/bapi/user/getUserDepartment', auth(token));

beforeAll(async () => {
  for (const a of ['admin', 'sjz_admin', 'eval_org']) h[a] = await authHeaders(a);
  const { getDb } = await import('@/lib/platform/db/client');
  const d = await getDb();
  const s = await makeUser(d, { account: 't_on_sjz', password: 'Sjz@2026on', level: 'org', areaId: 130102, cityId: 130100, realName: '石家庄在线' });
  const b = await makeUser(d, { account: 't_on_bd', password: 'Bd@2026onx', level: 'org', areaId: 130602, cityId: 130600, realName: '保定在线' });
  sjzUser = { id: s.id, token: (await login('t_on_sjz', 'Sjz@2026on')).token };
  bdUser = { id: b.id, token: (await login('t_on_bd', 'Bd@2026onx')).token };
});

describe('在线用户列表', () => {
  it('省级看到两市的在线用户，可按账号与姓名筛选；自己的行标明 self', async () => {
    const all = await online(h.admin);
    const accounts = all.body.data.list.map((r) => r.account);
    expect(accounts).toEqual(expect.arrayContaining(['t_on_sjz', 't_on_bd', 'admin']));
    expect(all.body.data.list.find((r) => r.account === 'admin')!.self).toBe(true);
    // 只有发起请求的这个会话标为 current
    expect(all.body.data.list.filter((r) => r.current).map((r) => r.account)).toEqual(['admin']);
    expect((await online(h.admin, { account: 't_on_' })).body.data.total).toBe(2);
    expect((await online(h.admin, { name: '保定在线' })).body.data.list.map((r) => r.account)).toEqual(['t_on_bd']);
  });

  it('石家庄管理员只看到本市用户的会话', async () => {
    const accounts = (await online(h.sjz_admin)).body.data.list.map((r) => r.account);
    expect(accounts).toContain('t_on_sjz');
    expect(accounts).not.toContain('t_on_bd');
    expect(accounts).not.toContain('admin');
  });

  it('没有在线用户权限答 403', async () => {
    expect((await online(h.eval_org)).status).toBe(403);
    expect((await force(h.eval_org, { userId: sjzUser.id })).status).toBe(403);
  });
});

describe('强制下线', () => {
  it('按会话下线：对方下一次请求得到 10005，其他会话不受影响，且记入操作日志', async () => {
    const second = (await login('t_on_sjz', 'Sjz@2026on')).token;
    const sessions = (await online(h.sjz_admin, { account: 't_on_sjz' })).body.data.list;
    expect(sessions).toHaveLength(2);
    expect((await me(sjzUser.token)).status).toBe(200);
    // 列表按最近访问排序，找出第一个令牌对应的会话：下线后第一个令牌失效、第二个仍可用
    const res = await force(h.sjz_admin, { sessionId: sessions[1].sessionId });
    expect(res.body).toMatchObject({ returnCode: 200, data: { revoked: 1 } });
    const results = await Promise.all([me(sjzUser.token), me(second)]);
    expect(results.map((r) => r.body.returnCode).sort((a, b) => a - b)).toEqual([200, 10005]);
    expect((await online(h.sjz_admin, { account: 't_on_sjz' })).body.data.total).toBe(1);
    const log = await call<{ list: { endpoint: string; detail: string }[] }>('POST', '/perOperationLog/listPerOperationLog', {
      headers: h.admin,
      json: { module: 'onlineUser' },
    });
    expect(log.body.data.list[0]).toMatchObject({ endpoint: 'POST /sys/online/forceLogout', detail: '强制下线 t_on_sjz（1 个会话）' });
  });

  it('按用户下线：该用户全部会话失效，答 10005', async () => {
    const res = await force(h.admin, { userId: bdUser.id });
    expect(res.body.data.revoked).toBe(1);
    const after = await me(bdUser.token);
    expect(after.status).toBe(401);
    expect(after.body.returnCode).toBe(10005);
  });

  it('不能强制下线自己（按用户或按自己的会话）', async () => {
    const admin = (await online(h.admin, { account: 'admin' })).body.data.list.find((r) => r.self)!;
    const byUser = await force(h.admin, { userId: admin.userId });
    expect(byUser.status).toBe(400);
    expect(byUser.body.returnMsg).toBe('不能强制下线自己，请使用“退出登录”');
    expect((await force(h.admin, { sessionId: admin.sessionId })).status).toBe(400);
    expect((await me(h.admin.authorization_token)).status).toBe(200);
  });

  it('范围外的用户答 404；没有指定对象答 400', async () => {
    const bdAgain = (await login('t_on_bd', 'Bd@2026onx')).token;
    const res = await force(h.sjz_admin, { userId: bdUser.id });
    expect(res.status).toBe(404);
    expect(res.body.returnMsg).toBe('用户不存在或不在您的管辖范围内');
    expect((await me(bdAgain)).status).toBe(200);
    const empty = await force(h.admin, {});
    expect(empty.status).toBe(400);
    expect(empty.body.returnMsg).toContain('请指定要下线的会话或用户');
  });
});

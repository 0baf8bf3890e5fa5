// 账号生命周期：冻结立即结束会话、解冻后可登录；重置密码结束会话；删除（自己、拥有子账号的、批量、范围外）。
import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { users } from '@/lib/domains/user/tables';
import { operationLogs } from '@/lib/domains/ops/tables';
import { fresh, headersFor, login, post, userIdOf, type AccountDetail } from './helpers';

const { db: getDb } = setupTestDb();
const as = headersFor();
const PASSWORD = 'Init@2026x';

/** 管理员建一个石家庄的账号，返回 id 与账号名 */
async function makeAccount(by = 'admin', extra: Record<string, unknown> = {}) {
  const { account } = fresh('life');
  const res = await post<AccountDetail>('/account/add', await as(by), { account, password: PASSWORD, nickName: '生命周期', areaId: 130100, ...extra });
  expect(res.status).toBe(200);
  return { id: res.body.data.id, account };
}

/** 令牌此刻是否还有效：用一个只需登录的接口探测 */
const probe = (token: string) => call('POST', '/bapi/user/getUserRealNameDesc', { headers: { authorization_token: token } });

describe('冻结与解冻', () => {
  it('冻结：该账号已有的会话下一次请求得到 10005，也不能再登录；解冻后可以登录', async () => {
    const { id, account } = await makeAccount();
    const { token } = await login(account, PASSWORD);
    expect((await probe(token)).status).toBe(200);

    const frozen = await post<{ status: number; revokedSessions: number }>('/account/frozen', await as('sjz_admin'), { id });
    expect(frozen.status).toBe(200);
    expect(frozen.body.data).toMatchObject({ status: 1, revokedSessions: 1 });
    const after = await probe(token);
    expect(after.status).toBe(401);
    expect(after.body.returnCode).toBe(10005);
    const refused = await login(account, PASSWORD);
    expect(refused.status).toBe(400);
    expect(refused.body.returnMsg).toBe('账号已被冻结，请联系管理员');
    expect((await post('/account/frozen', await as('admin'), { id })).body.returnMsg).toBe('该账号已是冻结状态');

    expect((await post('/account/unFrozen', await as('admin'), { id })).status).toBe(200);
    const again = await login(account, PASSWORD);
    expect(again.status).toBe(200);
    expect((await probe(again.token)).status).toBe(200);
    expect((await post('/account/unFrozen', await as('admin'), { id })).body.returnMsg).toBe('该账号未被冻结');
  });

  it('不能冻结或删除自己', async () => {
    const me = (await userIdOf(await getDb(), 'sjz_admin'))!;
    const freeze = await post('/account/frozen', await as('sjz_admin'), { id: me });
    expect(freeze.status).toBe(400);
    expect(freeze.body.returnMsg).toBe('不能冻结自己的账号');
    const del = await post('/account/del', await as('sjz_admin'), { id: me });
    expect(del.status).toBe(400);
    expect(del.body.returnMsg).toBe('不能删除自己的账号');
    expect(await userIdOf(await getDb(), 'sjz_admin')).toBe(me);
  });
});

describe('操作日志', () => {
  it('新建与冻结记下改前改后，不含密码与哈希', async () => {
    const { id } = await makeAccount();
    expect((await post('/account/frozen', await as('admin'), { id })).status).toBe(200);
    const db = await getDb();
    const logs = await db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.entity, 'sys_user'), eq(operationLogs.entityId, String(id))));
    const add = logs.find((l) => l.endpoint === 'POST /account/add')!;
    expect(add.changes[0]).toMatchObject({ after: { level: 'city', areaId: 130100, status: 0 } });
    expect(JSON.stringify(add)).not.toMatch(/passwordHash|Init@2026x|\$2[aby]\$/);
    const freeze = logs.find((l) => l.endpoint === 'POST /account/frozen')!;
    expect(freeze.changes[0]).toMatchObject({ before: { status: 0 }, after: { status: 1 } });
  });
});

describe('重置密码', () => {
  it('新密码须合规；重置后旧会话失效，旧密码不能登录，新密码可以', async () => {
    const { id, account } = await makeAccount();
    const { token } = await login(account, PASSWORD);
    const weak = await post('/account/resetPwd', await as('admin'), { id, password: '123456' });
    expect(weak.status).toBe(400);
    expect(weak.body.returnMsg).toContain('密码必须是6到18位数字、字母、特殊符号的组合');
    expect((await probe(token)).status).toBe(200);

    const reset = await post<{ revokedSessions: number }>('/account/resetPwd', await as('admin'), { id, password: 'Reset#2026y' });
    expect(reset.status).toBe(200);
    expect(reset.body.data.revokedSessions).toBe(1);
    expect((await probe(token)).body.returnCode).toBe(10005);
    expect((await login(account, PASSWORD)).body.returnMsg).toBe('账号或密码错误');
    expect((await login(account, 'Reset#2026y')).status).toBe(200);
  });
});

describe('删除', () => {
  it('拥有子账号的账号不能删除，提示可改为冻结；子账号可删，之后上级也可删', async () => {
    const parent = await makeAccount();
    const { token } = await login(parent.account, PASSWORD);
    const { account: childAccount } = fresh('child');
    const child = await post<AccountDetail>('/account/addSubAccount', { authorization_token: token }, { account: childAccount, password: PASSWORD, nickName: '子账号' });
    // 新账号没有任何角色，建子账号被拒；给它一个市级管理员角色再建
    expect(child.status).toBe(403);
    const db = await getDb();
    const cityRole = (await post<{ list: { roles: { id: number }[] }[] }>('/account/listUsers', await as('admin'), { account: 'sjz_admin' })).body.data.list[0].roles[0].id;
    expect((await post('/account/update', await as('admin'), { id: parent.id, roleIds: [cityRole] })).status).toBe(200);
    const child2 = await post<AccountDetail>('/account/addSubAccount', { authorization_token: (await login(parent.account, PASSWORD)).token }, {
      account: childAccount,
      password: PASSWORD,
      nickName: '子账号',
    });
    expect(child2.status).toBe(200);
    expect(child2.body.data.parentId).toBe(parent.id);

    const refused = await post('/account/del', await as('admin'), { id: parent.id });
    expect(refused.status).toBe(409);
    expect(refused.body.returnMsg).toBe('该账号下还有 1 个子账号，不能删除，可改为冻结');
    expect(await userIdOf(db, parent.account)).toBe(parent.id);

    expect((await post('/account/del', await as('admin'), { id: child2.body.data.id })).status).toBe(200);
    expect((await post('/account/userInfo', await as('admin'), { id: child2.body.data.id })).status).toBe(404);
    const del = await post('/account/del', await as('admin'), { id: parent.id });
    expect(del.status).toBe(200);
    expect(await userIdOf(db, parent.account)).toBeUndefined();
    // 已删除账号的旧会话不再有效
    expect((await probe(token)).status).toBe(401);
  });

  it('只选上级批量删除被拒；上级与子账号一起批量删除可以', async () => {
    const db = await getDb();
    const cityRole = (await post<{ list: { roles: { id: number }[] }[] }>('/account/listUsers', await as('admin'), { account: 'sjz_admin' })).body.data.list[0].roles[0].id;
    const parent = await makeAccount('admin', { roleIds: [cityRole] });
    const { token } = await login(parent.account, PASSWORD);
    const { account } = fresh('sub');
    const sub = await post<AccountDetail>('/account/addSubAccount', { authorization_token: token }, { account, password: PASSWORD, nickName: '子账号' });
    expect(sub.status).toBe(200);
    const other = await makeAccount();
    const alone = await post('/account/delBatch', await as('admin'), { ids: [other.id, parent.id] });
    expect(alone.status).toBe(409);
    expect(alone.body.returnMsg).toBe(`账号 ${parent.account} 下还有 1 个子账号，不能删除，可改为冻结`);
    expect(await userIdOf(db, other.account)).toBe(other.id);
    const both = await post<{ deleted: number }>('/account/delBatch', await as('admin'), { ids: [parent.id, sub.body.data.id] });
    expect(both.status).toBe(200);
    expect(both.body.data.deleted).toBe(2);
    expect(await userIdOf(db, parent.account)).toBeUndefined();
    expect(await userIdOf(db, account)).toBeUndefined();
  });

  it('批量删除：全部可删才删；含范围外的账号整体 404', async () => {
    const a = await makeAccount();
    const b = await makeAccount();
    const bd = (await userIdOf(await getDb(), 'bd_admin'))!;
    const cross = await post('/account/delBatch', await as('sjz_admin'), { ids: [a.id, b.id, bd] });
    expect(cross.status).toBe(404);
    const db = await getDb();
    expect((await db.select({ id: users.id }).from(users).where(inArray(users.id, [a.id, b.id]))).length).toBe(2);

    const ok = await post<{ deleted: number }>('/account/delBatch', await as('sjz_admin'), { ids: [a.id, b.id] });
    expect(ok.status).toBe(200);
    expect(ok.body.data.deleted).toBe(2);
    expect((await db.select({ id: users.id }).from(users).where(inArray(users.id, [a.id, b.id]))).length).toBe(0);
    expect((await db.select({ id: users.id }).from(users).where(eq(users.id, bd))).length).toBe(1);
  });
});

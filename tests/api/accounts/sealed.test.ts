// 账号与短信的手机号加密（issue 30）：sys_user.mobile、sms_code.mobile 在库里是密文；短信登录、注册与找回密码经盲索引按手机号找账号
// ；账号列表默认脱敏，看全须有 account.unmask / sysUser.unmask 并选理由、记访问日志；本人设置里看全自己的手机号。
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import type { Db } from '@/lib/platform/db/client';
import { setSmsSender } from '@/lib/domains/user/sms';
import { users } from '@/lib/domains/user/tables';
import { dataAccessLogs } from '@/lib/domains/privacy/tables';
import { maskMobile } from '@/lib/platform/identity';
import { DEMO_ACCOUNTS } from '@/db/seed/accounts';
import { captureSms } from '../user/fixtures';
import { h, login, ok, refused } from '../trainClass/helpers';
import type { AccountDetail, AccountRow } from './helpers';
import { rawRows } from '@/tests/helpers/raw-rows';

const { db: getDb } = setupTestDb();
let db: Db;
const sms = captureSms();
afterAll(() => setSmsSender(null));

interface Listed {
  list: AccountRow[];
  total: number;
  masked: boolean;
  canUnmask: boolean;
}

const mobileOf = (account: string) => DEMO_ACCOUNTS.find((a) => a.account === account)!.mobile;
const logs = () => db.select().from(dataAccessLogs).where(eq(dataAccessLogs.entity, 'sys_user')).orderBy(asc(dataAccessLogs.id));

beforeAll(async () => {
  db = await getDb();
  await login('admin', 'eval_org', 'sjz_admin');
});

describe('账号的手机号：密文存放、经盲索引查找', () => {
  it('sys_user.mobile 与 sms_code.mobile 是密文（s1.），盲索引已写', async () => {
    const mobile = mobileOf('enterprise');
    expect((await call('GET', '/user/sendVerCode', { query: { mobile, purpose: 'login' } })).body.returnCode).toBe(200);
    const [user] = await rawRows<{ mobile: string; mobile_bidx: string }>(db, sql`select mobile, mobile_bidx from sys_user where account = 'enterprise'`);
    expect(user.mobile.startsWith('s1.')).toBe(true);
    expect(user.mobile).not.toContain(mobile.slice(3));
    expect(user.mobile_bidx).toBeTruthy();
    const [code] = await rawRows<{ mobile: string; mobile_bidx: string }>(db, sql`select mobile, mobile_bidx from sms_code order by id desc limit 1`);
    expect(code.mobile.startsWith('s1.')).toBe(true);
    expect(code.mobile_bidx).toBe(user.mobile_bidx);
  });

  it('短信登录按盲索引找到账号（输入的手机号须是规范的 11 位，全角写法在输入校验时即被拒绝）', async () => {
    const mobile = mobileOf('enterprise');
    const res = await call<{ account: string }>('POST', '/account/sms', { json: { mobile, smsCode: sms.code(mobile) } });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body.data)).toContain('enterprise');
  });

  it('账号列表按完整手机号筛选（片段查不到）；新建账号时同号已被占用照样拒绝', async () => {
    const mobile = mobileOf('eval_org');
    const byMobile = await ok<Listed>('admin', '/account/listUsers', { mobile });
    expect(byMobile.list.map((r) => r.account)).toEqual(['eval_org']);
    expect((await ok<Listed>('admin', '/account/listUsers', { mobile: mobile.slice(0, 7) })).total).toBe(0);
    const before = await db.$count(users);
    await refused('admin', '/account/add', { account: 't_dup_mobile', password: 'Test@2026x', nickName: '重号', mobile }, 400, '该手机号已被其他账号使用');
    expect(await db.$count(users)).toBe(before);
  });
});

describe('账号列表：默认脱敏，看全须有权限、给理由、记日志', () => {
  it('列表与详情默认脱敏；本人设置里看全自己的手机号', async () => {
    const list = await ok<Listed>('admin', '/account/listUsers', { mobile: mobileOf('eval_org') });
    expect(list).toMatchObject({ masked: true, canUnmask: true });
    expect(list.list[0].mobile).toBe(maskMobile(mobileOf('eval_org')));
    const detail = await ok<AccountDetail>('admin', '/account/userInfo', { id: list.list[0].id });
    expect(detail.mobile).toBe(maskMobile(mobileOf('eval_org')));
    const me = await call<{ mobile: string }>('GET', '/bapi/user/getUserAndPermissions', { headers: h.eval_org });
    expect(JSON.stringify(me.body.data)).toContain(mobileOf('eval_org'));
    expect(await logs()).toEqual([]);
  });

  it('评价机构没有 account.unmask：403；没选理由 400；都不写日志', async () => {
    const own = await ok<Listed>('eval_org', '/account/listUsers', {});
    expect(own.canUnmask).toBe(false);
    await refused('eval_org', '/account/listUsers', { unmask: true, reason: 'verify' }, 403, '没有查看完整个人信息的权限');
    await refused('admin', '/account/listUsers', { unmask: true }, 400, '请选择查看完整个人信息的理由');
    expect(await logs()).toEqual([]);
  });

  it('看全记一行访问日志（谁、哪些账号、理由）', async () => {
    const list = await ok<Listed>('admin', '/account/listUsers', { mobile: mobileOf('eval_org'), unmask: true, reason: 'dispute' });
    expect(list.masked).toBe(false);
    expect(list.list[0].mobile).toBe(mobileOf('eval_org'));
    const rows = await logs();
    expect(rows.map((l) => ({ account: l.account, action: l.action, reason: l.reason, recordIds: l.recordIds }))).toEqual([{ account: 'admin', action: 'view', reason: 'dispute', recordIds: [list.list[0].id] }]);
  });

  it('修改账号时传回脱敏手机号不改原号码', async () => {
    const [row] = (await ok<Listed>('admin', '/account/listUsers', { mobile: mobileOf('enterprise') })).list;
    await ok('admin', '/account/update', { id: row.id, mobile: row.mobile, realName: '周海涛' });
    const [u] = await db.select({ mobile: users.mobile }).from(users).where(eq(users.id, row.id));
    expect(u.mobile).toBe(mobileOf('enterprise'));
  });
});

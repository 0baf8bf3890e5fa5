// 黑名单：账号与 IP（含网段）在登录时被拒绝并记登录日志；过期条目不再生效；加入账号即结束其会话；
// 不能拉黑自己或正在使用的 IP；市级管理员只管本市；无权限 403。
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { blacklist } from '@/lib/domains/portal/tables';
import { BLACKLISTED_ACCOUNT, BLACKLISTED_IP, normalizeIpEntry } from '@/lib/domains/portal/blacklist';
import { loginLogs, users } from '@/lib/domains/user/tables';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders, tokenFor } from '../access/login-helper';
import { captureSms, makeUser } from '../user/fixtures';

const { db } = setupTestDb();

const ADMIN_IP = '10.9.9.9';
const h: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  for (const a of ['admin', 'sjz_admin', 'bd_admin', 'eval_org']) h[a] = await authHeaders(a);
  h.admin['x-forwarded-for'] = ADMIN_IP;
});

const add = (body: Record<string, unknown>, who = 'admin') => call<{ id: number; revokedSessions: number }>('POST', '/sys/blacklist/add', { headers: h[who], json: body });
const login = (account: string, password: string, ip = '172.16.0.8') =>
  call<{ authorizationToken: string }>('POST', '/user/login', { json: { account, password }, headers: { 'x-forwarded-for': ip, 'user-agent': 'vitest' } });
const lastLog = async (account: string) =>
  (await (await db()).select().from(loginLogs).where(eq(loginLogs.account, account)).orderBy(desc(loginLogs.id)).limit(1))[0];

describe('登录时拒绝黑名单中的账号与 IP', () => {
  it('账号在黑名单中：密码正确也拒绝（403 + 中文提示），并记一条登录失败日志', async () => {
    expect((await add({ kind: 'account', value: 'train_org', reason: '多次违规代报培训补贴' })).body.returnCode).toBe(200);
    const res = await login('train_org', 'Demo@2026');
    expect(res.status).toBe(403);
    expect(res.body.returnMsg).toBe(BLACKLISTED_ACCOUNT);
    const log = await lastLog('train_org');
    expect(log).toMatchObject({ kind: 'failure', ip: '172.16.0.8', userAgent: 'vitest' });
    expect(log.message).toContain('黑名单');
    expect(log.userId).not.toBeNull();
  });

  it('密码错误时同样先按黑名单拒绝，不计入密码错误次数', async () => {
    const res = await login('train_org', 'wrong-password');
    expect(res.body.returnMsg).toBe(BLACKLISTED_ACCOUNT);
    const [u] = await (await db()).select({ failedLogins: users.failedLogins }).from(users).where(eq(users.account, 'train_org'));
    expect(u.failedLogins).toBe(0);
  });

  it('短信验证码登录：手机号绑定的账号在黑名单中，核对验证码前即拒绝', async () => {
    const sms = captureSms();
    const [u] = await (await db()).select({ mobile: users.mobile }).from(users).where(eq(users.account, 'train_org'));
    await call('GET', '/user/sendVerCode', { query: { mobile: u.mobile!, purpose: 'login' } });
    const res = await call('POST', '/account/sms', { json: { mobile: u.mobile, smsCode: sms.code(u.mobile!) } });
    expect(res.status).toBe(403);
    expect(res.body.returnMsg).toBe(BLACKLISTED_ACCOUNT);
  });

  it('IP 网段在黑名单中：该网段内的任何账号都不能登录，网段外可以', async () => {
    expect((await add({ kind: 'ip', value: '203.0.113.0/24', reason: '暴力破解来源' })).body.returnCode).toBe(200);
    const refused = await login('enterprise', 'Demo@2026', '203.0.113.77');
    expect(refused.status).toBe(403);
    expect(refused.body.returnMsg).toBe(BLACKLISTED_IP);
    expect((await lastLog('enterprise')).message).toBe('IP 203.0.113.77 命中黑名单 203.0.113.0/24，拒绝登录');
    // 不存在的账号从该网段登录也被拒绝并记录
    expect((await login('no_such_user', 'x', '203.0.113.5')).body.returnMsg).toBe(BLACKLISTED_IP);
    expect(await lastLog('no_such_user')).toMatchObject({ kind: 'failure', userId: null });
    expect((await login('enterprise', 'Demo@2026', '203.0.114.1')).status).toBe(200);
  });

  it('IPv6 地址按规范写法保存与匹配', async () => {
    expect(normalizeIpEntry('2001:DB8:0:0::1')).toBe('2001:db8::1');
    expect(normalizeIpEntry('::ffff:192.168.1.9')).toBe('192.168.1.9');
    expect(normalizeIpEntry('10.0.0.0/33')).toBeNull();
    expect(normalizeIpEntry('10.0.0')).toBeNull();
    expect((await add({ kind: 'ip', value: '2001:DB8:0:0::1', reason: '测试' })).body.returnCode).toBe(200);
    expect((await login('enterprise', 'Demo@2026', '2001:db8::1')).body.returnMsg).toBe(BLACKLISTED_IP);
  });

  it('过期的条目不再生效', async () => {
    const d = await db();
    await d
      .update(blacklist)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(blacklist.kind, 'account'), eq(blacklist.value, 'train_org')));
    const res = await login('train_org', 'Demo@2026');
    expect(res.status).toBe(200);
    const list = await call<{ list: { value: string; state: string; stateName: string }[] }>('POST', '/sys/blacklist/list', {
      headers: h.admin,
      json: { state: 'expired' },
    });
    expect(list.body.data.list).toEqual([expect.objectContaining({ value: 'train_org', state: 'expired', stateName: '已过期' })]);
  });

  it('过期条目可重新加入（替换原条目），已生效的重复加入 409', async () => {
    expect((await add({ kind: 'account', value: 'train_org', reason: '再次违规' })).body.returnCode).toBe(200);
    const dup = await add({ kind: 'account', value: 'train_org', reason: '重复' });
    expect(dup.status).toBe(409);
    expect(dup.body.returnMsg).toBe('账号 train_org 已在黑名单中');
    const dupIp = await add({ kind: 'ip', value: '203.0.113.0/24', reason: '重复' });
    expect(dupIp.body.returnMsg).toBe('IP 203.0.113.0/24 已在黑名单中');
  });
});

describe('加入黑名单', () => {
  it('加入账号即结束其全部会话：原令牌下一次请求得到 10005', async () => {
    const token = await tokenFor('teacher');
    const before = await call('POST', '/bapi/user/getUserDepartment', { headers: { authorization_token: token } });
    expect(before.status).toBe(200);
    const res = await add({ kind: 'account', value: 'teacher', reason: '冒用他人身份', expiresAt: new Date(Date.now() + 7 * 86400_000).toISOString() });
    expect(res.body.data.revokedSessions).toBeGreaterThanOrEqual(1);
    const after = await call('POST', '/bapi/user/getUserDepartment', { headers: { authorization_token: token } });
    expect(after.status).toBe(401);
    expect(after.body.returnCode).toBe(10005);
  });

  it('不能把自己的账号加入黑名单', async () => {
    const res = await add({ kind: 'account', value: 'admin', reason: '测试' });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe('不能将自己的账号加入黑名单');
  });

  it('不能把正在使用的 IP（或包含它的网段）加入黑名单', async () => {
    const single = await add({ kind: 'ip', value: ADMIN_IP, reason: '测试' });
    expect(single.status).toBe(400);
    expect(single.body.returnMsg).toBe(`不能将您当前使用的 IP（${ADMIN_IP}）加入黑名单`);
    expect((await add({ kind: 'ip', value: '10.9.0.0/16', reason: '测试' })).body.returnMsg).toBe(`不能将您当前使用的 IP（${ADMIN_IP}）加入黑名单`);
  });

  it('输入校验：IP 格式、不存在的账号、失效时间早于现在', async () => {
    const badIp = await add({ kind: 'ip', value: '999.1.1.1', reason: '测试' });
    expect(badIp.status).toBe(400);
    expect(badIp.body.returnMsg).toContain('IP 格式不正确');
    expect((await add({ kind: 'account', value: 'ghost_user', reason: '测试' })).body.returnMsg).toBe('账号 ghost_user 不存在');
    const past = await add({ kind: 'account', value: 'assessor', reason: '测试', expiresAt: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.body.returnMsg).toContain('失效时间必须晚于当前时间');
    const noReason = await add({ kind: 'account', value: 'assessor' });
    expect(noReason.body.returnMsg).toContain('请输入原因');
  });
});

describe('范围与权限', () => {
  it('市级管理员只能拉黑本市的账号，列表只看到本市的条目，不能删除别市的条目', async () => {
    const bdUser = await makeUser(await db(), { account: 'bd_person1', level: 'org', areaId: 130600, cityId: 130600 });
    const cross = await add({ kind: 'account', value: bdUser.account, reason: '测试' }, 'sjz_admin');
    expect(cross.status).toBe(404);
    const own = await add({ kind: 'account', value: bdUser.account, reason: '违规' }, 'bd_admin');
    expect(own.body.returnCode).toBe(200);

    const sjzList = await call<{ list: { value: string; cityName: string | null }[]; total: number }>('POST', '/sys/blacklist/list', { headers: h.sjz_admin, json: {} });
    expect(sjzList.body.data.list.map((r) => r.value)).not.toContain('bd_person1');
    expect(sjzList.body.data.list.every((r) => r.cityName === '石家庄市')).toBe(true);
    const del = await call('POST', '/sys/blacklist/del', { headers: h.sjz_admin, json: { ids: [own.body.data.id] } });
    expect(del.status).toBe(404);
    expect((await call('POST', '/sys/blacklist/del', { headers: h.bd_admin, json: { ids: [own.body.data.id] } })).body.returnCode).toBe(200);
  });

  it('没有黑名单权限的用户 403；未登录 401', async () => {
    const res = await call('POST', '/sys/blacklist/list', { headers: h.eval_org, json: {} });
    expect(res.status).toBe(403);
    expect((await call('POST', '/sys/blacklist/add', { headers: h.eval_org, json: { kind: 'ip', value: '1.2.3.4', reason: 'x' } })).status).toBe(403);
    expect((await call('POST', '/sys/blacklist/list', { json: {} })).status).toBe(401);
  });

  it('导出为 Excel 文件', async () => {
    const res = await call('POST', '/sys/blacklist/export', { headers: h.admin, json: { kind: 'ip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const buf = Buffer.from(await res.res.arrayBuffer());
    expect(buf.subarray(0, 2).toString()).toBe('PK');
  });
});

// 登录、Cookie 与请求头令牌、锁定、退出与吊销（退出、改密、冻结）、强度标记、登录日志。
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { freezeAccount } from '@/lib/domains/account/service';
import type { SessionUser } from '@/lib/platform/auth/session';
import { loginLogs, userSessions, users, type User } from '@/lib/domains/user/tables';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { auth, login, makeUser, reload, sessionUserOf, type LoginData } from './fixtures';

/** 持有账号冻结、解冻权限的会话 */
const managerOf = (user: SessionUser) => ({ user, permissions: new Map([['sysUser', new Set(['disable', 'enable'])]]) });

const { db } = setupTestDb();

const me = (token: string, how: 'cookie' | 'authorization_token' | 'X-Auth-Token' = 'authorization_token') =>
  call<{ level: string }>('POST', '/bapi/user/getUserDepartment', {
    headers: how === 'cookie' ? { cookie: `theme=dark; Access-Token=${encodeURIComponent(token)}` } : { [how]: token },
  });

let alice: User;
let admin: User;

beforeAll(async () => {
  const d = await db();
  alice = await makeUser(d, { account: 't_alice', password: 'Alice@2026', level: 'city', areaId: 130100, cityId: 130100, userType: 'RENCAI_SHI', realName: '艾丽斯' });
  admin = await makeUser(d, { account: 't_root', password: 'Root@2026x', level: 'province', userType: 'RENCAI_ADMIN' });
});

describe('账号密码登录', () => {
  it('成功：返回令牌、用户信息，设置 7 天的 httpOnly Access-Token 与非 httpOnly 的 pwdStrength', async () => {
    const { status, body, headers } = await call<LoginData>('POST', '/user/login', {
      json: { account: 't_alice', password: 'Alice@2026' },
      headers: { 'user-agent': 'vitest-agent', 'x-forwarded-for': '10.1.2.3' },
    });
    expect(status).toBe(200);
    expect(body.returnCode).toBe(200);
    const data = body.data;
    expect(data.authorizationToken).toMatch(/^[\w-]{43}$/);
    expect(new Date(data.expiresAt).getTime() - Date.now()).toBeGreaterThan(7 * 86400_000 - 60_000);
    expect(data.passwordStrength).toBe(3);
    expect(data.user).toMatchObject({
      code: alice.code,
      account: 't_alice',
      name: '艾丽斯',
      realName: '艾丽斯',
      userType: 'RENCAI_SHI',
      level: 'city',
      cityId: 130100,
      orgName: null,
      passwordStrength: 3,
    });
    expect(data.user).not.toHaveProperty('passwordHash');

    const cookies = headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('Access-Token='))!;
    expect(session).toBe(`Access-Token=${encodeURIComponent(data.authorizationToken)}; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax`);
    const strength = cookies.find((c) => c.startsWith('pwdStrength='))!;
    expect(strength).toBe('pwdStrength=3; Path=/; Max-Age=604800; SameSite=Lax');

    const [log] = await (await db())
      .select()
      .from(loginLogs)
      .where(and(eq(loginLogs.userId, alice.id), eq(loginLogs.kind, 'login')));
    expect(log).toMatchObject({ account: 't_alice', ip: '10.1.2.3', userAgent: 'vitest-agent' });
    const row = await reload(await db(), alice.id);
    expect(row.lastLoginAt).not.toBeNull();
  });

  it('经 HTTPS 代理访问时 Cookie 带 Secure', async () => {
    const { headers } = await call('POST', '/user/loginV2', {
      json: { account: 't_alice', password: 'Alice@2026' },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(headers.getSetCookie().every((c) => c.endsWith('; Secure'))).toBe(true);
  });

  it('令牌可放在 Cookie、authorization_token 或 X-Auth-Token 请求头', async () => {
    const { token } = await login('t_alice', 'Alice@2026');
    for (const how of ['cookie', 'authorization_token', 'X-Auth-Token'] as const) {
      const res = await me(token, how);
      expect(res.status, how).toBe(200);
      expect(res.body.data.level).toBe('city');
    }
    const none = await call('POST', '/bapi/user/getUserDepartment');
    expect(none.status).toBe(401);
    expect(none.body.returnCode).toBe(401);
    const bogus = await me('not-a-real-token');
    expect(bogus.status).toBe(401);
  });

  it('loginV2 与 login 应答相同', async () => {
    const { body } = await call<LoginData>('POST', '/user/loginV2', { json: { account: 't_alice', password: 'Alice@2026' } });
    expect(body.returnCode).toBe(200);
    expect(body.data.user.code).toBe(alice.code);
    expect((await me(body.data.authorizationToken)).status).toBe(200);
  });

  it('密码错误与账号不存在给出同一句话', async () => {
    const wrong = await call('POST', '/user/login', { json: { account: 't_alice', password: 'nope' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.returnMsg).toBe('账号或密码错误');
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const unknown = await call('POST', '/user/login', { json: { account: 't_nobody', password: 'nope' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.returnMsg).toBe('账号或密码错误');
    const logs = await (await db()).select().from(loginLogs).where(eq(loginLogs.account, 't_nobody'));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ kind: 'failure', userId: null });
    // 成功一次后计数清零
    await login('t_alice', 'Alice@2026');
    expect((await reload(await db(), alice.id)).failedLogins).toBe(0);
  });

  it('缺少账号或密码时返回字段消息', async () => {
    const { status, body } = await call<{ fields: Record<string, string> }>('POST', '/user/login', { json: { account: ' ' } });
    expect(status).toBe(400);
    expect(body.data.fields).toEqual({ account: '请输入账号', password: '请输入密码' });
  });
});

describe('连续输错锁定', () => {
  it('第 5 次错误锁定 15 分钟；锁定期间正确密码也被拒绝；到时自动解锁', async () => {
    const d = await db();
    const bob = await makeUser(d, { account: 't_bob', password: 'Bob@2026xy' });
    for (let i = 1; i <= 4; i++) {
      const r = await call('POST', '/user/login', { json: { account: 't_bob', password: `wrong${i}` } });
      expect(r.body.returnMsg, `第 ${i} 次`).toBe('账号或密码错误');
    }
    expect((await reload(d, bob.id)).failedLogins).toBe(4);
    const fifth = await call('POST', '/user/login', { json: { account: 't_bob', password: 'wrong5' } });
    expect(fifth.status).toBe(429);
    expect(fifth.body.returnMsg).toBe('密码连续输错 5 次，账号已锁定，请 15 分钟后再试');
    const locked = await reload(d, bob.id);
    expect(locked.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);

    const right = await call('POST', '/user/login', { json: { account: 't_bob', password: 'Bob@2026xy' } });
    expect(right.status).toBe(429);
    expect(right.body.returnMsg).toBe('密码连续输错 5 次，账号已锁定，请 15 分钟后再试');
    expect(right.headers.getSetCookie()).toEqual([]);

    // 还剩 3 分多钟时提示 4 分钟
    await d.update(users).set({ lockedUntil: new Date(Date.now() + 3 * 60_000 + 5_000) }).where(eq(users.id, bob.id));
    const later = await call('POST', '/user/login', { json: { account: 't_bob', password: 'Bob@2026xy' } });
    expect(later.body.returnMsg).toBe('密码连续输错 5 次，账号已锁定，请 4 分钟后再试');

    await d.update(users).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(users.id, bob.id));
    const after = await login('t_bob', 'Bob@2026xy');
    expect(after.token).toBeTruthy();
    const unlocked = await reload(d, bob.id);
    expect(unlocked.failedLogins).toBe(0);
    expect(unlocked.lockedUntil).toBeNull();

    const kinds = (await d.select({ kind: loginLogs.kind }).from(loginLogs).where(eq(loginLogs.userId, bob.id))).map((r) => r.kind);
    expect(kinds.filter((k) => k === 'failure')).toHaveLength(6);
    expect(kinds.filter((k) => k === 'locked')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'login')).toHaveLength(1);
  });
});

describe('账号状态', () => {
  it.each([
    [1, '账号已被冻结，请联系管理员'],
    [2, '账号正在审核中，审核通过后即可登录'],
    [3, '注册申请未通过审核'],
  ])('状态 %i：%s', async (status, message) => {
    const d = await db();
    const u = await makeUser(d, { account: `t_status${status}`, password: 'Stat@2026x' });
    await d.update(users).set({ status }).where(eq(users.id, u.id));
    const r = await call('POST', '/user/login', { json: { account: u.account, password: 'Stat@2026x' } });
    expect(r.status).toBe(400);
    expect(r.body.returnMsg).toBe(message);
    // 密码错误时仍只说账号或密码错误，不透露状态
    const wrong = await call('POST', '/user/login', { json: { account: u.account, password: 'bad' } });
    expect(wrong.body.returnMsg).toBe('账号或密码错误');
  });
});

describe('密码强度标记', () => {
  it('弱密码登录得到 4，强密码得到 3，并写入用户记录', async () => {
    const d = await db();
    const weak = await makeUser(d, { account: 't_weak', password: 'abc123' });
    const { data, res } = await login('t_weak', 'abc123');
    expect(data.passwordStrength).toBe(4);
    expect(data.user.passwordStrength).toBe(4);
    expect(res.headers.getSetCookie()).toContain('pwdStrength=4; Path=/; Max-Age=604800; SameSite=Lax');
    expect((await reload(d, weak.id)).passwordStrength).toBe(4);
    const strong = await login('t_alice', 'Alice@2026');
    expect(strong.data.passwordStrength).toBe(3);
  });
});

describe('退出与吊销', () => {
  it('退出吊销本次令牌（之后 10005），清除两个 Cookie，其他会话不受影响', async () => {
    const a = await login('t_alice', 'Alice@2026');
    const b = await login('t_alice', 'Alice@2026');
    const out = await call('GET', '/user/logout', auth(a.token));
    expect(out.status).toBe(200);
    expect(out.body.returnCode).toBe(200);
    expect(out.headers.getSetCookie()).toEqual([
      'Access-Token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
      'pwdStrength=; Path=/; Max-Age=0; SameSite=Lax',
    ]);
    const after = await me(a.token);
    expect(after.status).toBe(401);
    expect(after.body.returnCode).toBe(10005);
    expect((await me(b.token)).status).toBe(200);
    const logs = await (await db()).select().from(loginLogs).where(and(eq(loginLogs.userId, alice.id), eq(loginLogs.kind, 'logout')));
    expect(logs.length).toBeGreaterThanOrEqual(1);
  });

  it('经 Cookie 退出同样吊销；没有会话或会话已失效时也返回 200', async () => {
    const a = await login('t_alice', 'Alice@2026');
    const out = await call('GET', '/user/logout', { headers: { cookie: `Access-Token=${a.token}`, 'sec-fetch-site': 'same-origin' } });
    expect(out.status).toBe(200);
    expect((await me(a.token, 'cookie')).body.returnCode).toBe(10005);
    expect((await call('GET', '/user/logout')).status).toBe(200);
    expect((await call('GET', '/user/logout', auth(a.token))).status).toBe(200);
  });

  it('改密后该用户的全部会话失效，旧密码不能再登录，新密码可以', async () => {
    const d = await db();
    const carol = await makeUser(d, { account: 't_carol', password: 'Carol@2026' });
    const s1 = await login('t_carol', 'Carol@2026');
    const s2 = await login('t_carol', 'Carol@2026');
    const other = await login('t_alice', 'Alice@2026');
    const res = await call<{ relogin: boolean }>('POST', '/sys/user/reset/password', {
      ...auth(s1.token),
      json: { code: carol.code, oldPassword: 'Carol@2026', password: 'Carol#2027', confirmPassword: 'Carol#2027' },
    });
    expect(res.body.returnCode).toBe(200);
    expect(res.body.data).toEqual({ relogin: true });
    expect(res.headers.getSetCookie()).toContain('Access-Token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
    for (const s of [s1, s2]) expect((await me(s.token)).body.returnCode).toBe(10005);
    expect((await me(other.token)).status).toBe(200);
    const revoked = await d.select().from(userSessions).where(eq(userSessions.userId, carol.id));
    expect(revoked.every((s) => s.revokeReason === 'password')).toBe(true);
    expect((await call('POST', '/user/login', { json: { account: 't_carol', password: 'Carol@2026' } })).body.returnMsg).toBe('账号或密码错误');
    const again = await login('t_carol', 'Carol#2027');
    expect(again.data.passwordStrength).toBe(3);
  });

  it('冻结后已打开的会话下一次请求得到 10005，且不能登录；解冻后可再登录', async () => {
    const d = await db();
    const dave = await makeUser(d, { account: 't_dave', password: 'Dave@2026x', level: 'city', areaId: 130100, cityId: 130100, userType: 'RENCAI_SHI' });
    const s = await login('t_dave', 'Dave@2026x');
    expect((await me(s.token)).status).toBe(200);
    const result = await freezeAccount(d, managerOf(sessionUserOf(admin)), { id: dave.id, frozen: true }, () => {});
    expect(result).toMatchObject({ status: 1, revokedSessions: 1 });
    const after = await me(s.token);
    expect(after.status).toBe(401);
    expect(after.body.returnCode).toBe(10005);
    expect((await call('POST', '/user/login', { json: { account: 't_dave', password: 'Dave@2026x' } })).body.returnMsg).toBe('账号已被冻结，请联系管理员');
    await freezeAccount(d, managerOf(sessionUserOf(admin)), { id: dave.id, frozen: false }, () => {});
    expect((await me(s.token)).body.returnCode).toBe(10005);
    await login('t_dave', 'Dave@2026x');
  });

  it('冻结只能在管辖范围内，且不能冻结自己', async () => {
    const d = await db();
    const sjz = await makeUser(d, { account: 't_freeze_sjz', level: 'city', areaId: 130100, cityId: 130100, userType: 'RENCAI_SHI' });
    const bd = await makeUser(d, { account: 't_freeze_bd', level: 'city', areaId: 130600, cityId: 130600, userType: 'RENCAI_SHI' });
    await expect(freezeAccount(d, managerOf(sessionUserOf(sjz)), { id: bd.id, frozen: true }, () => {})).rejects.toMatchObject({ returnCode: 404 });
    await expect(freezeAccount(d, managerOf(sessionUserOf(sjz)), { id: sjz.id, frozen: true }, () => {})).rejects.toMatchObject({ message: '不能冻结自己的账号' });
    expect((await reload(d, bd.id)).status).toBe(0);
  });
});

describe('checkAccount', () => {
  it('返回账号是否存在', async () => {
    expect((await call('GET', '/user/checkAccount', { query: { account: 't_alice' } })).body.data).toEqual({ exists: true });
    expect((await call('GET', '/user/checkAccount', { query: { account: 't_ghost' } })).body.data).toEqual({ exists: false });
    expect((await call('GET', '/user/checkAccount')).body.returnMsg).toContain('账号');
  });

  it('每个 IP 每分钟最多 20 次：之后 429 与中文提示（存在与不存在的账号都一样），别的 IP 不受影响', async () => {
    const from = (ip: string, account: string) => call('GET', '/user/checkAccount', { query: { account }, headers: { 'x-forwarded-for': ip } });
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => from('10.7.7.7', i % 2 ? 't_alice' : `t_ghost_${i}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0].body.returnMsg).toMatch(/^账号查重过于频繁：每分钟最多 20 次，请 \d+ 秒后再试$/);
    expect(refused[0].body.data).toMatchObject({ retryAfter: expect.any(Number) });
    expect((await from('10.7.7.8', 't_alice')).body.data).toEqual({ exists: true });
  });
});

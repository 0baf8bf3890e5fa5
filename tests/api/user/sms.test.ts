// 短信验证码：发送器接口、有效期、频率与每日上限、错误次数、短信登录、换手机号、找回密码、fixed 模式与配置错误。
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setSmsSender, smsConfigError } from '@/lib/domains/user/sms';
import { smsCodes, users } from '@/lib/domains/user/tables';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { captureLogs } from '../../helpers/log';
import { auth, captureSms, login, makeUser, reload, uniqueMobile, type LoginData } from './fixtures';

const { db } = setupTestDb();
const sms = captureSms();
afterAll(() => setSmsSender(null));

const send = (mobile: string, purpose = 'login') => call<{ expiresIn: number; resendIn: number }>('GET', '/user/sendVerCode', { query: { mobile, purpose } });
/** 让该号码最近发的验证码"变老"，绕过 60 秒间隔 */
const age = async (mobile: string, ms: number) => {
  const d = await db();
  const rows = await d.select().from(smsCodes).where(eq(smsCodes.mobileIndex, blindIndex('mobile', mobile)));
  for (const r of rows) await d.update(smsCodes).set({ createdAt: new Date(r.createdAt.getTime() - ms) }).where(eq(smsCodes.id, r.id));
};

let eveMobile: string;
beforeAll(async () => {
  eveMobile = uniqueMobile();
  await makeUser(await db(), { account: 't_eve', password: 'Eve@2026xy', mobile: eveMobile, level: 'city', areaId: 130100, cityId: 130100 });
});

describe('发送验证码', () => {
  it('发给绑定账号的手机号：6 位数字，库里只存哈希，返回有效期与重发间隔', async () => {
    const res = await send(eveMobile);
    expect(res.body.returnCode).toBe(200);
    expect(res.body.data).toEqual({ expiresIn: 300, resendIn: 60 });
    const code = sms.code(eveMobile);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await (await db()).select().from(smsCodes).where(eq(smsCodes.mobileIndex, blindIndex('mobile', eveMobile)));
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(300_000);
  });

  it('60 秒内同一用途不能重发，并告知还需等待的秒数；换用途不受影响', async () => {
    const again = await send(eveMobile);
    expect(again.status).toBe(429);
    expect(again.body.returnMsg).toMatch(/^验证码发送过于频繁，请 (5\d|60) 秒后再试$/);
    await age(eveMobile, 45_000);
    expect((await send(eveMobile)).body.returnMsg).toMatch(/^验证码发送过于频繁，请 1\d 秒后再试$/);
    expect((await send(eveMobile, 'resetPassword')).body.returnCode).toBe(200);
    await age(eveMobile, 20_000);
    expect((await send(eveMobile)).body.returnCode).toBe(200);
  });

  it('每个手机号每天最多 10 条', async () => {
    const d = await db();
    const mobile = uniqueMobile();
    await makeUser(d, { account: 't_daily', mobile });
    await d.insert(smsCodes).values(
      Array.from({ length: 10 }, () => ({ mobile, mobileIndex: blindIndex('mobile', mobile), purpose: 'register', codeHash: 'x'.repeat(64), expiresAt: new Date(Date.now() + 300_000) })),
    );
    const res = await send(mobile);
    expect(res.status).toBe(429);
    expect(res.body.returnMsg).toBe('该手机号今天获取验证码已达 10 次上限，请明天再试');
  });

  it('同一 IP 每小时最多 50 条（不同号码也算）', async () => {
    const d = await db();
    await d.insert(smsCodes).values(
      Array.from({ length: 50 }, (_, i) => ({ mobile: `1770000${String(i).padStart(4, '0')}`, purpose: 'register', codeHash: 'x'.repeat(64), expiresAt: new Date(), ip: '10.9.9.9' })),
    );
    const res = await call('GET', '/user/sendVerCode', { query: { mobile: uniqueMobile(), purpose: 'register' }, headers: { 'x-forwarded-for': '10.9.9.9' } });
    expect(res.status).toBe(429);
    expect(res.body.returnMsg).toBe('当前网络获取验证码过于频繁，请 1 小时后再试');
    const other = await call('GET', '/user/sendVerCode', { query: { mobile: uniqueMobile(), purpose: 'register' }, headers: { 'x-forwarded-for': '10.9.9.10' } });
    expect(other.body.returnCode).toBe(200);
  });

  it('手机号格式、未绑定的号码与注册时已被占用的号码', async () => {
    const bad = await call('GET', '/user/sendVerCode', { query: { mobile: '12345678901' } });
    expect(bad.status).toBe(400);
    expect(bad.body.returnMsg).toBe('手机号：手机号格式有误，请重新输入');
    expect((await call('GET', '/user/sendVerCode', { query: { mobile: '138000000001' } })).body.data).toMatchObject({
      fields: { mobile: '手机号格式有误，请重新输入' },
    });
    const stranger = await send(uniqueMobile());
    expect(stranger.body.returnMsg).toBe('该手机号未绑定账号，请核对手机号或使用账号密码登录');
    const taken = await send(eveMobile, 'register');
    expect(taken.body.returnMsg).toBe('该手机号已被其他账号使用');
    const purpose = await call('GET', '/user/sendVerCode', { query: { mobile: eveMobile, purpose: 'hack' } });
    expect(purpose.status).toBe(400);
  });
});

describe('短信验证码登录 /account/sms', () => {
  it('正确的验证码登录：与账号密码登录相同的应答与 Cookie；同一验证码只能用一次', async () => {
    const mobile = uniqueMobile();
    const u = await makeUser(await db(), { account: 't_smslogin', mobile });
    await send(mobile);
    const code = sms.code(mobile);
    const res = await call<LoginData>('POST', '/account/sms', { json: { mobile, smsCode: code } });
    expect(res.body.returnCode).toBe(200);
    expect(res.body.data.user.code).toBe(u.code);
    expect(res.body.data.passwordStrength).toBe(3);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('Access-Token=') && c.includes('HttpOnly'))).toBe(true);
    expect((await call('POST', '/bapi/user/getUserDepartment', auth(res.body.data.authorizationToken))).status).toBe(200);
    const reuse = await call('POST', '/account/sms', { json: { mobile, smsCode: code } });
    expect(reuse.body.returnMsg).toBe('请先获取验证码');
  });

  it('过期的验证码被拒绝', async () => {
    const mobile = uniqueMobile();
    await makeUser(await db(), { account: 't_smsexp', mobile });
    await send(mobile);
    await (await db()).update(smsCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(smsCodes.mobileIndex, blindIndex('mobile', mobile)));
    const res = await call('POST', '/account/sms', { json: { mobile, smsCode: sms.code(mobile) } });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe('验证码已过期，请重新获取');
  });

  it('每条验证码最多错 5 次，之后正确的也不再接受', async () => {
    const mobile = uniqueMobile();
    await makeUser(await db(), { account: 't_smstry', mobile });
    await send(mobile);
    const code = sms.code(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const msgs: string[] = [];
    for (let i = 0; i < 5; i++) msgs.push((await call('POST', '/account/sms', { json: { mobile, smsCode: wrong } })).body.returnMsg);
    expect(msgs).toEqual(['验证码错误，还可尝试 4 次', '验证码错误，还可尝试 3 次', '验证码错误，还可尝试 2 次', '验证码错误，还可尝试 1 次', '验证码错误次数过多，请重新获取']);
    const right = await call('POST', '/account/sms', { json: { mobile, smsCode: code } });
    expect(right.body.returnMsg).toBe('验证码错误次数过多，请重新获取');
    const [row] = await (await db()).select().from(smsCodes).where(and(eq(smsCodes.mobileIndex, blindIndex('mobile', mobile)), eq(smsCodes.purpose, 'login')));
    expect(row.attempts).toBe(5);
    expect(row.usedAt).toBeNull();
  });

  it('锁定与冻结规则同样适用', async () => {
    const d = await db();
    const mobile = uniqueMobile();
    const u = await makeUser(d, { account: 't_smslock', mobile });
    await d.update(users).set({ lockedUntil: new Date(Date.now() + 10 * 60_000) }).where(eq(users.id, u.id));
    await send(mobile);
    const locked = await call('POST', '/account/sms', { json: { mobile, smsCode: sms.code(mobile) } });
    expect(locked.status).toBe(429);
    expect(locked.body.returnMsg).toBe('密码连续输错 5 次，账号已锁定，请 10 分钟后再试');
    await d.update(users).set({ lockedUntil: null, status: 1 }).where(eq(users.id, u.id));
    await age(mobile, 61_000);
    await send(mobile);
    const frozen = await call('POST', '/account/sms', { json: { mobile, smsCode: sms.code(mobile) } });
    expect(frozen.body.returnMsg).toBe('账号已被冻结，请联系管理员');
  });

  it('验证码格式校验', async () => {
    const res = await call<{ fields: Record<string, string> }>('POST', '/account/sms', { json: { mobile: eveMobile, smsCode: '12ab' } });
    expect(res.body.data.fields).toEqual({ smsCode: '验证码为 6 位数字' });
  });
});

describe('更换手机号', () => {
  it('不能换成当前号码或别人的号码；验证码正确后保存', async () => {
    const d = await db();
    const oldMobile = uniqueMobile();
    const u = await makeUser(d, { account: 't_mover', password: 'Move@2026x', mobile: oldMobile });
    const { token } = await login('t_mover', 'Move@2026x');
    const same = await call('POST', '/user/sendUpdateMobileSmsCode', { ...auth(token), json: { mobile: oldMobile } });
    expect(same.body.returnMsg).toBe('新手机号不能与当前手机号相同');
    const taken = await call('POST', '/user/sendUpdateMobileSmsCode', { ...auth(token), json: { mobile: eveMobile } });
    expect(taken.body.returnMsg).toBe('该手机号已被其他账号使用');
    expect((await call('POST', '/user/sendUpdateMobileSmsCode', { json: { mobile: uniqueMobile() } })).status).toBe(401);

    const newMobile = uniqueMobile();
    expect((await call('POST', '/user/sendUpdateMobileSmsCode', { ...auth(token), json: { mobile: newMobile } })).body.returnCode).toBe(200);
    const wrong = await call('POST', '/user/updateMobile', { ...auth(token), json: { mobile: newMobile, smsCode: sms.code(newMobile) === '999999' ? '888888' : '999999' } });
    expect(wrong.body.returnMsg).toBe('验证码错误，还可尝试 4 次');
    // 发给新号码的验证码不能用来登录，也不能冒充别的用途
    expect((await call('POST', '/account/sms', { json: { mobile: newMobile, smsCode: sms.code(newMobile) } })).body.returnMsg).toBe('请先获取验证码');
    const ok = await call('POST', '/user/updateMobile', { ...auth(token), json: { mobile: newMobile, smsCode: sms.code(newMobile) } });
    expect(ok.body.data).toEqual({ mobile: newMobile });
    expect((await reload(d, u.id)).mobile).toBe(newMobile);
  });
});

describe('找回密码', () => {
  it('账号与绑定手机核对、验证码正确后设新密码，旧会话全部失效', async () => {
    const d = await db();
    const mobile = uniqueMobile();
    const u = await makeUser(d, { account: 't_forgot', password: 'Forg@2026x', mobile });
    const old = await login('t_forgot', 'Forg@2026x');
    await send(mobile, 'resetPassword');
    const weak = await call('POST', '/user/recoverPassword', {
      json: { account: 't_forgot', mobile, smsCode: sms.code(mobile), password: 'abc@123', confirmPassword: 'abc@123' },
    });
    expect(weak.body.data).toMatchObject({ fields: { password: '密码强度不足：请混合使用大小写字母、数字和特殊符号，并减少重复字符' } });
    const mismatch = await call('POST', '/user/recoverPassword', {
      json: { account: 't_eve', mobile, smsCode: sms.code(mobile), password: 'New#Pass2026', confirmPassword: 'New#Pass2026' },
    });
    expect(mismatch.body.returnMsg).toBe('账号与手机号不匹配');
    await age(mobile, 61_000);
    await send(mobile, 'resetPassword');
    const ok = await call('POST', '/user/recoverPassword', {
      json: { account: 't_forgot', mobile, smsCode: sms.code(mobile), password: 'New#Pass2026', confirmPassword: 'New#Pass2026' },
    });
    expect(ok.body.data).toEqual({ relogin: true });
    expect((await call('POST', '/bapi/user/getUserDepartment', auth(old.token))).body.returnCode).toBe(10005);
    await login('t_forgot', 'New#Pass2026');
    expect((await reload(d, u.id)).passwordStrength).toBe(3);
  });
});

describe('并发下的上限（判定与计数是同一条语句）', () => {
  const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');
  const tally = (msgs: string[]) => msgs.reduce<Record<string, number>>((m, x) => ({ ...m, [x]: (m[x] ?? 0) + 1 }), {});

  it('短信登录：20 个并发的错误验证码最多比较 5 次，计数停在 5，之后正确的也不接受', async () => {
    const mobile = uniqueMobile();
    await makeUser(await db(), { account: 't_smsrace', mobile });
    await send(mobile);
    const code = sms.code(mobile);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/account/sms', { json: { mobile, smsCode: wrongOf(code) } })));
    expect(answers.every((a) => a.status === 400)).toBe(true);
    expect(tally(answers.map((a) => a.body.returnMsg))).toEqual({
      '验证码错误，还可尝试 4 次': 1,
      '验证码错误，还可尝试 3 次': 1,
      '验证码错误，还可尝试 2 次': 1,
      '验证码错误，还可尝试 1 次': 1,
      '验证码错误次数过多，请重新获取': 16,
    });
    const [row] = await (await db()).select().from(smsCodes).where(eq(smsCodes.mobileIndex, blindIndex('mobile', mobile)));
    expect(row.attempts).toBe(5);
    expect((await call('POST', '/account/sms', { json: { mobile, smsCode: code } })).body.returnMsg).toBe('验证码错误次数过多，请重新获取');
  });

  it('找回密码：20 个并发的错误验证码同样最多 5 次，密码没有改', async () => {
    const mobile = uniqueMobile();
    await makeUser(await db(), { account: 't_recrace', password: 'Race@2026x', mobile });
    await send(mobile, 'resetPassword');
    const code = sms.code(mobile);
    const body = (smsCode: string) => ({ account: 't_recrace', mobile, smsCode, password: 'New#Race2026', confirmPassword: 'New#Race2026' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/user/recoverPassword', { json: body(wrongOf(code)) })));
    expect(answers.filter((a) => a.body.returnMsg === '验证码错误次数过多，请重新获取')).toHaveLength(16);
    const [row] = await (await db()).select().from(smsCodes).where(and(eq(smsCodes.mobileIndex, blindIndex('mobile', mobile)), eq(smsCodes.purpose, 'resetPassword')));
    expect(row.attempts).toBe(5);
    expect((await call('POST', '/user/recoverPassword', { json: body(code) })).status).toBe(400);
    expect((await login('t_recrace', 'Race@2026x')).token).toBeTruthy();
  });

  it('同一 IP 的 20 个并发请求（不同号码）：只发到每小时 50 条为止', async () => {
    const d = await db();
    const ip = '10.9.8.7';
    await d.insert(smsCodes).values(
      Array.from({ length: 45 }, (_, i) => ({ mobile: `1760000${String(i).padStart(4, '0')}`, purpose: 'register', codeHash: 'x'.repeat(64), expiresAt: new Date(), ip })),
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('GET', '/user/sendVerCode', { query: { mobile: uniqueMobile(), purpose: 'register' }, headers: { 'x-forwarded-for': ip } })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429).map((a) => a.body.returnMsg)).toEqual(Array(15).fill('当前网络获取验证码过于频繁，请 1 小时后再试'));
    expect(await d.select().from(smsCodes).where(eq(smsCodes.ip, ip))).toHaveLength(50);
  });
});

describe('发送器配置', () => {
  const env = { provider: process.env.SMS_PROVIDER, code: process.env.SMS_FIXED_CODE };
  afterEach(() => {
    process.env.SMS_PROVIDER = env.provider;
    process.env.SMS_FIXED_CODE = env.code;
    if (env.provider === undefined) delete process.env.SMS_PROVIDER;
    if (env.code === undefined) delete process.env.SMS_FIXED_CODE;
    captureSms();
  });

  it('默认发送器只记脱敏的手机号，不记验证码；SMS_LOG_CODES=true 时才记验证码', async () => {
    setSmsSender(null);
    const logs = captureLogs();
    const mobile = uniqueMobile();
    await makeUser(await db(), { account: 't_logsms', mobile });
    const sent = await send(mobile);
    const quiet = logs.lines.filter((l) => l.component === 'sms');
    expect(quiet).toHaveLength(1);
    expect(quiet[0]).toMatchObject({ level: 'info', mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`, requestId: sent.headers.get('x-request-id') });
    expect(JSON.stringify(quiet[0])).not.toContain(mobile);
    expect(quiet[0].msg).not.toMatch(/\d{6}/);

    process.env.SMS_LOG_CODES = 'true';
    try {
      const other = uniqueMobile();
      await makeUser(await db(), { account: 't_logsms2', mobile: other });
      await send(other);
      expect(logs.lines.filter((l) => l.component === 'sms').at(-1)).toMatchObject({ mobile: other, msg: expect.stringMatching(/^短信 验证码 \d{6}，/) });
    } finally {
      delete process.env.SMS_LOG_CODES;
      logs.restore();
    }
  });

  it('SMS_PROVIDER=fixed：验证码固定为 SMS_FIXED_CODE，仍只存哈希、仍限频，首次使用时大声警告', async () => {
    process.env.SMS_PROVIDER = 'fixed';
    process.env.SMS_FIXED_CODE = '246810';
    const logs = captureLogs();
    const fixed = captureSms();
    const mobile = uniqueMobile();
    await makeUser(await db(), { account: 't_fixed', mobile });
    await send(mobile);
    expect(fixed.code(mobile)).toBe('246810');
    expect(logs.find('仅供自动化测试使用')).toEqual([expect.objectContaining({ level: 'warn', component: 'sms' })]);
    expect((await send(mobile)).status).toBe(429);
    const [row] = await (await db()).select().from(smsCodes).where(eq(smsCodes.mobileIndex, blindIndex('mobile', mobile)));
    expect(row.codeHash).not.toContain('246810');
    expect((await call('POST', '/account/sms', { json: { mobile, smsCode: '246810' } })).body.returnCode).toBe(200);
    logs.restore();
  });

  it('未知的 SMS_PROVIDER 与缺少 SMS_FIXED_CODE 给出明确的配置错误', async () => {
    process.env.SMS_PROVIDER = 'pigeon';
    expect(smsConfigError()).toContain('SMS_PROVIDER=pigeon 不受支持');
    captureSms();
    const res = await send(eveMobile, 'resetPassword');
    expect(res.status).toBe(500);
    expect(res.body.returnMsg).toContain('短信服务配置错误：SMS_PROVIDER=pigeon 不受支持');
    process.env.SMS_PROVIDER = 'fixed';
    delete process.env.SMS_FIXED_CODE;
    expect(smsConfigError()).toBe('SMS_PROVIDER=fixed 需要 SMS_FIXED_CODE 为 6 位数字');
    process.env.SMS_PROVIDER = 'log';
    expect(smsConfigError()).toBeNull();
  });

  it('发送失败时不占用频率限制', async () => {
    setSmsSender({
      async send() {
        throw new Error('gateway down');
      },
    });
    const logs = captureLogs();
    const mobile = uniqueMobile();
    await makeUser(await db(), { account: 't_smsfail', mobile });
    const res = await send(mobile);
    logs.restore();
    expect(logs.find('短信发送失败')).toEqual([
      expect.objectContaining({ level: 'error', mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`, err: expect.objectContaining({ message: 'gateway down' }) }),
    ]);
    expect(res.status).toBe(500);
    expect(res.body.returnMsg).toBe('短信发送失败，请稍后重试');
    captureSms();
    expect((await send(mobile)).body.returnCode).toBe(200);
  });
});

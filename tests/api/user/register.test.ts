// 机构与企业自助注册 → 管理员审核（按管辖范围）→ 登录；驳回须有意见；站内消息。
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSmsSender } from '@/lib/domains/user/sms';
import { smsCodes, users, type User } from '@/lib/domains/user/tables';
import { organisations } from '@/lib/domains/org/tables';
import { messages } from '@/lib/domains/message/tables';
import { roles, userRoles } from '@/lib/domains/access/tables';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { auth, captureSms, grant, login, makeUser, makeUscc, uniqueMobile, type LoginData } from './fixtures';

const { db } = setupTestDb();
const sms = captureSms();
afterAll(() => setSmsSender(null));

let sjzToken: string;
let bdToken: string;
let sjzAdmin: User;
let usccSeq = 100;

/** 发注册验证码并组好一份合法的注册表单 */
async function form(overrides: Record<string, unknown> = {}) {
  const mobile = (overrides.mobile as string) ?? uniqueMobile();
  const sent = await call('GET', '/user/sendVerCode', { query: { mobile, purpose: 'register' } });
  expect(sent.body.returnMsg).toBe('success');
  usccSeq += 1;
  return {
    category: 'eval',
    orgName: '石家庄市测试职业技能评价中心',
    unifiedSocialCreditCode: makeUscc(`91130100MA0${String(usccSeq).padStart(6, '0')}`),
    region: [130000, 130100, 130102],
    contactName: '张联系',
    mobile,
    smsCode: sms.code(mobile),
    account: `t_reg${usccSeq}`,
    password: 'Reg@2026xy',
    confirmPassword: 'Reg@2026xy',
    ...overrides,
  };
}

beforeAll(async () => {
  const d = await db();
  sjzAdmin = await makeUser(d, { account: 't_sjz', password: 'Sjz@2026xy', userType: 'RENCAI_SHI', level: 'city', areaId: 130100, cityId: 130100, realName: '石市管' });
  const bdAdmin = await makeUser(d, { account: 't_bd', password: 'Bd@2026xyz', userType: 'RENCAI_SHI', level: 'city', areaId: 130600, cityId: 130600 });
  await grant(d, sjzAdmin.id, 'T_CITY_ADMIN', { account: ['query', 'edit'] }, 'city');
  await grant(d, bdAdmin.id, 'T_CITY_ADMIN', { account: ['query', 'edit'] }, 'city');
  sjzToken = (await login('t_sjz', 'Sjz@2026xy')).token;
  bdToken = (await login('t_bd', 'Bd@2026xyz')).token;
});

describe('自助注册', () => {
  it('注册 → 待审核不能登录 → 本市管理员看到并通过 → 能登录并获得角色与消息', async () => {
    const d = await db();
    const input = await form();
    const res = await call<{ account: string; status: string }>('POST', '/user/register', { json: input });
    expect(res.body.returnMsg).toBe('success');
    expect(res.body.data).toEqual({ account: input.account, status: 'pending' });

    const [u] = await d.select().from(users).where(eq(users.account, input.account));
    expect(u).toMatchObject({ status: 2, level: 'org', userType: 'RENCAI_ORG', areaId: 130102, cityId: 130100, mobile: input.mobile, realName: '张联系' });
    const [org] = await d.select().from(organisations).where(eq(organisations.id, u.orgId!));
    expect(org).toMatchObject({ status: 2, category: 'eval', orgType: 3, areaId: 130102, cityId: 130100, name: input.orgName });
    expect(u.passwordHash).toMatch(/^\$2[aby]\$10\$/);

    const pending = await call('POST', '/user/login', { json: { account: input.account, password: 'Reg@2026xy' } });
    expect(pending.body.returnMsg).toBe('账号正在审核中，审核通过后即可登录');

    // 本市管理员收到待审核提醒
    const notes = await d.select().from(messages).where(and(eq(messages.userId, sjzAdmin.id), eq(messages.title, '新的注册申请待审核')));
    expect(notes.some((m) => m.content.includes(input.orgName))).toBe(true);

    const list = await call<{ list: { code: string; orgName: string; categoryName: string; areaName: string }[]; total: number }>('POST', '/user/pendingRegisters', {
      ...auth(sjzToken),
      json: { pageNo: 1, pageSize: 10 },
    });
    const item = list.body.data.list.find((r) => r.code === u.code)!;
    expect(item).toMatchObject({ orgName: input.orgName, categoryName: '评价机构', areaName: '长安区' });
    const other = await call<{ list: { code: string }[] }>('POST', '/user/pendingRegisters', { ...auth(bdToken), json: {} });
    expect(other.body.data.list.map((r) => r.code)).not.toContain(u.code);

    const foreign = await call('POST', '/user/auditRegister', { ...auth(bdToken), json: { code: u.code, pass: true } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.returnMsg).toBe('注册申请不存在或不在您的管辖范围内');

    const ok = await call('POST', '/user/auditRegister', { ...auth(sjzToken), json: { code: u.code, pass: true, opinion: '材料齐全' } });
    expect(ok.body.data).toEqual({ code: u.code, status: 'approved' });
    const twice = await call('POST', '/user/auditRegister', { ...auth(sjzToken), json: { code: u.code, pass: false, opinion: '再审' } });
    expect(twice.status).toBe(409);
    expect(twice.body.returnMsg).toBe('该注册申请已审核，请勿重复审核');

    const [orgAfter] = await d.select().from(organisations).where(eq(organisations.id, u.orgId!));
    expect(orgAfter.status).toBe(0);
    const [evalRole] = await d.select().from(roles).where(eq(roles.code, 'EVAL_ORG'));
    expect(await d.select().from(userRoles).where(and(eq(userRoles.userId, u.id), eq(userRoles.roleId, evalRole.id)))).toHaveLength(1);
    const [note] = await d.select().from(messages).where(eq(messages.userId, u.id));
    expect(note).toMatchObject({ title: '注册申请已通过', kind: 'audit' });

    const signed = await call<LoginData>('POST', '/user/login', { json: { account: input.account, password: 'Reg@2026xy' } });
    expect(signed.body.returnCode).toBe(200);
    expect(signed.body.data.user).toMatchObject({ orgName: input.orgName, level: 'org', orgId: u.orgId });
  });

  it('驳回须填写意见；驳回后登录提示未通过及意见', async () => {
    const input = await form({ category: 'enterprise', orgName: '石家庄测试制造有限公司' });
    await call('POST', '/user/register', { json: input });
    const [u] = await (await db()).select().from(users).where(eq(users.account, input.account as string));
    expect(u.userType).toBe('ENTERPRISE');
    const noOpinion = await call('POST', '/user/auditRegister', { ...auth(sjzToken), json: { code: u.code, pass: false } });
    expect(noOpinion.status).toBe(400);
    expect(noOpinion.body.data).toEqual({ fields: { opinion: '请输入审核意见' } });
    const rejected = await call('POST', '/user/auditRegister', { ...auth(sjzToken), json: { code: u.code, pass: false, opinion: '营业执照不清晰' } });
    expect(rejected.body.data).toMatchObject({ status: 'rejected' });
    const res = await call('POST', '/user/login', { json: { account: input.account, password: 'Reg@2026xy' } });
    expect(res.body.returnMsg).toBe('注册申请未通过审核（审核意见：营业执照不清晰）');
    const [org] = await (await db()).select().from(organisations).where(eq(organisations.id, u.orgId!));
    expect(org.status).toBe(1);
    // 被驳回的申请不占手机号与信用代码，可以换个账号重新注册
    await (await db()).update(smsCodes).set({ createdAt: new Date(Date.now() - 61_000) }).where(eq(smsCodes.mobileIndex, blindIndex('mobile', input.mobile as string)));
    const retry = await call('POST', '/user/register', {
      json: await form({ mobile: input.mobile, unifiedSocialCreditCode: input.unifiedSocialCreditCode, category: 'enterprise', orgName: '石家庄测试制造有限公司' }),
    });
    expect(retry.body.data).toMatchObject({ status: 'pending' });
  });

  it('审核注册需要 account.edit 权限', async () => {
    const d = await db();
    const clerk = await makeUser(d, { account: 't_clerk', password: 'Clerk@2026', level: 'city', areaId: 130100, cityId: 130100, userType: 'RENCAI_SHI' });
    await grant(d, clerk.id, 'T_CITY_VIEWER', { account: ['query'] }, 'city');
    const { token } = await login('t_clerk', 'Clerk@2026');
    const res = await call('POST', '/user/auditRegister', { ...auth(token), json: { code: 'U1', pass: true } });
    expect(res.status).toBe(403);
    expect((await call('POST', '/user/pendingRegisters', { ...auth(token), json: {} })).status).toBe(403);
    expect((await call('POST', '/bapi/user/list', { ...auth(token), json: {} })).status).toBe(200);
  });

  it('校验：账号已存在、信用代码、区划、验证码、密码规则', async () => {
    const taken = await call('POST', '/user/register', { json: await form({ account: 't_sjz' }) });
    expect(taken.body.returnMsg).toBe('账号已存在');
    expect(taken.body.data).toEqual({ fields: { account: '账号已存在' } });

    const base = await form();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ unifiedSocialCreditCode: '91130100MA0000001X' }, { unifiedSocialCreditCode: '统一社会信用代码不正确，请核对' }],
      [{ unifiedSocialCreditCode: '123' }, { unifiedSocialCreditCode: '统一社会信用代码为 18 位' }],
      [{ region: [130000, null, null] }, { region: '请选择行政区划（至少选到市）' }],
      [{ account: 'ab' }, { account: '账号为 4 到 32 位字母、数字或下划线' }],
      [{ account: '张三丰abc' }, { account: '账号为 4 到 32 位字母、数字或下划线' }],
      [{ password: 'abcdef', confirmPassword: 'abcdef' }, { password: '密码必须是6到18位数字、字母、特殊符号的组合' }],
      [{ confirmPassword: 'Other@2026' }, { confirmPassword: '两次输入密码不一致' }],
      [{ category: 'bank' }, { category: '请选择注册类型（评价机构、培训机构或企业）' }],
      [{ mobile: '2380000000' }, { mobile: '手机号格式有误，请重新输入' }],
    ];
    for (const [patch, fields] of cases) {
      const res = await call<{ fields: Record<string, string> }>('POST', '/user/register', { json: { ...base, ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.data.fields, JSON.stringify(patch)).toEqual(fields);
    }
    // 县区不属于所选的市
    const badRegion = await call('POST', '/user/register', { json: { ...base, region: [130000, 130600, 130102] } });
    expect(badRegion.body.returnMsg).toBe('行政区划不正确');
    const badCode = await call('POST', '/user/register', { json: { ...base, smsCode: base.smsCode === '000000' ? '000001' : '000000' } });
    expect(badCode.body.returnMsg).toBe('验证码错误，还可尝试 4 次');
    // 校验失败没有用掉验证码，正确提交仍然成功
    expect((await call('POST', '/user/register', { json: base })).body.returnCode).toBe(200);
    const dupCode = await call('POST', '/user/register', { json: await form({ unifiedSocialCreditCode: base.unifiedSocialCreditCode }) });
    expect(dupCode.body.returnMsg).toBe('该统一社会信用代码已注册，请勿重复注册');
  });
});

// 本人资料与密码的校验消息、实名说明、负责的管理员、所在部门；用户列表与修改的数据范围（两个市的管理员）与动作权限。
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users, type User } from '@/lib/domains/user/tables';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { auth, grant, login, makeOrg, makeUser, reload, uniqueMobile } from './fixtures';

const { db } = setupTestDb();

let sjz: User;
let bd: User;
let orgUser: User;
let sjzToken: string;
let bdToken: string;
let orgToken: string;
let sjzStaff: User;
let bdStaff: User;

beforeAll(async () => {
  const d = await db();
  sjz = await makeUser(d, { account: 't_p_sjz', password: 'Sjz@2026xy', userType: 'RENCAI_SHI', level: 'city', areaId: 130100, cityId: 130100, nickName: 'sjz', realName: '石家庄市管理员', mobile: uniqueMobile() });
  bd = await makeUser(d, { account: 't_p_bd', password: 'Bd@2026xyz', userType: 'RENCAI_SHI', level: 'city', areaId: 130600, cityId: 130600, realName: '保定市管理员' });
  await makeUser(d, { account: 't_p_prov', userType: 'RENCAI_ADMIN', level: 'province', realName: '省厅管理员', mobile: uniqueMobile() });
  await grant(d, sjz.id, 'T_P_CITY', { account: ['query', 'edit'] }, 'city');
  await grant(d, bd.id, 'T_P_CITY_RO', { account: ['query'] }, 'city');
  const org = await makeOrg(d, { name: '长安区测试培训学校', category: 'train', areaId: 130102, cityId: 130100 });
  orgUser = await makeUser(d, { account: 't_p_org', password: 'Org@2026xy', userType: 'RENCAI_ORG', level: 'org', areaId: 130102, cityId: 130100, orgId: org.id, nickName: 'org' });
  sjzStaff = await makeUser(d, { account: 't_p_sjz_staff', level: 'org', areaId: 130102, cityId: 130100, userType: 'TEACHER', nickName: '石家庄教师甲' });
  bdStaff = await makeUser(d, { account: 't_p_bd_staff', level: 'org', areaId: 130602, cityId: 130600, userType: 'TEACHER', nickName: '保定教师乙' });
  sjzToken = (await login('t_p_sjz', 'Sjz@2026xy')).token;
  bdToken = (await login('t_p_bd', 'Bd@2026xyz')).token;
  orgToken = (await login('t_p_org', 'Org@2026xy')).token;
});

describe('修改本人资料 /user/updateUser', () => {
  it('保存用户名、真实姓名、邮箱、头像；空串清空；只改自己', async () => {
    const res = await call<Record<string, unknown>>('POST', '/user/updateUser', {
      ...auth(orgToken),
      json: { nickName: ' 新名字 ', realName: '王五', email: 'wang@example.com', avatar: '/files/a.png', code: sjz.code },
    });
    expect(res.body.data).toMatchObject({ code: orgUser.code, nickName: '新名字', realName: '王五', name: '王五', email: 'wang@example.com', avatar: '/files/a.png', orgName: '长安区测试培训学校' });
    const cleared = await call<Record<string, unknown>>('POST', '/user/updateUser', { ...auth(orgToken), json: { nickName: '新名字', email: '' } });
    expect(cleared.body.data).toMatchObject({ email: null, realName: '王五' });
    expect((await reload(await db(), sjz.id)).nickName).toBe('sjz');
  });

  it('校验消息', async () => {
    const empty = await call<{ fields: Record<string, string> }>('POST', '/user/updateUser', { ...auth(orgToken), json: { nickName: '  ', email: 'not-mail' } });
    expect(empty.status).toBe(400);
    expect(empty.body.data.fields).toEqual({ nickName: '请输入用户名', email: '邮箱格式不正确' });
    expect((await call('POST', '/user/updateUser', { json: { nickName: 'x' } })).status).toBe(401);
  });
});

describe('修改密码 /sys/user/reset/password 的规则', () => {
  const change = (json: Record<string, unknown>) => call<{ fields: Record<string, string> }>('POST', '/sys/user/reset/password', { ...auth(orgToken), json });

  it.each([
    [{ oldPassword: '', password: 'Next@2026x' }, { oldPassword: '请输入旧密码' }],
    [{ oldPassword: 'Org@2026xy', password: '' }, { password: '请输入密码' }],
    [{ oldPassword: 'Org@2026xy', password: 'abcdefgh' }, { password: '密码必须是6到18位数字、字母、特殊符号的组合' }],
    [{ oldPassword: 'Org@2026xy', password: 'Ab1!' }, { password: '密码必须是6到18位数字、字母、特殊符号的组合' }],
    [{ oldPassword: 'Org@2026xy', password: 'Abcdefgh1!Abcdefgh1' }, { password: '密码必须是6到18位数字、字母、特殊符号的组合' }],
    [{ oldPassword: 'Org@2026xy', password: 'a1!a1!' }, { password: '密码强度不足：请混合使用大小写字母、数字和特殊符号，并减少重复字符' }],
    [{ oldPassword: 'Org@2026xy', password: 'Next@2026x', confirmPassword: 'Next@2026y' }, { confirmPassword: '两次输入密码不一致' }],
  ])('%j → %j', async (patch, fields) => {
    const res = await change({ code: orgUser.code, ...patch });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual(fields);
  });

  it('旧密码不正确、新旧相同、改别人的密码', async () => {
    const wrong = await change({ code: orgUser.code, oldPassword: 'Bad@2026xy', password: 'Next@2026x' });
    expect(wrong.body.returnMsg).toBe('旧密码不正确');
    const same = await change({ code: orgUser.code, oldPassword: 'Org@2026xy', password: 'Org@2026xy' });
    expect(same.body.returnMsg).toBe('新密码不能与旧密码相同');
    const other = await change({ code: sjz.code, oldPassword: 'Sjz@2026xy', password: 'Next@2026x' });
    expect(other.status).toBe(403);
    expect(other.body.returnMsg).toBe('只能修改自己的密码');
    // 以上都没有改动密码，会话仍有效
    expect((await call('POST', '/bapi/user/getUserDepartment', auth(orgToken))).status).toBe(200);
  });
});

describe('实名说明、负责的管理员、所在部门', () => {
  it('实名说明读写本人记录', async () => {
    const set = await call('POST', '/bapi/user/changeUserRealNameDesc', { ...auth(orgToken), json: { realNameDesc: '法人代表授权经办' } });
    expect(set.body.data).toEqual({ realNameDesc: '法人代表授权经办' });
    expect(set.headers.get('x-code')).toBe('200');
    const get = await call('POST', '/bapi/user/getUserRealNameDesc', auth(orgToken));
    expect(get.body.data).toEqual({ realNameDesc: '法人代表授权经办' });
    expect((await call('POST', '/bapi/user/getUserRealNameDesc', auth(sjzToken))).body.data).toEqual({ realNameDesc: '' });
    const long = await call('POST', '/bapi/user/changeUserRealNameDesc', { ...auth(orgToken), json: { realNameDesc: '长'.repeat(201) } });
    expect(long.headers.get('x-code')).toBe('201');
    expect(decodeURIComponent(long.headers.get('x-msg')!)).toBe('实名说明：实名说明最多 200 个字');
  });

  it('byRencaiAdmin：本市市级管理员在前、省级管理员在后，不含外市', async () => {
    const res = await call<{ name: string; mobile: string | null; level: string; areaName: string }[]>('POST', '/user/byRencaiAdmin', auth(orgToken));
    const names = res.body.data.map((a) => a.name);
    expect(names).toContain('石家庄市管理员');
    expect(names).toContain('省厅管理员');
    expect(names).not.toContain('保定市管理员');
    expect(names.indexOf('石家庄市管理员')).toBeLessThan(names.indexOf('省厅管理员'));
    expect(res.body.data.find((a) => a.name === '石家庄市管理员')).toMatchObject({ level: 'city', areaName: '石家庄市', mobile: sjz.mobile });
  });

  it('getUserDepartment：省、市、县区与机构', async () => {
    const res = await call('POST', '/bapi/user/getUserDepartment', auth(orgToken));
    expect(res.body.data).toMatchObject({
      level: 'org',
      province: { code: '130000', name: '河北省' },
      city: { code: '130100', name: '石家庄市' },
      county: { code: '130102', name: '长安区' },
      organisation: { name: '长安区测试培训学校' },
    });
    const city = await call('POST', '/bapi/user/getUserDepartment', auth(bdToken));
    expect(city.body.data).toMatchObject({ level: 'city', city: { code: '130600', name: '保定市' }, county: null, organisation: null });
  });
});

describe('用户列表与修改的数据范围（石家庄与保定两位市级管理员）', () => {
  type Page = { list: { code: string; account: string; cityId: number | null; areaName: string | null; status: number }[]; total: number };

  it('各自只看到本市的用户', async () => {
    const a = await call<Page>('POST', '/bapi/user/list', { ...auth(sjzToken), json: { pageSize: 100 } });
    expect(a.body.data.list.length).toBeGreaterThanOrEqual(3);
    expect(a.body.data.list.every((u) => u.cityId === 130100)).toBe(true);
    expect(a.body.data.list.map((u) => u.code)).toEqual(expect.arrayContaining([sjz.code, sjzStaff.code, orgUser.code]));
    const b = await call<Page>('POST', '/bapi/user/list', { ...auth(bdToken), json: { pageSize: 100 } });
    expect(b.body.data.list.every((u) => u.cityId === 130600)).toBe(true);
    expect(b.body.data.list.map((u) => u.code)).toContain(bdStaff.code);
    expect(b.body.data.list.map((u) => u.code)).not.toContain(sjzStaff.code);
  });

  it('筛选：账号、姓名、用户类型、状态', async () => {
    const byName = await call<Page>('POST', '/bapi/user/list', { ...auth(sjzToken), json: { name: '教师甲' } });
    expect(byName.body.data.list.map((u) => u.account)).toEqual(['t_p_sjz_staff']);
    const byType = await call<Page>('POST', '/bapi/user/list', { ...auth(sjzToken), json: { userType: 'TEACHER', account: 't_p_' } });
    expect(byType.body.data.total).toBe(1);
    const foreign = await call<Page>('POST', '/bapi/user/list', { ...auth(sjzToken), json: { account: 't_p_bd' } });
    expect(foreign.body.data.total).toBe(0);
    const frozen = await call<Page>('POST', '/bapi/user/list', { ...auth(sjzToken), json: { status: 1 } });
    expect(frozen.body.data.list.every((u) => u.status === 1)).toBe(true);
  });

  it('修改本市用户成功；修改外市用户 404；只有查询权限的修改 403', async () => {
    const ok = await call<{ nickName: string; mobile: string }>('POST', '/bapi/user/update', {
      ...auth(sjzToken),
      json: { code: sjzStaff.code, nickName: '石家庄教师甲（已改）', mobile: '13912345678' },
    });
    // 答复里的手机号脱敏（3+4）
    expect(ok.body.data).toMatchObject({ nickName: '石家庄教师甲（已改）', mobile: '139****5678' });
    const foreign = await call('POST', '/bapi/user/update', { ...auth(sjzToken), json: { code: bdStaff.code, nickName: '越权' } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.returnMsg).toBe('用户不存在或不在您的管辖范围内');
    expect((await reload(await db(), bdStaff.id)).nickName).toBe('保定教师乙');
    const missingAction = await call('POST', '/bapi/user/update', { ...auth(bdToken), json: { code: bdStaff.code, nickName: '无权' } });
    expect(missingAction.status).toBe(403);
    expect(missingAction.headers.get('x-code')).toBe('201');
    const dupMobile = await call('POST', '/bapi/user/update', { ...auth(sjzToken), json: { code: orgUser.code, mobile: '13912345678' } });
    expect(dupMobile.body.returnMsg).toBe('该手机号已被其他账号使用');
  });

  it('没有 account 权限的机构用户不能列用户', async () => {
    const res = await call('POST', '/bapi/user/list', { ...auth(orgToken), json: {} });
    expect(res.status).toBe(403);
    const [row] = await (await db()).select().from(users).where(eq(users.id, orgUser.id));
    expect(row.status).toBe(0);
  });
});

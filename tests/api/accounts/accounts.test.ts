// 账号管理：列表与筛选、新建（重复、手机号、范围、角色层级）、子账号、修改、批量修改、权限。
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { users } from '@/lib/domains/user/tables';
import { userRoles } from '@/lib/domains/access/tables';
import { fresh, headersFor, login, orgIdOf, post, roleIdOf, userIdOf, type AccountDetail, type AccountRow, type Paged } from './helpers';

const { db: getDb } = setupTestDb();
const as = headersFor();
const list = async (who: string, filter: Record<string, unknown> = {}) =>
  post<Paged<AccountRow>>('/account/listUsers', await as(who), { pageSize: 100, ...filter });

const ids: Record<string, number> = {};
beforeAll(async () => {
  const db = await getDb();
  for (const code of ['PROVINCE_ADMIN', 'CITY_ADMIN', 'TEACHER', 'EVAL_ORG', 'SUPERVISOR', 'BASIC_USER']) ids[code] = await roleIdOf(db, code);
  ids.sjzEval = await orgIdOf(db, 'ORG130102001');
  ids.sjzTrain = await orgIdOf(db, 'ORG130105001');
  ids.bdEval = await orgIdOf(db, 'ORG130606001');
  for (const a of ['admin', 'sjz_admin', 'bd_admin', 'teacher', 'eval_org']) ids[a] = (await userIdOf(db, a))!;
});

describe('账号列表', () => {
  it('省级管理员看到全部账号，行里带机构、区划与角色', async () => {
    const { status, body } = await list('admin');
    expect(status).toBe(200);
    const accounts = body.data.list.map((r) => r.account);
    expect(accounts).toEqual(expect.arrayContaining(['admin', 'sjz_admin', 'bd_admin', 'eval_org', 'teacher']));
    expect(body.data.total).toBe(body.data.list.length);
    const teacher = body.data.list.find((r) => r.account === 'teacher')!;
    expect(teacher).toMatchObject({
      nickName: '张明远',
      // 列表里手机号脱敏（3+4），看全须 unmask
      mobile: '138****0007',
      userType: 'TEACHER',
      level: 'org',
      areaName: '新华区',
      orgName: '石家庄市新华区明德职业培训学校',
      status: 0,
      roles: [{ id: ids.TEACHER, name: expect.any(String) }],
    });
    expect(teacher.createdAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('按账号、姓名、手机号、角色、机构、区划、状态筛选', async () => {
    expect((await list('admin', { account: 'sjz' })).body.data.list.map((r) => r.account)).toEqual(['sjz_admin']);
    expect((await list('admin', { name: '张明远' })).body.data.list.map((r) => r.account)).toEqual(['teacher']);
    expect((await list('admin', { name: '保定市管理' })).body.data.list.map((r) => r.account)).toEqual(['bd_admin']);
    expect((await list('admin', { mobile: '13831100009' })).body.data.list.map((r) => r.account)).toEqual(['assessor']);
    expect((await list('admin', { roleId: ids.CITY_ADMIN })).body.data.list.map((r) => r.account).sort()).toEqual(['bd_admin', 'sjz_admin']);
    expect((await list('admin', { orgId: ids.sjzEval })).body.data.list.map((r) => r.account).sort()).toEqual(['assessor', 'eval_org']);
    const bd = (await list('admin', { areaId: 130600 })).body.data.list;
    expect(bd.length).toBeGreaterThan(0);
    expect(bd.map((r) => r.account)).toContain('bd_admin');
    expect(bd.map((r) => r.account)).not.toContain('sjz_admin');
    expect((await list('admin', { status: 1 })).body.data.total).toBe(0);
  });

  it('分页：第二页与第一页不重复，总数一致', async () => {
    const p1 = await post<Paged<AccountRow>>('/account/listUsers', await as('admin'), { pageNo: 1, pageSize: 3 });
    const p2 = await post<Paged<AccountRow>>('/account/listUsers', await as('admin'), { pageNo: 2, pageSize: 3 });
    expect(p1.body.data.list).toHaveLength(3);
    expect(p2.body.data).toMatchObject({ pageNo: 2, pageSize: 3, total: p1.body.data.total });
    const first = new Set(p1.body.data.list.map((r) => r.id));
    expect(p2.body.data.list.some((r) => first.has(r.id))).toBe(false);
  });

  it('市级管理员只看到本市账号；筛选保定得到空列表', async () => {
    const mine = (await list('sjz_admin')).body.data.list.map((r) => r.account);
    expect(mine).toEqual(expect.arrayContaining(['sjz_admin', 'eval_org', 'teacher']));
    expect(mine).not.toContain('bd_admin');
    expect(mine).not.toContain('admin');
    expect((await list('sjz_admin', { areaId: 130600 })).body.data.total).toBe(0);
  });

  it('没有账号管理权限的用户（教师）得到 403', async () => {
    const { status, body } = await list('teacher');
    expect(status).toBe(403);
    expect(body.returnCode).toBe(403);
    expect((await post('/account/add', await as('teacher'), { account: 'nobody_x', password: 'Abc@12345', nickName: 'x' })).status).toBe(403);
  });
});

describe('新建账号', () => {
  it('省级管理员在机构下建账号：层级、区划取自机构，可以用初始密码登录', async () => {
    const { account, mobile } = fresh('acc_new');
    const { status, body } = await post<AccountDetail>('/account/add', await as('admin'), {
      account,
      password: 'Init@2026x',
      nickName: '新教师',
      realName: '刘新',
      mobile,
      email: 'liu@example.com',
      orgId: ids.sjzTrain,
      roleIds: [ids.TEACHER],
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ account, level: 'org', orgName: '石家庄市新华区明德职业培训学校', cityId: 130100, roleIds: [ids.TEACHER], status: 0 });
    expect(body.data).not.toHaveProperty('passwordHash');
    const signIn = await login(account, 'Init@2026x');
    expect(signIn.status).toBe(200);
    expect(signIn.token).toBeTruthy();
  });

  it('账号重复：400“账号已存在”', async () => {
    const { status, body } = await post('/account/add', await as('admin'), { account: 'sjz_admin', password: 'Init@2026x', nickName: '重复' });
    expect(status).toBe(400);
    expect(body.returnMsg).toBe('账号已存在');
    expect(body.data).toEqual({ fields: { account: '账号已存在' } });
  });

  it('手机号格式不对、密码不合规：中文字段消息', async () => {
    const bad = await post('/account/add', await as('admin'), { account: fresh('acc_m').account, password: 'Init@2026x', nickName: '手机', mobile: '12345678901' });
    expect(bad.status).toBe(400);
    expect(bad.body.returnMsg).toContain('手机号格式有误，请重新输入');
    const pw = await post('/account/add', await as('admin'), { account: fresh('acc_p').account, password: 'abcdef', nickName: '密码' });
    expect(pw.status).toBe(400);
    expect(pw.body.returnMsg).toContain('密码必须是6到18位数字、字母、特殊符号的组合');
  });

  it('手机号已被其他账号使用：400', async () => {
    const { body, status } = await post('/account/add', await as('admin'), { account: fresh('acc_dm').account, password: 'Init@2026x', nickName: '同号', mobile: '13831100007' });
    expect(status).toBe(400);
    expect(body.returnMsg).toBe('该手机号已被其他账号使用');
  });

  it('市级管理员：不能在保定建账号（403），不能分配省级管理员角色（403），本市可以建并分配市级角色', async () => {
    const h = await as('sjz_admin');
    const outside = await post('/account/add', h, { account: fresh('acc_o').account, password: 'Init@2026x', nickName: '越权', orgId: ids.bdEval });
    expect(outside.status).toBe(403);
    expect(outside.body.returnMsg).toBe('只能在您的管辖范围内建账号');
    const province = await post('/account/add', h, { account: fresh('acc_o').account, password: 'Init@2026x', nickName: '越权', areaId: 130000 });
    expect(province.status).toBe(403);
    const { account } = fresh('acc_pa');
    const role = await post('/account/add', h, { account, password: 'Init@2026x', nickName: '越权', roleIds: [ids.PROVINCE_ADMIN] });
    expect(role.status).toBe(403);
    expect(role.body.returnMsg).toBe('不能分配高于本人层级的角色「省级管理员」');
    expect(await userIdOf(await getDb(), account)).toBeUndefined();

    const ok = await post<AccountDetail>('/account/add', h, { account, password: 'Init@2026x', nickName: '市局管理员', areaId: 130100, roleIds: [ids.CITY_ADMIN] });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ level: 'city', areaId: 130100, cityId: 130100, userType: 'RENCAI_SHI', roleIds: [ids.CITY_ADMIN] });
    const county = await post<AccountDetail>('/account/add', h, { account: fresh('acc_cty').account, password: 'Init@2026x', nickName: '长安区', areaId: 130102 });
    expect(county.body.data).toMatchObject({ level: 'county', areaId: 130102, cityId: 130100 });
  });

  it('角色层级不能高于账号本身：机构账号不能拿市级管理员角色', async () => {
    const { status, body } = await post('/account/add', await as('admin'), {
      account: fresh('acc_lv').account,
      password: 'Init@2026x',
      nickName: '层级',
      orgId: ids.sjzEval,
      roleIds: [ids.CITY_ADMIN],
    });
    expect(status).toBe(400);
    expect(body.returnMsg).toBe('角色「市级管理员」适用于市级账号，不能分配给机构账号');
  });

  it('子账号：机构、区划与层级取自操作人，请求里给的机构被忽略', async () => {
    const { account } = fresh('acc_sub');
    const { status, body } = await post<AccountDetail>('/account/addSubAccount', await as('eval_org'), {
      account,
      password: 'Init@2026x',
      nickName: '华元子账号',
      orgId: ids.bdEval,
      areaId: 130600,
      roleIds: [ids.EVAL_ORG],
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ account, level: 'org', orgId: ids.sjzEval, areaId: 130102, cityId: 130100, parentId: ids.eval_org, userType: 'RENCAI_ORG' });
  });
});

describe('详情与修改', () => {
  it('详情带角色 id；范围外的账号 404', async () => {
    const own = await post<AccountDetail>('/account/userInfo', await as('sjz_admin'), { id: ids.teacher });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ account: 'teacher', roleIds: [ids.TEACHER] });
    const cross = await post('/account/userInfo', await as('sjz_admin'), { id: ids.bd_admin });
    expect(cross.status).toBe(404);
    expect(cross.body.returnMsg).toBe('账号不存在或不在您的管辖范围内');
    expect((await post('/account/update', await as('sjz_admin'), { id: ids.bd_admin, nickName: '改名' })).status).toBe(404);
    expect((await post('/account/frozen', await as('sjz_admin'), { id: ids.bd_admin })).status).toBe(404);
    expect((await post('/account/resetPwd', await as('sjz_admin'), { id: ids.bd_admin, password: 'Reset@2026x' })).status).toBe(404);
  });

  it('修改资料与角色；账号名不能改', async () => {
    const h = await as('admin');
    const { account } = fresh('acc_upd');
    const created = await post<AccountDetail>('/account/add', h, { account, password: 'Init@2026x', nickName: '原名', areaId: 130100 });
    const id = created.body.data.id;
    const { status, body } = await post<AccountDetail>('/account/update', h, { id, nickName: '新名', realName: '王五', email: 'w@example.com', roleIds: [ids.SUPERVISOR] });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ account, nickName: '新名', realName: '王五', email: 'w@example.com', roleIds: [ids.SUPERVISOR] });
    const rename = await post('/account/update', h, { id, account: 'other_name' });
    expect(rename.status).toBe(400);
    expect(rename.body.returnMsg).toBe('账号名不能修改');
    const [row] = await (await getDb()).select({ account: users.account }).from(users).where(eq(users.id, id));
    expect(row.account).toBe(account);
  });
});

describe('批量修改 /sys/user/batch/update', () => {
  it('批量冻结与追加角色；包含范围外账号时整体 404，一个也不改', async () => {
    const h = await as('admin');
    const made: number[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await post<AccountDetail>('/account/add', h, { account: fresh('acc_b').account, password: 'Init@2026x', nickName: '批量', areaId: 130100 });
      made.push(r.body.data.id);
    }
    const cross = await post('/sys/user/batch/update', await as('sjz_admin'), { ids: [...made, ids.bd_admin], status: 1 });
    expect(cross.status).toBe(404);
    const db = await getDb();
    expect((await db.select({ s: users.status }).from(users).where(eq(users.id, made[0])))[0].s).toBe(0);

    const res = await post<{ total: number; statusChanged: number; rolesChanged: number }>('/bks/v1/migrate/sys/user/batch/update', await as('sjz_admin'), {
      ids: made.join(','),
      status: 1,
      roleIds: [ids.BASIC_USER],
      roleMode: 'add',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 2, statusChanged: 2, rolesChanged: 2 });
    for (const id of made) {
      expect((await db.select({ s: users.status }).from(users).where(eq(users.id, id)))[0].s).toBe(1);
      expect((await db.select().from(userRoles).where(eq(userRoles.userId, id))).map((r) => r.roleId)).toEqual([ids.BASIC_USER]);
    }
    // 督导员角色里有市级管理员本人没有的权限：不能分配
    const supervisor = await post('/sys/user/batch/update', await as('sjz_admin'), { ids: made, roleIds: [ids.SUPERVISOR], roleMode: 'add' });
    expect(supervisor.status).toBe(403);
    expect(supervisor.body.returnMsg).toMatch(/^不能分配角色「督导员」/);
    const high = await post('/sys/user/batch/update', await as('sjz_admin'), { ids: made, roleIds: [ids.PROVINCE_ADMIN] });
    expect(high.status).toBe(403);
    const none = await post('/sys/user/batch/update', h, { ids: made });
    expect(none.status).toBe(400);
    expect(none.body.returnMsg).toContain('请指定要修改的状态或角色');
  });
});

describe('选项', () => {
  it('可分配的机构只在本市；可见的市：省级全部、市级本市；上级区划', async () => {
    const orgs = await post<{ id: number; cityId: number }[]>('/account/orgList', await as('sjz_admin'));
    expect(orgs.body.data.length).toBeGreaterThan(0);
    expect(orgs.body.data.every((o) => o.cityId === 130100)).toBe(true);
    const all = await post<{ id: number }[]>('/account/currentCityList', await as('admin'));
    expect(all.body.data.length).toBe(11);
    expect((await post<{ id: number; name: string }[]>('/account/currentCityList', await as('sjz_admin'))).body.data).toEqual([
      { id: 130100, name: '石家庄市', level: 2 },
    ]);
    expect((await post<{ id: number }[]>('/account/superiorCityList', await as('sjz_admin'))).body.data.map((a) => a.id)).toEqual([130000]);
    expect((await post<{ id: number }[]>('/account/superiorCityList', await as('eval_org'))).body.data.map((a) => a.id)).toEqual([130100]);
  });
});

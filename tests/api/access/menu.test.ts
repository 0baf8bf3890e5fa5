// 按角色构建菜单：GET /index/getUserRouters 与 /bapi/user/getUserAndPermissions。
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import type { MenuItem } from '@/lib/domains/access/menu';
import { visibleMenuTree } from '@/lib/domains/access/menu';
import type { UserAndPermissions } from '@/lib/domains/access/service';
import { verifyWebSocketToken } from '@/lib/domains/access/ws-token';
import { roles } from '@/lib/domains/access/tables';
import { setRoleGrants, setUserRoles } from '@/lib/domains/access/service';
import { ensureUser } from '@/lib/domains/user/service';
import { createSession } from '@/lib/domains/user/session';
import { authHeaders } from './login-helper';

const { db } = setupTestDb();

const ACCOUNTS = ['admin', 'sjz_admin', 'bd_admin', 'eval_org', 'train_org', 'enterprise', 'teacher', 'supervisor', 'assessor', 'weak_user'] as const;
const headers: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  for (const a of ACCOUNTS) headers[a] = await authHeaders(a);
});

async function routesOf(account: string): Promise<MenuItem[]> {
  const { status, body } = await call<MenuItem[]>('GET', '/index/getUserRouters', { headers: headers[account] });
  expect(status).toBe(200);
  return body.data;
}

/** 菜单中显示的一级菜单标题 */
const topTitles = (routes: MenuItem[]) => visibleMenuTree(routes).map((n) => n.meta.title);
const keys = (routes: MenuItem[]) => new Set(routes.map((r) => r.key));

describe('按角色构建菜单', () => {
  it.each([
    ['admin', ['首页', '评价业务', '培训管理', '补贴管理', '机构与企业', '内容管理', '系统管理']],
    ['sjz_admin', ['首页', '评价业务', '培训管理', '补贴管理', '机构与企业', '内容管理', '系统管理']],
    ['bd_admin', ['首页', '评价业务', '培训管理', '补贴管理', '机构与企业', '内容管理', '系统管理']],
    ['eval_org', ['首页', '评价业务', '机构与企业']],
    ['train_org', ['首页', '培训管理', '补贴管理', '机构与企业']],
    ['enterprise', ['首页', '培训管理', '补贴管理', '机构与企业']],
    ['teacher', ['首页', '培训管理', '内容管理']],
    ['supervisor', ['首页', '评价业务']],
    ['assessor', ['首页', '评价业务']],
    ['weak_user', ['首页']],
  ])('%s 的一级菜单', async (account, expected) => {
    expect(topTitles(await routesOf(account))).toEqual(expected);
  });

  it('省级管理员有 系统管理/角色管理 与 资源管理，教师没有', async () => {
    const admin = await routesOf('admin');
    const role = admin.find((r) => r.key === 'role')!;
    expect(role).toMatchObject({ path: '/system/role', component: 'RoleList', meta: { title: '角色管理', icon: 'SafetyOutlined', show: true } });
    expect(admin.find((r) => r.id === role.parentId)!.meta.title).toBe('系统管理');
    expect(keys(admin).has('resource')).toBe(true);
    const teacher = keys(await routesOf('teacher'));
    expect(teacher.has('role')).toBe(false);
    expect(teacher.has('system')).toBe(false);
  });

  it('市级管理员有系统日志，但没有资源与角色管理', async () => {
    const city = keys(await routesOf('sjz_admin'));
    expect(city.has('sysLog')).toBe(true);
    expect(city.has('resource')).toBe(false);
    expect(city.has('role')).toBe(false);
    expect(city.has('filingAudit')).toBe(true);
  });

  it('各角色的菜单内容与其职责相符', async () => {
    const evalOrg = keys(await routesOf('eval_org'));
    for (const k of ['filingSkill', 'exaPlanQual', 'examinee', 'examSite', 'examStaff', 'score', 'certificateFill', 'organization']) expect(evalOrg.has(k)).toBe(true);
    expect(evalOrg.has('trainInfo')).toBe(false);
    const train = keys(await routesOf('train_org'));
    for (const k of ['trainInfo', 'course', 'student', 'teacher', 'subsidy']) expect(train.has(k)).toBe(true);
    expect(train.has('subsidyAudit')).toBe(false);
    const supervisor = keys(await routesOf('supervisor'));
    for (const k of ['supervision', 'supervisorOpinion', 'abnormalRecord']) expect(supervisor.has(k)).toBe(true);
    const assessor = keys(await routesOf('assessor'));
    expect([...assessor].filter((k) => !['home', 'dashboard', 'user', 'evaluation', 'examManage'].includes(k)).sort()).toEqual(['examAffairs', 'examSite', 'examinee', 'score']);
  });

  it('平铺列表按菜单顺序：父在子前，只含授权项及其上级，meta.permission 为本项 key', async () => {
    for (const account of ACCOUNTS) {
      const routes = await routesOf(account);
      const seen = new Set<number>([0]);
      for (const r of routes) {
        expect(seen.has(r.parentId)).toBe(true);
        seen.add(r.id);
        expect(r.meta.permission).toEqual([r.key]);
        expect(r.name).toBe(r.key);
      }
      expect(routes[0]).toMatchObject({ key: 'home', parentId: 0, component: 'RouteView', redirect: '/dashboard/workplace' });
      expect(routes[1]).toMatchObject({ key: 'dashboard', component: 'Workplace', path: '/dashboard/workplace', meta: { title: '工作台' } });
    }
  });

  it('show:false 的个人设置对每个角色都返回且带 meta.show=false', async () => {
    for (const account of ACCOUNTS) {
      const user = (await routesOf(account)).find((r) => r.key === 'user');
      expect(user).toMatchObject({ parentId: 0, path: '/account/settings', component: 'AccountSettings', meta: { show: false, permission: ['user'] } });
    }
    const admin = await routesOf('admin');
    expect(admin.filter((r) => !r.meta.show).map((r) => r.key)).toEqual(['user']);
    expect(visibleMenuTree(admin).some((n) => n.key === 'user')).toBe(false);
  });

  it('数据大屏在新窗口打开', async () => {
    const admin = await routesOf('admin');
    expect(admin.find((r) => r.key === 'bigScreenEval')!.meta.target).toBe('_blank');
  });
});

describe('GET /bapi/user/getUserAndPermissions', () => {
  it('返回用户、权限、角色、推送令牌、菜单与首页', async () => {
    const { status, body, headers: h } = await call<UserAndPermissions>('GET', '/bapi/user/getUserAndPermissions', { headers: headers.eval_org });
    expect(status).toBe(200);
    expect(h.get('x-code')).toBe('200');
    const data = body.data;
    expect(data.user).toMatchObject({
      account: 'eval_org',
      name: '陈静',
      nickName: '华元评价',
      realName: '陈静',
      userType: 'RENCAI_ORG',
      level: 'org',
      cityId: 130100,
      orgName: '河北华元职业技能评价有限公司',
      passwordStrength: 3,
      mobile: '13831100004',
    });
    expect(Object.keys(data.user).sort()).toEqual(
      ['id', 'code', 'account', 'name', 'nickName', 'realName', 'userType', 'mobile', 'telephone', 'email', 'avatar', 'level', 'areaId', 'cityId', 'orgId', 'orgName', 'passwordStrength'].sort(),
    );
    expect(data.roles).toEqual([{ code: 'EVAL_ORG', name: '评价机构' }]);
    expect(data.permissions).toContainEqual({ permissionId: 'dashboard', actionList: ['query'] });
    expect(data.permissions).toContainEqual({ permissionId: 'user', actionList: ['edit', 'get'] });
    expect(data.permissions).toContainEqual({ permissionId: 'organization', actionList: ['edit', 'query', 'get'] });
    // 目录的权限是其下授权的并集：四类计划共用的端点可检查 exaPlan.query
    const exaPlan = data.permissions.find((p) => p.permissionId === 'exaPlan')!;
    expect(exaPlan.actionList).toEqual(expect.arrayContaining(['add', 'edit', 'delete', 'query', 'get', 'export']));
    expect(data.permissions.find((p) => p.permissionId === 'exaPlanAudit')).toBeUndefined();
    expect(verifyWebSocketToken(data.webSocketToken)).toBe(data.user.id);
    expect(data.home).toBe('/dashboard/workplace');
    const { body: routers } = await call<MenuItem[]>('GET', '/index/getUserRouters', { headers: headers.eval_org });
    expect(data.routes).toEqual(routers.data);
  });

  it('省级管理员按真实姓名显示，市级管理员有自己的市', async () => {
    const { body } = await call<UserAndPermissions>('GET', '/bapi/user/getUserAndPermissions', { headers: headers.sjz_admin });
    expect(body.data.user).toMatchObject({ name: '王志强', userType: 'RENCAI_SHI', level: 'city', cityId: 130100, orgName: null });
    expect(body.data.permissions.some((p) => p.permissionId === 'resource')).toBe(false);
  });

  it('弱密码用户的强度标记为 4', async () => {
    const { body } = await call<UserAndPermissions>('GET', '/bapi/user/getUserAndPermissions', { headers: headers.weak_user });
    expect(body.data.user.passwordStrength).toBe(4);
    expect(body.data.permissions.map((p) => p.permissionId).sort()).toEqual(['dashboard', 'home', 'user']);
  });

  it('首页是菜单中第一个可见叶子：没有工作台权限的角色落到其第一个功能', async () => {
    const d = await db();
    const [role] = await d.insert(roles).values({ code: 'SCORE_ONLY', name: '成绩录入', level: 'org' }).returning();
    await setRoleGrants(d, role.id, { user: ['edit', 'get'], score: ['query', 'edit'], examSite: ['query'] });
    const u = await ensureUser(d, { account: 'score_only', password: 'Score@2026x', nickName: '成绩录入员', userType: 'ASSESSOR', level: 'org', areaId: 130102, cityId: 130100 });
    await setUserRoles(d, u.id, ['SCORE_ONLY']);
    const { token } = await createSession(d, u.id);
    const { body } = await call<UserAndPermissions>('GET', '/bapi/user/getUserAndPermissions', { headers: { authorization_token: token } });
    // 菜单顺序：考点管理（examSite）在成绩管理之前；个人设置 show:false 不算
    expect(body.data.routes.map((r) => r.key)).toEqual(['evaluation', 'examManage', 'examSite', 'score', 'user']);
    expect(body.data.home).toBe('/evaluation/exam/site');
  });

  it('停用的角色不再授予权限与菜单', async () => {
    const d = await db();
    const [role] = await d.insert(roles).values({ code: 'DISABLED_ROLE', name: '已停用', level: 'org', status: 1 }).returning();
    await setRoleGrants(d, role.id, { dashboard: ['query'], role: ['query'] });
    const u = await ensureUser(d, { account: 'disabled_role_user', password: 'Demo@2026x', nickName: '停用角色用户', userType: 'USER', level: 'org', areaId: 130102 });
    await setUserRoles(d, u.id, ['DISABLED_ROLE']);
    const { token } = await createSession(d, u.id);
    const { body } = await call<UserAndPermissions>('GET', '/bapi/user/getUserAndPermissions', { headers: { authorization_token: token } });
    expect(body.data.routes).toEqual([]);
    expect(body.data.roles).toEqual([]);
    expect(body.data.home).toBe('/dashboard/workplace');
  });

  it('未登录答 401；/bapi 的 x-code 为 202', async () => {
    const r1 = await call('GET', '/index/getUserRouters');
    expect(r1.status).toBe(401);
    expect(r1.body.returnCode).toBe(401);
    const r2 = await call('GET', '/bapi/user/getUserAndPermissions', { headers: { authorization_token: 'not-a-real-token' } });
    expect(r2.status).toBe(401);
    expect(r2.headers.get('x-code')).toBe('202');
  });

  it('令牌也可放在 X-Auth-Token 请求头', async () => {
    const { status } = await call('GET', '/index/getUserRouters', { headers: { 'X-Auth-Token': headers.teacher.authorization_token } });
    expect(status).toBe(200);
  });
});

// 角色管理：列表与筛选、带授权新建后用户恰好得到这些菜单、编码重复、层级与授权上限、
// 删除仍有用户的角色被拒、缺权限 403、改授权后不需重新登录即生效。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { operationLogs } from '@/lib/domains/ops/tables';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { roles } from '@/lib/domains/access/tables';
import { demoUserId } from '@/db/seed';
import type { RoleDetail, RoleItem, ResourceNode } from '@/lib/domains/access/schemas';
import { addRole, makeRole, newUser, resourceId, routeKeys, type Paged } from './fixtures';

const { db } = setupTestDb();

let admin: Record<string, string>;
/** 石家庄市级管理员，另挂一个可管理角色的市级角色（只持有角色管理、数据字典查询与系统日志） */
let cityMgr: Record<string, string>;

beforeAll(async () => {
  const d = await db();
  admin = await authHeaders('admin');
  const roleMgr = await makeRole(d, 'T_CITY_ROLE_MGR', 'city', { role: ['add', 'edit', 'delete', 'query', 'get'], dict: ['query'], sysLog: ['query', 'get'] });
  await addRole(d, await demoUserId(d, 'sjz_admin'), roleMgr);
  cityMgr = await authHeaders('sjz_admin');
});

const list = (headers: Record<string, string>, body: Record<string, unknown> = {}) =>
  call<Paged<RoleItem>>('POST', '/role/listRoles', { headers, json: { pageNo: 1, pageSize: 100, ...body } });
const save = (headers: Record<string, string>, body: Record<string, unknown>) => call<RoleDetail>('POST', '/role/add', { headers, json: body });

describe('角色列表', () => {
  it('省级管理员看到全部演示角色，带层级、状态与用户数', async () => {
    const { status, body } = await list(admin);
    expect(status).toBe(200);
    const province = body.data.list.find((r) => r.code === 'PROVINCE_ADMIN')!;
    expect(province).toMatchObject({ name: '省级管理员', level: 'province', levelName: '省级', status: 0, statusName: '启用' });
    expect(province.userCount).toBeGreaterThanOrEqual(1);
    expect(body.data.list.map((r) => r.code)).toEqual(expect.arrayContaining(['CITY_ADMIN', 'EVAL_ORG', 'TRAIN_ORG', 'BASIC_USER']));
    // 省级在前
    expect(body.data.list[0].level).toBe('province');
  });

  it('按名称、编码、层级、状态筛选，分页给出总数', async () => {
    const byName = await list(admin, { name: '机构' });
    expect(byName.body.data.list.map((r) => r.code).sort()).toEqual(['EVAL_ORG', 'TRAIN_ORG']);
    const byCode = await list(admin, { code: 'city_ad' });
    expect(byCode.body.data.list.map((r) => r.code)).toEqual(['CITY_ADMIN']);
    const byLevel = await list(admin, { level: 'city' });
    expect(byLevel.body.data.list.every((r) => r.level === 'city')).toBe(true);
    expect(byLevel.body.data.list.map((r) => r.code)).toEqual(expect.arrayContaining(['CITY_ADMIN', 'SUPERVISOR']));
    const disabled = await list(admin, { status: 1 });
    expect(disabled.body.data.total).toBe(0);
    const paged = await call<Paged<RoleItem>>('POST', '/role/listRoles', { headers: admin, json: { pageNo: 1, pageSize: 2 } });
    expect(paged.body.data.list).toHaveLength(2);
    expect(paged.body.data.total).toBe((await list(admin)).body.data.total);
    expect(paged.body.data.total).toBeGreaterThan(2);
  });

  it('层级不合法答 400 并说明', async () => {
    const res = await list(admin, { level: 'nation' });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toContain('层级只能是 province、city、county 或 org');
  });

  it('市级管理员看不到省级角色；省级角色详情答 404', async () => {
    const { body } = await list(cityMgr);
    expect(body.data.list.length).toBeGreaterThan(0);
    expect(body.data.list.some((r) => r.level === 'province')).toBe(false);
    const [province] = await (await db()).select().from(roles).where(eq(roles.code, 'PROVINCE_ADMIN'));
    const info = await call('POST', '/role/roleInfo', { headers: cityMgr, json: { id: province.id } });
    expect(info.status).toBe(404);
    expect(info.body.returnMsg).toBe('角色不存在或不在您的管辖范围内');
  });

  it('没有角色管理权限的账号答 403（普通市级管理员、机构用户）', async () => {
    expect((await list(await authHeaders('bd_admin'))).status).toBe(403);
    expect((await list(await authHeaders('eval_org'))).status).toBe(403);
    expect((await save(await authHeaders('eval_org'), { name: 'x', code: 'X_ROLE', level: 'org', grants: [] })).status).toBe(403);
    expect((await call('POST', '/role/del', { headers: await authHeaders('bd_admin'), json: { id: 1 } })).status).toBe(403);
  });

  it('可创建的层级：省级全部四级，市级为市级及以下', async () => {
    const p = await call<{ value: string }[]>('GET', '/role/getRoleLevel', { headers: admin });
    expect(p.body.data.map((l) => l.value)).toEqual(['province', 'city', 'county', 'org']);
    const c = await call<{ value: string; label: string }[]>('GET', '/role/getRoleLevel', { headers: cityMgr });
    expect(c.body.data).toEqual([
      { value: 'city', label: '市级' },
      { value: 'county', label: '县级' },
      { value: 'org', label: '机构' },
    ]);
  });

  it('选择框用的简单列表只含启用的、不高于本人层级的角色', async () => {
    const p = await call<{ code: string }[]>('GET', '/bks/v1/sys/role/list', { headers: admin });
    expect(p.body.data.map((r) => r.code)).toContain('PROVINCE_ADMIN');
    const c = await call<{ code: string; level: string }[]>('GET', '/bks/v1/sys/role/list', { headers: cityMgr });
    expect(c.body.data.some((r) => r.level === 'province')).toBe(false);
    expect(c.body.data.map((r) => r.code)).toContain('CITY_ADMIN');
  });
});

describe('资源树', () => {
  it('全部资源树：目录动作为子孙并集，叶子带自己的动作', async () => {
    const { status, body } = await call<ResourceNode[]>('POST', '/role/resTree', { headers: admin });
    expect(status).toBe(200);
    const system = body.data.find((n) => n.key === 'system')!;
    expect(system.isDirectory).toBe(true);
    const role = system.children.find((n) => n.key === 'role')!;
    expect(role).toMatchObject({ title: '角色管理', isDirectory: false, actions: ['add', 'delete', 'edit', 'query', 'get'] });
    expect(system.actions).toEqual(expect.arrayContaining(['import', 'export', 'enable']));
  });

  it('可授予的资源树只含本人持有的功能与动作', async () => {
    const { body } = await call<ResourceNode[]>('POST', '/role/selectResTree', { headers: cityMgr });
    const flat: ResourceNode[] = [];
    const walk = (ns: ResourceNode[]) => ns.forEach((n) => (flat.push(n), walk(n.children)));
    walk(body.data);
    const dict = flat.find((n) => n.key === 'dict')!;
    // 市级管理员的字典只有查询与详情（资源本身还有新增、修改、删除、导出）
    expect(dict.actions).toEqual(['query', 'get']);
    expect(flat.find((n) => n.key === 'resource')).toBeUndefined();
    expect(flat.find((n) => n.key === 'sysUser')).toBeUndefined();
    const sel = await call<{ key: string; children: { key: string }[] }[]>('GET', '/role/selectResourceTree', { headers: cityMgr });
    expect(sel.status).toBe(200);
    expect(sel.body.data.map((n) => n.key)).toContain('system');
  });
});

describe('新建角色与授权', () => {
  it('带两项授权新建的角色：持有它的用户恰好得到这两个菜单及其上级', async () => {
    const dictId = await resourceId(await db(), 'dict');
    const created = await save(admin, {
      name: '字典与日志查看',
      code: 'T_DICT_LOG',
      level: 'province',
      description: '只看字典与系统日志',
      grants: [
        { resourceId: dictId, actions: ['query', 'get'] },
        { key: 'sysLog', actions: ['query'] },
      ],
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ code: 'T_DICT_LOG', level: 'province', userCount: 0 });
    expect(created.body.data.grants.map((g) => [g.key, g.actions])).toEqual([
      ['dict', ['query', 'get']],
      ['sysLog', ['query']],
    ]);

    const { user, headers } = await newUser(await db(), 't_dict_log_user');
    await addRole(await db(), user.id, created.body.data.id);
    expect(await routeKeys(headers)).toEqual(['system', 'dict', 'operations', 'sysLog']);
    const perms = await call<{ permissions: { permissionId: string; actionList: string[] }[] }>('GET', '/bapi/user/getUserAndPermissions', { headers });
    expect(perms.body.data.permissions.find((p) => p.permissionId === 'dict')!.actionList).toEqual(['query', 'get']);

    const info = await call<RoleDetail>('POST', '/role/getRoleInfo', { headers: admin, json: { id: created.body.data.id } });
    expect(info.body.data.userCount).toBe(1);
    expect(info.body.data.grants.map((g) => g.key)).toEqual(['dict', 'sysLog']);
  });

  it('角色编码重复答 409 并指出被哪个角色使用', async () => {
    const res = await save(admin, { name: '另一个', code: 'CITY_ADMIN', level: 'city', grants: [] });
    expect(res.status).toBe(409);
    expect(res.body.returnMsg).toBe('角色编码“CITY_ADMIN”已被角色“市级管理员”使用');
  });

  it('校验：名称必填、编码格式、目录不能直接授权、资源没有的动作', async () => {
    const noName = await save(admin, { name: '', code: 'T_X', level: 'city' });
    expect(noName.status).toBe(400);
    expect(noName.body.returnMsg).toContain('请输入角色名称');
    const badCode = await save(admin, { name: 'x', code: '1abc', level: 'city' });
    expect(badCode.body.returnMsg).toContain('角色编码以字母开头');
    const dir = await save(admin, { name: 'x', code: 'T_DIR', level: 'city', grants: [{ key: 'system', actions: ['query'] }] });
    expect(dir.status).toBe(400);
    expect(dir.body.returnMsg).toBe('“系统管理”是目录，请勾选其下的具体功能');
    const badAction = await save(admin, { name: 'x', code: 'T_ACT', level: 'city', grants: [{ key: 'sysLog', actions: ['delete'] }] });
    expect(badAction.status).toBe(400);
    expect(badAction.body.returnMsg).toBe('资源“系统日志”没有动作：delete');
    expect((await list(admin, { code: 'T_DIR' })).body.data.total).toBe(0);
  });

  it('市级管理员不能创建省级角色，也不能授予自己没有的权限', async () => {
    const province = await save(cityMgr, { name: '省级', code: 'T_CITY_PROV', level: 'province', grants: [] });
    expect(province.status).toBe(403);
    expect(province.body.returnMsg).toBe('您是市级账号，不能创建省级角色');

    const lacking = await save(cityMgr, {
      name: '越权',
      code: 'T_CITY_OVER',
      level: 'city',
      grants: [
        { key: 'dict', actions: ['query', 'delete'] },
        { key: 'resource', actions: ['query'] },
      ],
    });
    expect(lacking.status).toBe(403);
    expect(lacking.body.returnMsg).toBe('不能授予您自己没有的权限：数据字典（删除）；资源管理（查询）');
    expect((await list(admin, { code: 'T_CITY_OVER' })).body.data.total).toBe(0);

    const ok = await save(cityMgr, { name: '市字典查看', code: 'T_CITY_DICT', level: 'county', grants: [{ key: 'dict', actions: ['query'] }] });
    expect(ok.status).toBe(200);
    expect(ok.body.data.levelName).toBe('县级');
  });

  it('市级管理员不能修改省级角色（对其不可见，答 404），也不能把角色改成省级', async () => {
    const [province] = await (await db()).select().from(roles).where(eq(roles.code, 'PROVINCE_ADMIN'));
    const edit = await save(cityMgr, { id: province.id, name: '改名', code: 'PROVINCE_ADMIN', level: 'province' });
    expect(edit.status).toBe(404);
    const own = (await list(cityMgr, { code: 'T_CITY_DICT' })).body.data.list[0];
    const up = await save(cityMgr, { id: own.id, name: own.name, code: own.code, level: 'province' });
    expect(up.status).toBe(403);
    expect(up.body.returnMsg).toBe('您是市级账号，不能修改为省级角色');
  });

  it('修改时保留角色原有的、编辑者没有的授权不算越权', async () => {
    const d = await db();
    const id = await makeRole(d, 'T_MIXED', 'city', { resource: ['query'], dict: ['query'] });
    // 市级编辑者没有 resource，但它本来就有：原样提交允许，新增 sysLog.get 也允许（编辑者持有）
    const res = await save(cityMgr, {
      id,
      name: '混合',
      code: 'T_MIXED',
      level: 'city',
      grants: [
        { key: 'resource', actions: ['query'] },
        { key: 'dict', actions: ['query'] },
        { key: 'sysLog', actions: ['get'] },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.grants.map((g) => g.key)).toEqual(['resource', 'dict', 'sysLog']);
  });
});

describe('改授权即时生效', () => {
  it('角色的授权改变后，持有它的用户下一次请求就看到新菜单，无需重新登录', async () => {
    const d = await db();
    const created = await save(admin, { name: '临时', code: 'T_LIVE', level: 'province', grants: [{ key: 'dict', actions: ['query'] }] });
    const { user, headers } = await newUser(d, 't_live_user');
    await addRole(d, user.id, created.body.data.id);
    expect(await routeKeys(headers)).toEqual(['system', 'dict']);
    expect((await call('POST', '/role/listRoles', { headers, json: {} })).status).toBe(403);

    const changed = await save(admin, {
      id: created.body.data.id,
      name: '临时',
      code: 'T_LIVE',
      level: 'province',
      grants: [{ key: 'role', actions: ['query', 'get'] }],
    });
    expect(changed.status).toBe(200);
    // 同一个令牌
    expect(await routeKeys(headers)).toEqual(['system', 'role']);
    expect((await call('POST', '/role/listRoles', { headers, json: {} })).status).toBe(200);

    // 操作日志记下改前改后的授权
    const logs = await d.select().from(operationLogs).where(and(eq(operationLogs.entity, 'role'), eq(operationLogs.entityId, String(created.body.data.id)))).orderBy(asc(operationLogs.id));
    expect(logs.map((l) => l.detail)).toEqual(['新增角色 临时（T_LIVE）', '修改角色 临时（T_LIVE）']);
    expect(logs[1].changes[0]).toMatchObject({ before: { grants: { dict: ['query'] } }, after: { grants: { role: ['query', 'get'] } } });

    // 停用角色：权限随即失去
    await save(admin, { id: created.body.data.id, name: '临时', code: 'T_LIVE', level: 'province', status: 1 });
    expect(await routeKeys(headers)).toEqual([]);
  });
});

describe('数据角色', () => {
  it('设置角色可见的数据层级；不能宽于角色层级', async () => {
    const cityAdmin = (await list(admin, { code: 'CITY_ADMIN' })).body.data.list[0];
    const info = await call<{ dataScope: string | null; options: { value: string }[] }>('POST', '/role/dataRoleInfo', { headers: admin, json: { id: cityAdmin.id } });
    expect(info.body.data.dataScope).toBeNull();
    expect(info.body.data.options.map((o) => o.value)).toEqual(['city', 'county', 'org']);
    const wide = await call('POST', '/role/addDataRole', { headers: admin, json: { id: cityAdmin.id, dataScope: 'province' } });
    expect(wide.status).toBe(400);
    expect(wide.body.returnMsg).toBe('市级角色的数据范围不能是全省数据');
    const ok = await call<{ dataScope: string; dataScopeName: string }>('POST', '/role/addDataRole', { headers: admin, json: { id: cityAdmin.id, dataScope: 'county' } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ dataScope: 'county', dataScopeName: '本县数据' });
    expect((await list(admin, { code: 'CITY_ADMIN' })).body.data.list[0].dataScopeName).toBe('本县数据');
  });
});

describe('删除角色', () => {
  it('仍有用户的角色拒绝删除，并说明用户数；批量中有一个被占用则整批不删', async () => {
    const cityAdmin = (await list(admin, { code: 'CITY_ADMIN' })).body.data.list[0];
    const res = await call('POST', '/role/del', { headers: admin, json: { id: cityAdmin.id } });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe(`角色“市级管理员”仍有 ${cityAdmin.userCount} 个用户在使用，请先为这些用户取消该角色再删除`);

    const free = await save(admin, { name: '空角色', code: 'T_FREE', level: 'org', grants: [] });
    const batch = await call('POST', '/role/delBatch', { headers: admin, json: { ids: [free.body.data.id, cityAdmin.id] } });
    expect(batch.status).toBe(400);
    expect((await list(admin, { code: 'T_FREE' })).body.data.total).toBe(1);

    const ok = await call<{ deleted: number }>('POST', '/role/delBatch', { headers: admin, json: { ids: [free.body.data.id] } });
    expect(ok.body.data.deleted).toBe(1);
    expect((await list(admin, { code: 'T_FREE' })).body.data.total).toBe(0);
  });

  it('市级管理员不能删除省级角色（不可见，404）', async () => {
    const [province] = await (await db()).select().from(roles).where(eq(roles.code, 'PROVINCE_ADMIN'));
    const res = await call('POST', '/role/del', { headers: cityMgr, json: { id: province.id } });
    expect(res.status).toBe(404);
  });
});

// 资源（菜单）管理：树形列表、修改标题图标排序显示、新增功能页、删除规则、缺权限 403。
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { addRole, makeRole, newUser, resourceId, routeKeys } from './fixtures';

const { db } = setupTestDb();

interface AdminNode {
  id: number;
  key: string;
  title: string;
  icon: string | null;
  sort: number;
  show: boolean;
  actions: string[];
  roleCount: number;
  isDirectory: boolean;
  children?: AdminNode[];
}

let admin: Record<string, string>;
beforeAll(async () => {
  admin = await authHeaders('admin');
});

const tree = async (title?: string) => (await call<{ list: AdminNode[]; total: number }>('POST', '/resource/list', { headers: admin, json: title ? { title } : {} })).body.data;
const find = (nodes: AdminNode[], key: string): AdminNode | undefined => {
  for (const n of nodes) {
    if (n.key === key) return n;
    const hit = find(n.children ?? [], key);
    if (hit) return hit;
  }
  return undefined;
};
const save = (body: Record<string, unknown>, headers = admin) => call<AdminNode>('POST', '/resource/save', { headers, json: body });

describe('资源列表', () => {
  it('一级菜单成树，叶子不带 children，带授予的角色数', async () => {
    const data = await tree();
    expect(data.list.map((n) => n.key)).toEqual(['home', 'evaluation', 'training', 'subsidyManage', 'orgManage', 'content', 'system', 'user']);
    const role = find(data.list, 'role')!;
    expect(role.children).toBeUndefined();
    expect(role.roleCount).toBeGreaterThanOrEqual(1);
  });

  it('按名称筛选时保留命中项的上级', async () => {
    const data = await tree('系统日志');
    expect(data.list.map((n) => n.key)).toEqual(['system']);
    expect(data.list[0].children!.map((n) => n.key)).toEqual(['operations']);
    expect(data.list[0].children![0].children!.map((n) => n.key)).toEqual(['sysLog']);
  });

  it('上级选择树只含目录', async () => {
    const { body } = await call<{ value: number; title: string; children: { isDirectory: boolean; children: unknown[] }[] }[]>('GET', '/role/resParentTree', { headers: admin });
    expect(body.data[0]).toMatchObject({ value: 0, title: '一级菜单' });
    const all: { isDirectory: boolean; children: unknown[] }[] = [];
    const walk = (ns: { isDirectory: boolean; children: unknown[] }[]) => ns.forEach((n) => (all.push(n), walk(n.children as typeof ns)));
    walk(body.data[0].children);
    expect(all.length).toBeGreaterThan(10);
    expect(all.every((n) => n.isDirectory)).toBe(true);
  });

  it('没有资源管理权限答 403', async () => {
    const city = await authHeaders('sjz_admin');
    expect((await call('POST', '/resource/list', { headers: city, json: {} })).status).toBe(403);
    expect((await call('POST', '/resource/del', { headers: city, json: { id: 1 } })).status).toBe(403);
  });
});

describe('修改资源', () => {
  it('改标题、图标、排序与显示：菜单随之改变；路径重复答 409', async () => {
    const dict = find((await tree()).list, 'dict')!;
    const res = await save({ id: dict.id, title: '字典管理', icon: 'ReadOutlined', sort: 5, show: true, path: '/system/dict', component: 'DictList' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: '字典管理', icon: 'ReadOutlined', sort: 5 });
    const routers = await call<{ key: string; meta: { title: string } }[]>('GET', '/index/getUserRouters', { headers: admin });
    const systemChildren = routers.body.data.filter((r) => ['sysUser', 'role', 'resource', 'dict'].includes(r.key));
    // sort 5 排到系统管理的第一个
    expect(systemChildren[0]).toMatchObject({ key: 'dict', meta: { title: '字典管理' } });

    const dup = await save({ id: dict.id, title: '字典管理', sort: 5, show: true, path: '/system/role', component: 'DictList' });
    expect(dup.status).toBe(409);
    expect(dup.body.returnMsg).toBe('路由路径“/system/role”已被资源“角色管理”使用');

    const toDir = await save({ id: dict.id, title: '字典管理', sort: 5, show: true, path: '/system/dict', component: 'RouteView' });
    expect(toDir.status).toBe(400);
    expect(toDir.body.returnMsg).toBe('“字典管理”是功能页，组件不能是 RouteView');
  });

  it('校验：排序必须是数字、路径以 / 开头', async () => {
    const dict = find((await tree()).list, 'dict')!;
    const res = await save({ id: dict.id, title: 'x', sort: 'abc', show: true, path: 'system', component: 'DictList' });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toMatch(/排序必须是数字|路由路径以 \/ 开头/);
  });
});

describe('新增与删除资源', () => {
  it('在目录下新增功能页：目录动作随之扩充；授予角色后拒绝删除，取消授权后可删', async () => {
    const d = await db();
    const opsId = await resourceId(d, 'operations');
    const created = await save({ parentId: opsId, key: 'cacheMonitor', title: '缓存监控', icon: 'DatabaseOutlined', sort: 50, show: true, path: '/system/ops/cache', component: 'CacheMonitor', actions: ['query', 'import'] });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ key: 'cacheMonitor', isDirectory: false, actions: ['query', 'import'] });
    const ops = find((await tree()).list, 'operations')!;
    expect(ops.actions).toContain('import');
    expect(ops.children!.map((c) => c.key)).toContain('cacheMonitor');

    const dupKey = await save({ parentId: opsId, key: 'cacheMonitor', title: '又一个', sort: 60, show: true, path: '/system/ops/cache2', component: 'X' , actions: ['query'] });
    expect(dupKey.status).toBe(409);
    expect(dupKey.body.returnMsg).toBe('资源标识“cacheMonitor”已被资源“缓存监控”使用');
    const leafParent = await save({ parentId: await resourceId(d, 'sysLog'), key: 'underLeaf', title: '挂在叶子下', sort: 1, show: true, path: '/system/ops/log/x', component: 'X', actions: ['query'] });
    expect(leafParent.status).toBe(400);
    expect(leafParent.body.returnMsg).toBe('“系统日志”不是目录，不能作为上级');

    // 授予一个角色，用户随即得到该菜单项
    const roleId = await makeRole(d, 'T_CACHE', 'province', { cacheMonitor: ['query'] });
    const { user, headers } = await newUser(d, 't_cache_user');
    await addRole(d, user.id, roleId);
    expect(await routeKeys(headers)).toEqual(['system', 'operations', 'cacheMonitor']);

    const refused = await call('POST', '/resource/del', { headers: admin, json: { id: created.body.data.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.returnMsg).toBe('“缓存监控”仍授予 1 个角色，请先在角色管理中取消授权');

    await call('POST', '/role/add', { headers: admin, json: { id: roleId, name: 'T_CACHE', code: 'T_CACHE', level: 'province', grants: [] } });
    const ok = await call('POST', '/resource/del', { headers: admin, json: { id: created.body.data.id } });
    expect(ok.status).toBe(200);
    expect(find((await tree()).list, 'cacheMonitor')).toBeUndefined();
    expect(find((await tree()).list, 'operations')!.actions).not.toContain('import');
  });

  it('有子资源的目录拒绝删除', async () => {
    const res = await call('POST', '/resource/del', { headers: admin, json: { id: await resourceId(await db(), 'operations') } });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toMatch(/^“运维监控”下还有 \d+ 个子资源，请先删除子资源$/);
  });

  it('只有修改权限的账号不能新增资源', async () => {
    const d = await db();
    const editOnly = await makeRole(d, 'T_RES_EDIT', 'province', { resource: ['query', 'edit'] });
    const { user, headers } = await newUser(d, 't_res_editor');
    await addRole(d, user.id, editOnly);
    const res = await save({ parentId: 0, key: 'newTop', title: '新一级', sort: 1, show: true, path: '/new-top', component: 'RouteView' }, headers);
    expect(res.status).toBe(403);
    expect(res.body.returnMsg).toBe('没有新增资源的权限');
  });
});

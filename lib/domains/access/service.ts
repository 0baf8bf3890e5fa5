// 资源树、角色授权与按用户构建菜单。权限检查本身是 lib/platform/auth/session.ts 的 can()，
// 会话里的权限由 user/session.ts 的 loadPermissions 从 role_resource 读出。
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ACTIONS, type Action, type Session } from '@/lib/platform/auth/session';
import { ApiError } from '@/lib/platform/api/errors';
import { userProfile, type UserProfile } from '../user/service';
import { MENU_TREE, flattenMenuTree, type ResourceDef } from './menu-tree';
import { menuHome, type MenuItem } from './menu';
import { resources, roleResources, roles, userRoles } from './tables';
import { issueWebSocketToken } from './ws-token';

export type ResourceRow = typeof resources.$inferSelect;

/** upsert 时取新值：excluded.<列名> */
const sqlExcluded = (column: string) => sql.raw(`excluded.${column}`);

/** 全部资源按菜单顺序（先序，同级按 sort、id） */
export async function loadResourcesInOrder(db: Db): Promise<ResourceRow[]> {
  const rows = await db.select().from(resources).orderBy(asc(resources.sort), asc(resources.id));
  const byParent = new Map<number, ResourceRow[]>();
  for (const r of rows) {
    const siblings = byParent.get(r.parentId);
    if (siblings) siblings.push(r);
    else byParent.set(r.parentId, [r]);
  }
  const out: ResourceRow[] = [];
  const walk = (parentId: number) => {
    for (const r of byParent.get(parentId) ?? []) {
      out.push(r);
      walk(r.id);
    }
  };
  walk(0);
  return out;
}

function toMenuItem(r: ResourceRow): MenuItem {
  return {
    id: r.id,
    parentId: r.parentId,
    name: r.name,
    key: r.key,
    component: r.component,
    path: r.path,
    redirect: r.redirect,
    meta: {
      title: r.title,
      icon: r.icon,
      show: r.show,
      hideChildren: r.hideChildren,
      hiddenHeaderContent: r.hiddenHeaderContent,
      target: r.target,
      params: null,
      permission: [r.key],
    },
  };
}

/** 用户的菜单：角色授予的资源及其各级上级，按菜单顺序平铺；show:false 的项照常返回（由客户端隐藏）。 */
export async function userRouters(db: Db, permissions: Session['permissions']): Promise<MenuItem[]> {
  const all = await loadResourcesInOrder(db);
  const byId = new Map(all.map((r) => [r.id, r]));
  const included = new Set<number>();
  for (const r of all) {
    if (!permissions.has(r.key)) continue;
    // 授权时已补齐上级（setRoleGrants）；这里再补一次，让只授予了叶子的旧数据也能显示完整路径。
    for (let cur: ResourceRow | undefined = r; cur && !included.has(cur.id); cur = byId.get(cur.parentId)) included.add(cur.id);
  }
  return all.filter((r) => included.has(r.id)).map(toMenuItem);
}

export interface UserAndPermissions {
  user: UserProfile;
  permissions: { permissionId: string; actionList: string[] }[];
  roles: { code: string; name: string }[];
  webSocketToken: string;
  routes: MenuItem[];
  /** 第一个可见叶子的路径（首页跳转），没有时为 /dashboard/workplace */
  home: string;
}

/** routes：调用方已取好的本人菜单（门户页面与布局同一请求里共用一次查询） */
export async function userAndPermissions(db: Db, session: Session, knownRoutes?: Promise<MenuItem[]>): Promise<UserAndPermissions> {
  const userId = session.user.id;
  const [user, routes, roleRows] = await Promise.all([
    userProfile(db, userId),
    knownRoutes ?? userRouters(db, session.permissions),
    db
      .select({ code: roles.code, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.status, 0)))
      .where(eq(userRoles.userId, userId))
      .orderBy(asc(roles.id)),
  ]);
  const order = new Map(routes.map((r, i) => [r.key, i]));
  const permissions = [...session.permissions]
    .map(([permissionId, actions]) => ({ permissionId, actionList: ACTIONS.filter((a) => actions.has(a)) as string[] }))
    .sort((a, b) => (order.get(a.permissionId) ?? Infinity) - (order.get(b.permissionId) ?? Infinity));
  return { user, permissions, roles: roleRows, webSocketToken: issueWebSocketToken(userId), routes, home: menuHome(routes) };
}

/** 资源树写入 resource 表：按 key 新增或更新（标题、路径、图标、组件、顺序、动作），返回 key → id。表中多出的资源不删除。 */
export async function upsertResourceTree(db: Db, tree: readonly ResourceDef[] = MENU_TREE): Promise<Map<string, number>> {
  const flat = flattenMenuTree(tree);
  const ids = new Map<string, number>();
  const maxDepth = Math.max(...flat.map((f) => f.depth));
  // 逐层写入：父的 id 在写子之前已知；每层一条语句。
  for (let depth = 0; depth <= maxDepth; depth++) {
    const level = flat.filter((f) => f.depth === depth);
    const values = level.map((f) => ({
      parentId: f.parentKey ? ids.get(f.parentKey)! : 0,
      key: f.key,
      name: f.key,
      title: f.title,
      component: f.component,
      path: f.path,
      redirect: f.redirect,
      icon: f.icon,
      sort: f.sort,
      show: f.show,
      hideChildren: f.hideChildren,
      hiddenHeaderContent: f.hiddenHeaderContent,
      target: f.target,
      actions: f.actions,
    }));
    const rows = await db
      .insert(resources)
      .values(values)
      .onConflictDoUpdate({
        target: resources.key,
        set: {
          parentId: sqlExcluded('parent_id'),
          name: sqlExcluded('name'),
          title: sqlExcluded('title'),
          component: sqlExcluded('component'),
          path: sqlExcluded('path'),
          redirect: sqlExcluded('redirect'),
          icon: sqlExcluded('icon'),
          sort: sqlExcluded('sort'),
          show: sqlExcluded('show'),
          hideChildren: sqlExcluded('hide_children'),
          hiddenHeaderContent: sqlExcluded('hidden_header_content'),
          target: sqlExcluded('target'),
          actions: sqlExcluded('actions'),
        },
      })
      .returning({ id: resources.id, key: resources.key });
    for (const r of rows) ids.set(r.key, r.id);
  }
  return ids;
}


/** 角色授权：permissionId → 动作列表 */
export type Grants = Record<string, readonly Action[]>;

/**
 * 设置角色的全部授权（替换原有）：校验 key 与动作，并把每个授权的动作并入其各级上级目录，
 * 使目录 key 的检查（如 'exaPlan.query'）与菜单祖先都成立。一个事务内完成。
 */
export async function setRoleGrants(db: Db, roleId: number, grants: Grants): Promise<void> {
  const keys = Object.keys(grants);
  const all = await db.select({ id: resources.id, key: resources.key, parentId: resources.parentId, actions: resources.actions, title: resources.title }).from(resources);
  const byKey = new Map(all.map((r) => [r.key, r]));
  const byId = new Map(all.map((r) => [r.id, r]));
  const expanded = new Map<number, Set<string>>();
  for (const key of keys) {
    const res = byKey.get(key);
    if (!res) throw ApiError.badRequest(`资源 ${key} 不存在`);
    const actions = grants[key];
    const invalid = actions.filter((a) => !res.actions.includes(a));
    if (invalid.length) throw ApiError.badRequest(`资源“${res.title}”（${key}）没有动作：${invalid.join('、')}`);
    for (let cur: typeof res | undefined = res; cur; cur = cur.parentId ? byId.get(cur.parentId) : undefined) {
      const set = expanded.get(cur.id) ?? new Set<string>();
      for (const a of actions) set.add(a);
      expanded.set(cur.id, set);
    }
  }
  await db.transaction(async (tx) => {
    await tx.delete(roleResources).where(eq(roleResources.roleId, roleId));
    if (expanded.size) {
      await tx.insert(roleResources).values(
        [...expanded].map(([resourceId, set]) => ({ roleId, resourceId, actions: ACTIONS.filter((a) => set.has(a)) as string[] })),
      );
    }
  });
}

/** 给用户设置角色（替换原有）。 */
export async function setUserRoles(db: Db, userId: number, roleCodes: readonly string[]): Promise<void> {
  const found = roleCodes.length ? await db.select({ id: roles.id, code: roles.code }).from(roles).where(inArray(roles.code, [...roleCodes])) : [];
  const missing = roleCodes.filter((c) => !found.some((r) => r.code === c));
  if (missing.length) throw ApiError.badRequest(`角色不存在：${missing.join('、')}`);
  await db.transaction(async (tx) => {
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    if (found.length) await tx.insert(userRoles).values(found.map((r) => ({ userId, roleId: r.id })));
  });
}

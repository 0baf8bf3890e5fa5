// 资源树（角色授权用）与资源（菜单）管理：标题、图标、排序、显示、路径、组件的维护，新增与删除。
// 目录（组件 RouteView）的可授予动作是子孙动作的并集，新增叶子后重算其各级上级。
// 删除：有子资源或仍授予某角色的资源拒绝删除。
import { and, count, eq, ne } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import { ACTIONS, can, type Action, type Session } from '@/lib/platform/auth/session';
import { DIRECTORY_COMPONENT } from './menu';
import { loadResourcesInOrder, type ResourceRow } from './service';
import { resources, roleResources } from './tables';
import type { ResourceNode, ResourceSaveInput } from './schemas';
import { DEFAULT_LOCALE, type Locale } from '@/lib/i18n';
import { resourceTitle } from '@/lib/i18n/menu';


const isDir = (r: Pick<ResourceRow, 'component'>) => r.component === DIRECTORY_COMPONENT;
const ordered = (actions: Iterable<string>) => {
  const set = new Set(actions);
  return ACTIONS.filter((a) => set.has(a)) as Action[];
};

function toNode(r: ResourceRow): ResourceNode {
  return {
    id: r.id,
    parentId: r.parentId,
    key: r.key,
    title: r.title,
    icon: r.icon,
    path: r.path,
    component: r.component,
    redirect: r.redirect,
    sort: r.sort,
    show: r.show,
    isDirectory: isDir(r),
    actions: ordered(r.actions),
    children: [],
  };
}

/** 先序平铺 → 树 */
function toTree(rows: readonly ResourceRow[], keep: (r: ResourceRow) => ResourceNode | null): ResourceNode[] {
  const nodes = new Map<number, ResourceNode>();
  const roots: ResourceNode[] = [];
  for (const r of rows) {
    const node = keep(r);
    if (!node) continue;
    nodes.set(r.id, node);
    if (r.parentId === 0) roots.push(node);
    else nodes.get(r.parentId)?.children.push(node);
  }
  return roots;
}

/** 去掉没有子项的目录（过滤后变空的） */
function pruneEmptyDirs(nodes: ResourceNode[]): ResourceNode[] {
  return nodes
    .map((n) => (n.isDirectory ? { ...n, children: pruneEmptyDirs(n.children) } : n))
    .filter((n) => !n.isDirectory || n.children.length > 0);
}

/** 目录的动作取子孙并集 */
function unionDirActions(nodes: ResourceNode[]): void {
  for (const n of nodes) {
    if (!n.isDirectory) continue;
    unionDirActions(n.children);
    n.actions = ordered(n.children.flatMap((c) => c.actions));
  }
}

/** 全部资源树，每个节点带可授予的动作 */
export async function resourceTree(db: Db): Promise<ResourceNode[]> {
  return toTree(await loadResourcesInOrder(db), toNode);
}

/** 调用者可以授予的资源树：只含其持有的叶子与动作（及其上级目录） */
export async function grantableTree(db: Db, session: Session): Promise<ResourceNode[]> {
  const rows = await loadResourcesInOrder(db);
  const tree = toTree(rows, (r) => {
    const node = toNode(r);
    if (node.isDirectory) return node;
    const held = session.permissions.get(r.key);
    if (!held) return null;
    node.actions = node.actions.filter((a) => held.has(a));
    return node.actions.length ? node : null;
  });
  const pruned = pruneEmptyDirs(tree);
  unionDirActions(pruned);
  return pruned;
}

/** 选择框用的资源树（title/value/key/children） */
export interface SelectNode {
  title: string;
  value: number;
  key: string;
  isDirectory: boolean;
  children: SelectNode[];
}
const toSelect = (nodes: ResourceNode[]): SelectNode[] =>
  nodes.map((n) => ({ title: n.title, value: n.id, key: n.key, isDirectory: n.isDirectory, children: toSelect(n.children) }));

export async function selectResourceTree(db: Db, session: Session): Promise<SelectNode[]> {
  return toSelect(await grantableTree(db, session));
}

/** 只含目录的树（资源管理中选择上级），根为“一级菜单”（value 0） */
export async function parentTree(db: Db): Promise<SelectNode[]> {
  const rows = await loadResourcesInOrder(db);
  const dirs = toTree(rows, (r) => (isDir(r) ? toNode(r) : null));
  return [{ title: '一级菜单', value: 0, key: '', isDirectory: true, children: toSelect(dirs) }];
}

/** 资源管理列表：树；按标题筛选时保留命中项及其上级 */
export async function resourceAdminTree(db: Db, filter: { title?: string }, locale: Locale = DEFAULT_LOCALE) {
  const rows = await loadResourcesInOrder(db);
  const grantCounts = new Map(
    (await db.select({ resourceId: roleResources.resourceId, n: count() }).from(roleResources).groupBy(roleResources.resourceId)).map((r) => [r.resourceId, Number(r.n)]),
  );
  let included: Set<number> | null = null;
  if (filter.title) {
    const byId = new Map(rows.map((r) => [r.id, r]));
    included = new Set<number>();
    for (const r of rows) {
      // 按存储的标题或所选语言显示的标题找
      const shown = resourceTitle(r.key, r.title, locale).toLowerCase();
      if (!r.title.includes(filter.title) && !shown.includes(filter.title.toLowerCase())) continue;
      for (let cur: ResourceRow | undefined = r; cur && !included.has(cur.id); cur = byId.get(cur.parentId)) included.add(cur.id);
    }
  }
  const tree = toTree(rows, (r) => (included && !included.has(r.id) ? null : toNode(r)));
  type AdminNode = Omit<ResourceNode, 'children'> & { roleCount: number; children?: AdminNode[] };
  // 叶子不带空 children，表格才不显示展开按钮
  const withCounts = (nodes: ResourceNode[]): AdminNode[] =>
    nodes.map(({ children, ...n }) => ({ ...n, roleCount: grantCounts.get(n.id) ?? 0, ...(children.length ? { children: withCounts(children) } : {}) }));
  const list = withCounts(tree);
  return { list, total: list.length };
}

/** 重算某资源各级上级目录的动作（子孙并集） */
async function refreshAncestorActions(db: Db, parentId: number): Promise<void> {
  const all = await db.select({ id: resources.id, parentId: resources.parentId, component: resources.component, actions: resources.actions }).from(resources);
  const children = new Map<number, typeof all>();
  for (const r of all) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  const byId = new Map(all.map((r) => [r.id, r]));
  const actionsOf = (id: number): Set<string> => {
    const r = byId.get(id)!;
    if (!isDir(r)) return new Set(r.actions);
    const set = new Set<string>();
    for (const c of children.get(id) ?? []) for (const a of actionsOf(c.id)) set.add(a);
    return set;
  };
  for (let cur = byId.get(parentId); cur; cur = byId.get(cur.parentId)) {
    await db.update(resources).set({ actions: ordered(actionsOf(cur.id)) }).where(eq(resources.id, cur.id));
  }
}

const snapshot = (r: ResourceRow) => ({
  key: r.key,
  parentId: r.parentId,
  title: r.title,
  icon: r.icon,
  path: r.path,
  component: r.component,
  sort: r.sort,
  show: r.show,
  actions: r.actions,
});

/** 新增或修改资源。修改：标题、图标、排序、显示、路径、组件；新增另需上级、标识与动作。 */
export async function saveResource(db: Db, session: Session, input: ResourceSaveInput, audit: Audit) {
  const [samePath] = await db
    .select({ id: resources.id, title: resources.title })
    .from(resources)
    .where(and(eq(resources.path, input.path), input.id ? ne(resources.id, input.id) : undefined));
  if (samePath) throw ApiError.conflict(`路由路径“${input.path}”已被资源“${samePath.title}”使用`);
  const dir = input.component === DIRECTORY_COMPONENT;

  if (input.id) {
    const [before] = await db.select().from(resources).where(eq(resources.id, input.id));
    if (!before) throw ApiError.notFound('资源不存在');
    const [{ n: childCount }] = await db.select({ n: count() }).from(resources).where(eq(resources.parentId, before.id));
    if (isDir(before) !== dir) {
      if (Number(childCount) > 0 || isDir(before)) throw ApiError.badRequest(`“${before.title}”是目录，组件只能是 ${DIRECTORY_COMPONENT}`);
      throw ApiError.badRequest(`“${before.title}”是功能页，组件不能是 ${DIRECTORY_COMPONENT}`);
    }
    const [after] = await db
      .update(resources)
      .set({ title: input.title, icon: input.icon || null, sort: input.sort, show: input.show, path: input.path, component: input.component })
      .where(eq(resources.id, before.id))
      .returning();
    audit({ entity: 'resource', entityId: after.id, before: snapshot(before), after: snapshot(after), detail: `修改资源 ${after.title}（${after.key}）` });
    return toNode(after);
  }

  if (!can(session, 'resource.add')) throw ApiError.forbidden('没有新增资源的权限');
  if (!input.key) throw ApiError.badRequest('请输入资源标识', { key: '请输入资源标识' });
  if (input.parentId === undefined) throw ApiError.badRequest('请选择上级目录', { parentId: '请选择上级目录' });
  const [sameKey] = await db.select({ title: resources.title }).from(resources).where(eq(resources.key, input.key));
  if (sameKey) throw ApiError.conflict(`资源标识“${input.key}”已被资源“${sameKey.title}”使用`);
  let redirectParent: ResourceRow | undefined;
  if (input.parentId !== 0) {
    [redirectParent] = await db.select().from(resources).where(eq(resources.id, input.parentId));
    if (!redirectParent) throw ApiError.badRequest('上级目录不存在');
    if (!isDir(redirectParent)) throw ApiError.badRequest(`“${redirectParent.title}”不是目录，不能作为上级`);
  }
  const actions = dir ? [] : ordered(input.actions ?? []);
  if (!dir && !actions.length) throw ApiError.badRequest('请选择该功能可授予的动作', { actions: '请选择该功能可授予的动作' });
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(resources)
      .values({
        parentId: input.parentId!,
        key: input.key!,
        name: input.key!,
        title: input.title,
        icon: input.icon || null,
        sort: input.sort,
        show: input.show,
        path: input.path,
        component: input.component,
        actions,
      })
      .returning();
    // 上级目录原来没有子项时以新子项为跳转目标
    if (redirectParent && !redirectParent.redirect) await tx.update(resources).set({ redirect: row.path }).where(eq(resources.id, redirectParent.id));
    if (input.parentId) await refreshAncestorActions(tx, input.parentId);
    return row;
  });
  audit({ entity: 'resource', entityId: created.id, before: null, after: snapshot(created), detail: `新增资源 ${created.title}（${created.key}）` });
  return toNode(created);
}

/** 删除资源：有子资源或仍授予角色时拒绝 */
export async function deleteResource(db: Db, _session: Session, id: number, audit: Audit): Promise<void> {
  const [row] = await db.select().from(resources).where(eq(resources.id, id));
  if (!row) throw ApiError.notFound('资源不存在');
  const [[{ n: children }], [{ n: granted }]] = await Promise.all([
    db.select({ n: count() }).from(resources).where(eq(resources.parentId, id)),
    db.select({ n: count() }).from(roleResources).where(eq(roleResources.resourceId, id)),
  ]);
  if (Number(children) > 0) throw ApiError.badRequest(`“${row.title}”下还有 ${children} 个子资源，请先删除子资源`);
  if (Number(granted) > 0) throw ApiError.badRequest(`“${row.title}”仍授予 ${granted} 个角色，请先在角色管理中取消授权`);
  await db.transaction(async (tx) => {
    await tx.delete(resources).where(eq(resources.id, id));
    if (row.parentId) await refreshAncestorActions(tx, row.parentId);
  });
  audit({ entity: 'resource', entityId: id, before: snapshot(row), after: null, detail: `删除资源 ${row.title}（${row.key}）` });
}

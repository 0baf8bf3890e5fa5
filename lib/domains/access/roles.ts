// 角色管理（SPEC §7 Roles）：列表、详情、新增修改（含授权）、数据角色、删除、可创建的层级。
// 规则：角色编码唯一；只能管理不高于自己层级的角色（市级管理员不能创建或修改省级角色）；
// 只能授予自己持有的权限（原有的授权保留不算授予）；仍有用户的角色不能删除。
// 用户的权限在每次请求查会话时从 role_resource 读出（user/session.ts 的 loadPermissions），
// 所以改了授权，持有该角色的用户下一次请求即生效，无需重新登录。
import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { fetchPage } from '@/lib/platform/db/paged';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import { ACTIONS, can, type Action, type DataLevel, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { formatBeijing } from '@/lib/platform/time';
import { DIRECTORY_COMPONENT } from './menu';
import { setRoleGrants } from './service';
import { resources, roleResources, roles, userRoles } from './tables';
import {
  ACTION_NAMES,
  DATA_SCOPE_NAMES,
  LEVEL_NAMES,
  LEVELS,
  ROLE_STATUS_NAMES,
  type RoleDetail,
  type RoleGrant,
  type RoleItem,
  type RoleSaveInput,
} from './schemas';
import { escapeLike } from '@/lib/platform/db/like';

type RoleRow = typeof roles.$inferSelect;

const rank = (level: string) => LEVELS.indexOf(level as DataLevel);

/** 调用者可以创建、修改、删除的角色层级：自己的层级及以下 */
export function manageableLevels(user: Pick<SessionUser, 'level'>): DataLevel[] {
  return LEVELS.filter((l) => rank(l) >= rank(user.level));
}

function assertManageable(user: SessionUser, level: string, verb: string) {
  if (rank(level) < rank(user.level)) {
    throw ApiError.forbidden(`您是${LEVEL_NAMES[user.level]}账号，不能${verb}${LEVEL_NAMES[level as DataLevel]}角色`);
  }
}

const manageableWhere = (user: SessionUser) => inArray(roles.level, manageableLevels(user));

/** 各角色的用户数（批量，一条语句） */
async function userCounts(db: Db, roleIds: number[]): Promise<Map<number, number>> {
  if (!roleIds.length) return new Map();
  const rows = await db
    .select({ roleId: userRoles.roleId, n: count() })
    .from(userRoles)
    .where(inArray(userRoles.roleId, roleIds))
    .groupBy(userRoles.roleId);
  return new Map(rows.map((r) => [r.roleId, Number(r.n)]));
}

function toItem(r: RoleRow, userCount: number): RoleItem {
  const level = r.level as DataLevel;
  const dataScope = (r.dataScope as DataLevel | null) ?? null;
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    level,
    levelName: LEVEL_NAMES[level],
    description: r.description,
    status: r.status,
    statusName: ROLE_STATUS_NAMES[r.status] ?? String(r.status),
    dataScope,
    dataScopeName: dataScope ? DATA_SCOPE_NAMES[dataScope] : '随账号层级',
    userCount,
    createdAt: formatBeijing(r.createdAt),
  };
}

export interface RoleFilter {
  name?: string;
  code?: string;
  level?: DataLevel;
  status?: number;
}

/** 角色分页列表：只含调用者可管理的层级 */
export async function listRoles(db: Db, user: SessionUser, filter: RoleFilter, page: Page): Promise<PageResult<RoleItem>> {
  const conds: (SQL | undefined)[] = [manageableWhere(user)];
  if (filter.name) conds.push(ilike(roles.name, `%${escapeLike(filter.name)}%`));
  if (filter.code) conds.push(ilike(roles.code, `%${escapeLike(filter.code)}%`));
  if (filter.level) conds.push(eq(roles.level, filter.level));
  if (filter.status !== undefined) conds.push(eq(roles.status, filter.status));
  const where = and(...conds);
  const { list: rows, total } = await fetchPage(
    page,
    db.select().from(roles).where(where).orderBy(asc(sql`array_position(array['province','city','county','org']::text[], ${roles.level}::text)`), desc(roles.id)),
    db.select({ total: count() }).from(roles).where(where),
  );
  const counts = await userCounts(db, rows.map((r) => r.id));
  return { list: rows.map((r) => toItem(r, counts.get(r.id) ?? 0)), total: Number(total) };
}


/** 选择框用的简单列表：启用的、调用者可管理的角色 */
export async function simpleRoleList(db: Db, user: SessionUser) {
  return db
    .select({ id: roles.id, code: roles.code, name: roles.name, level: roles.level })
    .from(roles)
    .where(and(manageableWhere(user), eq(roles.status, 0)))
    .orderBy(asc(roles.id));
}

/** 取调用者可见的角色；层级更高的角色与不存在的一样答 404 */
async function findRole(db: Db, user: SessionUser, id: number): Promise<RoleRow> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  if (!row || rank(row.level) < rank(user.level)) throw ApiError.notFound('角色不存在或不在您的管辖范围内');
  return row;
}

/** 角色的叶子授权（目录的授权由叶子推出） */
async function leafGrants(db: Db, roleId: number): Promise<RoleGrant[]> {
  const rows = await db
    .select({ resourceId: resources.id, key: resources.key, title: resources.title, actions: roleResources.actions, sort: resources.sort })
    .from(roleResources)
    .innerJoin(resources, eq(resources.id, roleResources.resourceId))
    .where(and(eq(roleResources.roleId, roleId), ne(resources.component, DIRECTORY_COMPONENT)))
    .orderBy(asc(resources.id));
  return rows.map((r) => ({ resourceId: r.resourceId, key: r.key, title: r.title, actions: ACTIONS.filter((a) => r.actions.includes(a)) }));
}

export async function roleDetail(db: Db, user: SessionUser, id: number): Promise<RoleDetail> {
  const row = await findRole(db, user, id);
  const [counts, grants] = await Promise.all([userCounts(db, [id]), leafGrants(db, id)]);
  return { ...toItem(row, counts.get(id) ?? 0), grants };
}

/** 把授权输入解析为 key → 动作，并检查资源存在、是叶子、动作可授予 */
async function resolveGrants(db: Db, grants: NonNullable<RoleSaveInput['grants']>) {
  const all = await db.select({ id: resources.id, key: resources.key, title: resources.title, component: resources.component, actions: resources.actions }).from(resources);
  const byId = new Map(all.map((r) => [r.id, r]));
  const byKey = new Map(all.map((r) => [r.key, r]));
  const out = new Map<string, { title: string; actions: Set<Action> }>();
  for (const g of grants) {
    if (!g.actions.length) continue;
    const res = g.resourceId !== undefined ? byId.get(g.resourceId) : byKey.get(g.key!);
    if (!res) throw ApiError.badRequest(`资源 ${g.resourceId ?? g.key} 不存在`);
    if (res.component === DIRECTORY_COMPONENT) throw ApiError.badRequest(`“${res.title}”是目录，请勾选其下的具体功能`);
    const invalid = g.actions.filter((a) => !res.actions.includes(a));
    if (invalid.length) throw ApiError.badRequest(`资源“${res.title}”没有动作：${invalid.join('、')}`);
    const entry = out.get(res.key) ?? { title: res.title, actions: new Set<Action>() };
    for (const a of g.actions) entry.actions.add(a);
    out.set(res.key, entry);
  }
  return out;
}

/** 新增或修改角色（含授权）。返回角色详情。 */
export async function saveRole(db: Db, session: Session, input: RoleSaveInput, audit: Audit): Promise<RoleDetail> {
  const user = session.user;
  const existing = input.id ? await findRole(db, user, input.id) : undefined;
  if (existing) {
    if (!can(session, 'role.edit')) throw ApiError.forbidden('没有修改角色的权限');
    assertManageable(user, existing.level, '修改');
    assertManageable(user, input.level, '修改为');
  } else {
    if (!can(session, 'role.add')) throw ApiError.forbidden('没有新增角色的权限');
    assertManageable(user, input.level, '创建');
  }
  const [dup] = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.code, input.code), existing ? ne(roles.id, existing.id) : undefined));
  if (dup) throw ApiError.conflict(`角色编码“${input.code}”已被角色“${dup.name}”使用`);

  const before = existing ? await roleDetail(db, user, existing.id) : null;
  let grants: Map<string, { title: string; actions: Set<Action> }> | undefined;
  if (input.grants) {
    grants = await resolveGrants(db, input.grants);
    // 只能授予自己持有的权限；角色原有的授权保留不算授予
    const old = new Map((before?.grants ?? []).map((g) => [g.key, new Set(g.actions)]));
    const lacking: string[] = [];
    for (const [key, { title, actions }] of grants) {
      const added = [...actions].filter((a) => !old.get(key)?.has(a) && !can(session, `${key}.${a}`));
      if (added.length) lacking.push(`${title}（${added.map((a) => ACTION_NAMES[a]).join('、')}）`);
    }
    if (lacking.length) throw ApiError.forbidden(`不能授予您自己没有的权限：${lacking.join('；')}`);
  }

  const values = {
    name: input.name,
    code: input.code,
    level: input.level,
    description: input.description || null,
    status: input.status ?? existing?.status ?? 0,
  };
  const roleId = await db.transaction(async (tx) => {
    let id: number;
    if (existing) {
      await tx.update(roles).set({ ...values, updatedAt: new Date() }).where(eq(roles.id, existing.id));
      id = existing.id;
    } else {
      const [row] = await tx.insert(roles).values(values).returning({ id: roles.id });
      id = row.id;
    }
    if (grants) {
      await setRoleGrants(tx, id, Object.fromEntries([...grants].map(([key, g]) => [key, [...g.actions]])));
    }
    return id;
  });
  const after = await roleDetail(db, user, roleId);
  audit({
    entity: 'role',
    entityId: roleId,
    before: before && auditView(before),
    after: auditView(after),
    detail: `${existing ? '修改' : '新增'}角色 ${after.name}（${after.code}）`,
  });
  return after;
}

/** 操作日志里的角色快照：授权写成 key → 动作 */
function auditView(r: RoleDetail) {
  return {
    code: r.code,
    name: r.name,
    level: r.level,
    description: r.description,
    status: r.status,
    dataScope: r.dataScope,
    grants: Object.fromEntries(r.grants.map((g) => [g.key, g.actions])),
  };
}

/** 数据角色：设置角色可见的数据层级（不能宽于角色自身的层级） */
export async function saveDataRole(db: Db, session: Session, input: { id: number; dataScope: DataLevel | null }, audit: Audit) {
  const user = session.user;
  const row = await findRole(db, user, input.id);
  assertManageable(user, row.level, '修改');
  if (input.dataScope && rank(input.dataScope) < rank(row.level)) {
    throw ApiError.badRequest(`${LEVEL_NAMES[row.level as DataLevel]}角色的数据范围不能是${DATA_SCOPE_NAMES[input.dataScope]}`);
  }
  await db.update(roles).set({ dataScope: input.dataScope, updatedAt: new Date() }).where(eq(roles.id, row.id));
  audit({
    entity: 'role',
    entityId: row.id,
    before: { dataScope: row.dataScope },
    after: { dataScope: input.dataScope },
    detail: `设置角色 ${row.name} 的数据范围为${input.dataScope ? DATA_SCOPE_NAMES[input.dataScope] : '随账号层级'}`,
  });
  return dataRoleInfo(db, user, row.id);
}

export async function dataRoleInfo(db: Db, user: SessionUser, id: number) {
  const r = await findRole(db, user, id);
  const item = toItem(r, 0);
  return {
    id: item.id,
    code: item.code,
    name: item.name,
    level: item.level,
    levelName: item.levelName,
    dataScope: item.dataScope,
    dataScopeName: item.dataScopeName,
    /** 可选的数据层级：不宽于角色层级 */
    options: LEVELS.filter((l) => rank(l) >= rank(r.level)).map((l) => ({ value: l, label: DATA_SCOPE_NAMES[l] })),
  };
}

/** 删除角色（可批量）：任一角色仍有用户则整批拒绝 */
export async function deleteRoles(db: Db, session: Session, ids: number[], audit: Audit): Promise<{ deleted: number }> {
  const user = session.user;
  const unique = [...new Set(ids)];
  const rows = await db.select().from(roles).where(inArray(roles.id, unique));
  const visible = rows.filter((r) => rank(r.level) >= rank(user.level));
  if (visible.length !== unique.length) throw ApiError.notFound('角色不存在或不在您的管辖范围内');
  for (const r of rows) assertManageable(user, r.level, '删除');
  const counts = await userCounts(db, unique);
  const inUse = rows.filter((r) => (counts.get(r.id) ?? 0) > 0);
  if (inUse.length) {
    throw ApiError.badRequest(
      `${inUse.map((r) => `角色“${r.name}”仍有 ${counts.get(r.id)} 个用户在使用`).join('；')}，请先为这些用户取消该角色再删除`,
    );
  }
  const details = await Promise.all(unique.map((id) => roleDetail(db, user, id)));
  await db.delete(roles).where(inArray(roles.id, unique));
  for (const d of details) audit({ entity: 'role', entityId: d.id, before: auditView(d), after: null, detail: `删除角色 ${d.name}（${d.code}）` });
  return { deleted: unique.length };
}

/** 调用者可创建的角色层级 */
export function roleLevels(user: SessionUser) {
  return manageableLevels(user).map((l) => ({ value: l, label: LEVEL_NAMES[l] }));
}

/**
 * 分配角色的前提：角色的每一项授权都是分配人本人持有的（与新建角色时“只能授予自己持有的权限”同一规则）。
 * 返回 角色 id → 本人缺少的授权说明；不在结果里的角色可以分配。
 */
export async function lackingGrantsOf(db: Db, grantor: Pick<Session, 'permissions'>, roleIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!roleIds.length) return out;
  const rows = await db
    .select({ roleId: roleResources.roleId, key: resources.key, title: resources.title, actions: roleResources.actions })
    .from(roleResources)
    .innerJoin(resources, eq(resources.id, roleResources.resourceId))
    .where(and(inArray(roleResources.roleId, [...new Set(roleIds)]), ne(resources.component, DIRECTORY_COMPONENT)));
  for (const r of rows) {
    const missing = (r.actions as Action[]).filter((a) => !can(grantor, `${r.key}.${a}`));
    if (!missing.length) continue;
    const list = out.get(r.roleId) ?? [];
    list.push(`${r.title}（${missing.map((a) => ACTION_NAMES[a] ?? a).join('、')}）`);
    out.set(r.roleId, list);
  }
  return out;
}

/** 分配人缺少角色中某项授权时的拒绝消息 */
export function ungrantableMessage(roleName: string, lacking: readonly string[]): string {
  return `不能分配角色「${roleName}」：其中有您本人没有的权限（${lacking.slice(0, 3).join('；')}${lacking.length > 3 ? ` 等 ${lacking.length} 项` : ''}）`;
}

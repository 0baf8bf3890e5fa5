// 账号管理（系统 → 用户管理、机构 → 账号管理共用）：列表、新建与子账号、修改、重置密码、冻结与解冻、删除、批量修改、导出。
// 规则：只能看到和改动管辖范围内的账号（范围外 404）；不能分配高于本人层级的角色；不能冻结或删除自己；
// 仍被业务数据引用的账号不能删除（可改为冻结）。每个改动都交给调用方的 audit 记操作日志（不含密码哈希）。
import bcrypt from 'bcrypt';
import { and, asc, count, desc, eq, ilike, inArray, lt, ne, notInArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { fetchPreparedPage } from '@/lib/platform/db/prepared';
import type { Page } from '@/lib/platform/api/paging';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import { isUniqueViolation } from '@/lib/platform/db/save-row';
import type { DataLevel, Session, SessionUser } from '@/lib/platform/auth/session';
import { inScope, preparedScopeWhere, scopeWhere, type ScopedRecord } from '@/lib/platform/auth/scope';
import { passwordStrength } from '@/lib/platform/auth/password';
import { exportXlsx, keysetBatches, type ExportColumn } from '@/lib/platform/excel/export';
import { formatBeijing } from '@/lib/platform/time';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { maskMobile } from '@/lib/platform/identity';
import { canUnmask, unmaskedView } from '../privacy/service';
import { ACCESS_ACTION, type AccessAction, type UnmaskRequest } from '../privacy/schemas';
import { areas } from '../area/tables';
import { ROOT_AREA_ID } from '../area/schemas';
import { organisations } from '../org/tables';
import { ORG_STATE } from '../org/codes';
import { roles, userRoles } from '../access/tables';
import { lackingGrantsOf, ungrantableMessage } from '../access/roles';
import { users, type User } from '../user/tables';
import { activeSessionCount, announceRevoked, revokeUserSessions } from '../user/session';
import { USER_STATUS, type UserStatus } from '../user/status';
import { accountWorkflow } from '../user/workflow';
import { accountExists, assertMobileFree, BCRYPT_ROUNDS, newCode, profileChanges } from '../user/service';
import {
  ACCOUNT_STATUS,
  LEVEL_NAME,
  USER_TYPES,
  type AccountAddInput,
  type AccountDetail,
  type AccountFilter,
  type AccountRow,
  type AccountUpdateInput,
  type BatchUpdateInput,
  type OrgListInput,
  type SubAccountAddInput,
} from './schemas';
import type { z } from 'zod';
import { containsPattern } from '@/lib/platform/db/like';


/** 账号的范围列：县级按所属区划（县区代码）匹配 */
const userScope = { cityId: users.cityId, countyId: users.areaId, orgId: users.orgId };
const scopeOf = (u: Pick<User, 'cityId' | 'areaId' | 'orgId'>): ScopedRecord => ({ cityId: u.cityId, countyId: u.areaId, orgId: u.orgId });

/** 层级高低：数字越小权限越大 */
const LEVEL_RANK: Record<DataLevel, number> = { province: 0, city: 1, county: 2, org: 3 };

const like = containsPattern;

// ---------------------------------------------------------------- 列表、详情、导出

/** 筛选项（顺序固定：按形状预处理时拼成语句名里的位串） */
const FILTER_KEYS = ['account', 'name', 'mobile', 'status', 'orgId', 'areaId', 'roleId'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * 筛选条件（不含范围）。bind(名称, 值) 给出放进 SQL 的值：直接查询时是值本身，
 * 按形状预处理时是同名占位符（并记下要绑定的值）——两种方式生成的 SQL 完全相同。
 */
function filterConditions(f: AccountFilter, bind: <T extends string | number>(key: FilterKey, value: T) => T | SQLWrapper): (SQL | undefined)[] {
  const where: (SQL | undefined)[] = [];
  if (f.account) where.push(ilike(users.account, bind('account', like(f.account))));
  if (f.name) {
    const name = bind('name', like(f.name));
    where.push(or(ilike(users.nickName, name), ilike(users.realName, name)));
  }
  // 手机号是密文：按完整号码经盲索引精确匹配
  if (f.mobile) where.push(eq(users.mobileIndex, bind('mobile', blindIndex('mobile', f.mobile))));
  if (f.status !== undefined) where.push(eq(users.status, bind('status', f.status)));
  if (f.orgId !== undefined) where.push(eq(users.orgId, bind('orgId', f.orgId)));
  // 省代码不收窄；市代码含其下县区
  if (f.areaId !== undefined && f.areaId !== ROOT_AREA_ID) {
    const areaId = bind('areaId', f.areaId);
    where.push(or(eq(users.areaId, areaId), eq(users.cityId, areaId)));
  }
  if (f.roleId !== undefined) {
    where.push(sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.roleId} = ${bind('roleId', f.roleId)})`);
  }
  return where;
}

function filterWhere(actor: SessionUser, f: AccountFilter): SQL | undefined {
  return and(scopeWhere(actor, userScope), ...filterConditions(f, (_key, value) => value));
}

/** 列表行的列（列表、详情与导出共用）：只取界面要的列，不取密码哈希等 */
export const ACCOUNT_ROW_COLUMNS = {
  id: users.id,
  account: users.account,
  nickName: users.nickName,
  realName: users.realName,
  mobile: users.mobile,
  email: users.email,
  userType: users.userType,
  level: users.level,
  areaId: users.areaId,
  areaName: areas.name,
  orgId: users.orgId,
  orgName: organisations.name,
  status: users.status,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  /** 本行的角色（按角色 id 排序）：同一条查询里的子查询，不再另查一次 */
  roles: sql<{ id: number; name: string }[]>`(select coalesce(json_agg(json_build_object('id', ${roles.id}, 'name', ${roles.name}) order by ${roles.id}), '[]'::json) from ${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${users.id})`,
};

function selectRows(db: Db) {
  return db.select(ACCOUNT_ROW_COLUMNS).from(users).leftJoin(organisations, eq(organisations.id, users.orgId)).leftJoin(areas, eq(areas.id, users.areaId));
}

/** 列表的一行（查询结果，角色已在行里） */
export type AccountRawRow = Awaited<ReturnType<typeof selectRows>>[number];

/** 一批账号的角色（一次查询，避免逐行查；删除账号时记日志用） */
async function rolesOf(db: Db, userIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const map = new Map<number, { id: number; name: string }[]>();
  if (!userIds.length) return map;
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(roles.id));
  for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), { id: r.id, name: r.name }]);
  return map;
}

/** 查询结果 → 列表项（纯函数，基准的基线也用它）；手机号默认脱敏 */
export function accountRows(rows: readonly AccountRawRow[], mask = true): AccountRow[] {
  return rows.map((r) => ({
    id: r.id,
    account: r.account,
    nickName: r.nickName,
    realName: r.realName,
    mobile: mask && r.mobile ? maskMobile(r.mobile) : r.mobile,
    email: r.email,
    userType: r.userType,
    level: r.level,
    areaId: r.areaId,
    areaName: r.areaName,
    orgId: r.orgId,
    orgName: r.orgName,
    status: r.status,
    roles: r.roles,
    createdAt: formatBeijing(r.createdAt),
    lastLoginAt: r.lastLoginAt ? formatBeijing(r.lastLoginAt) : null,
  }));
}

/** 列表的两条查询（本页未加 limit/offset 的行、总数）：where 相同 */
function listQueries(db: Db, where: SQL | undefined) {
  return {
    rows: selectRows(db).where(where).orderBy(desc(users.createdAt), desc(users.id)),
    total: db.select({ total: count() }).from(users).where(where),
  };
}

/** 列表的两条查询，值直接写进参数（基准的基线用它取 SQL；与服务层的预处理语句 SQL 相同） */
export function accountListQueries(db: Db, actor: SessionUser, filter: AccountFilter) {
  return listQueries(db, filterWhere(actor, filter));
}

/**
 * 列表按“形状”（范围种类 + 有哪些筛选项）预处理：name 是语句名前缀，params 是本次要绑定的值，
 * build 给出值为占位符的两条查询（测试核对它与 accountListQueries 的 SQL 相同）。
 */
export function accountListShape(actor: SessionUser, filter: AccountFilter) {
  const scope = preparedScopeWhere(actor, userScope);
  const params: Record<string, unknown> = { scope: scope.value };
  const conditions = filterConditions(filter, (key, value) => {
    params[key] = value;
    return sql.placeholder(key);
  });
  const bits = FILTER_KEYS.map((k) => (k in params ? 1 : 0)).join('');
  return {
    name: `account_list_${scope.key}${bits}`,
    params,
    build: (db: Db) => listQueries(db, and(scope.where, ...conditions)),
  };
}

/** 看全手机号的资源：账号管理（account）或用户管理（sysUser）界面，持有任一的 unmask 即可 */
const UNMASK_RESOURCES = ['account', 'sysUser'] as const;
const unmaskResourceOf = (session: Session) => UNMASK_RESOURCES.find((r) => canUnmask(session, r)) ?? UNMASK_RESOURCES[0];

export interface AccountUnmask extends UnmaskRequest {
  unmask?: boolean;
  ip?: string | null;
}

/** 看全前经 unmaskedView（权限、理由、访问日志）；返回是否脱敏 */
async function maskedUnless(db: Db, session: Session, req: AccountUnmask, action: AccessAction, ids: number[], detail: string, audit: Audit): Promise<boolean> {
  if (!req.unmask) return true;
  await unmaskedView(db, session, { resource: unmaskResourceOf(session), action, entity: 'sys_user', entityId: ids[0] ?? 0, detail, recordIds: ids, reason: req.reason, reasonNote: req.reasonNote, ip: req.ip }, audit);
  return false;
}

/** 列表：每行带当前用户可做的冻结、解冻（状态机按状态与权限算出），界面照它显示按钮；手机号默认脱敏，canUnmask 告诉界面能否请求看全 */
export async function listAccounts(db: Db, session: Session, input: AccountFilter & AccountUnmask, page: Page, audit: Audit = () => {}) {
  const { unmask, reason, reasonNote, ip, ...filter } = input;
  const req: AccountUnmask = { unmask, reason, reasonNote, ip };
  const shape = accountListShape(session.user, filter);
  let masked = true;
  const result = await fetchPreparedPage(db, shape.name, () => shape.build(db), shape.params, page, async (rows) => {
    // 日志写不进去就不给数据
    masked = await maskedUnless(db, session, req, ACCESS_ACTION.VIEW, rows.map((r) => r.id), `账号列表（第 ${page.pageNo} 页，${rows.length} 个账号）`, audit);
    return accountRows(rows, masked).map((r) => ({ ...r, actions: accountWorkflow.availableActions(r, session) }));
  });
  return { ...result, masked, canUnmask: UNMASK_RESOURCES.some((r) => canUnmask(session, r)) };
}

/** 管辖范围内的账号；范围外与不存在一样答 404 */
async function scopedAccount(db: Db, actor: SessionUser, id: number): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row || !inScope(actor, scopeOf(row))) throw ApiError.notFound('账号不存在或不在您的管辖范围内');
  return row;
}

export async function accountDetail(db: Db, actor: SessionUser, id: number): Promise<AccountDetail> {
  const target = await scopedAccount(db, actor, id);
  const [raw] = await selectRows(db).where(eq(users.id, target.id));
  const [row] = accountRows([raw]);
  return { ...row, code: target.code, cityId: target.cityId, parentId: target.parentId, roleIds: row.roles.map((r) => r.id) };
}

const EXPORT_COLUMNS: ExportColumn<AccountRow>[] = [
  { header: '账号', key: 'account', width: 18 },
  { header: '用户名', key: 'nickName', width: 16 },
  { header: '真实姓名', key: 'realName', width: 12 },
  { header: '手机号', key: 'mobile', width: 14 },
  { header: '邮箱', key: 'email', width: 22 },
  { header: '用户类型', key: 'userType', format: (v) => USER_TYPES[v as string] ?? (v as string) },
  { header: '层级', key: 'level', width: 8, format: (v) => LEVEL_NAME[v as string] ?? (v as string) },
  { header: '所属区划', key: 'areaName', width: 12 },
  { header: '所属机构', key: 'orgName', width: 30 },
  { header: '角色', key: 'roles', width: 24, format: (_v, r) => r.roles.map((x) => x.name).join('、') },
  { header: '状态', key: 'status', width: 8, format: (v) => ACCOUNT_STATUS[v as number] ?? String(v) },
  { header: '创建时间', key: 'createdAt', width: 20 },
  { header: '最后登录时间', key: 'lastLoginAt', width: 20 },
];

/** 导出筛选后的账号（流式；按 id 倒序的键集分页） */
export async function exportAccounts(db: Db, session: Session, input: AccountFilter & AccountUnmask, audit: Audit = () => {}) {
  const { unmask, reason, reasonNote, ip, ...filter } = input;
  const req: AccountUnmask = { unmask, reason, reasonNote, ip };
  const where = filterWhere(session.user, filter);
  const ids = req.unmask ? (await db.select({ id: users.id }).from(users).where(where).orderBy(desc(users.id))).map((r) => r.id) : [];
  const mask = await maskedUnless(db, session, req, ACCESS_ACTION.EXPORT, ids, `导出账号（${ids.length} 个）`, audit);
  return exportXlsx({
    columns: EXPORT_COLUMNS,
    sheetName: '账号',
    // 后台导出任务的百分比：同样的筛选与范围
    count: async () => (await db.select({ n: count() }).from(users).where(where))[0].n,
    rows: keysetBatches(
      async (last: number | null, limit) =>
        accountRows(
          await selectRows(db)
            .where(and(where, last === null ? undefined : lt(users.id, last)))
            .orderBy(desc(users.id))
            .limit(limit),
          mask,
        ),
      (r) => r.id,
      500,
    ),
  });
}

// ---------------------------------------------------------------- 新建

export interface Placement {
  level: DataLevel;
  areaId: number | null;
  cityId: number | null;
  orgId: number | null;
  /** 机构类别（推定用户类型用） */
  orgCategory: string | null;
}

/** 操作人本人的位置：子账号与未指定区划、机构的新账号都放在这里 */
async function placementOfActor(db: Db, actor: SessionUser): Promise<Placement> {
  let orgCategory: string | null = null;
  if (actor.orgId !== null) {
    const [org] = await db.select({ category: organisations.category }).from(organisations).where(eq(organisations.id, actor.orgId));
    orgCategory = org?.category ?? null;
  }
  return { level: actor.level, areaId: actor.areaId, cityId: actor.cityId, orgId: actor.orgId, orgCategory };
}

/** 由所选机构或区划推出层级与范围；必须在操作人的管辖范围内（否则 403） */
export async function resolvePlacement(db: Db, actor: SessionUser, where: { areaId?: number; orgId?: number; orgCode?: string }): Promise<Placement> {
  const outside = () => ApiError.forbidden('只能在您的管辖范围内建账号');
  if (where.orgId !== undefined || where.orgCode !== undefined) {
    const [org] = await db
      .select()
      .from(organisations)
      .where(where.orgId !== undefined ? eq(organisations.id, where.orgId) : eq(organisations.code, where.orgCode!));
    if (!org) throw ApiError.badRequest('所属机构不存在', { orgId: '所属机构不存在' });
    if (!inScope(actor, { cityId: org.cityId, countyId: org.areaId, orgId: org.id })) throw outside();
    if (org.status !== ORG_STATE.NORMAL) throw ApiError.badRequest('该机构未启用，不能在其下建账号', { orgId: '该机构未启用' });
    return { level: 'org', areaId: org.areaId, cityId: org.cityId, orgId: org.id, orgCategory: org.category };
  }
  if (where.areaId !== undefined) {
    const [area] = await db.select().from(areas).where(eq(areas.id, where.areaId));
    if (!area) throw ApiError.badRequest('所属区划不存在', { areaId: '所属区划不存在' });
    const level: DataLevel = area.level === 1 ? 'province' : area.level === 2 ? 'city' : 'county';
    const cityId = area.level === 1 ? null : area.level === 2 ? area.id : area.pid;
    // 机构用户不能建区划账号；其他人只能在本人层级及以下、本人范围之内建
    if (actor.level === 'org' || LEVEL_RANK[level] < LEVEL_RANK[actor.level] || !inScope(actor, { cityId, countyId: area.id })) throw outside();
    return { level, areaId: area.id, cityId, orgId: null, orgCategory: null };
  }
  return placementOfActor(db, actor);
}

export function defaultUserType(p: Placement): string {
  if (p.level === 'province') return 'RENCAI_ADMIN';
  if (p.level !== 'org') return 'RENCAI_SHI';
  return p.orgCategory === 'enterprise' ? 'ENTERPRISE' : 'RENCAI_ORG';
}

function checkUserType(userType: string, level: DataLevel): void {
  const ok = userType === 'RENCAI_ADMIN' ? level === 'province' : userType === 'RENCAI_SHI' ? level === 'city' || level === 'county' : true;
  if (!ok) throw ApiError.badRequest(`用户类型「${USER_TYPES[userType]}」与账号层级（${LEVEL_NAME[level]}）不符`, { userType: '用户类型与层级不符' });
}

export interface RoleRef {
  id: number;
  code: string;
  name: string;
  level: string;
}

/** 角色权限不得高于操作人的层级，也不得高于账号本身的层级 */
export function roleRefusal(actor: Pick<SessionUser, 'level'>, targetLevel: DataLevel, role: RoleRef): { forbidden: boolean; message: string } | null {
  const rank = LEVEL_RANK[role.level as DataLevel] ?? 0;
  if (rank < LEVEL_RANK[actor.level]) return { forbidden: true, message: `不能分配高于本人层级的角色「${role.name}」` };
  if (rank < LEVEL_RANK[targetLevel]) {
    return { forbidden: false, message: `角色「${role.name}」适用于${LEVEL_NAME[role.level]}账号，不能分配给${LEVEL_NAME[targetLevel]}账号` };
  }
  return null;
}

/**
 * 校验要分配的角色：存在、层级不高于分配人与账号，且分配人持有角色的每一项授权。
 * kept：账号原有的角色，保留它们不算分配（与角色授权的规则相同）。
 */
async function assignableRoles(
  db: Db,
  grantor: Session,
  targetLevel: DataLevel,
  roleIds: readonly number[],
  kept: readonly number[] = [],
): Promise<RoleRef[]> {
  const ids = [...new Set(roleIds)];
  if (!ids.length) return [];
  const found = await db.select({ id: roles.id, code: roles.code, name: roles.name, level: roles.level }).from(roles).where(inArray(roles.id, ids));
  if (found.length !== ids.length) throw ApiError.badRequest('所选角色不存在，请刷新后重新选择', { roleIds: '角色不存在' });
  const added = found.filter((r) => !kept.includes(r.id));
  for (const role of added) {
    const refusal = roleRefusal(grantor.user, targetLevel, role);
    if (refusal) throw refusal.forbidden ? ApiError.forbidden(refusal.message) : ApiError.badRequest(refusal.message, { roleIds: refusal.message });
  }
  const lacking = await lackingGrantsOf(
    db,
    grantor,
    added.map((r) => r.id),
  );
  const refused = added.find((r) => lacking.has(r.id));
  if (refused) throw ApiError.forbidden(ungrantableMessage(refused.name, lacking.get(refused.id)!));
  return found;
}

const OWN_ROLES = '不能修改自己的角色，请由上级管理员调整';

/** 本人的角色只能由他人调整：任何账号都不能给自己加角色或去掉角色 */
function assertNotOwnRoles(actor: SessionUser, targetId: number, before: readonly number[], after: readonly number[] | null): void {
  if (after === null || targetId !== actor.id) return;
  const same = before.length === after.length && before.every((id) => after.includes(id));
  if (!same) throw ApiError.forbidden(OWN_ROLES);
}


const ACCOUNT_TAKEN = '账号已存在';

/** 操作日志里的账号快照（不含密码哈希） */
function snapshot(u: User, roleIds: readonly number[]) {
  return {
    account: u.account,
    nickName: u.nickName,
    realName: u.realName,
    mobile: u.mobile,
    email: u.email,
    userType: u.userType,
    level: u.level,
    areaId: u.areaId,
    orgId: u.orgId,
    status: u.status,
    roleIds: [...roleIds].sort((a, b) => a - b),
  };
}

async function roleIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.roleId);
}

/**
 * 新建账号（/account/add）或子账号（/account/addSubAccount）。子账号的层级、区划与机构取自操作人，
 * 并记下上级账号（有子账号的账号不能删除）。
 */
export async function createAccount(
  db: Db,
  session: Session,
  input: z.output<typeof AccountAddInput> | z.output<typeof SubAccountAddInput>,
  audit: Audit,
  opts: { sub: boolean },
): Promise<AccountDetail> {
  const actor = session.user;
  const placement = opts.sub
    ? await placementOfActor(db, actor)
    : await resolvePlacement(db, actor, { areaId: 'areaId' in input ? input.areaId : undefined, orgId: 'orgId' in input ? input.orgId : undefined });
  const userType = ('userType' in input && input.userType) || defaultUserType(placement);
  checkUserType(userType, placement.level);
  if (await accountExists(db, input.account)) throw ApiError.badRequest(ACCOUNT_TAKEN, { account: ACCOUNT_TAKEN });
  if (input.mobile) await assertMobileFree(db, input.mobile, 0);
  const granted = await assignableRoles(db, session, placement.level, input.roleIds);
  const passwordHash = await bcrypt.hash(input.password, BCRYPT_ROUNDS);
  let created: User;
  try {
    created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          code: newCode('U'),
          account: input.account,
          passwordHash,
          passwordStrength: passwordStrength(input.password),
          nickName: input.nickName,
          realName: input.realName ?? null,
          mobile: input.mobile ?? null,
          mobileIndex: input.mobile ? blindIndex('mobile', input.mobile) : null,
          email: input.email ?? null,
          userType,
          level: placement.level,
          areaId: placement.areaId,
          cityId: placement.cityId,
          orgId: placement.orgId,
          parentId: opts.sub ? actor.id : null,
        })
        .returning();
      if (granted.length) await tx.insert(userRoles).values(granted.map((r) => ({ userId: row.id, roleId: r.id })));
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw ApiError.badRequest(ACCOUNT_TAKEN, { account: ACCOUNT_TAKEN });
    throw err;
  }
  audit({
    entity: 'sys_user',
    entityId: created.id,
    after: snapshot(created, granted.map((r) => r.id)),
    detail: `${opts.sub ? '新建子账号' : '新建账号'} ${created.account}`,
  });
  return accountDetail(db, actor, created.id);
}

// ---------------------------------------------------------------- 修改

export async function updateAccount(db: Db, session: Session, input: z.output<typeof AccountUpdateInput>, audit: Audit): Promise<AccountDetail> {
  const actor = session.user;
  const target = await scopedAccount(db, actor, input.id);
  if (input.account !== undefined && input.account !== target.account) throw ApiError.badRequest('账号名不能修改', { account: '账号名不能修改' });
  const beforeRoles = await roleIdsOf(db, target.id);
  const set = await profileChanges(db, target.id, input);
  assertNotOwnRoles(actor, target.id, beforeRoles, input.roleIds ?? null);
  const granted = input.roleIds === undefined ? null : await assignableRoles(db, session, target.level as DataLevel, input.roleIds, beforeRoles);
  if (granted) await assertRemovableRoles(db, actor, beforeRoles, granted.map((r) => r.id));
  const after = await db.transaction(async (tx) => {
    const [row] = await tx.update(users).set(set).where(eq(users.id, target.id)).returning();
    if (granted) {
      await tx.delete(userRoles).where(eq(userRoles.userId, target.id));
      if (granted.length) await tx.insert(userRoles).values(granted.map((r) => ({ userId: target.id, roleId: r.id })));
      // 角色真的变了：对方开着的标签页说明原因后回登录页（菜单与按钮按新角色重新加载）
      const ids = granted.map((r) => r.id);
      if (ids.length !== beforeRoles.length || !ids.every((id) => beforeRoles.includes(id))) await announceRevoked(tx, target.id, 'role');
    }
    return row;
  });
  audit({
    entity: 'sys_user',
    entityId: target.id,
    before: snapshot(target, beforeRoles),
    after: snapshot(after, granted ? granted.map((r) => r.id) : beforeRoles),
    detail: `修改账号 ${target.account}`,
  });
  return accountDetail(db, actor, target.id);
}

/** 不能拿走本人无权授予的角色（例如市级管理员去掉某账号上的省级角色） */
async function assertRemovableRoles(db: Db, actor: SessionUser, before: readonly number[], after: readonly number[]): Promise<void> {
  const removed = before.filter((id) => !after.includes(id));
  if (!removed.length) return;
  const found = await db.select({ name: roles.name, level: roles.level }).from(roles).where(inArray(roles.id, removed));
  const above = found.find((r) => (LEVEL_RANK[r.level as DataLevel] ?? 0) < LEVEL_RANK[actor.level]);
  if (above) throw ApiError.forbidden(`不能移除高于本人层级的角色「${above.name}」`);
}

// ---------------------------------------------------------------- 密码、冻结、解冻

/** 管理员重置密码：按 SPEC §5 规则，结束该账号的全部会话并解除锁定 */
export async function resetAccountPassword(db: Db, session: Session, { id, password }: { id: number; password: string }, audit: Audit) {
  const actor = session.user;
  // 本人改密须核对旧密码，走个人设置的修改密码（/sys/user/reset/password）
  if (id === actor.id) throw ApiError.forbidden('不能在账号管理中重置自己的密码，请在个人设置中修改密码');
  const target = await scopedAccount(db, actor, id);
  const passwordHash = await bcrypt.hash(password, BCRYPT_ROUNDS);
  await db
    .update(users)
    .set({ passwordHash, passwordStrength: passwordStrength(password), failedLogins: 0, lockedUntil: null, updatedAt: new Date() })
    .where(eq(users.id, target.id));
  const revokedSessions = await revokeUserSessions(db, target.id, 'password');
  audit({ entity: 'sys_user', entityId: target.id, detail: `重置账号 ${target.account} 的密码，结束 ${revokedSessions} 个会话` });
  return { id: target.id, revokedSessions };
}

/** 冻结或解冻一批账号（全部合规才执行，一个事务）：每个账号经状态机办理（冻结立即结束其全部会话） */
async function setStatus(db: Db, session: Session, targets: User[], status: UserStatus, audit: Audit) {
  const freeze = status === USER_STATUS.FROZEN;
  if (freeze && targets.some((t) => t.id === session.user.id)) throw ApiError.badRequest('不能冻结自己的账号');
  // 待审核、已驳回的账号不走冻结与解冻
  const wrong = targets.find((t) => t.status !== USER_STATUS.NORMAL && t.status !== USER_STATUS.FROZEN);
  if (wrong) throw ApiError.conflict(`账号 ${wrong.account} 处于「${ACCOUNT_STATUS[wrong.status]}」状态，不能${freeze ? '冻结' : '解冻'}`);
  const changing = targets.filter((t) => t.status !== status);
  let revokedSessions = 0;
  await db.transaction(async (tx) => {
    for (const t of changing) {
      if (freeze) revokedSessions += await activeSessionCount(tx, t.id);
      await accountWorkflow.applyIn(tx, session, { id: t.id, action: freeze ? 'freeze' : 'unfreeze' }, audit);
    }
  });
  return { changed: changing.length, revokedSessions };
}

export async function freezeAccount(db: Db, session: Session, { id, frozen }: { id: number; frozen: boolean }, audit: Audit) {
  const target = await scopedAccount(db, session.user, id);
  if (frozen && target.status === USER_STATUS.FROZEN) throw ApiError.conflict('该账号已是冻结状态');
  if (!frozen && target.status !== USER_STATUS.FROZEN) throw ApiError.conflict('该账号未被冻结');
  const result = await setStatus(db, session, [target], frozen ? USER_STATUS.FROZEN : USER_STATUS.NORMAL, audit);
  return { id: target.id, status: frozen ? USER_STATUS.FROZEN : USER_STATUS.NORMAL, revokedSessions: result.revokedSessions };
}

/** 一批 id 全部在范围内才继续；有一个不在就整体 404 */
async function scopedAccounts(db: Db, actor: SessionUser, ids: readonly number[]): Promise<User[]> {
  const unique = [...new Set(ids)];
  const rows = await db.select().from(users).where(inArray(users.id, unique));
  const ok = rows.filter((r) => inScope(actor, scopeOf(r)));
  if (ok.length !== unique.length) throw ApiError.notFound('部分账号不存在或不在您的管辖范围内，请刷新后重试');
  return ok;
}

// ---------------------------------------------------------------- 删除

/** 引用账号且不随账号删除（外键为 NO ACTION / RESTRICT）的业务数据；说明按“表.列”给出 */
const OWNERSHIP_LABEL: Record<string, string> = {
  'sys_user.parent_id': '个子账号',
};

interface OwnerRef {
  schema: string;
  table: string;
  column: string;
}

/**
 * 从数据库外键读出“归属”引用：随账号级联删除或置空的（会话、登录日志、角色、收件消息、操作日志等）不算；
 * 其余引用说明账号仍拥有业务数据，删除会破坏数据，须先处理或改为冻结。
 */
async function ownershipRefs(db: Db): Promise<OwnerRef[]> {
  const result = await db.execute(sql`
    select n.nspname as "schema", c.relname as "table", a.attname as "column"
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
    where k.contype = 'f' and k.confrelid = ${sql.raw(`'sys_user'::regclass`)} and k.confdeltype in ('a', 'r')
    order by c.relname, a.attname`);
  return (result as unknown as { rows: OwnerRef[] }).rows;
}

/** 每个待删账号仍拥有的业务数据：userId → ["3 个子账号", …] */
async function ownedRecords(db: Db, ids: readonly number[]): Promise<Map<number, string[]>> {
  const owned = new Map<number, string[]>();
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  for (const ref of await ownershipRefs(db)) {
    const table = sql`${sql.identifier(ref.schema)}.${sql.identifier(ref.table)}`;
    const column = sql.identifier(ref.column);
    // 同一批里一起删除的账号之间的引用（上级与其子账号一起删）不算
    const exceptSelf = ref.table === 'sys_user' ? sql` and id not in (${idList})` : sql``;
    const result = await db.execute(sql`select ${column} as "userId", count(*)::int as "n" from ${table} where ${column} in (${idList})${exceptSelf} group by ${column}`);
    const label = OWNERSHIP_LABEL[`${ref.table}.${ref.column}`] ?? `条「${ref.table}」关联记录`;
    for (const { userId, n } of (result as unknown as { rows: { userId: number; n: number }[] }).rows) {
      owned.set(Number(userId), [...(owned.get(Number(userId)) ?? []), `${n} ${label}`]);
    }
  }
  return owned;
}

/** 删除一个或一批账号（全有或全无）：不能删除自己；仍拥有业务数据的不能删除 */
export async function deleteAccounts(db: Db, session: Session, ids: readonly number[], audit: Audit) {
  const actor = session.user;
  const targets = await scopedAccounts(db, actor, ids);
  if (targets.some((t) => t.id === actor.id)) throw ApiError.badRequest('不能删除自己的账号');
  const owned = await ownedRecords(
    db,
    targets.map((t) => t.id),
  );
  if (owned.size) {
    const [first] = targets.filter((t) => owned.has(t.id));
    const what = owned.get(first.id)!.join('、');
    const message =
      targets.length === 1
        ? `该账号下还有 ${what}，不能删除，可改为冻结`
        : `账号 ${first.account} 下还有 ${what}，不能删除，可改为冻结${owned.size > 1 ? `（共 ${owned.size} 个账号不能删除）` : ''}`;
    throw ApiError.conflict(message);
  }
  const roleMap = await rolesOf(
    db,
    targets.map((t) => t.id),
  );
  await db.transaction(async (tx) => {
    for (const t of targets) await revokeUserSessions(tx, t.id, 'deleted');
    await tx.delete(users).where(
      inArray(
        users.id,
        targets.map((t) => t.id),
      ),
    );
  });
  for (const t of targets) {
    audit({
      entity: 'sys_user',
      entityId: t.id,
      before: snapshot(
        t,
        (roleMap.get(t.id) ?? []).map((r) => r.id),
      ),
      detail: `删除账号 ${t.account}`,
    });
  }
  return { deleted: targets.length };
}

// ---------------------------------------------------------------- 批量修改

/** 批量改状态与角色（/sys/user/batch/update）：全部账号在范围内、全部合规才执行 */
export async function batchUpdateAccounts(db: Db, session: Session, input: z.output<typeof BatchUpdateInput>, audit: Audit) {
  const actor = session.user;
  const targets = await scopedAccounts(db, actor, input.ids);
  let statusChanged = 0;
  let revokedSessions = 0;
  let rolesChanged = 0;
  if (input.roleIds !== undefined) {
    // 角色须同时适合每个账号的层级：取最低的层级校验
    const lowest = targets.reduce<DataLevel>((lv, t) => (LEVEL_RANK[t.level as DataLevel] > LEVEL_RANK[lv] ? (t.level as DataLevel) : lv), 'province');
    if (targets.some((t) => t.id === actor.id)) throw ApiError.forbidden(OWN_ROLES);
    const granted = (await assignableRoles(db, session, lowest, input.roleIds)).map((r) => r.id);
    const current = await db
      .select({ userId: userRoles.userId, roleId: userRoles.roleId })
      .from(userRoles)
      .where(
        inArray(
          userRoles.userId,
          targets.map((t) => t.id),
        ),
      );
    const before = new Map<number, number[]>(targets.map((t) => [t.id, []]));
    for (const r of current) before.get(r.userId)!.push(r.roleId);
    const after = new Map<number, number[]>();
    for (const t of targets) {
      const had = before.get(t.id)!;
      const next =
        input.roleMode === 'replace' ? granted : input.roleMode === 'add' ? [...new Set([...had, ...granted])] : had.filter((id) => !granted.includes(id));
      await assertRemovableRoles(db, actor, had, next);
      after.set(t.id, next);
    }
    await db.transaction(async (tx) => {
      for (const t of targets) {
        const had = before.get(t.id)!;
        const next = after.get(t.id)!;
        if (had.length === next.length && had.every((id) => next.includes(id))) continue;
        rolesChanged++;
        await tx.delete(userRoles).where(eq(userRoles.userId, t.id));
        if (next.length) await tx.insert(userRoles).values(next.map((roleId) => ({ userId: t.id, roleId })));
        await announceRevoked(tx, t.id, 'role');
        audit({ entity: 'sys_user', entityId: t.id, before: { roleIds: had }, after: { roleIds: next }, detail: `批量修改账号 ${t.account} 的角色` });
      }
    });
  }
  if (input.status !== undefined) {
    const result = await setStatus(db, session, targets, input.status === USER_STATUS.FROZEN ? USER_STATUS.FROZEN : USER_STATUS.NORMAL, audit);
    statusChanged = result.changed;
    revokedSessions = result.revokedSessions;
  }
  return { total: targets.length, statusChanged, rolesChanged, revokedSessions };
}

// ---------------------------------------------------------------- 选项：机构、市

/** 可分配的机构（管辖范围内、已启用），按名称筛选，最多 200 个 */
export async function assignableOrgs(db: Db, actor: SessionUser, filter: z.output<typeof OrgListInput>) {
  const where = and(
    scopeWhere(actor, { cityId: organisations.cityId, countyId: organisations.areaId, orgId: organisations.id }),
    eq(organisations.status, ORG_STATE.NORMAL),
    ne(organisations.category, 'admin'),
    filter.name ? ilike(organisations.name, like(filter.name)) : undefined,
    filter.cityId !== undefined ? eq(organisations.cityId, filter.cityId) : undefined,
  );
  return db
    .select({
      id: organisations.id,
      code: organisations.code,
      name: organisations.name,
      category: organisations.category,
      areaId: organisations.areaId,
      areaName: areas.name,
      cityId: organisations.cityId,
    })
    .from(organisations)
    .leftJoin(areas, eq(areas.id, organisations.areaId))
    .where(where)
    .orderBy(asc(organisations.name), asc(organisations.id))
    .limit(200);
}

const cityColumns = { id: areas.id, name: areas.name, level: areas.level };

/** 本人可见的河北各市：省级为全部市，其他为本人所在市 */
export async function currentCities(db: Db, actor: SessionUser) {
  if (actor.level === 'province') {
    return db
      .select(cityColumns)
      .from(areas)
      .where(and(eq(areas.pid, ROOT_AREA_ID), eq(areas.level, 2)))
      .orderBy(asc(areas.sort), asc(areas.id));
  }
  if (actor.cityId === null) return [];
  return db.select(cityColumns).from(areas).where(eq(areas.id, actor.cityId));
}

/** 本人的上级区划：县区级为所在市，市级为省，省级为省本身，机构用户为机构所在市 */
export async function superiorCities(db: Db, actor: SessionUser) {
  const id = actor.level === 'county' || actor.level === 'org' ? actor.cityId : ROOT_AREA_ID;
  if (id === null) return [];
  return db.select(cityColumns).from(areas).where(eq(areas.id, id));
}

/** 导入与批量检查共用：按账号名找出库里已有的 */
export async function existingAccounts(db: Db, accounts: readonly string[]): Promise<Set<string>> {
  if (!accounts.length) return new Set();
  const rows = await db.select({ account: users.account }).from(users).where(inArray(users.account, [...accounts]));
  return new Set(rows.map((r) => r.account));
}

/** 导入用：手机号已被其他（非驳回的）账号使用；返回这些手机号的盲索引（用 blindIndex('mobile', v) 查） */
export async function takenMobiles(db: Db, mobiles: readonly string[]): Promise<Set<string>> {
  if (!mobiles.length) return new Set();
  const rows = await db
    .select({ mobileIndex: users.mobileIndex })
    .from(users)
    .where(and(inArray(users.mobileIndex, mobiles.map((m) => blindIndex('mobile', m))), notInArray(users.status, [USER_STATUS.REJECTED])));
  return new Set(rows.map((r) => r.mobileIndex!));
}

export { LEVEL_RANK };

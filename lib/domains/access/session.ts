// 会话查找：令牌 → 账号与它经角色获得的权限、数据范围。读角色表，故属于授权域（账号表在 user，令牌的签发与吊销在 user/session.ts）。
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { SessionLookup } from '@/lib/platform/api/dispatcher';
import type { DataLevel, Session } from '@/lib/platform/auth/session';
import { authEpoch, userSessions, users } from '../user/tables';
import { hashToken, TOUCH_INTERVAL_MS, tokenFromRequest } from '../user/session';
import { resources, roleResources, roles, userRoles } from './tables';

/** 用户各启用角色（停用的不计）的授权与数据范围：会话查找的热路径上只查一次 */
async function loadRoleGrants(db: Db, userId: number) {
  return db
    .select({ dataScope: roles.dataScope, key: resources.key, actions: roleResources.actions })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.status, 0)))
    .leftJoin(roleResources, eq(roleResources.roleId, roles.id))
    .leftJoin(resources, eq(resources.id, roleResources.resourceId))
    .where(eq(userRoles.userId, userId));
}

type RoleGrantRow = Awaited<ReturnType<typeof loadRoleGrants>>[number];

function permissionsOf(rows: readonly RoleGrantRow[]): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const { key, actions } of rows) {
    if (key === null || actions === null) continue;
    const set = map.get(key) ?? new Set<string>();
    for (const a of actions) set.add(a);
    map.set(key, set);
  }
  return map;
}

/** 用户经角色获得的权限：permissionId → 动作集合 */
export async function loadPermissions(db: Db, userId: number): Promise<Map<string, Set<string>>> {
  return permissionsOf(await loadRoleGrants(db, userId));
}

const LEVEL_RANK: Record<DataLevel, number> = { province: 0, city: 1, county: 2, org: 3 };

/**
 * 生效的数据范围：角色可设数据范围（/role/addDataRole）以收窄其持有人看到的数据。取各启用角色中最宽的一个
 * （有角色未设置即随账号层级），且不宽于账号本身的层级；收窄后仍按账号自己的区划/机构过滤。
 */
function effectiveLevel(rows: readonly RoleGrantRow[], level: DataLevel): DataLevel {
  if (rows.length === 0 || rows.some((r) => r.dataScope === null)) return level;
  const widest = rows.map((r) => r.dataScope as DataLevel).reduce((a, b) => (LEVEL_RANK[a] <= LEVEL_RANK[b] ? a : b));
  return LEVEL_RANK[widest] > LEVEL_RANK[level] ? widest : level;
}

/**
 * 会话缓存：令牌（的哈希）→ 查到的结果与当时的授权版本（auth_epoch）。每个请求先读版本：没变就用缓存，
 * 变了（吊销、冻结、改账号、改角色或授权，触发器加一）就重查。按数据库分开，测试里一个进程用多个库也不串。
 */
interface CachedSession {
  epoch: number;
  at: number;
  found: Session | 'invalidated';
  expiresAt: number;
  lastSeenAt: number;
  sessionId: string;
}
const CACHE_LIMIT = 10_000;
/** 即使版本没变，缓存也最多用这么久（兜底：触发器之外的改动，如手工恢复数据库） */
const CACHE_MAX_AGE_MS = 5 * 60 * 1000;
const sessionCaches = new WeakMap<Db, Map<string, CachedSession>>();

function cacheOf(db: Db): Map<string, CachedSession> {
  let cache = sessionCaches.get(db);
  if (!cache) sessionCaches.set(db, (cache = new Map()));
  return cache;
}

/** 读授权版本的查询（每个请求一次；基准的基线执行同一条 SQL） */
export function authEpochQuery(db: Db) {
  return db.select({ epoch: authEpoch.epoch }).from(authEpoch).where(eq(authEpoch.id, 1));
}

/** 读版本的预处理语句，每个数据库句柄一份（PostgreSQL 每个连接只解析一次，也省去每个请求重新拼 SQL；PGlite 忽略名称） */
const epochStatements = new WeakMap<Db, ReturnType<ReturnType<typeof authEpochQuery>['prepare']>>();

async function currentEpoch(db: Db): Promise<number> {
  let statement = epochStatements.get(db);
  if (!statement) epochStatements.set(db, (statement = authEpochQuery(db).prepare('auth_epoch_current')));
  const [row] = await statement.execute();
  return row?.epoch ?? 0;
}

/** 令牌 → 会话。未知或过期：null（401）；被吊销或账号已冻结：'invalidated'（10005）。 */
export async function lookupSession(db: Db, token: string): Promise<SessionLookup> {
  const tokenHash = hashToken(token);
  const epoch = await currentEpoch(db);
  const cache = cacheOf(db);
  const now = Date.now();
  const hit = cache.get(tokenHash);
  if (hit && hit.epoch === epoch && now - hit.at < CACHE_MAX_AGE_MS) {
    if (hit.found === 'invalidated') return 'invalidated';
    if (hit.expiresAt <= now) return null;
    await touchIfDue(db, hit);
    return { ...hit.found, token };
  }
  const found = await findSession(db, tokenHash);
  // 不认识或已过期：401，不缓存
  if (!found) {
    cache.delete(tokenHash);
    return null;
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  // 先读的版本：查找期间若有改动，版本已变，下一个请求会重查
  cache.set(tokenHash, { epoch, at: now, ...found });
  return found.found === 'invalidated' ? 'invalidated' : { ...found.found, token };
}

/** lastSeenAt 到了该刷新的时候才写库（缓存命中与重查共用） */
async function touchIfDue(db: Db, s: { sessionId: string; lastSeenAt: number }): Promise<void> {
  const now = Date.now();
  if (now - s.lastSeenAt <= TOUCH_INTERVAL_MS) return;
  s.lastSeenAt = now;
  await db.update(userSessions).set({ lastSeenAt: sql`now()` }).where(eq(userSessions.id, s.sessionId));
}

/** 会话里的账号列（会话查找与后台任务按账号取身份共用） */
const SESSION_USER_COLUMNS = {
      id: users.id,
      code: users.code,
      account: users.account,
      nickName: users.nickName,
      realName: users.realName,
      userType: users.userType,
      level: users.level,
      areaId: users.areaId,
      cityId: users.cityId,
      orgId: users.orgId,
      status: users.status,
      passwordStrength: users.passwordStrength,
};

type SessionUserRow = Omit<Session['user'], 'level'> & { level: string };

/** 账号加上角色授权：数据范围取角色的，权限取角色授权之和 */
async function withGrants(db: Db, user: SessionUserRow): Promise<Session> {
  const grants = await loadRoleGrants(db, user.id);
  return { user: { ...user, level: effectiveLevel(grants, user.level as DataLevel) }, permissions: permissionsOf(grants) };
}

/** 库里查一次会话（连账号）与角色授权 */
async function findSession(db: Db, tokenHash: string): Promise<Omit<CachedSession, 'epoch' | 'at'> | null> {
  const [row] = await db
    .select({
      sessionId: userSessions.id,
      expiresAt: userSessions.expiresAt,
      revokedAt: userSessions.revokedAt,
      lastSeenAt: userSessions.lastSeenAt,
      user: SESSION_USER_COLUMNS,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(eq(userSessions.tokenHash, tokenHash));
  if (!row) return null;
  const base = { expiresAt: row.expiresAt.getTime(), lastSeenAt: row.lastSeenAt.getTime(), sessionId: row.sessionId };
  const { status, ...user } = row.user;
  if (row.revokedAt || status !== 0) return { ...base, found: 'invalidated' };
  if (base.expiresAt <= Date.now()) return null;
  await touchIfDue(db, base);
  return { ...base, found: { ...(await withGrants(db, user)), token: '' } };
}

/**
 * 按账号编号取当前的账号与权限（后台任务执行时用发起人此刻的身份；冻结或删除的账号为 null）。
 * 与会话查找同样按角色算数据范围与权限，只是不经令牌。
 */
export async function sessionOfUser(db: Db, userId: number): Promise<Session | null> {
  const [row] = await db
    .select(SESSION_USER_COLUMNS)
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  const { status, ...user } = row;
  if (status !== 0) return null;
  return withGrants(db, user);
}

export async function resolveSession(request: Request, db: Db): Promise<SessionLookup> {
  const token = tokenFromRequest(request);
  return token ? lookupSession(db, token) : null;
}


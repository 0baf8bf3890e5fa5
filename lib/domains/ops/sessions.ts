// 登录日志与在线用户。表属身份域（login_log、user_session，由登录代码写入）；这里只读与强制下线。
// 范围：省级看全部，市级看本市用户，其他人只看自己。
import { and, desc, eq, gt, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/platform/db/client';
import { fetchPage } from '@/lib/platform/db/paged';
import type { SessionUser } from '@/lib/platform/auth/session';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Session } from '@/lib/platform/auth/session';
import { ApiError } from '@/lib/platform/api/errors';
import type { Page } from '@/lib/platform/api/paging';
import { exportXlsx, keysetBatches } from '@/lib/platform/excel/export';
import { announceRevoked, hashToken, revokeUserSessions } from '../user/session';
import { loginLogs, userSessions, users } from '../user/tables';
import { beijingDay, LOGIN_RESULT_NAMES, type ForceLogoutInput, type LoginLogFilter, type OnlineFilter } from './schemas';
import { containsPattern } from '@/lib/platform/db/like';

const like = containsPattern;

/** 按用户表限定范围（登录日志里未知账号的失败记录没有用户，只有省级能看到） */
function userScope(actor: SessionUser, userIdColumn: typeof loginLogs.userId | typeof userSessions.userId): SQL | undefined {
  if (actor.level === 'province') return undefined;
  if (actor.level === 'city' && actor.cityId !== null) return eq(users.cityId, actor.cityId);
  return eq(userIdColumn, actor.id);
}

// ---------------------------------------------------------------- 登录日志

function loginWhere(actor: SessionUser, f: z.output<typeof LoginLogFilter>): SQL | undefined {
  return and(
    userScope(actor, loginLogs.userId),
    f.account ? ilike(loginLogs.account, like(f.account)) : undefined,
    f.result ? eq(loginLogs.kind, f.result) : undefined,
    f.ip ? ilike(loginLogs.ip, like(f.ip)) : undefined,
    f.createdStart ? gte(loginLogs.createdAt, beijingDay(f.createdStart)) : undefined,
    f.createdEnd ? lt(loginLogs.createdAt, beijingDay(f.createdEnd, true)) : undefined,
  );
}

const loginColumns = {
  id: loginLogs.id,
  userId: loginLogs.userId,
  account: loginLogs.account,
  userName: sql<string | null>`coalesce(${users.realName}, ${users.nickName})`,
  result: loginLogs.kind,
  message: loginLogs.message,
  ip: loginLogs.ip,
  userAgent: loginLogs.userAgent,
  createdAt: loginLogs.createdAt,
};

const withResultName = <T extends { result: string }>(r: T) => ({ ...r, resultName: LOGIN_RESULT_NAMES[r.result as keyof typeof LOGIN_RESULT_NAMES] ?? r.result });

export async function listLoginLogs(db: Db, actor: SessionUser, f: z.output<typeof LoginLogFilter>, page: Page) {
  const where = loginWhere(actor, f);
  return fetchPage(
    page,
    db
      .select(loginColumns)
      .from(loginLogs)
      .leftJoin(users, eq(users.id, loginLogs.userId))
      .where(where)
      .orderBy(desc(loginLogs.createdAt), desc(loginLogs.id)),
    db.select({ total: sql<number>`count(*)::int` }).from(loginLogs).leftJoin(users, eq(users.id, loginLogs.userId)).where(where),
    (rows) => rows.map(withResultName),
  );
}

export async function exportLoginLogs(db: Db, actor: SessionUser, f: z.output<typeof LoginLogFilter>) {
  const where = loginWhere(actor, f);
  return exportXlsx({
    sheetName: '登录日志',
    columns: [
      { header: '时间', key: 'createdAt', width: 20 },
      { header: '账号', key: 'account' },
      { header: '姓名', key: 'userName' },
      { header: '结果', key: 'resultName' },
      { header: '说明', key: 'message', width: 40 },
      { header: 'IP', key: 'ip' },
      { header: '浏览器', key: 'userAgent', width: 40 },
    ],
    rows: keysetBatches(
      async (last: number | null, limit) =>
        (
          await db
            .select(loginColumns)
            .from(loginLogs)
            .leftJoin(users, eq(users.id, loginLogs.userId))
            .where(and(where, last === null ? undefined : lt(loginLogs.id, last)))
            .orderBy(desc(loginLogs.id))
            .limit(limit)
        ).map(withResultName),
      (r) => r.id,
    ),
  });
}

// ---------------------------------------------------------------- 在线用户

/** 未吊销、未过期的会话即在线 */
const alive = () => and(isNull(userSessions.revokedAt), gt(userSessions.expiresAt, new Date()));

export async function listOnlineSessions(db: Db, actor: SessionUser, f: z.output<typeof OnlineFilter>, page: Page, currentToken?: string) {
  const where = and(
    alive(),
    userScope(actor, userSessions.userId),
    f.account ? ilike(users.account, like(f.account)) : undefined,
    f.name ? or(ilike(users.realName, like(f.name)), ilike(users.nickName, like(f.name))) : undefined,
    f.ip ? ilike(userSessions.ip, like(f.ip)) : undefined,
  );
  const { list: rows, total } = await fetchPage(
    page,
    db
      .select({
        sessionId: userSessions.id,
        userId: users.id,
        account: users.account,
        userName: sql<string>`coalesce(${users.realName}, ${users.nickName})`,
        userType: users.userType,
        ip: userSessions.ip,
        userAgent: userSessions.userAgent,
        loginAt: userSessions.createdAt,
        lastSeenAt: userSessions.lastSeenAt,
        expiresAt: userSessions.expiresAt,
        tokenHash: userSessions.tokenHash,
      })
      .from(userSessions)
      .innerJoin(users, eq(users.id, userSessions.userId))
      .where(where)
      .orderBy(desc(userSessions.lastSeenAt), desc(userSessions.createdAt)),
    db.select({ total: sql<number>`count(*)::int` }).from(userSessions).innerJoin(users, eq(users.id, userSessions.userId)).where(where),
  );
  const own = actor.id;
  const currentHash = currentToken ? hashToken(currentToken) : null;
  return {
    // 标出本人的行（界面上不提供下线自己）与当前这个会话；令牌哈希不出服务端
    list: rows.map(({ tokenHash, ...r }) => ({ ...r, self: r.userId === own, current: tokenHash === currentHash })),
    total,
  };
}

/** 强制下线：指定会话或某用户的全部会话；被下线的令牌下一次请求得到 10005。 */
export async function forceLogout(db: Db, session: Session, input: z.output<typeof ForceLogoutInput>, audit: Audit) {
  const actor = session.user;
  let userId = input.userId;
  if (input.sessionId) {
    const [s] = await db.select({ userId: userSessions.userId }).from(userSessions).where(and(eq(userSessions.id, input.sessionId), alive()));
    if (!s) throw ApiError.notFound('该会话不存在或已下线');
    if (userId !== undefined && userId !== s.userId) throw ApiError.badRequest('会话与用户不匹配');
    userId = s.userId;
  }
  if (userId === actor.id) throw ApiError.badRequest('不能强制下线自己，请使用“退出登录”');
  const [target] = await db
    .select({ id: users.id, account: users.account, cityId: users.cityId })
    .from(users)
    .where(eq(users.id, userId!));
  const visible = target && (actor.level === 'province' || (actor.level === 'city' && actor.cityId !== null && target.cityId === actor.cityId));
  if (!visible) throw ApiError.notFound('用户不存在或不在您的管辖范围内');

  let count: number;
  if (input.sessionId) {
    const rows = await db
      .update(userSessions)
      .set({ revokedAt: new Date(), revokeReason: 'forced' })
      .where(and(eq(userSessions.id, input.sessionId), isNull(userSessions.revokedAt)))
      .returning({ id: userSessions.id });
    count = rows.length;
    await announceRevoked(
      db,
      target.id,
      'forced',
      rows.map((r) => r.id),
    );
  } else {
    // 防御：即便 userId 就是自己也已在上面拒绝；这里保留当前令牌以免误伤
    count = await revokeUserSessions(db, target.id, 'forced', session.token ? hashToken(session.token) : undefined);
  }
  audit({
    entity: 'sys_user',
    entityId: target.id,
    detail: `强制下线 ${target.account}（${count} 个会话）`,
    after: { revokedSessions: count, sessionId: input.sessionId ?? null },
  });
  return { revoked: count };
}

// 会话令牌：签发、吊销、Cookie（令牌 → 会话与权限的查找在 access/session.ts）。令牌 7 天有效，网页端放在 httpOnly Cookie（Access-Token），
// API 客户端放在 authorization_token / X-Auth-Token 请求头；库里只存令牌的 SHA-256。
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { headerToken } from '@/lib/platform/http/origin';
import { publish, PUSH_REVOKED, type RevokedData } from '@/lib/platform/push';
import { userSessions } from './tables';

export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
export const SESSION_COOKIE = 'Access-Token';
/** lastSeenAt 最多每 5 分钟写一次，避免每个请求都写库 */
export const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, userId: number, meta: { ip?: string; userAgent?: string | null } = {}) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(userSessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt,
    ip: meta.ip?.slice(0, 64) || null,
    userAgent: meta.userAgent?.slice(0, 300) || null,
  });
  return { token, expiresAt };
}

export type RevokeReason = 'logout' | 'password' | 'frozen' | 'forced' | 'deleted';

/**
 * 告诉这些会话开着的标签页：会话已结束（或角色变了），说明原因后回登录页。与吊销在同一事务里，提交后才送达。
 * sessionIds 省略时该用户的全部连接都收到（角色变更）。
 */
export async function announceRevoked(db: Db, userId: number, reason: RevokeReason | 'role', sessionIds?: string[]): Promise<void> {
  if (sessionIds && !sessionIds.length) return;
  const data: RevokedData = sessionIds ? { reason, sessionIds } : { reason };
  await publish(db, { type: PUSH_REVOKED, userIds: [userId], data: { ...data } });
}

/** 吊销用户的全部（或除某一个外的）有效会话，返回吊销数。 */
export async function revokeUserSessions(db: Db, userId: number, reason: RevokeReason, exceptTokenHash?: string): Promise<number> {
  const rows = await db
    .update(userSessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, new Date()),
        exceptTokenHash ? ne(userSessions.tokenHash, exceptTokenHash) : undefined,
      ),
    )
    .returning({ id: userSessions.id });
  await announceRevoked(
    db,
    userId,
    reason,
    rows.map((r) => r.id),
  );
  return rows.length;
}

/** 用户当前有效的会话数（冻结前报告将结束几个会话） */
export async function activeSessionCount(db: Db, userId: number): Promise<number> {
  const rows = await db
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, new Date())));
  return rows.length;
}

export async function revokeToken(db: Db, token: string, reason: RevokeReason): Promise<void> {
  const rows = await db
    .update(userSessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(userSessions.tokenHash, hashToken(token)), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id, userId: userSessions.userId });
  // 同一会话的其他标签页（共用 Cookie）随之回登录页
  for (const r of rows) await announceRevoked(db, r.userId, reason, [r.id]);
}

/** 从请求中取令牌：请求头优先（API 客户端），其次 Cookie（网页端）。 */
export function tokenFromRequest(request: Request): string | null {
  return headerToken(request) ?? cookieValue(request, SESSION_COOKIE);
}

/** 请求 Cookie 中某一项的值 */
export function cookieValue(request: Request, name: string): string | null {
  const cookie = request.headers.get('cookie');
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const eqAt = part.indexOf('=');
    if (eqAt > 0 && part.slice(0, eqAt).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eqAt + 1).trim()) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** 密码强度标记（3 强 4 弱）：前端据此弹出强制改密框，故不是 httpOnly */
export const STRENGTH_COOKIE = 'pwdStrength';
const COOKIE_MAX_AGE = SESSION_TTL_MS / 1000;

/** 经 HTTPS（含反向代理终止 TLS）访问时给 Cookie 加 Secure；本机 http 的开发与测试不加 */
export function secureSuffix(request: Request): string {
  const proto = request.headers.get('x-forwarded-proto')?.split(',')[0].trim() ?? new URL(request.url).protocol.replace(':', '');
  return proto === 'https' ? '; Secure' : '';
}

/** 登录成功：Access-Token（httpOnly）与 pwdStrength，都是 7 天 */
export function setLoginCookies(headers: Headers, request: Request, token: string, strength: number): void {
  const secure = secureSuffix(request);
  headers.append('Set-Cookie', `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure}`);
  headers.append('Set-Cookie', `${STRENGTH_COOKIE}=${strength}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax${secure}`);
}

/** 退出、改密：清掉两个 Cookie */
export function clearLoginCookies(headers: Headers, request: Request): void {
  const secure = secureSuffix(request);
  headers.append('Set-Cookie', `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
  headers.append('Set-Cookie', `${STRENGTH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`);
}

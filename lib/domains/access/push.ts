// 推送连接（GET /api/push）的身份：网页凭会话 Cookie（同源的 EventSource 自动带上，能按会话区分吊销），
// 不带 Cookie 的客户端凭推送令牌（?token=，GET /user/webSocketToken 续领，10 分钟有效，只在连接时验证）。
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import type { PushIdentity } from '@/lib/platform/push/stream';
import { userSessions, users } from '../user/tables';
import { hashToken, tokenFromRequest } from '../user/session';
import { USER_STATUS } from '../user/status';
import { lookupSession } from './session';
import { verifyWebSocketToken, WS_TOKEN_TTL_SECONDS, issueWebSocketToken } from './ws-token';

/** 会话已失效但库里没有吊销原因时（过期、被删除）告诉浏览器的原因 */
const EXPIRED = 'expired';

async function revokeReasonOf(db: Db, sessionId: string): Promise<string> {
  const [row] = await db
    .select({ reason: userSessions.revokeReason, status: users.status })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(eq(userSessions.id, sessionId));
  if (!row) return EXPIRED;
  if (row.status === USER_STATUS.FROZEN) return 'frozen';
  return row.reason ?? EXPIRED;
}

async function activeUser(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, userId));
  return row?.status === USER_STATUS.NORMAL;
}

/** 验明推送连接的来者；未登录抛 401，会话已被作废抛 10005 */
export async function pushIdentity(request: Request, db: Db): Promise<PushIdentity> {
  const wsToken = new URL(request.url).searchParams.get('token');
  if (wsToken) {
    const userId = verifyWebSocketToken(wsToken);
    if (userId === null || !(await activeUser(db, userId))) throw ApiError.unauthorized('推送令牌无效或已过期，请重新获取');
    return { userId, sessionId: null, recheck: async () => ((await activeUser(db, userId)) ? null : 'frozen') };
  }
  const token = tokenFromRequest(request);
  const found = token ? await lookupSession(db, token) : null;
  if (found === 'invalidated') throw ApiError.sessionInvalidated();
  if (!found || !token) throw ApiError.unauthorized();
  const [row] = await db.select({ id: userSessions.id }).from(userSessions).where(eq(userSessions.tokenHash, hashToken(token)));
  if (!row) throw ApiError.unauthorized();
  const sessionId = row.id;
  return {
    userId: found.user.id,
    sessionId,
    recheck: async () => {
      const now = await lookupSession(db, token);
      if (now && now !== 'invalidated') return null;
      return revokeReasonOf(db, sessionId);
    },
  };
}

/** 续领推送令牌（不带 Cookie 的客户端在到期前调用） */
export function renewWebSocketToken(userId: number): { webSocketToken: string; expiresIn: number } {
  return { webSocketToken: issueWebSocketToken(userId), expiresIn: WS_TOKEN_TTL_SECONDS };
}

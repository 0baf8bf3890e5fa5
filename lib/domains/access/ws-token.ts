// 消息推送连接用的短期令牌：用户 id + 过期时间，HMAC-SHA256 签名。
// 推送服务只需验签，不必查会话表；令牌短命，泄露的影响有限。
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authSecret } from '@/lib/platform/auth/secret';

export const WS_TOKEN_TTL_SECONDS = 10 * 60;

const sign = (payload: string) => createHmac('sha256', authSecret()).update(payload).digest('base64url');

/** 签发：`<base64url(JSON{uid,exp})>.<签名>` */
export function issueWebSocketToken(userId: number, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ uid: userId, exp: Math.floor(now / 1000) + WS_TOKEN_TTL_SECONDS })).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

/** 验证：签名正确且未过期时返回用户 id，否则 null。 */
export function verifyWebSocketToken(token: string, now = Date.now()): number | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { uid, exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { uid: unknown; exp: unknown };
    if (typeof uid !== 'number' || typeof exp !== 'number' || exp * 1000 <= now) return null;
    return uid;
  } catch {
    return null;
  }
}

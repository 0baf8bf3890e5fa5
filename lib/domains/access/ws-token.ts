// 消息推送连接用的短期令牌：用户 id + 过期时间，HMAC-SHA256 签名。
// 推送服务只需验签，不必查会话表；令牌短命，泄露的影响有限。
import { createHmac, timingSafeEqual } from 'node:crypto';

export const WS_TOKEN_TTL_SECONDS = 10 * 60;

/** 仅供开发与测试；生产环境必须设置 AUTH_SECRET */
const DEV_SECRET = 'skills-portal-dev-secret-do-not-use-in-production';
let warned = false;

function secret(): string {
  const configured = process.env.AUTH_SECRET;
  if (configured) return configured;
  if (process.env.NODE_ENV === 'production' && !warned) {
    warned = true;
    console.warn('[auth] 未设置 AUTH_SECRET，正在使用开发用的默认密钥签发推送令牌；生产环境请设置足够长的随机 AUTH_SECRET。');
  }
  return DEV_SECRET;
}

const sign = (payload: string) => createHmac('sha256', secret()).update(payload).digest('base64url');

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

/** 启动时调用：生产环境未配置密钥时立即给出警告，而不是等到第一次签发。 */
export function checkAuthSecret(): void {
  secret();
}

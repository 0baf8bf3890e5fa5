// 谁可以看 Prometheus 指标（GET /api/metrics）：
// 1. 设置了 METRICS_TOKEN 时，带 Authorization: Bearer <METRICS_TOKEN> 的抓取（Prometheus 用，不需要数据库）；
// 2. 否则按会话（Cookie 或令牌请求头）：须有服务监控的查询权限（serverStatus.query）且是省级用户，与服务器状态界面同一规则。
// 未登录或会话已失效 401，没有权限 403，要查会话而数据库不可用 503。
import { createHash, timingSafeEqual } from 'node:crypto';
import { DbUnavailableError, getDb, type Db } from '@/lib/platform/db/client';
import { can } from '@/lib/platform/auth/session';
import { FORBIDDEN_MESSAGE } from '@/lib/platform/api/errors';
import type { SessionLookup } from '@/lib/platform/api/dispatcher';
import type { MetricsAccess } from '@/lib/platform/ops/metrics';
import { SERVER_STATUS_PROVINCE_ONLY } from './server-status';

/** 看指标要的权限（与服务器状态相同） */
export const METRICS_PERMISSION = 'serverStatus.query';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** 请求带的 Bearer 令牌是否就是 METRICS_TOKEN（等长比较，不因前缀相同而更快） */
function hasMetricsToken(request: Request): boolean {
  const expected = process.env.METRICS_TOKEN?.trim();
  const given = request.headers.get('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  return !!expected && !!given && timingSafeEqual(digest(given), digest(expected));
}

export async function authorizeMetrics(
  request: Request,
  resolveSession: (request: Request, db: Db) => Promise<SessionLookup>,
  openDb: () => Promise<Db> = getDb,
): Promise<MetricsAccess> {
  if (hasMetricsToken(request)) return { ok: true };
  let lookup: SessionLookup;
  try {
    lookup = await resolveSession(request, await openDb());
  } catch (err) {
    if (err instanceof DbUnavailableError) return { ok: false, status: 503, message: '数据库暂不可用，请稍后重试' };
    throw err;
  }
  if (lookup === 'invalidated') return { ok: false, status: 401, message: '登录状态已失效，请重新登录' };
  if (!lookup) return { ok: false, status: 401, message: '未登录或登录已过期，请重新登录' };
  if (!can(lookup, METRICS_PERMISSION)) return { ok: false, status: 403, message: FORBIDDEN_MESSAGE };
  if (lookup.user.level !== 'province') return { ok: false, status: 403, message: SERVER_STATUS_PROVINCE_ONLY };
  return { ok: true };
}

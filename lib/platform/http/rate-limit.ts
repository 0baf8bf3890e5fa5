// 按键限流（每个窗口最多 limit 次）：一条 upsert 同时开新窗口或加一并返回计数，并发的请求、多个实例合起来也不会越过上限。
import { lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { rateLimitCounters } from './rate-limit-tables';

export interface RateLimitResult {
  allowed: boolean;
  /** 本窗口里的第几次（含本次） */
  hits: number;
  /** 窗口还剩多少秒 */
  retryAfter: number;
}

/** 记一次并判定：窗口已过期则从 1 重新计；超过 limit 的请求不被允许（仍计数，窗口不延长） */
export async function hitRateLimit(db: Db, key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const t = rateLimitCounters;
  const expired = sql`${t.windowStart} <= now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(t)
    .values({ key: key.slice(0, 160), windowStart: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        windowStart: sql`case when ${expired} then now() else ${t.windowStart} end`,
        hits: sql`case when ${expired} then 1 else ${t.hits} + 1 end`,
      },
    })
    .returning({ hits: t.hits, retryAfter: sql<number>`greatest(1, ceil(extract(epoch from (${t.windowStart} + make_interval(secs => ${windowSeconds}) - now()))))::int` });
  return { allowed: row.hits <= limit, hits: row.hits, retryAfter: Number(row.retryAfter) };
}

/** 删除窗口早已结束的计数行（定时任务） */
export async function purgeRateLimits(db: Db, olderThanSeconds = 86_400): Promise<number> {
  const rows = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowStart, sql`now() - make_interval(secs => ${olderThanSeconds})`))
    .returning({ key: rateLimitCounters.key });
  return rows.length;
}

import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * 按键计数的限流窗口（键如 'checkAccount:<IP>'）：一行一个键，判定与计数是同一条 upsert（rate-limit.ts），
 * 多实例共用；窗口过期的行由定时任务删除。
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counter',
  {
    key: varchar('key', { length: 160 }).primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limit_counter_window_idx').on(t.windowStart)],
);

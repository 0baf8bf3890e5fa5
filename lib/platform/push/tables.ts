import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * 推送事件：每个收件人一行。写入它的事务提交后经 NOTIFY 告知各实例，实例转发给该用户连着的浏览器；
 * 断线重连的浏览器凭最后收到的 id（Last-Event-ID）补取漏掉的。由定时任务 push.purge 按保留时长清理。
 */
export const pushEvents = pgTable(
  'push_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_event_user_idx').on(t.userId, t.id), index('push_event_created_idx').on(t.createdAt)],
);

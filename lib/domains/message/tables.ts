import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../user/tables';

/** 站内消息：页头铃铛的未读数与列表；审核结果等由各业务域写入。 */
export const messages = pgTable(
  'message',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    content: varchar('content', { length: 1000 }).notNull().default(''),
    /** notice / audit / system */
    kind: varchar('kind', { length: 16 }).notNull().default('system'),
    link: varchar('link', { length: 300 }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_user_unread_idx').on(t.userId, t.readAt, t.createdAt)],
);

// 各状态机历史表共用的列：哪一步、谁、何时、意见。位置的列（单列 fromStatus/toStatus，或考试计划的 step/state）与
// 指向办理对象的外键由各表自己加。
import { integer, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

export const historyColumns = () => ({
  id: serial('id').primaryKey(),
  action: varchar('action', { length: 32 }).notNull(),
  opinion: varchar('opinion', { length: 500 }),
  /** 办理人（sys_user.id）；导入或演示数据可为空，此时 actorName 为机构名 */
  actorId: integer('actor_id'),
  actorName: varchar('actor_name', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 单列状态机的位置列 */
export const statusHistoryColumns = () => ({
  fromStatus: smallint('from_status').notNull(),
  toStatus: smallint('to_status').notNull(),
});

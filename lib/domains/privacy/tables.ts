// 个人信息的访问日志：每次看或导出未脱敏的个人信息（完整证件号等）写一行——谁、何时、哪种资源的哪条记录、涉及哪些人、为什么。
// 只增不改（没有修改与删除的接口）。用户账号、姓名与所在市在写入时抄下来：用户被删或调动后仍能说明当时是谁、仍按当时的范围可见。
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

export const dataAccessLogs = pgTable(
  'data_access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    account: varchar('account', { length: 64 }).notNull(),
    userName: varchar('user_name', { length: 64 }),
    /** 查看人所在市与机构（日志的数据范围：市级管理员看本市用户的访问） */
    cityId: integer('city_id'),
    orgId: integer('org_id'),
    ip: varchar('ip', { length: 64 }),
    /** 权限的资源 key（持有其 unmask 动作才能看全），如 'subsidyFinance' */
    resource: varchar('resource', { length: 64 }).notNull(),
    /** view 查看、export 导出 */
    action: varchar('action', { length: 16 }).notNull(),
    /** 被访问的记录：实体与主键（如 subsidy_apply 12），说明（如“拨付名单 BT2026000012”） */
    entity: varchar('entity', { length: 64 }).notNull(),
    entityId: integer('entity_id').notNull(),
    detail: varchar('detail', { length: 300 }).notNull(),
    /** 涉及的个人记录（如 subsidy_item 的 id）与人数 */
    recordIds: jsonb('record_ids').$type<number[]>().notNull().default([]),
    recordCount: integer('record_count').notNull().default(0),
    /** 理由：UNMASK_REASONS 的代码；other 时说明必填 */
    reason: varchar('reason', { length: 32 }).notNull(),
    reasonNote: varchar('reason_note', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('data_access_log_action_chk', sql`${t.action} in ('view', 'export')`),
    index('data_access_log_time_idx').on(t.createdAt, t.id),
    index('data_access_log_user_idx').on(t.userId, t.id),
    index('data_access_log_city_idx').on(t.cityId, t.id),
    index('data_access_log_entity_idx').on(t.entity, t.entityId),
  ],
);

export type DataAccessLog = typeof dataAccessLogs.$inferSelect;

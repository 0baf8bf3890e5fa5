// 门户互动相关的表：黑名单、友情链接、联系方式、意见征集（主题与意见）、意见反馈、通知公告。
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { areas } from '../area/tables';
import { users } from '../user/tables';

/**
 * 黑名单：账号或 IP（单个地址或 CIDR 网段）在有效期内不能登录。
 * cityId 决定哪个市的管理员能看到和删除：账号取该账号所在市，IP 取添加人所在市（省级为空）。
 */
export const blacklist = pgTable(
  'sys_blacklist',
  {
    id: serial('id').primaryKey(),
    /** account / ip */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** 账号名，或规范化后的 IP / CIDR */
    value: varchar('value', { length: 64 }).notNull(),
    /** 账号条目对应的用户（账号被删除后保留条目） */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    cityId: integer('city_id').references(() => areas.id),
    reason: varchar('reason', { length: 200 }).notNull(),
    /** 为空表示长期有效 */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: varchar('created_by_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sys_blacklist_kind_chk', sql`${t.kind} in ('account', 'ip')`),
    unique('sys_blacklist_kind_value_uq').on(t.kind, t.value),
    index('sys_blacklist_city_idx').on(t.cityId),
    index('sys_blacklist_expires_idx').on(t.expiresAt),
    index('sys_blacklist_created_idx').on(t.createdAt),
  ],
);
export type BlacklistRow = typeof blacklist.$inferSelect;

/** 友情链接：门户首页底部展示已启用的，按 sort 升序。 */
export const friendLinks = pgTable(
  'friend_link',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    url: varchar('url', { length: 500 }).notNull(),
    logo: varchar('logo', { length: 500 }),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('friend_link_name_uq').on(t.name), index('friend_link_enabled_sort_idx').on(t.enabled, t.sort)],
);
export type FriendLinkRow = typeof friendLinks.$inferSelect;

/** 门户展示的联系方式（咨询电话、邮箱、地址、办公时间）。 */
export const contacts = pgTable(
  'portal_contact',
  {
    id: serial('id').primaryKey(),
    department: varchar('department', { length: 64 }).notNull(),
    phone: varchar('phone', { length: 32 }),
    email: varchar('email', { length: 128 }),
    address: varchar('address', { length: 200 }),
    workingHours: varchar('working_hours', { length: 100 }),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('portal_contact_department_uq').on(t.department), index('portal_contact_sort_idx').on(t.sort)],
);
export type ContactRow = typeof contacts.$inferSelect;

/** 意见征集主题：草稿 → 征集中（发布）→ 已结束（关闭）；cityId 为发布者所在市（省级为空，全省可见）。 */
export const opinionTopics = pgTable(
  'opinion_topic',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** draft / open / closed */
    status: varchar('status', { length: 8 }).notNull().default('draft'),
    cityId: integer('city_id').references(() => areas.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('opinion_topic_status_chk', sql`${t.status} in ('draft', 'open', 'closed')`),
    check('opinion_topic_dates_chk', sql`${t.endDate} >= ${t.startDate}`),
    index('opinion_topic_status_idx').on(t.status, t.startDate),
    index('opinion_topic_city_idx').on(t.cityId),
  ],
);
export type OpinionTopicRow = typeof opinionTopics.$inferSelect;

/** 用户对主题提交的意见：每人每个主题一条；管理员可回复。 */
export const opinions = pgTable(
  'opinion',
  {
    id: serial('id').primaryKey(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => opinionTopics.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: varchar('content', { length: 2000 }).notNull(),
    reply: varchar('reply', { length: 1000 }),
    repliedBy: integer('replied_by').references(() => users.id, { onDelete: 'set null' }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('opinion_topic_user_uq').on(t.topicId, t.userId), index('opinion_topic_created_idx').on(t.topicId, t.createdAt), index('opinion_user_idx').on(t.userId)],
);

/** 意见反馈：任一登录用户提交（建议、问题、投诉）；cityId 取提交人所在市，市级管理员处理本市的。 */
export const feedbacks = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cityId: integer('city_id').references(() => areas.id),
    /** suggestion 建议 / problem 问题 / complaint 投诉 */
    type: varchar('type', { length: 16 }).notNull(),
    content: varchar('content', { length: 2000 }).notNull(),
    contact: varchar('contact', { length: 64 }),
    reply: varchar('reply', { length: 1000 }),
    repliedBy: integer('replied_by').references(() => users.id, { onDelete: 'set null' }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('feedback_type_chk', sql`${t.type} in ('suggestion', 'problem', 'complaint')`),
    index('feedback_user_idx').on(t.userId, t.createdAt),
    index('feedback_city_idx').on(t.cityId, t.createdAt),
    index('feedback_created_idx').on(t.createdAt),
  ],
);
export type FeedbackRow = typeof feedbacks.$inferSelect;

/** 反馈类型的中文名 */
export const FEEDBACK_TYPE_LABEL = { suggestion: '建议', problem: '问题', complaint: '投诉' } as const;
export type FeedbackType = keyof typeof FEEDBACK_TYPE_LABEL;
export const TOPIC_STATUS_LABEL = { draft: '草稿', open: '征集中', closed: '已结束' } as const;
export type TopicStatus = keyof typeof TOPIC_STATUS_LABEL;

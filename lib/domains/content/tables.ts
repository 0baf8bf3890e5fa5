// 门户内容：文章（通知公告、新闻资讯、政策法规、帮助中心四类共用一张表，以 kind 区分）与轮播图。
// city_id 为空表示全省，否则为某市发布、只由该市管理员（与省级）管理。
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { historyColumns, statusHistoryColumns } from '@/lib/platform/workflow/history';
import { areas } from '../area/tables';
import { users } from '../user/tables';

/** 附件：上传服务返回的地址与原文件名 */
export interface ArticleAttachment {
  url: string;
  name: string;
}

export const articles = pgTable(
  'content_article',
  {
    id: serial('id').primaryKey(),
    /** notice 通知公告 / news 新闻资讯 / policy 政策法规 / help 帮助中心 */
    kind: varchar('kind', { length: 8 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    /** 摘要（纯文字）；不填时取正文前若干字 */
    summary: varchar('summary', { length: 500 }).notNull().default(''),
    /** 经服务端白名单清洗后的 HTML */
    body: text('body').notNull(),
    coverUrl: varchar('cover_url', { length: 500 }),
    attachments: jsonb('attachments').$type<ArticleAttachment[]>().notNull().default([]),
    /** 按类别的固定分类（schemas.ts 的 ARTICLE_CATEGORIES） */
    category: varchar('category', { length: 16 }).notNull(),
    /** 0 草稿 / 1 已发布 / 2 已撤回（transitions.ts 的 ARTICLE_STATUS），只经状态机改变 */
    status: smallint('status').notNull().default(0),
    /** 发布时间：发布时写入；晚于当前时间即定时发布，到点才公开 */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    top: boolean('top').notNull().default(false),
    /** 排序号：小的在前，相同时发布时间新的在前 */
    sort: integer('sort').notNull().default(0),
    cityId: integer('city_id').references(() => areas.id),
    readCount: integer('read_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('content_article_kind_chk', sql`${t.kind} in ('notice', 'news', 'policy', 'help')`),
    check('content_article_status_chk', sql`${t.status} between 0 and 2`),
    check('content_article_published_chk', sql`${t.status} <> 1 or ${t.publishAt} is not null`),
    // 同一类、同一发布范围内标题不重复（全省的也算一个范围）
    unique('content_article_title_uq').on(t.kind, t.cityId, t.title).nullsNotDistinct(),
    // 公开列表：某类已发布、到期的，置顶与排序在前
    index('content_article_public_idx').on(t.kind, t.status, t.publishAt),
    // 管理列表：某类、某市，新改的在前
    index('content_article_admin_idx').on(t.kind, t.cityId, t.updatedAt),
  ],
);
export type ArticleRow = typeof articles.$inferSelect;

/** 文章的发布与撤回历史 */
export const articleHistory = pgTable(
  'content_article_history',
  {
    ...historyColumns(),
    ...statusHistoryColumns(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
  },
  (t) => [index('content_article_history_article_idx').on(t.articleId, t.createdAt)],
);

export const banners = pgTable(
  'content_banner',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 100 }).notNull(),
    imageUrl: varchar('image_url', { length: 500 }).notNull(),
    /** 点击后打开的地址：站内路径或 https 地址；为空则不可点击 */
    link: varchar('link', { length: 500 }),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** 展示的起止日期（含），为空表示不限 */
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    cityId: integer('city_id').references(() => areas.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('content_banner_dates_chk', sql`${t.endDate} is null or ${t.startDate} is null or ${t.endDate} >= ${t.startDate}`),
    unique('content_banner_title_uq').on(t.cityId, t.title).nullsNotDistinct(),
    index('content_banner_enabled_sort_idx').on(t.enabled, t.sort),
    index('content_banner_city_idx').on(t.cityId, t.sort),
  ],
);
export type BannerRow = typeof banners.$inferSelect;

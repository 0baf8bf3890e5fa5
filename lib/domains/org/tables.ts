import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { areas } from '../area/tables';

/**
 * 机构：评价机构、培训机构、企业等。机构管理与备案在系统/备案域扩展；此处是数据范围所需的最小部分。
 * orgType 见 SPEC §3：0 企业/用人单位，1 央企分支，2 技工院校，3 社会培训评价组织，100–103 鉴定/培训机构；
 * category 区分门户中的角色：eval 评价机构、train 培训机构（TYPE_PXJG）、enterprise 企业。
 */
export const organisations = pgTable(
  'organisation',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull().unique(),
    name: varchar('name', { length: 128 }).notNull(),
    category: varchar('category', { length: 16 }).notNull(),
    orgType: smallint('org_type').notNull().default(0),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    /** 所在市（数据范围按市过滤时免去连表） */
    cityId: integer('city_id').references(() => areas.id),
    parentId: integer('parent_id'),
    unifiedSocialCreditCode: varchar('unified_social_credit_code', { length: 18 }),
    /** 0 正常 1 停用 2 待审核 */
    status: smallint('status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('organisation_category_chk', sql`${t.category} in ('eval', 'train', 'enterprise', 'admin')`),
    check('organisation_org_type_chk', sql`${t.orgType} in (0, 1, 2, 3, 100, 101, 102, 103)`),
    index('organisation_city_idx').on(t.cityId),
    index('organisation_area_idx').on(t.areaId),
    index('organisation_name_idx').on(t.name),
  ],
);

export type Organisation = typeof organisations.$inferSelect;

// 年度评价计划（省里制定）与其工种、机构。表名不变；原在 exaPlan/tables.ts，年度评价计划域拥有它们。
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organisations } from '../org/tables';

/**
 * 年度评价计划（省里制定）：某年可开展评价的职业（工种）与机构。status 0 草稿 1 已发布。
 * 机构的考试计划若有工种不在当年已发布的年度计划内，审核时提示。
 */
export const officialPlans = pgTable(
  'official_plan',
  {
    id: serial('id').primaryKey(),
    year: smallint('year').notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    status: smallint('status').notNull().default(0),
    remark: varchar('remark', { length: 500 }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('official_plan_status_chk', sql`${t.status} in (0, 1)`), index('official_plan_year_idx').on(t.year, t.status)],
);

export const officialPlanJobs = pgTable(
  'official_plan_job',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => officialPlans.id, { onDelete: 'cascade' }),
    workCode: varchar('work_code', { length: 32 }).notNull(),
    workName: varchar('work_name', { length: 64 }).notNull(),
    levels: smallint('levels').array().notNull(),
  },
  (t) => [uniqueIndex('official_plan_job_uq').on(t.planId, t.workCode)],
);

export const officialPlanOrgs = pgTable(
  'official_plan_org',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => officialPlans.id, { onDelete: 'cascade' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
  },
  (t) => [uniqueIndex('official_plan_org_uq').on(t.planId, t.orgId)],
);

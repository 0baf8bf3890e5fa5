import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * 职业：《中华人民共和国职业分类大典》(2022) 的细类，编码如 6-18-01-01；category 为大类序号 1–8（编码首位）。
 * 机构可开展的工种沿用机构域的 organisation_work（按工种编码关联，不另建表）。
 */
export const baseJobs = pgTable(
  'base_job',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 16 }).notNull().unique(),
    name: varchar('name', { length: 64 }).notNull(),
    category: smallint('category').notNull(),
    description: varchar('description', { length: 500 }),
    /** 0 启用 1 停用 */
    status: smallint('status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('base_job_category_chk', sql`${t.category} between 1 and 8`),
    check('base_job_status_chk', sql`${t.status} in (0, 1)`),
    index('base_job_name_idx').on(t.name),
    index('base_job_category_idx').on(t.category),
  ],
);

/** 工种：隶属于一个职业；编码全局唯一（多数职业的工种即职业本身，编码与职业相同）。 */
export const baseWorks = pgTable(
  'base_work',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => baseJobs.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 32 }).notNull().unique(),
    name: varchar('name', { length: 64 }).notNull(),
    /** 0 启用 1 停用 */
    status: smallint('status').notNull().default(0),
    /** 技能标准大纲（图片或 PDF 地址） */
    skillStandardUrl: varchar('skill_standard_url', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('base_work_status_chk', sql`${t.status} in (0, 1)`), index('base_work_job_idx').on(t.jobId), index('base_work_name_idx').on(t.name)],
);

/**
 * 工种的等级与申报条件：levelCode 5 五级/初级工 … 1 一级/高级技师。
 * limitType：0 不限制；1 须累计从事本职业 minYears 年；2 须持 prereqLevel 级证书后满 prereqYears 年，或累计满 minYears 年（未填则只认持证）。
 */
export const baseWorkLevels = pgTable(
  'base_work_level',
  {
    id: serial('id').primaryKey(),
    workId: integer('work_id')
      .notNull()
      .references(() => baseWorks.id, { onDelete: 'cascade' }),
    levelCode: smallint('level_code').notNull(),
    limitType: smallint('limit_type').notNull().default(0),
    minYears: smallint('min_years'),
    prereqLevel: smallint('prereq_level'),
    prereqYears: smallint('prereq_years'),
    requirement: text('requirement'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('base_work_level_code_chk', sql`${t.levelCode} between 1 and 5`),
    check('base_work_level_limit_chk', sql`${t.limitType} in (0, 1, 2)`),
    uniqueIndex('base_work_level_work_level_uq').on(t.workId, t.levelCode),
  ],
);

/** 专项职业能力（地方开发的考核项目），可关联一个职业。 */
export const baseJobSpecialSkills = pgTable(
  'base_job_special_skill',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull().unique(),
    name: varchar('name', { length: 64 }).notNull(),
    jobId: integer('job_id').references(() => baseJobs.id, { onDelete: 'set null' }),
    description: varchar('description', { length: 500 }),
    status: smallint('status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('base_job_special_skill_status_chk', sql`${t.status} in (0, 1)`), index('base_job_special_skill_job_idx').on(t.jobId), index('base_job_special_skill_name_idx').on(t.name)],
);

import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organisations } from '../org/tables';
import { examPlans } from '../exaPlan/tables';
import { examRooms, examSessions } from '../examSite/tables';

/**
 * 题库：一个评价机构、一个类别（0 技能等级认定 1 职业资格 2 专项能力 3 机关工勤）、一个工种等级一个题库。
 * 工种等级只能是机构该类别有效备案覆盖的（lib/domains/exaPlan/filed.ts）。status 0 启用 1 停用。
 */
export const questionBanks = pgTable(
  'question_bank',
  {
    id: serial('id').primaryKey(),
    kind: smallint('kind').notNull(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    cityId: integer('city_id'),
    name: varchar('name', { length: 128 }).notNull(),
    workCode: varchar('work_code', { length: 32 }).notNull(),
    workName: varchar('work_name', { length: 64 }).notNull(),
    level: smallint('level').notNull(),
    status: smallint('status').notNull().default(0),
    remark: varchar('remark', { length: 500 }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('question_bank_kind_chk', sql`${t.kind} in (0, 1, 2, 3)`),
    check('question_bank_level_chk', sql`${t.level} between 1 and 5`),
    check('question_bank_status_chk', sql`${t.status} in (0, 1)`),
    uniqueIndex('question_bank_org_work_uq').on(t.orgId, t.kind, t.workCode, t.level),
    index('question_bank_org_idx').on(t.orgId, t.kind, t.id),
    index('question_bank_city_idx').on(t.cityId, t.kind, t.id),
  ],
);

export type QuestionBank = typeof questionBanks.$inferSelect;

/** 科目：题库内的划分（如“理论知识”“操作技能”）；试卷出自一个科目 */
export const questionSubjects = pgTable(
  'question_subject',
  {
    id: serial('id').primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => questionBanks.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    name: varchar('name', { length: 64 }).notNull(),
    sort: smallint('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('question_subject_bank_name_uq').on(t.bankId, t.name), index('question_subject_org_idx').on(t.orgId)],
);

/** 知识点：每个机构每个工种一棵树（各等级共用）；parentId 0 为根 */
export const knowledgePoints = pgTable(
  'knowledge_point',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    cityId: integer('city_id'),
    workCode: varchar('work_code', { length: 32 }).notNull(),
    parentId: integer('parent_id').notNull().default(0),
    name: varchar('name', { length: 100 }).notNull(),
    sort: smallint('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('knowledge_point_name_uq').on(t.orgId, t.workCode, t.parentId, t.name), index('knowledge_point_parent_idx').on(t.parentId)],
);

/**
 * 试题。type 见 schemas.ts 的 QUESTION_TYPE（single 单选、multiple 多选、judge 判断、fill 填空、short 简答、task 实操）；
 * difficulty 1 易 … 5 难；options 为选择题的选项 [{key, text}]；status 0 启用 1 停用。
 * rand 是插入时取的随机数：按规则组卷时在 (题库, 科目, 题型, [知识点, 难度,] rand) 索引上按种子取点抽题，不必对整库 ORDER BY random()。
 */
export const questions = pgTable(
  'question',
  {
    id: serial('id').primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => questionBanks.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => questionSubjects.id),
    kpId: integer('kp_id')
      .notNull()
      .references(() => knowledgePoints.id),
    type: varchar('type', { length: 8 }).notNull(),
    difficulty: smallint('difficulty').notNull(),
    stem: text('stem').notNull(),
    options: jsonb('options').$type<{ key: string; text: string }[]>().notNull().default([]),
    answer: text('answer').notNull(),
    analysis: text('analysis'),
    /** 建议分值 */
    score: numeric('score', { precision: 5, scale: 1 }).notNull().default('1'),
    status: smallint('status').notNull().default(0),
    rand: doublePrecision('rand')
      .notNull()
      .default(sql`random()`),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('question_type_chk', sql`${t.type} in ('single', 'multiple', 'judge', 'fill', 'short', 'task')`),
    check('question_difficulty_chk', sql`${t.difficulty} between 1 and 5`),
    check('question_status_chk', sql`${t.status} in (0, 1)`),
    index('question_bank_idx').on(t.bankId, t.id),
    index('question_kp_idx').on(t.kpId),
    index('question_subject_idx').on(t.subjectId),
    // 组卷（compose.ts）：按 rand 取点与限量计数。不限知识点或按知识点子树的规则走前一个，知识点与难度都定的走后一个
    index('question_compose_rand_idx')
      .on(t.bankId, t.subjectId, t.type, t.rand)
      .where(sql`${t.status} = 0`),
    index('question_compose_idx')
      .on(t.bankId, t.subjectId, t.type, t.kpId, t.difficulty, t.rand)
      .where(sql`${t.status} = 0`),
  ],
);

export type Question = typeof questions.$inferSelect;

/**
 * 试卷：出自一个题库的一个科目。mode 1 手工组卷 2 按规则组卷（rules 为规则、seed 为抽题种子，同一种子同一题库抽出同一份）。
 * status 0 启用 1 停用。被考试使用（paper_use）的试卷不能修改或删除。
 */
export const papers = pgTable(
  'paper',
  {
    id: serial('id').primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => questionBanks.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => questionSubjects.id),
    kind: smallint('kind').notNull(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    cityId: integer('city_id'),
    workCode: varchar('work_code', { length: 32 }).notNull(),
    workName: varchar('work_name', { length: 64 }).notNull(),
    level: smallint('level').notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    mode: smallint('mode').notNull(),
    rules: jsonb('rules').$type<unknown[]>(),
    seed: varchar('seed', { length: 32 }),
    totalScore: numeric('total_score', { precision: 6, scale: 1 }).notNull().default('0'),
    questionCount: integer('question_count').notNull().default(0),
    durationMinutes: smallint('duration_minutes'),
    status: smallint('status').notNull().default(0),
    remark: varchar('remark', { length: 500 }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('paper_kind_chk', sql`${t.kind} in (0, 1, 2, 3)`),
    check('paper_mode_chk', sql`${t.mode} in (1, 2)`),
    check('paper_status_chk', sql`${t.status} in (0, 1)`),
    index('paper_org_idx').on(t.orgId, t.id),
    index('paper_city_idx').on(t.cityId, t.id),
    index('paper_bank_idx').on(t.bankId),
  ],
);

export type Paper = typeof papers.$inferSelect;

/** 试卷的题目与分值，按 sort 排列（显示时按题型分大题） */
export const paperQuestions = pgTable(
  'paper_question',
  {
    id: serial('id').primaryKey(),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id),
    sort: integer('sort').notNull(),
    score: numeric('score', { precision: 5, scale: 1 }).notNull(),
  },
  (t) => [uniqueIndex('paper_question_uq').on(t.paperId, t.questionId), index('paper_question_paper_idx').on(t.paperId, t.sort), index('paper_question_question_idx').on(t.questionId)],
);

/** 试卷用在考试的某场次（roomId 为空即整个场次）的某考场：每个 (场次, 考场) 一份试卷 */
export const paperUses = pgTable(
  'paper_use',
  {
    id: serial('id').primaryKey(),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => examSessions.id, { onDelete: 'cascade' }),
    roomId: integer('room_id').references(() => examRooms.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('paper_use_slot_uq').on(t.sessionId, sql`coalesce(${t.roomId}, 0)`),
    index('paper_use_paper_idx').on(t.paperId),
    index('paper_use_plan_idx').on(t.planId),
  ],
);

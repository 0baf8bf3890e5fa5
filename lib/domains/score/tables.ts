import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, smallint, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { examPlans } from '../exaPlan/tables';
import { examinees } from '../examinee/tables';
import { historyColumns, statusHistoryColumns } from '@/lib/platform/workflow/history';

/**
 * 成绩：一名考生一个科目一行（科目 1 理论知识 2 操作技能 3 综合评审，即计划安排的考试科目）。
 * score 0–100（一位小数），标记 mark 0 正常 1 缺考 2 违纪（作弊）时没有分数。
 * status 0 已录入（暂存，录入人可改）1 已提交（之后只能经“更正”修改，须填原因，见 exam_score_correction）。
 * sessionId 为考生该科目所在的场次（录入权限按它查考评员），orgId、cityId 随计划（范围过滤）。
 */
export const examScores = pgTable(
  'exam_score',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    examineeId: integer('examinee_id')
      .notNull()
      .references(() => examinees.id, { onDelete: 'cascade' }),
    subject: smallint('subject').notNull(),
    sessionId: integer('session_id'),
    score: numeric('score', { precision: 4, scale: 1 }),
    mark: smallint('mark').notNull().default(0),
    status: smallint('status').notNull().default(0),
    enteredBy: integer('entered_by'),
    enteredByName: varchar('entered_by_name', { length: 64 }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('exam_score_subject_chk', sql`${t.subject} in (1, 2, 3)`),
    check('exam_score_mark_chk', sql`${t.mark} in (0, 1, 2)`),
    check('exam_score_status_chk', sql`${t.status} in (0, 1)`),
    check('exam_score_value_chk', sql`(${t.mark} = 0 and ${t.score} between 0 and 100) or (${t.mark} <> 0 and ${t.score} is null)`),
    uniqueIndex('exam_score_examinee_subject_uq').on(t.examineeId, t.subject),
    // 成绩只经计划或考生读取（范围按计划查）：org_id、city_id 不单独建索引，大批导入少维护两个索引
    index('exam_score_plan_idx').on(t.planId, t.subject, t.status),
  ],
);

export type ExamScore = typeof examScores.$inferSelect;

/**
 * 一名考生的结果（按 rules.ts 的合格规则由各科成绩算出，成绩每次变动后重算）：列表按结果筛选、证书名单、各计划合计用它。
 * result 0 待定（还有科目未提交）1 合格 2 不合格。
 */
export const examResults = pgTable(
  'exam_result',
  {
    examineeId: integer('examinee_id')
      .primaryKey()
      .references(() => examinees.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    result: smallint('result').notNull().default(0),
    reason: varchar('reason', { length: 200 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('exam_result_result_chk', sql`${t.result} in (0, 1, 2)`), index('exam_result_plan_idx').on(t.planId, t.result, t.examineeId)],
);

/** 已提交成绩的更正：改前改后、原因、谁、何时（成绩的更正历史） */
export const examScoreCorrections = pgTable(
  'exam_score_correction',
  {
    id: serial('id').primaryKey(),
    scoreId: integer('score_id')
      .notNull()
      .references(() => examScores.id, { onDelete: 'cascade' }),
    planId: integer('plan_id').notNull(),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    examineeId: integer('examinee_id').notNull(),
    subject: smallint('subject').notNull(),
    beforeScore: numeric('before_score', { precision: 4, scale: 1 }),
    beforeMark: smallint('before_mark').notNull(),
    afterScore: numeric('after_score', { precision: 4, scale: 1 }),
    afterMark: smallint('after_mark').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    /** 因公示期异议而更正时的异议 */
    objectionId: integer('objection_id'),
    actorId: integer('actor_id'),
    actorName: varchar('actor_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exam_score_correction_score_idx').on(t.scoreId, t.createdAt), index('exam_score_correction_examinee_idx').on(t.examineeId, t.createdAt), index('exam_score_correction_plan_idx').on(t.planId)],
);

/**
 * 成绩公示：一份计划一次（第 6 步开始，不能提前结束）。endsAt 为第 workingDays 个工作日（周一至周五）结束时（北京时间 24:00）。
 * publicCode 为公开页面的地址参数（随机 uuid，不可猜）。
 */
export const scorePublicities = pgTable(
  'score_publicity',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    publicCode: uuid('public_code').notNull().defaultRandom(),
    workingDays: smallint('working_days').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    startedBy: integer('started_by'),
    startedByName: varchar('started_by_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('score_publicity_period_chk', sql`${t.endsAt} > ${t.startsAt}`),
    uniqueIndex('score_publicity_plan_uq').on(t.planId),
    uniqueIndex('score_publicity_code_uq').on(t.publicCode),
    index('score_publicity_org_idx').on(t.orgId, t.id),
    index('score_publicity_city_idx').on(t.cityId, t.id),
  ],
);

export type ScorePublicity = typeof scorePublicities.$inferSelect;

/**
 * 公示期间的异议：谁提出、内容、涉及的考生（可空）；status 0 待处理 1 已处理（处理意见、谁、何时）。
 * 有待处理的异议时计划不能离开第 6 步。
 */
export const scoreObjections = pgTable(
  'score_objection',
  {
    id: serial('id').primaryKey(),
    publicityId: integer('publicity_id')
      .notNull()
      .references(() => scorePublicities.id, { onDelete: 'cascade' }),
    planId: integer('plan_id').notNull(),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    examineeId: integer('examinee_id').references(() => examinees.id, { onDelete: 'set null' }),
    raisedBy: varchar('raised_by', { length: 64 }).notNull(),
    contact: varchar('contact', { length: 20 }),
    content: varchar('content', { length: 500 }).notNull(),
    status: smallint('status').notNull().default(0),
    resolution: varchar('resolution', { length: 500 }),
    recordedBy: integer('recorded_by'),
    recordedByName: varchar('recorded_by_name', { length: 64 }).notNull(),
    resolvedBy: integer('resolved_by'),
    resolvedByName: varchar('resolved_by_name', { length: 64 }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('score_objection_status_chk', sql`${t.status} in (0, 1)`),
    check('score_objection_resolved_chk', sql`${t.status} = 0 or ${t.resolution} is not null`),
    index('score_objection_publicity_idx').on(t.publicityId, t.status),
    index('score_objection_plan_idx').on(t.planId, t.status),
    index('score_objection_org_idx').on(t.orgId),
    index('score_objection_city_idx').on(t.cityId),
  ],
);

/** 公示异议的处理历史（工作流引擎写） */
export const scoreObjectionHistory = pgTable(
  'score_objection_history',
  {
    ...historyColumns(),
    ...statusHistoryColumns(),
    objectionId: integer('objection_id')
      .notNull()
      .references(() => scoreObjections.id, { onDelete: 'cascade' }),
  },
  (t) => [index('score_objection_history_objection_idx').on(t.objectionId, t.createdAt)],
);

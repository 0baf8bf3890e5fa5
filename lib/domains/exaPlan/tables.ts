import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { historyColumns } from '../../platform/workflow/history';
import { organisations } from '../org/tables';
import { filings } from '../filing/tables';

/**
 * 考试计划（SPEC §3 计划类型 kind 0–3，计划步骤 step 0–9）。
 * 位置 = (step, state)：step 为流程步骤，state 为该步内的办理状态（见 transitions.ts 的 PLAN_STATE），
 * 二者只经 transitions.ts 的转换表改变。cityId、orgId 取自机构（范围过滤）；filingId 为计划所依据的已完成备案。
 */
export const examPlans = pgTable(
  'exam_plan',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull().unique(),
    kind: smallint('kind').notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    cityId: integer('city_id'),
    filingId: integer('filing_id')
      .notNull()
      .references(() => filings.id),
    step: smallint('step').notNull().default(0),
    state: smallint('state').notNull().default(0),
    /** 考试安排类型（0 不安排 1 理论知识 2 操作技能（现场） 3 综合评审（答辩）），至少一项 */
    arrangeTypes: smallint('arrange_types').array().notNull(),
    examStartDate: date('exam_start_date').notNull(),
    examEndDate: date('exam_end_date').notNull(),
    expectedCount: integer('expected_count').notNull(),
    /** 每人考试费（元） */
    fee: numeric('fee', { precision: 10, scale: 2 }).notNull().default('0'),
    contactName: varchar('contact_name', { length: 64 }).notNull(),
    contactPhone: varchar('contact_phone', { length: 20 }).notNull(),
    remark: varchar('remark', { length: 500 }),
    /** 最近一次审核（或退回、取消）的意见 */
    lastOpinion: varchar('last_opinion', { length: 500 }),
    /** 审核时提示：计划的工种不在当年的年度评价计划内（提交时算出） */
    officialPlanWarning: varchar('official_plan_warning', { length: 500 }),
    cancelReason: varchar('cancel_reason', { length: 500 }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** 计划审核通过（进入第 1 步）的时间 */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('exam_plan_kind_chk', sql`${t.kind} in (0, 1, 2, 3)`),
    check('exam_plan_step_chk', sql`${t.step} between 0 and 9`),
    check('exam_plan_state_chk', sql`${t.state} in (0, 1, 2, 3, 9)`),
    check('exam_plan_dates_chk', sql`${t.examEndDate} >= ${t.examStartDate}`),
    check('exam_plan_expected_chk', sql`${t.expectedCount} > 0`),
    index('exam_plan_org_idx').on(t.orgId, t.kind, t.id),
    index('exam_plan_city_idx').on(t.cityId, t.kind, t.id),
    index('exam_plan_kind_step_idx').on(t.kind, t.step, t.state),
    index('exam_plan_filing_idx').on(t.filingId),
    // 首页分析与大屏按创建时间计数（近七天、按月趋势），各范围一条：见 docs/DASHBOARD.md
    index('exam_plan_created_idx').on(t.createdAt),
    index('exam_plan_city_created_idx').on(t.cityId, t.createdAt),
    index('exam_plan_org_created_idx').on(t.orgId, t.createdAt),
  ],
);

export type ExamPlan = typeof examPlans.$inferSelect;

/** 计划的工种与等级（只能是机构已完成备案覆盖的工种与等级），一行一个工种一个等级 */
export const examPlanWorks = pgTable(
  'exam_plan_work',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id, { onDelete: 'cascade' }),
    workCode: varchar('work_code', { length: 32 }).notNull(),
    workName: varchar('work_name', { length: 64 }).notNull(),
    /** 等级 5 五级/初级工 … 1 一级/高级技师 */
    level: smallint('level').notNull(),
    /** 该工种等级的计划人数（可空） */
    expectedCount: integer('expected_count'),
  },
  (t) => [check('exam_plan_work_level_chk', sql`${t.level} between 1 and 5`), uniqueIndex('exam_plan_work_uq').on(t.planId, t.workCode, t.level), index('exam_plan_work_code_idx').on(t.workCode)],
);

/** 计划的每一步办理：谁、何时、从哪一位置到哪一位置、意见（时间线） */
export const examPlanHistory = pgTable(
  'exam_plan_history',
  {
    ...historyColumns(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id, { onDelete: 'cascade' }),
    // 位置由两列组成：共用的 fromStatus/toStatus 不够，按列记下
    fromStep: smallint('from_step').notNull(),
    fromState: smallint('from_state').notNull(),
    toStep: smallint('to_step').notNull(),
    toState: smallint('to_state').notNull(),
  },
  (t) => [index('exam_plan_history_plan_idx').on(t.planId, t.createdAt)],
);

/**
 * 步骤审核配置（exaPlanStepAuditing）：某类计划离开某一步（1–8）前是否须经市级审核。
 * 没有配置行的步骤不需审核（机构自行进入下一步，仍须满足该步的条件）。第 0 步（计划审核）总要审核，不在此配置。
 */
export const examPlanStepAudits = pgTable(
  'exam_plan_step_audit',
  {
    kind: smallint('kind').notNull(),
    step: smallint('step').notNull(),
    required: boolean('required').notNull().default(true),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.step] }), check('exam_plan_step_audit_step_chk', sql`${t.step} between 1 and 8`)],
);

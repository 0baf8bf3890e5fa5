import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { blindIndexColumn, sealedText } from '@/lib/platform/crypto/columns';
import { historyColumns, statusHistoryColumns } from '../../platform/workflow/history';
import { trainClasses, trainStudents } from '../trainClass/tables';

/**
 * 补贴标准（TrainTypeSubsidy / TrainWorkSubsidy / 生活交通补贴的日标准）。kind：
 * 'type' 按培训类型（subject = 培训类型字典值），结业即可享受的每人金额；
 * 'work' 按工种 × 等级（subject = 工种代码:等级），考核合格（取证）的每人金额；
 * 'living' 生活交通补贴（subject = 人员类别字典值），每天的金额。
 * 同一市、同一 kind + subject 的各版本有效期不重叠；被补贴申请用过的版本不能再改（standard_id 有引用），只能新建下一版（version + 1）。
 */
export const subsidyStandards = pgTable(
  'subsidy_standard',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 8 }).notNull(),
    cityId: integer('city_id').notNull(),
    /** 年度（取自生效日期） */
    year: smallint('year').notNull(),
    subject: varchar('subject', { length: 48 }).notNull(),
    trainType: varchar('train_type', { length: 16 }),
    workCode: varchar('work_code', { length: 32 }),
    workName: varchar('work_name', { length: 64 }),
    level: smallint('level'),
    groupCode: varchar('group_code', { length: 16 }),
    /** 元（整数）：type / work 为每人，living 为每天 */
    amount: integer('amount').notNull(),
    /** 出勤学时不少于班级学时的百分之几才可享受 */
    minAttendance: smallint('min_attendance').notNull().default(80),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to').notNull(),
    version: smallint('version').notNull().default(1),
    previousId: integer('previous_id'),
    remark: varchar('remark', { length: 300 }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('subsidy_standard_kind_chk', sql`${t.kind} in ('type', 'work', 'living')`),
    check('subsidy_standard_amount_chk', sql`${t.amount} between 0 and 100000`),
    check('subsidy_standard_attendance_chk', sql`${t.minAttendance} between 0 and 100`),
    check('subsidy_standard_valid_chk', sql`${t.validTo} >= ${t.validFrom}`),
    uniqueIndex('subsidy_standard_version_uq').on(t.kind, t.cityId, t.subject, t.version),
    index('subsidy_standard_lookup_idx').on(t.kind, t.cityId, t.subject, t.validFrom),
    index('subsidy_standard_city_idx').on(t.cityId, t.kind, t.year, t.id),
    index('subsidy_standard_kind_idx').on(t.kind, t.year, t.id),
  ],
);

export type SubsidyStandard = typeof subsidyStandards.$inferSelect;

/**
 * 补贴申请：已考核的培训班按批申请（kind 'train' 培训补贴、'living' 生活交通补贴），一个班可分几批（如证书陆续下发）；退回后改了再交。
 * 同一人被两批（或两个班）重复申请由核查发现（duplicate），不靠唯一键。
 * status 只经 transitions.ts 的转换表改变。金额由服务端按标准、出勤、结业与考核结果算出（claimed_amount 申请额，approved_amount 批准额）。
 */
export const subsidyApplies = pgTable(
  'subsidy_apply',
  {
    id: serial('id').primaryKey(),
    /** BT + 年份 + 6 位序号 */
    code: varchar('code', { length: 32 }).notNull().unique(),
    kind: varchar('kind', { length: 8 }).notNull(),
    classId: integer('class_id')
      .notNull()
      .references(() => trainClasses.id),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    countyId: integer('county_id'),
    /** 年度：班级结业日期的年份（资金账户按它选） */
    year: smallint('year').notNull(),
    status: smallint('status').notNull().default(0),
    studentCount: integer('student_count').notNull().default(0),
    claimedAmount: integer('claimed_amount').notNull().default(0),
    approvedAmount: integer('approved_amount').notNull().default(0),
    /** 有阻断性核查问题的学员数（提交与复核时重算） */
    blockedCount: integer('blocked_count').notNull().default(0),
    flaggedCount: integer('flagged_count').notNull().default(0),
    lastOpinion: varchar('last_opinion', { length: 500 }),
    cityApproverId: integer('city_approver_id'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('subsidy_apply_kind_chk', sql`${t.kind} in ('train', 'living')`),
    check('subsidy_apply_status_chk', sql`${t.status} between 0 and 7`),
    check('subsidy_apply_amount_chk', sql`${t.claimedAmount} >= 0 and ${t.approvedAmount} >= 0 and ${t.approvedAmount} <= ${t.claimedAmount}`),
    index('subsidy_apply_class_idx').on(t.classId, t.kind),
    index('subsidy_apply_org_idx').on(t.orgId, t.kind, t.id),
    index('subsidy_apply_city_idx').on(t.cityId, t.kind, t.status, t.id),
    index('subsidy_apply_county_idx').on(t.countyId, t.id),
    index('subsidy_apply_status_idx').on(t.kind, t.status, t.id),
  ],
);

export type SubsidyApply = typeof subsidyApplies.$inferSelect;

/** 一条核查结果：code 规则、block 是否阻断（须逐人驳回才能通过）、message 说明、evidence 证据（冲突的申请、班级、证书） */
export interface CheckFlag {
  code: 'duplicate' | 'overlap' | 'idNumber' | 'attendance' | 'certificate';
  block: boolean;
  message: string;
  evidence?: Record<string, string | number | null>;
}

/**
 * 申请里的一名学员：学员快照、服务端算出的金额（amount）与不享受的原因（ineligible）、核查结果（flags）、
 * 市级逐人的决定（decision 0 未定 1 同意 2 不同意，不同意须写原因）。
 */
export const subsidyItems = pgTable(
  'subsidy_item',
  {
    id: serial('id').primaryKey(),
    applyId: integer('apply_id')
      .notNull()
      .references(() => subsidyApplies.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    studentId: integer('student_id')
      .notNull()
      .references(() => trainStudents.id),
    name: varchar('name', { length: 32 }).notNull(),
    idNumber: sealedText('id_number', { kind: 'idNumber', index: 'id_number_bidx' }).notNull(),
    /** 盲索引（HMAC-SM3），查找与唯一约束用它；见 docs/SECURITY.md「个人信息加密」 */
    idNumberIndex: blindIndexColumn('id_number_bidx'),
    workCode: varchar('work_code', { length: 32 }).notNull(),
    level: smallint('level').notNull(),
    attendedHours: smallint('attended_hours'),
    classHours: smallint('class_hours').notNull(),
    completion: smallint('completion').notNull(),
    /** 考核结果：0 无记录 1 合格 2 不合格（取自成绩） */
    assessResult: smallint('assess_result').notNull().default(0),
    certNo: varchar('cert_no', { length: 64 }),
    bankName: varchar('bank_name', { length: 64 }),
    bankAccount: sealedText('bank_account', { kind: 'bankAccount' }),
    groupCode: varchar('group_code', { length: 16 }),
    days: smallint('days'),
    dailyRate: integer('daily_rate'),
    standardId: integer('standard_id').references(() => subsidyStandards.id),
    amount: integer('amount').notNull().default(0),
    ineligible: varchar('ineligible', { length: 200 }),
    flags: jsonb('flags').$type<CheckFlag[]>().notNull().default([]),
    decision: smallint('decision').notNull().default(0),
    decisionReason: varchar('decision_reason', { length: 300 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('subsidy_item_decision_chk', sql`${t.decision} in (0, 1, 2)`),
    check('subsidy_item_amount_chk', sql`${t.amount} >= 0`),
    uniqueIndex('subsidy_item_apply_student_uq').on(t.applyId, t.studentId),
    index('subsidy_item_apply_idx').on(t.applyId, t.id),
    index('subsidy_item_person_idx').on(t.idNumberIndex, t.workCode, t.level),
    index('subsidy_item_standard_idx').on(t.standardId),
    index('subsidy_item_student_idx').on(t.studentId),
  ],
);

export type SubsidyItem = typeof subsidyItems.$inferSelect;

/** 申请的每一步办理：谁、何时、从何状态到何状态、意见 */
export const subsidyHistory = pgTable(
  'subsidy_history',
  {
    id: serial('id').primaryKey(),
    applyId: integer('apply_id')
      .notNull()
      .references(() => subsidyApplies.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 32 }).notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status'),
    opinion: varchar('opinion', { length: 500 }),
    actorId: integer('actor_id'),
    actorName: varchar('actor_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subsidy_history_apply_idx').on(t.applyId, t.createdAt)],
);

/** 逐人决定的每一步（同意、不同意）：谁、何时、从何决定到何决定、原因（subsidy_item.decision 的状态机，workflow.ts） */
export const subsidyItemHistory = pgTable(
  'subsidy_item_history',
  {
    ...historyColumns(),
    ...statusHistoryColumns(),
    itemId: integer('item_id')
      .notNull()
      .references(() => subsidyItems.id, { onDelete: 'cascade' }),
    applyId: integer('apply_id')
      .notNull()
      .references(() => subsidyApplies.id, { onDelete: 'cascade' }),
  },
  (t) => [index('subsidy_item_history_item_idx').on(t.itemId, t.createdAt), index('subsidy_item_history_apply_idx').on(t.applyId, t.createdAt)],
);

/** 资金账户：每市每年度一个。余额不存：一律由流水求和（fund_movement）。 */
export const fundAccounts = pgTable(
  'fund_account',
  {
    id: serial('id').primaryKey(),
    cityId: integer('city_id').notNull(),
    year: smallint('year').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    remark: varchar('remark', { length: 300 }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fund_account_city_year_uq').on(t.cityId, t.year), index('fund_account_year_idx').on(t.year, t.id)],
);

export type FundAccount = typeof fundAccounts.$inferSelect;

/**
 * 资金流水（只增不改）：allocate 拨入、reduce 调减、commit 承诺（财务审批通过、待拨付）、pay 拨付（兑现承诺）。
 * 可用余额 = 拨入 − 调减 − 承诺；待拨付 = 承诺 − 拨付；已拨付 = 拨付。金额为正整数（元）。
 */
export const fundMovements = pgTable(
  'fund_movement',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => fundAccounts.id),
    cityId: integer('city_id').notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    amount: integer('amount').notNull(),
    applyId: integer('apply_id').references(() => subsidyApplies.id),
    note: varchar('note', { length: 300 }),
    actorId: integer('actor_id'),
    actorName: varchar('actor_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('fund_movement_kind_chk', sql`${t.kind} in ('allocate', 'reduce', 'commit', 'pay')`),
    check('fund_movement_amount_chk', sql`${t.amount} > 0`),
    index('fund_movement_account_idx').on(t.accountId, t.id),
    index('fund_movement_city_idx').on(t.cityId, t.id),
    index('fund_movement_apply_idx').on(t.applyId),
  ],
);

export type FundMovement = typeof fundMovements.$inferSelect;

/**
 * 年度目标任务（AnnualTarget）：省级给各市下达（county_id 为空），市级再分解到本市各县区（county_id 为县区代码，parent_id 指向本市的目标）。
 * 培训人数、取证人数、补贴资金（元）三项；各县区分解之和不超过本市目标。完成情况不存：由培训班、证书与补贴申请的实际数据算出。
 */
export const annualTargets = pgTable(
  'annual_target',
  {
    id: serial('id').primaryKey(),
    year: smallint('year').notNull(),
    cityId: integer('city_id').notNull(),
    countyId: integer('county_id'),
    parentId: integer('parent_id'),
    trained: integer('trained').notNull(),
    certified: integer('certified').notNull(),
    budget: integer('budget').notNull(),
    /** 0 草稿 1 已下达（targets-transitions.ts）；下达之前只有下达方看得到，县区的分解须本市目标已下达 */
    status: smallint('status').notNull().default(1),
    remark: varchar('remark', { length: 300 }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('annual_target_values_chk', sql`${t.trained} >= 0 and ${t.certified} >= 0 and ${t.budget} >= 0`),
    check('annual_target_status_chk', sql`${t.status} in (0, 1)`),
    uniqueIndex('annual_target_city_uq').on(t.year, t.cityId).where(sql`${t.countyId} is null`),
    uniqueIndex('annual_target_county_uq').on(t.year, t.countyId).where(sql`${t.countyId} is not null`),
    index('annual_target_city_idx').on(t.cityId, t.year),
    index('annual_target_county_idx').on(t.countyId, t.year),
  ],
);

export type AnnualTarget = typeof annualTargets.$inferSelect;

/** 年度目标的每一步（下达、撤回） */
export const annualTargetHistory = pgTable(
  'annual_target_history',
  {
    ...historyColumns(),
    ...statusHistoryColumns(),
    targetId: integer('target_id')
      .notNull()
      .references(() => annualTargets.id, { onDelete: 'cascade' }),
  },
  (t) => [index('annual_target_history_target_idx').on(t.targetId, t.createdAt)],
);

/**
 * 培训券（CouponList）：市级（或省级为某市）发给个人，面额（元）与有效期；本人报名该市的培训班时由开班机构核销（兑付到班级）。
 * status 0 未使用 1 已使用 2 已作废；一张券只能核销一次（条件更新 status = 0 → 1）。核销后 org_id 为开班机构（机构按它看到券）。
 */
export const trainingCoupons = pgTable(
  'training_coupon',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull().unique(),
    cityId: integer('city_id').notNull(),
    orgId: integer('org_id'),
    name: varchar('name', { length: 32 }).notNull(),
    idNumber: sealedText('id_number', { kind: 'idNumber', index: 'id_number_bidx' }).notNull(),
    /** 盲索引（HMAC-SM3），查找与唯一约束用它；见 docs/SECURITY.md「个人信息加密」 */
    idNumberIndex: blindIndexColumn('id_number_bidx'),
    faceValue: integer('face_value').notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to').notNull(),
    status: smallint('status').notNull().default(0),
    classId: integer('class_id').references(() => trainClasses.id),
    studentId: integer('student_id'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('training_coupon_status_chk', sql`${t.status} in (0, 1, 2)`),
    check('training_coupon_value_chk', sql`${t.faceValue} between 1 and 100000`),
    check('training_coupon_valid_chk', sql`${t.validTo} >= ${t.validFrom}`),
    check('training_coupon_redeemed_chk', sql`${t.status} <> 1 or ${t.classId} is not null`),
    index('training_coupon_person_idx').on(t.idNumberIndex, t.status),
    index('training_coupon_city_idx').on(t.cityId, t.status, t.id),
    index('training_coupon_org_idx').on(t.orgId, t.id),
    index('training_coupon_class_idx').on(t.classId),
  ],
);

export type TrainingCoupon = typeof trainingCoupons.$inferSelect;

/** 培训券的每一步（核销、作废、恢复）；进班与移出班级时的自动核销、退回由培训班模块成批办理，记在操作日志 */
export const trainingCouponHistory = pgTable(
  'training_coupon_history',
  {
    ...historyColumns(),
    ...statusHistoryColumns(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => trainingCoupons.id, { onDelete: 'cascade' }),
  },
  (t) => [index('training_coupon_history_coupon_idx').on(t.couponId, t.createdAt)],
);

/** 台账里一名学员的一行（登记与提交时由实际数据算出，审批通过后不再变） */
export interface StandingBookLine {
  studentId: number;
  name: string;
  /** 脱敏证件号 */
  idNumber: string;
  attendedHours: number | null;
  completion: number;
  /** 考核结果 0 无记录 1 合格 2 不合格 */
  assessResult: number;
  certNo: string | null;
  claimed: number;
  approved: number;
  paid: number;
}

/**
 * 培训台账（StandingBookManage / StandingBookApprove / StandingBookSearch）：每个已结业的班一本，开班机构登记并提交，
 * 班级所在市的市级审批（通过或退回）。汇总列与学员明细（lines）在登记、刷新与提交时由培训班、出勤、成绩、证书与补贴申请的实际数据算出，
 * 审批通过后即为定稿，不再变化。status 只经 standing.ts 的转换表改变。
 */
export const standingBooks = pgTable(
  'standing_book',
  {
    id: serial('id').primaryKey(),
    /** TZ + 年份 + 6 位序号 */
    code: varchar('code', { length: 32 }).notNull().unique(),
    classId: integer('class_id')
      .notNull()
      .references(() => trainClasses.id),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    countyId: integer('county_id'),
    /** 班级结业日期的年份 */
    year: smallint('year').notNull(),
    status: smallint('status').notNull().default(0),
    studentCount: integer('student_count').notNull().default(0),
    completedCount: integer('completed_count').notNull().default(0),
    classHours: smallint('class_hours').notNull().default(0),
    /** 全班出勤学时之和 */
    attendedHours: integer('attended_hours').notNull().default(0),
    passedCount: integer('passed_count').notNull().default(0),
    certifiedCount: integer('certified_count').notNull().default(0),
    subsidyClaimed: integer('subsidy_claimed').notNull().default(0),
    subsidyApproved: integer('subsidy_approved').notNull().default(0),
    subsidyPaid: integer('subsidy_paid').notNull().default(0),
    lines: jsonb('lines').$type<StandingBookLine[]>().notNull().default([]),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
    remark: varchar('remark', { length: 500 }),
    lastOpinion: varchar('last_opinion', { length: 500 }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approverId: integer('approver_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('standing_book_status_chk', sql`${t.status} between 0 and 3`),
    uniqueIndex('standing_book_class_uq').on(t.classId),
    index('standing_book_org_idx').on(t.orgId, t.id),
    index('standing_book_city_idx').on(t.cityId, t.status, t.id),
    index('standing_book_county_idx').on(t.countyId, t.id),
    index('standing_book_status_idx').on(t.status, t.id),
    index('standing_book_year_idx').on(t.year, t.id),
  ],
);

export type StandingBook = typeof standingBooks.$inferSelect;

/** 台账的每一步办理：谁、何时、从何状态到何状态、意见 */
export const standingBookHistory = pgTable(
  'standing_book_history',
  {
    id: serial('id').primaryKey(),
    bookId: integer('book_id')
      .notNull()
      .references(() => standingBooks.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 32 }).notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status'),
    opinion: varchar('opinion', { length: 500 }),
    actorId: integer('actor_id'),
    actorName: varchar('actor_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('standing_book_history_book_idx').on(t.bookId, t.createdAt)],
);

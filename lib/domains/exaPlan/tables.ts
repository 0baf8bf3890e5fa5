import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organisations } from '../org/tables';
import { filings } from '../filing/tables';
import { stagedImportColumns, stagedImportStatusCheck } from '../file/staged-import-columns';

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
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 32 }).notNull(),
    fromStep: smallint('from_step').notNull(),
    fromState: smallint('from_state').notNull(),
    toStep: smallint('to_step').notNull(),
    toState: smallint('to_state').notNull(),
    opinion: varchar('opinion', { length: 500 }),
    actorId: integer('actor_id'),
    actorName: varchar('actor_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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

/**
 * 考生：一人在一个计划的一个工种只报一次。性别、出生日期由证件号推出。
 * qualification：0 符合 1 提示（可考，审核时看到原因）2 不符合（不能安排考场）；原因见 qualificationReason。
 * ticketNo 准考证号（安排考场时生成，计划内唯一）。orgId、cityId 随计划（范围过滤、分页索引）。
 */
export const examinees = pgTable(
  'examinee',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    name: varchar('name', { length: 32 }).notNull(),
    idNumber: varchar('id_number', { length: 18 }).notNull(),
    gender: varchar('gender', { length: 2 }),
    birthDate: date('birth_date'),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    workCode: varchar('work_code', { length: 32 }).notNull(),
    workName: varchar('work_name', { length: 64 }).notNull(),
    level: smallint('level').notNull(),
    education: varchar('education', { length: 16 }),
    /** 从事本职业年限 */
    workYears: smallint('work_years'),
    company: varchar('company', { length: 128 }),
    /** 已有证书：等级与取得日期（申报条件用） */
    priorLevel: smallint('prior_level'),
    priorCertDate: date('prior_cert_date'),
    photoUrl: varchar('photo_url', { length: 300 }),
    qualification: smallint('qualification').notNull().default(0),
    qualificationReason: varchar('qualification_reason', { length: 500 }),
    ticketNo: varchar('ticket_no', { length: 32 }),
    importId: integer('import_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('examinee_level_chk', sql`${t.level} between 1 and 5`),
    check('examinee_qualification_chk', sql`${t.qualification} in (0, 1, 2)`),
    uniqueIndex('examinee_plan_person_work_uq').on(t.planId, t.idNumber, t.workCode),
    uniqueIndex('examinee_plan_ticket_uq').on(t.planId, t.ticketNo),
    index('examinee_plan_idx').on(t.planId, t.id),
    // 考生列表按工种等级筛选、按 id 分页：覆盖索引上的键集与延迟关联（lib/domains/examinee/service.ts listExaminees）
    index('examinee_plan_work_idx').on(t.planId, t.workCode, t.level, t.id),
    index('examinee_org_idx').on(t.orgId, t.id),
    index('examinee_city_idx').on(t.cityId, t.id),
    index('examinee_id_number_idx').on(t.idNumber),
    // 首页分析与大屏按创建时间计数（近七天、按月趋势），各范围一条：见 docs/DASHBOARD.md
    index('examinee_created_idx').on(t.createdAt),
    index('examinee_city_created_idx').on(t.cityId, t.createdAt),
    index('examinee_org_created_idx').on(t.orgId, t.createdAt),
  ],
);

export type Examinee = typeof examinees.$inferSelect;

/**
 * 考生导入：先预览（解析、校验，不写考生），再确认写入或放弃。
 * status 0 待确认（未了结的导入，挡住第 2 → 3 步）1 已写入 2 已放弃。文件经上传服务保存（fileUrl）。
 */
export const examineeImports = pgTable(
  'examinee_import',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id, { onDelete: 'cascade' }),
    ...stagedImportColumns({ withErrorCount: true }),
  },
  (t) => [stagedImportStatusCheck('examinee_import', t.status), index('examinee_import_plan_idx').on(t.planId, t.status)],
);

/** 计划的考点：取自机构备案的考点（filing_site，siteType = examSite） */
export const examSites = pgTable(
  'exam_site',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    filingSiteId: integer('filing_site_id').notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    address: varchar('address', { length: 200 }).notNull(),
    contactName: varchar('contact_name', { length: 64 }),
    contactPhone: varchar('contact_phone', { length: 20 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exam_site_plan_filing_site_uq').on(t.planId, t.filingSiteId), index('exam_site_org_idx').on(t.orgId), index('exam_site_city_idx').on(t.cityId)],
);

/** 考场：属于一个考点，容量即座位数；roomType 1 理论 2 实操 3 答辩 */
export const examRooms = pgTable(
  'exam_room',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => examSites.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    name: varchar('name', { length: 64 }).notNull(),
    roomType: smallint('room_type').notNull(),
    capacity: integer('capacity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('exam_room_type_chk', sql`${t.roomType} in (1, 2, 3)`),
    check('exam_room_capacity_chk', sql`${t.capacity} between 1 and 500`),
    uniqueIndex('exam_room_site_name_uq').on(t.siteId, t.name),
    index('exam_room_plan_idx').on(t.planId),
  ],
);

/** 场次：计划内的一场考试（日期、起止时间、科目 1 理论 2 实操 3 答辩；workCode 为空表示计划内所有工种） */
export const examSessions = pgTable(
  'exam_session',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    name: varchar('name', { length: 64 }).notNull(),
    subject: smallint('subject').notNull(),
    workCode: varchar('work_code', { length: 32 }),
    examDate: date('exam_date').notNull(),
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('exam_session_subject_chk', sql`${t.subject} in (1, 2, 3)`),
    check('exam_session_time_chk', sql`${t.endTime} > ${t.startTime}`),
    index('exam_session_plan_idx').on(t.planId, t.examDate),
  ],
);

/** 座位：某场次某考场里的一名考生（场次内一人一座，考场内座号唯一） */
export const examSeats = pgTable(
  'exam_seat',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => examSessions.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => examRooms.id, { onDelete: 'cascade' }),
    examineeId: integer('examinee_id')
      .notNull()
      .references(() => examinees.id, { onDelete: 'cascade' }),
    seatNo: smallint('seat_no').notNull(),
  },
  (t) => [
    uniqueIndex('exam_seat_session_examinee_uq').on(t.sessionId, t.examineeId),
    uniqueIndex('exam_seat_session_room_seat_uq').on(t.sessionId, t.roomId, t.seatNo),
    index('exam_seat_room_idx').on(t.roomId),
    index('exam_seat_examinee_idx').on(t.examineeId),
  ],
);

/**
 * 场次的工作人员：取自人员库（person，未停用），role assessor 考评员 / supervisor 督导员 / examStaff 考务人员；
 * roomId 为空表示负责整个场次（如督导员）。同一人不能同时出现在时间重叠的两个场次。
 */
export const examSessionStaff = pgTable(
  'exam_session_staff',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => examSessions.id, { onDelete: 'cascade' }),
    roomId: integer('room_id').references(() => examRooms.id, { onDelete: 'cascade' }),
    personId: integer('person_id').notNull(),
    role: varchar('role', { length: 16 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('exam_session_staff_role_chk', sql`${t.role} in ('assessor', 'supervisor', 'examStaff')`),
    uniqueIndex('exam_session_staff_uq').on(t.sessionId, t.personId),
    index('exam_session_staff_person_idx').on(t.personId),
  ],
);

/** 视频监控：考场的摄像头与拉流地址 */
export const examCameras = pgTable(
  'exam_camera',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => examRooms.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    name: varchar('name', { length: 64 }).notNull(),
    streamUrl: varchar('stream_url', { length: 500 }).notNull(),
    /** 0 启用 1 停用 */
    status: smallint('status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('exam_camera_status_chk', sql`${t.status} in (0, 1)`), index('exam_camera_room_idx').on(t.roomId), index('exam_camera_plan_idx').on(t.planId)],
);

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

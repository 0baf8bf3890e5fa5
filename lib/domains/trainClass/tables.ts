import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { blindIndexColumn, sealedText } from '@/lib/platform/crypto/columns';
import { organisations } from '../org/tables';
import { teachers } from '../teacher/tables';
import { stagedImportColumns, stagedImportStatusCheck } from '../file/staged-import-columns';

/**
 * 培训班（SPEC §7 trainInfo）。status 只经 transitions.ts 的转换表改变（草稿 → 待审核 → 审核通过/驳回 → 已发布 → 培训中 → 已结业 → 已考核，
 * 作废申请与作废生效）；statusBeforeDiscard 记下申请作废时的状态（驳回作废时回到它）。
 * orgId 为开班的培训机构或企业，cityId/countyId 取自机构（范围过滤）。studentCount 随学员的增删维护（列表不数学员）。
 */
export const trainClasses = pgTable(
  'train_class',
  {
    id: serial('id').primaryKey(),
    /** 班级编号 PX + 年份 + 6 位序号（取自主键） */
    code: varchar('code', { length: 32 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    cityId: integer('city_id'),
    countyId: integer('county_id'),
    workCode: varchar('work_code', { length: 32 }).notNull(),
    workName: varchar('work_name', { length: 64 }).notNull(),
    /** 等级 5 五级/初级工 … 1 一级/高级技师 */
    level: smallint('level').notNull(),
    /** 培训类型（字典 TRAIN_TYPE 的值） */
    trainType: varchar('train_type', { length: 16 }).notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** 班级学时（课程体系的总学时不得少于它） */
    hours: smallint('hours').notNull(),
    place: varchar('place', { length: 200 }).notNull(),
    /** 计划招收人数 */
    capacity: integer('capacity').notNull(),
    headTeacherId: integer('head_teacher_id').references(() => teachers.id),
    headTeacherName: varchar('head_teacher_name', { length: 64 }),
    contactName: varchar('contact_name', { length: 64 }).notNull(),
    contactPhone: varchar('contact_phone', { length: 20 }).notNull(),
    remark: varchar('remark', { length: 500 }),
    /** 开班材料（上传服务的地址与原名） */
    attachments: jsonb('attachments').$type<{ url: string; name: string }[]>().notNull().default([]),
    status: smallint('status').notNull().default(0),
    statusBeforeDiscard: smallint('status_before_discard'),
    studentCount: integer('student_count').notNull().default(0),
    lastOpinion: varchar('last_opinion', { length: 500 }),
    discardReason: varchar('discard_reason', { length: 500 }),
    /** 最近一次推送到求实平台的时间 */
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('train_class_status_chk', sql`${t.status} between 0 and 9`),
    check('train_class_level_chk', sql`${t.level} between 1 and 5`),
    check('train_class_dates_chk', sql`${t.endDate} >= ${t.startDate}`),
    check('train_class_hours_chk', sql`${t.hours} between 1 and 2000`),
    check('train_class_capacity_chk', sql`${t.capacity} between 1 and 2000`),
    // 列表：范围（机构、市、县、全省）+ 状态筛选，按 id 倒序分页
    index('train_class_org_idx').on(t.orgId, t.status, t.id),
    index('train_class_city_idx').on(t.cityId, t.status, t.id),
    index('train_class_county_idx').on(t.countyId, t.id),
    index('train_class_status_idx').on(t.status, t.id),
    index('train_class_work_idx').on(t.workCode, t.level, t.startDate),
    index('train_class_start_idx').on(t.startDate),
    index('train_class_name_idx').on(t.name),
    index('train_class_head_teacher_idx').on(t.headTeacherId),
  ],
);

export type TrainClass = typeof trainClasses.$inferSelect;

/** 班级的授课教师（取自师资库；班主任另记在 train_class.head_teacher_id） */
export const trainClassTeachers = pgTable(
  'train_class_teacher',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => trainClasses.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id),
    teacherName: varchar('teacher_name', { length: 64 }).notNull(),
  },
  (t) => [uniqueIndex('train_class_teacher_uq').on(t.classId, t.teacherId), index('train_class_teacher_teacher_idx').on(t.teacherId)],
);

/**
 * 线下课程（一节课）：时间、地点、授课教师、学时。同一教师、同一机构的同一地点（placeKey 为规整后的地点）
 * 在未作废的班级里时间不得重叠（服务检查，提示冲突的班级与时间）。教师工时由这些课生成。
 */
export const trainLessons = pgTable(
  'train_lesson',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => trainClasses.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    name: varchar('name', { length: 100 }).notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    place: varchar('place', { length: 200 }).notNull(),
    placeKey: varchar('place_key', { length: 200 }).notNull(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id),
    teacherName: varchar('teacher_name', { length: 64 }).notNull(),
    hours: smallint('hours').notNull(),
    content: varchar('content', { length: 500 }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('train_lesson_time_chk', sql`${t.endAt} > ${t.startAt}`),
    check('train_lesson_hours_chk', sql`${t.hours} between 1 and 12`),
    index('train_lesson_class_idx').on(t.classId, t.startAt),
    index('train_lesson_teacher_idx').on(t.teacherId, t.startAt),
    index('train_lesson_place_idx').on(t.orgId, t.placeKey, t.startAt),
    index('train_lesson_city_idx').on(t.cityId, t.startAt),
    index('train_lesson_org_start_idx').on(t.orgId, t.startAt),
    index('train_lesson_start_idx').on(t.startAt),
  ],
);

export type TrainLesson = typeof trainLessons.$inferSelect;

/**
 * 班级学员。一人在一个班只出现一次；同一人不能同时在两个日期重叠的（未作废的）班里。
 * idCheck 身份核验（0 通过 1 提示 2 不通过，如开班时未满 16 周岁）、qualification 培训资格（0 符合 1 提示 2 不符合：
 * 本年度已完成同工种同等级的培训）在保存、导入与 judgeStudent 时算出；examine 为审核员对学员的审核（0 待审 1 通过 2 不通过）。
 * 出勤学时 attendedHours 与结业情况 completion（0 未登记 1 结业 2 未结业）由机构登记。
 */
export const trainStudents = pgTable(
  'train_student',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => trainClasses.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    name: varchar('name', { length: 32 }).notNull(),
    idNumber: sealedText('id_number', { kind: 'idNumber', index: 'id_number_bidx' }).notNull(),
    /** 盲索引（HMAC-SM3），查找与唯一约束用它；见 docs/SECURITY.md「个人信息加密」 */
    idNumberIndex: blindIndexColumn('id_number_bidx'),
    gender: varchar('gender', { length: 2 }),
    birthDate: date('birth_date'),
    mobile: sealedText('mobile', { kind: 'mobile' }).notNull(),
    education: varchar('education', { length: 16 }),
    company: varchar('company', { length: 128 }),
    idCardFront: varchar('id_card_front', { length: 300 }),
    idCardBack: varchar('id_card_back', { length: 300 }),
    idCheck: smallint('id_check').notNull().default(0),
    idCheckReason: varchar('id_check_reason', { length: 300 }),
    qualification: smallint('qualification').notNull().default(0),
    qualificationReason: varchar('qualification_reason', { length: 300 }),
    examine: smallint('examine').notNull().default(0),
    examineOpinion: varchar('examine_opinion', { length: 300 }),
    attendedHours: smallint('attended_hours'),
    completion: smallint('completion').notNull().default(0),
    remark: varchar('remark', { length: 500 }),
    importId: integer('import_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('train_student_checks_chk', sql`${t.idCheck} in (0, 1, 2) and ${t.qualification} in (0, 1, 2) and ${t.examine} in (0, 1, 2) and ${t.completion} in (0, 1, 2)`),
    check('train_student_hours_chk', sql`${t.attendedHours} is null or ${t.attendedHours} between 0 and 2000`),
    uniqueIndex('train_student_class_person_uq').on(t.classId, t.idNumberIndex),
    index('train_student_class_idx').on(t.classId, t.id),
    index('train_student_org_idx').on(t.orgId, t.id),
    index('train_student_city_idx').on(t.cityId, t.id),
    index('train_student_id_number_idx').on(t.idNumberIndex),
    // 首页分析与大屏按创建时间计数（近七天、按月趋势），各范围一条：见 docs/DASHBOARD.md
    index('train_student_created_idx').on(t.createdAt),
  ],
);

export type TrainStudent = typeof trainStudents.$inferSelect;

/** 学员名单导入：先预览（校验，不写学员），再确认写入或放弃。status 0 待确认 1 已写入 2 已放弃 */
export const trainStudentImports = pgTable(
  'train_student_import',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => trainClasses.id, { onDelete: 'cascade' }),
    ...stagedImportColumns(),
  },
  (t) => [stagedImportStatusCheck('train_student_import', t.status), index('train_student_import_class_idx').on(t.classId, t.status)],
);

/** 出勤导入（分步导入：预览 → 确认 / 放弃，与学员名单导入同一机制），待确认的挡住结业提交 */
export const trainAttendanceImports = pgTable(
  'train_attendance_import',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => trainClasses.id, { onDelete: 'cascade' }),
    ...stagedImportColumns(),
  },
  (t) => [stagedImportStatusCheck('train_attendance_import', t.status), index('train_attendance_import_class_idx').on(t.classId, t.status)],
);

/**
 * 班级的附带申请：延期开班（postpone：新的开班与结业日期）与信息更正（correct：改哪些字段、从何到何）。
 * status 0 待审核 1 已通过 2 已驳回 3 已撤回，只经 transitions.ts 的转换表改变；一个班同一种申请同时只有一份待审核。
 */
export const trainClassRequests = pgTable(
  'train_class_request',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => trainClasses.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    kind: varchar('kind', { length: 16 }).notNull(),
    status: smallint('status').notNull().default(0),
    reason: varchar('reason', { length: 500 }).notNull(),
    oldStartDate: date('old_start_date'),
    oldEndDate: date('old_end_date'),
    newStartDate: date('new_start_date'),
    newEndDate: date('new_end_date'),
    /** 信息更正：字段 → { from, to } */
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
    opinion: varchar('opinion', { length: 500 }),
    reviewerId: integer('reviewer_id'),
    reviewerName: varchar('reviewer_name', { length: 64 }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('train_class_request_kind_chk', sql`${t.kind} in ('postpone', 'correct')`),
    check('train_class_request_status_chk', sql`${t.status} in (0, 1, 2, 3)`),
    uniqueIndex('train_class_request_pending_uq').on(t.classId, t.kind).where(sql`${t.status} = 0`),
    index('train_class_request_org_idx').on(t.orgId, t.kind, t.id),
    index('train_class_request_city_idx').on(t.cityId, t.kind, t.status, t.id),
    index('train_class_request_kind_idx').on(t.kind, t.status, t.id),
    index('train_class_request_class_idx').on(t.classId),
  ],
);

export type TrainClassRequest = typeof trainClassRequests.$inferSelect;

/** 班级与其附带申请的每一步办理：谁、何时、从何状态到何状态、意见（操作记录） */
export const trainClassHistory = pgTable(
  'train_class_history',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => trainClasses.id, { onDelete: 'cascade' }),
    /** class 班级本身；postpone / correct 附带申请（requestId） */
    subject: varchar('subject', { length: 16 }).notNull(),
    requestId: integer('request_id'),
    action: varchar('action', { length: 32 }).notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status'),
    opinion: varchar('opinion', { length: 500 }),
    actorId: integer('actor_id'),
    actorName: varchar('actor_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('train_class_history_class_idx').on(t.classId, t.createdAt)],
);

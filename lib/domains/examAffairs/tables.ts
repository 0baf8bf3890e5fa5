import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { examPlans } from '../exaPlan/tables';
import { examRooms, examSessions } from '../examSite/tables';
import { people } from '../personnel/tables';

/**
 * 考务办公室（第 4 步“考务安排”）：每个计划一个——地点、联系人与电话、办公室人员（取自人员库）。
 * orgId、cityId 随计划（范围过滤）。
 */
export const examOffices = pgTable(
  'exam_office',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    place: varchar('place', { length: 200 }).notNull(),
    contactName: varchar('contact_name', { length: 64 }).notNull(),
    contactPhone: varchar('contact_phone', { length: 20 }).notNull(),
    remark: varchar('remark', { length: 500 }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exam_office_plan_uq').on(t.planId), index('exam_office_org_idx').on(t.orgId), index('exam_office_city_idx').on(t.cityId)],
);

export type ExamOffice = typeof examOffices.$inferSelect;

/** 考务办公室的人员（本机构在岗的考务人员或考评员） */
export const examOfficeStaff = pgTable(
  'exam_office_staff',
  {
    id: serial('id').primaryKey(),
    officeId: integer('office_id')
      .notNull()
      .references(() => examOffices.id, { onDelete: 'cascade' }),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id),
  },
  (t) => [uniqueIndex('exam_office_staff_uq').on(t.officeId, t.personId), index('exam_office_staff_person_idx').on(t.personId)],
);

/**
 * 离线试卷：机构上传的试卷文件（PDF，经上传服务保存、登记引用）。文件地址不随列表下发，
 * 只在场次开考后经 /exaAff/paperFile 读取（见 docs/EXAM_AFFAIRS.md）。
 */
export const examOfflinePapers = pgTable(
  'exam_offline_paper',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    name: varchar('name', { length: 128 }).notNull(),
    /** 适用科目 1 理论 2 实操 3 答辩；空为不限 */
    subject: smallint('subject'),
    fileUrl: varchar('file_url', { length: 300 }).notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    size: integer('size').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('exam_offline_paper_subject_chk', sql`${t.subject} is null or ${t.subject} in (1, 2, 3)`),
    uniqueIndex('exam_offline_paper_plan_name_uq').on(t.planId, t.name),
    index('exam_offline_paper_plan_idx').on(t.planId, t.id),
    index('exam_offline_paper_org_idx').on(t.orgId),
    index('exam_offline_paper_city_idx').on(t.cityId),
  ],
);

export type OfflinePaper = typeof examOfflinePapers.$inferSelect;

/**
 * 场次与考场的试卷：每个 (场次, 考场) 一份。source 1 题库试卷（paperId，题库经 usePaper 记下使用）2 离线试卷（offlinePaperId）。
 * 试卷在场次开始（考试日期 + 开始时间，北京时间）之前不可读取。
 */
export const examRoomPapers = pgTable(
  'exam_room_paper',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    sessionId: integer('session_id')
      .notNull()
      .references(() => examSessions.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => examRooms.id, { onDelete: 'cascade' }),
    source: smallint('source').notNull(),
    paperId: integer('paper_id'),
    offlinePaperId: integer('offline_paper_id').references(() => examOfflinePapers.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('exam_room_paper_source_chk', sql`(${t.source} = 1 and ${t.paperId} is not null and ${t.offlinePaperId} is null) or (${t.source} = 2 and ${t.offlinePaperId} is not null and ${t.paperId} is null)`),
    uniqueIndex('exam_room_paper_slot_uq').on(t.sessionId, t.roomId),
    index('exam_room_paper_plan_idx').on(t.planId),
    index('exam_room_paper_paper_idx').on(t.paperId),
    index('exam_room_paper_offline_idx').on(t.offlinePaperId),
    index('exam_room_paper_org_idx').on(t.orgId),
    index('exam_room_paper_city_idx').on(t.cityId),
  ],
);

export type RoomPaper = typeof examRoomPapers.$inferSelect;

/** 考务附件：签到表、现场照片等（经上传服务），属于计划，可指明场次与考场 */
export const examAffairAttaches = pgTable(
  'exam_affair_attach',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    sessionId: integer('session_id').references(() => examSessions.id, { onDelete: 'cascade' }),
    roomId: integer('room_id').references(() => examRooms.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    url: varchar('url', { length: 300 }).notNull(),
    size: integer('size').notNull().default(0),
    createdBy: integer('created_by'),
    createdByName: varchar('created_by_name', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('exam_affair_attach_kind_chk', sql`${t.kind} in ('signIn', 'photo', 'other')`),
    index('exam_affair_attach_plan_idx').on(t.planId, t.id),
    index('exam_affair_attach_session_idx').on(t.sessionId),
    index('exam_affair_attach_org_idx').on(t.orgId),
    index('exam_affair_attach_city_idx').on(t.cityId),
  ],
);

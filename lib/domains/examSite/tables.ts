// 考点、考场、场次、座位、场次工作人员与视频监控（计划第 3 步“编排考场”的数据）。表名不变；原在 exaPlan/tables.ts，考点考场域拥有它们。
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { examPlans } from '../exaPlan/tables';
import { examinees } from '../examinee/tables';

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

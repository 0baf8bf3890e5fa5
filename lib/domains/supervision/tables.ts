import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { examPlans } from '../exaPlan/tables';
import { examinees } from '../examinee/tables';
import { examRooms, examSessions } from '../examSite/tables';
import { people } from '../personnel/tables';
import { historyColumns, statusHistoryColumns } from '@/lib/platform/workflow/history';

/**
 * 督导意见（exaSupervisorOpinion）：分派到计划的督导员对一个场次（或整个计划）的意见。
 * conclusion 1 规范 2 基本规范 3 不规范；files 为佐证材料（经上传服务，登记引用）。orgId、cityId 随计划。
 */
export const supervisorOpinions = pgTable(
  'exa_supervisor_opinion',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    sessionId: integer('session_id').references(() => examSessions.id, { onDelete: 'cascade' }),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id),
    userId: integer('user_id'),
    authorName: varchar('author_name', { length: 64 }).notNull(),
    conclusion: smallint('conclusion').notNull(),
    content: varchar('content', { length: 2000 }).notNull(),
    files: varchar('files', { length: 300 }).array().notNull().default(sql`'{}'::varchar[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('exa_supervisor_opinion_conclusion_chk', sql`${t.conclusion} in (1, 2, 3)`),
    index('exa_supervisor_opinion_plan_idx').on(t.planId, t.id),
    index('exa_supervisor_opinion_org_idx').on(t.orgId, t.id),
    index('exa_supervisor_opinion_city_idx').on(t.cityId, t.id),
    index('exa_supervisor_opinion_person_idx').on(t.personId, t.id),
  ],
);

/**
 * 督导员对评价机构组织本次考试的评价（exaSupervisorOpinionOrg）：每名督导员对每个计划一份（再次提交即修改）。
 * rating 1 优秀 2 合格 3 不合格。
 */
export const supervisorOrgOpinions = pgTable(
  'exa_supervisor_opinion_org',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id),
    userId: integer('user_id'),
    authorName: varchar('author_name', { length: 64 }).notNull(),
    rating: smallint('rating').notNull(),
    content: varchar('content', { length: 2000 }).notNull(),
    suggestion: varchar('suggestion', { length: 1000 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('exa_supervisor_opinion_org_rating_chk', sql`${t.rating} in (1, 2, 3)`),
    uniqueIndex('exa_supervisor_opinion_org_plan_person_uq').on(t.planId, t.personId),
    index('exa_supervisor_opinion_org_org_idx').on(t.orgId, t.id),
    index('exa_supervisor_opinion_org_city_idx').on(t.cityId, t.id),
  ],
);

/**
 * 考试异常记录（exaExamAbnormalRecord）：某场次（可指明考场、考生）发生的异常事件与处理，带佐证材料。
 * kind 见 schemas.ts 的 ABNORMAL_KIND。
 */
export const abnormalRecords = pgTable(
  'exa_exam_abnormal_record',
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
    roomId: integer('room_id').references(() => examRooms.id, { onDelete: 'cascade' }),
    examineeId: integer('examinee_id').references(() => examinees.id, { onDelete: 'set null' }),
    examineeName: varchar('examinee_name', { length: 32 }),
    ticketNo: varchar('ticket_no', { length: 32 }),
    kind: smallint('kind').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    description: varchar('description', { length: 1000 }).notNull(),
    handling: varchar('handling', { length: 500 }),
    files: varchar('files', { length: 300 }).array().notNull().default(sql`'{}'::varchar[]`),
    reporterId: integer('reporter_id'),
    reporterName: varchar('reporter_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('exa_exam_abnormal_record_kind_chk', sql`${t.kind} between 1 and 6`),
    index('exa_exam_abnormal_record_plan_idx').on(t.planId, t.occurredAt, t.id),
    index('exa_exam_abnormal_record_session_idx').on(t.sessionId),
    index('exa_exam_abnormal_record_org_idx').on(t.orgId, t.id),
    index('exa_exam_abnormal_record_city_idx').on(t.cityId, t.id),
  ],
);

export type AbnormalRecord = typeof abnormalRecords.$inferSelect;

/**
 * 报送全国网（中国职业技能鉴定网）的督导材料（exaChinaNetworkFile）：督导员按计划上传，提交（byCommit）后锁定，不能再删。
 * fileType 见 schemas.ts 的 NETWORK_FILE_TYPE；status 0 未提交 1 已提交。
 */
export const chinaNetworkFiles = pgTable(
  'exa_china_network_file',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    name: varchar('name', { length: 128 }).notNull(),
    fileType: smallint('file_type').notNull(),
    url: varchar('url', { length: 300 }).notNull(),
    status: smallint('status').notNull().default(0),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    committedBy: varchar('committed_by', { length: 64 }),
    createdBy: integer('created_by'),
    createdByName: varchar('created_by_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('exa_china_network_file_type_chk', sql`${t.fileType} between 1 and 4`),
    check('exa_china_network_file_status_chk', sql`${t.status} in (0, 1)`),
    index('exa_china_network_file_plan_idx').on(t.planId, t.id),
    index('exa_china_network_file_org_idx').on(t.orgId),
    index('exa_china_network_file_city_idx').on(t.cityId),
  ],
);

/** 报送材料的提交历史（工作流引擎写） */
export const chinaNetworkFileHistory = pgTable(
  'exa_china_network_file_history',
  {
    ...historyColumns(),
    ...statusHistoryColumns(),
    fileId: integer('file_id')
      .notNull()
      .references(() => chinaNetworkFiles.id, { onDelete: 'cascade' }),
  },
  (t) => [index('exa_china_network_file_history_file_idx').on(t.fileId, t.createdAt)],
);

import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { blindIndexColumn, sealedText } from '@/lib/platform/crypto/columns';
import { historyColumns, statusHistoryColumns } from '@/lib/platform/workflow/history';
import { examPlans } from '../exaPlan/tables';
import { examinees } from '../examinee/tables';

/**
 * 证书：计划进入第 7 步（证书管理）时，给每名合格考生一张（rules.ts 的编号规则）。一名考生一张（examinee_id 唯一）。
 * 证书号 cerCode 全库唯一、永不复用（作废后也不）：serial 为 certificate_counter 分配的流水号。
 * status 0 有效 1 作废（须填原因）；corrected 为经更正审核通过改过数据（编号不变）。
 * education、company、mobile、photoUrl 为上报与打印所需、可由机构补填的资料（填报）。
 */
export const certificates = pgTable(
  'certificate',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    examineeId: integer('examinee_id').references(() => examinees.id, { onDelete: 'set null' }),
    cerType: smallint('cer_type').notNull(),
    cerName: varchar('cer_name', { length: 64 }).notNull(),
    cerCode: varchar('cer_code', { length: 32 }).notNull(),
    serial: integer('serial').notNull(),
    issueYear: smallint('issue_year').notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    /** 加密存放（SM4）；公开查询、查重与关联一律用 idCardIndex */
    idCard: sealedText('id_card', { kind: 'idNumber', index: 'id_card_bidx' }).notNull(),
    /** 盲索引（HMAC-SM3），查找与唯一约束用它；见 docs/SECURITY.md「个人信息加密」 */
    idCardIndex: blindIndexColumn('id_card_bidx'),
    gender: varchar('gender', { length: 2 }),
    workCode: varchar('work_code', { length: 32 }).notNull(),
    workName: varchar('work_name', { length: 64 }).notNull(),
    level: smallint('level').notNull(),
    cerDate: date('cer_date').notNull(),
    education: varchar('education', { length: 16 }),
    company: varchar('company', { length: 128 }),
    mobile: sealedText('mobile', { kind: 'mobile' }),
    photoUrl: varchar('photo_url', { length: 300 }),
    status: smallint('status').notNull().default(0),
    corrected: boolean('corrected').notNull().default(false),
    voidReason: varchar('void_reason', { length: 500 }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedByName: varchar('voided_by_name', { length: 64 }),
    printCount: integer('print_count').notNull().default(0),
    lastPrintedAt: timestamp('last_printed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('certificate_type_chk', sql`${t.cerType} in (0, 1, 2, 3)`),
    check('certificate_status_chk', sql`${t.status} in (0, 1)`),
    check('certificate_level_chk', sql`${t.level} between 1 and 5`),
    check('certificate_void_chk', sql`${t.status} = 0 or ${t.voidReason} is not null`),
    uniqueIndex('certificate_code_uq').on(t.cerCode),
    uniqueIndex('certificate_examinee_uq').on(t.examineeId),
    index('certificate_plan_idx').on(t.planId, t.id),
    index('certificate_org_idx').on(t.orgId, t.id),
    index('certificate_city_idx').on(t.cityId, t.id),
    index('certificate_id_card_idx').on(t.idCardIndex),
    index('certificate_name_idx').on(t.name),
    // 首页分析与大屏按创建时间计数（近七天、按月趋势），各范围一条：见 docs/DASHBOARD.md
    index('certificate_created_idx').on(t.status, t.createdAt),
    index('certificate_city_created_idx').on(t.cityId, t.status, t.createdAt),
    index('certificate_org_created_idx').on(t.orgId, t.status, t.createdAt),
  ],
);

export type Certificate = typeof certificates.$inferSelect;

/**
 * 流水号计数器：一个机构、一类证书、一个发证年度一行，last 为已分配的最大流水号。
 * 分配在发证的事务里以 upsert 加行锁进行（并发的发证依次取号），事务回滚时计数一并回滚：不跳号、不重号。
 */
export const certificateCounters = pgTable(
  'certificate_counter',
  {
    orgId: integer('org_id').notNull(),
    cerType: smallint('cer_type').notNull(),
    issueYear: smallint('issue_year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.cerType, t.issueYear] })],
);

/**
 * 证书更正：申请（改哪些字段的新值、原因）→ 市级审核通过（写入证书，标记已更正，编号不变）或驳回（填意见）。
 * before / after 保留改前改后；status 0 待审核 1 通过 2 驳回。source org 机构申请 / holder 持证人经链接申请。
 */
export const certificateCorrections = pgTable(
  'certificate_correction',
  {
    id: serial('id').primaryKey(),
    certificateId: integer('certificate_id')
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    planId: integer('plan_id').notNull(),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    before: jsonb('before').$type<Record<string, string | number | null>>().notNull(),
    after: jsonb('after').$type<Record<string, string | number | null>>().notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    source: varchar('source', { length: 8 }).notNull().default('org'),
    status: smallint('status').notNull().default(0),
    appliedBy: integer('applied_by'),
    appliedByName: varchar('applied_by_name', { length: 64 }).notNull(),
    reviewedBy: integer('reviewed_by'),
    reviewedByName: varchar('reviewed_by_name', { length: 64 }),
    opinion: varchar('opinion', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    check('certificate_correction_status_chk', sql`${t.status} in (0, 1, 2)`),
    check('certificate_correction_source_chk', sql`${t.source} in ('org', 'holder')`),
    // 一张证书同时只有一份待审核的更正
    uniqueIndex('certificate_correction_pending_uq')
      .on(t.certificateId)
      .where(sql`${t.status} = 0`),
    index('certificate_correction_cert_idx').on(t.certificateId, t.createdAt),
    index('certificate_correction_org_idx').on(t.orgId, t.status, t.id),
    index('certificate_correction_city_idx').on(t.cityId, t.status, t.id),
  ],
);

export type CertificateCorrection = typeof certificateCorrections.$inferSelect;

/** 公开查询的记录：每次查询一行（IP、查询方式、脱敏的条件、命中条数），限流按 IP 与时间数它 */
export const certificateLookups = pgTable(
  'certificate_lookup',
  {
    id: serial('id').primaryKey(),
    ip: varchar('ip', { length: 64 }).notNull(),
    mode: varchar('mode', { length: 8 }).notNull(),
    query: jsonb('query').$type<Record<string, string>>().notNull(),
    found: integer('found').notNull().default(0),
    refused: boolean('refused').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('certificate_lookup_ip_idx').on(t.ip, t.createdAt)],
);

/** 套打校准：每个用户的 X / Y 偏移（毫米），打印时加到模板的每个字段上 */
export const certificatePrintOffsets = pgTable('certificate_print_offset', {
  userId: integer('user_id').primaryKey(),
  offsetX: smallint('offset_x').notNull().default(0),
  offsetY: smallint('offset_y').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * 评价机构的印章图片（证书 PDF 上代替画出的红色圆章）：一个机构一份，url 为上传服务的地址（PNG，经 attachFiles 以
 * certificate_seal / 机构 id 引用）。没有时证书上画矢量圆章。
 */
export const certificateSeals = pgTable('certificate_seal', {
  orgId: integer('org_id').primaryKey(),
  url: varchar('url', { length: 300 }).notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * 国网数据上报批次：一份计划的一批持证人。status 0 草稿 1 已确认 2 已上报 3 已接收 4 被退回（reason）。
 * adapter 为上报方式（manual 手工上传签名工作簿与清单 / http 接口）；manifest 为上报时生成的清单（文件名、SHA-256、签名）。
 */
export const stateGridBatches = pgTable(
  'state_grid_batch',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => examPlans.id),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    batchNo: varchar('batch_no', { length: 40 }).notNull(),
    status: smallint('status').notNull().default(0),
    personCount: integer('person_count').notNull().default(0),
    adapter: varchar('adapter', { length: 16 }),
    manifest: jsonb('manifest').$type<Record<string, unknown>>(),
    reason: varchar('reason', { length: 500 }),
    files: jsonb('files').$type<{ name: string; url: string }[]>().notNull().default([]),
    createdByName: varchar('created_by_name', { length: 64 }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('state_grid_batch_status_chk', sql`${t.status} in (0, 1, 2, 3, 4)`),
    uniqueIndex('state_grid_batch_no_uq').on(t.batchNo),
    index('state_grid_batch_plan_idx').on(t.planId, t.id),
    index('state_grid_batch_org_idx').on(t.orgId, t.id),
    index('state_grid_batch_city_idx').on(t.cityId, t.id),
  ],
);

export type StateGridBatch = typeof stateGridBatches.$inferSelect;

/**
 * 上报台账：一人（证书）在一个批次里一行。status 0 待上报 1 已上报 2 已接收 3 被退回（reason）。
 * 一张证书至多有一行不是“被退回”的（部分唯一索引）：不会重复上报；被退回的改正后放进新批次重新上报。
 */
export const stateGridItems = pgTable(
  'state_grid_item',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => stateGridBatches.id, { onDelete: 'cascade' }),
    certificateId: integer('certificate_id')
      .notNull()
      .references(() => certificates.id),
    status: smallint('status').notNull().default(0),
    reason: varchar('reason', { length: 500 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('state_grid_item_status_chk', sql`${t.status} in (0, 1, 2, 3)`),
    uniqueIndex('state_grid_item_live_uq')
      .on(t.certificateId)
      .where(sql`${t.status} <> 3`),
    index('state_grid_item_batch_idx').on(t.batchId, t.status),
  ],
);

/** 证书与更正的状态历史（工作流引擎写）：作废一行（correction_id 为空），更正的审核一行（correction_id 为该更正） */
export const certificateHistory = pgTable(
  'certificate_history',
  {
    ...historyColumns(),
    ...statusHistoryColumns(),
    certificateId: integer('certificate_id')
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    correctionId: integer('correction_id').references(() => certificateCorrections.id, { onDelete: 'cascade' }),
  },
  (t) => [index('certificate_history_cert_idx').on(t.certificateId, t.createdAt)],
);

/** 国网上报批次的状态历史（工作流引擎写；接口适配器同步答复时办理人为“国网平台”） */
export const stateGridBatchHistory = pgTable(
  'state_grid_batch_history',
  {
    ...historyColumns(),
    ...statusHistoryColumns(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => stateGridBatches.id, { onDelete: 'cascade' }),
  },
  (t) => [index('state_grid_batch_history_batch_idx').on(t.batchId, t.createdAt)],
);

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { blindIndexColumn, sealedText } from '@/lib/platform/crypto/columns';
import { areas } from '../area/tables';
import { organisations } from '../org/tables';

/**
 * 备案机构库：各市登记在册的备案机构（SPEC §3 备案机构类型 0、1、2、3、100–103）。
 * 可对应门户中的机构（orgId），也可只是登记信息；cityId 供按市的数据范围过滤。
 */
export const baseRecordOrgs = pgTable(
  'base_record_org',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 128 }).notNull(),
    unifiedSocialCreditCode: varchar('unified_social_credit_code', { length: 18 }).notNull(),
    orgType: smallint('org_type').notNull(),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    cityId: integer('city_id').references(() => areas.id),
    /** 上级主管单位（门户机构） */
    superiorOrgId: integer('superior_org_id').references(() => organisations.id, { onDelete: 'set null' }),
    orgId: integer('org_id').references(() => organisations.id, { onDelete: 'set null' }),
    legalPerson: varchar('legal_person', { length: 64 }),
    contactName: varchar('contact_name', { length: 64 }),
    contactPhone: sealedText('contact_phone', { kind: 'mobile' }),
    address: varchar('address', { length: 200 }),
    remark: varchar('remark', { length: 500 }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('base_record_org_type_chk', sql`${t.orgType} in (0, 1, 2, 3, 100, 101, 102, 103)`),
    uniqueIndex('base_record_org_uscc_uq').on(t.unifiedSocialCreditCode),
    index('base_record_org_city_idx').on(t.cityId),
    index('base_record_org_name_idx').on(t.name),
    index('base_record_org_type_idx').on(t.orgType),
  ],
);

/**
 * 机构备案：一个机构、一个类别（0 技能等级认定 1 职业资格 2 专项能力 3 机关工勤）。
 * status 为 SPEC §3 的 −1…8，只经 transitions.ts 的转换表改变。
 * cityId 取自机构（市级管理员只审本市的备案）。
 */
export const filings = pgTable(
  'filing',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull().unique(),
    /** 公示页的地址码：随机、不可猜（备案号与 id 都是按序的，不能当公开地址） */
    publicCode: uuid('public_code').notNull().defaultRandom().unique(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    cityId: integer('city_id'),
    kind: smallint('kind').notNull(),
    status: smallint('status').notNull().default(-1),
    /** 备案时的机构信息（机构类型、联系人等，可与机构档案不同） */
    orgType: smallint('org_type').notNull(),
    contactName: varchar('contact_name', { length: 64 }).notNull(),
    /** 联系人手机号（加密；不按它查找） */
    contactPhone: sealedText('contact_phone', { kind: 'mobile' }).notNull(),
    address: varchar('address', { length: 200 }),
    description: varchar('description', { length: 1000 }),
    /** 最近一次审核意见 */
    lastOpinion: varchar('last_opinion', { length: 500 }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('filing_kind_chk', sql`${t.kind} in (0, 1, 2, 3)`),
    check('filing_status_chk', sql`${t.status} between -1 and 8`),
    index('filing_org_idx').on(t.orgId, t.kind),
    index('filing_city_status_idx').on(t.cityId, t.status),
    index('filing_kind_status_idx').on(t.kind, t.status),
  ],
);

/**
 * 增量备案：已完成（8）的备案追加工种时建一条，自有状态（−1 草稿、0、1、2、3、8，同一张转换表的审核步骤）；
 * 审核期间备案本身仍为“审核完成”，已备案的工种不受影响；增量审核完成后其工种并入备案。
 */
export const filingIncrements = pgTable(
  'filing_increment',
  {
    id: serial('id').primaryKey(),
    filingId: integer('filing_id')
      .notNull()
      .references(() => filings.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(-1),
    lastOpinion: varchar('last_opinion', { length: 500 }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('filing_increment_status_chk', sql`${t.status} in (-1, 0, 1, 2, 3, 8)`), index('filing_increment_filing_idx').on(t.filingId, t.status)],
);

/** 备案工种与等级（等级 5 五级/初级工 … 1 一级/高级技师）；incrementId 非空表示属于某次增量。 */
export const filingWorks = pgTable(
  'filing_work',
  {
    id: serial('id').primaryKey(),
    filingId: integer('filing_id')
      .notNull()
      .references(() => filings.id, { onDelete: 'cascade' }),
    incrementId: integer('increment_id').references(() => filingIncrements.id, { onDelete: 'cascade' }),
    workCode: varchar('work_code', { length: 32 }).notNull(),
    workName: varchar('work_name', { length: 64 }).notNull(),
    levels: smallint('levels').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('filing_work_filing_code_uq').on(t.filingId, t.workCode), index('filing_work_increment_idx').on(t.incrementId)],
);

/** 备案场地：site 办公/实训场地，examSite 考点 */
export const filingSites = pgTable(
  'filing_site',
  {
    id: serial('id').primaryKey(),
    filingId: integer('filing_id')
      .notNull()
      .references(() => filings.id, { onDelete: 'cascade' }),
    siteType: varchar('site_type', { length: 16 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    address: varchar('address', { length: 200 }).notNull(),
    area: integer('area_sqm'),
    seats: integer('seats'),
    contactName: varchar('contact_name', { length: 64 }),
    contactPhone: sealedText('contact_phone', { kind: 'mobile' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('filing_site_type_chk', sql`${t.siteType} in ('site', 'examSite')`),
    uniqueIndex('filing_site_name_uq').on(t.filingId, t.siteType, t.name),
  ],
);

/** 备案人员：examStaff 考务人员、supervisor 督导员、evaluator 考评员；同一备案同一角色证件号唯一 */
export const filingPeople = pgTable(
  'filing_person',
  {
    id: serial('id').primaryKey(),
    filingId: integer('filing_id')
      .notNull()
      .references(() => filings.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 16 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    idNumber: sealedText('id_number', { kind: 'idNumber', index: 'id_number_bidx' }).notNull(),
    /** 盲索引（HMAC-SM3），查找与唯一约束用它；见 docs/SECURITY.md「个人信息加密」 */
    idNumberIndex: blindIndexColumn('id_number_bidx'),
    mobile: sealedText('mobile', { kind: 'mobile' }).notNull(),
    title: varchar('title', { length: 64 }),
    certificateNo: varchar('certificate_no', { length: 64 }),
    workCode: varchar('work_code', { length: 32 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('filing_person_role_chk', sql`${t.role} in ('examStaff', 'supervisor', 'evaluator')`),
    uniqueIndex('filing_person_id_uq').on(t.filingId, t.role, t.idNumberIndex),
  ],
);

/** 备案与增量的每一步：谁、何时、从哪个状态到哪个状态、意见 */
export const filingHistory = pgTable(
  'filing_history',
  {
    id: serial('id').primaryKey(),
    filingId: integer('filing_id')
      .notNull()
      .references(() => filings.id, { onDelete: 'cascade' }),
    incrementId: integer('increment_id'),
    action: varchar('action', { length: 32 }).notNull(),
    fromStatus: smallint('from_status').notNull(),
    toStatus: smallint('to_status').notNull(),
    opinion: varchar('opinion', { length: 500 }),
    /** 办理人（sys_user.id）；导入或机构尚无账号的演示数据为空，此时 actorName 为机构名 */
    actorId: integer('actor_id'),
    actorName: varchar('actor_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('filing_history_filing_idx').on(t.filingId, t.createdAt)],
);

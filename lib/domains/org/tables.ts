import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sealedText } from '@/lib/platform/crypto/columns';
import { areas } from '../area/tables';

/**
 * 机构：评价机构、培训机构、企业、管理单位。
 * orgType 见 SPEC §3：0 企业/用人单位，1 央企分支，2 技工院校，3 社会培训评价组织，100–103 鉴定/培训机构；
 * category 区分门户中的角色：eval 评价机构、train 培训机构（TYPE_PXJG）、enterprise 企业、admin 管理单位。
 * 机构树随区划树：下级机构的区划必须在上级机构的区划之内（同级或更低）。
 */
export const organisations = pgTable(
  'organisation',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull().unique(),
    name: varchar('name', { length: 128 }).notNull(),
    category: varchar('category', { length: 16 }).notNull(),
    orgType: smallint('org_type').notNull().default(0),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    /** 所在市（数据范围按市过滤时免去连表）；省级机构为空 */
    cityId: integer('city_id').references(() => areas.id),
    parentId: integer('parent_id'),
    unifiedSocialCreditCode: varchar('unified_social_credit_code', { length: 18 }),
    /** 法定代表人 */
    legalPerson: varchar('legal_person', { length: 64 }),
    contactName: varchar('contact_name', { length: 64 }),
    /** 联系人手机号（加密；不按它查找） */
    contactPhone: sealedText('contact_phone', { kind: 'mobile' }),
    address: varchar('address', { length: 200 }),
    remark: varchar('remark', { length: 500 }),
    /** 0 正常 1 停用 2 待审核 */
    status: smallint('status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('organisation_category_chk', sql`${t.category} in ('eval', 'train', 'enterprise', 'admin')`),
    check('organisation_org_type_chk', sql`${t.orgType} in (0, 1, 2, 3, 100, 101, 102, 103)`),
    check('organisation_status_chk', sql`${t.status} in (0, 1, 2)`),
    index('organisation_city_idx').on(t.cityId),
    index('organisation_area_idx').on(t.areaId),
    index('organisation_name_idx').on(t.name),
    index('organisation_parent_idx').on(t.parentId),
    index('organisation_uscc_idx').on(t.unifiedSocialCreditCode),
  ],
);

export type Organisation = typeof organisations.$inferSelect;

/** 机构可开展评价/培训的工种（工种目录在后续议题中建立，这里只存编码与名称）。 */
export const organisationWorks = pgTable(
  'organisation_work',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    workCode: varchar('work_code', { length: 32 }).notNull(),
    workName: varchar('work_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organisation_work_org_code_uq').on(t.orgId, t.workCode), index('organisation_work_code_idx').on(t.workCode)],
);

/**
 * 部门：隶属于某个机构，新建与修改后待审核（0 待审核 1 通过 2 驳回）。
 * cityId/areaId 随所属机构（机构迁移区划时同步），数据范围据此过滤。
 */
export const departments = pgTable(
  'department',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    leader: varchar('leader', { length: 64 }),
    phone: varchar('phone', { length: 20 }),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 500 }),
    areaId: integer('area_id').notNull(),
    cityId: integer('city_id'),
    auditStatus: smallint('audit_status').notNull().default(0),
    auditOpinion: varchar('audit_opinion', { length: 500 }),
    /** 审核人（sys_user.id；不设外键，避免与账号表互相引用） */
    auditedBy: integer('audited_by'),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('department_audit_status_chk', sql`${t.auditStatus} in (0, 1, 2)`),
    uniqueIndex('department_org_code_uq').on(t.orgId, t.code),
    index('department_city_idx').on(t.cityId),
    index('department_area_idx').on(t.areaId),
    index('department_name_idx').on(t.name),
    index('department_status_idx').on(t.auditStatus),
  ],
);

/** 部门审核意见的历史：每次审核一条。 */
export const departmentAudits = pgTable(
  'department_audit',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    /** 1 通过 2 驳回 */
    status: smallint('status').notNull(),
    opinion: varchar('opinion', { length: 500 }),
    auditorId: integer('auditor_id').notNull(),
    auditorName: varchar('auditor_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('department_audit_dept_idx').on(t.departmentId, t.createdAt)],
);

/** 常用机构：每个账号自己收藏的机构，供选择机构时快速选取。 */
export const organisationChoices = pgTable(
  'organisation_choice',
  {
    id: serial('id').primaryKey(),
    /** sys_user.id（不设外键，避免与账号表互相引用） */
    userId: integer('user_id').notNull(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** 备注名 */
    remark: varchar('remark', { length: 64 }),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organisation_choice_user_org_uq').on(t.userId, t.orgId), index('organisation_choice_org_idx').on(t.orgId)],
);

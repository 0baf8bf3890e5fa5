// 考生与考生导入（计划第 2 步“导入考生”的数据）。表名不变；原在 exaPlan/tables.ts，考生域拥有它们。
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { blindIndexColumn, sealedText } from '@/lib/platform/crypto/columns';
import { stagedImportColumns, stagedImportStatusCheck } from '../file/staged-import-columns';
import { examPlans } from '../exaPlan/tables';

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
    /** 加密存放（SM4）；查找、查重一律用 idNumberIndex */
    idNumber: sealedText('id_number', { kind: 'idNumber', index: 'id_number_bidx' }).notNull(),
    /** 盲索引（HMAC-SM3），查找与唯一约束用它；见 docs/SECURITY.md「个人信息加密」 */
    idNumberIndex: blindIndexColumn('id_number_bidx'),
    gender: varchar('gender', { length: 2 }),
    birthDate: date('birth_date'),
    mobile: sealedText('mobile', { kind: 'mobile' }).notNull(),
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
    uniqueIndex('examinee_plan_person_work_uq').on(t.planId, t.idNumberIndex, t.workCode),
    uniqueIndex('examinee_plan_ticket_uq').on(t.planId, t.ticketNo),
    index('examinee_plan_idx').on(t.planId, t.id),
    // 考生列表按工种等级筛选、按 id 分页：覆盖索引上的键集与延迟关联（lib/domains/examinee/service.ts listExaminees）
    index('examinee_plan_work_idx').on(t.planId, t.workCode, t.level, t.id),
    index('examinee_org_idx').on(t.orgId, t.id),
    index('examinee_city_idx').on(t.cityId, t.id),
    index('examinee_id_number_idx').on(t.idNumberIndex),
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

import { sql } from 'drizzle-orm';
import { check, customType, date, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { blindIndexColumn, sealedText } from '@/lib/platform/crypto/columns';
import { organisations } from '../org/tables';
import { users } from '../user/tables';

// pg 驱动返回 Buffer，内置库（PGlite）返回 Uint8Array：统一为 Buffer
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({ dataType: () => 'bytea', fromDriver: (v) => Buffer.from(v) });

/**
 * 人员库：考评员（assessor）、督导员（supervisor）、考务人员（examStaff）共用一张表，按 library 区分。
 * 同一库内身份证号唯一（同一人可以同时是考评员与督导员）；性别与出生日期由身份证号推出，不取自客户端。
 * 范围：cityId 所在市、countyId 所在县区、orgId 所属机构（督导员由市里管理，可不属于机构）。
 * status：0 在岗 1 停用；停用的人不能再被分派到考务。
 */
export const people = pgTable(
  'person',
  {
    id: serial('id').primaryKey(),
    library: varchar('library', { length: 16 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    idNumber: sealedText('id_number', { kind: 'idNumber', index: 'id_number_bidx' }).notNull(),
    /** 盲索引（HMAC-SM3），查找与唯一约束用它；见 docs/SECURITY.md「个人信息加密」 */
    idNumberIndex: blindIndexColumn('id_number_bidx'),
    /** 性别（男/女）；通行证号码推不出时为空 */
    gender: varchar('gender', { length: 2 }),
    birthDate: date('birth_date'),
    mobile: sealedText('mobile', { kind: 'mobile', index: 'mobile_bidx' }).notNull(),
    /** 手机号的盲索引：按手机号筛选人员、把本人账号关联到人员时用 */
    mobileIndex: blindIndexColumn('mobile_bidx'),
    orgId: integer('org_id').references(() => organisations.id),
    cityId: integer('city_id'),
    countyId: integer('county_id'),
    /** 工作单位（督导员常不属于评价机构，写单位名称） */
    workUnit: varchar('work_unit', { length: 128 }),
    post: varchar('post', { length: 64 }),
    education: varchar('education', { length: 16 }),
    title: varchar('title', { length: 32 }),
    /** 考评员的业务类型：1 技能等级认定 2 职业资格 3 专项能力 4 机关工勤 */
    filingType: smallint('filing_type'),
    status: smallint('status').notNull().default(0),
    stopReason: varchar('stop_reason', { length: 200 }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    remark: varchar('remark', { length: 500 }),
    /**
     * 本人的登录账号（可空）：考评员、督导员以本人账号登录时凭它认出“我是哪个人员”（录入成绩、督导任务），
     * 见 ./accounts.ts 与 docs/SCORES.md。同一库内一个账号只对应一个人员。
     */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('person_library_chk', sql`${t.library} in ('assessor', 'supervisor', 'examStaff')`),
    check('person_status_chk', sql`${t.status} in (0, 1)`),
    uniqueIndex('person_library_id_number_uq').on(t.library, t.idNumberIndex),
    uniqueIndex('person_library_user_uq').on(t.library, t.userId),
    index('person_library_city_idx').on(t.library, t.cityId),
    index('person_library_org_idx').on(t.library, t.orgId),
    index('person_county_idx').on(t.countyId),
    index('person_name_idx').on(t.name),
    index('person_mobile_idx').on(t.mobileIndex),
    index('person_status_idx').on(t.library, t.status),
  ],
);

export type Person = typeof people.$inferSelect;

/** 人员可考评/督导的工种与等级（工种编码取自职业目录 base_work.code） */
export const personWorks = pgTable(
  'person_work',
  {
    id: serial('id').primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    workCode: varchar('work_code', { length: 32 }).notNull(),
    levelCode: smallint('level_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('person_work_level_chk', sql`${t.levelCode} between 1 and 5`),
    uniqueIndex('person_work_person_work_uq').on(t.personId, t.workCode),
    index('person_work_code_idx').on(t.workCode),
  ],
);

/** 人员的证书（考评员证、督导员证、职业资格证书等） */
export const personCerts = pgTable(
  'person_cert',
  {
    id: serial('id').primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    certName: varchar('cert_name', { length: 64 }).notNull(),
    certNo: varchar('cert_no', { length: 64 }).notNull(),
    issuedBy: varchar('issued_by', { length: 128 }),
    issuedAt: date('issued_at'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('person_cert_person_no_uq').on(t.personId, t.certNo), index('person_cert_no_idx').on(t.certNo)],
);

/** 证件照：存库（bytea），经带权限检查的接口取图 */
export const personPhotos = pgTable('person_photo', {
  personId: integer('person_id')
    .primaryKey()
    .references(() => people.id, { onDelete: 'cascade' }),
  contentType: varchar('content_type', { length: 32 }).notNull(),
  content: bytea('content').notNull(),
  size: integer('size').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 人员被分派到的考务（考试计划、考点、日期）；考务流程经 assignPerson 写入，先检查人员可分派 */
export const personAssignments = pgTable(
  'person_assignment',
  {
    id: serial('id').primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    planCode: varchar('plan_code', { length: 32 }).notNull(),
    planName: varchar('plan_name', { length: 128 }).notNull(),
    /** 分派的角色，如 考评员、督导员、监考员 */
    role: varchar('role', { length: 16 }).notNull(),
    siteName: varchar('site_name', { length: 128 }),
    examDate: date('exam_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('person_assignment_person_plan_uq').on(t.personId, t.planCode, t.role), index('person_assignment_plan_idx').on(t.planCode)],
);

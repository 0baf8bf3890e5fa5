import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { blindIndexColumn, sealedText } from '@/lib/platform/crypto/columns';
import { organisations } from '../org/tables';

/**
 * 培训机构与企业的入驻资料（SPEC §3 Organisation），与 organisation 一对一：名称、编码、区划、信用代码、法定代表人、
 * 联系电话、地址在 organisation 上，这里是其余字段与入驻状态。定点培训机构（TYPE_PXJG）是 category 'train' 的机构，
 * 其余为企业（category 'enterprise'）。settleStatus 见 transitions.ts 的 SETTLE_STATUS，只经其中的转换表改变。
 */
export const orgProfiles = pgTable(
  'org_profile',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .unique()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** 所在市（随机构；范围过滤） */
    cityId: integer('city_id'),
    /** agentAbbreviated 简称 */
    shortName: varchar('short_name', { length: 64 }),
    /** masterIdCard 法定代表人身份证号 */
    masterIdCard: sealedText('master_id_card', { kind: 'idNumber', index: 'master_id_card_bidx' }),
    /** 盲索引（HMAC-SM3），查找与唯一约束用它；见 docs/SECURITY.md「个人信息加密」 */
    masterIdCardIndex: blindIndexColumn('master_id_card_bidx'),
    /** taxpayerDistinguish 纳税人识别号 */
    taxpayerNo: varchar('taxpayer_no', { length: 20 }),
    bankOfDeposit: varchar('bank_of_deposit', { length: 100 }),
    bankAccount: sealedText('bank_account', { kind: 'bankAccount' }),
    teachersNumber: integer('teachers_number'),
    /** orgArea 场地面积（平方米） */
    orgArea: integer('org_area'),
    trainRange: varchar('train_range', { length: 500 }),
    schoolPermitCode: varchar('school_permit_code', { length: 64 }),
    /** 办学许可证、法定代表人身份证正反面、营业执照、标志（上传服务的地址） */
    permitUrl: varchar('permit_url', { length: 300 }),
    idFrontUrl: varchar('id_front_url', { length: 300 }),
    idBackUrl: varchar('id_back_url', { length: 300 }),
    licenceUrl: varchar('licence_url', { length: 300 }),
    logoUrl: varchar('logo_url', { length: 300 }),
    introduce: varchar('introduce', { length: 2000 }),
    bizDesc: varchar('biz_desc', { length: 1000 }),
    settleStatus: smallint('settle_status').notNull().default(0),
    lastOpinion: varchar('last_opinion', { length: 500 }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** 最近一次同步到求实平台的时间 */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('org_profile_settle_status_chk', sql`${t.settleStatus} between 0 and 6`),
    check('org_profile_numbers_chk', sql`coalesce(${t.teachersNumber}, 0) >= 0 and coalesce(${t.orgArea}, 0) >= 0`),
    index('org_profile_city_idx').on(t.cityId, t.settleStatus),
    index('org_profile_status_idx').on(t.settleStatus, t.updatedAt),
  ],
);

export type OrgProfile = typeof orgProfiles.$inferSelect;

/** 入驻的办理历史：每次提交、审核、撤回、暂停、恢复一条 */
export const orgSettleHistory = pgTable(
  'org_settle_history',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 32 }).notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    opinion: varchar('opinion', { length: 500 }),
    actorId: integer('actor_id').notNull(),
    actorName: varchar('actor_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('org_settle_history_org_idx').on(t.orgId, t.createdAt)],
);

/** 企业（与培训机构）评价：市级或省级管理员按年度给已入驻的单位打分，一个单位一年一条 */
export const orgEvaluations = pgTable(
  'org_evaluation',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    cityId: integer('city_id'),
    year: smallint('year').notNull(),
    /** 0–100 分；等级由分数算出（优秀、良好、合格、不合格） */
    score: smallint('score').notNull(),
    content: varchar('content', { length: 1000 }).notNull(),
    evaluatorId: integer('evaluator_id').notNull(),
    evaluatorName: varchar('evaluator_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('org_evaluation_score_chk', sql`${t.score} between 0 and 100`),
    uniqueIndex('org_evaluation_org_year_uq').on(t.orgId, t.year),
    index('org_evaluation_city_idx').on(t.cityId, t.year),
    index('org_evaluation_year_idx').on(t.year, t.score),
  ],
);

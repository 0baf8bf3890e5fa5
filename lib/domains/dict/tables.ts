// 数据字典与流程规则的表。
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { areas } from '../area/tables';

/** 字典类型：code 是业务键（如 FILING_STATUS、JOB_DUTY），各处按 code 取字典。 */
export const dictTypes = pgTable(
  'dict_type',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 64 }).notNull().unique(),
    name: varchar('name', { length: 64 }).notNull(),
    /** 0 启用 1 停用 */
    status: smallint('status').notNull().default(0),
    remark: varchar('remark', { length: 200 }),
    /** 内置字典（SPEC §3 代码表）：代码被业务引用，不能删除类型 */
    builtin: boolean('builtin').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('dict_type_status_chk', sql`${t.status} in (0, 1)`), index('dict_type_name_idx').on(t.name)],
);

/** 字典项：同一类型下取值唯一；按 sort 排序。 */
export const dictItems = pgTable(
  'dict_item',
  {
    id: serial('id').primaryKey(),
    typeCode: varchar('type_code', { length: 64 })
      .notNull()
      .references(() => dictTypes.code, { onDelete: 'restrict', onUpdate: 'cascade' }),
    label: varchar('label', { length: 100 }).notNull(),
    value: varchar('value', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    /** 0 启用 1 停用 */
    status: smallint('status').notNull().default(0),
    remark: varchar('remark', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('dict_item_status_chk', sql`${t.status} in (0, 1)`),
    uniqueIndex('dict_item_type_value_uq').on(t.typeCode, t.value),
    index('dict_item_type_sort_idx').on(t.typeCode, t.sort, t.id),
  ],
);

export type DictType = typeof dictTypes.$inferSelect;
export type DictItem = typeof dictItems.$inferSelect;

/** 流程规则的一个审核环节 */
export interface ProcessStep {
  /** 顺序，从 1 起，同一规则内唯一 */
  order: number;
  name: string;
  /** 审核层级：province 省级 / city 市级 / county 县级 / org 机构 */
  reviewerLevel: 'province' | 'city' | 'county' | 'org';
  /** 审核角色编码（可选，空则该层级的管理员均可审核） */
  roleCode?: string | null;
  opinionRequired: boolean;
}

/**
 * 流程规则：某类流程（字典 PROCESS_RULE_TYPE）在某个区划内的审核环节。
 * 同一类型、同一区划只允许一条启用的规则（部分唯一索引）。
 */
export const processRules = pgTable(
  'process_rule',
  {
    id: serial('id').primaryKey(),
    processType: varchar('process_type', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** 适用区划：省（130000）、市或县区 */
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    /** 区划所在市（省级规则为空），数据范围按市过滤 */
    cityId: integer('city_id').references(() => areas.id),
    steps: jsonb('steps').$type<ProcessStep[]>().notNull(),
    /** 0 启用 1 停用 */
    status: smallint('status').notNull().default(0),
    remark: varchar('remark', { length: 200 }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('process_rule_status_chk', sql`${t.status} in (0, 1)`),
    uniqueIndex('process_rule_active_uq').on(t.processType, t.areaId).where(sql`${t.status} = 0`),
    index('process_rule_type_idx').on(t.processType),
    index('process_rule_city_idx').on(t.cityId),
    index('process_rule_area_idx').on(t.areaId),
  ],
);

export type ProcessRule = typeof processRules.$inferSelect;

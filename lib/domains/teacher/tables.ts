import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { blindIndexColumn, sealedText } from '@/lib/platform/crypto/columns';
import { organisations } from '../org/tables';

/**
 * 师资库的教师（SPEC §3 Teacher）。orgId 为登记教师的机构（所属机构），cityId/countyId 取自所属机构（范围过滤）；
 * 教师在哪些单位上班（createUserCode）记在 teacher_relation，一行一个单位，含所属机构本身。
 * provinceId/areaCityId/districtId 是表单里的行政区划（教师所在地，至少到市），competentOrgId 是主管单位。
 * auditStatus 见 transitions.ts 的 TEACHER_AUDIT，只经其中的转换表改变。删除为软删除（培训班仍引用历史教师）。
 */
export const teachers = pgTable(
  'teacher',
  {
    id: serial('id').primaryKey(),
    /** bizCode */
    code: varchar('code', { length: 32 }).notNull().unique(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    cityId: integer('city_id'),
    countyId: integer('county_id'),
    /** 教师本人的登录账号（sys_user.id；不设外键，避免与账号表互相引用） */
    userId: integer('user_id'),
    nickName: varchar('nick_name', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** 教师类型 0 班主任 1 带头教师 2 高校讲师或高级讲师 3 企业师傅 */
    userType: smallint('user_type').notNull(),
    idCard: sealedText('id_card', { kind: 'idNumber', index: 'id_card_bidx' }).notNull(),
    /** 盲索引（HMAC-SM3），查找与唯一约束用它；见 docs/SECURITY.md「个人信息加密」 */
    idCardIndex: blindIndexColumn('id_card_bidx'),
    phone: sealedText('phone', { kind: 'mobile', index: 'phone_bidx' }).notNull(),
    /** 手机号的盲索引：列表按完整手机号筛选 */
    phoneIndex: blindIndexColumn('phone_bidx'),
    email: varchar('email', { length: 100 }).notNull(),
    provinceId: integer('province_id').notNull(),
    areaCityId: integer('area_city_id').notNull(),
    districtId: integer('district_id'),
    /** 主管单位（管理单位 organisation.id） */
    competentOrgId: integer('competent_org_id')
      .notNull()
      .references(() => organisations.id),
    /** 师资类型 0 重点群体创业培训 1 重点群体就业 2 技能培训师资 */
    teacherType: smallint('teacher_type').notNull(),
    content: varchar('content', { length: 2000 }).notNull(),
    /** 教师头像（上传服务的地址） */
    avatarUrl: varchar('avatar_url', { length: 300 }).notNull(),
    auditStatus: smallint('audit_status').notNull().default(0),
    auditOpinion: varchar('audit_opinion', { length: 500 }),
    auditedBy: integer('audited_by'),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    /** 列入专家库的时间（空＝不是专家）与专长领域 */
    expertAt: timestamp('expert_at', { withTimezone: true }),
    expertField: varchar('expert_field', { length: 200 }),
    /** 最近一次推送到求实平台的时间 */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('teacher_user_type_chk', sql`${t.userType} between 0 and 3`),
    check('teacher_teacher_type_chk', sql`${t.teacherType} between 0 and 2`),
    check('teacher_audit_status_chk', sql`${t.auditStatus} in (0, 1, 2)`),
    /** 同一身份证号只登记一次（删除的不算） */
    uniqueIndex('teacher_id_card_uq').on(t.idCardIndex).where(sql`${t.deletedAt} is null`),
    index('teacher_org_idx').on(t.orgId, t.id),
    index('teacher_city_idx').on(t.cityId, t.id),
    index('teacher_county_idx').on(t.countyId),
    index('teacher_audit_idx').on(t.auditStatus, t.id),
    index('teacher_name_idx').on(t.name),
    index('teacher_user_idx').on(t.userId),
    index('teacher_competent_idx').on(t.competentOrgId),
    index('teacher_expert_idx').on(t.expertAt),
  ],
);

export type Teacher = typeof teachers.$inferSelect;

/**
 * 教师的证书（SPEC §3 Teacher certificate）。kind 见 schemas.ts 的 CERT_KIND（证书名称）；
 * 职业资格与技能等级证书 workCode/level 为工种与 TYPE_PRIMARY…；职称 workCode 为职称类别、level 为职称等级 0–2。
 */
export const teacherCertificates = pgTable(
  'teacher_certificate',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    kind: smallint('kind').notNull(),
    code: varchar('code', { length: 64 }),
    /** wordId：工种编码或职称类别 */
    workCode: varchar('work_code', { length: 32 }),
    workName: varchar('work_name', { length: 64 }),
    /** typeLevel */
    level: varchar('level', { length: 32 }),
    /** resStoreFile：证书扫描件 */
    fileUrl: varchar('file_url', { length: 300 }).notNull(),
    /** certificatePosterUrl：证书海报（可空） */
    posterUrl: varchar('poster_url', { length: 300 }),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [check('teacher_certificate_kind_chk', sql`${t.kind} between 0 and 5`), index('teacher_certificate_teacher_idx').on(t.teacherId, t.sort)],
);

/** 教师的上班单位（createUserCode 的各单位）：一名教师可在几个单位上班；所属机构自己也有一行。 */
export const teacherRelations = pgTable(
  'teacher_relation',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    /** 上班单位所在市（市级管理员在关系管理里看本市单位的关系） */
    cityId: integer('city_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('teacher_relation_uq').on(t.teacherId, t.orgId), index('teacher_relation_org_idx').on(t.orgId, t.teacherId), index('teacher_relation_city_idx').on(t.cityId)],
);

/** 教师的办理记录（登记、修改、审核、删除、关系变动、推送）：操作记录与审核意见都读这张表 */
export const teacherHistory = pgTable(
  'teacher_history',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 32 }).notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status'),
    opinion: varchar('opinion', { length: 500 }),
    actorId: integer('actor_id').notNull(),
    actorName: varchar('actor_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('teacher_history_teacher_idx').on(t.teacherId, t.createdAt)],
);

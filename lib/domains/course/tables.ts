// 课程资源库（SPEC §7 Course library）：课程类型（树）、标签、分类、课程（图文/视频）、章节、课件、
// 精品课程、课程评论、审核历史，以及培训班引用课程的关联表 class_course（培训班由后续议题写入）。
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, smallint, timestamp, unique, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { areas } from '../area/tables';
import { organisations } from '../org/tables';
import { users } from '../user/tables';

/** 课程类型：全省共用的一棵树（parentId 为空是顶层）；有子类型或课程的不能删除。 */
export const courseTypes = pgTable(
  'course_type',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => courseTypes.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // 同一上级下名称不重复（顶层的 parent_id 为空，NULLS NOT DISTINCT 使顶层之间也互不重复）
    unique('course_type_parent_name_uq').on(t.parentId, t.name).nullsNotDistinct(),
    index('course_type_parent_idx').on(t.parentId, t.sort),
  ],
);

/** 课程标签：全省共用；被课程使用的不能删除。 */
export const courseTags = pgTable(
  'course_tag',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 32 }).notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('course_tag_name_uq').on(t.name), index('course_tag_sort_idx').on(t.sort)],
);

/** 课程分类：全省共用；被课程使用的不能删除。 */
export const courseClassifies = pgTable(
  'course_classify',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 32 }).notNull(),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('course_classify_name_uq').on(t.name), index('course_classify_sort_idx').on(t.sort)],
);

/**
 * 课程：图文（picture）或视频（video）。status 只经 transitions.ts 的转换表改变。
 * 归属：机构用户建的课程属于本机构（orgId、cityId 取自机构）；管理员建的 orgId 为空、cityId 为其所在市（省级为空）。
 */
export const courses = pgTable(
  'course',
  {
    id: serial('id').primaryKey(),
    /** 课程编号 KC + 年份 + 6 位序号（取自主键） */
    code: varchar('code', { length: 32 }).notNull().unique(),
    kind: varchar('kind', { length: 8 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    typeId: integer('type_id')
      .notNull()
      .references(() => courseTypes.id, { onDelete: 'restrict' }),
    classifyId: integer('classify_id').references(() => courseClassifies.id, { onDelete: 'restrict' }),
    /** 培训类型（字典 TRAIN_TYPE 的值） */
    trainType: varchar('train_type', { length: 16 }),
    /** 适用工种（目录中的工种编码与名称快照） */
    workCode: varchar('work_code', { length: 32 }),
    workName: varchar('work_name', { length: 64 }),
    cover: varchar('cover', { length: 500 }),
    intro: varchar('intro', { length: 2000 }),
    teacherName: varchar('teacher_name', { length: 64 }).notNull(),
    /** 学时 */
    hours: smallint('hours').notNull(),
    status: smallint('status').notNull().default(0),
    /** 最近一次审核意见 */
    lastOpinion: varchar('last_opinion', { length: 500 }),
    orgId: integer('org_id').references(() => organisations.id, { onDelete: 'restrict' }),
    cityId: integer('city_id').references(() => areas.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('course_kind_chk', sql`${t.kind} in ('picture', 'video')`),
    check('course_status_chk', sql`${t.status} between 0 and 4`),
    check('course_hours_chk', sql`${t.hours} between 1 and 999`),
    index('course_kind_status_idx').on(t.kind, t.status, t.updatedAt),
    index('course_status_idx').on(t.status, t.submittedAt),
    index('course_org_idx').on(t.orgId, t.updatedAt),
    index('course_city_idx').on(t.cityId, t.updatedAt),
    index('course_type_idx').on(t.typeId),
    index('course_classify_idx').on(t.classifyId),
    index('course_name_idx').on(t.name),
  ],
);

/** 课程与标签（多对多） */
export const courseTagLinks = pgTable(
  'course_tag_link',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => courseTags.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.tagId] }), index('course_tag_link_tag_idx').on(t.tagId)],
);

/** 章节：同一课程内按 sort 排序 */
export const courseChapters = pgTable(
  'course_chapter',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_chapter_course_idx').on(t.courseId, t.sort)],
);

/** 课件：视频、PDF、图片或文档（上传服务的文件地址）；同一章节内按 sort 排序。courseId 冗余存放，供跨课程的课件列表按课程过滤。 */
export const chapterCoursewares = pgTable(
  'chapter_courseware',
  {
    id: serial('id').primaryKey(),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => courseChapters.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    url: varchar('url', { length: 500 }).notNull(),
    fileSize: integer('file_size'),
    /** 视频时长（秒） */
    duration: integer('duration'),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('chapter_courseware_kind_chk', sql`${t.kind} in ('video', 'pdf', 'image', 'document')`),
    check('chapter_courseware_duration_chk', sql`${t.duration} is null or ${t.duration} between 1 and 86400`),
    index('chapter_courseware_chapter_idx').on(t.chapterId, t.sort),
    index('chapter_courseware_course_idx').on(t.courseId),
    index('chapter_courseware_kind_idx').on(t.kind, t.updatedAt),
  ],
);

/** 审核与上下架的办理历史 */
export const courseHistory = pgTable(
  'course_history',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 16 }).notNull(),
    fromStatus: smallint('from_status').notNull(),
    toStatus: smallint('to_status').notNull(),
    opinion: varchar('opinion', { length: 500 }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: varchar('actor_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_history_course_idx').on(t.courseId, t.createdAt)],
);

/**
 * 培训班使用的课程。培训班的表在培训议题中建立，那时由培训域写入这些行并补上 class_id 的外键；
 * 课程一旦被引用就不能删除（ON DELETE RESTRICT 兜底，服务先按条数给出中文原因）。
 */
export const classCourses = pgTable(
  'class_course',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id').notNull(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('class_course_uq').on(t.classId, t.courseId), index('class_course_course_idx').on(t.courseId)],
);

/** 精品课程：已上架课程的有序展示（sort 升序）；arraigned 为展示位的上架/下架。 */
export const excellentCourses = pgTable(
  'excellent_course',
  {
    id: serial('id').primaryKey(),
    /** 展示编号 JP + 6 位序号（byCode 按它查） */
    code: varchar('code', { length: 16 }).notNull().unique(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    recommendation: varchar('recommendation', { length: 200 }),
    sort: integer('sort').notNull().default(0),
    arraigned: smallint('arraigned').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('excellent_course_arraigned_chk', sql`${t.arraigned} in (0, 1)`),
    unique('excellent_course_course_uq').on(t.courseId),
    index('excellent_course_sort_idx').on(t.sort, t.id),
  ],
);

/** 学员对已上架课程的评论与评分（1–5 星）；每人每门课一条。 */
export const courseComments = pgTable(
  'course_comment',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('course_comment_rating_chk', sql`${t.rating} between 1 and 5`),
    unique('course_comment_user_uq').on(t.courseId, t.userId),
    index('course_comment_created_idx').on(t.createdAt),
    index('course_comment_course_idx').on(t.courseId, t.createdAt),
  ],
);

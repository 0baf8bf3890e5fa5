// 录像（SPEC §7 "Recording save"）：考试计划（可选到考点）或培训班的一段浏览器录像。视频、封面与截图经上传服务保存，
// 在 file_ref 里登记引用（entity 'recording'）。orgId、cityId 取自计划或班级（范围过滤）。
// 一行录像只属于考试计划与培训班之一（recording_target_chk）：考点的录像是计划的录像再加 site_id（plan_id 有值、class_id 为空），
// 培训班的录像没有考点与计划步骤。
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { examPlans } from '../exaPlan/tables';
import { examSites } from '../examSite/tables';
import { trainClasses } from '../trainClass/tables';

/** 一张截图：地址与拍摄时间（北京时间 YYYY-MM-DD HH:mm:ss） */
export interface RecordingShot {
  url: string;
  time: string;
}

export const recordings = pgTable(
  'recording',
  {
    id: serial('id').primaryKey(),
    /** 考试计划（培训班的录像为空） */
    planId: integer('plan_id').references(() => examPlans.id, { onDelete: 'cascade' }),
    /** 培训班（考试计划的录像为空） */
    classId: integer('class_id').references(() => trainClasses.id, { onDelete: 'cascade' }),
    /** 计划编号或班级编号（SPEC 的 planCode，即记录的 bizCode） */
    planCode: varchar('plan_code', { length: 32 }).notNull(),
    /** 保存时计划所在的步骤（取自计划，不取自客户端）；培训班的录像为空 */
    planStep: smallint('plan_step'),
    siteId: integer('site_id').references(() => examSites.id, { onDelete: 'set null' }),
    orgId: integer('org_id').notNull(),
    cityId: integer('city_id'),
    /** 开始录制的时刻 */
    recordingTime: timestamp('recording_time', { withTimezone: true }).notNull(),
    /** 时长（秒） */
    videoDuration: integer('video_duration').notNull(),
    videoUrl: varchar('video_url', { length: 300 }).notNull(),
    /** 视频字节数（取自上传服务的记录） */
    videoSize: bigint('video_size', { mode: 'number' }).notNull(),
    /** 封面（第一张截图） */
    videoPicture: varchar('video_picture', { length: 300 }),
    screenshots: jsonb('screenshots').$type<RecordingShot[]>().notNull().default([]),
    createdBy: integer('created_by'),
    createdByName: varchar('created_by_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('recording_duration_chk', sql`${t.videoDuration} >= 0`),
    check('recording_size_chk', sql`${t.videoSize} >= 0`),
    check('recording_step_chk', sql`${t.planStep} between 0 and 9`),
    // 恰好属于计划与培训班之一；计划的录像有步骤（可有考点），培训班的录像没有步骤与考点
    check(
      'recording_target_chk',
      sql`(${t.planId} is not null and ${t.classId} is null and ${t.planStep} is not null) or (${t.classId} is not null and ${t.planId} is null and ${t.planStep} is null and ${t.siteId} is null)`,
    ),
    // 按计划（可再按考点）或按培训班列出，新的在前
    index('recording_plan_idx').on(t.planId, t.recordingTime, t.id),
    index('recording_class_idx').on(t.classId, t.recordingTime, t.id),
    index('recording_site_idx').on(t.siteId),
    // 一段视频只保存一次（重复点保存、两个窗口同时保存）
    uniqueIndex('recording_video_uq').on(t.videoUrl),
    index('recording_org_idx').on(t.orgId),
    index('recording_city_idx').on(t.cityId),
  ],
);

export type Recording = typeof recordings.$inferSelect;

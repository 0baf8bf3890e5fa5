// 后台任务：用户发起的耗时操作（批量打印、按规则组卷、大文件导入）排队后由任一实例的任务执行器领取执行，
// 进度与结果存在这里，用户离开页面再回来（或在「我的任务」里）照样看得到、下载得到。
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const TASK_STATUS = {
  QUEUED: 'queued',
  RUNNING: 'running',
  DONE: 'done',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
} as const;
export type TaskStatus = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];
/** 已结束的状态：不再变化 */
export const FINISHED_STATUSES: readonly TaskStatus[] = [TASK_STATUS.DONE, TASK_STATUS.FAILED, TASK_STATUS.CANCELLED];

export const backgroundTasks = pgTable(
  'background_task',
  {
    id: serial('id').primaryKey(),
    /** 发起人（账号表属于领域，平台表不设外键；账号删除后任务由清理任务按时间删除） */
    userId: integer('user_id').notNull(),
    /** 登记的任务种类，如 certificate.print */
    kind: varchar('kind', { length: 64 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default(TASK_STATUS.QUEUED),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** 领域给的参数（执行时按发起人当时的账号与权限重新读取数据） */
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    /** 结果：计数、提示等；产出文件时另记 file_* 列 */
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** 产出的文件在存储里的键、扩展名与字节数（下载只给发起人） */
    fileKey: varchar('file_key', { length: 200 }),
    fileExt: varchar('file_ext', { length: 8 }),
    fileSize: bigint('file_size', { mode: 'number' }),
    error: text('error'),
    /** 领取它的实例（主机名与进程号） */
    instance: varchar('instance', { length: 128 }),
    /** 被领取的次数：实例中断后重新排队一次，再中断即失败 */
    attempts: integer('attempts').notNull().default(0),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('background_task_status_chk', sql`${t.status} in ('queued', 'running', 'done', 'failed', 'cancelled')`),
    check('background_task_progress_chk', sql`${t.done} >= 0 and ${t.total} >= 0`),
    // 「我的任务」：本人最新在前
    index('background_task_user_idx').on(t.userId, t.id),
    // 执行器领取排队的、检查心跳过期的
    index('background_task_status_idx').on(t.status, t.id),
  ],
);
export type BackgroundTask = typeof backgroundTasks.$inferSelect;

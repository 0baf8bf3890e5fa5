// 后台任务的查看、取消与结果下载：每个人只看得到自己发起的任务（别人的与不存在一样，404）。
// 任务的发起在各领域自己的端点里（enqueueTask），执行在 lib/platform/task/runner.ts。
import { Readable } from 'node:stream';
import { and, count, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { fetchPage } from '@/lib/platform/db/paged';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import { FileResult, type FileExt } from '@/lib/platform/api/files';
import { formatBeijing } from '@/lib/platform/time';
import { getStorage } from '@/lib/platform/storage';
import type { Session } from '@/lib/platform/auth/session';
import { backgroundTasks, TASK_STATUS, type BackgroundTask } from '@/lib/platform/task/tables';
import { cancelTask as cancelQueuedTask, deleteResultFile } from '@/lib/platform/task/runner';
import { TaskFailed, type TaskContext } from '@/lib/platform/task/registry';
import { isLargeWork, removeFiles, type LargeWorkInput } from '@/lib/platform/task/large-work';
import { sessionOfUser } from '../access/session';
import type { TaskItem } from './schemas';

export const TASK_NOT_FOUND = '任务不存在';
export const TASK_FINISHED = '任务已经结束，不能取消';
export const TASK_NO_FILE = '任务还没有完成，或没有可下载的文件';
export const TASK_FILE_GONE = '任务的结果文件已被清理，请重新发起';
export const OWNER_INACTIVE = '发起任务的账号已冻结或删除，任务终止';

const PERCENT = 100;

function toItem(t: BackgroundTask): TaskItem {
  const percent = t.status === TASK_STATUS.DONE ? PERCENT : t.total ? Math.min(PERCENT, Math.floor((t.done * PERCENT) / t.total)) : 0;
  return {
    id: t.id,
    kind: t.kind,
    title: t.title,
    status: t.status as TaskItem['status'],
    done: t.done,
    total: t.total,
    percent,
    active: t.status === TASK_STATUS.QUEUED || t.status === TASK_STATUS.RUNNING,
    error: t.error,
    result: t.result ?? null,
    hasFile: t.fileKey !== null,
    fileSize: t.fileSize,
    createTime: formatBeijing(t.createdAt),
    finishTime: t.finishedAt ? formatBeijing(t.finishedAt) : null,
  };
}

/** 本人的一个任务；别人的与不存在一样 */
async function ownTask(db: Db, userId: number, id: number): Promise<BackgroundTask> {
  const [row] = await db
    .select()
    .from(backgroundTasks)
    .where(and(eq(backgroundTasks.id, id), eq(backgroundTasks.userId, userId)));
  if (!row) throw ApiError.notFound(TASK_NOT_FOUND);
  return row;
}

export async function getTask(db: Db, userId: number, input: { id: number }): Promise<TaskItem> {
  return toItem(await ownTask(db, userId, input.id));
}

/** 本人的任务，最新在前 */
export async function listTasks(db: Db, userId: number, _filter: object, page: Page): Promise<PageResult<TaskItem>> {
  const where = eq(backgroundTasks.userId, userId);
  return fetchPage(
    page,
    db.select().from(backgroundTasks).where(where).orderBy(desc(backgroundTasks.id)),
    db.select({ total: count() }).from(backgroundTasks).where(where),
    (rows) => rows.map(toItem),
  );
}

export async function cancelTask(db: Db, session: Session, input: { id: number }): Promise<TaskItem> {
  const task = await ownTask(db, session.user.id, input.id);
  const row = await cancelQueuedTask(db, { id: task.id, userId: session.user.id });
  if (!row) throw ApiError.conflict(TASK_FINISHED);
  return toItem(row);
}

/** 任务产出的文件（只给发起人）：流式读出，文件名照例为时间戳 */
export async function downloadTaskFile(db: Db, userId: number, input: { id: number }): Promise<FileResult> {
  const task = await ownTask(db, userId, input.id);
  if (task.status !== TASK_STATUS.DONE || !task.fileKey || !task.fileExt) throw ApiError.conflict(TASK_NO_FILE);
  const obj = await getStorage().get(task.fileKey);
  if (!obj) throw ApiError.notFound(TASK_FILE_GONE);
  return new FileResult(Readable.toWeb(obj.body) as ReadableStream<Uint8Array>, task.fileExt as FileExt);
}

/** 执行时发起人此刻的账号与权限（数据范围按当前的算）；账号已冻结或删除则任务失败 */
export async function ownerSession(ctx: TaskContext): Promise<Session> {
  const session = await sessionOfUser(ctx.db, ctx.userId);
  if (!session) throw new TaskFailed(OWNER_INACTIVE);
  return session;
}

/** 删除结束超过 days 天的任务与它们的文件（定时任务“清理后台任务”） */
export async function purgeFinishedTasks(db: Db, days: number): Promise<number> {
  const cutoff = new Date(Date.now() - days * 86_400_000);
  const rows = await db
    .delete(backgroundTasks)
    .where(and(inArray(backgroundTasks.status, [TASK_STATUS.DONE, TASK_STATUS.FAILED, TASK_STATUS.CANCELLED]), lt(backgroundTasks.finishedAt, cutoff)))
    .returning({ fileKey: backgroundTasks.fileKey, kind: backgroundTasks.kind, input: backgroundTasks.input });
  for (const r of rows) {
    await deleteResultFile(r.fileKey);
    // 排队时就被取消的导入任务没有执行过，上传的文件还在
    if (isLargeWork(r.kind)) await removeFiles(r.input as LargeWorkInput);
  }
  return rows.length;
}

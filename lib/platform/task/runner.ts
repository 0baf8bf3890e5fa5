// 后台任务的执行器：排队的任务由任一实例以 FOR UPDATE SKIP LOCKED 领取（多实例下每个任务只执行一次），
// 在本进程里执行，按节流报告进度（写库并经推送通道通知发起人），结束时存结果与产出的文件。
// 执行中的任务定时写心跳；实例中断（心跳过期）的任务重新排队一次，再中断即失败。每个实例同时执行的任务数有上限。
// 服务里由 instrumentation.ts 调用 startTaskRunner；测试里 await runQueuedTasks(db) 确定地执行。
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { getDb } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import type { FileResult } from '@/lib/platform/api/files';
import { getStorage } from '@/lib/platform/storage';
import { makeTempDir } from '@/lib/platform/storage/temp';
import { CONTENT_TYPES } from '@/lib/platform/api/files';
import { log } from '@/lib/platform/log';
import { publish } from '@/lib/platform/push';
import { backgroundTasks, TASK_STATUS, type BackgroundTask, type TaskStatus } from './tables';
import type { AuditChange } from '@/lib/platform/api/endpoint';
import { TaskCancelled, TaskFailed, taskChangeRecorder, taskDefinition, type ProgressFn } from './registry';

/** 执行中每隔这么久写一次心跳 */
export const TASK_HEARTBEAT_MS = 10_000;
/** 心跳超过这么久没更新，视为执行它的实例已中断 */
export const TASK_STALE_MS = 60_000;
/** 最多被领取的次数：中断后重新排队一次 */
export const TASK_MAX_ATTEMPTS = 2;
/** 每个实例同时执行的任务数（TASK_CONCURRENCY 可改） */
export const DEFAULT_TASK_CONCURRENCY = 2;
/** 空闲时多久看一次有没有排队的任务（别的实例发起的）与中断的任务 */
export const TASK_POLL_MS = 2_000;
/** 进度最多每隔这么久写一次库、推送一次…… */
export const PROGRESS_INTERVAL_MS = 500;
/** ……或进度每前进这么多（百分比） */
export const PROGRESS_STEP_PERCENT = 5;

export const INTERRUPTED_MESSAGE = '执行任务的服务实例中断了两次，任务已终止，请重新发起';
export const UNEXPECTED_MESSAGE = '任务执行时服务器出错，请稍后重新发起；仍然失败请联系管理员';
export const UNKNOWN_KIND_MESSAGE = '服务器不认识这种任务（可能正在升级），请稍后重新发起';

export function taskConcurrency(): number {
  const n = Number(process.env.TASK_CONCURRENCY);
  return Number.isInteger(n) && n >= 1 ? n : DEFAULT_TASK_CONCURRENCY;
}

/** 本实例的名字：主机名与进程号 */
export const instanceName = () => `${os.hostname()}:${process.pid}`.slice(0, 128);

/** 推送给发起人的任务事件（type 'task'） */
async function announce(db: Db, t: Pick<BackgroundTask, 'id' | 'userId' | 'kind' | 'status' | 'done' | 'total' | 'title'>): Promise<void> {
  try {
    await publish(db, { type: 'task', userIds: [t.userId], data: { id: t.id, kind: t.kind, status: t.status, done: t.done, total: t.total, title: t.title } });
  } catch (err) {
    // 推送失败不影响任务：界面照样按轮询看到进度
    log.warn({ component: 'task', taskId: t.id, err }, '推送任务进度失败');
  }
}

/** 发起一个任务：排队、通知发起人，并叫醒本实例的执行器。kind 须已登记。 */
export async function enqueueTask(
  db: Db,
  task: { userId: number; kind: string; title?: string; input: Record<string, unknown>; total?: number },
): Promise<{ taskId: number }> {
  const def = taskDefinition(task.kind);
  if (!def) throw new Error(`未登记的任务种类 ${task.kind}`); // i18n-ignore
  const [row] = await db
    .insert(backgroundTasks)
    .values({ userId: task.userId, kind: task.kind, title: (task.title ?? def.title).slice(0, 200), input: task.input, total: task.total ?? 0 })
    .returning();
  await announce(db, row);
  wakeRunner();
  return { taskId: row.id };
}

/** 取消本人的任务：排队中与执行中的都可取消（执行中的在下一次报告进度时停下）；返回取消后的行，已结束或不是本人的为 null */
export async function cancelTask(db: Db, input: { id: number; userId: number }): Promise<BackgroundTask | null> {
  const [row] = await db
    .update(backgroundTasks)
    .set({ status: TASK_STATUS.CANCELLED, finishedAt: new Date() })
    .where(
      and(
        eq(backgroundTasks.id, input.id),
        eq(backgroundTasks.userId, input.userId),
        inArray(backgroundTasks.status, [TASK_STATUS.QUEUED, TASK_STATUS.RUNNING]),
      ),
    )
    .returning();
  if (row) await announce(db, row);
  return row ?? null;
}

/** 领取至多 limit 个排队的任务（SKIP LOCKED：别的实例已锁住的跳过，不等待） */
export async function claimTasks(db: Db, instance: string, limit: number): Promise<BackgroundTask[]> {
  if (limit < 1) return [];
  const rows = await db.execute<{ id: number }>(sql`
    update ${backgroundTasks}
       set status = ${TASK_STATUS.RUNNING}, instance = ${instance}, attempts = attempts + 1,
           started_at = now(), heartbeat_at = now()
     where id in (select id from ${backgroundTasks}
                   where status = ${TASK_STATUS.QUEUED}
                   order by id
                   limit ${limit}
                   for update skip locked)
    returning id`);
  const ids = (Array.isArray(rows) ? rows : (rows as { rows: { id: number }[] }).rows).map((r) => Number(r.id));
  if (!ids.length) return [];
  return db.select().from(backgroundTasks).where(inArray(backgroundTasks.id, ids)).orderBy(asc(backgroundTasks.id));
}

/** 心跳过期的执行中任务：还能再试的重新排队，否则失败。返回处理的行数 */
export async function recoverStaleTasks(db: Db, opts: { staleMs?: number } = {}): Promise<number> {
  const cutoff = new Date(Date.now() - (opts.staleMs ?? TASK_STALE_MS));
  const stale = and(eq(backgroundTasks.status, TASK_STATUS.RUNNING), lt(backgroundTasks.heartbeatAt, cutoff));
  const requeued = await db
    .update(backgroundTasks)
    .set({ status: TASK_STATUS.QUEUED, instance: null, heartbeatAt: null, startedAt: null, done: 0 })
    .where(and(stale, lt(backgroundTasks.attempts, TASK_MAX_ATTEMPTS)))
    .returning();
  const failed = await db
    .update(backgroundTasks)
    .set({ status: TASK_STATUS.FAILED, error: INTERRUPTED_MESSAGE, finishedAt: new Date() })
    .where(stale)
    .returning();
  for (const t of [...requeued, ...failed]) {
    log.warn({ component: 'task', taskId: t.id, instance: t.instance }, t.status === TASK_STATUS.FAILED ? '任务的实例两次中断，任务失败' : '任务的实例中断，重新排队');
    await announce(db, t);
  }
  return requeued.length + failed.length;
}

/**
 * 产出的文件存进存储：键 tasks/t<编号>-<随机>.<扩展名>，不经上传表（只给发起人经 /task/download 下载）。
 * 流式的产出（导出）先边生成边写进临时文件，再按已知大小流式存入（对象存储要 Content-Length），内存不随行数增长。
 */
async function storeResultFile(taskId: number, file: FileResult): Promise<{ key: string; ext: string; size: number }> {
  const key = `tasks/t${taskId}-${randomBytes(8).toString('hex')}.${file.ext}`;
  const opts = { contentType: CONTENT_TYPES[file.ext] };
  if (file.body instanceof Uint8Array) {
    await getStorage().put(key, file.body, { ...opts, size: file.body.byteLength });
    return { key, ext: file.ext, size: file.body.byteLength };
  }
  const dir = await makeTempDir('task');
  try {
    const temp = path.join(dir, `result.${file.ext}`);
    await pipeline(Readable.fromWeb(file.body as import('node:stream/web').ReadableStream<Uint8Array>), fs.createWriteStream(temp));
    const { size } = await fsp.stat(temp);
    await getStorage().put(key, fs.createReadStream(temp), { ...opts, size });
    return { key, ext: file.ext, size };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** 删除任务产出的文件（取消、清理时） */
export async function deleteResultFile(key: string | null): Promise<void> {
  if (key) await getStorage().delete(key).catch((err) => log.warn({ component: 'task', key, err }, '删除任务文件失败'));
}

/** 执行一个已领取的任务直到结束（不抛出：失败写进任务） */
export async function executeTask(db: Db, task: BackgroundTask, instance: string): Promise<TaskStatus> {
  const mine = and(eq(backgroundTasks.id, task.id), eq(backgroundTasks.status, TASK_STATUS.RUNNING), eq(backgroundTasks.instance, instance));
  const state = { done: task.done, total: task.total, lastWrite: 0, lastPercent: -1, cancelled: false };
  /** 进度写库串成一条链，不阻塞任务本身：任务在 PGlite 的事务里报进度时，事务外的写入要等事务结束 */
  let writes: Promise<void> = Promise.resolve();
  const write = (values: Partial<BackgroundTask>) => {
    writes = writes.then(async () => {
      if (state.cancelled) return;
      const [row] = await db.update(backgroundTasks).set(values).where(mine).returning();
      if (!row) state.cancelled = true;
      else if ('done' in values) await announce(db, row);
    });
    writes.catch(() => {});
  };
  const progress: ProgressFn = async (done, total) => {
    if (state.cancelled) throw new TaskCancelled();
    state.done = Math.max(0, Math.floor(done));
    if (total !== undefined) state.total = Math.max(0, Math.floor(total));
    const percent = state.total ? Math.floor((state.done * 100) / state.total / PROGRESS_STEP_PERCENT) : 0;
    const now = Date.now();
    if (now - state.lastWrite < PROGRESS_INTERVAL_MS && percent === state.lastPercent && state.done !== state.total) return;
    state.lastWrite = now;
    state.lastPercent = percent;
    write({ done: state.done, total: state.total, heartbeatAt: new Date() });
  };
  const heartbeat = setInterval(() => write({ heartbeatAt: new Date() }), TASK_HEARTBEAT_MS);
  heartbeat.unref();
  await announce(db, task);

  let status: TaskStatus;
  let values: Partial<BackgroundTask>;
  let storedKey: string | null = null;
  const changes: AuditChange[] = [];
  try {
    const def = taskDefinition(task.kind);
    if (!def) throw new TaskFailed(UNKNOWN_KIND_MESSAGE);
    const output = await def.run({ db, taskId: task.id, userId: task.userId, audit: (c) => void changes.push(c) }, task.input, progress);
    await writes;
    if (state.cancelled) throw new TaskCancelled();
    const file = output.file ? await storeResultFile(task.id, output.file) : null;
    storedKey = file?.key ?? null;
    status = TASK_STATUS.DONE;
    values = {
      status,
      done: state.total || state.done,
      total: state.total,
      result: (typeof output.result === 'function' ? output.result() : output.result) ?? {},
      fileKey: file?.key ?? null,
      fileExt: file?.ext ?? null,
      fileSize: file?.size ?? null,
    };
  } catch (err) {
    if (err instanceof TaskCancelled || state.cancelled) {
      status = TASK_STATUS.CANCELLED;
      values = {};
    } else if (err instanceof TaskFailed || err instanceof ApiError) {
      status = TASK_STATUS.FAILED;
      // 导入失败的 400 带错误明细与错误工作簿的地址：一并存下，界面照样给出下载
      const data = err instanceof TaskFailed ? err.result : err.data;
      values = { status, error: err.message, result: data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null };
    } else {
      log.error({ component: 'task', taskId: task.id, kind: task.kind, err }, '任务执行出错');
      status = TASK_STATUS.FAILED;
      values = { status, error: UNEXPECTED_MESSAGE };
    }
  } finally {
    clearInterval(heartbeat);
    await writes.catch(() => {});
  }
  if (status === TASK_STATUS.CANCELLED) return status;
  const [row] = await db
    .update(backgroundTasks)
    .set({ ...values, finishedAt: new Date(), heartbeatAt: new Date() })
    .where(mine)
    .returning();
  if (!row) {
    // 最后一刻被取消（或被判为中断）：丢弃产出的文件
    await deleteResultFile(storedKey);
    return TASK_STATUS.CANCELLED;
  }
  await announce(db, row);
  const record = taskChangeRecorder();
  if (status === TASK_STATUS.DONE && changes.length && record) {
    await record({ db, task: row, input: task.input, changes }).catch((err) => log.error({ component: 'task', taskId: task.id, err }, '任务的操作日志写入失败'));
  }
  return status;
}

/**
 * 领取并执行排队的任务，直到没有排队的为止（测试里 await 它；服务里由定时的检查调用）。
 * 返回执行的个数。limit 为同时执行的个数。
 */
export async function runQueuedTasks(db: Db, opts: { instance?: string; limit?: number } = {}): Promise<number> {
  const instance = opts.instance ?? instanceName();
  const limit = opts.limit ?? taskConcurrency();
  let count = 0;
  for (;;) {
    const claimed = await claimTasks(db, instance, limit);
    if (!claimed.length) return count;
    await Promise.all(claimed.map((t) => executeTask(db, t, instance)));
    count += claimed.length;
  }
}

// ---------- 服务里的执行器（每个进程一个，状态挂在 globalThis：instrumentation 与路由是不同的打包） ----------

interface RunnerState {
  timer: NodeJS.Timeout;
  running: number;
  checking: boolean;
  /** 检查进行中又被叫醒：这一轮结束后再查一次（刚发起的任务不等下一次轮询） */
  again: boolean;
  wake: () => void;
  instance: string;
}

const shared = globalThis as typeof globalThis & { __taskRunner?: RunnerState };

/** 本实例刚发起了任务：立刻检查，不等下一次轮询 */
export function wakeRunner(): void {
  shared.__taskRunner?.wake();
}

/**
 * 启动执行器；每个进程一次（重复调用无效）。loadRegistry 加载登记任务种类的模块（lib/tasks.ts）：
 * 执行器与路由不在同一份打包里，登记要在执行器这边也发生。
 */
export function startTaskRunner(opts: { loadRegistry: () => Promise<unknown> }): void {
  if (shared.__taskRunner) return;
  const loaded = opts.loadRegistry();
  const state: RunnerState = { timer: undefined as unknown as NodeJS.Timeout, running: 0, checking: false, again: false, wake: () => void check(), instance: instanceName() };
  const check = async (): Promise<void> => {
    if (state.checking) {
      state.again = true;
      return;
    }
    state.checking = true;
    state.again = false;
    try {
      await loaded;
      const db = await getDb();
      await recoverStaleTasks(db);
      const claimed = await claimTasks(db, state.instance, taskConcurrency() - state.running);
      for (const t of claimed) {
        state.running++;
        void executeTask(db, t, state.instance).finally(() => {
          state.running--;
          void check();
        });
      }
    } catch (err) {
      log.error({ component: 'task', err }, '检查后台任务失败');
    } finally {
      state.checking = false;
    }
    if (state.again) return check();
  };
  state.timer = setInterval(() => void check(), TASK_POLL_MS);
  state.timer.unref();
  shared.__taskRunner = state;
}

export function stopTaskRunner(): void {
  const state = shared.__taskRunner;
  if (!state) return;
  clearInterval(state.timer);
  delete shared.__taskRunner;
}

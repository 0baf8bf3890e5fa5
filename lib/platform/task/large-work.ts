// 规模大的导出与整份导入改为后台任务（不引用任何领域）。
//
// 端点行声明 asTask: 'export' | 'import'；界面的请求带 Prefer: respond-async（RFC 7240）。调度器这时在“请求”模式里执行处理函数：
// - 导出：在一个事务里执行；exportXlsx 先读至多 EXPORT_TASK_ROWS + 1 行。不超过就照常写出（读到的行已在内存里，事务随即提交）；
//   超过则抛 TooLargeForRequest，事务回滚（处理函数在此之前写的个人信息访问日志等一并撤销，操作日志的变更也丢弃），改排任务。
// - 导入：runImport 找到表头时按工作表的行数（或读到的行数）判断，超过 IMPORT_TASK_ROWS 即抛 TooLargeForRequest——
//   那时还没有写入（写入也在 runImport 自己的事务里，随之回滚）；上传的文件存进存储，供任务读取。
// 任务（lib/domains/task/large-work.ts 登记）以发起人此刻的会话重放同一端点（callEndpoint：同一校验、同一权限、同一处理函数），
// 处理函数在“任务”模式里执行：exportXlsx 按写出的行报进度，runImport 按校验、写入的行报进度。
// 所以直接答复与任务的范围、脱敏、访问日志出自同一份代码，没有第二份查询。
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { Db } from '@/lib/platform/db/client';
import type { Audit, AuditChange } from '@/lib/platform/api/endpoint';
import { getStorage } from '@/lib/platform/storage';
import { open, seal } from '@/lib/platform/crypto/sealed';
import { enqueueTask, UNKNOWN_KIND_MESSAGE } from './runner';
import { registerTask, TaskFailed, type ProgressFn, type TaskContext, type TaskOutput } from './registry';

/** 任务种类 */
export const LARGE_WORK_KIND = { export: 'export.xlsx', import: 'import.file' } as const;
export type LargeWork = keyof typeof LARGE_WORK_KIND;
export const isLargeWork = (kind: string) => Object.values<string>(LARGE_WORK_KIND).includes(kind);

export const DEFAULT_EXPORT_TASK_ROWS = 5000;
/** 与分步导入的确认改为任务的行数（界面的 BACKGROUND_COMMIT_ROWS）相同 */
export const DEFAULT_IMPORT_TASK_ROWS = 2000;

function rowsSetting(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** 导出超过这么多行改为后台任务（EXPORT_TASK_ROWS，默认 5000） */
export const exportTaskRows = () => rowsSetting('EXPORT_TASK_ROWS', DEFAULT_EXPORT_TASK_ROWS);
/** 整份导入超过这么多数据行改为后台任务（IMPORT_TASK_ROWS，默认 2000） */
export const importTaskRows = () => rowsSetting('IMPORT_TASK_ROWS', DEFAULT_IMPORT_TASK_ROWS);

/** 请求头 Prefer: respond-async：调用方接受“排成任务、答复任务编号” */
export function prefersAsync(request: Request): boolean {
  return /(^|[,;\s])respond-async\b/i.test(request.headers.get('prefer') ?? '');
}

export type LargeWorkMode =
  /** 请求里：超过 limit 行即抛 TooLargeForRequest */
  | { phase: 'request'; limit: number }
  /** 任务里：报进度；rows 为写出的行数（导出完成后存进任务的结果） */
  | { phase: 'task'; progress: ProgressFn; rows: number };

// instrumentation（执行器）与路由是不同的打包，各有一份本模块：上下文挂在 globalThis 上，进程共用一个
const shared = globalThis as typeof globalThis & { __largeWork?: AsyncLocalStorage<LargeWorkMode> };
const context = (shared.__largeWork ??= new AsyncLocalStorage<LargeWorkMode>());

/** exportXlsx、runImport 读取：当前是否在判断规模的请求里或任务里 */
export function largeWorkMode(): LargeWorkMode | undefined {
  return context.getStore();
}

export function withLargeWorkMode<T>(mode: LargeWorkMode, fn: () => Promise<T>): Promise<T> {
  return context.run(mode, fn);
}

/** 规模超过请求里直接办理的上限：调度器接住它改排任务 */
export class TooLargeForRequest extends Error {
  constructor(readonly rows: number) {
    super(`超过 ${rows} 行，改为后台任务`); // i18n-ignore 只在服务器内部传递
    this.name = 'TooLargeForRequest';
  }
}

/** 任务的输入：端点键与原始请求参数（文件换成存储键），在任务里重放 */
export interface LargeWorkInput extends Record<string, unknown> {
  key: string;
  /** 原始请求参数的 JSON，加密存放（筛选条件里可能有身份证号、手机号，访问理由也是个人操作的记录） */
  sealedRaw: string;
  ip: string;
  /** 上传的文件：原始参数里的字段名 → 存储键（任务结束后删除） */
  files: Record<string, { key: string; name: string; type: string }>;
}

/** 任务标题：端点说明的第一句（“导出筛选后的账号”“导入职业（工种）”） */
export function largeWorkTitle(summary: string): string {
  return summary.split(/[（(；;，,。:：]/)[0].trim().slice(0, 60) || summary.slice(0, 60);
}

/**
 * 调度器调用：在请求模式里执行 run；规模超过上限则排任务，答复 { taskId, background: true }。
 * run 收到的 audit 只在直接办理成功时转交给请求的 audit（改排任务时丢弃：那些改动已随事务回滚）。
 */
export async function runOrEnqueue(opts: {
  work: LargeWork;
  key: string;
  title: string;
  db: Db;
  userId: number;
  ip: string;
  raw: Record<string, unknown>;
  audit: Audit;
  run: (db: Db, audit: Audit) => Promise<unknown>;
}): Promise<unknown> {
  const changes: AuditChange[] = [];
  const collect: Audit = (c) => void changes.push(c);
  const limit = opts.work === 'export' ? exportTaskRows() : importTaskRows();
  try {
    const result = await withLargeWorkMode({ phase: 'request', limit }, () =>
      opts.work === 'export' ? opts.db.transaction((tx) => opts.run(tx, collect)) : opts.run(opts.db, collect),
    );
    for (const c of changes) opts.audit(c);
    return result;
  } catch (err) {
    if (!(err instanceof TooLargeForRequest)) throw err;
  }
  const files: LargeWorkInput['files'] = {};
  const raw: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(opts.raw)) {
    if (value instanceof Blob) {
      const key = `tasks/in-${randomBytes(12).toString('hex')}.upload`;
      const data = new Uint8Array(await value.arrayBuffer());
      await getStorage().put(key, data, { contentType: value.type || 'application/octet-stream', size: data.byteLength });
      files[name] = { key, name: value instanceof File ? value.name : name, type: value.type };
    } else raw[name] = value;
  }
  const input: LargeWorkInput = { key: opts.key, sealedRaw: seal(JSON.stringify(raw)), ip: opts.ip, files };
  const { taskId } = await enqueueTask(opts.db, { userId: opts.userId, kind: LARGE_WORK_KIND[opts.work], title: opts.title, input });
  return { taskId, background: true };
}

/** 任务里：解开原始参数，把存下的文件换回其中的 Blob */
export async function restoreFiles(input: LargeWorkInput): Promise<Record<string, unknown>> {
  const raw = JSON.parse(open(input.sealedRaw)) as Record<string, unknown>;
  for (const [field, f] of Object.entries(input.files ?? {})) {
    const obj = await getStorage().get(f.key);
    if (!obj) continue; // 缺文件：校验照常报“请选择要导入的文件”
    const chunks: Buffer[] = [];
    for await (const chunk of obj.body) chunks.push(chunk as Buffer);
    raw[field] = new File([Buffer.concat(chunks)], f.name, { type: f.type });
  }
  return raw;
}

/** 任务结束（成功、失败或取消）后删除存下的上传文件 */
export async function removeFiles(input: LargeWorkInput): Promise<void> {
  for (const f of Object.values(input.files ?? {})) await getStorage().delete(f.key).catch(() => {});
}

/**
 * 重放端点的一方（lib/domains/task/large-work.ts：它要端点表与发起人的会话，平台不引用领域，由它登记）。
 * 两种任务在这里登记（发起在调度器里，enqueueTask 要求已登记）；执行器所在的打包经 lib/tasks.ts 加载那个模块。
 */
export type LargeWorkReplayer = (ctx: TaskContext, input: LargeWorkInput, progress: ProgressFn) => Promise<TaskOutput>;
const replayer: { fn: LargeWorkReplayer | null } = { fn: null };

export function onLargeWork(fn: LargeWorkReplayer): void {
  replayer.fn = fn;
}

for (const [work, title] of [
  ['export', '导出'],
  ['import', '导入'],
] as const) {
  registerTask<LargeWorkInput>(LARGE_WORK_KIND[work], {
    title,
    async run(ctx, input, progress) {
      if (!replayer.fn) throw new TaskFailed(UNKNOWN_KIND_MESSAGE);
      try {
        const out = await replayer.fn(ctx, input, progress);
        if (work === 'export' && !out.file) throw new TaskFailed(NO_FILE_MESSAGE);
        return out;
      } finally {
        await removeFiles(input);
      }
    },
  });
}

export const NO_FILE_MESSAGE = '导出没有产生文件，请重新发起；仍然如此请联系管理员';

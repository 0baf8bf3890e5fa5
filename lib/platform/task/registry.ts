// 任务种类的登记：领域在自己的 tasks.ts 里 registerTask(kind, { title, run })，平台不引用任何领域。
// 登记在模块加载时发生；执行器启动时先加载汇总这些模块的 lib/tasks.ts（见 runner.ts 的 startTaskRunner）。
import type { Db } from '@/lib/platform/db/client';
import type { FileResult } from '@/lib/platform/api/files';
import type { Audit, AuditChange } from '@/lib/platform/api/endpoint';

export interface TaskContext {
  db: Db;
  taskId: number;
  /** 发起人 */
  userId: number;
  /** 记一条数据变更：任务成功结束后与请求一样写进操作日志（onTaskChanges 登记的记录方） */
  audit: Audit;
}

/**
 * 报告进度：done/total（total 省略时沿用上次的）。任务被取消时抛 TaskCancelled，
 * run 不必捕获（在事务里时整个事务因此回滚）。
 */
export type ProgressFn = (done: number, total?: number) => Promise<void>;

export interface TaskOutput {
  /** 存进任务的结果（计数等），「我的任务」里显示；函数时在产出的文件存好之后取（流式导出写完才知道行数） */
  result?: Record<string, unknown> | (() => Record<string, unknown>);
  /** 产出的文件：存进存储，只有发起人可以下载 */
  file?: FileResult;
}

export interface TaskDefinition<I = Record<string, unknown>> {
  /** 默认标题（enqueueTask 可给更具体的，如“打印证书 75 张”） */
  title: string;
  run(ctx: TaskContext, input: I, progress: ProgressFn): Promise<TaskOutput>;
}

/** 任务以可预期的原因失败（如导入有错行）：message 给用户看，result 一并存下（如错误工作簿的地址） */
export class TaskFailed extends Error {
  constructor(
    message: string,
    readonly result?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'TaskFailed';
  }
}

/** 进度报告时发现任务已被取消 */
export class TaskCancelled extends Error {
  constructor() {
    super('任务已取消');
    this.name = 'TaskCancelled';
  }
}

const registry = new Map<string, TaskDefinition>();

export function registerTask<I extends Record<string, unknown>>(kind: string, def: TaskDefinition<I>): void {
  // 同一模块被重新加载（开发时热更新）时覆盖为新版本
  registry.set(kind, def as unknown as TaskDefinition);
}

export function taskDefinition(kind: string): TaskDefinition | undefined {
  return registry.get(kind);
}

export function registeredKinds(): string[] {
  return [...registry.keys()];
}

/** 任务成功结束后交给操作日志的变更（操作日志在 ops 领域，平台不引用它：由它登记） */
export interface TaskChanges {
  db: Db;
  task: { id: number; kind: string; title: string; userId: number };
  input: Record<string, unknown>;
  changes: readonly AuditChange[];
}

const changeRecorder: { fn: ((record: TaskChanges) => Promise<void>) | null } = { fn: null };

export function onTaskChanges(fn: (record: TaskChanges) => Promise<void>): void {
  changeRecorder.fn = fn;
}

export function taskChangeRecorder(): ((record: TaskChanges) => Promise<void>) | null {
  return changeRecorder.fn;
}

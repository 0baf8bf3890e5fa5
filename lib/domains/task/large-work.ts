// 规模大的导出与整份导入的后台任务（机制见 lib/platform/task/large-work.ts）：以发起人此刻的会话重放发起时的端点——
// 同一输入校验、同一权限检查、同一处理函数，所以范围、脱敏与个人信息访问日志与直接导出完全相同。
// 导出的产出是工作簿（只给发起人下载）；导入的结果是写入的行数，失败时是错误明细与错误工作簿（库里一行不变）。
import { FileResult } from '@/lib/platform/api/files';
import { callEndpoint, ReplayRefused } from '@/lib/platform/api/dispatcher';
import { registerTask, TaskFailed, type TaskContext, type ProgressFn } from '@/lib/platform/task/registry';
import { LARGE_WORK_KIND, removeFiles, restoreFiles, withLargeWorkMode, type LargeWorkInput, type LargeWorkMode } from '@/lib/platform/task/large-work';
import { ownerSession } from './service';

async function replay(ctx: TaskContext, input: LargeWorkInput, progress: ProgressFn) {
  const session = await ownerSession(ctx);
  // 端点表在任务执行时才加载：它汇总全部领域（也引用本模块）
  const { endpointTable } = await import('@/lib/api');
  const mode: LargeWorkMode = { phase: 'task', progress, rows: 0 };
  try {
    const raw = await restoreFiles(input);
    const result = await withLargeWorkMode(mode, () =>
      callEndpoint(endpointTable, input.key, raw, { db: ctx.db, session, requestId: `task-${ctx.taskId}`, ip: input.ip, audit: ctx.audit }),
    );
    // 写出的行数在文件存好（流读完）之后才知道
    if (result instanceof FileResult) return { file: result, result: () => ({ rows: mode.rows }) };
    return { result: result && typeof result === 'object' && !Array.isArray(result) ? (result as Record<string, unknown>) : {} };
  } catch (err) {
    throw err instanceof ReplayRefused ? new TaskFailed(err.message) : err;
  } finally {
    await removeFiles(input);
  }
}

registerTask<LargeWorkInput>(LARGE_WORK_KIND.export, {
  title: '导出',
  async run(ctx, input, progress) {
    const out = await replay(ctx, input, progress);
    if (!out.file) throw new TaskFailed('导出没有产生文件');
    return out;
  },
});

registerTask<LargeWorkInput>(LARGE_WORK_KIND.import, {
  title: '导入',
  run: (ctx, input, progress) => replay(ctx, input, progress),
});

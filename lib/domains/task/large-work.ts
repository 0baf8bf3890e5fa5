// 规模大的导出与整份导入的后台任务（机制见 lib/platform/task/large-work.ts）：以发起人此刻的会话重放发起时的端点——
// 同一输入校验、同一权限检查、同一处理函数，所以范围、脱敏与个人信息访问日志与直接导出完全相同。
// 导出的产出是工作簿（只给发起人下载）；导入的结果是处理函数的答复，失败时是错误明细与错误工作簿（库里一行不变）。
// 由 lib/tasks.ts 加载（执行器所在的打包）。
import { FileResult } from '@/lib/platform/api/files';
import { callEndpoint, ReplayRefused } from '@/lib/platform/api/dispatcher';
import { TaskFailed } from '@/lib/platform/task/registry';
import { onLargeWork, restoreFiles, withLargeWorkMode, type LargeWorkMode } from '@/lib/platform/task/large-work';
import { ownerSession } from './service';

onLargeWork(async (ctx, input, progress) => {
  const session = await ownerSession(ctx);
  // 端点表在执行时才加载：它汇总全部领域
  const { endpointTable } = await import('@/lib/api');
  const mode: LargeWorkMode = { phase: 'task', progress, rows: 0 };
  const raw = await restoreFiles(input);
  let result: unknown;
  try {
    result = await withLargeWorkMode(mode, () =>
      callEndpoint(endpointTable, input.key, raw, { db: ctx.db, session, requestId: `task-${ctx.taskId}`, ip: input.ip, audit: ctx.audit }),
    );
  } catch (err) {
    throw err instanceof ReplayRefused ? new TaskFailed(err.message) : err;
  }
  // 写出的行数在文件存好（流读完）之后才知道
  if (result instanceof FileResult) return { file: result, result: () => ({ rows: mode.rows }) };
  return { result: result && typeof result === 'object' && !Array.isArray(result) ? (result as Record<string, unknown>) : {} };
});

// 任务状态的文字键与颜色（按状态取值的对照表；能做什么看服务端给的 active、hasFile）
import type { TaskItem } from '@/lib/domains/task/schemas';

export const STATUS_KEY: Record<TaskItem['status'], string> = {
  queued: 'task.status.queued',
  running: 'task.status.running',
  done: 'task.status.done',
  failed: 'task.status.failed',
  cancelled: 'task.status.cancelled',
};

export const STATUS_COLOR: Record<TaskItem['status'], string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  cancelled: 'warning',
};

/** antd Progress 的 status */
export const PROGRESS_STATUS: Record<TaskItem['status'], 'normal' | 'active' | 'success' | 'exception'> = {
  queued: 'normal',
  running: 'active',
  done: 'success',
  failed: 'exception',
  cancelled: 'exception',
};

export const MY_TASKS_PATH = '/account/tasks';

/** 失败结果里的错误工作簿（导入） */
export const errorFileOf = (task: TaskItem): string | null => {
  const url = task.result?.errorFileUrl;
  return typeof url === 'string' && url.startsWith('/api/') ? url : null;
};

import { z } from 'zod';
import { id } from '@/lib/platform/validation/fields';
import type { TaskStatus } from '@/lib/platform/task/tables';

export const TaskIdInput = z.object({ id: id('任务编号') });

/** 长操作的端点带 background: true 时改为发起后台任务，答复 { taskId } */
export interface TaskStarted {
  taskId: number;
}

/** 「我的任务」与进度组件看到的一项 */
export interface TaskItem {
  id: number;
  kind: string;
  title: string;
  status: TaskStatus;
  done: number;
  total: number;
  /** 0–100 */
  percent: number;
  error: string | null;
  result: Record<string, unknown> | null;
  /** 还没结束（排队中或进行中）：界面据此继续轮询、显示“取消” */
  active: boolean;
  /** 有产出的文件可下载（GET /task/download?id=） */
  hasFile: boolean;
  fileSize: number | null;
  /** YYYY-MM-DD HH:mm:ss（北京时间） */
  createTime: string;
  finishTime: string | null;
}

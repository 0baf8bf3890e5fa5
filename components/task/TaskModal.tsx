'use client';
// 发起后台任务后弹出的进度框：关掉它任务照常进行（在「我的任务」里看）；结束时 onFinished（如刷新列表的打印次数）。
import { Button, Modal } from 'antd';
import { useT } from '@/lib/i18n/client';
import TaskProgress from './TaskProgress';
import type { TaskItem } from './useTask';

export default function TaskModal({ taskId, title, onClose, onFinished }: { taskId: number | null; title: string; onClose: () => void; onFinished?: (task: TaskItem) => void }) {
  const t = useT();
  return (
    <Modal
      open={taskId !== null}
      title={title}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t('task.close')}</Button>}
      data-testid="task-modal"
    >
      {taskId !== null && <TaskProgress taskId={taskId} onFinished={onFinished} />}
    </Modal>
  );
}

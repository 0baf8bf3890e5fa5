'use client';
// 一个后台任务的进度：进度条、状态与计数、“可以离开本页”的提示；完成后下载按钮，失败时原因（导入另给错误工作簿）；进行中可取消。
import Link from 'next/link';
import { App, Alert, Button, Progress, Space, Typography } from 'antd';
import { DownloadOutlined, StopOutlined } from '@ant-design/icons';
import { apiDownload, apiPost } from '@/components/api-client';
import { downloadImportErrors } from '@/components/list/ImportErrors';
import { useT } from '@/lib/i18n/client';
import { useTask, type TaskItem } from './useTask';
import { errorFileOf, MY_TASKS_PATH, PROGRESS_STATUS, STATUS_KEY } from './labels';

export function downloadTask(task: Pick<TaskItem, 'id'>): Promise<string> {
  return apiDownload('/task/download', undefined, { query: { id: task.id } });
}

export default function TaskProgress({ taskId, onFinished }: { taskId: number; onFinished?: (task: TaskItem) => void }) {
  const t = useT();
  const cancelTask = useCancelTask();
  const { task, error, refresh } = useTask(taskId, onFinished);

  if (!task) {
    return error ? <Alert type="error" showIcon title={t('task.loadError')} /> : <Progress percent={0} status="active" data-testid="task-progress" />;
  }
  const cancel = () => cancelTask(task.id, refresh);
  const errorFile = errorFileOf(task);
  return (
    <div data-testid="task-progress" data-task-id={task.id} data-task-status={task.status}>
      <Typography.Text strong>{task.title}</Typography.Text>
      <Progress percent={task.percent} status={PROGRESS_STATUS[task.status]} />
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary" data-testid="task-progress-text">
          {t(STATUS_KEY[task.status])}
          {task.total
            ? `　${t('task.progress.count', { done: task.done, total: task.total })}`
            : task.done
              ? `　${t('task.progress.rows', { done: task.done })}`
              : task.active
                ? `　${t('task.progress.waiting')}`
                : ''}
        </Typography.Text>
        {task.active && (
          <Alert
            type="info"
            showIcon
            title={
              <span>
                {t('task.leaveHint')}　<Link href={MY_TASKS_PATH}>{t('task.open')}</Link>
              </span>
            }
          />
        )}
        {task.error && <Alert type="error" showIcon title={t('task.failed', { error: t(task.error) })} data-testid="task-error" />}
        <Space>
          {task.hasFile && (
            <Button type="primary" icon={<DownloadOutlined />} onClick={() => void downloadTask(task).catch(() => undefined)} data-testid="task-download">
              {t('task.download')}
            </Button>
          )}
          {errorFile && (
            <Button icon={<DownloadOutlined />} onClick={() => void downloadImportErrors(errorFile).catch(() => undefined)}>
              {t('task.downloadErrors')}
            </Button>
          )}
          {task.active && (
            <Button icon={<StopOutlined />} onClick={cancel} data-testid="task-cancel">
              {t('task.cancel')}
            </Button>
          )}
        </Space>
      </Space>
    </div>
  );
}

/** 取消任务：先确认，取消后 onDone（进度框与「我的任务」共用） */
export function useCancelTask(): (id: number, onDone: () => void) => void {
  const { modal } = App.useApp();
  const t = useT();
  return (id, onDone) =>
    modal.confirm({
      title: t('task.cancel'),
      content: t('task.cancelConfirm'),
      okText: t('shell.common.ok'),
      cancelText: t('shell.common.cancel'),
      onOk: async () => {
        await apiPost('/task/cancel', { id });
        onDone();
      },
    });
}

'use client';
// 「我的任务」：本人发起的后台任务，最新在前；进行中的每 2 秒刷新一次，完成的可下载，进行中的可取消。
import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Empty, Progress, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { apiPost } from '@/components/api-client';
import { downloadImportErrors } from '@/components/list/ImportErrors';
import { useT } from '@/lib/i18n/client';
import { downloadTask, useCancelTask } from './TaskProgress';
import type { TaskItem } from './useTask';
import { errorFileOf, PROGRESS_STATUS, STATUS_COLOR, STATUS_KEY } from './labels';

const PAGE_SIZE = 10;
/** 有进行中的任务时的刷新间隔（推送通道合并后收到 'task' 事件即刷新） */
const ACTIVE_REFRESH_MS = 2_000;

interface TaskPage {
  list: TaskItem[];
  total: number;
}

export default function MyTasks() {
  const t = useT();
  const cancelTask = useCancelTask();
  const [pageNo, setPageNo] = useState(1);
  const [data, setData] = useState<TaskPage | null>(null);
  const [loading, setLoading] = useState(false);
  /** refresh() 加一：立即重新取 */
  const [round, setRound] = useState(0);
  const refresh = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    let alive = true;
    let timer: number | undefined;
    const load = async () => {
      setLoading(true);
      try {
        const page = await apiPost('/task/list', { pageNo, pageSize: PAGE_SIZE }, { silent: true });
        if (!alive) return;
        setData(page);
        if (page.list.some((task) => task.active)) timer = window.setTimeout(() => void load(), ACTIVE_REFRESH_MS);
      } catch {
        if (alive) timer = window.setTimeout(() => void load(), ACTIVE_REFRESH_MS * 2);
      } finally {
        if (alive) setLoading(false);
      }
    };
    void load();
    return () => {
      alive = false;
      window.clearTimeout(timer);
    };
  }, [pageNo, round]);

  const cancel = (task: TaskItem) => cancelTask(task.id, refresh);

  const resultText = (task: TaskItem): string => {
    const r = task.result ?? {};
    if (typeof r.paperName === 'string') return t('task.result.paper', { name: r.paperName, count: Number(r.questionCount ?? 0) });
    if (typeof r.count === 'number') return t('task.result.count', { count: r.count });
    if (typeof r.total === 'number' && !task.error) return t('task.result.total', { total: r.total });
    if (typeof r.rows === 'number') return t('task.result.rows', { rows: r.rows });
    return '';
  };

  return (
    <Card
      title={t('task.title')}
      extra={
        <Button icon={<ReloadOutlined />} onClick={refresh} loading={loading}>
          {t('task.refresh')}
        </Button>
      }
    >
      <Table<TaskItem>
        rowKey="id"
        data-testid="my-tasks"
        dataSource={data?.list ?? []}
        loading={loading && !data}
        locale={{ emptyText: <Empty description={t('task.empty')} /> }}
        pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPageNo, showSizeChanger: false }}
        columns={[
          {
            title: t('task.col.title'),
            dataIndex: 'title',
            render: (_v, task) => (
              <Space orientation="vertical" size={0}>
                <span>{task.title}</span>
                {resultText(task) && <Typography.Text type="secondary">{resultText(task)}</Typography.Text>}
                {task.error && <Typography.Text type="danger">{t(task.error)}</Typography.Text>}
              </Space>
            ),
          },
          { title: t('task.col.status'), dataIndex: 'status', width: 100, render: (_v, task) => <Tag color={STATUS_COLOR[task.status]}>{t(STATUS_KEY[task.status])}</Tag> },
          {
            title: t('task.col.progress'),
            width: 220,
            render: (_v, task) => (
              <Space orientation="vertical" size={0} style={{ width: '100%' }}>
                <Progress percent={task.percent} size="small" status={PROGRESS_STATUS[task.status]} />
                {task.total > 0 && <Typography.Text type="secondary">{t('task.progress.count', { done: task.done, total: task.total })}</Typography.Text>}
              </Space>
            ),
          },
          { title: t('task.col.createTime'), dataIndex: 'createTime', width: 170 },
          { title: t('task.col.finishTime'), dataIndex: 'finishTime', width: 170, render: (v: string | null) => v ?? '' },
          {
            title: t('task.col.actions'),
            width: 200,
            render: (_v, task) => {
              const errorFile = errorFileOf(task);
              return (
                <Space wrap>
                  {task.hasFile && (
                    <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void downloadTask(task).catch(() => undefined)} data-testid={`task-download-${task.id}`}>
                      {t('task.download')}
                    </Button>
                  )}
                  {errorFile && (
                    <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void downloadImportErrors(errorFile).catch(() => undefined)}>
                      {t('task.downloadErrors')}
                    </Button>
                  )}
                  {task.active && (
                    <Button type="link" size="small" danger icon={<StopOutlined />} onClick={() => cancel(task)}>
                      {t('task.cancel')}
                    </Button>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
    </Card>
  );
}

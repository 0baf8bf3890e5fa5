'use client';
// 系统管理 › 运维监控 › 定时任务（/system/ops/job）：系统内置的清理任务；可改执行间隔与保留天数、启停、立即执行，查看执行记录。
import { useState } from 'react';
import { App, Modal, Tag, Tooltip, Typography } from 'antd';
import { apiPost } from '@/components/api-client';
import ListScreen from '@/components/list/ListScreen';
import { Tx, useT } from '@/lib/i18n/client';
import type { ListScreenProps } from '@/components/list/types';

interface JobRow {
  id: number;
  code: string;
  name: string;
  description: string | null;
  intervalMinutes: number;
  retentionDays: number | null;
  enabled: boolean;
  lastRunAt: string | null;
  lastStatus: 'success' | 'failed' | null;
  lastMessage: string | null;
  nextRunAt: string | null;
}

interface RunRow {
  id: number;
  trigger: 'schedule' | 'manual';
  startedAt: string;
  finishedAt: string;
  status: 'success' | 'failed';
  message: string | null;
  rowsAffected: number;
}

const statusTag = (status: string | null) =>
  status === 'success' ? (
    <Tag color="green">
      <Tx text="成功" />
    </Tag>
  ) : status === 'failed' ? (
    <Tag color="red">
      <Tx text="失败" />
    </Tag>
  ) : (
    <Typography.Text type="secondary">
      <Tx text="未执行" />
    </Typography.Text>
  );

const MINUTES_PER_DAY = 1440;
const MINUTES_PER_HOUR = 60;

/** 分钟数 → “每 2 小时”这样的文字 */
function Every({ minutes }: { minutes: number }) {
  if (minutes % MINUTES_PER_DAY === 0) return <Tx text="每 {n} 天" vars={{ n: minutes / MINUTES_PER_DAY }} />;
  if (minutes % MINUTES_PER_HOUR === 0) return <Tx text="每 {n} 小时" vars={{ n: minutes / MINUTES_PER_HOUR }} />;
  return <Tx text="每 {n} 分钟" vars={{ n: minutes }} />;
}

function RunHistory({ job, onClose }: { job: JobRow; onClose: () => void }) {
  const t = useT();
  const props: ListScreenProps<RunRow> = {
    title: t('执行记录：{name}', { name: job.name }),
    resource: 'scheduleJob',
    rowKey: 'id',
    list: { path: '/sys/job/runs', params: { code: job.code } },
    columns: [
      { title: '开始时间', dataIndex: 'startedAt', format: 'datetime', width: 170 },
      { title: '耗时', key: 'cost', width: 90, render: (_: unknown, r) => t('{ms} 毫秒', { ms: Math.max(0, new Date(r.finishedAt).getTime() - new Date(r.startedAt).getTime()) }) },
      { title: '触发方式', dataIndex: 'trigger', width: 90, options: [{ label: '定时', value: 'schedule' }, { label: '手动', value: 'manual' }] },
      { title: '结果', dataIndex: 'status', width: 80, render: (v: string) => statusTag(v) },
      { title: '处理条数', dataIndex: 'rowsAffected', width: 90 },
      { title: '说明', dataIndex: 'message', ellipsis: true },
    ],
    emptyText: '该任务还没有执行过',
    testId: 'job-runs',
  };
  return (
    <Modal open title={null} width={880} footer={null} onCancel={onClose} destroyOnHidden>
      <ListScreen {...props} />
    </Modal>
  );
}

export default function ScheduleJobList() {
  const { message } = App.useApp();
  const t = useT();
  const [history, setHistory] = useState<JobRow | null>(null);

  const props: ListScreenProps<JobRow> = {
    title: '定时任务',
    resource: 'scheduleJob',
    rowKey: 'code',
    list: { path: '/sys/job/list' },
    columns: [
      {
        title: '任务',
        dataIndex: 'name',
        width: 220,
        render: (v: string, row) => (
          <Tooltip title={row.description}>
            <div>{v}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.code}
            </Typography.Text>
          </Tooltip>
        ),
      },
      { title: '执行周期', dataIndex: 'intervalMinutes', width: 110, render: (v: number) => <Every minutes={v} /> },
      { title: '保留天数', dataIndex: 'retentionDays', width: 90, render: (v: number | null) => (v === null ? '-' : t('{n} 天', { n: v })) },
      { title: '状态', dataIndex: 'enabled', width: 80, render: (v: boolean) => (v ? <Tag color="green">{t('启用')}</Tag> : <Tag>{t('停用')}</Tag>) },
      { title: '上次执行', dataIndex: 'lastRunAt', format: 'datetime', width: 170 },
      {
        title: '上次结果',
        dataIndex: 'lastStatus',
        width: 220,
        render: (v: string | null, row) => (
          <Tooltip title={row.lastMessage}>
            {statusTag(v)}
            {row.lastMessage && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {row.lastMessage.length > 16 ? `${row.lastMessage.slice(0, 16)}…` : row.lastMessage}
              </Typography.Text>
            )}
          </Tooltip>
        ),
      },
      { title: '下次执行', dataIndex: 'nextRunAt', format: 'datetime', width: 170 },
    ],
    edit: {
      title: '编辑定时任务',
      fields: [
        { name: 'name', label: '任务', disabledOnEdit: true },
        { name: 'intervalMinutes', label: '执行间隔（分钟）', type: 'number', required: true, help: '例如 60 为每小时一次，1440 为每天一次' },
        { name: 'retentionDays', label: '保留天数', type: 'number', help: '清理早于该天数的数据；无此参数的任务留空' },
        { name: 'enabled', label: '启用', type: 'switch' },
      ],
      submit: { path: '/sys/job/save' },
      body: (values, row) => ({
        code: row?.code,
        intervalMinutes: values.intervalMinutes,
        enabled: values.enabled,
        ...(row?.retentionDays === null || values.retentionDays === null || values.retentionDays === undefined ? {} : { retentionDays: values.retentionDays }),
      }),
    },
    rowActions: [
      {
        key: 'run',
        label: '立即执行',
        permission: 'scheduleJob.edit',
        confirm: (row, t) => t('确定立即执行“{name}”吗？', { name: row.name }),
        onClick: (row, { reload }) => {
          const hide = message.loading(t('正在执行“{name}”…', { name: row.name }), 0);
          apiPost('/sys/job/run', { code: row.code })
            .then((run) => {
              if (run.status === 'success') void message.success(t('“{name}”执行成功：{detail}', { name: row.name, detail: run.message ?? '' }));
              else void message.error(t('“{name}”{detail}', { name: row.name, detail: run.message ? t(run.message) : t('执行失败') }));
            })
            .catch(() => undefined)
            .finally(() => {
              hide();
              reload();
            });
        },
      },
      { key: 'runs', label: '执行记录', permission: 'scheduleJob.query', onClick: (row) => setHistory(row) },
      {
        key: 'disable',
        // 动作名用稳定键（“停用”作状态名时译法不同）
        label: 'access.action.disable',
        permission: 'scheduleJob.disable',
        danger: true,
        visible: (row) => row.enabled,
        confirm: (row, t) => t('停用后“{name}”不再定时执行，确定停用吗？', { name: row.name }),
        call: { path: '/sys/job/disable', body: (row) => ({ code: row.code }), successMessage: '已停用' },
      },
      {
        key: 'enable',
        label: 'access.action.enable',
        permission: 'scheduleJob.enable',
        visible: (row) => !row.enabled,
        confirm: (row, t) => t('确定启用“{name}”吗？', { name: row.name }),
        call: { path: '/sys/job/enable', body: (row) => ({ code: row.code }), successMessage: '已启用' },
      },
    ],
    emptyText: '没有定时任务',
    testId: 'schedule-job',
  };

  return (
    <>
      <ListScreen {...props} />
      {history && <RunHistory job={history} onClose={() => setHistory(null)} />}
    </>
  );
}

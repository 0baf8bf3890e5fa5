'use client';
// 系统管理 › 运维监控 › 外发队列（/system/ops/outbox）：一切离开本系统的投递（国网上报、求实平台、短信）的状态；
// 失败的可重试（行上的 actions 由服务端算出）。机制见 docs/OUTBOX.md。
import { Tag, Tooltip, Typography } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import { Tx } from '@/lib/i18n/client';
import type { ListScreenProps } from '@/components/list/types';

interface OutboxRow {
  id: number;
  channel: string;
  channelName: string;
  key: string;
  summary: string;
  status: string;
  statusName: string;
  statusColor: string;
  attempts: number;
  maxAttempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
  actions: string[];
}

const STATUS_OPTIONS = [
  { label: '待发送', value: 'pending' },
  { label: '发送中', value: 'sending' },
  { label: '已送达', value: 'delivered' },
  { label: '失败', value: 'failed' },
  { label: '等待配置', value: 'waiting' },
];

const props: ListScreenProps<OutboxRow> = {
  title: '外发队列',
  resource: 'outbox',
  rowKey: 'id',
  list: { path: '/sys/outbox/list' },
  filters: [
    { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
    { name: 'channel', label: '通道', type: 'select', optionsFrom: { path: '/sys/outbox/channels', method: 'GET', labelKey: 'label', valueKey: 'value' } },
    { name: 'key', label: '幂等键' },
  ],
  columns: [
    { title: '通道', dataIndex: 'channelName', width: 120, render: (v: string) => <Tx text={v} /> },
    {
      title: '内容',
      dataIndex: 'summary',
      width: 260,
      render: (v: string, row) => (
        <Tooltip title={row.key}>
          <div>{v}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.key}
          </Typography.Text>
        </Tooltip>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (_: string, row) => (
        <Tag color={row.statusColor}>
          <Tx text={row.statusName} />
        </Tag>
      ),
    },
    { title: '尝试次数', dataIndex: 'attempts', width: 90, render: (v: number, row) => `${v} / ${row.maxAttempts}` },
    { title: '下次尝试', dataIndex: 'nextAttemptAt', format: 'datetime', width: 170 },
    { title: '最后的错误', dataIndex: 'lastError', ellipsis: true, render: (v: string | null) => (v ? <Tooltip title={v}>{v}</Tooltip> : '-') },
    { title: '创建时间', dataIndex: 'createdAt', format: 'datetime', width: 170 },
    { title: '送达时间', dataIndex: 'deliveredAt', format: 'datetime', width: 170 },
  ],
  rowActions: [
    {
      key: 'retry',
      label: '重试',
      permission: 'outbox.edit',
      visible: (row) => row.actions.includes('retry'),
      confirm: (row, t) => t('确定重试“{summary}”吗？尝试次数将清零并立即发送一次。', { summary: row.summary }),
      call: { path: '/sys/outbox/retry', body: (row) => ({ id: row.id }), successMessage: '已重试，结果见状态' },
    },
  ],
  emptyText: '外发队列是空的',
  testId: 'outbox-list',
};

export default function OutboxList() {
  return <ListScreen {...props} />;
}

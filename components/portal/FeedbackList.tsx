'use client';
// 系统管理 › 门户互动 › 意见反馈（/system/portal/feedback）：用户提交的建议、问题与投诉；
// 回复后以站内消息通知提交人（可修改回复）。市级管理员只看到本市用户的反馈。
import { Tag, Typography } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import { Tx } from '@/lib/i18n/client';
import type { FormSpec, ListScreenProps } from '@/components/list/types';
import type { FeedbackItem } from '@/lib/domains/portal/service';

const TYPE_OPTIONS = [
  { label: '建议', value: 'suggestion' },
  { label: '问题', value: 'problem' },
  { label: '投诉', value: 'complaint' },
];
const TYPE_COLOR: Record<string, string> = { suggestion: 'blue', problem: 'orange', complaint: 'red' };
const REPLIED_OPTIONS = [
  { label: '已回复', value: 'true' },
  { label: '待回复', value: 'false' },
];

const replyForm: FormSpec<FeedbackItem> = {
  title: '回复意见反馈',
  fields: [
    {
      name: 'content',
      label: '反馈内容',
      type: 'custom',
      render: ({ value }) => <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{String(value ?? '')}</Typography.Paragraph>,
    },
    { name: 'reply', label: '回复内容', type: 'textarea', required: true, rules: [{ max: 1000, message: '回复最多 1000 个字' }] },
  ],
  submit: { path: '/sys/feedback/reply' },
  body: (values, row) => ({ id: row?.id, reply: values.reply }),
  successMessage: '已回复，并已通知提交人',
};

const props: ListScreenProps<FeedbackItem> = {
  title: '意见反馈',
  resource: 'feedback',
  rowKey: 'id',
  list: { path: '/sys/feedback/list' },
  filters: [
    { name: 'type', label: '类型', type: 'select', options: TYPE_OPTIONS },
    { name: 'replied', label: '回复状态', type: 'select', options: REPLIED_OPTIONS },
    { name: 'keyword', label: '内容或账号' },
  ],
  columns: [
    { title: '类型', dataIndex: 'type', width: 70, render: (v: string, row) => <Tag color={TYPE_COLOR[v]}><Tx text={row.typeName} /></Tag> },
    { title: '反馈内容', dataIndex: 'content', width: 220, ellipsis: true },
    { title: '提交人', dataIndex: 'userName', width: 150, ellipsis: true, render: (v: string, row) => <Tx text="{name}（{account}）" vars={{ name: v, account: row.account }} /> },
    { title: '联系方式', dataIndex: 'contact', width: 120 },
    { title: '所在市', dataIndex: 'cityName', width: 90, render: (v: string | null) => v ?? <Tx text="省级" /> },
    { title: '提交时间', dataIndex: 'createTime', width: 170 },
    { title: '状态', dataIndex: 'replied', width: 80, render: (v: boolean) => (v ? <Tag color="green"><Tx text="已回复" /></Tag> : <Tag color="orange"><Tx text="待回复" /></Tag>) },
  ],
  rowActions: [{ key: 'reply', label: '回复', permission: 'feedback.edit', form: replyForm }],
  remove: {
    call: { path: '/sys/feedback/del', body: (row) => ({ ids: [row.id] }) },
    batch: { path: '/sys/feedback/del', body: (ids) => ({ ids }) },
    confirm: (row, t) => t('确定删除 {name} 提交的这条{type}吗？', { name: row.userName, type: t(row.typeName) }),
  },
  detail: {
    title: '意见反馈详情',
    fields: [
      { name: 'typeName', label: '类型', render: (v) => <Tx text={String(v ?? '')} /> },
      { name: 'content', label: '反馈内容', render: (v) => <span style={{ whiteSpace: 'pre-wrap' }}>{String(v)}</span> },
      { name: 'userName', label: '提交人', render: (v, row) => <Tx text="{name}（{account}）" vars={{ name: String(v), account: row.account }} /> },
      { name: 'contact', label: '联系方式' },
      { name: 'cityName', label: '所在市', render: (v) => (v as string | null) ?? <Tx text="省级" /> },
      { name: 'createTime', label: '提交时间' },
      { name: 'reply', label: '回复', render: (v) => (v as string | null) ?? <Tx text="待回复" /> },
      { name: 'replyTime', label: '回复时间' },
    ],
  },
  exporter: { path: '/sys/feedback/export' },
  emptyText: '还没有意见反馈',
  testId: 'feedback-list',
};

export default function FeedbackList() {
  return <ListScreen<FeedbackItem> {...props} />;
}

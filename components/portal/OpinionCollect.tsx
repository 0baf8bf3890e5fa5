'use client';
// 系统管理 › 门户互动 › 意见征集（/system/portal/opinion-collect）：主题的新增、编辑、发布、结束与删除；
// 行内“查看意见”打开该主题收到的意见，可逐条回复（回复以站内消息通知提交人）并导出。
import { useState } from 'react';
import { Modal, Tag, Typography } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import { Tx, useT } from '@/lib/i18n/client';
import type { Translate } from '@/lib/i18n/locales';
import type { FieldSpec, FormSpec, ListScreenProps } from '@/components/list/types';
import type { OpinionItem, TopicItem } from '@/lib/domains/portal/service';

const STATUS_OPTIONS = [
  { label: '草稿', value: 'draft' },
  { label: '征集中', value: 'open' },
  { label: '已结束', value: 'closed' },
];
const STATUS_COLOR: Record<string, string> = { draft: 'default', open: 'green', closed: 'red' };
const REPLIED_OPTIONS = [
  { label: '已回复', value: 'true' },
  { label: '待回复', value: 'false' },
];

const topicFields: FieldSpec[] = [
  { name: 'title', label: '标题', required: true, rules: [{ max: 100, message: '标题最多 100 个字' }] },
  { name: 'content', label: '征集内容', type: 'textarea', required: true, rules: [{ max: 5000, message: '征集内容最多 5000 个字' }] },
  { name: 'startDate', label: '开始日期', type: 'date', required: true, span: 12 },
  { name: 'endDate', label: '结束日期', type: 'date', required: true, span: 12, help: '开始至结束日期（含）之间，征集中的主题接受意见' },
];

const editForm: FormSpec<TopicItem> = {
  title: '编辑征集主题',
  fields: topicFields,
  submit: { path: '/sys/opinion/topic/save' },
  body: (values, row) => ({ ...values, id: row?.id }),
  width: 720,
};

const replyForm: FormSpec<OpinionItem> = {
  title: '回复意见',
  fields: [
    { name: 'content', label: '意见内容', type: 'custom', render: ({ value }) => <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{String(value ?? '')}</Typography.Paragraph> },
    { name: 'reply', label: '回复内容', type: 'textarea', required: true, rules: [{ max: 1000, message: '回复最多 1000 个字' }] },
  ],
  submit: { path: '/sys/opinion/reply' },
  body: (values, row) => ({ id: row?.id, reply: values.reply }),
  successMessage: '已回复，并已通知提交人',
};

function opinionProps(topic: TopicItem, t: Translate): ListScreenProps<OpinionItem> {
  return {
    title: t('收到的意见（{status}，{start} 至 {end}）', { status: t(topic.statusName), start: topic.startDate, end: topic.endDate }),
    resource: 'opinionCollect',
    rowKey: 'id',
    list: { path: '/sys/opinion/list', params: { topicId: topic.id } },
    filters: [{ name: 'replied', label: '回复状态', type: 'select', options: REPLIED_OPTIONS }],
    columns: [
      { title: '提交人', dataIndex: 'userName', width: 150, render: (v: string, row) => <Tx text="{name}（{account}）" vars={{ name: v, account: row.account }} /> },
      { title: '意见内容', dataIndex: 'content', render: (v: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{v}</span> },
      { title: '提交时间', dataIndex: 'createTime', width: 170 },
      { title: '回复', dataIndex: 'reply', width: 240, render: (v: string | null) => v ?? <Tag color="orange"><Tx text="待回复" /></Tag> },
      { title: '回复时间', dataIndex: 'replyTime', width: 170 },
    ],
    rowActions: [{ key: 'reply', label: '回复', permission: 'opinionCollect.edit', form: replyForm }],
    exporter: { path: '/sys/opinion/export' },
    emptyText: '该主题还没有收到意见',
    refreshKey: topic.id,
    testId: 'opinion-list',
  };
}

export default function OpinionCollect() {
  const [viewing, setViewing] = useState<TopicItem | null>(null);
  const t = useT();

  const props: ListScreenProps<TopicItem> = {
    title: '意见征集',
    resource: 'opinionCollect',
    rowKey: 'id',
    list: { path: '/sys/opinion/topic/list' },
    filters: [
      { name: 'title', label: '标题' },
      { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
    ],
    columns: [
      { title: '标题', dataIndex: 'title', width: 200, ellipsis: true },
      { title: '征集时间', key: 'dates', width: 200, render: (_: unknown, row) => <Tx text="{start} 至 {end}" vars={{ start: row.startDate, end: row.endDate }} /> },
      { title: '状态', dataIndex: 'status', width: 90, render: (v: string, row) => <Tag color={STATUS_COLOR[v]}><Tx text={row.statusName} /></Tag> },
      { title: '意见数', dataIndex: 'opinionCount', width: 70 },
      { title: '发布单位', dataIndex: 'cityName', width: 90, render: (v: string | null) => v ?? <Tx text="省级" /> },
      { title: '发布时间', dataIndex: 'publishTime', width: 170, render: (v: string | null) => v ?? <Tx text="未发布" /> },
    ],
    create: { title: '新增征集主题', fields: topicFields, submit: { path: '/sys/opinion/topic/save' }, width: 720, successMessage: '已保存为草稿，发布后开始征集' },
    // 已收到意见的主题不能删除（服务端同样拒绝），行内只对没有意见的主题显示“删除”
    remove: { batch: { path: '/sys/opinion/topic/del', body: (ids) => ({ ids }) } },
    rowActions: [
      { key: 'opinions', label: '查看意见', permission: 'opinionCollect.query', visible: (row) => row.status !== 'draft', onClick: (row) => setViewing(row) },
      { key: 'edit', label: '编辑', permission: 'opinionCollect.edit', visible: (row) => row.status !== 'closed', form: editForm },
      {
        key: 'publish',
        label: '发布',
        permission: 'opinionCollect.edit',
        visible: (row) => row.status === 'draft',
        confirm: (row, t) => t('确定发布「{title}」吗？发布后登录用户可在 {start} 至 {end} 提交意见。', { title: row.title, start: row.startDate, end: row.endDate }),
        call: { path: '/sys/opinion/topic/publish', body: (row) => ({ id: row.id }), successMessage: '已发布' },
      },
      {
        key: 'close',
        label: '结束征集',
        permission: 'opinionCollect.edit',
        danger: true,
        visible: (row) => row.status === 'open',
        confirm: (row, t) => t('确定结束「{title}」的意见征集吗？结束后不再接受意见，且不能再次发布。', { title: row.title }),
        call: { path: '/sys/opinion/topic/close', body: (row) => ({ id: row.id }), successMessage: '已结束征集' },
      },
      {
        key: 'delete',
        label: '删除',
        permission: 'opinionCollect.delete',
        danger: true,
        visible: (row) => row.opinionCount === 0,
        confirm: (row, t) => t('确定删除征集主题「{title}」吗？', { title: row.title }),
        call: { path: '/sys/opinion/topic/del', body: (row) => ({ ids: [row.id] }), successMessage: '删除成功' },
      },
    ],
    emptyText: '还没有意见征集主题',
    testId: 'opinion-topic-list',
  };

  return (
    <>
      <ListScreen<TopicItem> {...props} />
      <Modal open={viewing !== null} title={viewing?.title} width={1100} footer={null} onCancel={() => setViewing(null)} destroyOnHidden>
        {viewing && <ListScreen<OpinionItem> {...opinionProps(viewing, t)} />}
      </Modal>
    </>
  );
}

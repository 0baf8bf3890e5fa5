'use client';
// 系统管理 › 门户互动 › 友情链接（/system/portal/friend-link）：门户首页底部展示已启用的链接，按排序号升序。
import { Tag, Typography } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import { Tx } from '@/lib/i18n/client';
import type { FieldSpec, ListScreenProps } from '@/components/list/types';
import type { FriendLinkItem } from '@/lib/domains/portal/service';
import { zodRule } from '@/components/list/rules';

const ENABLED_OPTIONS = [
  { label: '启用', value: 'true' },
  { label: '停用', value: 'false' },
];

const fields: FieldSpec[] = [
  { name: 'name', label: '名称', required: true, rules: [{ max: 64, message: '名称最多 64 个字' }] },
  { name: 'url', label: '链接地址', required: true, placeholder: 'https://', rules: [zodRule(() => import('@/lib/domains/portal/schemas').then((m) => m.FriendLinkSaveInput.shape.url))] },
  { name: 'logo', label: '图标地址', placeholder: 'https://（可不填）', rules: [zodRule(() => import('@/lib/domains/portal/schemas').then((m) => m.FriendLinkSaveInput.shape.logo))] },
  { name: 'sort', label: '排序', type: 'number', initialValue: 0, help: '数字小的排在前面' },
  { name: 'enabled', label: '启用', type: 'switch', initialValue: true },
];

const props: ListScreenProps<FriendLinkItem> = {
  title: '友情链接',
  resource: 'friendLink',
  rowKey: 'id',
  list: { path: '/sys/friendLink/list' },
  filters: [
    { name: 'name', label: '名称' },
    { name: 'enabled', label: '状态', type: 'select', options: ENABLED_OPTIONS },
  ],
  columns: [
    {
      title: '名称',
      dataIndex: 'name',
      width: 240,
      render: (v: string, row) => (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          {row.logo && (
            // eslint-disable-next-line @next/next/no-img-element -- 外部站点图标，尺寸很小
            <img src={row.logo} alt="" width={20} height={20} style={{ objectFit: 'contain' }} />
          )}
          {v}
        </span>
      ),
    },
    {
      title: '链接地址',
      dataIndex: 'url',
      render: (v: string) => (
        <Typography.Link href={v} target="_blank" rel="noopener noreferrer">
          {v}
        </Typography.Link>
      ),
    },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '状态', dataIndex: 'enabled', width: 80, render: (v: boolean) => (v ? <Tag color="green"><Tx text="启用" /></Tag> : <Tag><Tx text="停用" /></Tag>) },
    { title: '更新时间', dataIndex: 'updateTime', width: 170 },
  ],
  create: { title: '新增友情链接', fields, submit: { path: '/sys/friendLink/save' } },
  edit: {
    title: '编辑友情链接',
    fields,
    submit: { path: '/sys/friendLink/save' },
    body: (values, row) => ({ ...values, id: row?.id }),
  },
  remove: {
    call: { path: '/sys/friendLink/del', body: (row) => ({ ids: [row.id] }) },
    batch: { path: '/sys/friendLink/del', body: (ids) => ({ ids }) },
    confirm: (row, t) => t('确定删除友情链接「{name}」吗？', { name: row.name }),
  },
  rowActions: [
    {
      key: 'enable',
      label: 'access.action.enable',
      permission: 'friendLink.enable',
      visible: (row) => !row.enabled,
      call: { path: '/sys/friendLink/enable', body: (row) => ({ ids: [row.id] }), successMessage: '已启用，门户首页将展示该链接' },
    },
    {
      key: 'disable',
      label: 'access.action.disable',
      permission: 'friendLink.disable',
      visible: (row) => row.enabled,
      confirm: (row, t) => t('确定停用「{name}」吗？停用后门户首页不再展示。', { name: row.name }),
      call: { path: '/sys/friendLink/disable', body: (row) => ({ ids: [row.id] }), successMessage: '已停用' },
    },
  ],
  batchActions: [
    { key: 'enable', label: '批量启用', permission: 'friendLink.enable', call: { path: '/sys/friendLink/enable', body: (ids) => ({ ids }), successMessage: '已启用' } },
    {
      key: 'disable',
      label: '批量停用',
      permission: 'friendLink.disable',
      confirm: (rows, t) => t('确定停用选中的 {count} 个链接吗？', { count: rows.length }),
      call: { path: '/sys/friendLink/disable', body: (ids) => ({ ids }), successMessage: '已停用' },
    },
  ],
  emptyText: '还没有友情链接',
  testId: 'friend-link-list',
};

export default function FriendLinkList() {
  return <ListScreen<FriendLinkItem> {...props} />;
}

'use client';
// 系统管理 › 门户互动 › 黑名单（/system/portal/blacklist）：账号或 IP（含网段）在有效期内不能登录。
// 加入账号会立即结束该账号的全部会话；不能加入自己的账号或当前使用的 IP（服务端校验并给出提示）。
import { Tag, Typography } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import { Tx } from '@/lib/i18n/client';
import type { FieldSpec, ListScreenProps } from '@/components/list/types';
import type { BlacklistItem } from '@/lib/domains/portal/blacklist';

const KIND_OPTIONS = [
  { label: '账号', value: 'account' },
  { label: 'IP', value: 'ip' },
];
const STATE_OPTIONS = [
  { label: '生效中', value: 'active' },
  { label: '已过期', value: 'expired' },
];

const addFields: FieldSpec[] = [
  { name: 'kind', label: '类型', type: 'radio', options: KIND_OPTIONS, required: true, initialValue: 'account' },
  {
    name: 'value',
    label: '账号或 IP',
    required: true,
    placeholder: '账号名，或 IP 地址、网段',
    help: '账号填登录账号；IP 可填 IPv4、IPv6 地址或 CIDR 网段（如 192.168.1.0/24）',
    rules: [{ max: 64, message: '最多 64 个字符' }],
  },
  { name: 'reason', label: '原因', type: 'textarea', required: true, rules: [{ max: 200, message: '原因最多 200 个字' }] },
  { name: 'expiresAt', label: '失效时间', type: 'datetime', help: '不填为长期有效；到期后自动失效，可再次加入' },
];

const props: ListScreenProps<BlacklistItem> = {
  title: '黑名单',
  resource: 'blacklist',
  rowKey: 'id',
  list: { path: '/sys/blacklist/list' },
  filters: [
    { name: 'kind', label: '类型', type: 'select', options: KIND_OPTIONS },
    { name: 'value', label: '账号或 IP' },
    { name: 'state', label: '状态', type: 'select', options: STATE_OPTIONS },
  ],
  columns: [
    { title: '类型', dataIndex: 'kindName', width: 60, render: (v: string) => <Tx text={v} /> },
    { title: '账号或 IP', dataIndex: 'value', width: 140, render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
    { title: '原因', dataIndex: 'reason', width: 150, ellipsis: true },
    { title: '失效时间', dataIndex: 'expiresAt', width: 170, render: (v: string | null) => v ?? <Tx text="长期有效" /> },
    {
      title: '状态',
      dataIndex: 'state',
      width: 80,
      render: (v: string, row) => <Tag color={v === 'active' ? 'red' : 'default'}><Tx text={row.stateName} /></Tag>,
    },
    { title: '所属市', dataIndex: 'cityName', width: 90, render: (v: string | null) => v ?? <Tx text="省级" /> },
    { title: '操作人', dataIndex: 'createdByName', width: 80 },
    { title: '加入时间', dataIndex: 'createTime', width: 170 },
  ],
  create: {
    title: '加入黑名单',
    fields: addFields,
    submit: { path: '/sys/blacklist/add' },
    successMessage: '已加入黑名单，该账号的登录会话已全部结束',
    width: 560,
  },
  remove: {
    call: { path: '/sys/blacklist/del', body: (row) => ({ ids: [row.id] }) },
    batch: { path: '/sys/blacklist/del', body: (ids) => ({ ids }) },
    confirm: (row, t) => t('确定将{kind} {value} 移出黑名单吗？移出后即可正常登录。', { kind: t(row.kindName), value: row.value }),
  },
  detail: {
    title: '黑名单详情',
    fields: [
      { name: 'kindName', label: '类型' },
      { name: 'value', label: '账号或 IP' },
      { name: 'reason', label: '原因' },
      { name: 'expiresAt', label: '失效时间', render: (v) => (v as string | null) ?? <Tx text="长期有效" /> },
      { name: 'stateName', label: '状态' },
      { name: 'cityName', label: '所属市', render: (v) => (v as string | null) ?? <Tx text="省级" /> },
      { name: 'createdByName', label: '操作人' },
      { name: 'createTime', label: '加入时间' },
    ],
  },
  exporter: { path: '/sys/blacklist/export' },
  emptyText: '黑名单为空',
  testId: 'blacklist-list',
};

export default function BlacklistList() {
  return <ListScreen<BlacklistItem> {...props} />;
}

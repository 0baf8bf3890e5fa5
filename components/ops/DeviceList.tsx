'use client';
// 系统管理 › 运维监控 › 设备管理（/system/ops/device）：考场摄像头、人脸识别终端、身份证读卡器等，按所属机构管理。
import { Tag } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import { Tx } from '@/lib/i18n/client';
import type { FieldSpec, ListScreenProps, Option, OptionsSource } from '@/components/list/types';
import { zodRule } from '@/components/list/rules';

interface DeviceRow {
  id: number;
  code: string;
  name: string;
  type: string;
  typeName: string;
  orgId: number;
  orgName: string;
  location: string | null;
  ip: string | null;
  status: 'online' | 'offline' | 'disabled';
  statusName: string;
  remark: string | null;
  updatedAt: string;
}

const TYPE_OPTIONS: Option[] = [
  { label: '考场摄像头', value: 'camera' },
  { label: '人脸识别终端', value: 'face' },
  { label: '身份证读卡器', value: 'idReader' },
  { label: '其他', value: 'other' },
];
const STATUS_OPTIONS: Option[] = [
  { label: '在线', value: 'online' },
  { label: '离线', value: 'offline' },
  { label: '停用', value: 'disabled' },
];
const STATUS_COLORS = { online: 'green', offline: 'default', disabled: 'red' } as const;

/** 所属机构：管辖范围内、状态正常的机构 */
const ORG_FIELD = { optionsFrom: { path: '/bapi/common/orgList', method: 'GET', labelKey: 'orgName', valueKey: 'id' } satisfies OptionsSource };

const fields: FieldSpec[] = [
  {
    name: 'code',
    label: '设备编号',
    required: true,
    placeholder: '如 CAM-SJZ-003',
    rules: [zodRule(() => import('@/lib/domains/ops/schemas').then((m) => m.DeviceSaveInput.shape.code))],
    span: 12,
  },
  { name: 'name', label: '设备名称', required: true, span: 12 },
  { name: 'type', label: '设备类型', type: 'select', options: TYPE_OPTIONS, required: true, span: 12 },
  { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS, initialValue: 'offline', required: true, span: 12 },
  { name: 'orgId', label: '所属机构', type: 'select', required: true, ...ORG_FIELD },
  { name: 'location', label: '安装位置', placeholder: '如 实训楼 301 考场', span: 12 },
  { name: 'ip', label: 'IP 地址', placeholder: '如 192.168.10.21', span: 12 },
  { name: 'remark', label: '备注', type: 'textarea' },
];

const props: ListScreenProps<DeviceRow> = {
  title: '设备管理',
  resource: 'device',
  rowKey: 'id',
  list: { path: '/sys/device/list' },
  filters: [
    { name: 'keyword', label: '名称或编号' },
    { name: 'type', label: '设备类型', type: 'select', options: TYPE_OPTIONS },
    { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
    { name: 'orgId', label: '所属机构', type: 'select', ...ORG_FIELD },
  ],
  columns: [
    { title: '设备编号', dataIndex: 'code', width: 130 },
    { title: '设备名称', dataIndex: 'name', width: 180 },
    { title: '类型', dataIndex: 'typeName', width: 120, render: (v: string) => <Tx text={v} /> },
    { title: '所属机构', dataIndex: 'orgName', width: 220, ellipsis: true },
    { title: '安装位置', dataIndex: 'location', width: 180, ellipsis: true },
    { title: 'IP 地址', dataIndex: 'ip', width: 130 },
    { title: '状态', dataIndex: 'status', width: 80, render: (v: DeviceRow['status'], row) => <Tag color={STATUS_COLORS[v]}><Tx text={row.statusName} /></Tag> },
    { title: '更新时间', dataIndex: 'updatedAt', format: 'datetime', width: 170 },
  ],
  create: { title: '新增设备', fields, submit: { path: '/sys/device/save' }, width: 640 },
  edit: { title: '编辑设备', fields, submit: { path: '/sys/device/save' }, body: (values, row) => ({ ...values, id: row?.id }), width: 640 },
  remove: {
    call: { path: '/sys/device/del', body: (row) => ({ id: row.id }) },
    batch: { path: '/sys/device/delBatch', body: (ids) => ({ ids }) },
    confirm: (row, t) => t('确定删除设备“{name}”（{code}）吗？', { name: row.name, code: row.code }),
  },
  emptyText: '还没有设备，点击“新增设备”登记',
  testId: 'device-list',
};

export default function DeviceList() {
  return <ListScreen {...props} />;
}

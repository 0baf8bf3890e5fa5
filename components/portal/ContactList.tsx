'use client';
// 系统管理 › 门户互动 › 联系方式（/system/portal/contact）：门户展示的咨询电话、邮箱、地址与办公时间。
import ListScreen from '@/components/list/ListScreen';
import type { FieldSpec, ListScreenProps } from '@/components/list/types';
import type { ContactItem } from '@/lib/domains/portal/service';
import { zodRule } from '@/components/list/rules';

const fields: FieldSpec[] = [
  { name: 'department', label: '部门', required: true, rules: [{ max: 64, message: '部门最多 64 个字' }] },
  { name: 'phone', label: '电话', span: 12, placeholder: '如 0311-85866620', rules: [zodRule(() => import('@/lib/domains/portal/schemas').then((m) => m.ContactSaveInput.shape.phone))] },
  { name: 'email', label: '邮箱', span: 12, rules: [{ type: 'email', message: '邮箱格式不正确' }] },
  { name: 'address', label: '地址', rules: [{ max: 200, message: '地址最多 200 个字' }] },
  { name: 'workingHours', label: '办公时间', placeholder: '如 工作日 8:30-12:00，14:30-17:30' },
  { name: 'sort', label: '排序', type: 'number', initialValue: 0, help: '数字小的排在前面；电话、邮箱、地址至少填写一项' },
];

const props: ListScreenProps<ContactItem> = {
  title: '联系方式',
  resource: 'contact',
  rowKey: 'id',
  list: { path: '/sys/contact/list' },
  filters: [{ name: 'department', label: '部门' }],
  columns: [
    { title: '部门', dataIndex: 'department', width: 180, ellipsis: true },
    { title: '电话', dataIndex: 'phone', width: 130 },
    { title: '邮箱', dataIndex: 'email', width: 190, ellipsis: true },
    { title: '地址', dataIndex: 'address', width: 180, ellipsis: true },
    { title: '办公时间', dataIndex: 'workingHours', width: 200, ellipsis: true },
    { title: '排序', dataIndex: 'sort', width: 60 },
  ],
  create: { title: '新增联系方式', fields, submit: { path: '/sys/contact/save' }, width: 640 },
  edit: { title: '编辑联系方式', fields, submit: { path: '/sys/contact/save' }, body: (values, row) => ({ ...values, id: row?.id }), width: 640 },
  remove: {
    call: { path: '/sys/contact/del', body: (row) => ({ ids: [row.id] }) },
    batch: { path: '/sys/contact/del', body: (ids) => ({ ids }) },
    confirm: (row, t) => t('确定删除「{department}」的联系方式吗？', { department: row.department }),
  },
  emptyText: '还没有联系方式',
  testId: 'contact-list',
};

export default function ContactList() {
  return <ListScreen<ContactItem> {...props} />;
}

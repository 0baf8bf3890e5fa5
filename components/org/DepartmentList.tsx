'use client';
// 机构与账号管理 › 部门管理（/org/department）：管辖范围内机构的部门；新增、编辑、删除与审核（驳回须填意见），
// 查看审核意见历史。
import { useState } from 'react';
import { Modal, Table, Tag } from 'antd';
import { apiGet } from '@/components/api-client';
import ListScreen from '@/components/list/ListScreen';
import { Tx, useT } from '@/lib/i18n/client';
import type { FieldSpec, FormSpec, ListScreenProps } from '@/components/list/types';
import { DEPT_AUDIT_OPTIONS, ORG_SELECT } from './options';
import type { DeptItem as DeptRow } from '@/lib/domains/org/schemas';
import { zodRule } from '@/components/list/rules';


interface OpinionRow {
  id: number;
  statusName: string;
  status: number;
  opinion: string | null;
  auditorName: string;
  auditTime: string;
}

const AUDIT_COLORS: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'red' };

const fields: FieldSpec[] = [
  { name: 'orgId', label: '所属机构', ...ORG_SELECT, required: true, createOnly: true },
  {
    name: 'code',
    label: '部门编码',
    required: true,
    createOnly: true,
    span: 12,
    rules: [zodRule(() => import('@/lib/domains/org/schemas').then((m) => m.DeptSaveInput.shape.code))],
  },
  { name: 'name', label: '部门名称', required: true, span: 12 },
  { name: 'leader', label: '负责人', span: 12 },
  { name: 'phone', label: '联系电话', span: 12, placeholder: '手机号或 0311-85012345' },
  { name: 'sort', label: '排序', type: 'number', initialValue: 0, span: 12 },
  { name: 'remark', label: '备注', type: 'textarea' },
];

const auditForm: FormSpec<DeptRow> = {
  title: '审核部门',
  fields: [
    { name: 'auditStatus', label: '审核结果', type: 'radio', options: DEPT_AUDIT_OPTIONS.filter((o) => o.value !== 0), required: true, initialValue: 1 },
    { name: 'auditOpinion', label: '审核意见', type: 'textarea', placeholder: '驳回时必须填写审核意见' },
  ],
  // 审核表单不回显行的旧意见
  load: () => ({ auditStatus: 1, auditOpinion: '' }),
  submit: { path: '/bks/v1/sys/department/audit' },
  body: (values, row) => ({ id: row?.id, ...values }),
  successMessage: '审核已保存',
};

export default function DepartmentList() {
  const t = useT();
  const [opinions, setOpinions] = useState<{ dept: DeptRow; list: OpinionRow[] | null } | null>(null);

  const showOpinions = (dept: DeptRow) => {
    setOpinions({ dept, list: null });
    apiGet('/bks/v1/sys/department/audit/opinion', { id: dept.id }).then(
      (list) => setOpinions({ dept, list }),
      () => setOpinions(null),
    );
  };

  const props: ListScreenProps<DeptRow> = {
    title: '部门管理',
    resource: 'department',
    rowKey: 'id',
    list: { path: '/bks/v1/sys/department/list', method: 'GET' },
    filters: [
      { name: 'name', label: '部门名称' },
      { name: 'orgId', label: '所属机构', ...ORG_SELECT },
      { name: 'auditStatus', label: '审核状态', type: 'select', options: DEPT_AUDIT_OPTIONS },
    ],
    // 审核人与审核时间在“审核记录”里，列表只留审核意见，1440 宽度下不出横向滚动
    columns: [
      { title: '所属机构', dataIndex: 'orgName', width: 180, ellipsis: true },
      { title: '部门编码', dataIndex: 'code', width: 90 },
      { title: '部门名称', dataIndex: 'name', width: 130, ellipsis: true },
      { title: '负责人', dataIndex: 'leader', width: 80, render: (v: string | null) => v || '—' },
      { title: '联系电话', dataIndex: 'phone', width: 130, render: (v: string | null) => v || '—' },
      { title: '审核状态', dataIndex: 'auditStatus', width: 90, render: (v: number, r) => <Tag color={AUDIT_COLORS[v]}><Tx text={r.auditStatusName} /></Tag> },
      { title: '审核意见', dataIndex: 'auditOpinion', width: 150, ellipsis: true, render: (v: string | null) => v || '—' },
    ],
    create: { title: '新增部门', fields, submit: { path: '/bks/v1/sys/department/save' }, width: 680 },
    edit: {
      title: '编辑部门',
      fields,
      submit: { path: '/bks/v1/sys/department/update' },
      load: (row) => apiGet('/bks/v1/sys/department/form', { id: row.id }, { silent: true }),
      width: 680,
    },
    remove: {
      call: { path: '/bks/v1/sys/department/batch/remove', body: (row) => ({ ids: [row.id] }) },
      batch: { path: '/bks/v1/sys/department/batch/remove', body: (ids) => ({ ids }) },
      confirm: (row, t) => t('确定删除部门「{name}」吗？', { name: row.name }),
    },
    rowActions: [
      { key: 'audit', label: '审核', permission: 'department.edit', form: auditForm, visible: (row) => row.awaitingAudit },
      { key: 'opinions', label: '审核记录', permission: ['department.get', 'department.edit'], onClick: (row) => showOpinions(row) },
    ],
    emptyText: '暂无部门',
  };

  return (
    <>
      <ListScreen<DeptRow> {...props} />
      {opinions && (
        <Modal open title={t('审核记录：{org} / {dept}', { org: opinions.dept.orgName, dept: opinions.dept.name })} width={720} footer={null} onCancel={() => setOpinions(null)}>
          <Table<OpinionRow>
            rowKey="id"
            size="small"
            loading={opinions.list === null}
            dataSource={opinions.list ?? []}
            pagination={false}
            locale={{ emptyText: t('还没有审核记录') }}
            columns={[
              { title: t('审核时间'), dataIndex: 'auditTime', width: 170 },
              { title: t('审核人'), dataIndex: 'auditorName', width: 100 },
              { title: t('结果'), dataIndex: 'statusName', width: 100, render: (v: string, r) => <Tag color={AUDIT_COLORS[r.status]}>{t(v)}</Tag> },
              { title: t('意见'), dataIndex: 'opinion', render: (v: string | null) => v || '—' },
            ]}
          />
        </Modal>
      )}
    </>
  );
}

'use client';
// 考试异常记录：场次（可指明考生）发生的异常事件、处理结果与佐证材料；导入（错误工作簿）与导出。
// 督导员只看分派给自己的计划、只改本人填写的；按钮按每行服务端给出的 actions 显示。
import { Tag } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import type { FieldSpec, FormSpec, ListColumn } from '@/components/list/types';
import { Tx } from '@/lib/i18n/client';
import type { AbnormalItem } from '@/lib/domains/supervision/schemas';
import { ABNORMAL_KINDS, abnormalFields } from './fields';

const KIND_COLOR: Record<number, string> = { 1: 'orange', 2: 'red', 3: 'default', 4: 'blue', 5: 'purple', 6: 'default' };

const sessionField: FieldSpec = {
  name: 'sessionId',
  label: '场次',
  type: 'select',
  required: true,
  help: '督导任务中计划处于“考务安排”或“成绩管理”步骤的场次',
  optionsFrom: { path: '/perSuper/listSuperTask', method: 'POST', query: { open: true, pageSize: 100 }, labelKey: 'label', valueKey: 'id' },
};

export default function AbnormalRecordList() {
  const columns: ListColumn<AbnormalItem>[] = [
    { title: '计划编号', dataIndex: 'planCode' },
    { title: '场次', dataIndex: 'sessionName' },
    { title: '考场', dataIndex: 'roomName', render: (v: string | null) => v ?? '—' },
    { title: '考生', dataIndex: 'examineeName', render: (v: string | null, r) => (v ? `${v}（${r.ticketNo}）` : '—') },
    {
      title: '类别',
      dataIndex: 'kindName',
      render: (v: string, r) => (
        <Tag color={KIND_COLOR[r.kind]}>
          <Tx text={v} />
        </Tag>
      ),
    },
    { title: '发生时间', dataIndex: 'occurredAt' },
    { title: '情况说明', dataIndex: 'description' },
    { title: '处理结果', dataIndex: 'handling', render: (v: string | null) => v ?? '—' },
    { title: '填写人', dataIndex: 'reporterName' },
  ];
  const create: FormSpec<AbnormalItem> = { title: '记录考试异常', fields: abnormalFields(sessionField), submit: { path: '/exaExamAbnormalRecord/add' } };
  const edit: FormSpec<AbnormalItem> = {
    title: '修改考试异常记录',
    fields: abnormalFields(sessionField),
    submit: { path: '/exaExamAbnormalRecord/update' },
    load: (r) => ({ ...r, occurredAt: r.occurredAtIso }),
    body: (v, r) => ({ ...v, id: r!.id }),
  };
  return (
    <ListScreen<AbnormalItem>
      title="考试异常记录"
      resource="abnormalRecord"
      rowKey="id"
      list={{ path: '/exaExamAbnormalRecord/by' }}
      filters={[
        { name: 'planCode', label: '计划编号' },
        { name: 'kind', label: '类别', type: 'select', options: ABNORMAL_KINDS },
      ]}
      columns={columns}
      create={create}
      importer={{ call: { path: '/exaExamAbnormalRecord/exceptionImport' }, template: { path: '/exaExamAbnormalRecord/importTemplate', method: 'GET' }, title: '导入考试异常记录' }}
      exporter={{ path: '/exaExamAbnormalRecord/export' }}
      detail={{
        title: '考试异常记录',
        fields: [
          { name: 'planName', label: '考试计划' },
          { name: 'sessionName', label: '场次' },
          { name: 'roomName', label: '考场' },
          { name: 'examineeName', label: '考生' },
          { name: 'kindName', label: '类别' },
          { name: 'occurredAt', label: '发生时间' },
          { name: 'description', label: '情况说明' },
          { name: 'handling', label: '处理结果' },
          { name: 'files', label: '佐证材料', type: 'file' },
          { name: 'reporterName', label: '填写人' },
        ],
      }}
      rowActions={[
        { key: 'editRecord', label: '编辑', permission: 'abnormalRecord.edit', visible: (r) => r.actions.includes('edit'), form: edit },
        {
          key: 'deleteRecord',
          label: '删除',
          danger: true,
          permission: 'abnormalRecord.delete',
          visible: (r) => r.actions.includes('delete'),
          confirm: '确定删除这条异常记录吗？',
          call: { path: '/exaExamAbnormalRecord/del', body: (r) => ({ ids: [r.id] }), successMessage: '删除成功' },
        },
      ]}
      emptyText="暂无考试异常记录"
      testId="abnormal-list"
    />
  );
}

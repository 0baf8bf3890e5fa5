'use client';
// 系统管理 › 流程配置 › 流程状态（/system/process/status）：各类审核流程使用的状态码（取自备案/审核状态字典），
// 状态码不可改，显示文字可改（编辑权限），改后各处的字典显示随之变化。
import { Tag } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import { Tx } from '@/lib/i18n/client';
import type { ListScreenProps } from '@/components/list/types';

interface StatusRow {
  key: string;
  id: number;
  processType: string;
  processTypeName: string;
  dictType: string;
  dictName: string;
  value: string;
  label: string;
  status: number;
}

const props: ListScreenProps<StatusRow> = {
  title: '流程状态',
  resource: 'processStatus',
  rowKey: 'key',
  list: { path: '/bapi/processStatus/list' },
  filters: [
    {
      name: 'processType',
      label: '流程类型',
      type: 'select',
      optionsFrom: { path: '/bapi/processRule/getProcessRuleType', method: 'GET', labelKey: 'label', valueKey: 'value' },
    },
  ],
  columns: [
    { title: '流程类型', dataIndex: 'processTypeName', width: 140, translate: true },
    { title: '状态字典', dataIndex: 'dictName', width: 220, render: (v: string, row) => <Tx text="{name}（{code}）" vars={{ name: v, code: row.dictType }} /> },
    { title: '状态码', dataIndex: 'value', width: 90 },
    { title: '显示文字', dataIndex: 'label' },
    { title: '状态', dataIndex: 'status', width: 80, render: (v: number) => (v === 0 ? <Tag color="green"><Tx text="启用" /></Tag> : <Tag><Tx text="停用" /></Tag>) },
  ],
  edit: {
    title: '编辑状态显示文字',
    fields: [
      { name: 'value', label: '状态码', disabledOnEdit: true },
      {
        name: 'label',
        label: '显示文字',
        required: true,
        rules: [{ max: 100, message: '显示文字最多 100 个字' }],
        help: '改的是状态字典的文字：使用同一状态字典的流程（如培训班、补贴、考试计划审核共用审核状态）同时生效',
      },
    ],
    submit: { path: '/bapi/processStatus/update' },
    body: (values, row) => ({ id: row?.id, label: values.label }),
  },
  pageSizeOptions: [10, 50, 100],
  emptyText: '没有状态数据',
};

export default function ProcessStatusList() {
  return <ListScreen<StatusRow> {...props} />;
}

'use client';
// 系统管理 › 流程配置 › 流程规则（/system/process/rule）：各类审核流程在各区划的审核环节。
// 同一类型、同一区划只能有一条启用的规则（服务端校验，冲突时提示先停用原规则）。
import { Space, Tag, Typography } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import { Tx } from '@/lib/i18n/client';
import type { FieldSpec, FormSpec, ListScreenProps, OptionsSource } from '@/components/list/types';
import type { ProcessRuleView } from '@/lib/domains/dict/process';
import StepsEditor from './StepsEditor';
import type { PostPath } from '@/components/api-contract';

const STATUS_OPTIONS = [
  { label: '启用', value: 0 },
  { label: '停用', value: 1 },
];

const typeOptions: OptionsSource = { path: '/bapi/processRule/getProcessRuleType', method: 'GET', labelKey: 'label', valueKey: 'value' };

const fields: FieldSpec[] = [
  { name: 'processType', label: '流程类型', type: 'select', required: true, optionsFrom: typeOptions, span: 12 },
  { name: 'name', label: '规则名称', required: true, span: 12, rules: [{ max: 64, message: '规则名称最多 64 个字' }] },
  { name: 'areaId', label: '适用区划', type: 'region', required: true, span: 12, help: '只选省表示全省通用；市、县区的规则优先于上级' },
  { name: 'status', label: '状态', type: 'radio', options: STATUS_OPTIONS, initialValue: 0, span: 12 },
  {
    name: 'steps',
    label: '审核环节',
    type: 'custom',
    // 不用 required：通用表单的“必填”规则按字符串校验，数组值会误报；下面的校验器负责非空
    initialValue: [{ order: 1, name: '', reviewerLevel: 'city', roleCode: null, opinionRequired: true }],
    rules: [
      {
        validator: async (_rule, value: { name?: string }[] | undefined) => {
          if (!value?.length) throw new Error('请至少设置一个审核环节');
          if (value.some((s) => !s.name?.trim())) throw new Error('请填写每个环节的名称');
        },
      },
    ],
    render: (props) => <StepsEditor {...props} />,
  },
  { name: 'remark', label: '备注', type: 'textarea' },
];

const form = (title: string, submit: PostPath): FormSpec<ProcessRuleView> => ({
  title,
  fields,
  width: 760,
  submit: { path: submit },
  body: (values, row) => (row ? { ...values, id: row.id } : values),
});

const props: ListScreenProps<ProcessRuleView> = {
  title: '流程规则',
  resource: 'processRule',
  rowKey: 'id',
  list: { path: '/bapi/processRule/getList' },
  filters: [
    { name: 'processType', label: '流程类型', type: 'select', optionsFrom: typeOptions },
    { name: 'name', label: '规则名称' },
    { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
  ],
  columns: [
    { title: '流程类型', dataIndex: 'processTypeName', width: 130, translate: true },
    { title: '规则名称', dataIndex: 'name', width: 200 },
    { title: '适用区划', dataIndex: 'areaName', width: 110 },
    {
      title: '审核环节',
      dataIndex: 'steps',
      render: (_v, row) => (
        <Space size={[4, 4]} wrap>
          {row.steps.map((s) => (
            <Tag key={s.order} color={s.opinionRequired ? 'blue' : undefined}>
              {s.order}. {s.name}（{s.reviewerLevelName}）
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (v: number) => (v === 0 ? <Tag color="green"><Tx text="启用" /></Tag> : <Tag><Tx text="停用" /></Tag>),
    },
    { title: '更新时间', dataIndex: 'updateTime', width: 170 },
  ],
  create: form('新增流程规则', '/bapi/processRule/add'),
  edit: form('编辑流程规则', '/bapi/processRule/update'),
  remove: {
    call: { path: '/bapi/processRule/del', body: (row) => ({ id: row.id }) },
    batch: { path: '/bapi/processRule/del', body: (ids) => ({ ids }) },
    confirm: (row, t) => t('确定删除流程规则「{name}」吗？', { name: row.name }),
  },
  detail: {
    title: '流程规则详情',
    fields: [
      { name: 'processTypeName', label: '流程类型' },
      { name: 'name', label: '规则名称' },
      { name: 'areaName', label: '适用区划' },
      {
        name: 'steps',
        label: '审核环节',
        render: (_v, row) => (
          <Space orientation="vertical" size={2}>
            {row.steps.map((s) => (
              <Typography.Text key={s.order}>
                {s.order}. {s.name} — <Tx text={s.opinionRequired ? '{level}审核，须填写审核意见' : '{level}审核'} vars={{ level: s.reviewerLevelName }} />
              </Typography.Text>
            ))}
          </Space>
        ),
      },
      { name: 'statusName', label: '状态' },
      { name: 'remark', label: '备注' },
      { name: 'createTime', label: '创建时间' },
      { name: 'updateTime', label: '更新时间' },
    ],
  },
  emptyText: '还没有流程规则',
};

export default function ProcessRuleList() {
  return <ListScreen<ProcessRuleView> {...props} />;
}

'use client';
// 补贴管理 › 补贴标准：培训类型补贴标准（TrainTypeSubsidy，含生活交通补贴的日标准）与培训工种补贴标准（TrainWorkSubsidy）。
// 省级为各市制定，市级查看本市的。被申请用过的版本不能改也不能删（行上没有按钮），只能“新建版本”。按钮只照服务端给出的行 actions 显示。
import { useState } from 'react';
import { Segmented, Tag } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import TwoLineCell from '@/components/list/TwoLineCell';
import type { FieldSpec, FormSpec } from '@/components/list/types';
import { useT } from '@/lib/i18n/client';
import { DICT } from '@/lib/domains/dict/codes';
import { SUBSIDY_GROUP_DICT, type StandardItem, type StandardKind } from '@/lib/domains/subsidy/schemas';
import { LEVEL_OPTIONS } from '@/components/trainClass/shared';

const cityField: FieldSpec = { name: 'cityId', label: '适用的市', type: 'select', required: true, optionsFrom: { path: '/comApi/getAreaByParent', method: 'GET', labelKey: 'name', valueKey: 'id' }, span: 12 };

function subjectFields(kind: StandardKind): FieldSpec[] {
  if (kind === 'type') return [{ name: 'trainType', label: '培训类型', type: 'dict', dictType: DICT.TRAIN_TYPE, required: true, span: 12 }];
  if (kind === 'living') return [{ name: 'groupCode', label: '人员类别', type: 'dict', dictType: SUBSIDY_GROUP_DICT, required: true, span: 12 }];
  return [
    { name: 'workCode', label: '工种代码', required: true, span: 12 },
    { name: 'level', label: '等级', type: 'select', options: LEVEL_OPTIONS, required: true, span: 12 },
  ];
}

function standardForm(kind: StandardKind, title: string): FormSpec<StandardItem> {
  return {
    title,
    width: 720,
    submit: { path: '/subsidy/saveStandard' },
    fields: [
      cityField,
      ...subjectFields(kind),
      { name: 'amount', label: kind === 'living' ? '每天金额（元）' : '每人金额（元）', type: 'number', required: true, span: 12 },
      { name: 'minAttendance', label: '出勤不少于班级学时的（%）', type: 'number', initialValue: 80, span: 12 },
      { name: 'valid', label: '有效期（同一年度内）', type: 'dateRange', required: true },
      { name: 'remark', label: '备注', type: 'textarea' },
    ],
    load: (r) => ({ ...r, validStart: r.validFrom, validEnd: r.validTo, valid: [r.validFrom, r.validTo] }),
    body: (v, r) => ({ ...v, id: r?.id, kind, validFrom: v.validStart, validTo: v.validEnd }),
  };
}

const versionForm = (kind: StandardKind): FormSpec<StandardItem> => ({
  title: '新建版本',
  width: 560,
  submit: { path: '/subsidy/newStandardVersion' },
  fields: [
    { name: 'validFrom', label: '新版本生效日期', type: 'date', required: true, help: '上一版到前一天为止；不能早于已按上一版申请补贴的班级的结业日期' },
    { name: 'amount', label: kind === 'living' ? '每天金额（元）' : '每人金额（元）', type: 'number', required: true },
    { name: 'minAttendance', label: '出勤不少于班级学时的（%）', type: 'number' },
    { name: 'remark', label: '调整说明', type: 'textarea' },
  ],
  load: (r) => ({ amount: r.amount, minAttendance: r.minAttendance }),
  body: (v, r) => ({ ...v, id: r!.id }),
  successMessage: '已新建版本',
});

function Standards({ kinds, resource, title }: { kinds: StandardKind[]; resource: string; title: string }) {
  const t = useT();
  const [kind, setKind] = useState<StandardKind>(kinds[0]);
  const labels: Record<StandardKind, string> = { type: '培训类型', work: '工种 × 等级', living: '生活交通补贴（每天）' };
  return (
    <ListScreen<StandardItem>
      key={kind}
      title={title}
      resource={resource}
      rowKey="id"
      testId={`standard-list-${kind}`}
      list={{ path: '/subsidy/listStandard', params: { kind } }}
      exporter={kind === 'work' ? { path: '/subsidy/exportStandard' } : undefined}
      importer={kind === 'work' ? { call: { path: '/subsidy/importWorkStandard' }, template: { path: '/subsidy/importWorkStandard/template', method: 'GET' }, title: '导入培训工种补贴标准' } : undefined}
      toolbarExtra={() => (kinds.length > 1 ? <Segmented value={kind} onChange={(v) => setKind(v as StandardKind)} options={kinds.map((k) => ({ value: k, label: t(labels[k]) }))} /> : null)}
      filters={[
        { name: 'year', label: '年度', type: 'number' },
        { name: 'cityId', label: '市', type: 'select', optionsFrom: { path: '/comApi/getAreaByParent', method: 'GET', labelKey: 'name', valueKey: 'id' } },
      ]}
      columns={[
        { title: '对象', dataIndex: 'subjectName', width: 220, render: (_v, r) => <TwoLineCell main={r.subjectName} sub={r.cityName} /> },
        { title: '年度', dataIndex: 'year', width: 80 },
        { title: '金额（元）', dataIndex: 'amount', width: 100, format: 'money' },
        { title: '出勤要求', dataIndex: 'minAttendance', width: 90, render: (v: number) => `${v}%` },
        { title: '有效期', dataIndex: 'validFrom', width: 200, render: (_v, r) => `${r.validFrom} ~ ${r.validTo}` },
        { title: '版本', dataIndex: 'version', width: 110, render: (v: number, r) => <>{`v${v}`} {r.inUse && <Tag color="blue">{t('已被申请使用')}</Tag>}</> },
        { title: '备注', dataIndex: 'remark', ellipsis: true },
      ]}
      create={standardForm(kind, '新增补贴标准')}
      rowActions={[
        { key: 'edit', label: '修改', permission: `${resource}.edit`, visible: (r) => r.actions.includes('edit'), form: standardForm(kind, '修改补贴标准') },
        { key: 'newVersion', label: '新建版本', permission: `${resource}.add`, visible: (r) => r.actions.includes('newVersion'), form: versionForm(kind) },
        {
          key: 'delete',
          label: '删除',
          danger: true,
          permission: `${resource}.delete`,
          visible: (r) => r.actions.includes('delete'),
          confirm: '确定删除这一版补贴标准吗？',
          call: { path: '/subsidy/deleteStandard', body: (r) => ({ ids: [r.id] }), successMessage: '已删除' },
        },
      ]}
      emptyText="暂无补贴标准"
    />
  );
}

export function TrainTypeSubsidy() {
  return <Standards kinds={['type', 'living']} resource="trainTypeSubsidy" title="培训类型补贴标准" />;
}

export function TrainWorkSubsidy() {
  return <Standards kinds={['work']} resource="trainWorkSubsidy" title="培训工种补贴标准" />;
}

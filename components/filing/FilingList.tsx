'use client';
// 四类备案的列表（一个可配置组件，四处登记）：状态标签、筛选、新建/修改（工种经工种选择器）、提交、申请作废、增量与历史。
import { useState } from 'react';
import { useSearchParams } from 'next/navigation';
import ListScreen from '@/components/list/ListScreen';
import type { FieldSpec, FormSpec, ListScreenProps } from '@/components/list/types';
import WorkTypePicker, { type PickedWork } from '@/components/catalog/WorkTypePicker';
import { apiPost } from '@/components/api-client';
import { ORG_TYPES } from '@/lib/domains/org/codes';
import type { FilingItem } from '@/lib/domains/filing/schemas';
import { FILING_KINDS, kindResource } from '@/lib/domains/filing/transitions';
import { useT } from '@/lib/i18n/client';
import { HistoryDialog, STATUS_OPTIONS, StatusCell } from './shared';
import FilingDataDialog from './FilingDataDialog';

const ORG_TYPE_OPTIONS = Object.entries(ORG_TYPES).map(([value, label]) => ({ value: Number(value), label }));

const worksField: FieldSpec = {
  name: 'works',
  label: '备案工种',
  type: 'custom',
  // 自定义字段的 required 提示是“请输入…”，工种是选出来的：自带必填规则（带 required 标记仍显示星号）
  rules: [
    {
      required: true,
      validator: async (_rule, value) => {
        if (!Array.isArray(value) || value.length === 0) throw new Error('请选择备案工种');
      },
    },
  ],
  render: ({ value, onChange, disabled }) => (
    <div data-testid="filing-works">
      <WorkTypePicker value={(value as PickedWork[]) ?? []} onChange={(v) => onChange(v)} disabled={disabled} title="选择备案工种" />
    </div>
  ),
};

const toWorks = (v: unknown) => ((v as PickedWork[] | undefined) ?? []).map((w) => ({ workCode: w.workCode, levels: w.levels?.length ? w.levels : [5] }));

function formFor(kind: number, title: string): FormSpec<FilingItem> {
  return {
    title,
    width: 720,
    submit: { path: kind === 0 ? '/fil/info/saveFilInfoBySkillLevelIdentification' : '/fil/info/saveFilInfoByOther' },
    fields: [
      { name: 'orgType', label: '机构类型', type: 'select', required: true, options: ORG_TYPE_OPTIONS, span: 12 },
      { name: 'contactName', label: '联系人', required: true, span: 12 },
      { name: 'contactPhone', label: '联系电话', required: true, span: 12, rules: [{ pattern: /^1[3-9]\d{9}$/, message: '手机号格式有误，请重新输入' }] },
      { name: 'address', label: '地址', span: 12 },
      worksField,
      { name: 'description', label: '备案说明', type: 'textarea' },
    ],
    body: (v, row) => ({ ...v, id: row?.id, kind, works: toWorks(v.works) }),
    load: async (row) => {
      const d = await apiPost('/fil/info/filInfoView', { id: row.id });
      return { ...d, works: d.works.filter((w) => !(w as { incrementId?: number | null }).incrementId) };
    },
  };
}

export function FilingList({ kind }: { kind: 0 | 1 | 2 | 3 }) {
  const resource = kindResource(kind);
  const t = useT();
  const kindName = t(FILING_KINDS[kind]);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [dataOf, setDataOf] = useState<FilingItem | null>(null);
  // 铃铛消息链接带 ?code=：打开即按该备案编号筛选
  const code = useSearchParams().get('code') ?? undefined;
  const props: ListScreenProps<FilingItem> = {
    title: t('{kind}备案', { kind: kindName }),
    resource,
    rowKey: 'id',
    testId: 'filing-list',
    list: { path: '/fil/view/filView', params: { kind } },
    filters: [
      { name: 'orgName', label: '机构名称' },
      { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
      { name: 'code', label: '备案编号', initialValue: code },
    ],
    columns: [
      { title: '备案编号', dataIndex: 'code', width: 170 },
      { title: '机构名称', dataIndex: 'orgName' },
      { title: '所在市', dataIndex: 'cityName', width: 100 },
      { title: '工种数', dataIndex: 'workCount', width: 80 },
      { title: '状态', dataIndex: 'status', width: 130, render: (s: number, r) => <StatusCell status={s} incrementStatus={r.incrementStatus} /> },
      { title: '最近意见', dataIndex: 'lastOpinion', ellipsis: true },
      { title: '提交时间', dataIndex: 'submitTime', width: 170 },
    ],
    create: formFor(kind, t('新建{kind}备案', { kind: kindName })),
    exporter: { path: '/filling/exportNotFilling', method: 'GET' },
    // 行操作只照服务端给出的 r.actions / r.incrementActions 显示（按转换表与当前用户的权限算出），界面不再推算状态规则
    rowActions: [
      {
        key: 'edit',
        label: '编辑',
        permission: `${resource}.edit`,
        visible: (r) => r.actions.includes('edit'),
        form: formFor(kind, t('修改{kind}备案', { kind: kindName })),
      },
      // 场所与人员：可改的状态下增删改、导入，其余状态只读查看
      { key: 'data', label: '场所与人员', onClick: (r) => setDataOf(r) },
      {
        key: 'submit',
        label: '提交审核',
        permission: `${resource}.edit`,
        visible: (r) => r.actions.includes('submit'),
        confirm: (r, tr) => tr('确定提交备案 {code} 吗？提交后不能修改。', { code: r.code }),
        call: { path: '/fil/modify/submitAudit', body: (r) => ({ id: r.id }), successMessage: '已提交，等待市级初审' },
      },
      {
        key: 'incrementSubmit',
        label: '提交增量',
        permission: `${resource}.edit`,
        visible: (r) => r.incrementActions.includes('submit'),
        confirm: '确定提交增量备案吗？',
        call: { path: '/fil/info/incrementSubmitAudit', body: (r) => ({ id: r.id }), successMessage: '增量备案已提交' },
      },
      {
        key: 'increment',
        label: '增量备案',
        permission: `${resource}.edit`,
        visible: (r) => r.actions.includes('incrementAdd'),
        form: {
          title: '增量备案：追加工种',
          submit: { path: '/fil/info/incrementAdd' },
          fields: [{ ...worksField, label: '追加的工种' }],
          load: () => ({ works: [] }),
          body: (v, r) => ({ id: r!.id, works: toWorks(v.works) }),
          successMessage: '已保存增量工种，请提交增量审核',
        },
      },
      {
        key: 'void',
        label: '申请作废',
        danger: true,
        permission: `${resource}.edit`,
        visible: (r) => r.actions.includes('voidApply'),
        form: {
          title: '申请作废备案',
          submit: { path: '/fil/modify/voidApply' },
          fields: [{ name: 'opinion', label: '作废原因', type: 'textarea', required: true }],
          load: () => ({}),
          body: (v, r) => ({ id: r!.id, opinion: v.opinion }),
          successMessage: '已申请作废，等待市级审核',
        },
      },
      { key: 'history', label: '办理历史', onClick: (r) => setHistoryOf(r.id) },
      {
        key: 'publicPage',
        label: '公示页',
        visible: (r) => r.publicCode !== null,
        onClick: (r) => window.open(`/institutionalFiling/filingRover/single?code=${encodeURIComponent(r.publicCode!)}`, '_blank', 'noopener'),
      },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        permission: `${resource}.delete`,
        visible: (r) => r.actions.includes('delete'),
        confirm: (r, tr) => tr('确定删除备案 {code} 吗？', { code: r.code }),
        call: { path: '/fil/info/delFilInfo', body: (r) => ({ id: r.id }), successMessage: '已删除' },
      },
    ],
    emptyText: t('暂无{kind}备案', { kind: kindName }),
  };
  return (
    <>
      {/* 编号变了（从铃铛再次进入）就重建列表，让筛选取新的初始值 */}
      <ListScreen key={code ?? ''} {...props} />
      <HistoryDialog filingId={historyOf} onClose={() => setHistoryOf(null)} />
      <FilingDataDialog filing={dataOf} onClose={() => setDataOf(null)} />
    </>
  );
}

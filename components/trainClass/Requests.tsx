'use client';
// 培训班的两种附带申请，一个可配置组件，四处登记：延期开班申请（PostponeClassApply）与审批（PostponeClassApprove）、
// 信息更正申请（InfoCorrectApply）与审批（InfoCorrectApprove）。申请页：本机构的申请、发起（只能选状态允许且没有同种待审核申请的班）、撤回；
// 审批页：本市的申请（默认只看待审核的）、通过或驳回。按钮只照服务端给出的行 actions 显示。
import { useState } from 'react';
import { Descriptions, Table, Tag } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import { ReviewDialog } from '@/components/list/ReviewDialog';
import { HistoryDialog } from '@/components/list/HistoryDialog';
import type { FieldSpec, FormSpec, ListScreenProps } from '@/components/list/types';
import { apiGet, apiPost } from '@/components/api-client';
import { Tx, useT } from '@/lib/i18n/client';
import { REQUEST_STATUS_COLOR, REQUEST_STATUS_LABEL, type RequestKind } from '@/lib/domains/trainClass/transitions';
import type { RequestItem } from '@/lib/domains/trainClass/schemas';
import TwoLineCell from '@/components/list/TwoLineCell';

const STATUS_OPTIONS = Object.entries(REQUEST_STATUS_LABEL).map(([value, label]) => ({ value: Number(value), label }));

interface Config {
  kind: RequestKind;
  mode: 'apply' | 'approve';
}

const RESOURCE: Record<RequestKind, Record<Config['mode'], string>> = {
  postpone: { apply: 'postponeApply', approve: 'postponeAudit' },
  correct: { apply: 'infoCorrectApply', approve: 'infoCorrectAudit' },
};
const TITLE: Record<RequestKind, Record<Config['mode'], string>> = {
  postpone: { apply: '延期开班申请', approve: '延期开班审批' },
  correct: { apply: '信息更正申请', approve: '信息更正审批' },
};
const REVIEW_PATH: Record<RequestKind, '/trainInfoExamine/postponeClassExamine' | '/trainInfoExamine/infoCorrectExamine'> = { postpone: '/trainInfoExamine/postponeClassExamine', correct: '/trainInfoExamine/infoCorrectExamine' };

const classField: (kind: RequestKind) => FieldSpec = (kind) => ({
  name: 'classId',
  label: '培训班',
  type: 'select',
  required: true,
  optionsFrom: { path: '/trainInfoExamine/requestableClasses', method: 'POST', query: { kind }, labelKey: 'label', valueKey: 'id' },
});

/** 发起申请的表单：延期为新的日期，更正为要改的各项（留空的不改） */
function applyForm(kind: RequestKind): FormSpec<RequestItem> {
  if (kind === 'postpone') {
    return {
      title: '申请延期开班',
      width: 640,
      submit: { path: '/trainInfoExamine/addPostponeClassExamine' },
      fields: [classField(kind), { name: 'dates', label: '延期后的培训日期', type: 'dateRange', required: true }, { name: 'reason', label: '延期原因', type: 'textarea', required: true }],
      body: (v) => ({ classId: v.classId, newStartDate: v.datesStart, newEndDate: v.datesEnd, reason: v.reason }),
      successMessage: '已提交，等待市级审核',
    };
  }
  return {
    title: '申请信息更正',
    width: 720,
    submit: { path: '/trainInfoExamine/addInfoCorrect' },
    fields: [
      classField(kind),
      { name: 'name', label: '班级名称', span: 12, help: '留空的项不更正' },
      { name: 'place', label: '培训地点', span: 12 },
      { name: 'contactName', label: '联系人', span: 12 },
      { name: 'contactPhone', label: '联系电话', span: 12 },
      { name: 'headTeacherId', label: '班主任', type: 'select', span: 12, optionsFrom: { path: '/class/selectTeacherList', method: 'GET', labelKey: 'name', valueKey: 'id' } },
      { name: 'remark', label: '备注', span: 12 },
      { name: 'reason', label: '更正原因', type: 'textarea', required: true },
    ],
    successMessage: '已提交，等待市级审核',
  };
}

/** 申请内容：延期为原日期 → 新日期，更正为各项的原值 → 新值 */
function Content({ row }: { row: RequestItem }) {
  const t = useT();
  if (row.kind === 'postpone') return <span>{`${row.oldStartDate} ~ ${row.oldEndDate} → ${row.newStartDate} ~ ${row.newEndDate}`}</span>;
  return <span>{row.changes.map((c) => `${t(c.label)}：${c.from ?? '—'} → ${c.to ?? '—'}`).join('；')}</span>;
}

function RequestScreen({ kind, mode }: Config) {
  const t = useT();
  const resource = RESOURCE[kind][mode];
  const [reviewing, setReviewing] = useState<RequestItem | null>(null);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [refresh, setRefresh] = useState(0);
  const approve = mode === 'approve';
  const props: ListScreenProps<RequestItem> = {
    title: TITLE[kind][mode],
    resource,
    rowKey: 'id',
    testId: `request-list-${kind}`,
    refreshKey: refresh,
    list: { path: '/trainInfoExamine/listItems', params: { kind } },
    filters: [
      ...(approve ? [{ name: 'pendingOnly', label: '范围', type: 'select' as const, options: [{ value: 'true', label: '待审核' }, { value: 'false', label: '全部' }], initialValue: 'true' }] : []),
      { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
      { name: 'className', label: '班级名称' },
    ],
    columns: [
      { title: '培训班', dataIndex: 'className', width: 240, render: (_v, r) => <TwoLineCell main={r.className} sub={`${r.classCode} · ${r.orgName}`} /> },
      {
        title: '状态',
        dataIndex: 'statusName',
        width: 100,
        render: (v: string, r) => (
          <Tag color={REQUEST_STATUS_COLOR[r.status]}>
            <Tx text={v} />
          </Tag>
        ),
      },
      {
        title: kind === 'postpone' ? '日期变更' : '更正内容',
        dataIndex: 'changes',
        width: 260,
        ellipsis: true,
        render: (_v, r) => (r.kind === 'postpone' ? <TwoLineCell main={`→ ${r.newStartDate} ~ ${r.newEndDate}`} sub={`${r.oldStartDate} ~ ${r.oldEndDate}`} /> : <Content row={r} />),
      },
      { title: '原因', dataIndex: 'reason', width: 200, ellipsis: true },
      { title: '审核意见', dataIndex: 'opinion', width: 160, ellipsis: true },
      { title: '申请时间', dataIndex: 'createTime', width: 160 },
    ],
    create: approve ? undefined : applyForm(kind),
    detail: {
      title: '申请详情',
      load: (row) => apiGet('/trainInfoExamine/itemDetail', { id: row.id }),
      fields: [
        { name: 'className', label: '培训班', render: (_v, r) => `${r.className}（${r.classCode}）` },
        { name: 'orgName', label: '开班机构' },
        { name: 'statusName', label: '状态', render: (v) => <Tx text={v as string} /> },
        { name: 'changes', label: kind === 'postpone' ? '日期变更' : '更正内容', render: (_v, r) => <Content row={r} /> },
        { name: 'reason', label: '原因' },
        { name: 'opinion', label: '审核意见' },
        { name: 'reviewerName', label: '审核人' },
        { name: 'reviewTime', label: '审核时间' },
      ],
    },
    rowActions: [
      { key: 'review', label: '审核', permission: `${resource}.edit`, visible: (r) => r.actions.some((a) => a.endsWith('Approve')), onClick: (r) => setReviewing(r) },
      {
        key: 'withdraw',
        label: '撤回',
        permission: `${resource}.edit`,
        visible: (r) => r.actions.some((a) => a.endsWith('Withdraw')),
        confirm: '确定撤回这份申请吗？',
        call: { path: '/trainInfoExamine/withdrawItem', body: (r) => ({ id: r.id }), successMessage: '已撤回' },
      },
      { key: 'history', label: '办理历史', onClick: (r) => setHistoryOf(r.id) },
    ],
    emptyText: approve ? '暂无待审核的申请' : '暂无申请，可点击“新增”提出',
  };
  return (
    <>
      <ListScreen<RequestItem> {...props} />
      <ReviewDialog
        open={reviewing !== null}
        title={reviewing ? t('{title}：{name}', { title: t(TITLE[kind].approve), name: reviewing.className }) : ''}
        onClose={() => setReviewing(null)}
        onDone={() => setRefresh((n) => n + 1)}
        onSubmit={(v) => apiPost(REVIEW_PATH[kind], { id: reviewing!.id, result: v.result, opinion: v.opinion })}
        width={680}
        testIdPrefix="request-review"
        summary={
          reviewing && (
            <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('培训班')}>{`${reviewing.className}（${reviewing.classCode}）`}</Descriptions.Item>
              <Descriptions.Item label={t('开班机构')}>{reviewing.orgName}</Descriptions.Item>
              <Descriptions.Item label={t(kind === 'postpone' ? '日期变更' : '更正内容')}>
                {kind === 'postpone' ? (
                  <Content row={reviewing} />
                ) : (
                  <Table
                    size="small"
                    pagination={false}
                    rowKey="field"
                    dataSource={reviewing.changes}
                    columns={[
                      { title: t('项目'), dataIndex: 'label', render: (v: string) => t(v) },
                      { title: t('原值'), dataIndex: 'from', render: (v: unknown) => (v == null ? '—' : String(v)) },
                      { title: t('新值'), dataIndex: 'to', render: (v: unknown) => (v == null ? '—' : String(v)) },
                    ]}
                  />
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('原因')}>{reviewing.reason}</Descriptions.Item>
            </Descriptions>
          )
        }
      />
      <HistoryDialog recordId={historyOf} onClose={() => setHistoryOf(null)} path="/trainInfoExamine/itemHistory" colorOf={(h) => (h.toStatusName === '已驳回' ? 'red' : h.toStatusName === '已通过' ? 'green' : 'blue')} testId="request-history" />
    </>
  );
}

export const PostponeClassApply = () => <RequestScreen kind="postpone" mode="apply" />;
export const PostponeClassApprove = () => <RequestScreen kind="postpone" mode="approve" />;
export const InfoCorrectApply = () => <RequestScreen kind="correct" mode="apply" />;
export const InfoCorrectApprove = () => <RequestScreen kind="correct" mode="approve" />;

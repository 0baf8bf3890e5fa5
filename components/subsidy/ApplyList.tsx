'use client';
// 补贴申请的各个界面，一个可配置组件：培训补贴的申请（SubsidyApply）、市级审批（SubsidyApprove）、二级审批（SubsidyTwoLevelApprove）、
// 查询（SubsidySearch）；生活交通补贴的申请、审批、二级审批；财务审批（SubsidyFinanceApprove）两种补贴都在（共用本市资金账户）。
// 列表来自 /subsidy/listApply（step 决定看哪一段，审批页默认只看待我办理的）；按钮只照服务端给出的行 actions 显示。
// 财务看拨付名单（PaymentListDialog，证件号默认脱敏）；开班机构在财务审批通过之后打印公示海报。
import { useCallback, useState } from 'react';
import { Tag } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import CreateButton from '@/components/list/CreateButton';
import TwoLineCell from '@/components/list/TwoLineCell';
import { HistoryDialog } from '@/components/list/HistoryDialog';
import { formatMoney } from '@/components/list/values';
import { apiDownload } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import { APPLY_STATUS, APPLY_STATUS_COLOR, APPLY_STATUS_LABEL, RESOURCES, SUBSIDY_KIND_LABEL, type SubsidyKind } from '@/lib/domains/subsidy/transitions';
import type { ApplyItem, ApplyStep } from '@/lib/domains/subsidy/schemas';
import { ApplyForm } from './ApplyForm';
import { ApplyReview } from './ApplyReview';
import PaymentListDialog from './PaymentListDialog';

/** 办理历史里标红的动作（与服务端的动作名比较） */
const RED_ACTIONS = /退回|不予|不同意/; // i18n-ignore

/** 市级尚未审批的状态：批准金额还没有 */
const UNDECIDED = new Set<number>([APPLY_STATUS.DRAFT, APPLY_STATUS.CITY_PENDING, APPLY_STATUS.RETURNED]);

const STATUS_OPTIONS = Object.entries(APPLY_STATUS_LABEL).map(([value, label]) => ({ value: Number(value), label }));

const TITLES: Record<SubsidyKind, Partial<Record<ApplyStep, string>>> = {
  train: { apply: '补贴申请', audit: '补贴审批', review: '补贴二级审批', search: '补贴查询' },
  living: { apply: '生活交通补贴申请', audit: '生活交通补贴审批', review: '生活交通补贴二级审批' },
};

const KIND_OPTIONS = Object.entries(SUBSIDY_KIND_LABEL).map(([value, label]) => ({ value, label }));

function resourceOf(kind: SubsidyKind | undefined, step: ApplyStep): string {
  if (step === 'search') return 'subsidySearch';
  if (step === 'finance') return 'subsidyFinance';
  return RESOURCES[kind ?? 'train'][step];
}

/** kind 不给时（财务审批）两种补贴都列，可按种类筛选 */
function ApplyScreen({ kind, step }: { kind?: SubsidyKind; step: ApplyStep }) {
  const t = useT();
  const [refresh, setRefresh] = useState(0);
  const [reviewing, setReviewing] = useState<number | null>(null);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [paymentOf, setPaymentOf] = useState<number | null>(null);
  const closePayment = useCallback(() => setPaymentOf(null), []);
  const [form, setForm] = useState<{ open: boolean; editing: { id: number; classId: number } | null }>({ open: false, editing: null });
  const resource = resourceOf(kind, step);
  const approving = step === 'audit' || step === 'review' || step === 'finance';
  const has = (r: ApplyItem, a: string) => r.actions.includes(a as never);
  const reload = () => setRefresh((n) => n + 1);
  return (
    <>
      <ListScreen<ApplyItem>
        title={kind ? (TITLES[kind][step] ?? '') : '财务审批'}
        resource={resource}
        rowKey="id"
        testId={kind ? `subsidy-${kind}-${step}` : `subsidy-${step}`}
        refreshKey={refresh}
        list={{ path: '/subsidy/listApply', params: kind ? { kind, step } : { step } }}
        filters={[
          ...(approving ? [{ name: 'pendingOnly', label: '范围', type: 'select' as const, options: [{ value: 'true', label: '待我办理' }, { value: 'false', label: '全部' }], initialValue: 'true' }] : []),
          ...(kind ? [] : [{ name: 'kind', label: '补贴种类', type: 'select' as const, options: KIND_OPTIONS }]),
          { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
          { name: 'code', label: '申请编号' },
          { name: 'className', label: '班级名称' },
          ...(step === 'apply' ? [] : [{ name: 'orgName', label: '机构名称' }]),
          { name: 'year', label: '年度', type: 'number' },
        ]}
        columns={[
          { title: '申请编号', dataIndex: 'code', width: 150 },
          ...(kind ? [] : [{ title: '补贴种类', dataIndex: 'kind', width: 120, render: (v: SubsidyKind) => t(SUBSIDY_KIND_LABEL[v]) }]),
          { title: '培训班', dataIndex: 'className', width: 240, render: (_v, r) => <TwoLineCell main={r.className} sub={`${r.classCode} · ${r.orgName}`} /> },
          { title: '状态', dataIndex: 'statusName', width: 120, render: (v: string, r) => <Tag color={APPLY_STATUS_COLOR[r.status]}>{t(v)}</Tag> },
          { title: '人数', dataIndex: 'studentCount', width: 70 },
          { title: '申请金额（元）', dataIndex: 'claimedAmount', width: 120, format: 'money' },
          // 市级还没批的申请没有批准金额（显示 —，不是 0.00）
          { title: '批准金额（元）', dataIndex: 'approvedAmount', width: 120, align: 'right', render: (v: number, r) => (UNDECIDED.has(r.status) ? '—' : formatMoney(v)) },
          {
            // 不给宽度：按“n 人有问题”标签（含译文）的长度定宽，标签不被裁掉
            title: '核查',
            dataIndex: 'flaggedCount',
            render: (v: number, r) => (v === 0 ? <Tag color="success">{t('无问题')}</Tag> : <Tag color={r.blockedCount ? 'error' : 'warning'}>{t('{n} 人有问题', { n: v })}</Tag>),
          },
          { title: '意见', dataIndex: 'lastOpinion', ellipsis: true },
        ]}
        exporter={{ path: '/subsidy/exportApply' }}
        toolbarExtra={
          step === 'apply'
            ? () => (
                <CreateButton label={t('新建申请')} onClick={() => setForm({ open: true, editing: null })} testId="subsidy-new" />
              )
            : undefined
        }
        rowActions={[
          { key: 'handle', label: '办理', visible: (r) => r.actions.some((a) => a !== 'edit' && a !== 'delete'), onClick: (r) => setReviewing(r.id) },
          { key: 'view', label: '查看', visible: (r) => !r.actions.some((a) => a !== 'edit' && a !== 'delete'), onClick: (r) => setReviewing(r.id) },
          { key: 'edit', label: '修改', visible: (r) => has(r, 'edit'), onClick: (r) => setForm({ open: true, editing: { id: r.id, classId: r.classId } }) },
          {
            key: 'delete',
            label: '删除',
            danger: true,
            visible: (r) => has(r, 'delete'),
            confirm: '确定删除这份草稿吗？',
            call: { path: '/subsidy/deleteApply', body: (r) => ({ id: r.id }), successMessage: '已删除' },
          },
          {
            key: 'payment',
            label: '拨付名单',
            permission: ['subsidyFinance.get', 'subsidyFinance.export'],
            visible: (r) => has(r, 'payment'),
            onClick: (r) => setPaymentOf(r.id),
          },
          {
            // 公示海报（A4 PDF）：服务端在行上给出 poster 时才有（开班机构，财务审批通过之后）
            key: 'poster',
            label: '公示海报',
            visible: (r) => has(r, 'poster'),
            onClick: (r) => void apiDownload('/subsidy/classSubsidyPoster', undefined, { method: 'GET', query: { id: r.id } }).catch(() => undefined),
          },
          { key: 'history', label: '办理历史', onClick: (r) => setHistoryOf(r.id) },
        ]}
        emptyText={approving ? '暂无待办理的补贴申请' : '暂无补贴申请'}
      />
      {paymentOf !== null && <PaymentListDialog id={paymentOf} onClose={closePayment} />}
      <ApplyReview key={reviewing ?? 0} id={reviewing} onClose={() => setReviewing(null)} onDone={reload} />
      {form.open && kind && <ApplyForm key={form.editing?.id ?? 'new'} kind={kind} open editing={form.editing} onClose={() => setForm({ open: false, editing: null })} onDone={reload} />}
      <HistoryDialog recordId={historyOf} onClose={() => setHistoryOf(null)} path="/subsidy/applyHistory" colorOf={(e) => (RED_ACTIONS.test(e.actionName) ? 'red' : 'blue')} testId="subsidy-history" />
    </>
  );
}

export const SubsidyApply = () => <ApplyScreen kind="train" step="apply" />;
export const SubsidyApprove = () => <ApplyScreen kind="train" step="audit" />;
export const SubsidyTwoLevelApprove = () => <ApplyScreen kind="train" step="review" />;
export const SubsidyFinanceApprove = () => <ApplyScreen step="finance" />;
export const SubsidySearch = () => <ApplyScreen kind="train" step="search" />;
export const LivingSubsidyApply = () => <ApplyScreen kind="living" step="apply" />;
export const LivingSubsidyApprove = () => <ApplyScreen kind="living" step="audit" />;
export const LivingSubsidyTwoLevelApprove = () => <ApplyScreen kind="living" step="review" />;

'use client';
// 四类考试计划的列表（一个可配置组件，四处登记）：头部按步骤的页签与计数、十格进度条、筛选、制定/修改（工种取自本机构备案）、
// 提交、申请审核、进入下一步、撤回申请、取消（填原因）、删除、详情与办理历史。按钮只照服务端给出的行 actions 显示。
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import dynamic from 'next/dynamic';
import { Badge, Tabs } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import type { ListScreenProps } from '@/components/list/types';
import { apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import { kindResource, PLAN_KINDS, PLAN_STATE } from '@/lib/domains/exaPlan/transitions';
import type { PlanItem } from '@/lib/domains/exaPlan/schemas';
import { VIEW_PERMISSIONS as RECORDING_VIEW } from '@/lib/domains/recording/constants';
import { PlanHistoryDialog, PlanName, planDetail, planForm, STATE_OPTIONS, StepProgress } from './shared';

/** 录像列表与录制（components/recording）：点“录像”时才加载 */
const RecordingListDialog = dynamic(() => import('@/components/recording/RecordingListDialog'), { ssr: false });

interface Head {
  total: number;
  cancelled: number;
  steps: { step: number; name: string; count: number }[];
}

/** 页签：全部、第 0–9 步、已取消 */
type TabKey = 'all' | 'cancelled' | `${number}`;

const tabParams = (tab: TabKey): { step?: number; state?: number } => (tab === 'all' ? {} : tab === 'cancelled' ? { state: PLAN_STATE.CANCELLED } : { step: Number(tab) });

export function ExaPlanList({ kind }: { kind: 0 | 1 | 2 | 3 }) {
  const t = useT();
  const resource = kindResource(kind);
  const kindName = t(PLAN_KINDS[kind]);
  const [tab, setTab] = useState<TabKey>('all');
  const [head, setHead] = useState<Head | null>(null);
  const [version, setVersion] = useState(0);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [recordingOf, setRecordingOf] = useState<PlanItem | null>(null);
  // 铃铛消息链接带 ?code=：打开即按该计划编号筛选
  const code = useSearchParams().get('code') ?? undefined;
  // 头部计数用列表这次查询的筛选条件（名称、编号、办理状态、考试日期）：每个页签的数等于点开它时列表的总数
  const [headFilter, setHeadFilter] = useState('{}');
  const reloadHead = useCallback((filters: Record<string, unknown>) => {
    setHeadFilter(JSON.stringify(filters));
    setVersion((n) => n + 1);
  }, []);

  useEffect(() => {
    let alive = true;
    apiPost('/exaPlan/selPlanHead', { ...JSON.parse(headFilter), kind }, { silent: true }).then(
      (d) => alive && setHead(d),
      () => alive && setHead(null),
    );
    return () => {
      alive = false;
    };
  }, [kind, version, headFilter]);

  const params = useMemo(() => ({ kind, ...tabParams(tab) }), [kind, tab]);
  const count = (n: number | undefined) => <Badge count={n ?? 0} showZero color={n ? '#1677ff' : '#d9d9d9'} size="small" style={{ marginLeft: 4 }} />;
  const tabs = [
    { key: 'all', label: <span>{t('全部')}{count(head?.total)}</span> },
    ...(head?.steps ?? []).map((s) => ({ key: String(s.step), label: <span>{t(s.name)}{count(s.count)}</span> })),
    { key: 'cancelled', label: <span>{t('已取消')}{count(head?.cancelled)}</span> },
  ];

  const props: ListScreenProps<PlanItem> = {
    title: t('{kind}考试计划', { kind: kindName }),
    resource,
    rowKey: 'id',
    testId: 'plan-list',
    list: { path: '/exaPlan/listExaPlan', params },
    // 列表每次查询后（含提交、推进、取消等操作之后）头部计数随之刷新
    onLoaded: reloadHead,
    filters: [
      { name: 'name', label: '计划名称' },
      { name: 'code', label: '计划编号', initialValue: code },
      { name: 'state', label: '办理状态', type: 'select', options: STATE_OPTIONS },
      { name: 'date', label: '考试日期', type: 'dateRange' },
    ],
    columns: [
      // 编号与机构写在名称下面一行（1366 宽下单独一列放不下整个编号）；进度紧跟名称，不会落在固定的操作列下面
      { title: '计划名称', dataIndex: 'name', width: 280, render: (_v, r) => <PlanName row={r} /> },
      { title: '进度', dataIndex: 'progress', width: 170, render: (_v, r) => <StepProgress row={r} /> },
      { title: '工种与等级', dataIndex: 'workSummary', ellipsis: true },
      { title: '考试日期', dataIndex: 'examStartDate', width: 110 },
      { title: '计划人数', dataIndex: 'expectedCount', width: 90 },
    ],
    create: planForm(kind, t('制定{kind}考试计划', { kind: kindName })),
    detail: planDetail,
    rowActions: [
      { key: 'edit', label: '编辑', permission: `${resource}.edit`, visible: (r) => r.actions.includes('edit'), form: planForm(kind, t('修改{kind}考试计划', { kind: kindName })) },
      {
        key: 'submit',
        label: '提交审核',
        permission: `${resource}.edit`,
        visible: (r) => r.actions.includes('submit'),
        confirm: (r, tr) => tr('确定提交考试计划 {code} 吗？提交后不能修改。', { code: r.code }),
        call: { path: '/exaPlan/submitExaPlan', body: (r) => ({ id: r.id }), successMessage: '已提交，等待市级审核' },
      },
      {
        key: 'applyAudit',
        label: '申请审核',
        permission: `${resource}.edit`,
        visible: (r) => r.actions.includes('applyAudit'),
        form: {
          title: '申请审核',
          submit: { path: '/exaPlan/auditingApply' },
          fields: [{ name: 'opinion', label: '说明', type: 'textarea' }],
          load: () => ({}),
          body: (v, r) => ({ id: r!.id, opinion: v.opinion }),
          successMessage: '已申请审核，等待市级审核',
        },
      },
      {
        key: 'advance',
        label: '进入下一步',
        permission: `${resource}.edit`,
        visible: (r) => r.actions.includes('advance'),
        confirm: (r, tr) => tr('确定完成「{step}」并进入下一步吗？', { step: tr(r.stepName) }),
        call: { path: '/exaPlan/nextStep', body: (r) => ({ id: r.id }), successMessage: '已进入下一步' },
      },
      {
        key: 'cancelAudit',
        label: '撤回申请',
        permission: `${resource}.edit`,
        visible: (r) => r.actions.includes('cancelAudit'),
        confirm: '确定撤回审核申请吗？',
        call: { path: '/exaPlanAudit/cancellAudit', body: (r) => ({ id: r.id }), successMessage: '已撤回' },
      },
      { key: 'history', label: '办理历史', onClick: (r) => setHistoryOf(r.id) },
      { key: 'recording', label: '录像', permission: RECORDING_VIEW, onClick: (r) => setRecordingOf(r) },
      {
        key: 'cancel',
        label: '取消计划',
        danger: true,
        permission: `${resource}.edit`,
        visible: (r) => r.actions.includes('cancel'),
        form: {
          title: '取消考试计划',
          submit: { path: '/exaPlan/cancel' },
          fields: [{ name: 'opinion', label: '取消原因', type: 'textarea', required: true }],
          load: () => ({}),
          body: (v, r) => ({ id: r!.id, opinion: v.opinion }),
          successMessage: '计划已取消',
        },
      },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        permission: `${resource}.delete`,
        visible: (r) => r.actions.includes('delete'),
        confirm: (r, tr) => tr('确定删除考试计划 {code} 吗？', { code: r.code }),
        call: { path: '/exaPlan/delete', body: (r) => ({ id: r.id }), successMessage: '已删除' },
      },
    ],
    emptyText: t('暂无{kind}考试计划', { kind: kindName }),
  };
  return (
    <>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as TabKey)} items={tabs} size="small" data-testid="plan-step-tabs" style={{ marginBottom: 4 }} />
      {/* 编号变了（从铃铛再次进入）就重建列表，让筛选取新的初始值 */}
      <ListScreen key={code ?? ''} {...props} />
      <PlanHistoryDialog planId={historyOf} onClose={() => setHistoryOf(null)} />
      {recordingOf && <RecordingListDialog open planCode={recordingOf.code} name={recordingOf.name} onClose={() => setRecordingOf(null)} />}
    </>
  );
}

'use client';
// 计划审核：范围内的四类考试计划（默认只看待我审核的）；审核弹窗（计划概要、年度评价计划提示、通过或驳回 + 意见），
// 退回上一步（须填意见）、详情与办理历史。“审核”“退回”只在当前用户此刻能办理的行上显示（行上的 actions）。
import { useState } from 'react';
import { Descriptions } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import { ReviewDialog } from '@/components/list/ReviewDialog';
import { apiPost } from '@/components/api-client';
import { Tx, useT } from '@/lib/i18n/client';
import { PLAN_KINDS } from '@/lib/domains/exaPlan/transitions';
import type { PlanItem } from '@/lib/domains/exaPlan/schemas';
import { OfficialWarning, PlanHistoryDialog, PlanName, planDetail, STATE_OPTIONS, STEP_OPTIONS, StepProgress } from './shared';

const REVIEW_ACTIONS = ['cityPass', 'cityReject', 'provincePass', 'provinceReject'];

export default function ExaPlanAudit() {
  const t = useT();
  const [reviewing, setReviewing] = useState<PlanItem | null>(null);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [refresh, setRefresh] = useState(0);
  return (
    <>
      <ListScreen<PlanItem>
        title="计划审核"
        resource="exaPlanAudit"
        rowKey="id"
        testId="plan-audit-list"
        refreshKey={refresh}
        list={{ path: '/exaPlan/listExaPlan' }}
        filters={[
          { name: 'pendingOnly', label: '范围', type: 'select', options: [{ value: 'true', label: '待我审核' }, { value: 'false', label: '全部' }], initialValue: 'true' },
          { name: 'kind', label: '计划类型', type: 'select', options: PLAN_KINDS.map((label, value) => ({ label, value })) },
          { name: 'step', label: '步骤', type: 'select', options: STEP_OPTIONS },
          { name: 'state', label: '办理状态', type: 'select', options: STATE_OPTIONS },
          { name: 'orgName', label: '机构名称' },
          { name: 'code', label: '计划编号' },
        ]}
        columns={[
          // 编号与机构在名称下一行，进度紧跟名称（同考试计划列表）
          { title: '计划名称', dataIndex: 'name', width: 280, render: (_v, r) => <PlanName row={r} /> },
          { title: '进度', dataIndex: 'progress', width: 170, render: (_v, r) => <StepProgress row={r} /> },
          { title: '计划类型', dataIndex: 'kindName', width: 120, render: (v: string) => <Tx text={v} /> },
          { title: '所在市', dataIndex: 'cityName', width: 90 },
          { title: '考试日期', dataIndex: 'examStartDate', width: 110 },
          { title: '提示', dataIndex: 'officialPlanWarning', width: 90, render: (v: string | null) => (v ? <span title={v} style={{ color: 'var(--ant-color-warning)' }}><Tx text="不在年度计划" /></span> : '—') },
        ]}
        detail={planDetail}
        rowActions={[
          { key: 'review', label: '审核', permission: 'exaPlanAudit.edit', visible: (r) => r.actions.some((a) => REVIEW_ACTIONS.includes(a)), onClick: (r) => setReviewing(r) },
          {
            key: 'rollback',
            label: '退回上一步',
            danger: true,
            permission: 'exaPlanAudit.edit',
            visible: (r) => r.actions.includes('rollback'),
            form: {
              title: '退回上一步',
              submit: { path: '/exaPlanAudit/rollbackAudit' },
              fields: [{ name: 'opinion', label: '退回意见', type: 'textarea', required: true }],
              load: () => ({}),
              body: (v, r) => ({ id: r!.id, opinion: v.opinion }),
              successMessage: '已退回上一步',
            },
          },
          { key: 'history', label: '办理历史', onClick: (r) => setHistoryOf(r.id) },
        ]}
        emptyText="暂无待审核的考试计划"
      />
      <ReviewDialog
        open={reviewing !== null}
        title={reviewing ? t('审核考试计划：{name}', { name: reviewing.name }) : ''}
        onClose={() => setReviewing(null)}
        onDone={() => setRefresh((n) => n + 1)}
        onSubmit={(v) => apiPost('/exaPlanAudit/auditExaPlan', { id: reviewing!.id, result: v.result, opinion: v.opinion })}
        width={720}
        testIdPrefix="plan-review"
        summary={
          reviewing && (
            <>
              <OfficialWarning text={reviewing.officialPlanWarning} />
              <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }} data-testid="plan-review-summary">
                <Descriptions.Item label={t('计划编号')}>{reviewing.code}</Descriptions.Item>
                <Descriptions.Item label={t('计划类型')}>{t(reviewing.kindName)}</Descriptions.Item>
                <Descriptions.Item label={t('评价机构')} span={2}>
                  {reviewing.orgName}
                </Descriptions.Item>
                <Descriptions.Item label={t('当前步骤')} span={2}>
                  {t(reviewing.positionName)}
                </Descriptions.Item>
                <Descriptions.Item label={t('工种与等级')} span={2}>
                  {reviewing.workSummary}
                </Descriptions.Item>
                <Descriptions.Item label={t('考试日期')}>{`${reviewing.examStartDate} ~ ${reviewing.examEndDate}`}</Descriptions.Item>
                <Descriptions.Item label={t('计划人数')}>{reviewing.expectedCount}</Descriptions.Item>
                {reviewing.lastOpinion ? (
                  <Descriptions.Item label={t('最近意见')} span={2}>
                    {reviewing.lastOpinion}
                  </Descriptions.Item>
                ) : null}
              </Descriptions>
            </>
          )
        }
      />
      <PlanHistoryDialog planId={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}

'use client';
// 评价 › 年度任务 › 年度任务完成情况（YearTaskProgress）：某年度各市一行（展开看分解到的县区），培训人数、取证人数与补贴资金的
// 目标、完成数与进度条。完成数由服务端从培训班（结业学员）、证书与财务审批通过的补贴申请算出（/yearTask/progress）。
import { Progress } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import { useT } from '@/lib/i18n/client';
import type { ProgressRow } from '@/lib/domains/subsidy/targets';

function Bar({ actual, target, rate }: { actual: number | null; target: number; rate: number | null }) {
  const t = useT();
  if (actual === null || rate === null) return <span>{t('不统计')}</span>;
  return (
    <div title={`${actual} / ${target}`}>
      {/* 进度条的名称是“完成数 / 目标”（读屏）；下方的数字用次要文字色（达 4.5:1） */}
      <Progress percent={Math.min(rate, 100)} size="small" format={() => `${rate}%`} status={rate >= 100 ? 'success' : 'active'} aria-label={`${actual} / ${target}`} />
      <span style={{ fontSize: 12, color: 'var(--ant-color-text-tertiary)' }}>{`${actual} / ${target}`}</span>
    </div>
  );
}

export default function YearTaskProgress() {
  return (
    <ListScreen<ProgressRow>
      title="年度任务完成情况"
      resource="yearTaskProgress"
      rowKey="key"
      testId="year-task-progress"
      list={{ path: '/yearTask/progress' }}
      filters={[{ name: 'year', label: '年度', type: 'number', placeholder: '不填为今年' }]}
      columns={[
        { title: '市 / 县区', dataIndex: 'name', width: 200 },
        { title: '培训人数', dataIndex: 'trainedRate', width: 220, render: (_v, r) => <Bar actual={r.actualTrained} target={r.trained} rate={r.trainedRate} /> },
        { title: '取证人数', dataIndex: 'certifiedRate', width: 220, render: (_v, r) => <Bar actual={r.actualCertified} target={r.certified} rate={r.certifiedRate} /> },
        { title: '补贴资金（元）', dataIndex: 'subsidyRate', width: 240, render: (_v, r) => <Bar actual={r.actualSubsidy} target={r.budget} rate={r.subsidyRate} /> },
      ]}
      exporter={{ path: '/yearTask/exportProgress' }}
      emptyText="该年度还没有下达年度任务"
    />
  );
}

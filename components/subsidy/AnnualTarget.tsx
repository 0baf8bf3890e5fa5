'use client';
// 补贴管理 › 补贴标准 › 年度目标任务（AnnualTarget）与评价 › 年度任务 › 年度任务下达（YearTaskIssue）：同一份界面、各按各的资源权限。
// 省级给各市下达培训人数、取证人数与补贴资金，市级分解到本市县区（表单里以区划树选市或县区）；
// 完成情况由实际数据算出，以进度条显示。新建的目标是草稿，“下达”之后下级才看得到；按钮只照服务端给出的行 actions 显示。
import { Progress, Tag } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import TwoLineCell from '@/components/list/TwoLineCell';
import type { FormSpec } from '@/components/list/types';
import { regionPath } from '@/components/list/values';
import { useT } from '@/lib/i18n/client';
import type { TargetItem } from '@/lib/domains/subsidy/targets';
import { TARGET_STATUS_COLOR } from '@/lib/domains/subsidy/target-transitions';

function Bar({ actual, target }: { actual: number | null; target: number }) {
  const t = useT();
  if (actual === null) return <span>{t('不统计')}</span>;
  const percent = target > 0 ? Math.round((actual * 100) / target) : 0;
  return (
    <div title={`${actual} / ${target}`}>
      {/* 进度条的名称是“完成数 / 目标”（读屏）；下方的数字用次要文字色（达 4.5:1） */}
      <Progress percent={Math.min(percent, 100)} size="small" format={() => `${percent}%`} status={percent >= 100 ? 'success' : 'active'} aria-label={`${actual} / ${target}`} />
      <span style={{ fontSize: 12, color: 'var(--ant-color-text-tertiary)' }}>{`${actual} / ${target}`}</span>
    </div>
  );
}

const form = (title: string): FormSpec<TargetItem> => ({
  title,
  submit: { path: '/annualTarget/save' },
  fields: [
    { name: 'year', label: '年度', type: 'number', required: true, span: 12 },
    { name: 'region', label: '下达到（省级选市，市级选本市的县区）', type: 'region', required: true, span: 24 },
    { name: 'trained', label: '培训人数', type: 'number', required: true, span: 12 },
    { name: 'certified', label: '取证人数', type: 'number', required: true, span: 12 },
    { name: 'budget', label: '补贴资金（元）', type: 'number', required: true, span: 12 },
    { name: 'remark', label: '备注', type: 'textarea' },
  ],
  load: (r) => ({ ...r, region: [130000, r.cityId, r.countyId] }),
  // 表单把区划交成最具体的一级代码（valuesToParams），这里还原成 [省, 市, 县区] 再分开
  body: ({ region, ...v }, r) => {
    const [, cityId, countyId] = regionPath(region) ?? [0, null, null];
    return { ...v, id: r?.id, cityId: cityId ?? undefined, countyId: countyId ?? undefined };
  },
});

const opinionForm = (title: string): FormSpec<TargetItem> => ({
  title,
  submit: { path: '/annualTarget/updateStatus' },
  fields: [{ name: 'opinion', label: '撤回原因', type: 'textarea' }],
  body: (v, r) => ({ id: r?.id, action: 'recall', opinion: v.opinion ?? null }),
  successMessage: '已撤回',
});

function TargetScreen({ resource, title }: { resource: 'annualTarget' | 'yearTaskIssue'; title: string }) {
  const t = useT();
  return (
    <ListScreen<TargetItem>
      title={title}
      resource={resource}
      rowKey="id"
      testId={resource === 'annualTarget' ? 'annual-target-list' : 'year-task-issue'}
      list={{ path: '/annualTarget/list' }}
      exporter={{ path: '/annualTarget/export' }}
      filters={[{ name: 'year', label: '年度', type: 'number' }]}
      columns={[
        { title: '范围', dataIndex: 'cityName', width: 180, render: (_v, r) => <TwoLineCell main={r.countyName ?? r.cityName} sub={`${r.year}`} /> },
        { title: '培训人数', dataIndex: 'trained', width: 200, render: (_v, r) => <Bar actual={r.actualTrained} target={r.trained} /> },
        { title: '取证人数', dataIndex: 'certified', width: 200, render: (_v, r) => <Bar actual={r.actualCertified} target={r.certified} /> },
        { title: '补贴资金（元）', dataIndex: 'budget', width: 220, render: (_v, r) => <Bar actual={r.actualSubsidy} target={r.budget} /> },
        { title: '状态', dataIndex: 'statusName', width: 90, render: (v: string, r) => <Tag color={TARGET_STATUS_COLOR[r.status]}>{t(v)}</Tag> },
        { title: '备注', dataIndex: 'remark', ellipsis: true },
      ]}
      create={form('新建年度目标（草稿）')}
      rowActions={[
        {
          key: 'issue',
          label: '下达',
          visible: (r) => r.actions.includes('issue'),
          confirm: '下达后下级即可看到并据以分解，确定下达吗？',
          call: { path: '/annualTarget/updateStatus', body: (r) => ({ id: r.id, action: 'issue' }), successMessage: '已下达' },
        },
        { key: 'recall', label: '撤回下达', visible: (r) => r.actions.includes('recall'), form: opinionForm('撤回下达') },
        { key: 'edit', label: '修改', permission: `${resource}.edit`, visible: (r) => r.actions.includes('edit'), form: form('修改年度目标') },
        {
          key: 'delete',
          label: '删除',
          danger: true,
          permission: `${resource}.delete`,
          visible: (r) => r.actions.includes('delete'),
          confirm: '确定删除这条年度目标吗？',
          call: { path: '/annualTarget/delete', body: (r) => ({ ids: [r.id] }), successMessage: '已删除' },
        },
      ]}
      emptyText="暂无年度目标"
    />
  );
}

export default function AnnualTarget() {
  return <TargetScreen resource="annualTarget" title="年度目标任务" />;
}

export function YearTaskIssue() {
  return <TargetScreen resource="yearTaskIssue" title="年度任务下达" />;
}

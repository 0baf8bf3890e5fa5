'use client';
// 首页 › 分析页（菜单组件 Analysis）：十个计数、四类计划 1–12 月趋势、账号信息、累计与近七天、待我审核的备案与计划。
// 数都来自 /home/* 接口（按当前用户的数据范围）；缺的值显示 0。审核表的每行打开对应的审核页。
import { useEffect, useState } from 'react';
import Link from 'next/link';
import { Card, Col, DatePicker, Descriptions, Empty, Row, Space, Statistic, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { apiPost } from '@/components/api-client';
import { useShell } from '@/components/shell/ShellContext';
import { displayName } from '@/components/shell/types';
import { useT } from '@/lib/i18n/client';
import type { FilingReviewRow, HomePageData, PlanReviewRow, TrendData } from '@/lib/domains/dashboard/schemas';
import TrendChart from './TrendChart';

const COUNTERS: { key: keyof HomePageData; label: string }[] = [
  { key: 'openingPlanAmount', label: '开考计划' },
  { key: 'recordedBusinessAmount', label: '备案业务' },
  { key: 'assessorsAmount', label: '考评员' },
  { key: 'skillLevelInstitutionsAmount', label: '技能等级认定机构' },
  { key: 'institutionsSpecialCapacityAmount', label: '专项能力机构' },
  { key: 'professionalQualificationAppraisalInstitutionAmount', label: '职业资格鉴定机构' },
  { key: 'organWorkExamination', label: '机关工勤考核机构' },
  { key: 'completedEvaluationsAmount', label: '完成评价' },
  { key: 'cumulativeEvaluationCertifiedAmount', label: '完成发证的评价' },
  { key: 'supervisorsAmount', label: '督导员' },
];

export const TREND_SERIES: { key: Exclude<keyof TrendData, 'year'>; label: string; color: string }[] = [
  { key: 'professionalQualificationAmounts', label: '职业资格', color: '#1677ff' },
  { key: 'skillLevelAmounts', label: '技能等级认定', color: '#52c41a' },
  { key: 'specialAbilityAmounts', label: '专项能力', color: '#fa8c16' },
  { key: 'organWorkExaminationAmounts', label: '机关工勤', color: '#722ed1' },
];

const FILING_AUDIT_PATH = '/evaluation/filing/audit';
const PLAN_AUDIT_PATH = '/evaluation/plan/audit';
const n = (v: unknown) => (typeof v === 'number' ? v : 0);

export default function Analysis() {
  const t = useT();
  const { data: shell } = useShell();
  const [home, setHome] = useState<HomePageData | null>(null);
  const [year, setYear] = useState(dayjs().year());
  const [trend, setTrend] = useState<TrendData | null>(null);
  const [filings, setFilings] = useState<FilingReviewRow[]>([]);
  const [plans, setPlans] = useState<PlanReviewRow[]>([]);

  useEffect(() => {
    apiPost('/home/listHomePageData').then(setHome, () => undefined);
    apiPost('/home/listFilingReview').then((r) => setFilings(r.data ?? []), () => undefined);
    apiPost('/home/listPlanReview').then((r) => setPlans(r.data ?? []), () => undefined);
  }, []);
  useEffect(() => {
    apiPost('/home/listChangeTrendData', { year }).then(setTrend, () => undefined);
  }, [year]);

  const months = Array.from({ length: 12 }, (_, i) => t('{month}月', { month: i + 1 }));
  const user = shell.user;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="analysis">
      <Row gutter={[16, 16]}>
        {COUNTERS.map((c) => (
          <Col key={c.key} xs={12} md={8} xl={{ flex: '20%' }}>
            <Card size="small" data-testid={`counter-${c.key}`}>
              <Statistic title={t(c.label)} value={n(home?.[c.key])} loading={!home} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={16}>
        <Col xs={24} xl={16}>
          <Card
            title={t('计划数量变化趋势')}
            extra={<DatePicker picker="year" allowClear={false} value={dayjs(`${year}-01-01`)} onChange={(d) => d && setYear(d.year())} aria-label={t('年度')} />}
          >
            <TrendChart
              labels={months}
              ariaLabel={t('计划数量变化趋势')}
              series={TREND_SERIES.map((s) => ({ key: s.key, label: t(s.label), color: s.color, values: (trend?.[s.key] ?? []).map((p) => p.amount) }))}
            />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Card size="small" title={t('账号信息')}>
              <Descriptions size="small" column={1}>
                <Descriptions.Item label={t('账号')}>{user.account}</Descriptions.Item>
                <Descriptions.Item label={t('姓名')}>{displayName(user)}</Descriptions.Item>
                <Descriptions.Item label={t('单位')}>{user.orgName ?? '-'}</Descriptions.Item>
              </Descriptions>
            </Card>
            <Card size="small" title={t('累计')}>
              <Descriptions size="small" column={3} layout="vertical" data-testid="totals">
                <Descriptions.Item label={t('开考计划')}>{n(home?.openingPlanAmount)}</Descriptions.Item>
                <Descriptions.Item label={t('报名人数')}>{n(home?.enrollmentAmount)}</Descriptions.Item>
                <Descriptions.Item label={t('取证人数')}>{n(home?.forensicsAmount)}</Descriptions.Item>
              </Descriptions>
            </Card>
            <Card size="small" title={t('近七天')} extra={<Typography.Text type="secondary">{home ? `${home.sevenDay} ~ ${home.today}` : ''}</Typography.Text>}>
              <Descriptions size="small" column={3} layout="vertical" data-testid="seven-days">
                <Descriptions.Item label={t('新建计划')}>{n(home?.plannedBySevenDays)}</Descriptions.Item>
                <Descriptions.Item label={t('报名人数')}>{n(home?.enrollmentAmountBySevenDays)}</Descriptions.Item>
                <Descriptions.Item label={t('取证人数')}>{n(home?.forensicsAmountBySevenDays)}</Descriptions.Item>
              </Descriptions>
            </Card>
          </Space>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} xl={12}>
          <Card title={t('备案审核')} size="small">
            <Table<FilingReviewRow>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={filings}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('暂无待审核的备案')} /> }}
              columns={[
                { title: t('序号'), width: 60, render: (_v, _r, i) => i + 1 },
                { title: t('名称'), dataIndex: 'orgName', render: (v: string, r) => <Link href={`${FILING_AUDIT_PATH}?code=${encodeURIComponent(r.bizCode)}`}>{v}</Link> },
                { title: t('业务类型'), dataIndex: 'fillingTypeName', render: (v: string) => t(v) },
                { title: t('日期'), dataIndex: 'createTime', width: 110, render: (v: string) => v.slice(0, 10) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('计划审核')} size="small">
            <Table<PlanReviewRow>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={plans}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('暂无待审核的计划')} /> }}
              columns={[
                { title: t('序号'), width: 60, render: (_v, _r, i) => i + 1 },
                { title: t('名称'), dataIndex: 'planName', render: (v: string, r) => <Link href={`${PLAN_AUDIT_PATH}?code=${encodeURIComponent(r.bizCode)}`}>{v}</Link> },
                { title: t('业务类型'), dataIndex: 'planTypeName', width: 130, render: (v: string) => t(v) },
                { title: t('日期'), dataIndex: 'createTime', width: 110, render: (v: string) => v.slice(0, 10) },
                // 流程节点为“环节 · 状态”，两段各按原文查译文
                { title: t('流程节点'), dataIndex: 'planStepName', render: (v: string) => v.split(' · ').map((part) => t(part)).join(' · ') },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}

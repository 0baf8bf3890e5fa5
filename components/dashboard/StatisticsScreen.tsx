'use client';
// 统计页的共用界面：筛选（年度、地市、类别、工种、机构，用列表框架的 FilterBar）、带合计行的表格、按第一个数字列画的横条图（recharts）、
// 以当前筛选导出 Excel（与表格相同的行与合计，权限 resource.export）。列取自 lib/domains/dashboard/columns.ts，与导出共用。
import { useEffect, useState } from 'react';
import { Button, Card, Space, Table, Tabs } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { apiDownload, type Query, callConfigured } from '@/components/api-client';
import FilterBar from '@/components/list/FilterBar';
import type { FieldSpec } from '@/components/list/types';
import { valuesToParams } from '@/components/list/values';
import { useCan } from '@/components/shell/ShellContext';
import { useT } from '@/lib/i18n/client';
import { STAT_SPECS, type StatKey } from '@/lib/domains/dashboard/columns';
import type { StatTable } from '@/lib/domains/dashboard/schemas';
import type { GetPath } from '@/components/api-contract';
import { Bar, BarChart as RBarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, niceTicks } from './chart-ticks';
import { useHydrated } from './use-hydrated';

type Row = Record<string, string | number | null>;

const thisYear = new Date().getFullYear();
const YEARS = Array.from({ length: 8 }, (_, i) => ({ label: String(thisYear - i), value: thisYear - i }));
export const KIND_OPTIONS = [
  { label: '技能等级认定', value: 0 },
  { label: '职业资格', value: 1 },
  { label: '专项能力', value: 2 },
  { label: '机关工勤', value: 3 },
];

const F = {
  year: { name: 'year', label: '年度', type: 'select', options: YEARS } as FieldSpec,
  city: { name: 'cityId', label: '地市', type: 'select', optionsFrom: { path: '/statistics/cityOptions', method: 'GET', labelKey: 'label', valueKey: 'value' } } as FieldSpec,
  kind: { name: 'kind', label: '类别', type: 'select', options: KIND_OPTIONS } as FieldSpec,
  work: { name: 'workCode', label: '工种编码', type: 'text' } as FieldSpec,
  org: { name: 'orgId', label: '机构', type: 'select', optionsFrom: { path: '/statistics/orgOptions', method: 'GET', labelKey: 'label', valueKey: 'value' } } as FieldSpec,
  // 流程数据页：工种与机构取自范围内的考试计划
  planWork: { name: 'workCode', label: '工种', type: 'select', optionsFrom: { path: '/statistics/processDataJobNameList', method: 'GET', labelKey: 'label', valueKey: 'value' } } as FieldSpec,
  planOrg: { name: 'orgId', label: '机构', type: 'select', optionsFrom: { path: '/statistics/processDataObjectList', method: 'GET', labelKey: 'label', valueKey: 'value' } } as FieldSpec,
};
export type FilterName = keyof typeof F;

export interface StatView {
  key: StatKey;
  list: GetPath;
  exporter: GetPath;
  filters: readonly FilterName[];
}

/** 横条图每行的高度与最多画的行数 */
const BAR_ROW_PX = 28;
const BAR_MAX_ROWS = 30;

/** 按第一个数字列画的横条图（recharts）：数轴是整数刻度（chart-ticks.ts），悬停显示该行的数 */
function CountBars({ rows, label, value, title }: { rows: Row[]; label: string; value: string; title: string }) {
  const hydrated = useHydrated();
  const data = rows.slice(0, BAR_MAX_ROWS).map((r) => ({ name: String(r[label] ?? ''), value: Number(r[value]) || 0 }));
  const ticks = niceTicks(Math.max(0, ...data.map((d) => d.value)));
  const height = data.length * BAR_ROW_PX + 60;
  return (
    <div data-testid="bar-chart" role="figure" aria-label={title} style={{ height, width: '100%' }}>
      {hydrated && (
        <ResponsiveContainer width="100%" height="100%">
          <RBarChart data={data} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 8 }} accessibilityLayer title={title}>
            <CartesianGrid stroke="#f0f0f0" horizontal={false} />
            <XAxis type="number" allowDecimals={false} domain={[0, ticks[ticks.length - 1]]} ticks={ticks} tickFormatter={formatCount} tick={{ fill: '#595959', fontSize: 12 }} />
            <YAxis type="category" dataKey="name" width={160} interval={0} tick={{ fill: '#595959', fontSize: 12 }} />
            <Tooltip formatter={(v) => (typeof v === 'number' ? formatCount(v) : v)} />
            <Legend />
            <Bar dataKey="value" name={title} fill="#1677ff" barSize={14} isAnimationActive={false} />
          </RBarChart>
        </ResponsiveContainer>
      )}
    </div>
  );
}

export function StatTableView({ view, resource }: { view: StatView; resource: string }) {
  const t = useT();
  const can = useCan();
  const spec = STAT_SPECS[view.key];
  const [params, setParams] = useState<Query>({});
  const [result, setResult] = useState<{ params: Query; data: StatTable<Row> | null } | null>(null);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    let live = true;
    callConfigured<StatTable<Row>>('GET', view.list, params).then(
      (data) => live && setResult({ params, data }),
      () => live && setResult({ params, data: null }),
    );
    return () => {
      live = false;
    };
  }, [view.list, params]);
  const loading = result?.params !== params;
  const data = result?.data ?? null;

  const download = async () => {
    setExporting(true);
    try {
      await apiDownload(view.exporter, undefined, { method: 'GET', query: params });
    } catch {
      // 已提示“下载出错”
    } finally {
      setExporting(false);
    }
  };

  const first = spec.numbers[0];
  const fields: FieldSpec[] = view.filters.map((f) => ({ ...F[f], label: t(F[f].label), options: F[f].options?.map((o) => ({ ...o, label: t(o.label) })) }));
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid={`stat-${view.key}`}>
      <FilterBar fields={fields} onSearch={(v) => setParams(valuesToParams(fields, v) as Query)} />
      <Space>
        {can(`${resource}.export`) && (
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={download}>
            {t('导出')}
          </Button>
        )}
      </Space>
      <Table<Row>
        size="small"
        bordered
        rowKey={(r) => String(r.id)}
        loading={loading}
        pagination={false}
        dataSource={data?.list ?? []}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t(spec.label.title), dataIndex: spec.label.key, render: (v: string) => t(v ?? '') },
          ...spec.numbers.map((c) => ({ title: t(c.title), dataIndex: c.key, align: 'right' as const })),
        ]}
        summary={() =>
          data ? (
            <Table.Summary fixed>
              <Table.Summary.Row data-testid="totals-row" style={{ fontWeight: 600, background: '#fafafa' }}>
                <Table.Summary.Cell index={0}>{t('合计')}</Table.Summary.Cell>
                {spec.numbers.map((c, i) => (
                  <Table.Summary.Cell key={c.key} index={i + 1} align="right">
                    {data.totals[c.key]}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
      {data && data.list.length > 0 && (
        <Card size="small" title={t(first.title)}>
          <CountBars rows={data.list.map((r) => ({ ...r, [spec.label.key]: t(String(r[spec.label.key] ?? '')) }))} label={spec.label.key} value={first.key} title={t(first.title)} />
        </Card>
      )}
    </Space>
  );
}

/** 一个统计页：一张或几张表（几张时分页签） */
export function StatisticsScreen({ resource, views }: { resource: string; views: readonly StatView[] }) {
  const t = useT();
  if (views.length === 1)
    return (
      <Card title={t(STAT_SPECS[views[0].key].title)}>
        <StatTableView view={views[0]} resource={resource} />
      </Card>
    );
  return (
    <Card>
      <Tabs items={views.map((v) => ({ key: v.key, label: t(STAT_SPECS[v.key].title), children: <StatTableView view={v} resource={resource} /> }))} />
    </Card>
  );
}

const ALL: readonly FilterName[] = ['year', 'city', 'kind', 'work', 'org'];

export function OrgTypeStatistics() {
  return <StatisticsScreen resource="orgTypeStatistics" views={[{ key: 'orgType', list: '/statistics/orgTypeStatisticsList', exporter: '/statistics/orgTypeStatisticsExport', filters: ['year', 'city', 'kind', 'org'] }]} />;
}

export function SummaryStatistics() {
  return (
    <StatisticsScreen
      resource="summaryStatistics"
      views={[
        { key: 'summary', list: '/summary/listSummary', exporter: '/summary/exportSummary', filters: ALL },
        { key: 'evalOrgs', list: '/summary/listEvalOrgs', exporter: '/summary/exportEvalOrgs', filters: ALL },
        { key: 'evalOrgsByCity', list: '/summary/listEvalOrgsByCitys', exporter: '/summary/exportEvalOrgsByCitys', filters: ['year', 'city', 'kind', 'org'] },
        { key: 'evaluators', list: '/summary/listEvaluators', exporter: '/summary/exportEvaluators', filters: ['city', 'kind', 'org'] },
      ]}
    />
  );
}

export function ProcessStatistics() {
  return <StatisticsScreen resource="processStatistics" views={[{ key: 'process', list: '/statistics/processDataList', exporter: '/statistics/processDataExport', filters: ['year', 'city', 'kind', 'planWork', 'planOrg'] }]} />;
}

export function TrainCountStatistics() {
  return <StatisticsScreen resource="trainCount" views={[{ key: 'trainCount', list: '/v2/train/count/renci', exporter: '/v2/train/count/renciExport', filters: ['year', 'city', 'work', 'org'] }]} />;
}

/** 上报人次：培训学员的上报（开班提交审核）与证书的国网上报，两个页签 */
export function UploadCountStatistics() {
  return (
    <StatisticsScreen
      resource="uploadCount"
      views={[
        { key: 'uploadTrain', list: '/v2/train/count/uploadRenci', exporter: '/v2/train/count/uploadRenciExport', filters: ['year', 'city', 'work', 'org'] },
        { key: 'uploadStateGrid', list: '/v2/count/uploadRencixitong', exporter: '/v2/count/uploadRencixitongExport', filters: ['year', 'city', 'kind', 'work', 'org'] },
      ]}
    />
  );
}

'use client';
// 统计页固定路径（/v2/train/count/renci 等，见 lib/domains/dashboard/stat-pages.ts）的页面：服务端取好的一张按市汇总的表，
// 年度用链接切换（?year=），不依赖脚本也能用；列取自 lib/domains/dashboard/columns.ts，与菜单里的统计页、导出相同。
import { Card, Space, Table, Tag, Typography } from 'antd';
import { useT } from '@/lib/i18n/client';
import { STAT_SPECS, type StatKey } from '@/lib/domains/dashboard/columns';
import type { StatTable } from '@/lib/domains/dashboard/schemas';

type Row = Record<string, string | number | null>;

export interface StatPageViewProps {
  statKey: StatKey;
  table: StatTable<Row>;
  /** 当前年度；undefined 为不限年度 */
  year: number | undefined;
  /** 可选的年度（最近几年） */
  years: number[];
  /** 免登录的页：说明是全省的汇总数 */
  isPublic: boolean;
}

export default function StatPageView({ statKey, table, year, years, isPublic }: StatPageViewProps) {
  const t = useT();
  const spec = STAT_SPECS[statKey];
  const yearLink = (y: number | undefined, label: string) =>
    y === year ? (
      <Tag key={label} color="blue">
        {label}
      </Tag>
    ) : (
      <a key={label} href={y === undefined ? '?' : `?year=${y}`}>
        {label}
      </a>
    );
  return (
    <div style={{ maxWidth: 1100, margin: '32px auto', padding: '0 16px' }} data-testid="stat-page">
      <Card title={t(spec.title)}>
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t(isPublic ? '全省各市的汇总数，不含任何个人信息。' : '按您的数据范围汇总。')}</Typography.Text>
          <Space wrap data-testid="stat-page-years">
            <Typography.Text strong>{t('年度')}</Typography.Text>
            {yearLink(undefined, t('全部年度'))}
            {years.map((y) => yearLink(y, String(y)))}
          </Space>
          <Table<Row>
            size="small"
            bordered
            rowKey={(r) => String(r[spec.label.key])}
            pagination={false}
            dataSource={table.list}
            data-testid="stat-page-table"
            columns={[
              { title: t(spec.label.title), dataIndex: spec.label.key, render: (v: string) => t(v ?? '') },
              ...spec.numbers.map((c) => ({ title: t(c.title), dataIndex: c.key, align: 'right' as const })),
            ]}
            summary={() => (
              <Table.Summary.Row data-testid="totals-row" style={{ fontWeight: 600, background: '#fafafa' }}>
                <Table.Summary.Cell index={0}>{t('合计')}</Table.Summary.Cell>
                {spec.numbers.map((c, i) => (
                  <Table.Summary.Cell key={c.key} index={i + 1} align="right">
                    {table.totals[c.key]}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            )}
          />
        </Space>
      </Card>
    </div>
  );
}

'use client';
// 备案公开摘要（免登录页）：机构、类别、状态与已备案工种。
import { Card, Descriptions, Empty, Table, Tag } from 'antd';
import { STATUS_COLOR } from '@/lib/domains/filing/transitions';
import { useT } from '@/lib/i18n/client';

export interface PublicSummary {
  code: string;
  orgName: string;
  cityName: string | null;
  kindName: string;
  orgTypeName: string;
  status: number;
  statusName: string;
  completeTime: string | null;
  works: { workCode: string; workName: string; levelNames: string[] }[];
}

export default function FilingPublicView({ summary }: { summary: PublicSummary | null }) {
  const t = useT();
  return (
    <div style={{ maxWidth: 960, margin: '32px auto', padding: '0 16px' }} data-testid="filing-public">
      <Card title={t('机构备案信息')}>
        {!summary ? (
          <Empty description={t('备案不存在或尚未提交')} />
        ) : (
          <>
            <Descriptions column={2} bordered size="small">
              <Descriptions.Item label={t('备案编号')}>{summary.code}</Descriptions.Item>
              <Descriptions.Item label={t('备案状态')}>
                <Tag color={STATUS_COLOR[summary.status]}>{t(summary.statusName)}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('机构名称')}>{summary.orgName}</Descriptions.Item>
              <Descriptions.Item label={t('所在市')}>{summary.cityName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('备案类别')}>{t(summary.kindName)}</Descriptions.Item>
              <Descriptions.Item label={t('机构类型')}>{t(summary.orgTypeName)}</Descriptions.Item>
              <Descriptions.Item label={t('备案完成时间')}>{summary.completeTime ?? '—'}</Descriptions.Item>
            </Descriptions>
            <Table
              style={{ marginTop: 16 }}
              rowKey="workCode"
              size="small"
              pagination={false}
              dataSource={summary.works}
              locale={{ emptyText: t('暂无已备案工种') }}
              columns={[
                { title: t('工种编码'), dataIndex: 'workCode', width: 160 },
                { title: t('工种名称'), dataIndex: 'workName' },
                { title: t('等级'), dataIndex: 'levelNames', render: (v: string[]) => v.map((l) => t(l)).join(t('filing.separator')) },
              ]}
            />
          </>
        )}
      </Card>
    </div>
  );
}

'use client';
// 成绩公示的公开页面（免登录）：计划、公示期与倒计时、考生的结果（姓名与证件号已在服务端脱敏）。
import { useEffect, useState } from 'react';
import { Alert, Card, Descriptions, Empty, Table, Tag } from 'antd';
import { useT } from '@/lib/i18n/client';
import { SUBJECT_LABEL } from '@/lib/domains/score/rules';
import type { PublicPublicity, PublicRow } from '@/lib/domains/score/schemas';

const SECOND = 1000;

/** 剩余时间：天、时、分、秒 */
function useCountdown(endsAtMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAtMs === null) return;
    const timer = setInterval(() => setNow(Date.now()), SECOND);
    return () => clearInterval(timer);
  }, [endsAtMs]);
  return endsAtMs === null ? 0 : Math.max(0, endsAtMs - now);
}

function Countdown({ endsAtMs }: { endsAtMs: number }) {
  const t = useT();
  const left = useCountdown(endsAtMs);
  if (left <= 0) return <Tag color="success">{t('公示已结束')}</Tag>;
  const s = Math.floor(left / SECOND);
  const [d, h, m, sec] = [Math.floor(s / 86400), Math.floor((s % 86400) / 3600), Math.floor((s % 3600) / 60), s % 60];
  return (
    <Tag color="processing" data-testid="publicity-countdown">
      {t('距公示结束还有 {d} 天 {h} 小时 {m} 分 {s} 秒', { d, h, m, s: sec })}
    </Tag>
  );
}

export default function PublicityPublicView({ data }: { data: PublicPublicity | null }) {
  const t = useT();
  return (
    <div style={{ maxWidth: 1100, margin: '32px auto', padding: '0 16px' }} data-testid="publicity-public">
      <Card title={t('成绩公示')}>
        {!data ? (
          <Empty description={t('公示不存在或已撤销')} />
        ) : (
          <>
            <Descriptions column={2} bordered size="small">
              <Descriptions.Item label={t('考试计划')} span={2}>
                {data.planName}
              </Descriptions.Item>
              <Descriptions.Item label={t('计划编号')}>{data.planCode}</Descriptions.Item>
              <Descriptions.Item label={t('计划类型')}>{t(data.kindName)}</Descriptions.Item>
              <Descriptions.Item label={t('评价机构')} span={2}>
                {data.orgName}
              </Descriptions.Item>
              <Descriptions.Item label={t('公示期')}>{t('{start} 至 {end}（{days} 个工作日）', { start: data.startsAt, end: data.endsAt, days: data.workingDays })}</Descriptions.Item>
              <Descriptions.Item label={t('倒计时')}>
                <Countdown endsAtMs={data.endsAtMs} />
              </Descriptions.Item>
            </Descriptions>
            <Alert style={{ marginTop: 16 }} type="info" showIcon title={t('公示期内对成绩有异议的，请与评价机构或所在市人力资源和社会保障部门联系。考生姓名与证件号码已部分隐藏。')} />
            <Table<PublicRow>
              style={{ marginTop: 16 }}
              rowKey="key"
              size="small"
              dataSource={data.rows}
              pagination={{ pageSize: 50, showSizeChanger: false, showTotal: (n) => t('list.pagination.total', { total: n }) }}
              locale={{ emptyText: t('暂无考生') }}
              data-testid="publicity-rows"
              columns={[
                { title: t('序号'), dataIndex: 'key', width: 70 },
                { title: t('姓名'), dataIndex: 'name', width: 90 },
                { title: t('身份证号'), dataIndex: 'idNumber', width: 190 },
                { title: t('工种'), dataIndex: 'workName', width: 140 },
                { title: t('等级'), dataIndex: 'levelName', width: 130, render: (v: string) => t(v) },
                ...data.subjects.map((s) => ({ title: t(SUBJECT_LABEL[s]), dataIndex: ['scores', String(s)], width: 120, render: (v: string | undefined) => (v ? t(v) : '—') })),
                { title: t('结果'), dataIndex: 'resultName', width: 90, render: (v: string) => t(v) },
              ]}
            />
          </>
        )}
      </Card>
    </div>
  );
}

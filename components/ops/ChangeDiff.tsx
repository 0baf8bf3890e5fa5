'use client';
// 一条数据变更的改前 / 改后对照：按字段并排，改动过的字段标黄。
import { Table, Tag, Typography } from 'antd';
import { fieldLabel } from '@/lib/platform/field-labels';
import { useT } from '@/lib/i18n/client';

export interface ChangeView {
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  detail: string | null;
}

/** 不必对照的字段（时间戳随每次保存变化） */
const NOISE = new Set(['updatedAt']);

const text = (v: unknown): string => {
  if (v === undefined) return '';
  if (v === null) return '（空）';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

const asRecord = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

export default function ChangeDiff({ change }: { change: ChangeView }) {
  const t = useT();
  const before = asRecord(change.before);
  const after = asRecord(change.after);
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((k) => !NOISE.has(k));
  const rows = keys.map((field) => {
    const b = before ? before[field] : undefined;
    const a = after ? after[field] : undefined;
    return { field, before: text(b), after: text(a), changed: JSON.stringify(b) !== JSON.stringify(a) };
  });
  const kind = !before && after ? <Tag color="green">{t('新增')}</Tag> : before && !after ? <Tag color="red">{t('删除')}</Tag> : <Tag color="blue">{t('修改')}</Tag>;
  return (
    <div style={{ marginBottom: 16 }} data-testid="change-diff">
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        {kind}
        <Typography.Text strong>{change.detail ?? change.entity}</Typography.Text>
        <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
          {change.entity}
          {change.entityId ? ` #${change.entityId}` : ''}
        </Typography.Text>
      </Typography.Paragraph>
      {rows.length === 0 ? (
        <Typography.Text type="secondary">{t('没有记录字段的改前改后')}</Typography.Text>
      ) : (
        <Table
          size="small"
          rowKey="field"
          pagination={false}
          dataSource={rows}
          onRow={(r) => ({ style: r.changed && before && after ? { background: '#fffbe6' } : undefined })}
          columns={[
            {
              title: t('字段'),
              dataIndex: 'field',
              width: 180,
              render: (field: string) =>
                fieldLabel(field) === field ? (
                  field
                ) : (
                  <span>
                    {fieldLabel(field)} <Typography.Text type="secondary">{field}</Typography.Text>
                  </span>
                ),
            },
            { title: t('改前'), dataIndex: 'before', render: (v: string) => <span style={{ wordBreak: 'break-all' }}>{v}</span> },
            { title: t('改后'), dataIndex: 'after', render: (v: string) => <span style={{ wordBreak: 'break-all' }}>{v}</span> },
          ]}
        />
      )}
    </div>
  );
}

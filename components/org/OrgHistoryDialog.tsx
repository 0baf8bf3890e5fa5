'use client';
// 机构的变更记录（操作日志）与某次变更的前后对比。
import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Table, Tag, Typography } from 'antd';
import { apiGet } from '@/components/api-client';
import { Tx, useT } from '@/lib/i18n/client';

interface RecordRow {
  id: number;
  operateTime: string;
  account: string;
  userName: string | null;
  operation: string;
  detail: string | null;
  kind: string;
}

interface Comparison {
  logId: number;
  operateTime: string;
  operator: string;
  operation: string;
  fields: { field: string; label: string; before: unknown; after: unknown; changed: boolean }[];
}

const text = (v: unknown) => (v === null || v === undefined || v === '' ? <Typography.Text type="secondary"><Tx text="（空）" /></Typography.Text> : String(v));

export default function OrgHistoryDialog({ org, onClose }: { org: { id: number; name: string }; onClose: () => void }) {
  const t = useT();
  const [records, setRecords] = useState<RecordRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [comparison, setComparison] = useState<Comparison | null>(null);

  useEffect(() => {
    let alive = true;
    apiGet('/sys/orgination/toOperationRecord', { id: org.id }, { silent: true }).then(
      (r) => alive && setRecords(r),
      (e: Error) => alive && setError(e.message),
    );
    return () => {
      alive = false;
    };
  }, [org.id]);

  const compare = (logId: number) =>
    apiGet('/sys/orgination/comparison', { id: org.id, logId }, { silent: true }).then(setComparison, (e: Error) => setError(e.message));

  return (
    <Modal open title={t('变更记录：{name}', { name: org.name })} width={860} footer={null} onCancel={onClose} destroyOnHidden>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Table<RecordRow>
        rowKey="id"
        size="small"
        loading={records === null && !error}
        dataSource={records ?? []}
        pagination={false}
        scroll={{ y: 300 }}
        locale={{ emptyText: t('暂无变更记录') }}
        columns={[
          { title: t('时间'), dataIndex: 'operateTime', width: 170 },
          { title: t('操作人'), dataIndex: 'userName', width: 100, render: (v: string | null, r) => v || r.account },
          { title: t('类型'), dataIndex: 'kind', width: 70, render: (v: string) => <Tag color={v === '删除' ? 'red' : v === '新增' ? 'green' : 'blue'}>{t(v)}</Tag> },
          { title: t('说明'), dataIndex: 'detail', ellipsis: true, render: (v: string | null, r) => v || r.operation },
          {
            title: t('操作'),
            width: 90,
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => void compare(r.id)}>
                {t('前后对比')}
              </Button>
            ),
          },
        ]}
      />
      {comparison && (
        <div style={{ marginTop: 16 }} data-testid="org-comparison">
          <Typography.Text strong>
            {comparison.operateTime} {comparison.operator}：{comparison.operation}
          </Typography.Text>
          <Table
            rowKey="field"
            size="small"
            style={{ marginTop: 8 }}
            pagination={false}
            dataSource={comparison.fields}
            rowClassName={(r) => (r.changed ? 'org-diff-changed' : '')}
            columns={[
              { title: t('字段'), dataIndex: 'label', width: 150 },
              { title: t('变更前'), dataIndex: 'before', render: text },
              { title: t('变更后'), dataIndex: 'after', render: (v: unknown, r) => (r.changed ? <Typography.Text mark>{text(v)}</Typography.Text> : text(v)) },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}

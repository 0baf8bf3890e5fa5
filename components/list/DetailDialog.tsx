'use client';
// 行内“查看”：只读的详情弹窗（可从详情接口加载）。
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Descriptions, Modal, Spin } from 'antd';
import type { ListScreenProps } from './types';

type DetailSpec<T extends object> = NonNullable<ListScreenProps<T>['detail']>;

export default function DetailDialog<T extends object>({ spec, row, onClose }: { spec: DetailSpec<T>; row: T; onClose: () => void }) {
  const [record, setRecord] = useState<Record<string, unknown> | null>(spec.load ? null : (row as Record<string, unknown>));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!spec.load) return;
    let alive = true;
    spec.load(row).then(
      (r) => alive && setRecord(r),
      (err: unknown) => alive && setError(err instanceof Error ? err.message : '加载失败'),
    );
    return () => {
      alive = false;
    };
  }, [spec, row]);

  const show = (value: unknown): ReactNode => (value === undefined || value === null || value === '' ? '-' : String(value));

  return (
    <Modal open title={spec.title} width={720} footer={null} onCancel={onClose} destroyOnHidden>
      {error && <Alert type="error" showIcon title={error} />}
      <Spin spinning={!record && !error}>
        <Descriptions
          bordered
          size="small"
          column={2}
          style={{ marginTop: 16 }}
          data-testid="list-detail"
          items={spec.fields.map((f) => ({
            key: f.name,
            label: f.label,
            children: record ? (f.render ? f.render(record[f.name], record as T) : show(record[f.name])) : null,
          }))}
        />
      </Spin>
    </Modal>
  );
}

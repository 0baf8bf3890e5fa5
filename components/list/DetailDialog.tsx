'use client';
// 行内“查看”：只读的详情弹窗（可从详情接口加载）。
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Descriptions, Modal, Spin } from 'antd';
import { useT } from '@/lib/i18n/client';
import { FileLinks } from '@/components/upload/FileLinks';
import { ImageThumbs } from '@/components/upload/ImagePreview';
import type { ListScreenProps } from './types';

type DetailSpec<T extends object> = NonNullable<ListScreenProps<T>['detail']>;

export default function DetailDialog<T extends object>({ spec, row, onClose }: { spec: DetailSpec<T>; row: T; onClose: () => void }) {
  const t = useT();
  const [record, setRecord] = useState<Record<string, unknown> | null>(spec.load ? null : (row as Record<string, unknown>));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!spec.load) return;
    let alive = true;
    spec.load(row).then(
      (r) => alive && setRecord(r),
      // 错误文字在显示时再译（这里不依赖 t，切换语言不重新加载）
      (err: unknown) => alive && setError(err instanceof Error ? err.message : 'list.form.loadFailed'),
    );
    return () => {
      alive = false;
    };
    // 配置每次渲染都会重新译出一份，只按加载函数与行决定是否重新加载
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [spec.load, row]);

  const show = (value: unknown): ReactNode => (value === undefined || value === null || value === '' ? '-' : String(value));
  const urls = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v !== '');
  const cell = (f: DetailSpec<T>['fields'][number], value: unknown): ReactNode => {
    if (f.render) return f.render(value, record as T);
    if (f.type === 'image') return <ImageThumbs urls={urls(value)} />;
    if (f.type === 'file') return <FileLinks urls={urls(value)} />;
    return show(value);
  };

  return (
    <Modal open title={spec.title} width={720} footer={null} onCancel={onClose} destroyOnHidden>
      {error && <Alert type="error" showIcon title={t(error)} />}
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
            children: record ? cell(f, record[f.name]) : null,
          }))}
        />
      </Spin>
    </Modal>
  );
}

'use client';
// 工具栏“上传照片”：上传以身份证号命名照片的压缩包，显示匹配上的人数与未匹配的文件及原因。
import { useState } from 'react';
import { Alert, Button, Modal, Table, Typography, Upload } from 'antd';
import { CameraOutlined, InboxOutlined } from '@ant-design/icons';
import { callConfigured } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import type { PhotoZipResult } from '@/lib/domains/personnel/schemas';
import type { PostPath } from '@/components/api-contract';

/** fields：随压缩包一起提交的表单字段（如考生的 planId）；hint：替换默认的说明（中文原文，按当前语言翻译） */
export default function PhotoZipButton({ path, libraryName, onDone, fields, hint }: { path: PostPath; libraryName: string; onDone: () => void; fields?: Record<string, string>; hint?: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PhotoZipResult | null>(null);

  const upload = async (file: File) => {
    setBusy(true);
    setResult(null);
    try {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields ?? {})) form.set(k, v);
      form.set('file', file);
      const r = await callConfigured<PhotoZipResult>('POST', path, form);
      setResult(r);
      if (r.matched.length) onDone();
    } catch {
      // 错误提示由 api-client 统一弹出
    } finally {
      setBusy(false);
    }
    return false;
  };

  return (
    <>
      <Button icon={<CameraOutlined />} onClick={() => setOpen(true)}>
        {t('上传照片')}
      </Button>
      <Modal
        title={t('批量上传照片')}
        open={open}
        width={640}
        onCancel={() => {
          setOpen(false);
          setResult(null);
        }}
        footer={<Button onClick={() => (setOpen(false), setResult(null))}>{t('list.common.close')}</Button>}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          {hint
            ? t(hint)
            : t('将照片以身份证号命名（如 130102199001011237.jpg），打包为 .zip 上传；支持 jpg、png，每张不超过 2MB。照片按身份证号匹配本库的{library}，已有照片会被替换。', { library: t(libraryName) })}
        </Typography.Paragraph>
        <Upload.Dragger accept=".zip,application/zip" maxCount={1} showUploadList={false} disabled={busy} beforeUpload={(f) => upload(f as File)}>
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{busy ? t('正在上传并匹配……') : t('点击或拖拽照片压缩包到这里')}</p>
        </Upload.Dragger>
        {result && (
          <div style={{ marginTop: 16 }} data-testid="photo-zip-result">
            <Alert
              type={result.unmatched.length ? 'warning' : 'success'}
              showIcon
              title={t('共 {total} 个文件：匹配 {matched} 人，未匹配 {unmatched} 个', { total: result.total, matched: result.matched.length, unmatched: result.unmatched.length })}
            />
            {result.matched.length > 0 && (
              <Typography.Paragraph style={{ marginTop: 12 }}>{t('已更新照片：{names}', { names: result.matched.map((m) => m.name).join(t('access.action.separator')) })}</Typography.Paragraph>
            )}
            {result.unmatched.length > 0 && (
              <Table
                style={{ marginTop: 12 }}
                size="small"
                rowKey="fileName"
                pagination={false}
                dataSource={result.unmatched}
                columns={[
                  { title: '未匹配的文件', dataIndex: 'fileName', width: 220 },
                  { title: '原因', dataIndex: 'reason' },
                ]}
              />
            )}
          </div>
        )}
      </Modal>
    </>
  );
}

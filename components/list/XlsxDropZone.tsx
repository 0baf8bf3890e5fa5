'use client';
// 拖放或点选一个 .xlsx 的区域：列表的导入与考生导入（先预览）共用
import type { ReactNode } from 'react';
import { Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useT } from '@/lib/i18n/client';

export default function XlsxDropZone({ busy, onFile, hint, testId }: { busy: boolean; onFile: (file: File) => void; hint?: ReactNode; testId: string }) {
  const t = useT();
  return (
    <Upload.Dragger
      accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      multiple={false}
      showUploadList={false}
      disabled={busy}
      beforeUpload={(file) => {
        onFile(file);
        return false;
      }}
      data-testid={testId}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{busy ? t('list.import.uploading') : t('list.import.drop')}</p>
      {hint && <p className="ant-upload-hint">{hint}</p>}
    </Upload.Dragger>
  );
}

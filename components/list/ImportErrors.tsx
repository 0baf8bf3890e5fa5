'use client';
// 导入失败的说明：消息、行数与错误数、错误工作簿下载，以及前几处错误（行、列、原因）。
// 工具栏的一次性导入与“先预览再确认”的导入共用。
import { Alert, Button, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { apiDownload } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import { importErrorsId, type ImportFailure } from './values';

export default function ImportErrors({ message, detail }: { message: string; detail: ImportFailure | null }) {
  const t = useT();
  const errorFileUrl = detail?.errorFileUrl;
  return (
    <div data-testid="import-errors">
      <Alert
        type="error"
        showIcon
        title={message}
        description={detail ? t('list.import.summary', { total: detail.total, errors: detail.errorCount }) : undefined}
        action={
          errorFileUrl ? (
            <Button size="small" danger icon={<DownloadOutlined />} onClick={() => void downloadImportErrors(errorFileUrl).catch(() => undefined)} data-testid="import-error-download">
              {t('list.import.errorFile')}
            </Button>
          ) : undefined
        }
      />
      {detail && detail.errors.length > 0 && (
        <Table
          size="small"
          style={{ marginTop: 12 }}
          rowKey={(r) => `${r.row}-${r.column}-${r.message}`}
          dataSource={detail.errors}
          pagination={false}
          scroll={{ y: 240 }}
          columns={[
            { title: t('list.import.colRow'), dataIndex: 'row', width: 72 },
            { title: t('list.import.colColumn'), dataIndex: 'column', width: 140, render: (v: string) => v || t('list.import.wholeRow') },
            { title: t('list.import.colReason'), dataIndex: 'message' },
          ]}
        />
      )}
    </div>
  );
}

/** 下载导入的错误工作簿（仅上传者本人可下载） */
export function downloadImportErrors(url: string): Promise<string> {
  return apiDownload('/platform/importErrors', undefined, { method: 'GET', query: { id: importErrorsId(url) } });
}

'use client';
// 工具栏“导入”：弹窗内下载模板、上传 .xlsx（multipart 字段 file）。
// 导入全有或全无：失败时列出前几处错误，并可下载标注了原因的错误工作簿；成功提示条数并刷新列表。
import { useState } from 'react';
import { Alert, App, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { apiDownload, ApiClientError } from '@/components/api-client';
import { callApi } from './options';
import type { ApiCall } from './types';
import { asImportFailure, withoutApiPrefix, type ImportFailure } from './values';

interface Props {
  call: ApiCall;
  template: ApiCall;
  title?: string;
  onImported: () => void;
}

const MAX_SIZE_MB = 10;

export default function ImportButton({ call, template, title = '导入', onImported }: Props) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<{ message: string; detail: ImportFailure | null } | null>(null);

  const close = () => {
    if (uploading) return;
    setOpen(false);
    setFailure(null);
  };

  const upload = async (file: File) => {
    if (!/\.xlsx$/i.test(file.name)) {
      setFailure({ message: '请上传 .xlsx 格式的 Excel 文件', detail: null });
      return;
    }
    if (file.size > MAX_SIZE_MB * 1024 * 1024) {
      setFailure({ message: `文件不能超过 ${MAX_SIZE_MB} MB`, detail: null });
      return;
    }
    const form = new FormData();
    form.append('file', file);
    setUploading(true);
    setFailure(null);
    try {
      const result = await callApi<{ total?: number } | null>({ method: 'POST', ...call }, form as never, { silent: true });
      void message.success(`导入成功，共 ${result?.total ?? 0} 条`);
      setOpen(false);
      onImported();
    } catch (err) {
      if (err instanceof ApiClientError) {
        if (!err.notified) setFailure({ message: err.message, detail: asImportFailure(err.data) });
      } else {
        setFailure({ message: '导入失败，请稍后重试', detail: null });
      }
    } finally {
      setUploading(false);
    }
  };

  const downloadTemplate = () => apiDownload(template.path, template.method === 'POST' ? {} : undefined, { method: template.method ?? 'GET' }).catch(() => undefined);
  const errorFileUrl = failure?.detail?.errorFileUrl;

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="list-import">
        {title}
      </Button>
      <Modal open={open} title={title} width={680} onCancel={close} mask={{ closable: false }} destroyOnHidden footer={<Button onClick={close}>关闭</Button>}>
        <Space orientation="vertical" size={16} style={{ width: '100%', marginTop: 8 }}>
          <Typography.Text type="secondary">
            请先下载模板，按模板填写后上传。导入全部成功或全部不导入：任何一行有误都不会写入数据。
          </Typography.Text>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate()} data-testid="import-template">
            下载模板
          </Button>
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            multiple={false}
            showUploadList={false}
            disabled={uploading}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
            data-testid="import-upload"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{uploading ? '正在导入，请稍候…' : '点击或拖拽 .xlsx 文件到此处上传'}</p>
            <p className="ant-upload-hint">单个文件不超过 {MAX_SIZE_MB} MB</p>
          </Upload.Dragger>
          {failure && (
            <div data-testid="import-errors">
              <Alert
                type="error"
                showIcon
                title={failure.message}
                description={failure.detail ? `共 ${failure.detail.total} 行，${failure.detail.errorCount} 处错误，未导入任何数据。` : undefined}
                action={
                  errorFileUrl ? (
                    <Button size="small" danger icon={<DownloadOutlined />} onClick={() => void apiDownload(withoutApiPrefix(errorFileUrl)).catch(() => undefined)} data-testid="import-error-download">
                      下载错误工作簿
                    </Button>
                  ) : undefined
                }
              />
              {failure.detail && failure.detail.errors.length > 0 && (
                <Table
                  size="small"
                  style={{ marginTop: 12 }}
                  rowKey={(r) => `${r.row}-${r.column}-${r.message}`}
                  dataSource={failure.detail.errors}
                  pagination={false}
                  scroll={{ y: 240 }}
                  columns={[
                    { title: '行号', dataIndex: 'row', width: 72 },
                    { title: '列', dataIndex: 'column', width: 140, render: (v: string) => v || '整行' },
                    { title: '原因', dataIndex: 'message' },
                  ]}
                />
              )}
            </div>
          )}
        </Space>
      </Modal>
    </>
  );
}

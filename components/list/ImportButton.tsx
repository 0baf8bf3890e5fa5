'use client';
// 工具栏“导入”：弹窗内下载模板、上传 .xlsx（multipart 字段 file）。
// 导入全有或全无：失败时列出前几处错误，并可下载标注了原因的错误工作簿；成功提示条数并刷新列表。
// 行数多的文件服务端改排为后台任务（答复 { taskId }）：弹窗里换成进度（TaskProgress），完成后同样提示并刷新，失败给错误工作簿。
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { App, Button, Modal, Space, Typography } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { apiDownload, ApiClientError, RESPOND_ASYNC, startedTask } from '@/components/api-client';
import type { TaskItem } from '@/components/task/useTask';
import { useT } from '@/lib/i18n/client';
import { callApi } from './options';
import type { ApiCall, ReadCall } from './types';
import { asImportFailure, type ImportFailure } from './values';

interface Props {
  call: ApiCall;
  template: ReadCall;
  title?: string;
  onImported: () => void;
}

const MAX_SIZE_MB = 10;

// 弹窗里的拖放区（上传组件）、进度与错误明细在第一次打开时才下载：列表页本身不带它们的代码
const XlsxDropZone = dynamic(() => import('./XlsxDropZone'));
const TaskProgress = dynamic(() => import('@/components/task/TaskProgress'));
const ImportErrors = dynamic(() => import('./ImportErrors'));

export default function ImportButton({ call, template, title: titleProp, onImported }: Props) {
  const t = useT();
  const title = titleProp ?? t('list.import.title');
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<{ message: string; detail: ImportFailure | null } | null>(null);
  /** 改排成的后台任务 */
  const [taskId, setTaskId] = useState<number | null>(null);

  const close = () => {
    if (uploading) return;
    setOpen(false);
    setFailure(null);
    setTaskId(null);
  };

  const taskFinished = (task: TaskItem) => {
    if (task.status !== 'done') return; // 失败、取消：进度框里给出原因与错误工作簿
    void message.success(t('list.import.success', { total: Number(task.result?.total ?? 0) }));
    onImported();
  };

  const upload = async (file: File) => {
    if (!/\.xlsx$/i.test(file.name)) {
      setFailure({ message: t('list.import.onlyXlsx'), detail: null });
      return;
    }
    if (file.size > MAX_SIZE_MB * 1024 * 1024) {
      setFailure({ message: t('list.import.tooLarge', { size: MAX_SIZE_MB }), detail: null });
      return;
    }
    const form = new FormData();
    form.append('file', file);
    setUploading(true);
    setFailure(null);
    try {
      const result = await callApi<{ total?: number } | null>(call, form as never, { silent: true, headers: RESPOND_ASYNC });
      const started = startedTask(result);
      if (started !== null) {
        setTaskId(started);
        return;
      }
      void message.success(t('list.import.success', { total: result?.total ?? 0 }));
      setOpen(false);
      onImported();
    } catch (err) {
      if (err instanceof ApiClientError) {
        if (!err.notified) setFailure({ message: err.message, detail: asImportFailure(err.data) });
      } else {
        setFailure({ message: t('list.import.failed'), detail: null });
      }
    } finally {
      setUploading(false);
    }
  };

  const downloadTemplate = () => apiDownload(template.path, template.method === 'POST' ? {} : undefined, { method: template.method ?? 'GET', query: template.query }).catch(() => undefined);

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="list-import">
        {title}
      </Button>
      <Modal open={open} title={title} width={680} onCancel={close} mask={{ closable: false }} destroyOnHidden footer={<Button onClick={close}>{t('list.common.close')}</Button>}>
        <Space orientation="vertical" size={16} style={{ width: '100%', marginTop: 8 }}>
          <Typography.Text type="secondary">{t('list.import.intro')}</Typography.Text>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate()} data-testid="import-template">
            {t('list.import.template')}
          </Button>
          {taskId === null ? (
            <XlsxDropZone busy={uploading} onFile={(file) => void upload(file)} hint={t('list.import.sizeHint', { size: MAX_SIZE_MB })} testId="import-upload" />
          ) : (
            <>
              <Typography.Text type="secondary">{t('task.largeImport')}</Typography.Text>
              <TaskProgress taskId={taskId} onFinished={taskFinished} />
            </>
          )}
          {failure && <ImportErrors message={failure.message} detail={failure.detail} />}
        </Space>
      </Modal>
    </>
  );
}

'use client';
// “先预览再确认”的导入：上传 .xlsx → 预览（服务端全部校验并保存文件，不写记录）→ 确认写入或放弃（先确认）。
// 有错误时列出错误并可下载错误工作簿（一行也不写）；已有待确认的导入时，以 importId 打开即重新预览保存的文件。
// 考生导入与培训班学员导入各给一份配置。
import { useEffect, useState, type ReactNode } from 'react';
import { App, Button, Modal, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { apiDownload, callConfigured, ApiClientError } from '@/components/api-client';
import type { GetPath, PostPath } from '@/components/api-contract';
import type { TaskStarted } from '@/lib/domains/task/schemas';
import { useT } from '@/lib/i18n/client';
import ImportErrors from './ImportErrors';
import { asImportFailure, type ImportFailure } from './values';
import XlsxDropZone from './XlsxDropZone';
import TaskProgress from '@/components/task/TaskProgress';
import type { TaskItem } from '@/components/task/useTask';
import type { Query } from '@/components/api-client';

/** 这么多行以上的导入，确认改为后台任务（几万行的写入要一阵，用户可以离开） */
export const BACKGROUND_COMMIT_ROWS = 2000;

export interface StagedPreview {
  importId: number | null;
  fileName: string;
  total: number;
}

export interface StagedImportConfig<P extends StagedPreview> {
  title: string;
  /** 上传前的说明 */
  hint: string;
  /** 对话框内容的 data-testid；上传区为 `${testId}-upload` */
  testId: string;
  /** 分步导入的五个端点（lib/domains/file/staged-import-endpoints.ts） */
  paths: { upload: PostPath; preview: PostPath; commit: PostPath; discard: PostPath; template: GetPath };
  /** 模板的查询参数（如出勤模板按班级预填学员） */
  templateQuery?: Query;
  /** 随文件上传的字段（如 planId、classId） */
  fields: Record<string, number>;
  commitLabel: (preview: P) => string;
  committed: (total: number) => string;
  discardConfirm: string;
  /** 预览通过后的摘要（提示条与需关注的行） */
  summary: (preview: P) => ReactNode;
}

interface Props<P extends StagedPreview> {
  config: StagedImportConfig<P>;
  /** 打开已有的待确认导入 */
  importId?: number | null;
  onClose: () => void;
  /** 写入、放弃或新记了一条待确认的导入之后 */
  onChanged: () => void;
}

export default function StagedImportDialog<P extends StagedPreview>({ config, importId, onClose, onChanged }: Props<P>) {
  const t = useT();
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState(Boolean(importId));
  const [preview, setPreview] = useState<P | null>(null);
  const [failure, setFailure] = useState<{ message: string; detail: ImportFailure | null } | null>(null);
  const [commitTask, setCommitTask] = useState<number | null>(null);

  const fail = (err: unknown) =>
    setFailure(err instanceof ApiClientError ? { message: err.message, detail: asImportFailure(err.data) } : { message: t('list.import.failed'), detail: null });

  useEffect(() => {
    if (!importId) return;
    let live = true;
    callConfigured<P>('POST', config.paths.preview, { importId }, { silent: true })
      .then((p) => live && setPreview(p))
      .catch((err: unknown) => live && fail(err))
      .finally(() => live && setBusy(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [importId]);

  const upload = async (file: File) => {
    if (!/\.xlsx$/i.test(file.name)) return setFailure({ message: t('list.import.onlyXlsx'), detail: null });
    const form = new FormData();
    for (const [k, v] of Object.entries(config.fields)) form.append(k, String(v));
    form.append('file', file);
    setBusy(true);
    setFailure(null);
    try {
      setPreview(await callConfigured<P>('POST', config.paths.upload, form, { silent: true }));
      onChanged();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const resolve = async (action: 'commit' | 'discard') => {
    if (!preview?.importId) return;
    setBusy(true);
    try {
      if (action === 'commit' && preview.total >= BACKGROUND_COMMIT_ROWS) {
        // 大文件：确认作为后台任务（进度按行），弹窗关掉也照常写入，结果在「我的任务」里
        const r = await callConfigured<TaskStarted>('POST', config.paths.commit, { importId: preview.importId, background: true }, { silent: true });
        setCommitTask(r.taskId);
        return;
      }
      if (action === 'commit') {
        const r = await callConfigured<{ total: number }>('POST', config.paths.commit, { importId: preview.importId }, { silent: true });
        void message.success(config.committed(r.total));
      } else {
        await callConfigured('POST', config.paths.discard, { importId: preview.importId });
        void message.success(t('已放弃这次导入'));
      }
      onChanged();
      onClose();
    } catch (err) {
      if (action === 'commit') {
        setPreview(null);
        fail(err);
      }
    } finally {
      setBusy(false);
    }
  };

  /** 后台确认结束：成功同直接确认；失败（有行不再通过）显示错误与错误工作簿，一行也没写 */
  const commitFinished = (task: TaskItem) => {
    setCommitTask(null);
    if (task.error) {
      setPreview(null);
      setFailure({ message: t(task.error), detail: asImportFailure(task.result) });
      return;
    }
    if (task.active) return;
    void message.success(config.committed(Number(task.result?.total ?? preview?.total ?? 0)));
    onChanged();
    onClose();
  };

  const confirmDiscard = () =>
    modal.confirm({
      title: t('list.confirm.title'),
      content: config.discardConfirm,
      okText: t('list.common.ok'),
      cancelText: t('list.common.cancel'),
      okButtonProps: { danger: true },
      onOk: () => resolve('discard'),
    });

  const footer = commitTask !== null
    ? [
        <Button key="close" onClick={onClose}>
          {t('list.common.close')}
        </Button>,
      ]
    : preview?.importId
    ? [
        <Button key="discard" danger disabled={busy} onClick={confirmDiscard} data-testid="import-discard">
          {t('放弃导入')}
        </Button>,
        <Button key="commit" type="primary" loading={busy} onClick={() => void resolve('commit')} data-testid="import-commit">
          {config.commitLabel(preview)}
        </Button>,
      ]
    : [
        <Button key="close" onClick={onClose}>
          {t('list.common.close')}
        </Button>,
      ];

  return (
    <Modal open title={config.title} width={760} onCancel={busy && commitTask === null ? undefined : onClose} mask={{ closable: false }} footer={footer} destroyOnHidden>
      <Space orientation="vertical" size={16} style={{ width: '100%', marginTop: 8 }} data-testid={config.testId}>
        {!preview && !importId && (
          <>
            <Typography.Text type="secondary">{config.hint}</Typography.Text>
            <Button icon={<DownloadOutlined />} onClick={() => void apiDownload(config.paths.template, undefined, { method: 'GET', query: config.templateQuery }).catch(() => undefined)}>
              {t('list.import.template')}
            </Button>
            <XlsxDropZone busy={busy} onFile={(file) => void upload(file)} testId={`${config.testId}-upload`} />
          </>
        )}
        {commitTask !== null && <TaskProgress taskId={commitTask} onFinished={commitFinished} />}
        {preview && commitTask === null && <div data-testid="import-preview">{config.summary(preview)}</div>}
        {failure && <ImportErrors message={failure.message} detail={failure.detail} />}
      </Space>
    </Modal>
  );
}

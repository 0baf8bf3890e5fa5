'use client';
// 考生导入：上传 .xlsx → 预览（全部校验，不写考生）→ 确认写入或放弃。
// 有错误时列出错误并可下载错误工作簿（一行也不写）；通过时列出报考资格的提示与不符合，确认后才写入。
// 已有待确认的导入时，以 importId 打开即重新预览保存的文件。
import { useEffect, useState } from 'react';
import { Alert, App, Button, Modal, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { apiDownload, ApiClientError } from '@/components/api-client';
import { callApi } from '@/components/list/options';
import { withoutApiPrefix } from '@/components/list/values';
import XlsxDropZone from '@/components/list/XlsxDropZone';
import { useT } from '@/lib/i18n/client';
import { QUALIFICATION, type ImportIssueItem, type ImportPreview } from '@/lib/domains/examinee/schemas';

interface Failure {
  message: string;
  total?: number;
  errorCount?: number;
  errors: ImportIssueItem[];
  errorFileUrl: string | null;
}

interface Props {
  planId: number;
  /** 打开已有的待确认导入 */
  importId?: number | null;
  onClose: () => void;
  /** 写入、放弃或新记了一条待确认的导入之后 */
  onChanged: () => void;
}

export default function ImportPreviewDialog({ planId, importId, onClose, onChanged }: Props) {
  const t = useT();
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState(Boolean(importId));
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  const fail = (err: unknown) => {
    if (err instanceof ApiClientError) {
      const d = (err.data ?? {}) as Partial<Failure>;
      setFailure({ message: err.message, total: d.total, errorCount: d.errorCount, errors: d.errors ?? [], errorFileUrl: d.errorFileUrl ?? null });
    } else setFailure({ message: t('list.import.failed'), errors: [], errorFileUrl: null });
  };

  useEffect(() => {
    if (!importId) return;
    let live = true;
    callApi<ImportPreview>({ path: '/examaff/student/impStuPreview', method: 'POST' }, { importId }, { silent: true })
      .then((p) => live && setPreview(p))
      .catch((err: unknown) => live && fail(err))
      .finally(() => live && setBusy(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [importId]);

  const upload = async (file: File) => {
    if (!/\.xlsx$/i.test(file.name)) {
      setFailure({ message: t('list.import.onlyXlsx'), errors: [], errorFileUrl: null });
      return;
    }
    const form = new FormData();
    form.append('planId', String(planId));
    form.append('file', file);
    setBusy(true);
    setFailure(null);
    try {
      setPreview(await callApi<ImportPreview>({ path: '/examaff/student/impStu', method: 'POST' }, form as never, { silent: true }));
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
      if (action === 'commit') {
        const r = await callApi<{ total: number }>({ path: '/examaff/student/impStuCommit', method: 'POST' }, { importId: preview.importId }, { silent: true });
        void message.success(t('已写入 {total} 名考生', { total: r.total }));
      } else {
        await callApi({ path: '/examaff/student/impStuDiscard', method: 'POST' }, { importId: preview.importId });
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

  const confirmDiscard = () =>
    modal.confirm({
      title: t('list.confirm.title'),
      content: t('放弃这次导入？文件中的考生不会写入。'),
      okText: t('list.common.ok'),
      cancelText: t('list.common.cancel'),
      okButtonProps: { danger: true },
      onOk: () => resolve('discard'),
    });

  const footer = preview?.importId
    ? [
        <Button key="discard" danger disabled={busy} onClick={confirmDiscard} data-testid="import-discard">
          {t('放弃导入')}
        </Button>,
        <Button key="commit" type="primary" loading={busy} onClick={() => void resolve('commit')} data-testid="import-commit">
          {t('确认导入 {total} 名考生', { total: preview.total })}
        </Button>,
      ]
    : [
        <Button key="close" onClick={onClose}>
          {t('list.common.close')}
        </Button>,
      ];

  return (
    <Modal open title={t('导入考生')} width={760} onCancel={busy ? undefined : onClose} mask={{ closable: false }} footer={footer} destroyOnHidden>
      <Space orientation="vertical" size={16} style={{ width: '100%', marginTop: 8 }} data-testid="examinee-import">
        {!preview && !importId && (
          <>
            <Typography.Text type="secondary">
              {t('先预览：全部校验并检查报考资格，不写入考生；确认后才写入。身份证号一列请设为“文本”格式。')}
            </Typography.Text>
            <Button icon={<DownloadOutlined />} onClick={() => void apiDownload('/examaff/student/importTemplate', undefined, { method: 'GET' }).catch(() => undefined)}>
              {t('list.import.template')}
            </Button>
            <XlsxDropZone busy={busy} onFile={(file) => void upload(file)} testId="examinee-import-upload" />
          </>
        )}
        {preview && (
          <div data-testid="import-preview">
            <Alert
              type={preview.refusedCount || preview.warningCount ? 'warning' : 'success'}
              showIcon
              title={t('「{file}」共 {total} 行，全部校验通过，尚未写入', { file: preview.fileName, total: preview.total })}
              description={t('报考资格：提示 {warning} 人，不符合 {refused} 人（不符合的考生不能安排考场）', { warning: preview.warningCount, refused: preview.refusedCount })}
            />
            {preview.warnings.length > 0 && (
              <Table
                size="small"
                style={{ marginTop: 12 }}
                rowKey={(r) => `${r.row}-${r.message}`}
                dataSource={preview.warnings}
                pagination={false}
                scroll={{ y: 280 }}
                columns={[
                  { title: t('list.import.colRow'), dataIndex: 'row', width: 72 },
                  {
                    title: t('报考资格'),
                    dataIndex: 'qualification',
                    width: 100,
                    render: (q: number) => <Tag color={q === QUALIFICATION.REFUSED ? 'error' : 'warning'}>{q === QUALIFICATION.REFUSED ? t('不符合') : t('提示')}</Tag>,
                  },
                  { title: t('list.import.colReason'), dataIndex: 'message' },
                ]}
              />
            )}
          </div>
        )}
        {failure && (
          <div data-testid="import-errors">
            <Alert
              type="error"
              showIcon
              title={failure.message}
              description={failure.total !== undefined ? t('list.import.summary', { total: failure.total, errors: failure.errorCount ?? 0 }) : undefined}
              action={
                failure.errorFileUrl ? (
                  <Button size="small" danger icon={<DownloadOutlined />} onClick={() => void apiDownload(withoutApiPrefix(failure.errorFileUrl!)).catch(() => undefined)} data-testid="import-error-download">
                    {t('list.import.errorFile')}
                  </Button>
                ) : undefined
              }
            />
            {failure.errors.length > 0 && (
              <Table
                size="small"
                style={{ marginTop: 12 }}
                rowKey={(r) => `${r.row}-${r.column}-${r.message}`}
                dataSource={failure.errors}
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
        )}
      </Space>
    </Modal>
  );
}

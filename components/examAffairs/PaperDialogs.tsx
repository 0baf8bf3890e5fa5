'use client';
// 试卷的两个对话框：分发（题库试卷或离线试卷，到本考场或该场次全部考场）与开考后查看（题库试卷的题目、PDF 下载）。
import { useEffect, useState } from 'react';
import { Alert, App, Button, Checkbox, Divider, Empty, Form, Modal, Radio, Select, Space, Spin, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { apiDownload, apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import type { PaperPreview, RoomPaperItem } from '@/lib/domains/examAffairs/schemas';

interface Opt {
  id: number;
  label: string;
}

export function DistributeDialog({ row, onClose, onSaved }: { row: RoomPaperItem; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [source, setSource] = useState<'bank' | 'offline'>('bank');
  const [bank, setBank] = useState<Opt[] | null>(null);
  const [offline, setOffline] = useState<Opt[] | null>(null);
  const [paperId, setPaperId] = useState<number>();
  const [allRooms, setAllRooms] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    void apiPost('/exaAff/bankPapers', { sessionId: row.sessionId }, { silent: true })
      .then((list) => {
        if (!alive) return;
        setBank(list);
        if (!list.length) setSource('offline');
      })
      .catch(() => alive && setBank([]));
    void apiPost('/exaAff/offlinePaperList', { planId: row.planId, pageSize: 100 }, { silent: true })
      .then((page) => alive && setOffline(page.list.map((p) => ({ id: p.id, label: p.subjectName ? `${p.name}（${t(p.subjectName)}）` : p.name }))))
      .catch(() => alive && setOffline([]));
    return () => {
      alive = false;
    };
  }, [row, t]);

  const options = source === 'bank' ? bank : offline;
  const save = async () => {
    if (!paperId) return;
    setSaving(true);
    setError(null);
    try {
      const roomIds = allRooms ? undefined : [row.roomId];
      if (source === 'bank') await apiPost('/exaAff/distributePaper', { sessionId: row.sessionId, paperId, roomIds }, { silent: true });
      else await apiPost('/exaAff/paperMatchPlaces', { sessionId: row.sessionId, offlinePaperId: paperId, roomIds }, { silent: true });
      void message.success(t('分发成功'));
      onSaved();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={560}
      title={t('分发试卷：{session} {room}', { session: row.sessionName, room: row.roomName })}
      okText={t('分发')}
      cancelText={t('取消')}
      okButtonProps={{ disabled: !paperId, ...{ 'data-testid': 'distribute-ok' } }}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
    >
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={error} />}
      <Form layout="vertical" data-testid="distribute-dialog">
        <Form.Item label={t('试卷来源')}>
          <Radio.Group
            value={source}
            onChange={(e) => {
              setSource(e.target.value as 'bank' | 'offline');
              setPaperId(undefined);
            }}
            options={[
              { value: 'bank', label: t('题库组卷') },
              { value: 'offline', label: t('离线试卷') },
            ]}
          />
        </Form.Item>
        <Form.Item
          label={t('试卷')}
          required
          help={source === 'bank' ? t('本机构启用的、工种在计划内的试卷') : t('先在“离线试卷”中上传 PDF 试卷')}
        >
          <Select
            value={paperId}
            onChange={setPaperId}
            loading={options === null}
            placeholder={t('请选择试卷')}
            notFoundContent={options === null ? <Spin size="small" /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('暂无可用的试卷')} />}
            options={(options ?? []).map((o) => ({ value: o.id, label: o.label }))}
            data-testid="distribute-paper"
          />
        </Form.Item>
        <Checkbox checked={allRooms} onChange={(e) => setAllRooms(e.target.checked)}>
          {t('同时分发到该场次的全部考场')}
        </Checkbox>
      </Form>
    </Modal>
  );
}

export function PreviewDialog({ row, onClose }: { row: RoomPaperItem; onClose: () => void }) {
  const t = useT();
  const [preview, setPreview] = useState<PaperPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    apiPost('/exaAff/paperPreview', { id: row.roomPaperId }, { silent: true })
      .then((p) => alive && setPreview(p))
      .catch((e: Error) => alive && setError(e.message));
    return () => {
      alive = false;
    };
  }, [row]);

  const download = async () => {
    setBusy(true);
    try {
      await apiDownload('/exaAff/paperFile', undefined, { method: 'GET', query: { id: row.roomPaperId! } });
    } catch {
      // 已提示
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={820}
      title={t('试卷：{session} {room}', { session: row.sessionName, room: row.roomName })}
      onCancel={onClose}
      footer={
        <Space>
          <Button icon={<DownloadOutlined />} loading={busy} disabled={!preview} onClick={() => void download()}>
            {t('下载 PDF')}
          </Button>
          <Button onClick={onClose}>{t('关闭')}</Button>
        </Space>
      }
    >
      <div data-testid="paper-preview">
        {error ? (
          <Alert type="warning" showIcon title={error} />
        ) : !preview ? (
          <Spin />
        ) : preview.source === 1 ? (
          <div style={{ maxHeight: '60vh', overflow: 'auto' }}>
            <Typography.Title level={4} style={{ textAlign: 'center' }}>
              {preview.paper.title}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
              {t('满分 {score} 分', { score: preview.paper.totalScore })}
              {preview.paper.durationMinutes ? ` · ${t('考试时间 {minutes} 分钟', { minutes: preview.paper.durationMinutes })}` : ''}
            </Typography.Paragraph>
            {preview.paper.sections.map((s) => (
              <div key={s.type}>
                <Divider titlePlacement="start">{t(s.typeLabel)}</Divider>
                {s.questions.map((q) => (
                  <div key={q.no} style={{ marginBottom: 8 }}>
                    <Typography.Text>
                      {q.no}. {q.stem}（{t('{score} 分', { score: q.score })}）
                    </Typography.Text>
                    {q.options.map((o) => (
                      <div key={o.key} style={{ paddingLeft: 20 }}>
                        {o.key}. {o.text}
                      </div>
                    ))}
                  </div>
                ))}
              </div>
            ))}
          </div>
        ) : (
          <Typography.Paragraph>{t('离线试卷「{name}」（{file}），请下载 PDF 查看。', { name: preview.name, file: preview.fileName })}</Typography.Paragraph>
        )}
      </div>
    </Modal>
  );
}

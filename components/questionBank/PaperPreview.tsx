'use client';
// 试卷预览：按题型分大题、连续编号；可切换显示答案与解析；下载 PDF（含或不含答案）。
import { useEffect, useState } from 'react';
import { Alert, Button, Divider, Empty, Modal, Space, Spin, Switch, Typography } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { apiDownload, apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import type { RenderedPaper } from '@/lib/domains/questionBank/schemas';

const CN_NUMBERS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

export default function PaperPreview({ paperId, onClose }: { paperId: number | null; onClose: () => void }) {
  const t = useT();
  const [withAnswers, setWithAnswers] = useState(false);
  const [downloading, setDownloading] = useState(false);
  // 按请求记下结果：换试卷或切换答案时，旧结果与当前请求不符即显示加载中
  const key = `${paperId}:${withAnswers}`;
  const [loaded, setLoaded] = useState<{ key: string; paper?: RenderedPaper; error?: string } | null>(null);
  const paper = loaded?.key === key ? (loaded.paper ?? null) : null;
  const error = loaded?.key === key ? (loaded.error ?? null) : null;

  useEffect(() => {
    if (paperId === null) return;
    let alive = true;
    apiPost('/tes/paper/preview', { id: paperId, withAnswers }, { silent: true }).then(
      (p) => alive && setLoaded({ key: `${paperId}:${withAnswers}`, paper: p }),
      (e: unknown) => alive && setLoaded({ key: `${paperId}:${withAnswers}`, error: e instanceof Error ? e.message : t('list.form.loadFailed') }),
    );
    return () => {
      alive = false;
    };
  }, [paperId, withAnswers, t]);

  const download = async () => {
    if (paperId === null) return;
    setDownloading(true);
    try {
      await apiDownload('/tes/paper/pdf', { id: paperId, withAnswers }, { method: 'POST' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Modal
      open={paperId !== null}
      title={t('试卷预览')}
      width={860}
      onCancel={onClose}
      footer={
        <Space>
          <Switch checked={withAnswers} onChange={setWithAnswers} data-testid="paper-preview-answers" />
          <span>{t('显示答案与解析')}</span>
          <Button icon={<FilePdfOutlined />} loading={downloading} onClick={() => void download()} data-testid="paper-preview-pdf">
            {t('下载 PDF')}
          </Button>
          <Button type="primary" onClick={onClose}>
            {t('关闭')}
          </Button>
        </Space>
      }
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} />}
      {!paper && !error && <Spin style={{ display: 'block', margin: '40px auto' }} />}
      {paper && (
        <div data-testid="paper-preview" style={{ maxHeight: '65vh', overflowY: 'auto', paddingRight: 8 }}>
          <Typography.Title level={4} style={{ textAlign: 'center', marginBottom: 4 }}>
            {paper.title}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
            {t('满分 {score} 分', { score: paper.totalScore })}
            {paper.durationMinutes ? `　${t('考试时间 {minutes} 分钟', { minutes: paper.durationMinutes })}` : ''}
          </Typography.Paragraph>
          {paper.sections.length === 0 && <Empty description={t('试卷没有试题')} />}
          {paper.sections.map((s, i) => (
            <div key={s.type} data-testid={`paper-section-${s.type}`}>
              <Divider titlePlacement="start" style={{ marginTop: 8 }}>
                {t('{no}、{type}（共 {count} 题）', { no: CN_NUMBERS[i] ?? i + 1, type: t(s.typeLabel), count: s.questions.length })}
              </Divider>
              {s.questions.map((q) => (
                <div key={q.id} style={{ marginBottom: 12 }}>
                  <Typography.Text>{`${q.no}. ${q.stem}`}</Typography.Text>
                  <Typography.Text type="secondary">{` ${t('（{score} 分）', { score: q.score })}`}</Typography.Text>
                  {q.options.map((o) => (
                    <div key={o.key} style={{ paddingLeft: 20 }}>{`${o.key}. ${o.text}`}</div>
                  ))}
                  {q.answer !== undefined && (
                    <div style={{ paddingLeft: 20, color: '#1f6f43' }}>
                      {t('答案：{answer}', { answer: q.answer })}
                      {q.analysis && <div style={{ color: 'var(--ant-color-text-tertiary)' }}>{t('解析：{analysis}', { analysis: q.analysis })}</div>}
                    </div>
                  )}
                </div>
              ))}
            </div>
          ))}
        </div>
      )}
    </Modal>
  );
}

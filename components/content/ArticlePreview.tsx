'use client';
// 文章预览：按门户文章页的版式显示标题、发布信息、封面、正文与附件。正文是服务端清洗过的 HTML（读出时再清洗一遍）。
import { useEffect, useState } from 'react';
import { Alert, Modal, Spin, Tag } from 'antd';
import { ArticleBody } from './ArticleBody';
import { apiPost, ApiClientError } from '@/components/api-client';
import { Tx, useT } from '@/lib/i18n/client';
import type { ArticleDetail } from '@/lib/domains/content/schemas';
import { SCHEDULED_LABEL, type ArticleKind } from '@/lib/domains/content/transitions';
import { readerPath } from './paths';
import styles from './content.module.css';

export default function ArticlePreview({ kind, id, onClose }: { kind: ArticleKind; id: number; onClose: () => void }) {
  const t = useT();
  const [detail, setDetail] = useState<ArticleDetail | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    apiPost(`/sys/content/${kind}/detail`, { id }, { silent: true }).then(
      (d) => alive && setDetail(d),
      (err: unknown) => alive && setError(err instanceof ApiClientError ? err.message : t('list.form.loadFailed')),
    );
    return () => {
      alive = false;
    };
  }, [kind, id, t]);

  const live = detail?.live ?? false;
  return (
    <Modal open title={t('预览')} width={880} footer={null} onCancel={onClose} destroyOnHidden>
      {error && <Alert type="error" showIcon title={error} />}
      {!detail && !error && <Spin style={{ display: 'block', margin: '48px auto' }} />}
      {detail && (
        <div data-testid="article-preview">
          <h2 className={styles.previewTitle}>{detail.title}</h2>
          <div className={styles.previewMeta}>
            <span>
              <Tx text={detail.category} />
            </span>
            <span>
              <Tx text={detail.scopeName} />
            </span>
            <span>{detail.publishTime ? t('发布时间：{time}', { time: detail.publishTime }) : t('未发布')}</span>
            {detail.scheduled && (
              <Tag color="blue">
                <Tx text={SCHEDULED_LABEL} />
              </Tag>
            )}
            <span>{t('阅读 {count} 次', { count: detail.readCount })}</span>
            {live && (
              <a href={readerPath(kind, detail.id)} target="_blank" rel="noopener noreferrer">
                {t('在门户中查看')}
              </a>
            )}
          </div>
          <div className={styles.previewBody}>
            <ArticleBody coverUrl={detail.coverUrl} body={detail.body} attachments={detail.attachments} attachmentsTitle={t('附件')} coverMaxHeight={240} />
          </div>
        </div>
      )}
    </Modal>
  );
}

'use client';
// 403 / 404 / 500 的统一结果页（SPEC §2 错误页）：中文说明与"返回首页"；500 另给出错误编号便于对照服务端日志。
import { Button, Result, Typography } from 'antd';
import { useT } from '@/lib/i18n/client';
import styles from './error-result.module.css';

export type ErrorStatus = 403 | 404 | 500;

export interface ErrorResultProps {
  status: ErrorStatus;
  /** "返回首页"的去处：已登录为工作台，否则为门户首页 */
  homeHref?: string;
  /** 500：错误编号（请求编号或 Next 的 digest） */
  requestId?: string;
  /** 500：重试（错误边界提供） */
  onRetry?: () => void;
  /** true：嵌在门户框架内容区里；否则占满整页 */
  inline?: boolean;
  /** 403：服务端给出的具体原因 */
  detail?: string;
}

export default function ErrorResult({ status, homeHref = '/', requestId, onRetry, inline, detail }: ErrorResultProps) {
  const t = useT();
  return (
    <div className={inline ? styles.inline : styles.page} data-testid={`error-${status}`}>
      <Result
        status={status === 403 ? '403' : status === 404 ? '404' : '500'}
        title={String(status)}
        subTitle={
          <>
            <div>{detail || t(`shell.error.${status}`)}</div>
            {requestId && (
              <Typography.Text type="secondary" className={styles.requestId}>
                {t('shell.error.requestId', { id: requestId })}
              </Typography.Text>
            )}
          </>
        }
        extra={
          <div className={styles.actions}>
            {onRetry && <Button onClick={onRetry}>{t('shell.error.retry')}</Button>}
            {/* 整页跳转：出错后不复用可能已损坏的客户端状态 */}
            <Button type="primary" href={homeHref}>
              {t('shell.error.backHome')}
            </Button>
          </div>
        }
      />
    </div>
  );
}

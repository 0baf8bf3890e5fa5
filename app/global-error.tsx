'use client';
// 根布局本身出错时的 500 页：替代根布局，须自带 <html>/<body> 与文字（此时没有根布局的语言上下文，用默认语言）。
import { useEffect } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import ErrorResult from '@/components/shell/ErrorResult';
import { DEFAULT_LOCALE, getMessages, translate } from '@/lib/i18n';
import { I18nProvider } from '@/lib/i18n/client';
import './globals.css';

export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const messages = getMessages(DEFAULT_LOCALE);
  const digest = error instanceof Error ? (error as Error & { digest?: string }).digest : undefined;
  return (
    <html lang={DEFAULT_LOCALE}>
      <body>
        <title>{translate(messages, 'shell.error.title500')}</title>
        <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1890FF' } }}>
          <I18nProvider locale={DEFAULT_LOCALE} messages={messages}>
            <ErrorResult status={500} requestId={digest} onRetry={retry} />
          </I18nProvider>
        </ConfigProvider>
      </body>
    </html>
  );
}

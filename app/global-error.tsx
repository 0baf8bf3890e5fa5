'use client';
// 根布局本身出错时的 500 页：替代根布局，须自带 <html>/<body> 与文字（此时没有根布局的语言上下文，用默认语言）。
import { useEffect } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import ErrorResult from '@/components/shell/ErrorResult';
import { DEFAULT_LOCALE, translate } from '@/lib/i18n/locales';
import { shellMessages } from '@/lib/i18n/messages/shell';
import { I18nProvider } from '@/lib/i18n/client';
import './globals.css';

export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  // 只带门户框架的中文：错误页是根布局的错误边界，与每页的代码一起下载，不能带上全部目录
  const messages = shellMessages['zh-CN'];
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

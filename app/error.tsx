'use client';
// 页面渲染出错（500）：显示错误编号（服务端错误的 digest，可在服务端日志中查到）与重试。
import { useEffect } from 'react';
import ErrorResult from '@/components/shell/ErrorResult';

export default function RouteError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const digest = error instanceof Error ? (error as Error & { digest?: string }).digest : undefined;
  return <ErrorResult status={500} requestId={digest} onRetry={retry} />;
}

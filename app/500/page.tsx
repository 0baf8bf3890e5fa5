// /500：服务器异常（SPEC §2 固定路径）。?requestId= 带来接口返回的请求编号时一并显示，便于对照服务端日志。
import type { Metadata } from 'next';
import ErrorResult from '@/components/shell/ErrorResult';
import { homeHrefForRequest } from '@/components/shell/data';
import { getT } from '@/lib/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT())('shell.error.title500') };
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

export default async function ServerErrorPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).requestId;
  const requestId = typeof raw === 'string' && REQUEST_ID.test(raw) ? raw : undefined;
  return <ErrorResult status={500} homeHref={await homeHrefForRequest()} requestId={requestId} />;
}

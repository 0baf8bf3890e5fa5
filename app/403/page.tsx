// /403：无权访问（SPEC §2 固定路径）。
import type { Metadata } from 'next';
import ErrorResult from '@/components/shell/ErrorResult';
import { homeHrefForRequest } from '@/components/shell/data';
import { getT } from '@/lib/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT())('shell.error.title403') };
}

export default async function ForbiddenPage() {
  return <ErrorResult status={403} homeHref={await homeHrefForRequest()} />;
}

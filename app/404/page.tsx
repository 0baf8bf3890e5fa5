// /404：与未知路径相同的说明，占满整页（SPEC §2 固定路径）。
import type { Metadata } from 'next';
import ErrorResult from '@/components/shell/ErrorResult';
import { homeHrefForRequest } from '@/components/shell/data';
import { getT } from '@/lib/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT())('shell.error.title404') };
}

export default async function NotFoundPage() {
  return <ErrorResult status={404} homeHref={await homeHrefForRequest()} />;
}

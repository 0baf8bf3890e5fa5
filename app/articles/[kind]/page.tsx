// 门户栏目页（免登录）：/articles/notice|news|policy|help，?category= 分类、?page= 页码。
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ReaderListPage } from '@/components/content/ReaderPages';
import { isArticleKind } from '@/components/content/paths';
import { KIND_LABEL } from '@/lib/domains/content/transitions';
import { getT } from '@/lib/i18n/server';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ kind: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { kind } = await params;
  if (!isArticleKind(kind)) return {};
  const t = await getT();
  return { title: t(KIND_LABEL[kind]) };
}

export default async function ArticleListRoute({ params, searchParams }: Params) {
  const [{ kind }, query] = await Promise.all([params, searchParams]);
  if (!isArticleKind(kind)) notFound();
  const category = typeof query.category === 'string' ? query.category : undefined;
  const page = Number(typeof query.page === 'string' ? query.page : 1);
  const pageNo = Number.isInteger(page) && page >= 1 && page <= 100000 ? page : 1;
  return <ReaderListPage kind={kind} category={category} pageNo={pageNo} />;
}

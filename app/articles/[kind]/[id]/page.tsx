// 门户文章页（免登录）：/articles/<类别>/<编号>。只显示已发布且到发布时间的文章，其他一律“未找到”；类别不符时转到正确的地址。
import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { ReaderArticlePage, readOnce } from '@/components/content/ReaderPages';
import { isArticleKind, readerPath } from '@/components/content/paths';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ kind: string; id: string }> };

const idOf = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : null);

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { id } = await params;
  const n = idOf(id);
  const article = n === null ? null : await readOnce(n);
  if (!article) return {};
  return { title: article.title, description: article.summary };
}

export default async function ArticleRoute({ params }: Params) {
  const { kind, id } = await params;
  const n = idOf(id);
  if (!isArticleKind(kind) || n === null) notFound();
  const article = await readOnce(n);
  if (!article) notFound();
  if (article.kind !== kind) permanentRedirect(readerPath(article.kind, article.id));
  return <ReaderArticlePage article={article} />;
}

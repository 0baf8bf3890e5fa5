// 门户栏目页与文章页的地址（公开，免登录）。
import { ARTICLE_KINDS, type ArticleKind } from '@/lib/domains/content/transitions';

export const READER_BASE = '/articles';

export const listPath = (kind: ArticleKind, query?: { category?: string; page?: number }) => {
  const params = new URLSearchParams();
  if (query?.category) params.set('category', query.category);
  if (query?.page && query.page > 1) params.set('page', String(query.page));
  const qs = params.toString();
  return `${READER_BASE}/${kind}${qs ? `?${qs}` : ''}`;
};

export const readerPath = (kind: ArticleKind, id: number) => `${READER_BASE}/${kind}/${id}`;

export const isArticleKind = (v: string): v is ArticleKind => (ARTICLE_KINDS as readonly string[]).includes(v);

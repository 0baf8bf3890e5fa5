// 文章交给工作流引擎的声明：表、读取（范围）、附带动作（发布时间、发布人）与历史。转换与操作在 transitions.ts。
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { SessionUser } from '@/lib/platform/auth/session';
import { assertInScope } from '@/lib/platform/auth/scope';
import { defineWorkflow } from '@/lib/platform/workflow';
import { articleHistory, articles, type ArticleRow } from './tables';
import { ACTOR_LABEL, KIND_LABEL, OPERATIONS, STATUS_LABEL, TRANSITIONS, type Actor, type ArticleKind, type ArticleOperation, type TransitionAction } from './transitions';

export type ArticleSubject = ArticleRow & { kind: ArticleKind };

/** 读一篇本人范围内的文章；范围外的 404 */
export async function loadAnyArticle(db: Db, user: SessionUser, id: number): Promise<ArticleSubject> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id));
  return assertInScope(user, row, '文章') as ArticleSubject;
}

export const articleWorkflow = defineWorkflow<ArticleSubject, TransitionAction, Actor, string, ArticleOperation>({
  key: 'article',
  label: '文章',
  entity: 'content_article',
  table: articles,
  id: articles.id,
  position: { status: articles.status },
  updatedAt: articles.updatedAt,
  labels: { status: STATUS_LABEL },
  actors: ACTOR_LABEL,
  actorLevels: { editor: ['province', 'city'] },
  // 省级、市级管理员管理范围内的文章（范围由读取与列表检查）
  actorsOf: (user) => (user.level === 'province' || user.level === 'city' ? ['editor'] : []),
  transitions: TRANSITIONS,
  operations: OPERATIONS,
  load: loadAnyArticle,
  describe: (a) => `${KIND_LABEL[a.kind]}“${a.title}”`,
  history: { table: articleHistory, values: (a) => ({ articleId: a.id }) },
  effect: (_tx, a, { action, session, now }) =>
    action === 'publish'
      ? // 发布时间：调用方在同一事务里先写入请求的时间（晚于现在即定时发布），没有或已过则为现在
        { publishAt: a.publishAt && a.publishAt > now ? a.publishAt : now, publishedBy: session.user.id, updatedBy: session.user.id }
      : { updatedBy: session.user.id },
});

// 门户内容的演示数据：文章（见 seed-articles.ts）与轮播图。可重复执行：按（类别、范围、标题）判重，已有的不动。
import { inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { users } from '../user/tables';
import { richTextToPlain } from '@/lib/platform/html/sanitize';
import { seedBanners } from './seed-banners';
import { SEED_ARTICLES } from './seed-articles';
import { articles } from './tables';
import { ARTICLE_STATUS } from './transitions';

const DAY = 86_400_000;
const CITY_IDS = { sjz: 130100, bd: 130600 } as const;
/** 各范围的发布人：全省由省级管理员，两市由各自的市级管理员 */
const AUTHOR = { province: 'admin', sjz: 'sjz_admin', bd: 'bd_admin' } as const;

export async function seedContent(db: Db): Promise<void> {
  const authors = await db
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(inArray(users.account, Object.values(AUTHOR)));
  const idOf = new Map(authors.map((u) => [u.account, u.id]));
  const now = Date.now();
  const rows = SEED_ARTICLES.map((a) => {
    const author = idOf.get(AUTHOR[a.city ?? 'province']) ?? null;
    const publishAt = a.days === null ? null : new Date(now - a.days * DAY);
    const status = a.days === null ? ARTICLE_STATUS.DRAFT : a.withdrawn ? ARTICLE_STATUS.WITHDRAWN : ARTICLE_STATUS.PUBLISHED;
    return {
      kind: a.kind,
      title: a.title,
      category: a.category,
      // 摘要不填时取正文前 120 字（与服务的保存规则相同）
      summary: a.summary ?? richTextToPlain(a.body).slice(0, 120),
      body: a.body,
      status,
      publishAt,
      top: a.top ?? false,
      cityId: a.city ? CITY_IDS[a.city] : null,
      readCount: a.reads ?? 0,
      createdBy: author,
      updatedBy: author,
      publishedBy: publishAt ? author : null,
      createdAt: new Date(now - Math.max(a.days ?? 1, 1) * DAY - 3600_000),
      updatedAt: publishAt && publishAt.getTime() < now ? publishAt : new Date(now - DAY),
    };
  });
  await db.insert(articles).values(rows).onConflictDoNothing();
  await seedBanners(db, idOf.get(AUTHOR.province) ?? null);
}

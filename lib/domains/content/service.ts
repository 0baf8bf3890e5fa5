// 门户内容的规则：文章（四类共用）与轮播图的管理、发布与撤回，公开读取与阅读数。
// 范围：省级管理全部，市级只管本市发布的（其他市的与全省的一律 404）；发布范围只取自会话与本规则，不信任客户端。
import { aliasedTable, and, asc, count, desc, eq, gt, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import type { Session, SessionUser } from '@/lib/platform/auth/session';
import { assertInScope, scopeWhere } from '@/lib/platform/auth/scope';
import { fetchPage } from '@/lib/platform/db/paged';
import { containsPattern } from '@/lib/platform/db/like';
import { withUniqueMessage } from '@/lib/platform/db/save-row';
import { richTextToPlain, sanitizeRichText } from '@/lib/platform/html/sanitize';
import { formatBeijing } from '@/lib/platform/time';
import { areas } from '../area/tables';
import { users } from '../user/tables';
import { assertImages, attachContentFiles, detachContentFiles, originalNames, setContentFilesPublic, uploadedUrlsIn } from './files';
import { articleWorkflow } from './workflow';
import { articles, banners, type ArticleAttachment, type ArticleRow, type BannerRow } from './tables';
import {
  ARTICLE_STATUS,
  EDITABLE_STATUSES,
  KIND_LABEL,
  FILTER_STATUS,
  statusLabel,
  type ArticleKind,
  type ArticleStatus,
  type TransitionAction,
} from './transitions';
import {
  PROVINCE_WIDE,
  type ArticleDetail,
  type ArticleItem,
  type ArticleListFilter,
  type ArticleSave,
  type BannerItem,
  type PublicArticle,
  type PublicArticleItem,
} from './schemas';
import type { z } from 'zod';
import type { AnnouncementsInput, BannerListInput, BannerSaveInput, PublicArticlesInput } from './schemas';

/** 摘要不填时取正文的前若干字 */
const SUMMARY_CHARS = 120;
/** 没有市名（全省）时的发布范围名称 */
export const PROVINCE_SCOPE_NAME = '全省';

const displayName = (u: { realName: string | null; nickName: string | null }) => u.realName || u.nickName || null;
const beijingToday = () => formatBeijing(new Date()).slice(0, 10);

// ---------------------------------------------------------------- 发布范围

/**
 * 保存时的发布范围（city_id）：省级可选全省（0）或任一市；市级只能是本市，要全省或别的市即拒绝；其他层级不能发布。
 * requested 为空：新增时取本人范围，修改时不变（current）。
 */
async function resolveScope(db: Db, user: SessionUser, requested: number | undefined, current?: number | null): Promise<number | null> {
  if (user.level === 'province') {
    if (requested === undefined) return current === undefined ? null : current;
    if (requested === PROVINCE_WIDE) return null;
    const [city] = await db
      .select({ id: areas.id })
      .from(areas)
      .where(and(eq(areas.id, requested), eq(areas.level, 2)));
    if (!city) throw ApiError.badRequest('发布范围不正确：请选择全省或一个市', { cityId: '请选择全省或一个市' });
    return city.id;
  }
  if (user.level === 'city' && user.cityId !== null) {
    if (requested === PROVINCE_WIDE) throw ApiError.forbidden('市级管理员只能发布本市的内容，不能发布全省范围的内容');
    if (requested !== undefined && requested !== user.cityId) throw ApiError.forbidden('市级管理员只能发布本市的内容');
    return user.cityId;
  }
  throw ApiError.forbidden('只有省级或市级管理员可以发布门户内容');
}

/** 列表筛选的范围条件：0 为全省的，正数为该市的 */
const scopeFilter = (col: typeof articles.cityId | typeof banners.cityId, cityId: number | undefined) =>
  cityId === undefined ? undefined : cityId === PROVINCE_WIDE ? isNull(col) : eq(col, cityId);

// ---------------------------------------------------------------- 文章：管理

const updater = aliasedTable(users, 'updater');
const creator = aliasedTable(users, 'creator');

const itemSelect = {
  row: articles,
  cityName: areas.name,
  updaterReal: updater.realName,
  updaterNick: updater.nickName,
};

function articleItem(r: { row: ArticleRow; cityName: string | null; updaterReal: string | null; updaterNick: string | null }, session: Session): ArticleItem {
  const a = r.row;
  const status = a.status as ArticleStatus;
  const kind = a.kind as ArticleKind;
  return {
    id: a.id,
    kind,
    title: a.title,
    category: a.category,
    status,
    statusName: statusLabel(status),
    scheduled: status === ARTICLE_STATUS.PUBLISHED && a.publishAt !== null && a.publishAt.getTime() > Date.now(),
    live: status === ARTICLE_STATUS.PUBLISHED && a.publishAt !== null && a.publishAt.getTime() <= Date.now(),
    top: a.top,
    sort: a.sort,
    cityId: a.cityId,
    scopeName: r.cityName ?? PROVINCE_SCOPE_NAME,
    coverUrl: a.coverUrl,
    readCount: a.readCount,
    publishTime: a.publishAt ? formatBeijing(a.publishAt) : null,
    updateTime: formatBeijing(a.updatedAt),
    updatedByName: displayName({ realName: r.updaterReal, nickName: r.updaterNick }),
    actions: articleWorkflow.availableActions({ ...a, kind }, session),
  };
}

function listWhere(user: SessionUser, kind: ArticleKind, f: ArticleListFilter): SQL | undefined {
  const now = new Date();
  let status: SQL | undefined;
  if (f.status === 'scheduled') status = and(eq(articles.status, ARTICLE_STATUS.PUBLISHED), gt(articles.publishAt, now));
  else if (f.status === 'published') status = and(eq(articles.status, ARTICLE_STATUS.PUBLISHED), lte(articles.publishAt, now));
  else if (f.status) status = eq(articles.status, FILTER_STATUS[f.status]);
  return and(
    eq(articles.kind, kind),
    scopeWhere(user, { cityId: articles.cityId }),
    f.title ? ilike(articles.title, containsPattern(f.title)) : undefined,
    f.category ? eq(articles.category, f.category) : undefined,
    scopeFilter(articles.cityId, f.cityId),
    status,
  );
}

/** 管理列表：本人范围内的某类文章，置顶与排序号在前，其余新改的在前；每行带当前用户可做的操作 */
export async function listArticles(db: Db, session: Session, { kind, ...f }: ArticleListFilter & { kind: ArticleKind }, page: Page): Promise<PageResult<ArticleItem>> {
  const where = listWhere(session.user, kind, f);
  return fetchPage(
    page,
    db
      .select(itemSelect)
      .from(articles)
      .leftJoin(areas, eq(areas.id, articles.cityId))
      .leftJoin(updater, eq(updater.id, articles.updatedBy))
      .where(where)
      .orderBy(desc(articles.top), asc(articles.sort), desc(articles.updatedAt), desc(articles.id)),
    db.select({ total: count() }).from(articles).where(where),
    (rows) => rows.map((r) => articleItem(r, session)),
  );
}

/** 读一篇本人范围内的某类文章；别的类、范围外的一律 404 */
async function loadArticle(db: Db, user: SessionUser, kind: ArticleKind, id: number): Promise<ArticleRow> {
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.id, id), eq(articles.kind, kind)));
  return assertInScope(user, row, KIND_LABEL[kind]);
}

const attachmentsOf = (a: ArticleRow) => (a.attachments ?? []).map((x) => ({ url: x.url, name: x.name }));

/** 详情（编辑表单与预览）：正文读出时再清洗一遍 */
export async function getArticle(db: Db, session: Session, { kind, id }: { kind: ArticleKind; id: number }): Promise<ArticleDetail> {
  await loadArticle(db, session.user, kind, id);
  const [r] = await db
    .select({ ...itemSelect, creatorReal: creator.realName, creatorNick: creator.nickName })
    .from(articles)
    .leftJoin(areas, eq(areas.id, articles.cityId))
    .leftJoin(updater, eq(updater.id, articles.updatedBy))
    .leftJoin(creator, eq(creator.id, articles.createdBy))
    .where(eq(articles.id, id));
  return {
    ...articleItem(r, session),
    summary: r.row.summary,
    body: sanitizeRichText(r.row.body),
    attachments: attachmentsOf(r.row),
    createTime: formatBeijing(r.row.createdAt),
    createdByName: displayName({ realName: r.creatorReal, nickName: r.creatorNick }),
  };
}

/** 附件：地址去重，名称取给出的、上传时的原名，都没有时取地址里的文件名 */
async function normaliseAttachments(db: Db, input: ArticleSave['attachments']): Promise<ArticleAttachment[]> {
  const list = (input ?? []).map((a) => (typeof a === 'string' ? { url: a, name: '' } : { url: a.url, name: a.name ?? '' }));
  const unique = [...new Map(list.map((a) => [a.url, a])).values()];
  const missing = unique.filter((a) => !a.name).map((a) => a.url);
  const names = missing.length ? await originalNames(db, missing) : new Map<string, string>();
  return unique.map((a) => ({ url: a.url, name: a.name || names.get(a.url) || a.url.slice(a.url.lastIndexOf('/') + 1) }));
}

/** 文章引用的上传文件：封面、附件、正文里的站内图片 */
const referencedFiles = (a: Pick<ArticleRow, 'coverUrl' | 'attachments' | 'body'>) => [
  ...(a.coverUrl ? [a.coverUrl] : []),
  ...(a.attachments ?? []).map((x) => x.url),
  ...uploadedUrlsIn(a.body),
];

/**
 * 新增（草稿）或修改：正文经白名单清洗，清洗后没有文字也没有图片即拒绝；已发布的不能直接修改（先撤回）。
 * 发布范围见 resolveScope；标题在同一类、同一范围内不能重复。
 */
export async function saveArticle(db: Db, session: Session, { kind, ...input }: ArticleSave & { kind: ArticleKind }, audit: Audit): Promise<{ id: number }> {
  const user = session.user;
  const body = sanitizeRichText(input.body);
  const plain = richTextToPlain(body);
  if (!plain && !/<img\b/i.test(body)) throw ApiError.badRequest('正文不能为空（不允许的标签与脚本已被去掉）', { body: '请输入正文' });
  const coverUrl = input.coverUrl || null;
  await assertImages(db, coverUrl ? [coverUrl] : [], 'coverUrl', '封面图片');
  await assertImages(db, uploadedUrlsIn(body), 'body', '正文中的图片');
  const attachments = await normaliseAttachments(db, input.attachments);
  const summary = input.summary ?? plain.slice(0, SUMMARY_CHARS);
  const label = KIND_LABEL[kind];
  const duplicate = () => ApiError.badRequest(`同一发布范围内已有标题为“${input.title}”的${label}`, { title: '标题已存在' });

  if (input.id === undefined) {
    const cityId = await resolveScope(db, user, input.cityId);
    const [row] = await withUniqueMessage(duplicate, () =>
      db
        .insert(articles)
        .values({
          kind,
          title: input.title,
          category: input.category,
          summary,
          body,
          coverUrl,
          attachments,
          status: ARTICLE_STATUS.DRAFT,
          top: input.top ?? false,
          sort: input.sort ?? 0,
          cityId,
          createdBy: user.id,
          updatedBy: user.id,
        })
        .returning(),
    );
    await attachContentFiles(db, 'content_article', row.id, referencedFiles(row), { by: user, public: false });
    audit({ entity: 'content_article', entityId: row.id, after: row, detail: `新增${label}“${row.title}”（草稿）` });
    return { id: row.id };
  }

  const before = await loadArticle(db, user, kind, input.id);
  if (!EDITABLE_STATUSES.includes(before.status as ArticleStatus)) throw ApiError.badRequest(`已发布的${label}不能直接修改，请先撤回再修改`);
  const cityId = await resolveScope(db, user, input.cityId, before.cityId);
  const [row] = await withUniqueMessage(duplicate, () =>
    db
      .update(articles)
      .set({
        title: input.title,
        category: input.category,
        summary,
        body,
        coverUrl,
        attachments,
        top: input.top ?? before.top,
        sort: input.sort ?? before.sort,
        cityId,
        updatedBy: user.id,
        updatedAt: new Date(),
      })
      // 条件里再带一次状态：与并发的发布不会交错成“已发布却被改了”
      .where(and(eq(articles.id, before.id), inArray(articles.status, [...EDITABLE_STATUSES])))
      .returning(),
  );
  if (!row) throw ApiError.conflict(`该${label}刚被发布，请刷新后重试`);
  await attachContentFiles(db, 'content_article', row.id, referencedFiles(row), { by: user, public: false });
  audit({ entity: 'content_article', entityId: row.id, before, after: row, detail: `修改${label}“${row.title}”` });
  return { id: row.id };
}

/** 删除：只删草稿与已撤回的；已发布的先撤回。批量时任一篇不能删即整批不删 */
export async function deleteArticles(db: Db, session: Session, { kind, ids }: { kind: ArticleKind; ids: number[] }, audit: Audit): Promise<{ deleted: number }> {
  const label = KIND_LABEL[kind];
  const rows = await db
    .select()
    .from(articles)
    .where(and(inArray(articles.id, ids), eq(articles.kind, kind), scopeWhere(session.user, { cityId: articles.cityId })));
  if (rows.length === 0) throw ApiError.notFound(`${label}不存在或不在您的管辖范围内`);
  const published = rows.find((r) => !EDITABLE_STATUSES.includes(r.status as ArticleStatus));
  if (published) throw ApiError.badRequest(`“${published.title}”已发布，不能删除，请先撤回`);
  const deleted = await db
    .delete(articles)
    .where(and(inArray(articles.id, rows.map((r) => r.id)), inArray(articles.status, [...EDITABLE_STATUSES])))
    .returning();
  for (const r of deleted) {
    await detachContentFiles(db, 'content_article', r.id);
    audit({ entity: 'content_article', entityId: r.id, before: r, detail: `删除${label}“${r.title}”` });
  }
  return { deleted: deleted.length };
}

/**
 * 发布或撤回（引擎：权限、状态、条件更新、历史、操作日志）。发布时间不填即现在，晚于现在为定时发布（到点才在门户出现）：
 * 在同一事务里先记下请求的发布时间，引擎的附带动作据此写入。
 */
export async function transitionArticle(
  db: Db,
  session: Session,
  input: { kind: ArticleKind; id: number; action: TransitionAction; publishAt?: Date | null },
  audit: Audit,
): Promise<{ id: number; status: ArticleStatus; publishTime: string | null }> {
  await loadArticle(db, session.user, input.kind, input.id);
  const row = await db.transaction(async (tx) => {
    if (input.action === 'publish') {
      await tx
        .update(articles)
        .set({ publishAt: input.publishAt ?? null })
        .where(and(eq(articles.id, input.id), inArray(articles.status, [...EDITABLE_STATUSES])));
    }
    await articleWorkflow.applyIn(tx, session, { id: input.id, action: input.action }, audit);
    const [after] = await tx.select().from(articles).where(eq(articles.id, input.id));
    await setContentFilesPublic(tx, 'content_article', after.id, after.status === ARTICLE_STATUS.PUBLISHED);
    return after;
  });
  return { id: row.id, status: row.status as ArticleStatus, publishTime: row.publishAt ? formatBeijing(row.publishAt) : null };
}

/** 置顶或取消置顶（任何状态都可，只影响排列） */
export async function setArticleTop(db: Db, session: Session, input: { kind: ArticleKind; id: number; top: boolean }, audit: Audit): Promise<{ id: number; top: boolean }> {
  const { kind } = input;
  const before = await loadArticle(db, session.user, kind, input.id);
  const [row] = await db.update(articles).set({ top: input.top, updatedBy: session.user.id, updatedAt: new Date() }).where(eq(articles.id, before.id)).returning();
  audit({ entity: 'content_article', entityId: row.id, before, after: row, detail: `${input.top ? '置顶' : '取消置顶'}${KIND_LABEL[kind]}“${row.title}”` });
  return { id: row.id, top: row.top };
}

// ---------------------------------------------------------------- 文章：公开

/** 公开可见：已发布且发布时间已到 */
const visibleNow = () => and(eq(articles.status, ARTICLE_STATUS.PUBLISHED), lte(articles.publishAt, new Date()));
/** 给出市时：全省的与该市的 */
const forCity = (cityId: number | null | undefined) => (cityId === undefined ? undefined : cityId === null ? isNull(articles.cityId) : or(isNull(articles.cityId), eq(articles.cityId, cityId)));
const publicOrder = [desc(articles.top), asc(articles.sort), desc(articles.publishAt), desc(articles.id)];

const publicSelect = {
  id: articles.id,
  kind: articles.kind,
  title: articles.title,
  category: articles.category,
  summary: articles.summary,
  coverUrl: articles.coverUrl,
  top: articles.top,
  readCount: articles.readCount,
  publishAt: articles.publishAt,
  cityName: areas.name,
};
type PublicSel = { id: number; kind: string; title: string; category: string; summary: string; coverUrl: string | null; top: boolean; readCount: number; publishAt: Date | null; cityName: string | null };

const publicItem = (r: PublicSel): PublicArticleItem => ({
  id: r.id,
  kind: r.kind as ArticleKind,
  title: r.title,
  category: r.category,
  summary: r.summary,
  coverUrl: r.coverUrl,
  top: r.top,
  scopeName: r.cityName ?? PROVINCE_SCOPE_NAME,
  readCount: r.readCount,
  publishTime: formatBeijing(r.publishAt!),
});

/** 门户的文章列表（分页）：已发布且到期的，置顶与排序号在前、新发布的在前 */
export async function publicArticles(db: Db, f: z.output<typeof PublicArticlesInput>, page: Page): Promise<PageResult<PublicArticleItem>> {
  const where = and(
    eq(articles.kind, f.kind),
    visibleNow(),
    forCity(f.cityId),
    f.category ? eq(articles.category, f.category) : undefined,
    f.keyword ? ilike(articles.title, containsPattern(f.keyword)) : undefined,
  );
  return fetchPage(
    page,
    db
      .select(publicSelect)
      .from(articles)
      .leftJoin(areas, eq(areas.id, articles.cityId))
      .where(where)
      .orderBy(...publicOrder),
    db.select({ total: count() }).from(articles).where(where),
    (rows) => rows.map(publicItem),
  );
}

/** 最新的几篇（工作台、首页）：给出市时只列全省的与该市的 */
export async function latestArticles(db: Db, kind: ArticleKind, limit: number, cityId?: number | null): Promise<PublicArticleItem[]> {
  const rows = await db
    .select(publicSelect)
    .from(articles)
    .leftJoin(areas, eq(areas.id, articles.cityId))
    .where(and(eq(articles.kind, kind), visibleNow(), forCity(cityId)))
    .orderBy(...publicOrder)
    .limit(limit);
  return rows.map(publicItem);
}

/** 阅读一篇（门户文章页）：只给已发布且到期的，阅读数加一（一次更新，同时取回全文）；其他一律 404 */
export async function readArticle(db: Db, id: number): Promise<PublicArticle> {
  const [row] = await db
    .update(articles)
    .set({ readCount: sql`${articles.readCount} + 1` })
    .where(and(eq(articles.id, id), visibleNow()))
    .returning();
  if (!row) throw ApiError.notFound('文章不存在或尚未发布');
  const [city] = row.cityId === null ? [] : await db.select({ name: areas.name }).from(areas).where(eq(areas.id, row.cityId));
  return {
    ...publicItem({ ...row, cityName: city?.name ?? null }),
    body: sanitizeRichText(row.body),
    attachments: attachmentsOf(row),
  };
}

/** 门户首页的通知公告（/comApi/announcements，沿用原来的答复形状） */
export async function publicAnnouncements(db: Db, f: z.output<typeof AnnouncementsInput>) {
  const rows = await db
    .select({ id: articles.id, title: articles.title, category: articles.category, top: articles.top, publishAt: articles.publishAt, summary: articles.summary })
    .from(articles)
    .where(and(eq(articles.kind, 'notice'), visibleNow(), f.category ? eq(articles.category, f.category) : undefined))
    .orderBy(desc(articles.top), desc(articles.publishAt), desc(articles.id))
    .limit(f.limit);
  return rows.map((r) => ({ id: r.id, title: r.title, category: r.category, top: r.top, publishTime: formatBeijing(r.publishAt!), summary: r.summary.slice(0, 100) }));
}

// ---------------------------------------------------------------- 轮播图

const showingNow = (b: BannerRow, today: string) => b.enabled && (!b.startDate || b.startDate <= today) && (!b.endDate || b.endDate >= today);

function bannerItem(b: BannerRow, cityName: string | null, today: string): BannerItem {
  return {
    id: b.id,
    title: b.title,
    imageUrl: b.imageUrl,
    link: b.link,
    sort: b.sort,
    enabled: b.enabled,
    startDate: b.startDate,
    endDate: b.endDate,
    cityId: b.cityId,
    scopeName: cityName ?? PROVINCE_SCOPE_NAME,
    showingNow: showingNow(b, today),
    updateTime: formatBeijing(b.updatedAt),
  };
}

export async function listBanners(db: Db, user: SessionUser, f: z.output<typeof BannerListInput>, page: Page): Promise<PageResult<BannerItem>> {
  const where = and(
    scopeWhere(user, { cityId: banners.cityId }),
    f.title ? ilike(banners.title, containsPattern(f.title)) : undefined,
    f.enabled === undefined ? undefined : eq(banners.enabled, f.enabled),
    scopeFilter(banners.cityId, f.cityId),
  );
  const today = beijingToday();
  return fetchPage(
    page,
    db
      .select({ row: banners, cityName: areas.name })
      .from(banners)
      .leftJoin(areas, eq(areas.id, banners.cityId))
      .where(where)
      .orderBy(asc(banners.sort), asc(banners.id)),
    db.select({ total: count() }).from(banners).where(where),
    (rows) => rows.map((r) => bannerItem(r.row, r.cityName, today)),
  );
}

async function loadBanner(db: Db, user: SessionUser, id: number): Promise<BannerRow> {
  const [row] = await db.select().from(banners).where(eq(banners.id, id));
  return assertInScope(user, row, '轮播图');
}

export async function saveBanner(db: Db, session: Session, input: z.output<typeof BannerSaveInput>, audit: Audit): Promise<{ id: number }> {
  const user = session.user;
  const duplicate = () => ApiError.badRequest(`同一发布范围内已有标题为“${input.title}”的轮播图`, { title: '标题已存在' });
  const fields = { title: input.title, imageUrl: input.imageUrl, link: input.link, startDate: input.startDate, endDate: input.endDate };
  await assertImages(db, [input.imageUrl], 'imageUrl', '轮播图');
  if (input.id === undefined) {
    const cityId = await resolveScope(db, user, input.cityId);
    const [row] = await withUniqueMessage(duplicate, () =>
      db
        .insert(banners)
        .values({ ...fields, sort: input.sort ?? 0, enabled: input.enabled ?? true, cityId, createdBy: user.id, updatedBy: user.id })
        .returning(),
    );
    await attachContentFiles(db, 'content_banner', row.id, [row.imageUrl], { by: user, public: true });
    audit({ entity: 'content_banner', entityId: row.id, after: row, detail: `新增轮播图“${row.title}”` });
    return { id: row.id };
  }
  const before = await loadBanner(db, user, input.id);
  const cityId = await resolveScope(db, user, input.cityId, before.cityId);
  const [row] = await withUniqueMessage(duplicate, () =>
    db
      .update(banners)
      .set({ ...fields, sort: input.sort ?? before.sort, enabled: input.enabled ?? before.enabled, cityId, updatedBy: user.id, updatedAt: new Date() })
      .where(eq(banners.id, before.id))
      .returning(),
  );
  await attachContentFiles(db, 'content_banner', row.id, [row.imageUrl], { by: user, public: true });
  audit({ entity: 'content_banner', entityId: row.id, before, after: row, detail: `修改轮播图“${row.title}”` });
  return { id: row.id };
}

/** 范围内的轮播图（批量操作）；一条都没有即 404 */
async function bannersInScope(db: Db, user: SessionUser, ids: number[]): Promise<BannerRow[]> {
  const rows = await db
    .select()
    .from(banners)
    .where(and(inArray(banners.id, ids), scopeWhere(user, { cityId: banners.cityId })));
  if (rows.length === 0) throw ApiError.notFound('轮播图不存在或不在您的管辖范围内');
  return rows;
}

export async function deleteBanners(db: Db, session: Session, { ids }: { ids: number[] }, audit: Audit): Promise<{ deleted: number }> {
  const rows = await bannersInScope(db, session.user, ids);
  const deleted = await db
    .delete(banners)
    .where(inArray(banners.id, rows.map((r) => r.id)))
    .returning();
  for (const r of deleted) {
    await detachContentFiles(db, 'content_banner', r.id);
    audit({ entity: 'content_banner', entityId: r.id, before: r, detail: `删除轮播图“${r.title}”` });
  }
  return { deleted: deleted.length };
}

export async function setBannersEnabled(db: Db, session: Session, { ids, enabled }: { ids: number[]; enabled: boolean }, audit: Audit): Promise<{ updated: number }> {
  const before = await bannersInScope(db, session.user, ids);
  const rows = await db
    .update(banners)
    .set({ enabled, updatedBy: session.user.id, updatedAt: new Date() })
    .where(inArray(banners.id, before.map((r) => r.id)))
    .returning();
  const old = new Map(before.map((r) => [r.id, r]));
  for (const r of rows) audit({ entity: 'content_banner', entityId: r.id, before: old.get(r.id), after: r, detail: `${enabled ? '启用' : '停用'}轮播图“${r.title}”` });
  return { updated: rows.length };
}

/**
 * 调整顺序：按给出的顺序把排序号改为 1、2、3…；须全部在本人范围内（有一条不在即 404，一条不改）。
 * 一条 update … from (values …) 写完，不逐行往返。
 */
export async function reorderBanners(db: Db, session: Session, { ids }: { ids: number[] }, audit: Audit): Promise<{ updated: number }> {
  const unique = [...new Set(ids)];
  const before = await bannersInScope(db, session.user, unique);
  if (before.length !== unique.length) throw ApiError.notFound('轮播图不存在或不在您的管辖范围内');
  const values = sql.join(
    unique.map((id, i) => sql`(${id}::int, ${i + 1}::int)`),
    sql`, `,
  );
  const rows = (await db.execute(
    sql`update ${banners} set sort = v.sort, updated_by = ${session.user.id}, updated_at = now() from (values ${values}) as v(id, sort) where ${banners.id} = v.id returning ${banners.id} as id, ${banners.sort} as sort`,
  )) as unknown as { rows?: { id: number; sort: number }[] } | { id: number; sort: number }[];
  const changed = Array.isArray(rows) ? rows : (rows.rows ?? []);
  const old = new Map(before.map((r) => [r.id, r]));
  for (const r of changed) {
    const b = old.get(Number(r.id))!;
    audit({ entity: 'content_banner', entityId: b.id, before: { sort: b.sort }, after: { sort: Number(r.sort) }, detail: `调整轮播图“${b.title}”的顺序` });
  }
  return { updated: changed.length };
}

/** 门户的轮播图：启用且今天在起止日期内的，按排序号；给出市时只列全省的与该市的 */
export async function publicBanners(db: Db, cityId?: number) {
  const today = beijingToday();
  const rows = await db
    .select({ id: banners.id, title: banners.title, imageUrl: banners.imageUrl, link: banners.link })
    .from(banners)
    .where(
      and(
        eq(banners.enabled, true),
        or(isNull(banners.startDate), lte(banners.startDate, today)),
        or(isNull(banners.endDate), sql`${banners.endDate} >= ${today}`),
        cityId === undefined ? undefined : or(isNull(banners.cityId), eq(banners.cityId, cityId)),
      ),
    )
    .orderBy(asc(banners.sort), asc(banners.id));
  return rows;
}

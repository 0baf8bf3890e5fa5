// 门户互动的规则：友情链接、联系方式、意见征集（主题与意见）、意见反馈。黑名单在 blacklist.ts；通知公告在 lib/domains/content。
// 修改类函数的签名是 (db, session, input, audit)：操作人与管辖范围取自会话，改动经 audit 记入操作日志。
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/platform/db/client';
import { fetchPage } from '@/lib/platform/db/paged';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Session } from '@/lib/platform/auth/session';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import { saveRow } from '@/lib/platform/db/save-row';
import { assertInScope, scopeWhere } from '@/lib/platform/auth/scope';
import type { SessionUser } from '@/lib/platform/auth/session';
import { exportXlsx, keysetBatches } from '@/lib/platform/excel/export';
import { formatBeijing } from '@/lib/platform/time';
import { areas } from '../area/tables';
import { users } from '../user/tables';
import { notify } from '../message/service';
import {
  FEEDBACK_TYPE_LABEL,
  TOPIC_STATUS_LABEL,
  contacts,
  feedbacks,
  friendLinks,
  opinionTopics,
  opinions,
  type ContactRow,
  type FeedbackType,
  type FriendLinkRow,
  type OpinionTopicRow,
  type TopicStatus,
} from './tables';
import type {
  ContactListInput,
  ContactSaveInput,
  FeedbackListInput,
  FeedbackSubmitInput,
  FriendLinkListInput,
  FriendLinkSaveInput,
  OpinionListInput,
  OpinionSubmitInput,
  ReplyInput,
  TopicListInput,
  TopicSaveInput,
} from './schemas';

/** 今天（北京时间）YYYY-MM-DD：征集起止按自然日比较 */
export const beijingToday = () => formatBeijing(new Date()).slice(0, 10);
const displayName = (u: { realName: string | null; nickName: string }) => u.realName || u.nickName;


// ---------------------------------------------------------------- 友情链接

export interface FriendLinkItem {
  id: number;
  name: string;
  url: string;
  logo: string | null;
  sort: number;
  enabled: boolean;
  updateTime: string;
}

const linkItem = (r: FriendLinkRow): FriendLinkItem => ({
  id: r.id,
  name: r.name,
  url: r.url,
  logo: r.logo,
  sort: r.sort,
  enabled: r.enabled,
  updateTime: formatBeijing(r.updatedAt),
});

export async function listFriendLinks(db: Db, f: z.output<typeof FriendLinkListInput>, page: Page): Promise<PageResult<FriendLinkItem>> {
  const where = and(f.name ? ilike(friendLinks.name, `%${f.name}%`) : undefined, f.enabled === undefined ? undefined : eq(friendLinks.enabled, f.enabled));
  return fetchPage(
    page,
    db.select().from(friendLinks).where(where).orderBy(asc(friendLinks.sort), asc(friendLinks.id)),
    db.select({ total: count() }).from(friendLinks).where(where),
    (rows) => rows.map(linkItem),
  );
}

export async function saveFriendLink(db: Db, session: Session, input: z.output<typeof FriendLinkSaveInput>, audit: Audit) {
  const { id, ...fields } = input;
  const values = { ...fields, logo: fields.logo || null, updatedAt: new Date() };
  const row = await saveRow(db, friendLinks, id, values, {
    audit: audit,
    entity: 'friend_link',
    notFound: '友情链接不存在',
    duplicate: `友情链接“${input.name}”已存在`,
    detail: (r, isNew) => `${isNew ? '新增' : '修改'}友情链接 ${r.name}`,
  });
  return linkItem(row);
}

export async function deleteFriendLinks(db: Db, session: Session, ids: number[], audit: Audit) {
  const rows = await db.delete(friendLinks).where(inArray(friendLinks.id, ids)).returning();
  if (rows.length === 0) throw ApiError.notFound('友情链接不存在');
  for (const r of rows) audit({ entity: 'friend_link', entityId: r.id, before: r, detail: `删除友情链接 ${r.name}` });
  return { deleted: rows.length };
}

export async function setFriendLinksEnabled(db: Db, session: Session, { ids, enabled }: { ids: number[]; enabled: boolean }, audit: Audit) {
  const before = await db.select().from(friendLinks).where(inArray(friendLinks.id, ids));
  if (before.length === 0) throw ApiError.notFound('友情链接不存在');
  const rows = await db.update(friendLinks).set({ enabled, updatedAt: new Date() }).where(inArray(friendLinks.id, ids)).returning();
  const old = new Map(before.map((r) => [r.id, r]));
  for (const r of rows) {
    audit({ entity: 'friend_link', entityId: r.id, before: old.get(r.id), after: r, detail: `${enabled ? '启用' : '停用'}友情链接 ${r.name}` });
  }
  return { updated: rows.length };
}

/** 门户首页：已启用的友情链接 */
export async function publicFriendLinks(db: Db) {
  const rows = await db.select().from(friendLinks).where(eq(friendLinks.enabled, true)).orderBy(asc(friendLinks.sort), asc(friendLinks.id));
  return rows.map((r) => ({ id: r.id, name: r.name, url: r.url, logo: r.logo }));
}

// ---------------------------------------------------------------- 联系方式

export interface ContactItem {
  id: number;
  department: string;
  phone: string | null;
  email: string | null;
  address: string | null;
  workingHours: string | null;
  sort: number;
}

const contactItem = (r: ContactRow): ContactItem => ({
  id: r.id,
  department: r.department,
  phone: r.phone,
  email: r.email,
  address: r.address,
  workingHours: r.workingHours,
  sort: r.sort,
});

export async function listContacts(db: Db, f: z.output<typeof ContactListInput>, page: Page): Promise<PageResult<ContactItem>> {
  const where = f.department ? ilike(contacts.department, `%${f.department}%`) : undefined;
  return fetchPage(
    page,
    db.select().from(contacts).where(where).orderBy(asc(contacts.sort), asc(contacts.id)),
    db.select({ total: count() }).from(contacts).where(where),
    (rows) => rows.map(contactItem),
  );
}

export async function saveContact(db: Db, session: Session, input: z.output<typeof ContactSaveInput>, audit: Audit) {
  const { id, ...fields } = input;
  const values = {
    department: fields.department,
    phone: fields.phone || null,
    email: fields.email || null,
    address: fields.address || null,
    workingHours: fields.workingHours || null,
    sort: fields.sort,
    updatedAt: new Date(),
  };
  const row = await saveRow(db, contacts, id, values, {
    audit: audit,
    entity: 'portal_contact',
    notFound: '联系方式不存在',
    duplicate: `部门“${input.department}”的联系方式已存在`,
    detail: (r, isNew) => `${isNew ? '新增' : '修改'}联系方式 ${r.department}`,
  });
  return contactItem(row);
}

export async function deleteContacts(db: Db, session: Session, ids: number[], audit: Audit) {
  const rows = await db.delete(contacts).where(inArray(contacts.id, ids)).returning();
  if (rows.length === 0) throw ApiError.notFound('联系方式不存在');
  for (const r of rows) audit({ entity: 'portal_contact', entityId: r.id, before: r, detail: `删除联系方式 ${r.department}` });
  return { deleted: rows.length };
}

export async function publicContacts(db: Db) {
  const rows = await db.select().from(contacts).orderBy(asc(contacts.sort), asc(contacts.id));
  return rows.map(contactItem);
}

// ---------------------------------------------------------------- 意见征集：主题

export interface TopicItem {
  id: number;
  title: string;
  content: string;
  startDate: string;
  endDate: string;
  status: TopicStatus;
  statusName: string;
  /** 征集中且今天在起止日期内 */
  acceptingNow: boolean;
  cityName: string | null;
  opinionCount: number;
  publishTime: string | null;
  createTime: string;
}

function topicItem(r: OpinionTopicRow, extra: { cityName: string | null; opinionCount: number }): TopicItem {
  const today = beijingToday();
  const status = r.status as TopicStatus;
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    startDate: r.startDate,
    endDate: r.endDate,
    status,
    statusName: TOPIC_STATUS_LABEL[status],
    acceptingNow: status === 'open' && r.startDate <= today && today <= r.endDate,
    cityName: extra.cityName,
    opinionCount: extra.opinionCount,
    publishTime: r.publishedAt ? formatBeijing(r.publishedAt) : null,
    createTime: formatBeijing(r.createdAt),
  };
}

/** 各主题的意见条数（一次查询） */
async function opinionCounts(db: Db, topicIds: number[]): Promise<Map<number, number>> {
  if (!topicIds.length) return new Map();
  const rows = await db.select({ topicId: opinions.topicId, n: count() }).from(opinions).where(inArray(opinions.topicId, topicIds)).groupBy(opinions.topicId);
  return new Map(rows.map((r) => [r.topicId, r.n]));
}

export async function listTopics(db: Db, actor: SessionUser, f: z.output<typeof TopicListInput>, page: Page): Promise<PageResult<TopicItem>> {
  const where = and(
    scopeWhere(actor, { cityId: opinionTopics.cityId }),
    f.title ? ilike(opinionTopics.title, `%${f.title}%`) : undefined,
    f.status ? eq(opinionTopics.status, f.status) : undefined,
  );
  const { list: rows, total } = await fetchPage(
    page,
    db
      .select({ row: opinionTopics, cityName: areas.name })
      .from(opinionTopics)
      .leftJoin(areas, eq(areas.id, opinionTopics.cityId))
      .where(where)
      .orderBy(desc(opinionTopics.createdAt), desc(opinionTopics.id)),
    db.select({ total: count() }).from(opinionTopics).where(where),
  );
  const counts = await opinionCounts(
    db,
    rows.map((r) => r.row.id),
  );
  return { list: rows.map((r) => topicItem(r.row, { cityName: r.cityName, opinionCount: counts.get(r.row.id) ?? 0 })), total };
}

async function loadTopic(db: Db, actor: SessionUser, id: number): Promise<OpinionTopicRow> {
  const [row] = await db.select().from(opinionTopics).where(eq(opinionTopics.id, id));
  return assertInScope(actor, row, '意见征集主题');
}

/** 新增或修改主题：新增为草稿；已结束的不能修改 */
export async function saveTopic(db: Db, session: Session, input: z.output<typeof TopicSaveInput>, audit: Audit) {
  const actor = session.user;
  const { id, ...fields } = input;
  if (id === undefined) {
    const [row] = await db
      .insert(opinionTopics)
      .values({ ...fields, status: 'draft', cityId: actor.level === 'province' ? null : actor.cityId, createdBy: actor.id })
      .returning();
    audit({ entity: 'opinion_topic', entityId: row.id, after: row, detail: `新增意见征集主题 ${row.title}` });
    return { id: row.id };
  }
  const before = await loadTopic(db, actor, id);
  if (before.status === 'closed') throw ApiError.badRequest('已结束的征集主题不能修改');
  const [row] = await db
    .update(opinionTopics)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(opinionTopics.id, id))
    .returning();
  audit({ entity: 'opinion_topic', entityId: id, before, after: row, detail: `修改意见征集主题 ${row.title}` });
  return { id };
}

/** 删除主题：已收到意见的不能删除（可结束征集），避免用户的意见随之消失 */
export async function deleteTopics(db: Db, session: Session, ids: number[], audit: Audit) {
  const actor = session.user;
  const rows = await db
    .select()
    .from(opinionTopics)
    .where(and(inArray(opinionTopics.id, ids), scopeWhere(actor, { cityId: opinionTopics.cityId })));
  if (rows.length === 0) throw ApiError.notFound('意见征集主题不存在或不在您的管辖范围内');
  const counts = await opinionCounts(
    db,
    rows.map((r) => r.id),
  );
  const used = rows.find((r) => (counts.get(r.id) ?? 0) > 0);
  if (used) throw ApiError.badRequest(`主题“${used.title}”已收到 ${counts.get(used.id)} 条意见，不能删除，可结束征集`);
  await db.delete(opinionTopics).where(
    inArray(
      opinionTopics.id,
      rows.map((r) => r.id),
    ),
  );
  for (const r of rows) audit({ entity: 'opinion_topic', entityId: r.id, before: r, detail: `删除意见征集主题 ${r.title}` });
  return { deleted: rows.length };
}

/** 发布：草稿 → 征集中（结束日期已过的不能发布）；结束：征集中 → 已结束 */
export async function changeTopicStatus(db: Db, session: Session, { id, to }: { id: number; to: 'open' | 'closed' }, audit: Audit) {
  const before = await loadTopic(db, session.user, id);
  if (to === 'open') {
    if (before.status !== 'draft') throw ApiError.badRequest(before.status === 'open' ? '该主题已在征集中' : '已结束的征集主题不能再次发布');
    if (before.endDate < beijingToday()) throw ApiError.badRequest('结束日期已过，请先修改征集日期再发布');
  } else if (before.status !== 'open') {
    throw ApiError.badRequest(before.status === 'draft' ? '草稿尚未发布，无需结束' : '该主题已结束');
  }
  const [row] = await db
    .update(opinionTopics)
    .set({ status: to, updatedAt: new Date(), ...(to === 'open' ? { publishedAt: new Date() } : {}) })
    .where(eq(opinionTopics.id, id))
    .returning();
  audit({ entity: 'opinion_topic', entityId: id, before, after: row, detail: `${to === 'open' ? '发布' : '结束'}意见征集主题 ${row.title}` });
  return { id, status: row.status };
}

// ---------------------------------------------------------------- 意见征集：意见

export interface OpinionItem {
  id: number;
  topicId: number;
  account: string;
  userName: string;
  content: string;
  reply: string | null;
  replied: boolean;
  replyTime: string | null;
  createTime: string;
}

const opinionSelect = {
  id: opinions.id,
  topicId: opinions.topicId,
  content: opinions.content,
  reply: opinions.reply,
  repliedAt: opinions.repliedAt,
  createdAt: opinions.createdAt,
  account: users.account,
  realName: users.realName,
  nickName: users.nickName,
};
interface OpinionSel {
  id: number;
  topicId: number;
  content: string;
  reply: string | null;
  repliedAt: Date | null;
  createdAt: Date;
  account: string;
  realName: string | null;
  nickName: string;
}

const opinionItem = (r: OpinionSel): OpinionItem => ({
  id: r.id,
  topicId: r.topicId,
  account: r.account,
  userName: displayName(r),
  content: r.content,
  reply: r.reply,
  replied: r.reply !== null,
  replyTime: r.repliedAt ? formatBeijing(r.repliedAt) : null,
  createTime: formatBeijing(r.createdAt),
});

function opinionWhere(topicId: number, replied: boolean | undefined): SQL | undefined {
  return and(eq(opinions.topicId, topicId), replied === undefined ? undefined : replied ? isNotNull(opinions.reply) : isNull(opinions.reply));
}

export async function listOpinions(db: Db, actor: SessionUser, f: z.output<typeof OpinionListInput>, page: Page): Promise<PageResult<OpinionItem>> {
  await loadTopic(db, actor, f.topicId);
  const where = opinionWhere(f.topicId, f.replied);
  return fetchPage(
    page,
    db
      .select(opinionSelect)
      .from(opinions)
      .innerJoin(users, eq(users.id, opinions.userId))
      .where(where)
      .orderBy(desc(opinions.createdAt), desc(opinions.id)),
    db.select({ total: count() }).from(opinions).where(where),
    (rows) => rows.map(opinionItem),
  );
}

export async function exportOpinions(db: Db, actor: SessionUser, topicId: number) {
  const topic = await loadTopic(db, actor, topicId);
  return exportXlsx<OpinionItem>({
    sheetName: topic.title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31),
    columns: [
      { header: '账号', key: 'account', width: 16 },
      { header: '姓名', key: 'userName', width: 12 },
      { header: '意见内容', key: 'content', width: 60 },
      { header: '提交时间', key: 'createTime', width: 20 },
      { header: '回复', key: 'reply', width: 40 },
      { header: '回复时间', key: 'replyTime', width: 20 },
    ],
    rows: keysetBatches(
      async (last: number | null, limit) =>
        (
          await db
            .select(opinionSelect)
            .from(opinions)
            .innerJoin(users, eq(users.id, opinions.userId))
            .where(and(eq(opinions.topicId, topicId), last === null ? undefined : gt(opinions.id, last)))
            .orderBy(asc(opinions.id))
            .limit(limit)
        ).map(opinionItem),
      (r) => r.id,
    ),
  });
}

/** 回复意见：主题须在管辖范围内；回复以站内消息通知提交人（可修改回复） */
export async function replyOpinion(db: Db, session: Session, input: z.output<typeof ReplyInput>, audit: Audit) {
  const actor = session.user;
  const [before] = await db.select().from(opinions).where(eq(opinions.id, input.id));
  if (!before) throw ApiError.notFound('意见不存在');
  const topic = await loadTopic(db, actor, before.topicId);
  const [row] = await db
    .update(opinions)
    .set({ reply: input.reply, repliedBy: actor.id, repliedAt: new Date() })
    .where(eq(opinions.id, input.id))
    .returning();
  await notify(db, [before.userId], { title: `您对“${topic.title}”提交的意见已回复`.slice(0, 100), content: input.reply, kind: 'system' });
  audit({ entity: 'opinion', entityId: row.id, before, after: row, detail: `回复意见征集“${topic.title}”的意见` });
  return { id: row.id };
}

/** 当前用户可见的主题：省级发布的全省可见，市级发布的本市可见 */
const visibleTo = (user: SessionUser) => (user.cityId === null ? isNull(opinionTopics.cityId) : or(isNull(opinionTopics.cityId), eq(opinionTopics.cityId, user.cityId)));

/** 正在征集的主题（含本人是否已提交、本人的意见与回复） */
export async function openTopics(db: Db, user: SessionUser) {
  const today = beijingToday();
  const rows = await db
    .select({ topic: opinionTopics, mine: { content: opinions.content, reply: opinions.reply, createdAt: opinions.createdAt } })
    .from(opinionTopics)
    .leftJoin(opinions, and(eq(opinions.topicId, opinionTopics.id), eq(opinions.userId, user.id)))
    .where(and(eq(opinionTopics.status, 'open'), lte(opinionTopics.startDate, today), gte(opinionTopics.endDate, today), visibleTo(user)))
    .orderBy(asc(opinionTopics.endDate), asc(opinionTopics.id));
  return rows.map(({ topic, mine }) => ({
    id: topic.id,
    title: topic.title,
    content: topic.content,
    startDate: topic.startDate,
    endDate: topic.endDate,
    submitted: mine !== null,
    myOpinion: mine ? { content: mine.content, reply: mine.reply, createTime: formatBeijing(mine.createdAt) } : null,
  }));
}

/** 提交意见：主题须在征集中且今天在起止日期内；每人每个主题一条 */
export async function submitOpinion(db: Db, session: Session, input: z.output<typeof OpinionSubmitInput>, audit: Audit) {
  const user = session.user;
  const [topic] = await db
    .select()
    .from(opinionTopics)
    .where(and(eq(opinionTopics.id, input.topicId), visibleTo(user)));
  if (!topic || topic.status === 'draft') throw ApiError.notFound('意见征集主题不存在');
  const today = beijingToday();
  if (topic.status === 'closed') throw ApiError.badRequest('该意见征集已结束，不能再提交意见');
  if (today < topic.startDate) throw ApiError.badRequest(`该意见征集将于 ${topic.startDate} 开始，请届时再提交`);
  if (today > topic.endDate) throw ApiError.badRequest(`该意见征集已于 ${topic.endDate} 截止，不能再提交意见`);
  const [row] = await db
    .insert(opinions)
    .values({ topicId: topic.id, userId: user.id, content: input.content })
    .onConflictDoNothing()
    .returning();
  if (!row) throw ApiError.conflict('您已对该主题提交过意见，每人每个主题只能提交一次');
  audit({ entity: 'opinion', entityId: row.id, after: row, detail: `对意见征集“${topic.title}”提交意见` });
  return { id: row.id };
}

// ---------------------------------------------------------------- 意见反馈

export interface FeedbackItem {
  id: number;
  type: FeedbackType;
  typeName: string;
  content: string;
  contact: string | null;
  account: string;
  userName: string;
  cityName: string | null;
  reply: string | null;
  replied: boolean;
  replyTime: string | null;
  createTime: string;
}

const feedbackSelect = {
  id: feedbacks.id,
  type: feedbacks.type,
  content: feedbacks.content,
  contact: feedbacks.contact,
  reply: feedbacks.reply,
  repliedAt: feedbacks.repliedAt,
  createdAt: feedbacks.createdAt,
  account: users.account,
  realName: users.realName,
  nickName: users.nickName,
  cityName: areas.name,
};

function feedbackItem(r: {
  id: number;
  type: string;
  content: string;
  contact: string | null;
  reply: string | null;
  repliedAt: Date | null;
  createdAt: Date;
  account: string;
  realName: string | null;
  nickName: string;
  cityName: string | null;
}): FeedbackItem {
  const type = r.type as FeedbackType;
  return {
    id: r.id,
    type,
    typeName: FEEDBACK_TYPE_LABEL[type],
    content: r.content,
    contact: r.contact,
    account: r.account,
    userName: displayName(r),
    cityName: r.cityName,
    reply: r.reply,
    replied: r.reply !== null,
    replyTime: r.repliedAt ? formatBeijing(r.repliedAt) : null,
    createTime: formatBeijing(r.createdAt),
  };
}

const feedbackQuery = (db: Db) =>
  db.select(feedbackSelect).from(feedbacks).innerJoin(users, eq(users.id, feedbacks.userId)).leftJoin(areas, eq(areas.id, feedbacks.cityId));

function feedbackWhere(actor: SessionUser, f: z.output<typeof FeedbackListInput>): SQL | undefined {
  return and(
    scopeWhere(actor, { cityId: feedbacks.cityId }),
    f.type ? eq(feedbacks.type, f.type) : undefined,
    f.replied === undefined ? undefined : f.replied ? isNotNull(feedbacks.reply) : isNull(feedbacks.reply),
    f.keyword ? or(ilike(feedbacks.content, `%${f.keyword}%`), ilike(users.account, `%${f.keyword}%`)) : undefined,
  );
}

export async function submitFeedback(db: Db, session: Session, input: z.output<typeof FeedbackSubmitInput>, audit: Audit) {
  const user = session.user;
  const [row] = await db
    .insert(feedbacks)
    .values({ userId: user.id, cityId: user.cityId, type: input.type, content: input.content, contact: input.contact || null })
    .returning();
  audit({ entity: 'feedback', entityId: row.id, after: row, detail: `提交意见反馈（${FEEDBACK_TYPE_LABEL[input.type]}）` });
  return { id: row.id };
}

export async function myFeedback(db: Db, user: SessionUser, page: Page): Promise<PageResult<FeedbackItem>> {
  const where = eq(feedbacks.userId, user.id);
  return fetchPage(
    page,
    feedbackQuery(db).where(where).orderBy(desc(feedbacks.createdAt), desc(feedbacks.id)),
    db.select({ total: count() }).from(feedbacks).where(where),
    (rows) => rows.map(feedbackItem),
  );
}

export async function listFeedback(db: Db, actor: SessionUser, f: z.output<typeof FeedbackListInput>, page: Page): Promise<PageResult<FeedbackItem>> {
  const where = feedbackWhere(actor, f);
  return fetchPage(
    page,
    feedbackQuery(db).where(where).orderBy(desc(feedbacks.createdAt), desc(feedbacks.id)),
    db.select({ total: count() }).from(feedbacks).innerJoin(users, eq(users.id, feedbacks.userId)).where(where),
    (rows) => rows.map(feedbackItem),
  );
}

export function exportFeedback(db: Db, actor: SessionUser, f: z.output<typeof FeedbackListInput>) {
  const where = feedbackWhere(actor, f);
  return exportXlsx<FeedbackItem>({
    sheetName: '意见反馈',
    columns: [
      { header: '类型', key: 'typeName', width: 8 },
      { header: '反馈内容', key: 'content', width: 60 },
      { header: '联系方式', key: 'contact', width: 16 },
      { header: '账号', key: 'account', width: 16 },
      { header: '姓名', key: 'userName', width: 12 },
      { header: '所在市', key: 'cityName', width: 10 },
      { header: '提交时间', key: 'createTime', width: 20 },
      { header: '回复', key: 'reply', width: 40 },
      { header: '回复时间', key: 'replyTime', width: 20 },
    ],
    rows: keysetBatches(
      async (last: number | null, limit) =>
        (
          await feedbackQuery(db)
            .where(and(where, last === null ? undefined : gt(feedbacks.id, last)))
            .orderBy(asc(feedbacks.id))
            .limit(limit)
        ).map(feedbackItem),
      (r) => r.id,
    ),
  });
}

async function loadFeedback(db: Db, actor: SessionUser, id: number) {
  const [row] = await db.select().from(feedbacks).where(eq(feedbacks.id, id));
  return assertInScope(actor, row, '意见反馈');
}

/** 回复反馈（可修改回复）：以站内消息通知提交人 */
export async function replyFeedback(db: Db, session: Session, input: z.output<typeof ReplyInput>, audit: Audit) {
  const actor = session.user;
  const before = await loadFeedback(db, actor, input.id);
  const [row] = await db
    .update(feedbacks)
    .set({ reply: input.reply, repliedBy: actor.id, repliedAt: new Date() })
    .where(eq(feedbacks.id, input.id))
    .returning();
  const typeName = FEEDBACK_TYPE_LABEL[before.type as FeedbackType];
  await notify(db, [before.userId], { title: `您提交的${typeName}已收到回复`, content: input.reply, kind: 'system' });
  audit({ entity: 'feedback', entityId: row.id, before, after: row, detail: `回复意见反馈（${typeName}）` });
  return { id: row.id };
}

export async function deleteFeedback(db: Db, session: Session, ids: number[], audit: Audit) {
  const rows = await db
    .delete(feedbacks)
    .where(and(inArray(feedbacks.id, ids), scopeWhere(session.user, { cityId: feedbacks.cityId })))
    .returning();
  if (rows.length === 0) throw ApiError.notFound('意见反馈不存在或不在您的管辖范围内');
  for (const r of rows) audit({ entity: 'feedback', entityId: r.id, before: r, detail: `删除意见反馈（${FEEDBACK_TYPE_LABEL[r.type as FeedbackType]}）` });
  return { deleted: rows.length };
}

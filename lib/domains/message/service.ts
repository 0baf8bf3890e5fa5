// 站内消息：页头铃铛的未读数、列表与标记已读；其他领域经 notify() 写入。每个用户只能看到和改动自己的消息。
import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { fetchPage } from '@/lib/platform/db/paged';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import { formatBeijing } from '@/lib/platform/time';
import { publish, publishEach } from '@/lib/platform/push';
import { messages } from './tables';
import { MESSAGE_KINDS, type MessageItem, type NewMessage } from './schemas';

/** 推送事件：新消息（铃铛加一并显示最新一条；待办类弹出提醒）与已读（其他标签页的铃铛重取未读数） */
export const NOTICE_EVENT = 'notice';
export const NOTICE_READ_EVENT = 'notice.read';

export async function unreadCount(db: Db, userId: number): Promise<{ count: number }> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), isNull(messages.readAt)));
  return { count: n };
}

/** 最新在前 */
export async function listMessages(db: Db, userId: number, filter: { unreadOnly?: boolean }, page: Page): Promise<PageResult<MessageItem>> {
  const conds: SQL[] = [eq(messages.userId, userId)];
  if (filter.unreadOnly) conds.push(isNull(messages.readAt));
  const where = and(...conds);
  const { list: rows, total } = await fetchPage(
    page,
    db.select().from(messages).where(where).orderBy(desc(messages.createdAt), desc(messages.id)),
    db.select({ total: count() }).from(messages).where(where),
  );
  return {
    list: rows.map((m) => ({
      id: m.id,
      title: m.title,
      content: m.content,
      kind: m.kind,
      link: m.link,
      read: m.readAt !== null,
      createTime: formatBeijing(m.createdAt),
    })),
    total,
  };
}

/** 标记已读：只作用于本人的未读消息，他人的编号被忽略；返回实际标记的条数。 */
export async function markRead(db: Db, userId: number, input: { ids?: number[]; all?: boolean }): Promise<{ updated: number }> {
  const conds: SQL[] = [eq(messages.userId, userId), isNull(messages.readAt)];
  if (!input.all) {
    if (!input.ids?.length) throw ApiError.badRequest('请选择要标记为已读的消息');
    conds.push(inArray(messages.id, input.ids));
  }
  const rows = await db
    .update(messages)
    .set({ readAt: new Date() })
    .where(and(...conds))
    .returning({ id: messages.id });
  // 本人其他标签页的铃铛随之更新
  if (rows.length) await publish(db, { type: NOTICE_READ_EVENT, userIds: [userId], data: {} });
  return { updated: rows.length };
}

/** 给一批用户各发一条消息（审核结果、待办提醒等），返回写入条数。可在调用方的事务里使用。 */
export async function notify(db: Db, userIds: readonly number[], message: NewMessage): Promise<number> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return 0;
  const title = message.title.trim();
  if (!title) throw new Error('消息标题不能为空');
  const kind = message.kind ?? 'system';
  if (!MESSAGE_KINDS.includes(kind)) throw new Error(`未知的消息类型：${kind}`);
  const rows = await db
    .insert(messages)
    .values(ids.map((userId) => ({ userId, title: title.slice(0, 100), content: (message.content ?? '').slice(0, 1000), kind, link: message.link ?? null })))
    .returning({ id: messages.id, userId: messages.userId, title: messages.title, kind: messages.kind, link: messages.link });
  // 推送给收件人（调用方的事务提交后送达）：只有消息列表里本人本就看得到的标题、类型与链接，正文不推
  await publishEach(
    db,
    rows.map((m) => ({ userId: m.userId, type: NOTICE_EVENT, data: { id: m.id, title: m.title, kind: m.kind, link: m.link, needsAction: m.kind === 'audit' } })),
  );
  return rows.length;
}

// 推送（见 docs/PUSH.md）：领域在自己的事务里 publish() 一条事件，它写入 push_event 并 pg_notify；
// NOTIFY 在事务提交后才送达各实例（回滚则不送达），各实例的 hub 把事件转发给收件人连着的浏览器（/api/push，SSE）。
// 本模块不引用领域：谁能收到由调用方决定（userIds），数据只放收件人本来就能看到的内容。
import { lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { pushEvents } from './tables';

export interface PushEvent {
  type: string;
  userIds: readonly number[];
  data: Record<string, unknown>;
}

/** 一个收件人的一条事件（各人内容不同时用 publishEach，如每人一条的站内消息编号） */
export interface PushRow {
  userId: number;
  type: string;
  data: Record<string, unknown>;
}

/** 各实例 LISTEN 的通道 */
export const PUSH_CHANNEL = 'push';
/** 会话被吊销（退出、冻结、重置密码、删除、强制下线）或角色变更：浏览器说明原因后回登录页 */
export const PUSH_REVOKED = 'revoked';
/** NOTIFY 载荷的上限是 8000 字节：编号列表放不下时只给编号范围 */
const NOTIFY_PAYLOAD_MAX = 7000;

/** 吊销事件的数据：sessionIds 为被吊销的会话（只转发给这些会话的连接；不发给浏览器），reason 见 docs/PUSH.md */
export interface RevokedData {
  reason: string;
  sessionIds?: string[];
}

/** NOTIFY 的载荷：新事件的编号（或范围）与收件人，实例据此判断有没有自己的连接要收 */
export interface Announcement {
  ids?: number[];
  min?: number;
  max?: number;
  users?: number[];
}

/** 写入事件并广播；在调用方的事务里使用时，浏览器在事务提交之后才收到。 */
export async function publish(db: Db, event: PushEvent): Promise<void> {
  const users = [...new Set(event.userIds)];
  await publishEach(
    db,
    users.map((userId) => ({ userId, type: event.type, data: event.data })),
  );
}

export async function publishEach(db: Db, rows: readonly PushRow[]): Promise<void> {
  if (!rows.length) return;
  const inserted = await db
    .insert(pushEvents)
    .values(rows.map((r) => ({ userId: r.userId, type: r.type, data: r.data })))
    .returning({ id: pushEvents.id, userId: pushEvents.userId });
  await db.execute(sql`select pg_notify(${PUSH_CHANNEL}, ${announcement(inserted)})`);
}

export function announcement(rows: readonly { id: number; userId: number }[]): string {
  const ids = rows.map((r) => r.id);
  const users = [...new Set(rows.map((r) => r.userId))];
  const full = JSON.stringify({ ids, users } satisfies Announcement);
  if (full.length <= NOTIFY_PAYLOAD_MAX) return full;
  // 太多：只给范围，收到的实例按自己连着的用户去表里取（范围里别的事务的行按编号去重）
  return JSON.stringify({ min: Math.min(...ids), max: Math.max(...ids) } satisfies Announcement);
}

/** 定时任务 push.purge：删除早于保留时长的事件（断线超过这么久的浏览器不再补发，改为整体刷新） */
export async function purgePushEvents(db: Db, retentionHours: number): Promise<number> {
  const rows = await db
    .delete(pushEvents)
    .where(lt(pushEvents.createdAt, new Date(Date.now() - retentionHours * 3_600_000)))
    .returning({ id: pushEvents.id });
  return rows.length;
}

export { pushLimits, type PushLimits } from './limits';

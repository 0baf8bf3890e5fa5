// 运维 › 外发队列（/system/ops/outbox）：看一切离开本系统的投递（国网、求实平台、短信）的状态、尝试次数、下次尝试与最后的错误，
// 重试失败的；以及定时任务“投递外发队列”。机制在 lib/platform/outbox，见 docs/OUTBOX.md。
// 各通道由拥有它的领域登记；这里引用这些模块，定时任务所在的进程因此认得全部通道（ops 在最上层，见 docs/DOMAINS.md）。
import '../org/qiushi';
import '../user/sms';
import '../certificate/stategrid';
import { and, desc, eq, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import { can, type Session } from '@/lib/platform/auth/session';
import type { Page } from '@/lib/platform/api/paging';
import { fetchPage } from '@/lib/platform/db/paged';
import { containsPattern } from '@/lib/platform/db/like';
import {
  deliverDueOutbox,
  deliverOutboxNow,
  OUTBOX_STATUS,
  OUTBOX_STATUS_LABEL,
  outboxChannelLabel,
  outboxChannelNames,
  outboxMessages,
  requeueOutbox,
  type OutboxMessage,
  type OutboxStatus,
} from '@/lib/platform/outbox';
import type { OutboxFilter } from './outbox-schemas';

const STATUS_COLOR: Record<OutboxStatus, string> = {
  pending: 'blue',
  sending: 'processing',
  delivered: 'green',
  failed: 'red',
  waiting: 'orange',
};

/** 行上当前用户此刻能做的：失败且未过期的可重试 */
function outboxActions(session: Session, m: OutboxMessage, now = Date.now()): string[] {
  const expired = m.expiresAt !== null && m.expiresAt.getTime() <= now;
  return m.status === OUTBOX_STATUS.FAILED && !expired && can(session, 'outbox.edit') ? ['retry'] : [];
}

/** 列表的一行：不含内容（payload 里有个人信息与验证码） */
const outboxItem = (session: Session, m: OutboxMessage) => ({
  id: m.id,
  channel: m.channel,
  channelName: outboxChannelLabel(m.channel),
  key: m.key,
  summary: m.summary,
  status: m.status,
  statusName: OUTBOX_STATUS_LABEL[m.status as OutboxStatus] ?? m.status,
  statusColor: STATUS_COLOR[m.status as OutboxStatus] ?? 'default',
  attempts: m.attempts,
  maxAttempts: m.maxAttempts,
  // 只有按退避等着自动尝试的行才有“下次尝试”（等待配置的行在配置之后的下一轮投递）
  nextAttemptAt: m.status === OUTBOX_STATUS.PENDING ? m.nextAttemptAt : null,
  lastError: m.lastError,
  createdAt: m.createdAt,
  deliveredAt: m.deliveredAt,
  expiresAt: m.expiresAt,
  actions: outboxActions(session, m),
});

const OUTBOX_COLUMNS = {
  id: outboxMessages.id,
  channel: outboxMessages.channel,
  key: outboxMessages.key,
  summary: outboxMessages.summary,
  status: outboxMessages.status,
  attempts: outboxMessages.attempts,
  maxAttempts: outboxMessages.maxAttempts,
  nextAttemptAt: outboxMessages.nextAttemptAt,
  leaseUntil: outboxMessages.leaseUntil,
  expiresAt: outboxMessages.expiresAt,
  lastError: outboxMessages.lastError,
  createdAt: outboxMessages.createdAt,
  updatedAt: outboxMessages.updatedAt,
  deliveredAt: outboxMessages.deliveredAt,
};

export async function listOutbox(db: Db, session: Session, f: z.output<typeof OutboxFilter>, page: Page) {
  const conds: SQL[] = [];
  if (f.status) conds.push(eq(outboxMessages.status, f.status));
  if (f.channel) conds.push(eq(outboxMessages.channel, f.channel));
  if (f.key) conds.push(ilike(outboxMessages.key, containsPattern(f.key)));
  const where = conds.length ? and(...conds) : undefined;
  return fetchPage(
    page,
    // 不取 payload：列表不解密内容
    db.select(OUTBOX_COLUMNS).from(outboxMessages).where(where).orderBy(desc(outboxMessages.id)),
    db.select({ total: sql<number>`count(*)::int` }).from(outboxMessages).where(where),
    (rows) => rows.map((r) => outboxItem(session, { ...r, payload: '' })),
  );
}

/** 通道的选项（筛选用） */
export const outboxChannels = () => outboxChannelNames().map((name) => ({ value: name, label: outboxChannelLabel(name) }));

/** 重试一条失败的：次数清零、立即试一次，答复试后的行 */
export async function retryOutbox(db: Db, session: Session, input: { id: number }, audit: Audit) {
  const [before] = await db.select(OUTBOX_COLUMNS).from(outboxMessages).where(eq(outboxMessages.id, input.id));
  if (!before) throw ApiError.notFound('外发记录不存在');
  if (!outboxActions(session, { ...before, payload: '' }).includes('retry')) {
    if (before.status !== OUTBOX_STATUS.FAILED) throw ApiError.badRequest(`该记录当前为「${OUTBOX_STATUS_LABEL[before.status as OutboxStatus]}」，只有失败的记录可以重试`);
    throw ApiError.badRequest('该记录已过期（如验证码短信），不能重试');
  }
  const requeued = await requeueOutbox(db, before.id);
  if (!requeued) throw ApiError.conflict('该记录刚被别处改过，请刷新后再试');
  await deliverOutboxNow(db, [before.id]);
  const [after] = await db.select(OUTBOX_COLUMNS).from(outboxMessages).where(eq(outboxMessages.id, before.id));
  audit({
    entity: 'outbox_message',
    entityId: before.id,
    before: { status: before.status, attempts: before.attempts, lastError: before.lastError },
    after: { status: after.status, attempts: after.attempts, lastError: after.lastError },
    detail: `重试外发 ${before.key}`,
  });
  return outboxItem(session, { ...after, payload: '' });
}

/** 定时任务“投递外发队列”：投递到期的行；顺带删除送达超过保留天数的行。返回处理的行数 */
export async function runOutboxJob(db: Db, retentionDays: number | null): Promise<number> {
  const report = await deliverDueOutbox(db);
  let purged = 0;
  if (retentionDays !== null) {
    const before = new Date(Date.now() - Math.max(1, retentionDays) * 86_400_000);
    purged = (await db.delete(outboxMessages).where(and(eq(outboxMessages.status, OUTBOX_STATUS.DELIVERED), lt(outboxMessages.deliveredAt, before))).returning({ id: outboxMessages.id })).length;
  }
  return report.delivered + report.retrying + report.failed + purged;
}

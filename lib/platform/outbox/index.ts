// 外发队列（outbox）的机制：领域在业务改动的事务里 enqueueOutbox(tx, …) 写一行，提交之后 deliverOutboxNow 立即试一次，
// 定时任务“投递外发队列”（lib/domains/ops/jobs.ts）按退避重试其余的。平台不引用领域：各通道（qiushi、sms、stategrid）
// 由拥有它的领域 registerOutboxChannel 登记发送方。
// 领取：一条 UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) 把行改为“发送中”并给一个租约，多实例不会同时发同一行；
// 发送在事务之外（不在持有行锁时等网络）；发送成功后与通道的 onDelivered 在一个事务里标为“已送达”。
// 发出之后、标记之前实例中断：租约过期后行被重新领取、以同一幂等键再发一次，接收方按键去重（见 docs/OUTBOX.md）。
import { and, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { log } from '@/lib/platform/log';
import { OUTBOX_STATUS, outboxMessages, type OutboxMessage, type OutboxStatus } from './tables';

export { OUTBOX_STATUS, OUTBOX_STATUS_LABEL, outboxMessages, type OutboxMessage, type OutboxStatus } from './tables';

/** 默认最多尝试的次数（含第一次）；之后为“失败”，等管理员重试 */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** 第 n 次失败后等 30 秒 × 2^(n-1)，最多 6 小时 */
export const OUTBOX_BACKOFF_BASE_MS = 30_000;
export const OUTBOX_BACKOFF_MAX_MS = 6 * 3600_000;
/** 领取的租约：须远长于一次发送的超时（OUTBOX_SEND_TIMEOUT_MS） */
export const OUTBOX_LEASE_MS = 5 * 60_000;
/** 一次发送（HTTP 请求）的超时 */
export const OUTBOX_SEND_TIMEOUT_MS = 30_000;
/** 每次领取的行数（并发发送）与一次投递循环最多处理的行数 */
export const OUTBOX_CLAIM_BATCH = 5;
export const OUTBOX_RUN_LIMIT = 200;

export const backoffMs = (attempt: number): number => Math.min(OUTBOX_BACKOFF_MAX_MS, OUTBOX_BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));

/** 交给通道发送的一条 */
export interface OutboxDelivery<P = unknown> {
  id: number;
  channel: string;
  /** 幂等键：随每次投递发出（HTTP 头 Idempotency-Key），接收方据此去重 */
  key: string;
  payload: P;
  /** 这是第几次尝试（从 1 起） */
  attempt: number;
}

export interface OutboxChannel<P = unknown, R = unknown> {
  /** 界面上的通道名 */
  label: string;
  /** 此刻不能发送的原因（缺少配置）；能发送时为 null。有原因时行为“等待配置”，不尝试、不计次数 */
  waitingReason?(): string | null;
  /** 发送；抛错即本次失败（OutboxPermanentError：对方明确拒绝，不再自动重试） */
  send(delivery: OutboxDelivery<P>): Promise<R>;
  /** 送达后与“已送达”的标记在同一个事务里执行（如登记对方同步给出的答复） */
  onDelivered?(tx: Db, delivery: OutboxDelivery<P>, result: R): Promise<void>;
}

/** 对方明确拒绝（如 HTTP 4xx）：再发同样的内容也不会成功，直接进入“失败” */
export class OutboxPermanentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboxPermanentError';
  }
}

const shared = globalThis as typeof globalThis & { __outboxChannels?: Map<string, OutboxChannel> };
const channels = (shared.__outboxChannels ??= new Map());

/** 领域登记一个通道的发送方（模块加载时） */
export function registerOutboxChannel<P, R>(name: string, channel: OutboxChannel<P, R>): void {
  channels.set(name, channel as OutboxChannel);
}

export const outboxChannelLabel = (name: string): string => channels.get(name)?.label ?? name;
export const outboxChannelNames = (): string[] => [...channels.keys()];

export interface EnqueueInput {
  channel: string;
  key: string;
  /** 界面上的说明，不含个人信息 */
  summary: string;
  payload: unknown;
  maxAttempts?: number;
  /** 过了这个时间不再投递 */
  expiresAt?: Date;
}

/**
 * 入队：须在业务改动的同一个事务（tx）里调用。同一幂等键只入队一次（再次入队返回已有的行号）。
 * 通道此刻未配置时直接记为“等待配置”并写明原因。
 */
export async function enqueueOutbox(tx: Db, m: EnqueueInput): Promise<number> {
  const channel = channels.get(m.channel);
  if (!channel) throw new Error(`未登记的外发通道：${m.channel}`); // i18n-ignore
  const waiting = channel.waitingReason?.() ?? null;
  const [row] = await tx
    .insert(outboxMessages)
    .values({
      channel: m.channel,
      key: m.key.slice(0, 200),
      summary: m.summary.slice(0, 200),
      payload: JSON.stringify(m.payload),
      status: waiting ? OUTBOX_STATUS.WAITING : OUTBOX_STATUS.PENDING,
      lastError: waiting,
      maxAttempts: m.maxAttempts ?? OUTBOX_MAX_ATTEMPTS,
      expiresAt: m.expiresAt ?? null,
    })
    .onConflictDoNothing({ target: outboxMessages.key })
    .returning({ id: outboxMessages.id });
  if (row) return row.id;
  const [existing] = await tx.select({ id: outboxMessages.id }).from(outboxMessages).where(eq(outboxMessages.key, m.key.slice(0, 200)));
  return existing.id;
}

/** 提交后立即尝试的结果没有送达时给用户的一句说明（送达时界面用它自己的“已推送”等提示） */
const NOT_DELIVERED_NOTICE: Record<Exclude<OutboxStatus, 'delivered'>, string> = {
  pending: '已记下，暂未送达，系统将自动重试（系统管理 › 运维监控 › 外发队列可查看）',
  sending: '已记下，正在发送',
  failed: '已记下，但发送失败，请联系管理员在外发队列中重试',
  waiting: '已记下，对方平台未配置，数据在外发队列中等待，配置后自动送出',
};
export const deliveryNotice = (status: OutboxStatus): string | null => (status === OUTBOX_STATUS.DELIVERED ? null : NOT_DELIVERED_NOTICE[status]);

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

/** 未配置的通道的待发送行改为“等待配置”（ids 给出时只看这些行） */
async function markWaiting(db: Db, now: Date, ids?: number[]): Promise<void> {
  for (const [name, channel] of channels) {
    const reason = channel.waitingReason?.() ?? null;
    if (!reason) continue;
    await db
      .update(outboxMessages)
      .set({ status: OUTBOX_STATUS.WAITING, lastError: reason, updatedAt: now })
      .where(and(eq(outboxMessages.channel, name), eq(outboxMessages.status, OUTBOX_STATUS.PENDING), ids ? inArray(outboxMessages.id, ids) : undefined));
  }
}

/** 过期的、中断次数用完的行改为“失败”；未配置的通道的待发送行改为“等待配置” */
async function sweep(db: Db, now: Date): Promise<void> {
  const open = sql`(${inArray(outboxMessages.status, [OUTBOX_STATUS.PENDING, OUTBOX_STATUS.WAITING])} or (${eq(outboxMessages.status, OUTBOX_STATUS.SENDING)} and ${lt(outboxMessages.leaseUntil, now)}))`;
  await db
    .update(outboxMessages)
    .set({ status: OUTBOX_STATUS.FAILED, leaseUntil: null, lastError: '已过期，未投递', updatedAt: now })
    .where(and(open, lte(outboxMessages.expiresAt, now)));
  await db
    .update(outboxMessages)
    .set({ status: OUTBOX_STATUS.FAILED, leaseUntil: null, lastError: sql`left('发送中断（实例在发送后没有记下结果）且已用完尝试次数；' || coalesce(${outboxMessages.lastError}, ''), 500)`, updatedAt: now })
    .where(and(eq(outboxMessages.status, OUTBOX_STATUS.SENDING), lt(outboxMessages.leaseUntil, now), gte(outboxMessages.attempts, outboxMessages.maxAttempts)));
  await markWaiting(db, now);
}

/**
 * 领取到期的行（SKIP LOCKED：别的实例正在领取的跳过）：改为“发送中”、尝试次数加一、租约 OUTBOX_LEASE_MS。
 * ids 给出时只领取其中的（提交后的立即尝试）。只领取已登记且已配置的通道的行。
 */
export async function claimOutbox(db: Db, opts: { ids?: number[]; limit?: number; now?: Date } = {}): Promise<OutboxMessage[]> {
  const now = opts.now ?? new Date();
  const ready = [...channels].filter(([, c]) => !c.waitingReason?.()).map(([name]) => name);
  if (!ready.length || (opts.ids && !opts.ids.length)) return [];
  const at = sql`${now.toISOString()}::timestamptz`;
  const leaseUntil = sql`${new Date(now.getTime() + OUTBOX_LEASE_MS).toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    update ${outboxMessages}
       set status = ${OUTBOX_STATUS.SENDING}, attempts = attempts + 1, lease_until = ${leaseUntil}, updated_at = ${at}
     where id in (select id from ${outboxMessages}
                   where channel in (${sql.join(ready.map((c) => sql`${c}`), sql`, `)})
                     and ((status in (${OUTBOX_STATUS.PENDING}, ${OUTBOX_STATUS.WAITING}) and next_attempt_at <= ${at})
                          or (status = ${OUTBOX_STATUS.SENDING} and lease_until < ${at} and attempts < max_attempts))
                     and (expires_at is null or expires_at > ${at})
                     ${opts.ids ? sql`and id in (${sql.join(opts.ids.map((id) => sql`${id}`), sql`, `)})` : sql``}
                   order by next_attempt_at, id
                   limit ${opts.limit ?? OUTBOX_CLAIM_BATCH}
                   for update skip locked)
    returning id`);
  const ids = rowsOf<{ id: number }>(result).map((r) => Number(r.id));
  if (!ids.length) return [];
  // 经 Drizzle 再读一遍：加密的 payload 在这里解密
  return db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids)).orderBy(outboxMessages.id);
}

export interface DeliveryOutcome {
  id: number;
  status: OutboxStatus;
  error?: unknown;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500) || '发送失败';

/** 发送一条已领取的行，记下结果（不抛出） */
export async function deliverClaimed(db: Db, row: OutboxMessage, now: () => Date = () => new Date()): Promise<DeliveryOutcome> {
  const channel = channels.get(row.channel);
  const mine = and(eq(outboxMessages.id, row.id), eq(outboxMessages.status, OUTBOX_STATUS.SENDING), eq(outboxMessages.attempts, row.attempts));
  const delivery: OutboxDelivery = { id: row.id, channel: row.channel, key: row.key, payload: JSON.parse(row.payload), attempt: row.attempts };
  try {
    if (!channel) throw new Error(`未登记的外发通道：${row.channel}`); // i18n-ignore
    const result = await channel.send(delivery);
    await db.transaction(async (tx) => {
      const [marked] = await tx
        .update(outboxMessages)
        .set({ status: OUTBOX_STATUS.DELIVERED, deliveredAt: now(), leaseUntil: null, lastError: null, updatedAt: now() })
        .where(mine)
        .returning({ id: outboxMessages.id });
      // 租约已过、别的实例重新领取了它：结果由那边登记（接收方按幂等键去重，两边拿到同一个答复）
      if (marked && channel.onDelivered) await channel.onDelivered(tx, delivery, result);
    });
    return { id: row.id, status: OUTBOX_STATUS.DELIVERED };
  } catch (err) {
    const final = err instanceof OutboxPermanentError || row.attempts >= row.maxAttempts;
    const at = now();
    await db
      .update(outboxMessages)
      .set(
        final
          ? { status: OUTBOX_STATUS.FAILED, leaseUntil: null, lastError: errorText(err), updatedAt: at }
          : { status: OUTBOX_STATUS.PENDING, leaseUntil: null, lastError: errorText(err), nextAttemptAt: new Date(at.getTime() + backoffMs(row.attempts)), updatedAt: at },
      )
      .where(mine);
    log.warn({ component: 'outbox', id: row.id, channel: row.channel, key: row.key, attempt: row.attempts, err }, final ? '外发投递失败，不再自动重试' : '外发投递失败，稍后重试');
    return { id: row.id, status: final ? OUTBOX_STATUS.FAILED : OUTBOX_STATUS.PENDING, error: err };
  }
}

export interface DeliverReport {
  delivered: number;
  retrying: number;
  failed: number;
}

/** 投递到期的行（定时任务调用）；now 供测试模拟时间流逝（退避） */
export async function deliverDueOutbox(db: Db, opts: { now?: Date; limit?: number } = {}): Promise<DeliverReport> {
  const clock = () => opts.now ?? new Date();
  await sweep(db, clock());
  const report: DeliverReport = { delivered: 0, retrying: 0, failed: 0 };
  const limit = opts.limit ?? OUTBOX_RUN_LIMIT;
  let done = 0;
  while (done < limit) {
    const rows = await claimOutbox(db, { now: clock(), limit: Math.min(OUTBOX_CLAIM_BATCH, limit - done) });
    if (!rows.length) break;
    done += rows.length;
    for (const r of await Promise.all(rows.map((row) => deliverClaimed(db, row, clock)))) {
      if (r.status === OUTBOX_STATUS.DELIVERED) report.delivered++;
      else if (r.status === OUTBOX_STATUS.FAILED) report.failed++;
      else report.retrying++;
    }
  }
  return report;
}

/**
 * 提交之后立即试一次（请求里等它的结果）：领取不到（通道未配置、别处正在发送）时答复行此刻的状态。
 * 失败的行照常按退避等定时任务重试。
 */
export async function deliverOutboxNow(db: Db, ids: number[]): Promise<DeliveryOutcome[]> {
  if (!ids.length) return [];
  // 只看这几行（请求里不扫整张表）：新入队的行不会已过期；管理员重试时通道恰好未配置的，记为等待配置
  await markWaiting(db, new Date(), ids);
  const claimed = await claimOutbox(db, { ids, limit: ids.length });
  const outcomes = await Promise.all(claimed.map((row) => deliverClaimed(db, row)));
  const rest = ids.filter((id) => !claimed.some((c) => c.id === id));
  if (rest.length) {
    const rows = await db.select({ id: outboxMessages.id, status: outboxMessages.status }).from(outboxMessages).where(inArray(outboxMessages.id, rest));
    outcomes.push(...rows.map((r) => ({ id: r.id, status: r.status as OutboxStatus })));
  }
  return outcomes;
}

/** 把一行直接记为“失败”（如验证码短信第一次就没发出：不再重试，用户另取一条）；expire 时同时到期，管理员也不能重试（内容已作废） */
export async function failOutbox(db: Db, id: number, reason: string, opts: { expire?: boolean } = {}): Promise<void> {
  const now = new Date();
  await db
    .update(outboxMessages)
    .set({ status: OUTBOX_STATUS.FAILED, leaseUntil: null, lastError: reason.slice(0, 500), updatedAt: now, ...(opts.expire ? { expiresAt: now } : {}) })
    .where(and(eq(outboxMessages.id, id), sql`${outboxMessages.status} <> ${OUTBOX_STATUS.DELIVERED}`));
}

/** 管理员重试一条“失败”的行：次数清零、立即到期；已过期的不能重试。返回改后的行，不是失败状态或已过期时为 null */
export async function requeueOutbox(db: Db, id: number): Promise<OutboxMessage | null> {
  const now = new Date();
  const [row] = await db
    .update(outboxMessages)
    .set({ status: OUTBOX_STATUS.PENDING, attempts: 0, nextAttemptAt: now, leaseUntil: null, updatedAt: now })
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, OUTBOX_STATUS.FAILED), sql`(${outboxMessages.expiresAt} is null or ${outboxMessages.expiresAt} > ${now.toISOString()}::timestamptz)`))
    .returning();
  return row ?? null;
}

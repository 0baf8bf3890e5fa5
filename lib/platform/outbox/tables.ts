// 外发队列（outbox）：一切离开本系统的投递（国网上报批次、求实平台的班级/教师/单位数据、短信）都先在业务改动的同一个事务里
// 写一行，由定时任务（或提交后的立即尝试）投递：重试、指数退避、幂等键、最终的“失败”状态，运维界面上可见、可重试。见 docs/OUTBOX.md。
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sealedText } from '@/lib/platform/crypto/columns';

export const OUTBOX_STATUS = {
  /** 待发送（含等待退避后的下一次尝试） */
  PENDING: 'pending',
  /** 已被某个实例领取、正在发送（lease_until 之前别的实例不碰它） */
  SENDING: 'sending',
  DELIVERED: 'delivered',
  /** 用完尝试次数、对方明确拒绝或已过期：不再自动重试，管理员可在界面上重试 */
  FAILED: 'failed',
  /** 通道未配置（如没有 QIUSHI_URL）：不尝试、不计次数，配置之后由定时任务照常投递 */
  WAITING: 'waiting',
} as const;
export type OutboxStatus = (typeof OUTBOX_STATUS)[keyof typeof OUTBOX_STATUS];

export const OUTBOX_STATUS_LABEL: Record<OutboxStatus, string> = {
  pending: '待发送',
  sending: '发送中',
  delivered: '已送达',
  failed: '失败',
  waiting: '等待配置',
};

export const outboxMessages = pgTable(
  'outbox_message',
  {
    id: serial('id').primaryKey(),
    /** 通道：qiushi、sms、stategrid……（由领域登记发送方） */
    channel: varchar('channel', { length: 32 }).notNull(),
    /** 幂等键：每次投递都带上（Idempotency-Key），接收方据此去重；同一键只入队一次 */
    key: varchar('key', { length: 200 }).notNull().unique(),
    /** 界面上显示的说明（不含个人信息） */
    summary: varchar('summary', { length: 200 }).notNull(),
    /** 投递的内容（JSON），整体加密存放：里面有身份证号、手机号、验证码 */
    payload: sealedText('payload', { kind: 'idNumber' }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default(OUTBOX_STATUS.PENDING),
    /** 已尝试的次数（领取一次算一次） */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** 下一次可以尝试的时间（退避） */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** 领取的租约：发送中的行到这个时间还没有结果，视为实例中断，别的实例可重新领取（同一幂等键再发一次） */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** 过了这个时间不再投递（验证码短信：过期的验证码发出去也没用） */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastError: varchar('last_error', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    check('outbox_message_status_chk', sql`${t.status} in ('pending', 'sending', 'delivered', 'failed', 'waiting')`),
    check('outbox_message_attempts_chk', sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
    // 投递循环：按状态与到期时间领取
    index('outbox_message_due_idx').on(t.status, t.nextAttemptAt),
    // 界面：新到旧
    index('outbox_message_created_idx').on(t.createdAt),
  ],
);
export type OutboxMessage = typeof outboxMessages.$inferSelect;

// 求实平台的外发通道（outbox 通道 qiushi）：培训班、教师与单位的数据经外发队列以签名的 JSON POST 到 QIUSHI_URL 下的路径。
// 放在 org（培训班、师资、院校三个领域都引用的一层）：三处推送共用一个发送方。协议见 docs/OUTBOX.md。
import type { Db } from '@/lib/platform/db/client';
import { deliverOutboxNow, deliveryNotice, enqueueOutbox, OUTBOX_STATUS, OUTBOX_STATUS_LABEL, registerOutboxChannel, type OutboxStatus } from '@/lib/platform/outbox';
import { postJson } from '@/lib/platform/outbox/http';

export const QIUSHI_CHANNEL = 'qiushi';

/** 各类数据在 QIUSHI_URL 下的路径 */
export const QIUSHI_PATHS = {
  trainClass: '/trainClass',
  teacher: '/teacher',
  organisation: '/organisation',
} as const;
export type QiuShiKind = keyof typeof QIUSHI_PATHS;

interface QiuShiPayload {
  kind: QiuShiKind;
  data: Record<string, unknown>;
}

const qiushiUrl = () => process.env.QIUSHI_URL?.trim().replace(/\/+$/, '') || null;
const qiushiKey = () => process.env.QIUSHI_KEY?.trim() || null;

/** 缺少配置时行在队列里等待（界面上显示原因），配置之后由定时任务投递 */
export function qiushiWaitingReason(): string | null {
  if (!qiushiUrl()) return '未配置 QIUSHI_URL';
  if (!qiushiKey()) return '未配置 QIUSHI_KEY';
  return null;
}

registerOutboxChannel<QiuShiPayload, unknown>(QIUSHI_CHANNEL, {
  label: '求实平台',
  waitingReason: qiushiWaitingReason,
  send: ({ key, payload }) =>
    postJson(`${qiushiUrl()}${QIUSHI_PATHS[payload.kind]}`, { body: { kind: payload.kind, idempotencyKey: key, data: payload.data }, idempotencyKey: key, signingKey: qiushiKey()! }),
});

/**
 * 在业务改动的事务里排一条推送；每次推送一个新键（同一班级再推一次是新的一条消息，改过的资料要再送一次）。
 * 返回外发行号：提交之后交给 deliverQiuShi。
 */
export function enqueueQiuShi(tx: Db, m: { kind: QiuShiKind; entityId: number | string; summary: string; data: Record<string, unknown>; at: Date }): Promise<number> {
  return enqueueOutbox(tx, { channel: QIUSHI_CHANNEL, key: `qiushi:${m.kind}:${m.entityId}:${m.at.getTime()}`, summary: m.summary, payload: { kind: m.kind, data: m.data } satisfies QiuShiPayload });
}

/** 提交之后立即试一次；答复外发状态（界面提示“已送达”、“已排队”或“等待配置”） */
export async function deliverQiuShi(db: Db, outboxId: number): Promise<{ outboxId: number; deliveryStatus: OutboxStatus; deliveryStatusName: string; deliveryNotice: string | null }> {
  const [outcome] = await deliverOutboxNow(db, [outboxId]);
  const status = outcome?.status ?? OUTBOX_STATUS.PENDING;
  return { outboxId, deliveryStatus: status, deliveryStatusName: OUTBOX_STATUS_LABEL[status], deliveryNotice: deliveryNotice(status) };
}

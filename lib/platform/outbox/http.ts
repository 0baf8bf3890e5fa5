// 外发的 HTTP 投递：JSON 请求体，带幂等键；有密钥时签名（HMAC-SHA256，覆盖时间戳与请求体，见 docs/OUTBOX.md）。
// 答复 2xx 为送达；408、429 与 5xx、网络错误与超时可重试；其余 4xx 是对方明确拒绝（OutboxPermanentError）。
import { createHmac, timingSafeEqual } from 'node:crypto';
import { OUTBOX_SEND_TIMEOUT_MS, OutboxPermanentError } from './index';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const TIMESTAMP_HEADER = 'X-Timestamp';
export const SIGNATURE_HEADER = 'X-Signature';

/** 签名：hex(HMAC-SHA256(密钥, 时间戳 + "." + 请求体))；时间戳是 Unix 秒，接收方据此拒绝过旧的请求（防重放） */
export const signBody = (key: string, timestamp: string, body: string): string => createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex');

/** 接收方（及测试）核对签名；maxSkewSeconds 内的时间戳才认 */
export function verifySignature(key: string, headers: { timestamp?: string | null; signature?: string | null }, body: string, maxSkewSeconds = 300, now = Date.now()): boolean {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > maxSkewSeconds) return false;
  const expected = Buffer.from(signBody(key, timestamp, body), 'hex');
  const given = Buffer.from(signature, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const RETRYABLE = new Set([408, 425, 429]);

/** POST JSON；答复体按 JSON 读出（空体为 null） */
export async function postJson(url: string, opts: { body: unknown; idempotencyKey: string; signingKey?: string; headers?: Record<string, string> }): Promise<unknown> {
  const body = JSON.stringify(opts.body);
  const headers: Record<string, string> = { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: opts.idempotencyKey, ...opts.headers };
  if (opts.signingKey) {
    const timestamp = String(Math.floor(Date.now() / 1000));
    headers[TIMESTAMP_HEADER] = timestamp;
    headers[SIGNATURE_HEADER] = signBody(opts.signingKey, timestamp, body);
  }
  const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(OUTBOX_SEND_TIMEOUT_MS) });
  const text = await res.text();
  if (!res.ok) {
    const detail = `对方答复 HTTP ${res.status}${text ? `：${text.slice(0, 200)}` : ''}`;
    if (res.status >= 400 && res.status < 500 && !RETRYABLE.has(res.status)) throw new OutboxPermanentError(detail);
    throw new Error(detail);
  }
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// 外发队列（lib/platform/outbox）：送达一次；失败后按退避重试；发出后、标记前实例中断时以同一幂等键重发、接收方去重不产生两次效果；
// 用完次数为失败、列表可见、重试后送达；对方 4xx 直接失败；非省级管理员 403。接收方是本机的 HTTP 服务器，记下每次收到的幂等键。
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import {
  backoffMs,
  claimOutbox,
  deliverDueOutbox,
  enqueueOutbox,
  OUTBOX_BACKOFF_BASE_MS,
  OUTBOX_LEASE_MS,
  outboxMessages,
  registerOutboxChannel,
} from '@/lib/platform/outbox';
import { IDEMPOTENCY_HEADER, postJson } from '@/lib/platform/outbox/http';
import { runJob } from '@/lib/domains/ops/jobs';
import { scheduleJobRuns, scheduleJobs } from '@/lib/domains/ops/tables';

const { db } = setupTestDb();

/** 接收方：按幂等键去重（同一键第二次来只答复，不再产生效果）；fail 里的键先答复若干次 500（或给定的状态码） */
const receiver = {
  keys: [] as string[],
  effects: new Map<string, unknown>(),
  fail: new Map<string, { times: number; status: number }>(),
  url: '',
};
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const key = String(req.headers[IDEMPOTENCY_HEADER.toLowerCase()] ?? '');
    receiver.keys.push(key);
    const f = receiver.fail.get(key);
    if (f && f.times > 0) {
      f.times--;
      res.writeHead(f.status).end('gateway down');
      return;
    }
    if (!receiver.effects.has(key)) receiver.effects.set(key, JSON.parse(body));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
  });
});

registerOutboxChannel<{ n: number }, unknown>('test', {
  label: '测试通道',
  send: ({ key, payload }) => postJson(receiver.url, { body: payload, idempotencyKey: key }),
});

const h: Record<string, Record<string, string>> = {};
let seq = 0;
const enqueue = async (opts: { maxAttempts?: number } = {}) => {
  const key = `test:${Date.now()}:${++seq}`;
  const id = await (await db()).transaction((tx) => enqueueOutbox(tx, { channel: 'test', key, summary: `测试 ${seq}`, payload: { n: seq }, ...opts }));
  return { id, key };
};
const rowOf = async (id: number) => (await (await db()).select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0];
const sentTo = (key: string) => receiver.keys.filter((k) => k === key).length;
const later = (ms: number) => new Date(Date.now() + ms);

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/receive`;
  for (const a of ['admin', 'sjz_admin']) h[a] = await authHeaders(a);
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('外发队列', () => {
  it('入队的行送达一次：带幂等键，再投递不会重发；同一键只入队一次；内容加密存放', async () => {
    const { id, key } = await enqueue();
    const again = await (await db()).transaction((tx) => enqueueOutbox(tx, { channel: 'test', key, summary: '重复', payload: { n: -1 } }));
    expect(again).toBe(id);
    const raw = await (await db()).execute<{ payload: string }>(`select payload from outbox_message where id = ${id}` as never);
    const stored = (Array.isArray(raw) ? raw : (raw as unknown as { rows: { payload: string }[] }).rows)[0].payload;
    expect(stored).toMatch(/^s1\./);
    expect(stored).not.toContain('"n"');

    await deliverDueOutbox(await db());
    await deliverDueOutbox(await db());
    expect(sentTo(key)).toBe(1);
    expect(receiver.effects.get(key)).toEqual({ n: expect.any(Number) });
    expect(await rowOf(id)).toMatchObject({ status: 'delivered', attempts: 1, lastError: null });
  });

  it('失败后按指数退避重试：不到时间不发，到了再发并送达', async () => {
    const { id, key } = await enqueue();
    receiver.fail.set(key, { times: 2, status: 503 });
    await deliverDueOutbox(await db());
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toContain('HTTP 503');
    expect(row.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(OUTBOX_BACKOFF_BASE_MS - 5_000);
    await deliverDueOutbox(await db());
    expect(sentTo(key)).toBe(1);
    // 第二次失败：等待翻倍
    await deliverDueOutbox(await db(), { now: later(backoffMs(1) + 1_000) });
    row = await rowOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
    await deliverDueOutbox(await db(), { now: later(backoffMs(1) + backoffMs(2) + 2_000) });
    expect(await rowOf(id)).toMatchObject({ status: 'delivered', attempts: 3 });
    expect(sentTo(key)).toBe(3);
  });

  it('发出之后、标记之前实例中断：租约期内别处不碰它，过期后以同一幂等键重发，接收方去重，只产生一次效果', async () => {
    const { id, key } = await enqueue();
    // 实例 A 领取并发出，随即中断（没有记下结果）
    const [claimed] = await claimOutbox(await db(), { ids: [id] });
    expect(claimed).toMatchObject({ status: 'sending', attempts: 1 });
    await postJson(receiver.url, { body: JSON.parse(claimed.payload), idempotencyKey: claimed.key });
    // 租约期内：定时任务不重发
    await deliverDueOutbox(await db());
    expect(sentTo(key)).toBe(1);
    // 租约过期：实例 B 重新领取，同一键再发一次
    await deliverDueOutbox(await db(), { now: later(OUTBOX_LEASE_MS + 1_000) });
    expect(receiver.keys.filter((k) => k === key)).toEqual([key, key]);
    expect([...receiver.effects.keys()].filter((k) => k === key)).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('两处同时领取：同一行只被领取一次（SKIP LOCKED）', async () => {
    const { id } = await enqueue();
    const [a, b] = await Promise.all([claimOutbox(await db(), { ids: [id] }), claimOutbox(await db(), { ids: [id] })]);
    expect(a.length + b.length).toBe(1);
    await deliverDueOutbox(await db(), { now: later(OUTBOX_LEASE_MS + 1_000) });
    expect((await rowOf(id)).status).toBe('delivered');
  });

  it('用完尝试次数为失败：列表里看得到原因与“重试”，重试后送达；对方 4xx 直接失败', async () => {
    const { id, key } = await enqueue({ maxAttempts: 2 });
    receiver.fail.set(key, { times: 2, status: 500 });
    await deliverDueOutbox(await db());
    await deliverDueOutbox(await db(), { now: later(backoffMs(1) + 1_000) });
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 2 });

    const list = await call<{ list: { id: number; status: string; statusName: string; channelName: string; lastError: string; actions: string[]; attempts: number }[] }>('POST', '/sys/outbox/list', {
      headers: h.admin,
      json: { status: 'failed', key, pageNo: 1, pageSize: 10 },
    });
    expect(list.body.returnCode).toBe(200);
    const row = list.body.data.list.find((r) => r.id === id)!;
    expect(row).toMatchObject({ status: 'failed', statusName: '失败', channelName: '测试通道', attempts: 2, actions: ['retry'] });
    expect(row.lastError).toContain('HTTP 500');
    expect(row).not.toHaveProperty('payload');

    const retried = await call<{ status: string; attempts: number; actions: string[] }>('POST', '/sys/outbox/retry', { headers: h.admin, json: { id } });
    expect(retried.body.returnCode).toBe(200);
    expect(retried.body.data).toMatchObject({ status: 'delivered', attempts: 1, actions: [] });
    const again = await call('POST', '/sys/outbox/retry', { headers: h.admin, json: { id } });
    expect(again.status).toBe(400);
    expect(again.body.returnMsg).toBe('该记录当前为「已送达」，只有失败的记录可以重试');

    const rejected = await enqueue();
    receiver.fail.set(rejected.key, { times: 1, status: 422 });
    await deliverDueOutbox(await db());
    expect(await rowOf(rejected.id)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('定时任务“投递外发队列”投递到期的行', async () => {
    const { id } = await enqueue();
    const run = await runJob(await db(), 'outbox.deliver', { trigger: 'manual' });
    expect(run).toMatchObject({ status: 'success' });
    expect(run!.rowsAffected).toBeGreaterThanOrEqual(1);
    expect((await rowOf(id)).status).toBe('delivered');
  });

  it('定时触发：到期才执行，另一处紧接着触发时跳过；没有可投递的行时不写执行记录', async () => {
    const d = await db();
    await deliverDueOutbox(d);
    await d.update(scheduleJobs).set({ lastRunAt: null }).where(eq(scheduleJobs.code, 'outbox.deliver'));
    const [job] = await d.select().from(scheduleJobs).where(eq(scheduleJobs.code, 'outbox.deliver'));
    const runsBefore = await d.select().from(scheduleJobRuns).where(eq(scheduleJobRuns.jobId, job.id));
    const [first, second] = [await runJob(d, 'outbox.deliver', { trigger: 'schedule', onlyIfDue: true }), await runJob(d, 'outbox.deliver', { trigger: 'schedule', onlyIfDue: true })];
    expect(first).toMatchObject({ status: 'success', rowsAffected: 0 });
    expect(second).toBeNull();
    expect(await d.select().from(scheduleJobRuns).where(eq(scheduleJobRuns.jobId, job.id))).toHaveLength(runsBefore.length);
    const [after] = await d.select().from(scheduleJobs).where(eq(scheduleJobs.code, 'outbox.deliver'));
    expect(after.lastRunAt).not.toBeNull();
    expect(after.lastStatus).toBe('success');
  });

  it('没有外发队列权限的账号：列表与重试 403', async () => {
    const { id } = await enqueue();
    expect((await call('POST', '/sys/outbox/list', { headers: h.sjz_admin, json: {} })).status).toBe(403);
    expect((await call('POST', '/sys/outbox/retry', { headers: h.sjz_admin, json: { id } })).status).toBe(403);
    expect((await call('POST', '/sys/outbox/list', { json: {} })).status).toBe(401);
  });
});

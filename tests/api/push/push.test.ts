// 推送（GET /api/push，docs/PUSH.md）：身份、事务提交后才送达、只送给收件人、断线补发、连接上限、吊销即关闭。
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { SseReader, type SseFrame } from '../../helpers/sse';
import { GET as pushGet } from '@/app/api/push/route';
import { notify } from '@/lib/domains/message/service';
import { createSession } from '@/lib/domains/user/session';
import { issueWebSocketToken } from '@/lib/domains/access/ws-token';
import { pushEvents } from '@/lib/platform/push/tables';
import { purgePushEvents, pushLimits } from '@/lib/platform/push';
import { PushHub } from '@/lib/platform/push/hub';
import { openPushStream } from '@/lib/platform/push/stream';
import { getOpenedDb } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import { demoUserId } from '@/db/seed';

const { db } = setupTestDb();

let adminId: number;
let sjzId: number;
let teacherId: number;
let admin: Record<string, string>;

const open: { reader: SseReader; abort: AbortController }[] = [];

async function connect(opts: { token?: string; cookie?: string; wsToken?: string; lastEventId?: string; query?: string } = {}) {
  const abort = new AbortController();
  const url = new URL('http://localhost/api/push');
  if (opts.wsToken) url.searchParams.set('token', opts.wsToken);
  if (opts.query) url.searchParams.set('lastEventId', opts.query);
  const headers = new Headers();
  if (opts.token) headers.set('authorization_token', opts.token);
  if (opts.cookie) headers.set('cookie', opts.cookie);
  if (opts.lastEventId) headers.set('last-event-id', opts.lastEventId);
  const res = await pushGet(new Request(url, { headers, signal: abort.signal }));
  if (res.status !== 200) return { res, reader: null as never, ready: null as never };
  const reader = new SseReader(res.body!);
  open.push({ reader, abort });
  const ready = (await reader.next()) as SseFrame;
  return { res, reader, ready };
}

const session = async (userId: number) => (await createSession(await db(), userId)).token;
const isFrame = (f: SseFrame | null | 'end'): f is SseFrame => f !== null && f !== 'end';

beforeAll(async () => {
  const d = await db();
  [adminId, sjzId, teacherId] = await Promise.all(['admin', 'sjz_admin', 'teacher'].map((a) => demoUserId(d, a)));
  admin = { authorization_token: await session(adminId) };
});

afterEach(async () => {
  for (const c of open.splice(0)) {
    c.abort.abort();
    await c.reader.cancel();
  }
});

describe('身份', () => {
  it('没有会话也没有令牌：401；令牌伪造或过期：401；会话已吊销：401 + 10005', async () => {
    const none = await connect();
    expect(none.res.status).toBe(401);
    expect(((await none.res.json()) as { returnCode: number }).returnCode).toBe(401);

    const forged = await connect({ wsToken: `${issueWebSocketToken(sjzId).split('.')[0]}.AAAA` });
    expect(forged.res.status).toBe(401);
    const expired = await connect({ wsToken: issueWebSocketToken(sjzId, Date.now() - 11 * 60_000) });
    expect(expired.res.status).toBe(401);

    const t = await session(sjzId);
    await call('GET', '/user/logout', { headers: { authorization_token: t } });
    const revoked = await connect({ token: t });
    expect(revoked.res.status).toBe(401);
    expect(((await revoked.res.json()) as { returnCode: number }).returnCode).toBe(10005);
  });

  it('会话 Cookie 或推送令牌：200 的事件流，不缓冲、不压缩；先收到 ready（补取的起点）', async () => {
    const byCookie = await connect({ cookie: `Access-Token=${await session(sjzId)}` });
    expect(byCookie.res.status).toBe(200);
    expect(byCookie.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(byCookie.res.headers.get('x-accel-buffering')).toBe('no');
    expect(byCookie.res.headers.get('cache-control')).toContain('no-transform');
    expect(byCookie.ready.type).toBe('ready');
    expect(byCookie.ready.id).toMatch(/^\d+$/);

    const renewed = await call<{ webSocketToken: string; expiresIn: number }>('GET', '/user/webSocketToken', { headers: admin });
    expect(renewed.body.data.expiresIn).toBe(600);
    const byToken = await connect({ wsToken: renewed.body.data.webSocketToken });
    expect(byToken.res.status).toBe(200);
    expect(byToken.ready.type).toBe('ready');
    expect((await call('GET', '/user/webSocketToken')).status).toBe(401);
  });
});

describe('站内消息的推送', () => {
  it('事务提交后才送达、回滚的不送；只送给收件人，只有标题、类型与链接（不推正文）', async () => {
    const sjz = await connect({ token: await session(sjzId) });
    const other = await connect({ token: await session(teacherId) });
    const d = await db();

    await d
      .transaction(async (tx) => {
        await notify(tx, [sjzId], { title: '回滚的消息', content: '不应送达', kind: 'audit' });
        throw new Error('rollback');
      })
      .catch(() => {});
    let seenBeforeCommit: SseFrame | null | 'end' = 'end';
    await d.transaction(async (tx) => {
      await notify(tx, [sjzId], { title: '备案待初审', content: '身份证 130602200510020054', kind: 'audit', link: '/filing/audit' });
      seenBeforeCommit = await sjz.reader.next(400);
    });
    expect(seenBeforeCommit).toBeNull();

    const got = await sjz.reader.next();
    expect(isFrame(got) && got.type).toBe('notice');
    const frame = got as SseFrame;
    expect(frame.data).toEqual({ id: expect.any(Number), title: '备案待初审', kind: 'audit', link: '/filing/audit', needsAction: true });
    expect(JSON.stringify(frame.data)).not.toContain('130602');
    expect(Number(frame.id)).toBeGreaterThan(Number(sjz.ready.id));
    expect(await other.reader.next(500)).toBeNull();
  });

  it('标为已读：本人其他标签页收到 notice.read', async () => {
    const t = await session(sjzId);
    const tab = await connect({ token: t });
    await call('POST', '/message/read', { headers: { authorization_token: t }, json: { all: true } });
    const got = await tab.reader.next();
    expect(isFrame(got) && got.type).toBe('notice.read');
  });

  it('断线重连带 Last-Event-ID（或查询串 lastEventId）：补发断开期间的事件，一条不少、不重复', async () => {
    const t = await session(sjzId);
    const first = await connect({ token: t });
    const from = first.ready.id;
    open.splice(0).forEach((c) => c.abort.abort());
    const d = await db();
    await notify(d, [sjzId], { title: '断线时一', kind: 'notice' });
    await notify(d, [sjzId, teacherId], { title: '断线时二', kind: 'system' });

    for (const how of ['header', 'query'] as const) {
      const again = await connect(how === 'header' ? { token: t, lastEventId: from } : { token: t, query: from });
      // 补发的在 ready 之前
      const titles = [again.ready];
      for (;;) {
        const f = await again.reader.next(300);
        if (!isFrame(f)) break;
        titles.push(f);
      }
      expect(titles.filter((f) => f.type === 'notice').map((f) => f.data.title)).toEqual(['断线时一', '断线时二']);
      expect(titles.at(-1)!.type).toBe('ready');
    }
  });

  it('定时任务清理过期的推送事件', async () => {
    const d = await db();
    await d.update(pushEvents).set({ createdAt: new Date(Date.now() - 2 * 86_400_000) }).where(eq(pushEvents.userId, teacherId));
    expect(await purgePushEvents(d, 24)).toBeGreaterThan(0);
    expect(await d.select().from(pushEvents).where(eq(pushEvents.userId, teacherId))).toEqual([]);
  });
});

describe('上限', () => {
  it('每个用户的连接数有上限：超出答 429 与中文说明，关掉一条后又能连', async () => {
    // 一个上限为 2 的 hub（不改进程的环境变量）：与路由用的是同一个 openPushStream
    const opened = await getOpenedDb();
    const hub = new PushHub(opened, () => ({ ...pushLimits(), perUser: 2 }));
    const who = { userId: sjzId, sessionId: null, recheck: async () => null };
    const aborts = [new AbortController(), new AbortController()];
    const open2 = await Promise.all(aborts.map((a) => openPushStream(new Request('http://localhost/api/push', { signal: a.signal }), opened, who, hub)));
    expect(open2.map((r) => r.status)).toEqual([200, 200]);
    expect(hub.connections).toBe(2);
    const refused = await openPushStream(new Request('http://localhost/api/push'), opened, who, hub).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).returnCode).toBe(429);
    expect((refused as ApiError).message).toBe('推送连接过多：请关闭部分标签页后刷新');
    aborts[0].abort();
    expect(hub.connections).toBe(1);
    const again = await openPushStream(new Request('http://localhost/api/push'), opened, who, hub);
    expect(again.status).toBe(200);
    await hub.stop();
    expect(hub.connections).toBe(0);
  });

  it('每个实例的连接总数有上限：超出答 503', async () => {
    const opened = await getOpenedDb();
    const hub = new PushHub(opened, () => ({ ...pushLimits(), perInstance: 1 }));
    await openPushStream(new Request('http://localhost/api/push'), opened, { userId: sjzId, sessionId: null, recheck: async () => null }, hub);
    const refused = await openPushStream(new Request('http://localhost/api/push'), opened, { userId: teacherId, sessionId: null, recheck: async () => null }, hub).catch((e: unknown) => e);
    expect((refused as ApiError).returnCode).toBe(503);
    expect((refused as ApiError).message).toBe('推送服务繁忙，请稍后重试');
    await hub.stop();
  });
});

describe('吊销', () => {
  it('冻结账号：该用户的标签页收到 revoked（frozen）后流结束', async () => {
    const tab = await connect({ token: await session(teacherId) });
    const r = await call('POST', '/account/frozen', { headers: admin, json: { id: teacherId } });
    expect(r.body.returnCode).toBe(200);
    const got = await tab.reader.next();
    expect(got).toEqual({ id: expect.any(String), type: 'revoked', data: { reason: 'frozen' } });
    expect(await tab.reader.next()).toBe('end');
    await call('POST', '/account/unFrozen', { headers: admin, json: { id: teacherId } });
  });

  it('退出登录：同一会话的其他标签页回登录页，同一用户的另一个会话不受影响', async () => {
    const t1 = await session(sjzId);
    const t2 = await session(sjzId);
    const same = await connect({ token: t1 });
    const another = await connect({ token: t2 });
    await call('GET', '/user/logout', { headers: { authorization_token: t1 } });
    expect(await same.reader.next()).toEqual({ id: expect.any(String), type: 'revoked', data: { reason: 'logout' } });
    expect(await same.reader.next()).toBe('end');
    expect(await another.reader.next(500)).toBeNull();
  });

  it('管理员重置密码：该用户全部会话的标签页收到 revoked（password）', async () => {
    const tab = await connect({ token: await session(teacherId) });
    const r = await call('POST', '/account/resetPwd', { headers: admin, json: { id: teacherId, password: 'Reset@2026x' } });
    expect(r.body.returnCode).toBe(200);
    const got = await tab.reader.next();
    expect(isFrame(got) && got.data).toEqual({ reason: 'password' });
  });
});

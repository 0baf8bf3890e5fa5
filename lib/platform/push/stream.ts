// GET /api/push 的 SSE 答复：登记连接、按 Last-Event-ID 补发、之后实时转发。每条消息是
// `id: <编号>\ndata: {"type":…,"data":…}\n\n`（浏览器只监听一种 message 事件，由 usePushEvent 按 type 分发）。
import { eq, max } from 'drizzle-orm';
import type { OpenedDb } from '@/lib/platform/db/client';
import { ApiError, ReturnCode } from '@/lib/platform/api/errors';
import { hubFor, type PushConnection, type PushFrame, type PushHub } from './hub';
import { pushEvents } from './tables';

/** 已验明的连接方（由身份域给出） */
export interface PushIdentity {
  userId: number;
  sessionId: string | null;
  recheck(): Promise<string | null>;
}

/** 连接刚建立或补发完毕：id 为浏览器此后补取的起点 */
export const PUSH_READY = 'ready';
/** 断开太久、漏掉的事件超过补发上限：浏览器应整体刷新（铃铛重取未读数） */
export const PUSH_RESYNC = 'resync';
/** 浏览器不读、积压超过这么多条时视为掉线 */
const MAX_BACKLOG = 200;

export const USER_LIMIT_MESSAGE = '推送连接过多：请关闭部分标签页后刷新';
export const INSTANCE_LIMIT_MESSAGE = '推送服务繁忙，请稍后重试';

/** 浏览器给的起点：EventSource 自动重连带 Last-Event-ID 请求头，新建连接时由查询串 lastEventId 带上 */
export function lastEventIdOf(request: Request): number | null {
  const raw = request.headers.get('last-event-id') ?? new URL(request.url).searchParams.get('lastEventId');
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

const encoder = new TextEncoder();
const frameText = (f: PushFrame) => `id: ${f.id}\ndata: ${JSON.stringify({ type: f.type, data: f.data })}\n\n`;

export const PUSH_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  // no-transform：next start 的压缩与中间代理都不改写（压缩会攒满缓冲才发出）；X-Accel-Buffering：nginx 不缓冲
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
} as const;

/** 打开一条推送流；超过连接上限抛 ApiError（429 / 503） */
export async function openPushStream(request: Request, opened: OpenedDb, who: PushIdentity, hub: PushHub = hubFor(opened)): Promise<Response> {
  await hub.start();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  const write = (text: string): boolean => {
    if (closed) return false;
    if ((controller.desiredSize ?? 0) < -MAX_BACKLOG) return false;
    try {
      controller.enqueue(encoder.encode(text));
      return true;
    } catch {
      return false;
    }
  };
  const now = Date.now();
  const conn: PushConnection = {
    userId: who.userId,
    sessionId: who.sessionId,
    send: (f) => write(frameText(f)),
    ping: () => write(': ping\n\n'),
    close: () => {
      if (closed) return;
      closed = true;
      try {
        controller.close();
      } catch {
        // 对方已断开
      }
    },
    recheck: who.recheck,
    sent: new Set(),
    lastId: 0,
    lastEventAt: now,
    checkedAt: now,
  };
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      closed = true;
      hub.remove(conn);
    },
  });
  const added = hub.add(conn);
  if (added === 'user-limit') throw new ApiError(ReturnCode.TOO_MANY, USER_LIMIT_MESSAGE);
  if (added === 'instance-limit') throw new ApiError(ReturnCode.DB_UNAVAILABLE, INSTANCE_LIMIT_MESSAGE);
  request.signal.addEventListener('abort', () => {
    hub.remove(conn);
    conn.close();
  });

  write(': connected\n\n');
  try {
    const from = lastEventIdOf(request);
    if (from !== null) {
      conn.lastId = from;
      if (!(await hub.catchUp(conn, from))) write(frameText({ id: conn.lastId, type: PUSH_RESYNC, data: {} }));
    } else {
      const [row] = await opened.db.select({ last: max(pushEvents.id) }).from(pushEvents).where(eq(pushEvents.userId, who.userId));
      conn.lastId = Math.max(conn.lastId, Number(row?.last ?? 0));
    }
  } catch (err) {
    hub.remove(conn);
    conn.close();
    throw err;
  }
  write(frameText({ id: conn.lastId, type: PUSH_READY, data: {} }));
  return new Response(stream, { headers: PUSH_HEADERS });
}

// 每个实例一个 hub：LISTEN 推送通道，把提交后的事件从 push_event 取出，转发给本实例上收件人的连接；
// 定时写心跳、复查会话、关闭空闲连接。连接数按用户与按实例限量。
import { and, asc, between, eq, gt, inArray } from 'drizzle-orm';
import type { OpenedDb } from '@/lib/platform/db/client';
import { log } from '@/lib/platform/log';
import { PUSH_CHANNEL, PUSH_REVOKED, type Announcement, type RevokedData } from './index';
import { pushLimits, type PushLimits } from './limits';
import { pushEvents } from './tables';

export interface PushFrame {
  id: number;
  type: string;
  data: Record<string, unknown>;
}

/** 一条浏览器连接（一个标签页） */
export interface PushConnection {
  userId: number;
  /** 凭会话 Cookie 连上的会话编号；凭推送令牌连上的为 null */
  sessionId: string | null;
  /** 写一个事件；返回 false 表示连接已不可写（对方走了或积压过多） */
  send(frame: PushFrame): boolean;
  /** 写一行注释（心跳） */
  ping(): boolean;
  /** 结束连接 */
  close(): void;
  /** 复查身份：会话仍有效时返回 null，否则返回原因（送给浏览器的 revoked.reason） */
  recheck(): Promise<string | null>;
  /** 内部：最近送出的编号（去重）、送出过的最大编号、最后一次送出事件与复查的时间 */
  sent: Set<number>;
  lastId: number;
  lastEventAt: number;
  checkedAt: number;
}

/** 去重用的编号只留最近这么多个 */
const SENT_MEMORY = 256;

export type AddResult = 'ok' | 'user-limit' | 'instance-limit';

export class PushHub {
  private readonly users = new Map<number, Set<PushConnection>>();
  private count = 0;
  private listening: Promise<void> | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** 通知按到达顺序处理 */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly opened: OpenedDb,
    private readonly limits: () => PushLimits = pushLimits,
  ) {}

  get connections(): number {
    return this.count;
  }

  /** 开始监听（第一条连接时）；失败时下一条连接重试 */
  async start(): Promise<void> {
    if (!this.listening) {
      const listen = this.opened.listen;
      if (!listen) throw new Error('该数据库不支持 LISTEN');
      this.listening = listen(PUSH_CHANNEL, (p) => this.onAnnouncement(p), () => this.resync()).then(
        (stop) => {
          this.stopListening = stop;
        },
        (err: unknown) => {
          this.listening = null;
          throw err;
        },
      );
    }
    await this.listening;
    if (!this.timer) {
      this.timer = setInterval(() => void this.tick(), this.limits().heartbeatMs);
      this.timer.unref();
    }
  }

  add(conn: PushConnection): AddResult {
    const { perUser, perInstance } = this.limits();
    if (this.count >= perInstance) return 'instance-limit';
    const set = this.users.get(conn.userId) ?? new Set();
    if (set.size >= perUser) return 'user-limit';
    set.add(conn);
    this.users.set(conn.userId, set);
    this.count++;
    return 'ok';
  }

  remove(conn: PushConnection): void {
    const set = this.users.get(conn.userId);
    if (!set?.delete(conn)) return;
    this.count--;
    if (!set.size) this.users.delete(conn.userId);
  }

  /** 送一个事件给一条连接（去重；吊销只送给被吊销的会话，送完即关闭） */
  deliver(conn: PushConnection, frame: PushFrame): void {
    if (conn.sent.has(frame.id)) return;
    let data = frame.data;
    let revoked = false;
    if (frame.type === PUSH_REVOKED) {
      const { reason, sessionIds } = frame.data as unknown as RevokedData;
      // 凭令牌的连接分不出会话：退出登录只结束那一个会话，不通知它；其他原因会结束该用户的全部会话
      const applies = conn.sessionId === null ? reason !== 'logout' : !sessionIds || sessionIds.includes(conn.sessionId);
      if (!applies) return;
      data = { reason };
      revoked = true;
    }
    conn.sent.add(frame.id);
    if (conn.sent.size > SENT_MEMORY) conn.sent.delete(conn.sent.values().next().value!);
    conn.lastEventAt = Date.now();
    conn.lastId = Math.max(conn.lastId, frame.id);
    const ok = conn.send({ ...frame, data });
    if (!ok || revoked) this.drop(conn);
  }

  private drop(conn: PushConnection): void {
    this.remove(conn);
    conn.close();
  }

  private onAnnouncement(payload: string): void {
    let a: Announcement;
    try {
      a = JSON.parse(payload) as Announcement;
    } catch {
      return;
    }
    const wanted = (a.users ?? [...this.users.keys()]).filter((u) => this.users.has(u));
    if (!wanted.length) return;
    const idFilter = a.ids ? inArray(pushEvents.id, a.ids) : between(pushEvents.id, a.min ?? 0, a.max ?? 0);
    this.enqueue(async () => {
      const rows = await this.opened.db
        .select()
        .from(pushEvents)
        .where(and(idFilter, inArray(pushEvents.userId, wanted)))
        .orderBy(asc(pushEvents.id));
      for (const r of rows) for (const conn of [...(this.users.get(r.userId) ?? [])]) this.deliver(conn, r);
    });
  }

  /** LISTEN 连接重连后：断开期间的通知丢了，每条连接从表里补取它最后收到的之后的 */
  private resync(): void {
    this.enqueue(async () => {
      for (const set of [...this.users.values()]) for (const conn of [...set]) await this.catchUp(conn, conn.lastId);
    });
  }

  /** 补发某连接在 afterId 之后的事件（重连与 Last-Event-ID）；返回 false 表示太多，浏览器应整体刷新 */
  async catchUp(conn: PushConnection, afterId: number): Promise<boolean> {
    const { replayMax } = this.limits();
    const rows = await this.opened.db
      .select()
      .from(pushEvents)
      .where(and(eq(pushEvents.userId, conn.userId), gt(pushEvents.id, afterId)))
      .orderBy(asc(pushEvents.id))
      .limit(replayMax + 1);
    // 补发不含吊销：被吊销的会话根本连不上来
    for (const r of rows.slice(0, replayMax)) if (r.type !== PUSH_REVOKED) this.deliver(conn, r);
    return rows.length <= replayMax;
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((err: unknown) => log.warn({ component: 'push', err }, '推送事件转发失败'));
  }

  /** 心跳：写注释行；不可写的、空闲过久的关闭；到期的复查会话 */
  private async tick(): Promise<void> {
    const { idleMs, recheckMs } = this.limits();
    const now = Date.now();
    for (const set of [...this.users.values()]) {
      for (const conn of [...set]) {
        if (now - conn.lastEventAt > idleMs || !conn.ping()) {
          this.drop(conn);
          continue;
        }
        if (now - conn.checkedAt < recheckMs) continue;
        conn.checkedAt = now;
        try {
          const reason = await conn.recheck();
          if (reason) {
            conn.send({ id: 0, type: PUSH_REVOKED, data: { reason } });
            this.drop(conn);
          }
        } catch (err) {
          log.warn({ component: 'push', err }, '推送连接复查会话失败');
        }
      }
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const set of [...this.users.values()]) for (const conn of [...set]) this.drop(conn);
    await this.stopListening?.();
    this.listening = null;
    this.stopListening = null;
  }
}

// 生产构建里各服务端包各有一份本模块：hub 挂在 globalThis 上，按数据库句柄一份（测试里一个进程多个库也不串）
const shared = globalThis as typeof globalThis & { __portalPushHubs?: WeakMap<object, PushHub> };
const hubs = (shared.__portalPushHubs ??= new WeakMap());

export function hubFor(opened: OpenedDb): PushHub {
  let hub = hubs.get(opened.db);
  if (!hub) hubs.set(opened.db, (hub = new PushHub(opened)));
  return hub;
}

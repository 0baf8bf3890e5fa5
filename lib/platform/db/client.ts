// 数据库入口：设置 DATABASE_URL 时经 pg 连接池连 PostgreSQL，否则使用 ./data/pglite 中的内置 PGlite。
// 首次取用时执行迁移，再执行启动代码登记的准备步骤（instrumentation.ts 登记“空库写入演示数据”）。打开失败不缓存，下次请求重试。
// 本模块不引用任何领域：Db 不带 schema（没有用关系查询），演示数据由启动代码注入。
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { log } from '@/lib/platform/log';

/** 数据库句柄：各领域以自己的 tables.ts 建查询，不需要全库 schema。 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** 迁移目录，相对于启动时的工作目录（按调用时求值）。 */
export const migrationsFolder = () => path.join(process.cwd(), 'db/migrations');

/** 数据库无法连接：带一句说明目标与解决办法的中文提示。 */
export class DbUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DbUnavailableError';
  }
}

/** PostgreSQL 连接池的用量（服务器状态与健康检查用） */
export interface PoolStats {
  /** 已建立的连接 */
  total: number;
  /** 其中空闲的 */
  idle: number;
  /** 等待连接的查询 */
  waiting: number;
  /** 上限（DB_POOL_MAX） */
  max: number;
}

export interface OpenedDb {
  db: Db;
  kind: 'postgres' | 'pglite';
  target: string;
  close(): Promise<void>;
  /** 连接池用量；内置 PGlite 没有连接池 */
  poolStats?(): PoolStats;
  /**
   * LISTEN 一个通道（推送的跨实例广播用）：PostgreSQL 用连接池之外的一条专用连接，断开后退避重连并调用 onResync
   * （断开期间的通知已丢失，订阅方据此从表里补取）；PGlite 是进程内的 listen。返回取消函数。
   */
  listen?(channel: string, onPayload: (payload: string) => void, onResync?: () => void): Promise<() => Promise<void>>;
}

/** 专用 LISTEN 连接断开后的重连间隔：1 秒起每次翻倍，最多 30 秒 */
const LISTEN_RETRY_MIN_MS = 1000;
const LISTEN_RETRY_MAX_MS = 30_000;
/** 专用 LISTEN 连接在 pg_stat_activity 里的名字（运维与 npm run test:multi 据此找到它） */
export const LISTEN_APPLICATION_NAME = 'portal-push-listen';

/** PostgreSQL 的 LISTEN：一条不进连接池的连接，出错即重连（通道名只能是标识符） */
function postgresListener(url: string, target: string) {
  const stops: (() => Promise<void>)[] = [];
  const listen = async (channel: string, onPayload: (payload: string) => void, onResync?: () => void) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`通道名不合法：${channel}`);
    const { Client } = await import('pg');
    let stopped = false;
    let client: InstanceType<typeof Client> | null = null;
    let retryMs = LISTEN_RETRY_MIN_MS;
    let timer: NodeJS.Timeout | null = null;
    const connect = async (isRetry: boolean): Promise<void> => {
      const c = new Client({ connectionString: url, connectionTimeoutMillis: 5000, application_name: LISTEN_APPLICATION_NAME });
      c.on('notification', (n) => {
        if (n.channel === channel) onPayload(n.payload ?? '');
      });
      c.on('error', (err) => {
        log.warn({ component: 'db', err, target, channel }, 'LISTEN 连接断开，将重连');
        c.end().catch(() => {});
        if (client === c) schedule();
      });
      try {
        await c.connect();
        await c.query(`LISTEN ${channel}`);
      } catch (err) {
        c.end().catch(() => {});
        if (!isRetry) throw err;
        log.warn({ component: 'db', err, target, channel }, 'LISTEN 重连失败');
        schedule();
        return;
      }
      if (stopped) {
        await c.end().catch(() => {});
        return;
      }
      client = c;
      retryMs = LISTEN_RETRY_MIN_MS;
      if (isRetry) onResync?.();
    };
    const schedule = () => {
      client = null;
      if (stopped || timer) return;
      timer = setTimeout(() => {
        timer = null;
        void connect(true);
      }, retryMs);
      timer.unref();
      retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS);
    };
    await connect(false);
    const stop = async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    };
    stops.push(stop);
    return stop;
  };
  return { listen, closeAll: () => Promise.all(stops.splice(0).map((s) => s())).then(() => {}) };
}

/** 连接串去掉密码后用于日志。 */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(无法解析的 DATABASE_URL)';
  }
}

export async function openPostgres(url: string, max = Number(process.env.DB_POOL_MAX ?? 10)): Promise<OpenedDb> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const target = describeUrl(url);
  const pool = new Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  pool.on('error', (err) => log.error({ component: 'db', err, target }, '数据库连接池错误'));
  try {
    const client = await pool.connect();
    client.release();
  } catch (err) {
    await pool.end().catch(() => {});
    const reason = err instanceof Error ? ((err as NodeJS.ErrnoException).code ?? err.message) : String(err);
    throw new DbUnavailableError(
      `无法连接数据库 ${target}（${reason}）：请启动 PostgreSQL 并检查 DATABASE_URL，或取消设置 DATABASE_URL 以使用内置数据库。`,
      { cause: err },
    );
  }
  const listener = postgresListener(url, target);
  return {
    db: drizzle(pool),
    kind: 'postgres',
    target,
    close: async () => {
      await listener.closeAll();
      await pool.end();
    },
    listen: listener.listen,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
  };
}

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<OpenedDb> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const target = dataDir ? `内置数据库 ${dataDir}` : '内置内存数据库';
  if (dataDir) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  let client;
  try {
    client = await PGlite.create(dataDir, loadDataDir ? { loadDataDir } : undefined);
  } catch (err) {
    throw new DbUnavailableError(
      `无法打开${target}（${err instanceof Error ? err.message : String(err)}）：请确认目录可写且没有其他进程占用，或设置 DATABASE_URL 使用 PostgreSQL。`,
      { cause: err },
    );
  }
  const pglite = client;
  return {
    db: drizzle(pglite),
    kind: 'pglite',
    target,
    close: () => pglite.close(),
    // 进程内：NOTIFY 在事务提交后才送达，与 PostgreSQL 相同
    listen: async (channel, onPayload) => {
      const unlisten = await pglite.listen(channel, onPayload);
      return () => unlisten().catch(() => {});
    },
  };
}

/** 执行迁移；PostgreSQL 上以咨询锁串行化，多个实例同时启动也只迁移一次。 */
export async function migrateDb(opened: OpenedDb): Promise<void> {
  if (opened.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(opened.db as never, { migrationsFolder: migrationsFolder() });
    return;
  }
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  await opened.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(130000)`);
    await migrate(tx as never, { migrationsFolder: migrationsFolder() });
  });
}

// Next 的生产构建把 API 路由、页面与 instrumentation 打进不同的服务端包，各有一份本模块；
// 同一目录的内置 PGlite 只能有一个实例（否则页面读不到接口刚写入的会话），故整个进程共用一份，挂在 globalThis 上。
// 准备步骤同样挂在这份共享对象上：instrumentation 登记的步骤，接口包里的 getDb 重试打开时也会执行。
type Prepare = (opened: OpenedDb) => Promise<void>;
const shared = globalThis as typeof globalThis & { __portalDb?: { current: Promise<OpenedDb> | null; prepare?: Prepare } };
const holder = (shared.__portalDb ??= { current: null });

/** 登记打开并迁移之后、交出数据库之前的一步（启动代码用它在空库写入演示数据）；只保留最后登记的一个。 */
export function onDatabaseOpened(prepare: Prepare): void {
  holder.prepare = prepare;
}

async function openConfigured(): Promise<OpenedDb> {
  const url = process.env.DATABASE_URL;
  const opened = url ? await openPostgres(url) : await openPglite(process.env.PGLITE_DIR ?? './data/pglite');
  try {
    await migrateDb(opened);
    await holder.prepare?.(opened);
  } catch (err) {
    await opened.close().catch(() => {});
    throw err;
  }
  return opened;
}

/** 当前进程打开的数据库（含种类与连接池用量）；还没打开时打开。 */
export async function getOpenedDb(): Promise<OpenedDb> {
  if (!holder.current) {
    const opening = openConfigured();
    holder.current = opening;
    opening.catch(() => {
      if (holder.current === opening) holder.current = null;
    });
  }
  return holder.current;
}

/** 已打开（或正在打开）的数据库，没有时为 null；不会触发打开（指标采集用） */
export function openedDbIfAny(): Promise<OpenedDb> | null {
  return holder.current;
}

/** 当前进程的数据库。 */
export async function getDb(): Promise<Db> {
  return (await getOpenedDb()).db;
}

/** 测试与脚本使用：指定本进程的数据库。 */
export function useDatabase(opened: OpenedDb): void {
  holder.current = Promise.resolve(opened);
}

export async function closeDb(): Promise<void> {
  const c = holder.current;
  holder.current = null;
  if (c) await (await c).close();
}

// 健康检查（GET /api/health）：数据库可达、迁移已是最新、存储可写；全部正常答 200，否则 503，并逐项说明。
// 负载均衡、Docker HEALTHCHECK 与 compose 的健康检查都用它。不经调度器（不需要会话，数据库连不上时也要答出逐项结果），
// 每项有超时，整个检查很快答复。GET /api/health/live 只说明进程在响应（不查依赖）。
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { getOpenedDb, type OpenedDb } from '@/lib/platform/db/client';
import { migrationStatus, type MigrationStatus } from '@/lib/platform/db/migrations';
import { getStorage, type Storage } from '@/lib/platform/storage';
import { baseSecurityHeaders } from '@/lib/platform/http/headers';

/** 每项检查的时限 */
export const CHECK_TIMEOUT_MS = 3000;
/** 存储写入探测的结果沿用这么久（每个实例），免得每次探测都写一个文件 */
const STORAGE_PROBE_TTL_MS = 10_000;

export interface CheckResult {
  ok: boolean;
  /** 耗时（毫秒） */
  ms: number;
  /** 失败原因（不含连接串、主机等内部信息） */
  error?: string;
}

export interface HealthReport {
  status: 'ok' | 'fail';
  checks: {
    database: CheckResult & { kind?: OpenedDb['kind'] };
    migrations: CheckResult & Partial<Omit<MigrationStatus, 'current'>>;
    storage: CheckResult & { driver?: string };
  };
  uptimeSeconds: number;
  /** 答复的实例（主机名:进程号），多实例时便于分辨 */
  instance: string;
}

export interface HealthDeps {
  openDb: () => Promise<OpenedDb>;
  storage: () => Storage;
}

const defaultDeps: HealthDeps = { openDb: getOpenedDb, storage: getStorage };

class Timeout extends Error {}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Timeout(`超过 ${ms} 毫秒未完成`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** 失败原因：错误码（ECONNREFUSED、57P01 等）或一句简短的说明，不带连接串 */
function reason(err: unknown): string {
  if (err instanceof Timeout) return err.message;
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code) return code;
  }
  if (err instanceof Error && err.name === 'DbUnavailableError') return '无法连接数据库';
  return err instanceof Error ? err.message.split('\n')[0].slice(0, 200) : String(err);
}

async function timed<T extends object>(run: () => Promise<T>): Promise<CheckResult & Partial<T>> {
  const started = performance.now();
  try {
    const extra = await withTimeout(run(), CHECK_TIMEOUT_MS);
    return { ok: true, ms: Math.round(performance.now() - started), ...extra };
  } catch (err) {
    return { ok: false, ms: Math.round(performance.now() - started), error: reason(err) } as CheckResult & Partial<T>;
  }
}

let storageProbe: { at: number; storage: Storage; result: Promise<CheckResult & { driver?: string }> } | null = null;

/** 写入、读回并删除一个小文件；同一存储的结果沿用 STORAGE_PROBE_TTL_MS */
export function probeStorage(storage: Storage): Promise<CheckResult & { driver?: string }> {
  if (storageProbe && storageProbe.storage === storage && Date.now() - storageProbe.at < STORAGE_PROBE_TTL_MS) return storageProbe.result;
  const result = timed(async () => {
    const key = `_health/${os.hostname().replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60) || 'host'}-${process.pid}.txt`;
    const body = new TextEncoder().encode(new Date().toISOString());
    await storage.put(key, body, { contentType: 'text/plain', size: body.byteLength });
    const stat = await storage.stat(key);
    if (!stat || stat.size !== body.byteLength) throw new Error('写入的探测文件读不回来');
    await storage.delete(key);
    return { driver: storage.driver };
  }).then((r) => ({ ...r, driver: storage.driver }));
  storageProbe = { at: Date.now(), storage, result };
  return result;
}

export async function checkHealth(deps: HealthDeps = defaultDeps): Promise<HealthReport> {
  let opened: OpenedDb | undefined;
  const storageCheck = (async () => {
    try {
      return await probeStorage(deps.storage());
    } catch (err) {
      return { ok: false, ms: 0, error: reason(err) };
    }
  })();
  const database = await timed(async () => {
    opened = await deps.openDb();
    await opened.db.execute(sql`select 1`);
    return { kind: opened.kind };
  });
  const migrations: HealthReport['checks']['migrations'] =
    database.ok && opened
      ? await timed(async () => {
          const { current, ...status } = await migrationStatus(opened!.db);
          if (!current) throw new Error(`有 ${status.pending.length} 个迁移尚未执行：${status.pending.join('、')}`);
          return status;
        })
      : { ok: false, ms: 0, error: '数据库不可用，无法检查' };
  const storage = await storageCheck;
  return {
    status: database.ok && migrations.ok && storage.ok ? 'ok' : 'fail',
    checks: { database, migrations, storage },
    uptimeSeconds: Math.round(process.uptime()),
    instance: `${os.hostname()}:${process.pid}`,
  };
}

function jsonResponse(request: Request, status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...baseSecurityHeaders(request), 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** GET /api/health：就绪检查 */
export async function healthResponse(request: Request, deps: HealthDeps = defaultDeps): Promise<Response> {
  const report = await checkHealth(deps);
  return jsonResponse(request, report.status === 'ok' ? 200 : 503, report);
}

/** GET /api/health/live：存活检查（进程在响应即可） */
export function livenessResponse(request: Request): Response {
  return jsonResponse(request, 200, { status: 'ok', uptimeSeconds: Math.round(process.uptime()), instance: `${os.hostname()}:${process.pid}` });
}

// 服务器状态（系统管理 › 运维监控 › 服务监控）：答复本次请求的实例的进程、数据库与连接池、迁移、定时任务、存储，
// 以及证书二维码用的站点地址（PUBLIC_BASE_URL）。
// 多实例部署时每个实例各答各的（页面显示实例名）；数据库、迁移、定时任务与存储是各实例共用的。
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { getOpenedDb } from '@/lib/platform/db/client';
import { migrationStatus } from '@/lib/platform/db/migrations';
import { probeStorage } from '@/lib/platform/ops/health';
import { getStorage, uploadDir } from '@/lib/platform/storage';
import { publicBaseStatus } from '@/lib/platform/http/public-base';
import type { SessionUser } from '@/lib/platform/auth/session';
import { ApiError } from '@/lib/platform/api/errors';
import { scheduleJobs } from './tables';
import { schedulerState } from './scheduler';

export const SERVER_STATUS_PROVINCE_ONLY = '服务器状态只有省级管理员可以查看';

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** 数据库版本、大小与连接数；内置 PGlite 没有的统计项为 null */
async function databaseFacts(db: Db) {
  const [base] = rowsOf<{ version: string; name: string; size: string | number }>(
    await db.execute(sql`select current_setting('server_version') as version, current_database() as name, pg_database_size(current_database()) as size`),
  );
  let connections: number | null = null;
  try {
    const [row] = rowsOf<{ n: string | number }>(await db.execute(sql`select count(*) as n from pg_stat_activity where datname = current_database()`));
    connections = Number(row.n);
  } catch {
    connections = null;
  }
  return { version: base.version, name: base.name, sizeBytes: Number(base.size), connections };
}

/** 目录所在文件系统的容量（目录还不存在时看最近的上级） */
function diskOf(dir: string): { freeBytes: number; totalBytes: number } | null {
  let at = path.resolve(dir);
  while (!fs.existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  try {
    const s = fs.statfsSync(at);
    return { freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize };
  } catch {
    return null;
  }
}

export async function serverStatus(db: Db, user: SessionUser) {
  if (user.level !== 'province') throw ApiError.forbidden(SERVER_STATUS_PROVINCE_ONLY);
  const opened = await getOpenedDb();
  const storage = getStorage();
  const [database, migrations, storageProbe, jobs] = await Promise.all([
    databaseFacts(db),
    migrationStatus(db),
    probeStorage(storage),
    db.select().from(scheduleJobs).orderBy(scheduleJobs.id),
  ]);
  const cpu = process.cpuUsage();
  const uptime = process.uptime();
  const memory = process.memoryUsage();
  const scheduler = schedulerState();
  const local = storage.driver === 'local';
  return {
    instance: {
      hostname: os.hostname(),
      pid: process.pid,
      nodeVersion: process.version,
      platform: `${os.platform()} ${os.arch()}`,
      startedAt: new Date(Date.now() - uptime * 1000),
      uptimeSeconds: Math.round(uptime),
      cpuCount: os.availableParallelism(),
      loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
      systemMemory: { totalBytes: os.totalmem(), freeBytes: os.freemem() },
    },
    process: {
      memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, heapTotalBytes: memory.heapTotal, externalBytes: memory.external },
      cpu: {
        userSeconds: Math.round(cpu.user / 1e4) / 100,
        systemSeconds: Math.round(cpu.system / 1e4) / 100,
        /** 启动以来平均占用一个核的百分比 */
        averagePercent: uptime > 0 ? Math.round(((cpu.user + cpu.system) / 1e6 / uptime) * 1000) / 10 : 0,
      },
    },
    database: { kind: opened.kind, ...database, pool: opened.poolStats?.() ?? null },
    migrations,
    scheduler: scheduler
      ? { running: true, tickSeconds: scheduler.tickSeconds, lastTickAt: scheduler.lastTickAt, lastError: scheduler.lastError }
      : { running: false, tickSeconds: null, lastTickAt: null, lastError: null },
    jobs: jobs.map((j) => ({
      code: j.code,
      name: j.name,
      enabled: j.enabled,
      intervalMinutes: j.intervalMinutes,
      lastRunAt: j.lastRunAt,
      lastStatus: j.lastStatus,
      lastMessage: j.lastMessage,
      nextRunAt: j.enabled ? new Date(Math.max(Date.now(), (j.lastRunAt?.getTime() ?? 0) + j.intervalMinutes * 60_000)) : null,
    })),
    // 证书二维码里的站点地址：未设置、由 npm start 推出或指向本机时给出警告
    publicBase: publicBaseStatus(),
    storage: {
      driver: storage.driver,
      location: local ? uploadDir() : `${process.env.S3_ENDPOINT ? `${process.env.S3_ENDPOINT} ` : ''}${process.env.S3_BUCKET ?? ''}`.trim(),
      writable: storageProbe.ok,
      error: storageProbe.error ?? null,
      disk: local ? diskOf(uploadDir()) : null,
    },
  };
}

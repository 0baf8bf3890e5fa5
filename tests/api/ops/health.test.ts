// GET /api/health：数据库、迁移、存储都正常时 200；数据库连不上、连接断了、迁移没执行、存储不可写时 503 并逐项说明。
// GET /api/health/live：进程在响应即 200。两者都不需要登录。
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { GET as healthRoute } from '@/app/api/health/route';
import { GET as liveRoute } from '@/app/api/health/live/route';
import { checkHealth, healthResponse, type HealthReport } from '@/lib/platform/ops/health';
import { sql } from 'drizzle-orm';
import { getOpenedDb, openPostgres, type Db } from '@/lib/platform/db/client';
import { createLocalStorage, getStorage } from '@/lib/platform/storage';

const { db } = setupTestDb();

/** 本版本最新的迁移名（db/migrations/meta/_journal.json） */
const migrationStatusTag = () =>
  (JSON.parse(fs.readFileSync(path.join(process.cwd(), 'db/migrations/meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }).entries.at(-1)!.tag;

const request = () => new Request('http://localhost/api/health');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'health-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('GET /api/health', () => {
  it('数据库可达、迁移已是最新、存储可写：200，逐项 ok，不需要登录', async () => {
    const res = await healthRoute(request());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as HealthReport;
    expect(body.status).toBe('ok');
    expect(body.checks.database).toMatchObject({ ok: true });
    expect(body.checks.migrations).toMatchObject({ ok: true, pending: [] });
    expect(body.checks.migrations.applied).toBe(body.checks.migrations.shipped);
    expect(body.checks.storage).toMatchObject({ ok: true, driver: 'local' });
    expect(body.instance).toContain(String(process.pid));
  });

  it('PostgreSQL 连不上（没有服务在监听的端口）：503，数据库与迁移两项失败，不泄露连接串', async () => {
    const started = Date.now();
    const res = await healthResponse(request(), {
      openDb: () => openPostgres('postgres://portal:secret-pw@127.0.0.1:1/nowhere', 1),
      storage: getStorage,
    });
    expect(res.status).toBe(503);
    const body = (await res.json()) as HealthReport;
    expect(body.status).toBe('fail');
    expect(body.checks.database).toMatchObject({ ok: false, error: 'ECONNREFUSED' });
    expect(body.checks.migrations.ok).toBe(false);
    expect(body.checks.storage.ok).toBe(true);
    expect(JSON.stringify(body)).not.toContain('secret-pw');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('打开之后数据库断开（查询报连接被终止）：503', async () => {
    const opened = await getOpenedDb();
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    // 真库的一个替身：只有查询改为失败
    const db: Db = Object.assign(Object.create(opened.db) as Db, { execute: () => Promise.reject(terminated) });
    const broken = { ...opened, db };
    const report = await checkHealth({ openDb: async () => broken, storage: getStorage });
    expect(report.status).toBe('fail');
    expect(report.checks.database).toMatchObject({ ok: false, error: '57P01' });
  });

  it('库里缺最新的迁移：503，列出待执行的迁移', async () => {
    const d = await db();
    const rows = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? r) as { id: number; hash: string; created_at: string }[];
    const [latest] = rows(await d.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning id, hash, created_at`));
    try {
      const report = await checkHealth();
      expect(report.status).toBe('fail');
      expect(report.checks.database.ok).toBe(true);
      expect(report.checks.migrations.ok).toBe(false);
      expect(report.checks.migrations.error).toContain(migrationStatusTag());
    } finally {
      await d.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${latest.id}, ${latest.hash}, ${latest.created_at})`);
    }
    expect((await checkHealth()).status).toBe('ok');
  });

  it('存储不可写：503', async () => {
    const file = path.join(tmp, 'not-a-dir');
    fs.writeFileSync(file, 'x');
    const report = await checkHealth({ openDb: getOpenedDb, storage: () => createLocalStorage(file) });
    expect(report.status).toBe('fail');
    expect(report.checks.database.ok).toBe(true);
    expect(report.checks.storage.ok).toBe(false);
  });
});

describe('GET /api/health/live', () => {
  it('进程在响应即 200', async () => {
    const res = liveRoute(request());
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });
});

// 首次启动：数据库模块只迁移，然后执行启动代码登记的准备步骤（instrumentation.ts 登记“空库写入演示数据”）。
// 数据库模块不再引用演示数据；这里核对登记的步骤确实在迁移之后执行，以及何时写入演示数据（内置库总写，PostgreSQL 须 SEED_DEMO_DATA=true）。
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { closeDb, getDb, migrateDb, onDatabaseOpened, openPglite, type OpenedDb } from '@/lib/platform/db/client';
import { areas } from '@/lib/domains/area/tables';
import { users } from '@/lib/domains/user/tables';
import { seedOnFirstStart } from '@/db/seed';

const dirs: string[] = [];
const saved = { DATABASE_URL: process.env.DATABASE_URL, PGLITE_DIR: process.env.PGLITE_DIR, SEED_DEMO_DATA: process.env.SEED_DEMO_DATA };

afterEach(async () => {
  onDatabaseOpened(async () => {});
  await closeDb();
});

afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const rowsIn = async (opened: OpenedDb, table: typeof areas | typeof users) => (await opened.db.select({ n: count() }).from(table))[0].n;

describe('数据库模块执行登记的准备步骤', () => {
  it('getDb 打开内置库：先迁移，再执行登记的步骤，之后交出数据库', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-start-'));
    dirs.push(dir);
    delete process.env.DATABASE_URL;
    process.env.PGLITE_DIR = path.join(dir, 'pglite');
    const seen: { kind: string; areas: number }[] = [];
    onDatabaseOpened(async (opened) => {
      // 迁移已完成：表已存在，可以查询
      seen.push({ kind: opened.kind, areas: await rowsIn(opened, areas) });
    });
    const db = await getDb();
    expect(seen).toEqual([{ kind: 'pglite', areas: 0 }]);
    // 同一进程再取不再执行
    expect(await getDb()).toBe(db);
    expect(seen).toHaveLength(1);
  }, 120_000);
});

describe('seedOnFirstStart：何时写入演示数据', () => {
  it('PostgreSQL 未设置 SEED_DEMO_DATA：空库保持为空', async () => {
    delete process.env.SEED_DEMO_DATA;
    const opened = await openPglite(undefined);
    await migrateDb(opened);
    // 同一个库按 PostgreSQL 的规则处理
    await seedOnFirstStart({ ...opened, kind: 'postgres' });
    expect(await rowsIn(opened, users)).toBe(0);
    await opened.close();
  }, 120_000);

  it('内置库为空时写入演示数据（含演示账号）；已有数据时不再写', async () => {
    const opened = await openPglite(undefined);
    await migrateDb(opened);
    await seedOnFirstStart(opened);
    const seeded = await rowsIn(opened, users);
    expect(seeded).toBeGreaterThan(0);
    await seedOnFirstStart(opened);
    expect(await rowsIn(opened, users)).toBe(seeded);
    await opened.close();
  }, 300_000);
});

// 每个测试文件一份独立的数据库（从全局模板复制），getDb() 在本文件内都指向它。
import fs from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { closeDb, getDb, openPglite, openPostgres, useDatabase, type Db } from '@/lib/platform/db/client';
import { withDatabase } from './global-setup';

export function setupTestDb(): { db: () => Promise<Db> } {
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const tpl = inject('dbTemplate');
    if (tpl.kind === 'postgres') {
      const { Client } = await import('pg');
      const name = `t_${tpl.template}_${Math.random().toString(36).slice(2, 10)}`;
      const admin = new Client({ connectionString: tpl.url });
      await admin.connect();
      await admin.query(`create database ${name} template ${tpl.template}`);
      await admin.end();
      useDatabase(await openPostgres(withDatabase(tpl.url, name), 4));
      dropDatabase = async () => {
        const c = new Client({ connectionString: tpl.url });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      };
    } else {
      const dump = new Blob([fs.readFileSync(tpl.dumpFile)]);
      useDatabase(await openPglite(undefined, dump));
    }
  }, 60_000);
  afterAll(async () => {
    await closeDb();
    await dropDatabase?.();
  });
  return { db: getDb };
}

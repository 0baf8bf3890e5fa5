// npm run db:backup / db:restore 的实现（lib/platform/db/backup.ts）：备份、改数据、恢复，数据回到备份时的样子。
// PostgreSQL（TEST_DATABASE_URL 已设置时）：pg_dump/pg_restore 对本文件的测试库；内置 PGlite：数据目录的一致归档。
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { withDatabase } from '../../helpers/global-setup';
import { backupDatabase, restoreDatabase } from '@/lib/platform/db/backup';
import { migrateDb, openPglite, type Db } from '@/lib/platform/db/client';
import { ensureJobs } from '@/lib/domains/ops/jobs';
import { users } from '@/lib/domains/user/tables';
import { scheduleJobRuns, scheduleJobs } from '@/lib/domains/ops/tables';

const { db } = setupTestDb();
const tpl = inject('dbTemplate');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** 备份后要改掉的几样数据：一个账号的昵称、一个定时任务的启停、执行记录的条数 */
async function snapshot(d: Db) {
  const [admin] = await d.select({ nickName: users.nickName, failedLogins: users.failedLogins }).from(users).where(eq(users.account, 'admin'));
  const jobs = await d.select({ code: scheduleJobs.code, enabled: scheduleJobs.enabled }).from(scheduleJobs).orderBy(scheduleJobs.code);
  const [{ runs }] = await d.select({ runs: sql<number>`count(*)::int` }).from(scheduleJobRuns);
  const [{ accounts }] = await d.select({ accounts: sql<number>`count(*)::int` }).from(users);
  return { admin, jobs, runs, accounts };
}

async function change(d: Db) {
  await d.update(users).set({ nickName: '恢复前改的昵称', failedLogins: 3 }).where(eq(users.account, 'admin'));
  await d.update(scheduleJobs).set({ enabled: false });
  const [job] = await d.select({ id: scheduleJobs.id }).from(scheduleJobs).limit(1);
  const now = new Date();
  await d.insert(scheduleJobRuns).values({ jobId: job.id, trigger: 'manual', startedAt: now, finishedAt: now, status: 'success', message: '恢复前', rowsAffected: 0 });
  await d.delete(users).where(eq(users.account, 'weak_user'));
}

describe.skipIf(tpl.kind !== 'postgres')('PostgreSQL：pg_dump 备份，pg_restore 恢复', () => {
  it('备份 → 改数据 → 恢复：数据回到备份时的样子', async () => {
    const d = await db();
    const [{ name }] = ((r: unknown) => ((r as { rows?: unknown[] }).rows ?? r) as { name: string }[])(await d.execute(sql`select current_database() as name`));
    const target = { kind: 'postgres' as const, url: withDatabase((tpl as { url: string }).url, name) };
    const before = await snapshot(d);
    const file = path.join(tmp, 'pg.dump');
    const { bytes } = await backupDatabase(target, file);
    expect(bytes).toBeGreaterThan(1000);

    await change(d);
    const changed = await snapshot(d);
    expect(changed).not.toEqual(before);
    expect(changed.accounts).toBe(before.accounts - 1);

    await restoreDatabase(target, file);
    expect(await snapshot(d)).toEqual(before);
  });

  it('备份文件不存在：说明原因，库不变', async () => {
    const target = { kind: 'postgres' as const, url: (tpl as { url: string }).url };
    await expect(restoreDatabase(target, path.join(tmp, 'missing.dump'))).rejects.toThrow('备份文件');
  });
});

describe('内置 PGlite：数据目录的一致归档', () => {
  it('备份 → 改数据 → 恢复：数据回到备份时的样子；正在使用的库拒绝备份', async () => {
    const dir = path.join(tmp, 'pglite');
    // 从已迁移并写好演示数据的模板建一个内置库目录
    const template = tpl.kind === 'pglite' ? new Blob([fs.readFileSync(tpl.dumpFile)]) : undefined;
    let opened = await openPglite(dir, template);
    if (!template) {
      // PostgreSQL 模式下没有内置库模板：迁移后只写这个测试用到的几行（不跑整套演示数据，免得慢）
      await migrateDb(opened);
      await ensureJobs(opened.db);
      const account = (name: string) => ({ code: name.toUpperCase(), account: name, passwordHash: 'x', nickName: name, userType: 'RENCAI_ADMIN', level: 'province' });
      await opened.db.insert(users).values([account('admin'), account('weak_user')]);
    }
    const before = await snapshot(opened.db);
    const target = { kind: 'pglite' as const, dir };
    // 应用还开着这个库：拒绝
    await expect(backupDatabase(target, path.join(tmp, 'busy.tar.gz'))).rejects.toThrow('正在使用中');
    await opened.close();

    const file = path.join(tmp, 'pglite.tar.gz');
    await backupDatabase(target, file);

    opened = await openPglite(dir);
    await change(opened.db);
    expect((await snapshot(opened.db)).admin.nickName).toBe('恢复前改的昵称');
    await opened.close();

    const { previous } = await restoreDatabase(target, file);
    expect(previous && fs.existsSync(previous)).toBe(true);
    opened = await openPglite(dir);
    try {
      expect(await snapshot(opened.db)).toEqual(before);
    } finally {
      await opened.close();
    }
    // 在 PGlite 里迁移、写演示数据再归档与恢复：机器忙时要几十秒
  }, 120_000);
});

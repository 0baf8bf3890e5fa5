// npm run db:migrate | db:seed | db:backup | db:restore —— 对 DATABASE_URL（未设置时为 ./data/pglite）执行迁移、写入演示数据、备份或恢复。
//   npm run db:backup [-- <文件>] [--force]    默认写到 backups/portal-<时间>.dump（PostgreSQL）或 .tar.gz（内置库）
//   npm run db:restore -- <文件> [--force]      用备份替换当前库的内容（PostgreSQL 在一个事务里完成）
import { seed } from '@/db/seed';
import { DbUnavailableError, describeUrl, migrateDb, openPglite, openPostgres } from '@/lib/platform/db/client';
import { backupDatabase, configuredTarget, defaultBackupFile, restoreDatabase } from '@/lib/platform/db/backup';

const USAGE = '用法：tsx scripts/db.ts migrate|seed|backup [文件] [--force]|restore <文件> [--force]';

async function migrateOrSeed(command: 'migrate' | 'seed') {
  const url = process.env.DATABASE_URL;
  const opened = url ? await openPostgres(url, 2) : await openPglite(process.env.PGLITE_DIR ?? './data/pglite');
  try {
    await migrateDb(opened);
    console.log(`[db] 迁移完成：${url ? describeUrl(url) : opened.target}`);
    if (command === 'seed') {
      const report = await seed(opened.db);
      console.log(`[db] 演示数据就绪：${report.areas} 条区划`);
      for (const a of report.accounts) console.log(`[db]   ${a.role}：${a.account} / ${a.password}`);
    }
  } finally {
    await opened.close();
  }
}

async function main(command: string | undefined, rest: string[]) {
  const force = rest.includes('--force');
  const file = rest.find((a) => !a.startsWith('--'));
  const target = configuredTarget();
  const where = target.kind === 'postgres' ? describeUrl(target.url) : `内置数据库 ${target.dir}`;
  if (command === 'migrate' || command === 'seed') return migrateOrSeed(command);
  if (command === 'backup') {
    const started = Date.now();
    const out = await backupDatabase(target, file ?? defaultBackupFile(target), { force });
    console.log(`[db] 已备份 ${where} → ${out.file}（${(out.bytes / 1048576).toFixed(1)} MB，${Date.now() - started} 毫秒）`);
    return;
  }
  if (command === 'restore') {
    if (!file) throw new Error('请给出要恢复的备份文件：npm run db:restore -- backups/portal-….dump');
    const { previous } = await restoreDatabase(target, file, { force });
    console.log(`[db] 已从 ${file} 恢复 ${where}${previous ? `（原数据目录保留在 ${previous}）` : ''}`);
    return;
  }
  console.error(USAGE);
  process.exit(2);
}

main(process.argv[2], process.argv.slice(3)).catch((err) => {
  if (err instanceof DbUnavailableError) console.error(err.message);
  else console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

// npm run db:migrate | db:seed —— 对 DATABASE_URL（未设置时为 ./data/pglite）执行迁移或写入演示数据。
import { seed } from '@/db/seed';
import { DbUnavailableError, describeUrl, migrateDb, openPglite, openPostgres } from '@/lib/platform/db/client';

async function main(command: string | undefined) {
  if (command !== 'migrate' && command !== 'seed') {
    console.error('用法：tsx scripts/db.ts migrate|seed');
    process.exit(2);
  }
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

main(process.argv[2]).catch((err) => {
  if (err instanceof DbUnavailableError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});

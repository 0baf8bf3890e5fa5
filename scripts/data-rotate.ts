// npm run data:rotate [-- --reindex] —— 换钥：把 DATA_KEY 第一把以外的密钥（或明文）加密的值分批改用第一把，并补写盲索引；
// --reindex：换了 DATA_INDEX_KEY 之后按新密钥重建全部盲索引。可以在服务运行时执行；中途停下再执行会接着做。
import { rotateAll } from '@/db/sealing';
import { DbUnavailableError, describeUrl, migrateDb, openPglite, openPostgres } from '@/lib/platform/db/client';
import { keyRing } from '@/lib/platform/crypto/keys';

async function main(args: string[]) {
  const reindex = args.includes('--reindex');
  const url = process.env.DATABASE_URL;
  const opened = url ? await openPostgres(url, 2) : await openPglite(process.env.PGLITE_DIR ?? './data/pglite');
  try {
    await migrateDb(opened);
    const started = Date.now();
    console.log(`[crypto] ${url ? describeUrl(url) : opened.target}：当前密钥 ${keyRing().active.kid}${reindex ? '，重建盲索引' : ''}`);
    const report = await rotateAll(opened.db, {
      reindex,
      onProgress: ({ table, column, done }) => process.stdout.write(`\r[crypto] ${table}.${column}：${done} 行`),
    });
    process.stdout.write('\n');
    for (const r of report) console.log(`[crypto]   ${r.table}.${r.column}：${r.rows} 行`);
    console.log(`[crypto] 完成，用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`);
  } finally {
    await opened.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof DbUnavailableError ? err.message : err instanceof Error ? err.message : err);
  process.exit(1);
});

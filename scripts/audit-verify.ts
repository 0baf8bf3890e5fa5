// npm run audit:verify —— 核对操作日志与登录日志（含归档）的防篡改链（DATABASE_URL，未设置时为 ./data/pglite）。
// 完好时打印各表核对的行数、退出码 0；发现断裂时打印表名与第一处断裂的行 id，退出码 1。
import { DbUnavailableError, describeUrl, openPglite, openPostgres } from '@/lib/platform/db/client';
import { describeCheck, verifyAuditChains } from '@/lib/domains/ops/audit-chain';

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  const opened = url ? await openPostgres(url, 2) : await openPglite(process.env.PGLITE_DIR ?? './data/pglite');
  try {
    const checks = await verifyAuditChains(opened.db);
    console.log(`[audit] ${url ? describeUrl(url) : opened.target}`);
    for (const c of checks) console.log(`[audit] ${c.broken ? 'BROKEN' : 'OK'} ${describeCheck(c)}`);
    return checks.some((c) => c.broken) ? 1 : 0;
  } finally {
    await opened.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof DbUnavailableError ? err.message : err instanceof Error ? err.message : err);
    process.exit(2);
  },
);

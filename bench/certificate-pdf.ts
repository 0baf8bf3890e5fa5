// 批量证书 PDF 的基准：npx tsx --expose-gc bench/certificate-pdf.ts [--pages 2000] [--zip]
// 在 PostgreSQL 的临时库（BENCH_DATABASE_URL）里迁移后，在内存里造 pages 张证书（四类轮流、无照片、无印章图片），
// 用 GET certificatesExport 的同一个函数（streamCertificates，--zip 时 zipCertificates）生成并读完整个流，
// 打印每秒页数与生成期间的 RSS（每 250 ms 采样：开头、最高、结尾），判断内存是否平稳。结果见 bench/README.md。
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { withScratchDatabase } from './scratch';
import type { Certificate } from '../lib/domains/certificate/tables';

process.chdir(path.resolve(__dirname, '..'));

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const PAGES = arg('pages', 2000);
const ZIP = process.argv.includes('--zip');
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

function certificate(i: number): Certificate {
  const now = new Date();
  return {
    id: i + 1,
    planId: 1,
    examineeId: null,
    orgId: 1,
    cityId: null,
    cerType: i % 4,
    cerName: '职业技能等级证书',
    cerCode: `S000013000001262${String(i + 1).padStart(6, '0')}`,
    serial: i + 1,
    issueYear: 2026,
    name: ['张三丰', '李四', '欧阳娜娜', '王五'][i % 4],
    idCard: '130102199001011237',
    gender: i % 2 ? '女' : '男',
    workCode: '6-31-01-03',
    workName: '电工',
    level: 1 + (i % 5),
    cerDate: '2026-11-24',
    education: '高中',
    company: '河北华元职业技能评价有限公司',
    mobile: '13900000000',
    photoUrl: null,
    status: 0,
    corrected: false,
    voidReason: null,
    voidedAt: null,
    voidedByName: null,
    printCount: 0,
    lastPrintedAt: null,
    createdAt: now,
    updatedAt: now,
  } as Certificate;
}

async function main() {
  await withScratchDatabase('bench_cert_pdf', async ({ opened }) => {
    const { streamCertificates, zipCertificates } = await import('../lib/domains/certificate/pdf');
    const list = Array.from({ length: PAGES }, (_, i) => certificate(i));
    // 预热：字体读入、首次编译
    const warm = (await streamCertificates(opened.db, list.slice(0, 20))).getReader();
    while (!(await warm.read()).done);
    (globalThis as { gc?: () => void }).gc?.();

    const rss: number[] = [];
    const sample = setInterval(() => rss.push(process.memoryUsage().rss), 250);
    const t0 = performance.now();
    const stream = ZIP ? await zipCertificates(opened.db, list) : await streamCertificates(opened.db, list);
    const reader = stream.getReader();
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
    }
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sample);
    rss.push(process.memoryUsage().rss);
    const quarter = rss.slice(0, Math.max(1, Math.floor(rss.length / 4)));
    console.log(`[bench] ${ZIP ? '压缩包（每张一个 PDF）' : '一个 PDF'}：${PAGES} 页 ${seconds.toFixed(1)} s，${(PAGES / seconds).toFixed(0)} 页/秒，输出 ${mb(bytes)}`);
    console.log(`[bench] RSS：开头 ${mb(quarter[0])}，最高 ${mb(Math.max(...rss))}，结尾 ${mb(rss[rss.length - 1])}（前四分之一最高 ${mb(Math.max(...quarter))}）`);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

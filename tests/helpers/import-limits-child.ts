// 在单独的进程里读取恶意上传文件，量出内存增长与耗时、检查临时文件：测试进程本身的内存受其他测试影响，量不准。
// 用法：node --import tsx tests/helpers/import-limits-child.ts <目录>；目录里的 .xlsx 按导入读取，.zip 按照片压缩包读取。
// 标准输出一行 JSON：{ baselineMb, peakMb, tmpLeft, results: [{ file, ok, rows, message, ms }] }
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sheetRows } from '@/lib/platform/excel/reader';
import { deadlineAfter } from '@/lib/platform/excel/limits';
import { openPhotoZip, readPhoto } from '@/lib/domains/personnel/photos';

const MB = 1024 * 1024;
const SAMPLE_MS = 5;

async function readXlsx(bytes: Uint8Array) {
  let rows = 0;
  for await (const row of sheetRows(bytes)) if (row) rows++;
  return { rows, message: '' };
}

async function readZip(bytes: Uint8Array) {
  const zip = openPhotoZip(bytes);
  const deadline = deadlineAfter();
  const reasons: string[] = [];
  let rows = 0;
  for (const entry of zip.entries) {
    const photo = await readPhoto(zip, entry, deadline);
    if ('reason' in photo) reasons.push(photo.reason);
    else rows++;
  }
  return { rows, message: reasons.join('；') };
}

async function main() {
  const dir = process.argv[2];
  const files = fs.readdirSync(dir).sort();
  // 预热：加载 exceljs 等按需加载的模块，基线里包含它们
  const warm = files.find((f) => f.endsWith('.xlsx'));
  if (warm) await readXlsx(fs.readFileSync(path.join(dir, warm))).catch(() => undefined);
  const tmpBefore = new Set(fs.readdirSync(os.tmpdir()));

  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), SAMPLE_MS);
  const results = [];
  for (const file of files) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(dir, file)));
    const started = performance.now();
    let outcome: { ok: boolean; rows: number; message: string };
    try {
      outcome = { ok: true, ...(await (file.endsWith('.zip') ? readZip(bytes) : readXlsx(bytes))) };
    } catch (err) {
      outcome = { ok: false, rows: 0, message: (err as Error).message };
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    results.push({ file, ...outcome, ms: Math.round(performance.now() - started) });
  }
  clearInterval(sampler);
  const tmpLeft = fs.readdirSync(os.tmpdir()).filter((f) => !tmpBefore.has(f));
  process.stdout.write(JSON.stringify({ baselineMb: Math.round(baseline / MB), peakMb: Math.round(peak / MB), tmpLeft, results }) + '\n');
}

main().catch((err) => {
  process.stderr.write(String(err?.stack ?? err));
  process.exit(1);
});

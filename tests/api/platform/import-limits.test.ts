// 导入的上限：压缩炸弹、超长单元格、行数过多、照片压缩包里的大文件都在解压之前或解压途中迅速拒绝，
// 一行不写、内存增长有界、不留临时文件；错误工作簿有界；同一文件同时导入三次只写入一份。
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { readWorkbook, sheetValues, xlsxFile } from '../../helpers/xlsx';
import {
  deflate,
  hugeCellXlsx,
  longCellXlsx,
  lyingXlsx,
  manySmallEntriesZip,
  overlappingZip,
  ratioBombXlsx,
  repeatedDeflate,
  xlsxFromRows,
  zipBytes,
} from '../../helpers/hostile-files';
import { authHeaders } from '../access/login-helper';
import { demoIdNumber } from '@/lib/domains/personnel/seed';
import { people, personPhotos } from '@/lib/domains/personnel/tables';
import { users } from '@/lib/domains/user/tables';
import { importErrorFiles } from '@/lib/platform/excel/tables';
import { IMPORT_MAX_ROWS, MAX_CELL_CHARS, MAX_ERROR_COPY_CHARS, TIMEOUT_MESSAGE } from '@/lib/platform/excel/limits';
import { sheetRows } from '@/lib/platform/excel/reader';

const { db } = setupTestDb();
const run = promisify(execFile);

/** 被拒绝的文件最多用多久（机器繁忙时留有余量；旧的实现要几十秒到几分钟） */
const QUICK_MS = 5_000;
/** 读取全部恶意文件时进程内存的最大增长（旧的实现单个文件就增长 460 MB） */
const MAX_RSS_GROWTH_MB = 100;

const HEADER = ['姓名', '身份证号', '手机号', '所属机构', '工种编码', '等级'];
const person = (n: number) => [`并发${n}`, demoIdNumber(130104, '19880808', 600 + n), `139222${String(n).padStart(5, '0')}`, '', '6-31-01-03', '三级/高级工'];

const h: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  for (const a of ['admin', 'sjz_admin', 'eval_org']) h[a] = await authHeaders(a);
});

type ImportAnswer = { total: number; errorCount: number; errors: { row: number; column: string; message: string }[]; errorFileId: string | null; errorFileUrl: string | null };

async function upload(account: string, apiPath: string, bytes: Uint8Array, name = 'upload.xlsx') {
  const form = new FormData();
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
  const started = performance.now();
  const res = await call<ImportAnswer>('POST', apiPath, { headers: h[account], form });
  return { ...res, ms: performance.now() - started };
}

const assessorCount = async () => (await db()).$count(people, eq(people.library, 'assessor'));
const errorFileCount = async () => (await db()).$count(importErrorFiles);

describe('恶意文件在子进程里读取：迅速拒绝、内存有界、不留临时文件', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('压缩炸弹、600 MB 的单元格、目录谎报大小、超长单元格、行数过多、照片压缩包里的大文件', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-limits-'));
    // 子进程的临时目录：旧的读取方式会在这里留下整张工作表
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'import-limits-tmp-'));
    dirs.push(dir, tmp);
    const id = demoIdNumber(130102, '19810512', 115);
    const files: Record<string, Uint8Array> = {
      '1-huge-cell.xlsx': hugeCellXlsx(),
      '2-ratio-bomb.xlsx': ratioBombXlsx(),
      '3-lying-directory.xlsx': lyingXlsx(),
      '4-long-cell.xlsx': longCellXlsx(MAX_CELL_CHARS + 1000),
      '5-very-long-cell.xlsx': longCellXlsx(2_000_000),
      '6-too-many-rows.xlsx': xlsxFromRows([['姓名'], ...Array.from({ length: IMPORT_MAX_ROWS + 20 }, () => ['x'])]),
      '7-photo-500mb.zip': zipBytes([{ name: `${id}.jpg`, content: repeatedDeflate('', '\0', 500, '') }]),
      '8-photo-lying.zip': zipBytes([{ name: `${id}.jpg`, content: repeatedDeflate('', '\0', 500, ''), declaredSize: 1000 }]),
      '9-photo-overlapping.zip': overlappingZip(),
    };
    for (const [name, bytes] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), bytes);
    // 问题报告里的文件：不到 1 MB 的 .xlsx 里有 600 MB 的单元格
    expect(files['1-huge-cell.xlsx'].length).toBeLessThan(1024 * 1024);

    const child = path.join(process.cwd(), 'tests/helpers/import-limits-child.ts');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', child, dir], {
      cwd: process.cwd(),
      env: { ...process.env, TMPDIR: tmp, TMP: tmp, TEMP: tmp },
      timeout: 60_000,
      maxBuffer: 1024 * 1024,
    });
    const report = JSON.parse(stdout.trim().split('\n').pop()!) as {
      baselineMb: number;
      peakMb: number;
      tmpLeft: string[];
      results: { file: string; ok: boolean; rows: number; message: string; ms: number }[];
    };
    const by = Object.fromEntries(report.results.map((r) => [r.file, r]));

    expect(by['1-huge-cell.xlsx'].message).toBe('文件解压后过大：工作表数据解压后超过 100 MB，请拆分成多个文件分批导入（每次最多 100000 行）');
    expect(by['2-ratio-bomb.xlsx'].message).toBe('压缩比异常，疑似压缩炸弹：工作表数据的压缩比超过 100:1，已拒绝');
    expect(by['3-lying-directory.xlsx'].message).toMatch(/^无法读取该文件/);
    expect(by['4-long-cell.xlsx'].message).toBe(`导入失败：第 2 行第 1 列超过 ${MAX_CELL_CHARS} 个字符（Excel 单元格最多 ${MAX_CELL_CHARS} 个字符），请检查文件`);
    expect(by['5-very-long-cell.xlsx'].message).toBe(`导入失败：文件中有超过 ${MAX_CELL_CHARS} 个字符的单元格（Excel 单元格最多 ${MAX_CELL_CHARS} 个字符），请检查文件`);
    expect(by['6-too-many-rows.xlsx'].message).toBe(`导入失败：文件超过 ${IMPORT_MAX_ROWS} 行数据（每次最多导入 ${IMPORT_MAX_ROWS} 行），请拆分成多个文件分批导入`);
    expect(by['7-photo-500mb.zip'].message).toBe(`压缩比异常，疑似压缩炸弹：压缩包中的「${id}.jpg」的压缩比超过 100:1，已拒绝`);
    // 目录谎称 1000 字节：解压到 1000 字节之后立即中止，按损坏逐个报告
    expect(by['8-photo-lying.zip']).toMatchObject({ ok: true, rows: 0, message: '文件已损坏（解压后的大小与压缩包目录记录不符）' });
    expect(by['9-photo-overlapping.zip'].message).toMatch(/疑似压缩炸弹/);
    for (const r of report.results) {
      expect(r.rows, r.file).toBe(0);
      expect(r.ms, r.file).toBeLessThan(QUICK_MS);
    }
    expect(report.peakMb - report.baselineMb).toBeLessThan(MAX_RSS_GROWTH_MB);
    expect(report.tmpLeft).toEqual([]);
    expect(fs.readdirSync(tmp).filter((f) => !f.startsWith('tsx-'))).toEqual([]);
  }, 90_000);
});

describe('经导入接口：整份拒绝，一行不写，不存错误工作簿', () => {
  const cases: [string, () => Uint8Array, RegExp][] = [
    ['一个单元格 600 MB 的 0.6 MB 文件', () => hugeCellXlsx(), /^文件解压后过大：工作表数据解压后超过 100 MB/],
    ['压缩比约 1000:1 的工作表', () => ratioBombXlsx(), /^压缩比异常，疑似压缩炸弹/],
    ['超过 Excel 上限的单元格', () => longCellXlsx(MAX_CELL_CHARS + 1, HEADER), new RegExp(`超过 ${MAX_CELL_CHARS} 个字符`)],
    [`超过 ${IMPORT_MAX_ROWS} 行`, () => xlsxFromRows([HEADER, ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => person(i).slice(0, 1))]), new RegExp(`每次最多导入 ${IMPORT_MAX_ROWS} 行`)],
  ];
  it.each(cases)('%s', async (_name, build, message) => {
    const before = await assessorCount();
    const files = await errorFileCount();
    const res = await upload('eval_org', '/perEval/importEvaluation', build());
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toMatch(message);
    expect(res.body.data.errorFileId).toBeNull();
    expect(res.ms).toBeLessThan(QUICK_MS);
    expect(await assessorCount()).toBe(before);
    expect(await errorFileCount()).toBe(files);
  });

});

describe('正常文件照常读取', () => {
  it('ZIP64 格式与中文内容的 .xlsx', async () => {
    const rows: string[][] = [];
    for await (const r of sheetRows(xlsxFromRows([HEADER, ['张三', '身份证号<&>']], { zip64: true }))) rows.push(r.cells as string[]);
    expect(rows).toEqual([HEADER, ['张三', '身份证号<&>']]);
  });
});

describe('处理时间', () => {
  it('过了截止时刻即停止读取，给出超时的中文原因', async () => {
    const rows = sheetRows(xlsxFromRows([HEADER, person(1)]), { deadline: Date.now() - 1 });
    await expect(rows.next()).rejects.toThrow(TIMEOUT_MESSAGE);
  });
});

describe('照片压缩包', () => {
  const yang = demoIdNumber(130102, '19810512', 115); // 种子里石家庄的督导员杨帆
  const photoCount = async () => (await db()).$count(personPhotos);
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8cf000000030101000518d84e0000000049454e44ae426082', 'hex');
  const send = (bytes: Uint8Array) => upload('sjz_admin', '/perSuper/importSupervisorImgZip', bytes, 'photos.zip');

  it('500 MB 的照片（压缩比约 1000:1）：整包拒绝，不解压，不写照片', async () => {
    const before = await photoCount();
    const res = await send(zipBytes([{ name: `照片/${yang}.jpg`, content: repeatedDeflate('', '\0', 500, '') }]));
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe(`压缩比异常，疑似压缩炸弹：压缩包中的「${yang}.jpg」的压缩比超过 100:1，已拒绝`);
    expect(res.ms).toBeLessThan(QUICK_MS);
    expect(await photoCount()).toBe(before);
  });

  it('超过 2MB 的照片按目录里的大小报告；目录谎报大小的照片按损坏报告；其余照片照常保存', async () => {
    const big = crypto.randomBytes(3 * 1024 * 1024); // 不可压缩，压缩比正常
    const res = await send(
      zipBytes([
        { name: `${yang}.jpg`, content: deflate(big) },
        { name: `${yang}.png`, content: repeatedDeflate('', '\0', 200, ''), declaredSize: 1000 },
        { name: `ok/${yang}.png`, content: deflate(png) },
      ]),
    );
    expect(res.status).toBe(200);
    const data = res.body.data as unknown as { matched: { fileName: string }[]; unmatched: { fileName: string; reason: string }[] };
    expect(data.unmatched).toEqual([
      { fileName: `${yang}.jpg`, reason: '照片超过 2MB' },
      { fileName: `${yang}.png`, reason: '文件已损坏（解压后的大小与压缩包目录记录不符）' },
    ]);
    expect(data.matched.map((m) => m.fileName)).toEqual([`${yang}.png`]);
    expect(res.ms).toBeLessThan(QUICK_MS);
  });

  it('中文 Windows 压缩的 GBK 文件名按中文报告', async () => {
    const gbkName = Buffer.from([0xcb, 0xb5, 0xc3, 0xf7, 0x2e, 0x74, 0x78, 0x74]); // “说明.txt”的 GBK 编码，不标 UTF-8
    const res = await send(zipBytes([{ name: '', rawName: gbkName, content: deflate('readme') }]));
    expect(res.status).toBe(200);
    expect((res.body.data as unknown as { unmatched: unknown[] }).unmatched).toEqual([{ fileName: '说明.txt', reason: '不是 jpg 或 png 图片' }]);
  });

  it('解压后合计过大、条目共用数据：整包拒绝', async () => {
    const total = await send(manySmallEntriesZip(201));
    expect(total.status).toBe(400);
    expect(total.body.returnMsg).toBe('压缩包解压后过大：解压后合计超过 200 MB，请分批上传');
    const overlap = await send(overlappingZip());
    expect(overlap.status).toBe(400);
    expect(overlap.body.returnMsg).toBe('压缩包结构异常（多个文件共用同一段数据），疑似压缩炸弹，已拒绝');
  });
});

describe('错误工作簿有界', () => {
  it('原文件很大时只存错误明细（不抄写原文件），并写明请在原文件中按行号改正', async () => {
    // 200 行，每行的姓名都是一万多个随机字符（姓名最多 20 个字，每行都错）
    const rowCount = 200;
    const nameChars = Math.ceil(MAX_ERROR_COPY_CHARS / rowCount) + 100;
    const rows = Array.from({ length: rowCount }, (_, i) => {
      const p = person(100 + i);
      p[0] = crypto.randomBytes(nameChars).toString('base64').slice(0, nameChars);
      return p;
    });
    const upload1 = xlsxFromRows([HEADER, ...rows]);
    const res = await upload('eval_org', '/perEval/importEvaluation', upload1);
    expect(res.status).toBe(400);
    expect(res.body.data.errorCount).toBe(rowCount);
    const [stored] = await (await db()).select().from(importErrorFiles).where(eq(importErrorFiles.id, res.body.data.errorFileId!));
    // 原文件约 2.7 MB；错误工作簿只有 200 条明细
    expect(stored.content.length).toBeLessThan(64 * 1024);
    const wb = await readWorkbook(stored.content);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['错误明细']);
    const detail = sheetValues(wb.getWorksheet('错误明细')!);
    expect(detail[1]).toEqual(['2', '姓名', expect.any(String)]);
    expect(detail.at(-1)![2]).toMatch(/只列出错误明细，请按行号在原文件中改正后重新导入/);
  });
});

describe('同一文件同时导入三次', () => {
  it('考评员：恰好写入一份，另两次报重复（400），没有服务器异常', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => person(300 + i));
    const bytes = new Uint8Array(await (await xlsxFile([HEADER, ...rows])).arrayBuffer());
    const before = await assessorCount();
    const results = await Promise.all([1, 2, 3].map(() => upload('eval_org', '/perEval/importEvaluation', bytes)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400]);
    for (const r of results.filter((x) => x.status === 400)) expect(r.body.returnMsg).toMatch(/重复|已在考评员库中/);
    expect(await assessorCount()).toBe(before + rows.length);
    const written = await (await db())
      .select({ n: sql<number>`count(*)::int` })
      .from(people)
      .where(and(eq(people.library, 'assessor'), inArray(people.idNumberIndex, rows.map((r) => blindIndex('idNumber', r[1] as string)))));
    expect(written[0].n).toBe(rows.length);
  });

  it('账号：恰好写入一份，另两次报重复（400），没有服务器异常', async () => {
    const header = ['账号', '姓名', '手机号', '邮箱', '初始密码', '角色编码', '机构编码', '区划代码'];
    const stamp = Date.now().toString(36);
    const accounts = Array.from({ length: 5 }, (_, i) => `par${stamp}${i}`);
    const rows = accounts.map((a, i) => [a, '并发导入', `137${String(Date.now() % 1e6).padStart(6, '0')}${String(i).padStart(2, '0')}`, null, 'Imp@2026x', 'TEACHER', 'ORG130105001', null]);
    const bytes = new Uint8Array(await (await xlsxFile([header, ...rows])).arrayBuffer());
    const results = await Promise.all([1, 2, 3].map(() => upload('admin', '/account/impAccount', bytes)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    for (const r of results.filter((x) => x.status === 400)) expect(r.body.returnMsg).toMatch(/重复|已存在|已被使用/);
    const written = await (await db()).select({ account: users.account }).from(users).where(inArray(users.account, accounts));
    expect(written).toHaveLength(accounts.length);
  });
});

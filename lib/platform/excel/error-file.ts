// 导入失败时的错误工作簿：生成、存库（多实例下任一实例都能下载）、按上传者读取、定期清理。
// 大小有界：错误明细最多 MAX_ERROR_DETAILS 条（其余只写“另有 N 处”），原文件过大时不抄写原始数据。
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { sheetRows } from './reader';
import { MAX_ERROR_COPY_CHARS } from './limits';
import { importErrorFiles } from './tables';

/** 错误工作簿保留时长；过期后下载返回 404，并由定时任务删除。 */
export const ERROR_FILE_TTL_HOURS = 24;
/** 上次错误工作簿里追加的列，重新上传时忽略。 */
export const ERROR_COLUMN = '错误原因';
export const errorFileUrl = (id: string) => `/api/platform/importErrors?id=${id}`;

export interface ImportIssue {
  /** Excel 行号（表头为第 1 行） */
  row: number;
  /** 列的中文表头；整行的问题为空串 */
  column: string;
  message: string;
}

export interface ErrorWorkbookInput {
  file: Blob | Uint8Array;
  /** 是否抄写原文件（原文件的文本超过 MAX_ERROR_COPY_CHARS 时为 false，只给错误明细） */
  copyRows?: boolean;
  /** 表头所在行与要去掉的旧“错误原因”列（下标从 0 起，-1 表示没有） */
  headerRow: number;
  dropColumn: number;
  /** 去掉旧“错误原因”列后表头的列数；表头以右的零散内容不会导入，也不抄写 */
  columnCount: number;
  /** 收集到的错误明细（已截断） */
  issues: ImportIssue[];
  /** 未列出的错误数 */
  omitted: number;
}

/** 用流式写出器生成工作簿，返回完整字节（错误工作簿要存库，总归要拿到整份内容）。 */
async function writeToBuffer(build: (wb: ExcelJS.stream.xlsx.WorkbookWriter) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  await build(wb);
  await wb.commit();
  await ended;
  return Buffer.concat(chunks);
}

const issueText = (i: ImportIssue) => (i.column ? `${i.column}：${i.message}` : i.message);

/**
 * 第 1 个工作表“原始数据”：原文件的全部行（行号不变）加最后一列“错误原因”。导入是全有或全无，
 * 出错时一行也没写入，所以这里保留所有行：用户改好出错的行，整份重新上传即可。
 * 第 2 个工作表“错误明细”：行号 / 列 / 错误原因。
 * 原文件的文本超过 MAX_ERROR_COPY_CHARS 时（copyRows 为 false）只有“错误明细”，并注明请在原文件中改正。
 */
export async function buildErrorWorkbook(input: ErrorWorkbookInput): Promise<Buffer> {
  const byRow = new Map<number, string[]>();
  for (const i of input.issues) {
    const list = byRow.get(i.row);
    if (list) list.push(issueText(i));
    else byRow.set(i.row, [issueText(i)]);
  }
  return writeToBuffer(async (wb) => {
    if (input.copyRows === false) {
      writeDetails(wb, input, `原文件较大（超过 ${MAX_ERROR_COPY_CHARS} 个字符），本工作簿只列出错误明细，请按行号在原文件中改正后重新导入`);
      return;
    }
    const data = wb.addWorksheet('原始数据');
    const width = input.columnCount;
    data.columns = [...Array.from({ length: width }, () => ({ width: 16 })), { width: 50 }];
    for await (const { row, cells } of sheetRows(input.file)) {
      const values = (input.dropColumn < 0 ? cells : cells.filter((_, i) => i !== input.dropColumn)).slice(0, width);
      const r = data.getRow(row);
      values.forEach((v, i) => {
        if (v !== undefined) r.getCell(i + 1).value = v;
      });
      if (row === input.headerRow) {
        r.getCell(width + 1).value = ERROR_COLUMN;
        r.font = { bold: true };
      } else if (row > input.headerRow && byRow.has(row)) {
        const cell = r.getCell(width + 1);
        cell.value = byRow.get(row)!.join('；');
        cell.font = { color: { argb: 'FFFF0000' } };
      }
      r.commit();
    }
    data.commit();
    writeDetails(wb, input);
  });
}

/** “错误明细”工作表：行号 / 列 / 错误原因；列不下的只写条数，note 写在最后 */
function writeDetails(wb: ExcelJS.stream.xlsx.WorkbookWriter, input: ErrorWorkbookInput, note?: string): void {
  const detail = wb.addWorksheet('错误明细');
  detail.columns = [
    { header: '行号', width: 10 },
    { header: '列', width: 18 },
    { header: '错误原因', width: 60 },
  ];
  detail.getRow(1).font = { bold: true };
  detail.getRow(1).commit();
  for (const i of input.issues) detail.addRow([i.row, i.column, i.message]).commit();
  if (input.omitted > 0) detail.addRow([null, null, `另有 ${input.omitted} 处错误未列出，请先改正以上错误后重新导入`]).commit();
  if (note) detail.addRow([null, null, note]).commit();
  detail.commit();
}

export async function saveErrorFile(db: Db, file: { userId: number | null; importName: string; content: Buffer }): Promise<string> {
  const [row] = await db.insert(importErrorFiles).values(file).returning({ id: importErrorFiles.id });
  return row.id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

/** 只有上传者本人能取回自己未过期的错误工作簿；其他情况一律视为不存在。 */
export async function loadErrorFile(db: Db, id: string, userId: number): Promise<Buffer | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({ content: importErrorFiles.content })
    .from(importErrorFiles)
    .where(and(eq(importErrorFiles.id, id), eq(importErrorFiles.userId, userId), gt(importErrorFiles.createdAt, hoursAgo(ERROR_FILE_TTL_HOURS))));
  return row?.content ?? null;
}

/** 删除早于 olderThanHours 小时的错误工作簿，返回删除条数；供定时任务调用。 */
export async function purgeImportErrorFiles(db: Db, olderThanHours = ERROR_FILE_TTL_HOURS): Promise<number> {
  const deleted = await db
    .delete(importErrorFiles)
    .where(lt(importErrorFiles.createdAt, hoursAgo(olderThanHours)))
    .returning({ id: importErrorFiles.id });
  return deleted.length;
}

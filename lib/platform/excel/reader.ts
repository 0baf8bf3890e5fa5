// 流式读取上传的 .xlsx：逐行产出首个工作表的单元格文本，内存不随行数增长。
// 导入的两遍（校验写库、出错时生成错误工作簿）都经这里读同一个 Blob。
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import ExcelJS from 'exceljs';

/** 文件不是可读的 .xlsx（空文件、.xls、.csv、损坏的压缩包等）。 */
export class UnreadableWorkbookError extends Error {
  constructor(cause?: unknown) {
    super('无法读取该文件：请上传 Excel 2007 及以上版本的 .xlsx 文件（.xls、.csv 请先在 Excel 中另存为 .xlsx）', { cause });
    this.name = 'UnreadableWorkbookError';
  }
}

export interface SheetRow {
  /** Excel 中用户看到的行号 */
  row: number;
  /** 下标 0 为 A 列；空白单元格为 undefined */
  cells: (string | undefined)[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Excel 日期是不带时区的“墙上时间”，exceljs 以 UTC 表示，故按 UTC 取各部分。 */
function formatDate(d: Date): string | undefined {
  if (Number.isNaN(d.getTime())) return undefined;
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const hasTime = d.getUTCHours() || d.getUTCMinutes() || d.getUTCSeconds();
  return hasTime ? `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` : day;
}

/**
 * 单元格值 → 去掉首尾空白的文本；空白为 undefined。
 * 统一成文本，行校验的 zod 模式就不必区分“文本单元格”和“数字单元格”（手机号常被存成数字）。
 */
export function cellText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() || undefined;
  // 15 位有效数字与 Excel 的显示一致，去掉 0.1+0.2 这类二进制尾差
  if (typeof value === 'number') return Number.isFinite(value) ? String(Number(value.toPrecision(15))) : undefined;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return formatDate(value);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return cellText((v.richText as { text?: string }[]).map((r) => r.text ?? '').join(''));
    if ('formula' in v || 'sharedFormula' in v) return cellText(v.result);
    if ('text' in v) return cellText(v.text); // 超链接
    if ('error' in v) return String(v.error); // #N/A 等，交给校验报错
  }
  return undefined;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** exceljs 遇到空输入会永远挂起，遇到非 zip 才报错：先看文件头，给出明确的中文提示。 */
export async function assertXlsx(file: Blob): Promise<void> {
  if (file.size < ZIP_MAGIC.length) throw new UnreadableWorkbookError();
  const head = new Uint8Array(await file.slice(0, ZIP_MAGIC.length).arrayBuffer());
  if (!ZIP_MAGIC.every((b, i) => head[i] === b)) throw new UnreadableWorkbookError();
}

async function guard<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (err) {
    throw new UnreadableWorkbookError(err);
  }
}

/**
 * 逐行读取首个工作表（跳过不存在的空行）。读完后把其余工作表读空，exceljs 才会删除它暂存的临时文件。
 * 读取本身出错时抛 UnreadableWorkbookError；调用方在循环体里抛的错误原样传出。
 */
export async function* sheetRows(file: Blob): AsyncGenerator<SheetRow> {
  await assertXlsx(file);
  const source = Readable.fromWeb(file.stream() as unknown as NodeWebStream<Uint8Array>);
  source.on('error', () => {}); // 错误经 unzip 流传给 exceljs，由 guard 转换
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache', // 识别日期格式需要样式
      hyperlinks: 'ignore', // 超链接单元格保留显示文本
      entries: 'ignore',
    });
    const sheets = reader[Symbol.asyncIterator]();
    const first = await guard(sheets.next());
    if (first.done) return;
    const rows = first.value[Symbol.asyncIterator]();
    for (;;) {
      const next = await guard(rows.next());
      if (next.done) break;
      const values = next.value.values as unknown[];
      const cells: (string | undefined)[] = [];
      for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
      yield { row: next.value.number, cells };
    }
    for (;;) {
      const sheet = await guard(sheets.next());
      if (sheet.done) break;
      const rest = sheet.value[Symbol.asyncIterator]();
      while (!(await guard(rest.next())).done);
    }
  } finally {
    source.destroy();
  }
}

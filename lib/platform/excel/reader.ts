// 有界地读取上传的 .xlsx：逐行产出首个工作表的单元格文本，内存不随行数增长，不写临时文件。
// 导入的两遍（校验写库、出错时生成错误工作簿）都经这里读同一份文件。
// 先经 zip.ts 按中央目录检查大小与压缩比，再数行数（超过 IMPORT_MAX_ROWS 在写库之前就拒绝），
// 解压时不允许超过单元格上限的连续文本，逐行检查单元格长度与截止时间。
// 解析 XML 用 exceljs 流式读取器的各部件解析方法，但由这里按中央目录取各部件、按需排序：
// exceljs 自带的入口按本地文件头顺序解压整个压缩包，工作表先于共享文本出现时还会整张落到临时文件。
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';
import {
  checkDeadline,
  deadlineAfter,
  IMPORT_MAX_ROWS,
  ImportLimitError,
  MAX_CELL_CHARS,
  MAX_COMPRESSION_RATIO,
  RATIO_GRACE_BYTES,
  XLSX_MAX_ENTRY_BYTES,
  XLSX_MAX_TOTAL_BYTES,
} from './limits';
import { ZipArchive, ZipFormatError, type ZipEntry, type ZipLimits } from './zip';

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
  /**
   * 存成数字、且超过 15 位有效数字的单元格（下标同 cells）：Excel 只保留 15 位有效数字，
   * 18 位的身份证号存成数字后末尾几位已经丢失（cells 里是 …000）。没有这样的单元格时不给。
   */
  longNumbers?: number[];
}

/** 超过这个绝对值的数字单元格有 16 位以上的整数部分，Excel 已丢掉末尾的位数 */
export const MAX_EXACT_EXCEL_NUMBER = 1e15;

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

/** 表头之上允许的标题行与表头本身：预先数行数时不算数据行 */
const HEADER_ROWS_ALLOWANCE = 11;
/**
 * XML 中两个“<”之间最长的字节数。单元格文本与标签都在两个“<”之间，exceljs 的 XML 解析会把它整段攒在内存里；
 * 一个字符最多占 10 字节（&#x10FFFF;），再留出标签属性的余量。超过即不可能是合规的单元格。
 */
const MAX_XML_RUN_BYTES = MAX_CELL_CHARS * 10 + 64 * 1024;
const LT = 0x3c;

const CELL_TOO_LONG = `导入失败：文件中有超过 ${MAX_CELL_CHARS} 个字符的单元格（Excel 单元格最多 ${MAX_CELL_CHARS} 个字符），请检查文件`;
export const TOO_MANY_ROWS = `导入失败：文件超过 ${IMPORT_MAX_ROWS} 行数据（每次最多导入 ${IMPORT_MAX_ROWS} 行），请拆分成多个文件分批导入`;

/** .xlsx 的压缩包上限 */
export const XLSX_ZIP_LIMITS: ZipLimits = {
  maxEntryBytes: XLSX_MAX_ENTRY_BYTES,
  maxTotalBytes: XLSX_MAX_TOTAL_BYTES,
  maxRatio: MAX_COMPRESSION_RATIO,
  ratioGraceBytes: RATIO_GRACE_BYTES,
  label: '文件',
  entryLabel: (name) => (/^xl\/worksheets\//.test(name) ? '工作表数据' : name === 'xl/sharedStrings.xml' ? '文本数据' : `文件中的「${name}」`),
  hint: `请拆分成多个文件分批导入（每次最多 ${IMPORT_MAX_ROWS} 行）`,
};

/** exceljs 流式读取器内部的部件解析方法（exceljs 4.4.0，见 node_modules/exceljs/lib/stream/xlsx/workbook-reader.js） */
interface WorkbookParts {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<{ index: number; text: unknown }>;
  _parseWorksheet(iterator: AsyncIterable<string>, sheetNo: string): Generator<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
  sharedStrings?: unknown[];
}

// 用的是 exceljs 的内部方法：升级 exceljs 后若方法不在了，启动时就报错，而不是在用户导入时才出错
for (const m of ['_parseRels', '_parseWorkbook', '_parseStyles', '_parseSharedStrings', '_parseWorksheet']) {
  if (typeof (ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as Record<string, unknown>)[m] !== 'function') {
    throw new Error(`exceljs 的流式读取器缺少 ${m}：lib/platform/excel/reader.ts 需按新版本调整`);
  }
}

export interface SheetRowsOptions {
  /** 截止时刻（毫秒时间戳），默认从调用起 IMPORT_TIME_LIMIT_MS */
  deadline?: number;
  /** 产出第一行之前告知工作表里有内容的 <row> 数（预先数出的），调用方找到表头后即可算出数据行数 */
  onRowCount?: (rows: number) => void;
}

async function toBytes(file: Blob | Uint8Array): Promise<Uint8Array> {
  return file instanceof Uint8Array ? file : new Uint8Array(await file.arrayBuffer());
}

/** 打开 .xlsx 的压缩包：不是 zip（空文件、.xls、.csv）或损坏时抛 UnreadableWorkbookError，超出上限抛 ImportLimitError。 */
export function openXlsx(bytes: Uint8Array): ZipArchive {
  if (bytes.length < ZIP_MAGIC.length || !ZIP_MAGIC.every((b, i) => bytes[i] === b)) throw new UnreadableWorkbookError();
  try {
    return ZipArchive.open(bytes, XLSX_ZIP_LIMITS);
  } catch (err) {
    if (err instanceof ZipFormatError) throw new UnreadableWorkbookError(err);
    throw err;
  }
}

/** 解压一个 XML 部件，两个“<”之间的内容过长即中止（见 MAX_XML_RUN_BYTES） */
async function* xmlChunks(zip: ZipArchive, entry: ZipEntry, deadline: number): AsyncGenerator<Buffer> {
  let run = 0;
  for await (const chunk of zip.chunks(entry, { deadline })) {
    let from = 0;
    for (let at = chunk.indexOf(LT, from); at >= 0; at = chunk.indexOf(LT, from)) {
      if (run + at - from > MAX_XML_RUN_BYTES) throw new ImportLimitError(CELL_TOO_LONG);
      run = 0;
      from = at + 1;
    }
    run += chunk.length - from;
    if (run > MAX_XML_RUN_BYTES) throw new ImportLimitError(CELL_TOO_LONG);
    yield chunk;
  }
}

/** XML 部件 → 文本块（按 UTF-8 跨块正确解码） */
async function* xmlText(zip: ZipArchive, entry: ZipEntry, deadline: number): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of xmlChunks(zip, entry, deadline)) yield decoder.write(chunk);
  const rest = decoder.end();
  if (rest) yield rest;
}

const xmlStream = (zip: ZipArchive, entry: ZipEntry, deadline: number) => Readable.from(xmlText(zip, entry, deadline));

const ROW_TAG = [LT, 0x72, 0x6f, 0x77]; // "<row"
const isTagEnd = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0x3e || b === 0x2f;

/** 数工作表里非空的 <row> 元素（自闭合的 <row …/> 没有单元格，不算）；只扫字节，不解析 XML。超过 limit 即停。 */
async function countRows(zip: ZipArchive, entry: ZipEntry, deadline: number, limit: number): Promise<number> {
  let rows = 0;
  let matched = 0;
  let inTag = false;
  let prev = 0;
  for await (const chunk of xmlChunks(zip, entry, deadline)) {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (inTag) {
        if (b === 0x3e) {
          if (prev !== 0x2f) rows++;
          inTag = false;
        }
        prev = b;
        continue;
      }
      if (matched === ROW_TAG.length) {
        matched = 0;
        if (isTagEnd(b)) {
          inTag = true;
          prev = 0;
          i--; // 让这个字节按标签内处理（可能就是“>”或“/”）
          continue;
        }
      }
      if (b === ROW_TAG[matched]) matched++;
      else matched = b === LT ? 1 : 0;
    }
    if (rows > limit) return rows;
  }
  return rows;
}

/** 首个工作表（按工作簿里标签的顺序）的部件；找不到关系时取编号最小的 sheetN.xml */
function firstSheet(zip: ZipArchive, parts: WorkbookParts): { entry: ZipEntry; sheetNo: string } | null {
  const first = parts.model?.sheets?.[0];
  const rel = first && parts.workbookRels?.find((r) => r.Id === first.rId);
  if (rel) {
    const target = rel.Target.startsWith('/') ? rel.Target.slice(1) : `xl/${rel.Target.replace(/^\.\//, '')}`;
    const entry = zip.get(target);
    if (entry) return { entry, sheetNo: /sheet(\d+)\.xml$/.exec(target)?.[1] ?? '1' };
  }
  let best: { entry: ZipEntry; sheetNo: string } | null = null;
  for (const entry of zip.entries) {
    const m = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(entry.name);
    if (m && (!best || Number(m[1]) < Number(best.sheetNo))) best = { entry, sheetNo: m[1] };
  }
  return best;
}

/** exceljs 的 XML 解析错误等 → 文件不可读；上限与截止时间的错误原样传出。 */
async function guard<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof ImportLimitError) throw err;
    throw new UnreadableWorkbookError(err);
  }
}

const plainText = (text: unknown): unknown =>
  text && typeof text === 'object' && Array.isArray((text as { richText?: unknown }).richText)
    ? ((text as { richText: { text?: string }[] }).richText.map((r) => r.text ?? '').join(''))
    : text;

/**
 * 逐行读取首个工作表（跳过不存在的空行）。
 * 文件不可读时抛 UnreadableWorkbookError；超出上限（大小、压缩比、行数、单元格长度、时间）抛 ImportLimitError，
 * 这两种都在产出第一行之前或读取途中抛出；调用方在循环体里抛的错误原样传出。
 */
export async function* sheetRows(file: Blob | Uint8Array, opts: SheetRowsOptions = {}): AsyncGenerator<SheetRow> {
  const deadline = opts.deadline ?? deadlineAfter();
  const zip = openXlsx(await toBytes(file));
  const parts = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit',
    sharedStrings: 'emit', // 由下面自己缓存为纯文本
    styles: 'cache', // 识别日期格式需要样式
    hyperlinks: 'ignore', // 超链接单元格保留显示文本
    entries: 'ignore',
  }) as unknown as WorkbookParts;
  const part = (name: string) => zip.get(name);

  const rels = part('xl/_rels/workbook.xml.rels');
  if (rels) await guard(parts._parseRels(xmlStream(zip, rels, deadline)));
  const book = part('xl/workbook.xml');
  if (book) await guard(parts._parseWorkbook(xmlStream(zip, book, deadline)));
  const sheet = firstSheet(zip, parts);
  if (!sheet) throw new UnreadableWorkbookError();

  // 先只数行数：行数过多的文件在校验与写库之前就拒绝
  const rowCount = await guard(countRows(zip, sheet.entry, deadline, IMPORT_MAX_ROWS + HEADER_ROWS_ALLOWANCE));
  if (rowCount > IMPORT_MAX_ROWS + HEADER_ROWS_ALLOWANCE) throw new ImportLimitError(TOO_MANY_ROWS);
  opts.onRowCount?.(rowCount);

  const styles = part('xl/styles.xml');
  if (styles) await guard(parts._parseStyles(xmlStream(zip, styles, deadline)));
  const shared = part('xl/sharedStrings.xml');
  if (shared) {
    const cache: unknown[] = [];
    const strings = parts._parseSharedStrings(xmlStream(zip, shared, deadline));
    for (;;) {
      const next = await guard(strings.next());
      if (next.done) break;
      cache[next.value.index] = plainText(next.value.text);
    }
    parts.sharedStrings = cache;
  }

  const sheetText = xmlText(zip, sheet.entry, deadline);
  const [emitted] = [...parts._parseWorksheet(sheetText, sheet.sheetNo)];
  const rows = emitted.value[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await guard(rows.next());
      if (next.done) break;
      checkDeadline(deadline);
      const values = next.value.values as unknown[];
      const cells: (string | undefined)[] = [];
      let longNumbers: number[] | undefined;
      for (let i = 1; i < values.length; i++) {
        const v = values[i];
        if (typeof v === 'number' && Math.abs(v) >= MAX_EXACT_EXCEL_NUMBER) (longNumbers ??= []).push(i - 1);
        const text = cellText(v);
        if (text !== undefined && text.length > MAX_CELL_CHARS) {
          throw new ImportLimitError(`导入失败：第 ${next.value.number} 行第 ${i} 列超过 ${MAX_CELL_CHARS} 个字符（Excel 单元格最多 ${MAX_CELL_CHARS} 个字符），请检查文件`);
        }
        cells.push(text);
      }
      yield longNumbers ? { row: next.value.number, cells, longNumbers } : { row: next.value.number, cells };
    }
  } finally {
    // 调用方中途停止（如发现错误回滚）时立即释放解压器
    await sheetText.return(undefined);
  }
}

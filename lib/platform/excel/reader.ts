// 有界地读取上传的 .xlsx：逐行产出首个工作表的单元格文本，内存不随行数增长，不写临时文件。
// 导入的两遍（校验写库、出错时生成错误工作簿）都经这里读同一份文件。
// 先经 zip.ts 按中央目录检查大小与压缩比，再数行数（超过 IMPORT_MAX_ROWS 在写库之前就拒绝），
// 解压时不允许超过单元格上限的连续文本，逐行检查单元格长度与截止时间。
// 解析：直接扫描各部件的 XML 文本（不建 DOM、不经 SAX 事件、不建 exceljs 的 Row/Cell 对象），每解压一块处理其中完整的
// <row>（或 <si>）元素，余下的半个元素留到下一块。取值规则与 exceljs 相同：共享文本（富文本各段相连，不含注音 <rPh>）、
// 内联文本、数字、布尔、错误值、公式的缓存结果；数字单元格的格式是日期格式时按 Excel 日期序号换成日期（含 1904 日期系统）。
import { StringDecoder } from 'node:string_decoder';
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

/** Excel 日期是不带时区的“墙上时间”，按 UTC 表示，故按 UTC 取各部分。 */
function formatDate(d: Date): string | undefined {
  if (Number.isNaN(d.getTime())) return undefined;
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const hasTime = d.getUTCHours() || d.getUTCMinutes() || d.getUTCSeconds();
  return hasTime ? `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` : day;
}

/** 15 位有效数字与 Excel 的显示一致，去掉 0.1+0.2 这类二进制尾差 */
const numberText = (value: number) => (Number.isFinite(value) ? String(Number(value.toPrecision(15))) : undefined);

/**
 * 单元格值 → 去掉首尾空白的文本；空白为 undefined。
 * 统一成文本，行校验的 zod 模式就不必区分“文本单元格”和“数字单元格”（手机号常被存成数字）。
 */
export function cellText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number') return numberText(value);
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
 * XML 中两个“<”之间最长的字节数。单元格文本与标签都在两个“<”之间；
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

/**
 * XML 部件 → 只含完整元素的文本块：每块到最后一个 closeTag 为止（按 UTF-8 跨块正确解码），余下的并入下一块；
 * 最后一块是剩下的全部。一个元素跨多个解压块时攒到它结束为止（大小受部件的解压上限约束）。
 */
async function* xmlElements(zip: ZipArchive, entry: ZipEntry, deadline: number, closeTag: string): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of xmlChunks(zip, entry, deadline)) {
    const text = rest + decoder.write(chunk);
    const end = text.lastIndexOf(closeTag);
    if (end < 0) {
      rest = text;
      continue;
    }
    const cut = end + closeTag.length;
    rest = text.slice(cut);
    yield text.slice(0, cut);
  }
  const last = rest + decoder.end();
  if (last) yield last;
}

/** 整个（小的）XML 部件的文本 */
async function xmlPart(zip: ZipArchive, name: string, deadline: number): Promise<string | null> {
  const entry = zip.get(name);
  if (!entry) return null;
  let text = '';
  for await (const block of xmlElements(zip, entry, deadline, '>')) text += block;
  return text;
}

const ROW_TAG = Buffer.from('<row');
const isTagEnd = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0x3e || b === 0x2f;

/**
 * 数工作表里非空的 <row> 元素（自闭合的 <row …/> 没有单元格，不算）；只扫字节（Buffer.indexOf），不解析 XML。超过 limit 即停。
 * 一个标签可能跨两块：上一块末尾不足一个完整标签的几个字节并入下一块再找。
 */
async function countRows(zip: ZipArchive, entry: ZipEntry, deadline: number, limit: number): Promise<number> {
  let rows = 0;
  let carry: Buffer | null = null;
  for await (const chunk of xmlChunks(zip, entry, deadline)) {
    const buf: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
    carry = null;
    let from = 0;
    for (let at = buf.indexOf(ROW_TAG, from); at >= 0; at = buf.indexOf(ROW_TAG, from)) {
      const after = at + ROW_TAG.length;
      const close = after < buf.length ? buf.indexOf(0x3e, after) : -1;
      if (close < 0) {
        carry = buf.subarray(at); // 标签在本块没有结束
        break;
      }
      if (isTagEnd(buf[after]) && buf[close - 1] !== 0x2f) rows++;
      from = after;
    }
    if (!carry) {
      // 末尾可能是“<ro”这样半个标签的开头
      const tail = buf.lastIndexOf(LT);
      if (tail >= 0 && tail >= from && buf.length - tail < ROW_TAG.length) carry = buf.subarray(tail);
    }
    if (rows > limit) return rows;
  }
  return rows;
}

// ---------- XML 文本的小工具 ----------

const ENTITY = /&(?:#[xX]([0-9a-fA-F]+)|#(\d+)|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** 解 XML 实体，并像 XML 解析器那样把 \r\n、\r 规整为 \n */
function xmlDecode(s: string): string {
  if (s.indexOf('&') >= 0) {
    s = s.replace(ENTITY, (m, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
      if (name) return NAMED[name];
      const code = hex ? parseInt(hex, 16) : Number(dec);
      return code <= 0x10ffff ? String.fromCodePoint(code) : m;
    });
  }
  return s.indexOf('\r') >= 0 ? s.replace(/\r\n?/g, '\n') : s;
}

const ATTR = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** 标签里某个属性的值（已解实体）；没有为 undefined */
function attr(tag: string, name: string): string | undefined {
  ATTR.lastIndex = 0;
  for (let m = ATTR.exec(tag); m; m = ATTR.exec(tag)) if (m[1] === name) return xmlDecode(m[2] ?? m[3]);
  return undefined;
}

/** 一个标签的全部属性 */
function attrs(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  ATTR.lastIndex = 0;
  for (let m = ATTR.exec(tag); m; m = ATTR.exec(tag)) out[m[1]] = xmlDecode(m[2] ?? m[3]);
  return out;
}

const T_TEXT = /<t(?:\s[^>]*)?>([^<]*)<\/t>/g;
const PHONETIC = /<rPh\b[\s\S]*?<\/rPh>/g;

/** <si> 或 <is> 的内容 → 文本：各段 <t> 相连（富文本），不含注音 <rPh> */
function richText(inner: string): string {
  if (inner.indexOf('<rPh') >= 0) inner = inner.replace(PHONETIC, '');
  T_TEXT.lastIndex = 0;
  let m = T_TEXT.exec(inner);
  if (!m) return '';
  let text = m[1];
  for (m = T_TEXT.exec(inner); m; m = T_TEXT.exec(inner)) text += m[1];
  return xmlDecode(text);
}

// ---------- 工作簿、样式、共享文本 ----------

/** 内置的日期格式编号：14–22、45–47，及中文等地区版 Excel 的 27–36、50–58（这些编号不在 styles.xml 里写出格式） */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** 自定义格式是否日期格式：去掉 [] 与引号里的内容后含 y m d h s b 之一（与 exceljs 相同） */
export function isDateFormat(code: string): boolean {
  return /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** styles.xml → 每个单元格样式（cellXfs 的下标）是否日期格式 */
function dateStyles(xml: string | null): boolean[] {
  if (!xml) return [];
  const custom = new Map<number, string>();
  for (const m of xml.matchAll(/<numFmt\b([^>]*)\/?>/g)) {
    const id = Number(attr(m[1], 'numFmtId'));
    const code = attr(m[1], 'formatCode');
    if (Number.isFinite(id) && code !== undefined) custom.set(id, code);
  }
  const xfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(xml);
  if (!xfs) return [];
  const out: boolean[] = [];
  for (const m of xfs[1].matchAll(/<xf\b([^>]*?)\/?>/g)) {
    const id = Number(attr(m[1], 'numFmtId') ?? 0);
    const code = custom.get(id);
    out.push(code !== undefined ? isDateFormat(code) : BUILTIN_DATE_FORMATS.has(id));
  }
  return out;
}

/** 首个工作表（按工作簿里标签的顺序）的部件与是否 1904 日期系统；找不到关系时取编号最小的 sheetN.xml */
function firstSheet(zip: ZipArchive, book: string | null, rels: string | null): { entry: ZipEntry | null; date1904: boolean } {
  const pr = book ? /<workbookPr\b([^>]*)>/.exec(book) : null;
  const flag = pr ? attr(pr[1], 'date1904') : undefined;
  const date1904 = flag === '1' || flag === 'true';
  const sheet = book ? /<sheet\b([^>]*)>/.exec(book) : null;
  const rId = sheet ? (attr(sheet[1], 'r:id') ?? Object.entries(attrs(sheet[1])).find(([k]) => k.endsWith(':id'))?.[1]) : undefined;
  if (rId && rels) {
    for (const m of rels.matchAll(/<Relationship\b([^>]*)>/g)) {
      if (attr(m[1], 'Id') !== rId) continue;
      const target = attr(m[1], 'Target') ?? '';
      const entry = zip.get(target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);
      if (entry) return { entry, date1904 };
    }
  }
  let best: { entry: ZipEntry; no: number } | null = null;
  for (const entry of zip.entries) {
    const m = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(entry.name);
    if (m && (!best || Number(m[1]) < best.no)) best = { entry, no: Number(m[1]) };
  }
  return { entry: best?.entry ?? null, date1904 };
}

const SI = /<si\b[^>]*?(?:\/>|>([\s\S]*?)<\/si>)/g;

async function sharedStrings(zip: ZipArchive, deadline: number): Promise<string[]> {
  const entry = zip.get('xl/sharedStrings.xml');
  const out: string[] = [];
  if (!entry) return out;
  for await (const block of xmlElements(zip, entry, deadline, '</si>')) {
    SI.lastIndex = 0;
    for (let m = SI.exec(block); m; m = SI.exec(block)) out.push(m[1] ? richText(m[1]) : '');
  }
  return out;
}

// ---------- 工作表 ----------

const ROW = /<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g;
const CELL = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
const V = /<v(?:\s[^>]*)?>([^<]*)<\/v>/;
const IS = /<is>([\s\S]*?)<\/is>/;
const CELL_ATTR = /\s(r|s|t)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** 单元格引用的列（A → 0）；没有引用时为 -1 */
function columnOf(ref: string | undefined): number {
  if (!ref) return -1;
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  return col - 1;
}

/** exceljs 的日期换算：序号 → 以 UTC 表示的墙上时间 */
const excelDate = (serial: number, date1904: boolean) => new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

/**
 * 逐行读取首个工作表（跳过不存在的空行）。
 * 文件不可读时抛 UnreadableWorkbookError；超出上限（大小、压缩比、行数、单元格长度、时间）抛 ImportLimitError，
 * 这两种都在产出第一行之前或读取途中抛出；调用方在循环体里抛的错误原样传出。
 */
export async function* sheetRows(file: Blob | Uint8Array, opts: SheetRowsOptions = {}): AsyncGenerator<SheetRow> {
  const deadline = opts.deadline ?? deadlineAfter();
  const zip = openXlsx(await toBytes(file));
  const guard = async <T,>(p: Promise<T>): Promise<T> => {
    try {
      return await p;
    } catch (err) {
      if (err instanceof ImportLimitError) throw err;
      throw new UnreadableWorkbookError(err);
    }
  };

  const [rels, book] = await guard(Promise.all([xmlPart(zip, 'xl/_rels/workbook.xml.rels', deadline), xmlPart(zip, 'xl/workbook.xml', deadline)]));
  const { entry: sheet, date1904 } = firstSheet(zip, book, rels);
  if (!sheet) throw new UnreadableWorkbookError();

  // 先只数行数：行数过多的文件在校验与写库之前就拒绝
  const rowCount = await guard(countRows(zip, sheet, deadline, IMPORT_MAX_ROWS + HEADER_ROWS_ALLOWANCE));
  if (rowCount > IMPORT_MAX_ROWS + HEADER_ROWS_ALLOWANCE) throw new ImportLimitError(TOO_MANY_ROWS);
  opts.onRowCount?.(rowCount);

  const isDate = dateStyles(await guard(xmlPart(zip, 'xl/styles.xml', deadline)));
  const strings = await guard(sharedStrings(zip, deadline));

  /** 当前 <c> 的 r、s、t 属性（一次扫描取全） */
  let ref: string | undefined;
  let style: string | undefined;
  let type: string | undefined;
  const cellAttrs = (tag: string) => {
    ref = style = type = undefined;
    CELL_ATTR.lastIndex = 0;
    for (let m = CELL_ATTR.exec(tag); m; m = CELL_ATTR.exec(tag)) {
      const v = m[2] ?? m[3];
      if (m[1] === 'r') ref = v;
      else if (m[1] === 's') style = v;
      else type = v;
    }
  };
  /** 当前 <c> 的内容 → 文本；longNumber 记下是否超过 15 位的数字 */
  let longNumber = false;
  const valueOf = (inner: string | undefined): string | undefined => {
    longNumber = false;
    if (!inner) return undefined;
    if (type === 'inlineStr') {
      const is = IS.exec(inner);
      return is ? richText(is[1]).trim() || undefined : undefined;
    }
    const v = V.exec(inner);
    if (!v) return undefined;
    const raw = v[1];
    if (inner.indexOf('<f') >= 0 && /<f[\s>/]/.test(inner)) {
      // 公式：取缓存的结果（文本结果原样，其余按数字）
      return type === 'str' ? xmlDecode(raw).trim() || undefined : numberText(parseFloat(raw));
    }
    switch (type) {
      case 's': {
        const s = strings[parseInt(raw, 10)];
        return s === undefined ? undefined : s.trim() || undefined;
      }
      case 'str':
        return xmlDecode(raw).trim() || undefined;
      case 'e':
        return xmlDecode(raw);
      case 'b':
        return parseInt(raw, 10) !== 0 ? 'TRUE' : 'FALSE';
      case 'd':
        return formatDate(new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? raw : `${raw}Z`));
      default: {
        const n = parseFloat(raw);
        if (style !== undefined && isDate[parseInt(style, 10)]) return formatDate(excelDate(n, date1904));
        if (Math.abs(n) >= MAX_EXACT_EXCEL_NUMBER) longNumber = true;
        return numberText(n);
      }
    }
  };

  const blocks = xmlElements(zip, sheet, deadline, '</row>');
  let lastRow = 0;
  try {
    for (;;) {
      const next = await guard(blocks.next());
      if (next.done) break;
      checkDeadline(deadline);
      const block = next.value;
      const rows: SheetRow[] = [];
      ROW.lastIndex = 0;
      for (let m = ROW.exec(block); m; m = ROW.exec(block)) {
        const r = attr(m[1], 'r');
        const row = r === undefined ? lastRow + 1 : parseInt(r, 10);
        lastRow = row;
        const cells: (string | undefined)[] = [];
        let longNumbers: number[] | undefined;
        const inner = m[2];
        if (inner) {
          let col = -1;
          CELL.lastIndex = 0;
          for (let c = CELL.exec(inner); c; c = CELL.exec(inner)) {
            cellAttrs(c[1]);
            const at = columnOf(ref);
            col = at >= 0 ? at : col + 1;
            const text = valueOf(c[2]);
            if (text === undefined) continue;
            if (text.length > MAX_CELL_CHARS) {
              throw new ImportLimitError(`导入失败：第 ${row} 行第 ${col + 1} 列超过 ${MAX_CELL_CHARS} 个字符（Excel 单元格最多 ${MAX_CELL_CHARS} 个字符），请检查文件`);
            }
            while (cells.length < col) cells.push(undefined);
            cells[col] = text;
            if (longNumber) (longNumbers ??= []).push(col);
          }
        }
        rows.push(longNumbers ? { row, cells, longNumbers } : { row, cells });
      }
      // 整块解析完再逐行交出；调用方在循环体里抛的错误原样传出
      for (const r of rows) yield r;
    }
  } finally {
    // 调用方中途停止（如发现错误回滚）时立即释放解压器
    await blocks.return(undefined);
  }
}

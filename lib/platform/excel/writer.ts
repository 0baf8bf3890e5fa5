// 流式写出普通表格的 .xlsx：表头一行（加粗）、列宽、逐行的文本 / 数字 / 布尔单元格。
// 直接生成工作表 XML（内联文本，不要共享文本表，内存不随行数增长），边生成边 deflate 进压缩包，
// 压缩包按“数据描述符”写法流式输出（各条目的 CRC 与大小写在数据之后与中央目录里）。
// 比 exceljs 的 WorkbookWriter 快数倍（不建 Row/Cell 对象）；需要样式各异的工作簿（模板、错误工作簿）仍用 exceljs。
import zlib from 'node:zlib';

export type SheetCell = string | number | boolean | null | undefined;

export interface SheetColumn {
  header: string;
  /** 列宽（字符数），默认 16 */
  width?: number;
}

export interface XlsxSheetOptions {
  sheetName: string;
  columns: readonly SheetColumn[];
  /** 写出压缩后的字节（背压由调用方看下游是否已满）*/
  write: (chunk: Buffer) => void;
  /** deflate 压缩级别，默认 6 */
  level?: number;
}

// ---------- CRC-32 与压缩包 ----------

let table: Int32Array | null = null;
function crc32js(buf: Uint8Array, crc = 0): number {
  if (!table) {
    table = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c;
    }
  }
  let c = ~crc;
  for (let i = 0; i < buf.length; i++) c = table[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}
/** Node 20.15 起 zlib 自带 crc32（原生，快得多）；更早的版本用查表实现 */
const crc32: (buf: Uint8Array, crc?: number) => number = (zlib as { crc32?: (b: Uint8Array, c?: number) => number }).crc32 ?? crc32js;

const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const DEFLATED = 8;
const U32_MAX = 0xffffffff;

interface Written {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((Math.max(d.getFullYear(), 1980) - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** 只写的流式 zip：小条目一次写完，大条目边压缩边写（数据描述符） */
class ZipWriter {
  private offset = 0;
  private readonly written: Written[] = [];
  private readonly stamp = dosTime(new Date());

  constructor(private readonly sink: (chunk: Buffer) => void) {}

  private emit(chunk: Buffer) {
    this.offset += chunk.length;
    if (this.offset > U32_MAX) throw new Error('导出文件超过 4 GB');
    this.sink(chunk);
  }

  private localHeader(name: Buffer, flags: number, crc: number, compressed: number, size: number): Buffer {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(flags, 6);
    h.writeUInt16LE(DEFLATED, 8);
    h.writeUInt16LE(this.stamp.time, 10);
    h.writeUInt16LE(this.stamp.date, 12);
    h.writeUInt32LE(crc, 14);
    h.writeUInt32LE(compressed, 18);
    h.writeUInt32LE(size, 22);
    h.writeUInt16LE(name.length, 26);
    h.writeUInt16LE(0, 28);
    return Buffer.concat([h, name]);
  }

  addFile(fileName: string, content: string) {
    const name = Buffer.from(fileName, 'utf8');
    const data = Buffer.from(content, 'utf8');
    const packed = zlib.deflateRawSync(data);
    const entry: Written = { name, flags: FLAG_UTF8, crc: crc32(data), compressed: packed.length, size: data.length, offset: this.offset };
    this.emit(this.localHeader(name, entry.flags, entry.crc, entry.compressed, entry.size));
    this.emit(packed);
    this.written.push(entry);
  }

  /** 开始一个流式条目：write 交入未压缩的内容（有背压时返回 Promise），end 写完数据描述符 */
  stream(fileName: string, level: number) {
    const name = Buffer.from(fileName, 'utf8');
    const entry: Written = { name, flags: FLAG_UTF8 | FLAG_DESCRIPTOR, crc: 0, compressed: 0, size: 0, offset: this.offset };
    this.emit(this.localHeader(name, entry.flags, 0, 0, 0));
    const deflate = zlib.createDeflateRaw({ level });
    let failure: Error | null = null;
    deflate.on('data', (c: Buffer) => {
      entry.compressed += c.length;
      try {
        this.emit(c);
      } catch (err) {
        failure = err as Error;
        deflate.destroy();
      }
    });
    deflate.on('error', (err) => (failure = err));
    const ended = new Promise<void>((resolve, reject) => {
      deflate.on('end', resolve);
      deflate.on('close', () => (failure ? reject(failure) : resolve()));
    });
    return {
      write: (data: Buffer): Promise<void> | undefined => {
        if (failure) throw failure;
        entry.crc = crc32(data, entry.crc);
        entry.size += data.length;
        if (entry.size > U32_MAX) throw new Error('导出文件超过 4 GB');
        if (deflate.write(data)) return undefined;
        return new Promise<void>((resolve) => {
          const done = () => {
            deflate.off('drain', done);
            deflate.off('close', done);
            resolve();
          };
          deflate.on('drain', done);
          deflate.on('close', done);
        });
      },
      end: async () => {
        deflate.end();
        await ended;
        if (failure) throw failure;
        const d = Buffer.alloc(16);
        d.writeUInt32LE(0x08074b50, 0);
        d.writeUInt32LE(entry.crc, 4);
        d.writeUInt32LE(entry.compressed, 8);
        d.writeUInt32LE(entry.size, 12);
        this.emit(d);
        this.written.push(entry);
      },
      destroy: () => deflate.destroy(),
    };
  }

  finish() {
    const start = this.offset;
    const parts: Buffer[] = [];
    for (const e of this.written) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4);
      h.writeUInt16LE(20, 6);
      h.writeUInt16LE(e.flags, 8);
      h.writeUInt16LE(DEFLATED, 10);
      h.writeUInt16LE(this.stamp.time, 12);
      h.writeUInt16LE(this.stamp.date, 14);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE(e.offset, 42);
      parts.push(h, e.name);
    }
    const dir = Buffer.concat(parts);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.written.length, 8);
    end.writeUInt16LE(this.written.length, 10);
    end.writeUInt32LE(dir.length, 12);
    end.writeUInt32LE(start, 16);
    this.emit(Buffer.concat([dir, end]));
  }
}

// ---------- 工作簿的各部件 ----------

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${NS_REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${NS_REL}/styles" Target="styles.xml"/></Relationships>`;
/** 样式 0 普通，1 加粗（表头） */
const STYLES = `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const workbookXml = (sheetName: string) =>
  `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><bookViews><workbookView/></bookViews><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/** Excel 工作表名：最多 31 个字符，不能含 []:*?/\ */
export const safeSheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, '').slice(0, 31) || '数据';

// XML 1.0 不允许的控制字符与非字符去掉；& < > " 转义
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
const ESCAPE = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const REPLACE: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
function escapeXml(s: string): string {
  return NEEDS_ESCAPE.test(s) ? s.replace(ESCAPE, (c) => REPLACE[c] ?? '') : s;
}

/** 0 → A，25 → Z，26 → AA */
function columnName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

const SPACE_AT_EDGE = /^\s|\s$/;

/** 表格软件会当作公式的开头（= + - @，以及制表符、回车后接这些的写法）；单独一个“-”（空值的占位）不是公式 */
const FORMULA_START = /^[=+\-@\t\r]./s;
/** 写成文本的数（“-12.5”“+3”）：另存为 CSV 再打开仍是数，不是公式，不加前缀 */
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * 导出的文本若以公式字符开头，前面加一个 '：工作簿另存为 CSV 再打开时不会被当作公式执行（CSV 注入）。
 * 数（number）照常是数单元格；写成文本的纯数字也不加。
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** 一个单元格的 XML；空值返回空串（不写出） */
function cellXml(ref: string, v: SheetCell, style: string): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'number') return Number.isFinite(v) ? `<c r="${ref}"${style}><v>${v}</v></c>` : '';
  if (typeof v === 'boolean') return `<c r="${ref}"${style} t="b"><v>${v ? 1 : 0}</v></c>`;
  const text = escapeXml(neutralizeFormula(v));
  return SPACE_AT_EDGE.test(text) ? `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>` : `<c r="${ref}"${style} t="inlineStr"><is><t>${text}</t></is></c>`;
}

/** 攒够这么多字符再交给压缩流 */
const FLUSH_CHARS = 64 * 1024;

/**
 * 一个只有一个工作表的流式工作簿。用法：
 *   const x = xlsxSheetWriter({ sheetName, columns, write: (c) => out.write(c) });
 *   for (…) { const wait = x.addRow(values); if (wait) await wait; }
 *   await x.finish();
 * 表头在创建时写出。addRow 在压缩流已满时返回 Promise，等它完成再写下一行即形成背压。
 */
export function xlsxSheetWriter(opts: XlsxSheetOptions) {
  const zip = new ZipWriter(opts.write);
  const name = safeSheetName(opts.sheetName);
  zip.addFile('[Content_Types].xml', CONTENT_TYPES);
  zip.addFile('_rels/.rels', ROOT_RELS);
  zip.addFile('xl/workbook.xml', workbookXml(name));
  zip.addFile('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  zip.addFile('xl/styles.xml', STYLES);
  const sheet = zip.stream('xl/worksheets/sheet1.xml', opts.level ?? 6);

  const letters = opts.columns.map((_, i) => columnName(i));
  const cols = opts.columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 16}" customWidth="1"/>`).join('');
  let xml =
    `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheetViews><sheetView workbookViewId="0"/></sheetViews>` +
    `<sheetFormatPr defaultRowHeight="15"/>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>` +
    `<row r="1" s="1" customFormat="1">${opts.columns.map((c, i) => cellXml(`${letters[i]}1`, c.header, ' s="1"')).join('')}</row>`;
  let rowNo = 1;

  const flush = () => {
    if (!xml) return undefined;
    const data = Buffer.from(xml, 'utf8');
    xml = '';
    return sheet.write(data);
  };

  return {
    /** 写一行（值按列的顺序）；返回 Promise 时须等它完成 */
    addRow(values: readonly SheetCell[]): Promise<void> | undefined {
      const r = ++rowNo;
      let line = `<row r="${r}">`;
      for (let i = 0; i < values.length; i++) {
        const v = values[i];
        if (v !== null && v !== undefined && v !== '') line += cellXml((letters[i] ?? columnName(i)) + r, v, '');
      }
      xml += `${line}</row>`;
      return xml.length >= FLUSH_CHARS ? flush() : undefined;
    },
    async finish(): Promise<void> {
      xml += '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';
      const wait = flush();
      if (wait) await wait;
      await sheet.end();
      zip.finish();
    },
    /** 中途放弃（下游断开、出错）：释放压缩流 */
    destroy: () => sheet.destroy(),
  };
}

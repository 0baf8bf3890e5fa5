// 测试用的恶意上传文件：压缩炸弹、超长单元格、行数过多、目录与数据不符的压缩包等。
// 都在内存里直接拼出 zip 字节，几百 MB 的内容只有几百 KB、几毫秒就能生成：
// 重复内容按“整段刷新”（Z_FULL_FLUSH）分段压缩，各段互不引用，拼接起来就是一条合法的 deflate 流。
import crypto from 'node:crypto';
import zlib from 'node:zlib';

export const MIB = 1024 * 1024;

/** 一条 deflate 流及其解压后的大小 */
export interface Deflated {
  data: Buffer;
  size: number;
}

const segment = (text: Buffer): Buffer => zlib.deflateRawSync(text, { finishFlush: zlib.constants.Z_FULL_FLUSH });
const FINAL_EMPTY_BLOCK = zlib.deflateRawSync(Buffer.alloc(0));

/** prefix + 重复 mib 次的 1 MiB 同一字节 + suffix，压缩后约 mib KB */
export function repeatedDeflate(prefix: string, byte: string, mib: number, suffix: string): Deflated {
  const chunk = segment(Buffer.alloc(MIB, byte));
  const head = Buffer.from(prefix);
  const tail = Buffer.from(suffix);
  const parts = [segment(head), ...Array.from({ length: mib }, () => chunk), segment(tail), FINAL_EMPTY_BLOCK];
  return { data: Buffer.concat(parts), size: head.length + mib * MIB + tail.length };
}

export const deflate = (content: string | Buffer): Deflated => {
  const raw = typeof content === 'string' ? Buffer.from(content) : content;
  return { data: zlib.deflateRawSync(raw), size: raw.length };
};

export interface ZipItem {
  name: string;
  content: Deflated;
  /** 中央目录里谎报的解压后大小（默认如实） */
  declaredSize?: number;
  /** 与前一个条目共用同一段数据（重叠条目的压缩炸弹） */
  overlapPrevious?: boolean;
  /** 不标 UTF-8 的文件名原始字节（如中文 Windows 自带压缩写出的 GBK），给出时忽略 name */
  rawName?: Buffer;
}

/**
 * 按条目拼出 zip：本地文件头 + 数据，中央目录，目录结束记录。CRC 不校验，记 0。
 * zip64 为 true 时按 ZIP64 格式写（大小与偏移记 0xFFFFFFFF，真值在扩展字段与 ZIP64 目录结束记录里）。
 */
export function zipBytes(items: ZipItem[], opts: { zip64?: boolean } = {}): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  let previousOffset = 0;
  for (const item of items) {
    const name = item.rawName ?? Buffer.from(item.name);
    const flags = item.rawName ? 0 : 0x0800;
    const size = item.declaredSize ?? item.content.size;
    const header = (sig: number, len: number) => {
      const b = Buffer.alloc(len);
      b.writeUInt32LE(sig, 0);
      return b;
    };
    const local = header(0x04034b50, 30);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(item.content.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const at = item.overlapPrevious ? previousOffset : offset;
    if (!item.overlapPrevious) {
      locals.push(local, name, item.content.data);
      previousOffset = offset;
      offset += local.length + name.length + item.content.data.length;
    }
    const cd = header(0x02014b50, 46);
    cd.writeUInt16LE(45, 4);
    cd.writeUInt16LE(opts.zip64 ? 45 : 20, 6);
    cd.writeUInt16LE(flags, 8);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt16LE(name.length, 28);
    if (opts.zip64) {
      const extra = Buffer.alloc(28);
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(24, 2);
      extra.writeBigUInt64LE(BigInt(size), 4);
      extra.writeBigUInt64LE(BigInt(item.content.data.length), 12);
      extra.writeBigUInt64LE(BigInt(at), 20);
      cd.writeUInt32LE(0xffffffff, 20);
      cd.writeUInt32LE(0xffffffff, 24);
      cd.writeUInt32LE(0xffffffff, 42);
      cd.writeUInt16LE(extra.length, 30);
      central.push(cd, name, extra);
    } else {
      cd.writeUInt32LE(item.content.data.length, 20);
      cd.writeUInt32LE(size, 24);
      cd.writeUInt32LE(at, 42);
      central.push(cd, name);
    }
  }
  const cdBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  if (!opts.zip64) {
    end.writeUInt16LE(items.length, 8);
    end.writeUInt16LE(items.length, 10);
    end.writeUInt32LE(cdBytes.length, 12);
    end.writeUInt32LE(offset, 16);
    return Buffer.concat([...locals, cdBytes, end]);
  }
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(0xffffffff, 12);
  end.writeUInt32LE(0xffffffff, 16);
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(items.length), 24);
  record.writeBigUInt64LE(BigInt(items.length), 32);
  record.writeBigUInt64LE(BigInt(cdBytes.length), 40);
  record.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(offset + cdBytes.length), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([...locals, cdBytes, record, locator, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

export const SHEET_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
export const SHEET_TAIL = '</sheetData></worksheet>';

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const columnName = (i: number) => String.fromCharCode(65 + i);

/** 一行的 XML（内联文本单元格） */
export function rowXml(row: number, cells: string[]): string {
  const cs = cells.map((v, i) => `<c r="${columnName(i)}${row}" t="inlineStr"><is><t>${xmlEscape(v)}</t></is></c>`).join('');
  return `<row r="${row}">${cs}</row>`;
}

/** 最小的 .xlsx（工作表先于其他部件，没有共享文本：旧的读取方式会把整张表落到临时文件） */
export function xlsxWithSheet(sheet: Deflated, declaredSize?: number, opts: { zip64?: boolean } = {}): Buffer {
  return zipBytes(
    [
    { name: 'xl/worksheets/sheet1.xml', content: sheet, declaredSize },
    { name: '[Content_Types].xml', content: deflate(CONTENT_TYPES) },
    { name: '_rels/.rels', content: deflate(ROOT_RELS) },
    { name: 'xl/workbook.xml', content: deflate(WORKBOOK) },
    { name: 'xl/_rels/workbook.xml.rels', content: deflate(WORKBOOK_RELS) },
    ],
    opts,
  );
}

/** 按行生成 .xlsx（第 1 行起） */
export const xlsxFromRows = (rows: string[][], opts: { zip64?: boolean } = {}): Buffer =>
  xlsxWithSheet(deflate(SHEET_HEAD + rows.map((r, i) => rowXml(i + 1, r)).join('') + SHEET_TAIL), undefined, opts);

const CELL_OPEN = `${SHEET_HEAD}<row r="1"><c r="A1" t="inlineStr"><is><t>`;
const CELL_CLOSE = `</t></is></c></row>${SHEET_TAIL}`;

/** 问题报告里的文件：0.6 MB 的 .xlsx，一个单元格 600 MB */
export const hugeCellXlsx = (mib = 600) => xlsxWithSheet(repeatedDeflate(CELL_OPEN, 'a', mib, CELL_CLOSE));

/** 压缩比约 1000:1 的工作表，解压后 50 MB（单个部件的大小在上限内，只有压缩比异常） */
export const ratioBombXlsx = () => xlsxWithSheet(repeatedDeflate(CELL_OPEN, 'a', 50, CELL_CLOSE));

/** 中央目录谎称工作表只有 200 KB（不检查压缩比的大小），实际解压出 600 MB */
export const lyingXlsx = () => xlsxWithSheet(repeatedDeflate(CELL_OPEN, 'a', 600, CELL_CLOSE), 200 * 1024);

/** 不可压缩的长单元格（随机文本），压缩比正常，只是单元格超过 Excel 的上限 */
export function longCellXlsx(chars: number, header: string[] = ['姓名']): Buffer {
  const text = crypto.randomBytes(Math.ceil((chars * 3) / 4)).toString('base64').slice(0, chars);
  return xlsxFromRows([header, [text]]);
}

/** 多个条目共用同一段压缩数据（重叠条目的压缩炸弹） */
export const overlappingZip = () => {
  const bomb = repeatedDeflate('', 'a', 50, '');
  return zipBytes([{ name: 'a.jpg', content: bomb, declaredSize: 900 * 1024 }, ...Array.from({ length: 5 }, (_, i) => ({ name: `b${i}.jpg`, content: bomb, declaredSize: 900 * 1024, overlapPrevious: true }))]);
};

/** 很多个 1 MiB 的条目（每个都不到检查压缩比的大小），合计超过上限 */
export function manySmallEntriesZip(count: number, ext = 'jpg'): Buffer {
  const one = repeatedDeflate('', '\0', 1, '');
  return zipBytes(Array.from({ length: count }, (_, i) => ({ name: `p${i}.${ext}`, content: one })));
}

// 按内容判定文件格式（file-type 21），不看扩展名与客户端给的类型。
// 旧版 Office（doc/xls/ppt）都是 OLE 复合文档（file-type 报 cfb），按其中的流名区分；
// SVG、HTML 等文本标记格式与可执行程序单独给出拒绝原因。
import fsp from 'node:fs/promises';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { FORMATS, type FileExt } from './schemas';

export type Sniffed = { ok: true; ext: FileExt } | { ok: false; reason: 'executable' | 'markup' | 'unknown'; detected?: string };

/** file-type 的扩展名 → 本系统的格式（同一格式的别名并到一起） */
const ALIASES: Record<string, FileExt> = { jpg: 'jpg', png: 'png', gif: 'gif', bmp: 'bmp', webp: 'webp', pdf: 'pdf', docx: 'docx', xlsx: 'xlsx', pptx: 'pptx', mp4: 'mp4', m4v: 'mp4', webm: 'webm' };
const EXECUTABLES = new Set(['exe', 'elf', 'mach', 'dll', 'msi', 'class', 'dex', 'wasm', 'swf', 'apk', 'jar', 'lnk', 'macho', 'sh']);

const utf16 = (s: string) => Buffer.from(s, 'utf16le');
const CFB_STREAMS: [Buffer, FileExt][] = [
  [utf16('WordDocument'), 'doc'],
  [utf16('Workbook'), 'xls'],
  [utf16('Book\u0000'), 'xls'],
  [utf16('PowerPoint Document'), 'ppt'],
];

/** 读文件开头：file-type 需要的字节与文本标记的检查都在前 64 KB 内 */
async function head(path: string, bytes: number): Promise<Buffer> {
  const fh = await fsp.open(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** 看起来是文本标记（HTML、SVG、XML、脚本）：没有 NUL，开头有这些标签 */
export function looksLikeMarkup(buf: Uint8Array): boolean {
  const text = Buffer.from(buf.subarray(0, 4096)).toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) {
    // UTF-16 编码的标记
    const wide = Buffer.from(buf.subarray(0, 8192)).toString('utf16le').replace(/^\uFEFF/, '');
    return /<\s*(!doctype|html|svg|script|\?xml|head|body|iframe)/i.test(wide);
  }
  return /<\s*(!doctype|html|svg|script|\?xml|head|body|iframe|object|embed)/i.test(text);
}

/** 旧版 Office：复合文档目录里的流名（UTF-16）决定是 doc、xls 还是 ppt */
async function cfbKind(path: string): Promise<FileExt | null> {
  const data = await fsp.readFile(path);
  for (const [name, ext] of CFB_STREAMS) if (data.includes(name)) return ext;
  return null;
}

export async function sniffFile(path: string): Promise<Sniffed> {
  // 整个文件交给 file-type：zip 类（docx 等）要读到目录里的条目才分得清
  const type = await fileTypeFromFile(path);
  if (!type) return { ok: false, reason: looksLikeMarkup(await head(path, 8192)) ? 'markup' : 'unknown' };
  if (EXECUTABLES.has(type.ext)) return { ok: false, reason: 'executable', detected: type.ext };
  if (type.ext === 'cfb') {
    const ext = await cfbKind(path);
    return ext ? { ok: true, ext } : { ok: false, reason: 'unknown', detected: 'cfb' };
  }
  if (type.ext === 'svg' || type.ext === 'html' || type.ext === 'xml') return { ok: false, reason: 'markup', detected: type.ext };
  const ext = ALIASES[type.ext];
  return ext && ext in FORMATS ? { ok: true, ext } : { ok: false, reason: 'unknown', detected: type.ext };
}

/** 直传到对象存储的文件只能读开头几 KB 判定（视频） */
export async function sniffBuffer(buf: Uint8Array): Promise<Sniffed> {
  const type = await fileTypeFromBuffer(buf);
  if (!type) return { ok: false, reason: looksLikeMarkup(buf) ? 'markup' : 'unknown' };
  if (EXECUTABLES.has(type.ext)) return { ok: false, reason: 'executable', detected: type.ext };
  const ext = ALIASES[type.ext];
  return ext ? { ok: true, ext } : { ok: false, reason: 'unknown', detected: type.ext };
}

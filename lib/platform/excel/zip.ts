// 有界的压缩包读取：所有导入（.xlsx 也是 zip）都经这里打开上传的压缩包。
// 先读文件末尾的中央目录（不信本地文件头），在解压任何内容之前按条目数、单个条目与合计的解压后大小、压缩比拒绝；
// 解压时再逐块计数：实际解压出的字节一旦超过目录记录的大小立即中止，所以任何一步都不会解压出超过上限的内容。
// 不写临时文件：整个压缩包已在内存中（上传大小另有上限），按目录里的偏移直接取各条目。
import zlib from 'node:zlib';
import { bytesText, checkDeadline, ImportLimitError, MAX_ZIP_ENTRIES } from './limits';

/** 不是 zip、已损坏或结构异常；message 是给用户看的中文原因。 */
export class ZipFormatError extends Error {
  constructor(message = '无法读取压缩包，请上传 .zip 格式的文件') {
    super(message);
    this.name = 'ZipFormatError';
  }
}

export interface ZipLimits {
  /** 单个条目解压后的上限；不设则由调用方逐个处理（如照片：过大的照片逐个报告，不解压） */
  maxEntryBytes?: number;
  /** 全部条目解压后的合计上限 */
  maxTotalBytes: number;
  maxRatio: number;
  /** 解压后不到这个大小的条目不检查压缩比 */
  ratioGraceBytes: number;
  maxEntries?: number;
  /** 消息里对整个文件的称呼，如“文件”“压缩包” */
  label: string;
  /** 消息里对一个条目的称呼，如“工作表数据”“「照片/1.jpg」” */
  entryLabel: (name: string) => string;
  /** 超出大小上限时给用户的建议，如“请拆分成多个文件分批导入” */
  hint: string;
}

export interface ZipEntry {
  name: string;
  dir: boolean;
  /** 0 不压缩，8 deflate */
  method: number;
  compressedSize: number;
  /** 中央目录记录的解压后大小；解压时以它为准，多一个字节都不解压 */
  uncompressedSize: number;
  localOffset: number;
  /** 数据在文件中的起止（已核对本地文件头） */
  dataStart: number;
  dataEnd: number;
}

const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;
const EOCD_SIZE = 22;
const ZIP64_LOCATOR_SIZE = 20;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;
const MAX_COMMENT = 0xffff;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;
const ZIP64_EXTRA = 0x0001;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_UTF8 = 0x0800;
const STORED = 0;
const DEFLATED = 8;
/** 不压缩的条目按这个大小分块交出 */
const STORED_CHUNK = 64 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const gb18030 = new TextDecoder('gb18030');

/** 文件名：标记为 UTF-8 的按 UTF-8；否则先试 UTF-8（macOS 常不打标记），不行按 GB18030（中文 Windows 自带的压缩）。 */
function decodeName(bytes: Uint8Array, flags: number): string {
  if (flags & FLAG_UTF8) return new TextDecoder('utf-8').decode(bytes);
  try {
    return utf8.decode(bytes);
  } catch {
    return gb18030.decode(bytes);
  }
}

export class ZipArchive {
  private readonly byName = new Map<string, ZipEntry>();

  private constructor(
    private readonly bytes: Uint8Array,
    readonly entries: readonly ZipEntry[],
  ) {
    for (const e of entries) if (!this.byName.has(e.name)) this.byName.set(e.name, e);
  }

  /**
   * 读中央目录并按上限检查，不解压任何内容。
   * 不是 zip 或结构异常抛 ZipFormatError；超出上限抛 ImportLimitError。
   */
  static open(bytes: Uint8Array, limits: ZipLimits): ZipArchive {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const len = bytes.byteLength;
    const u16 = (at: number) => view.getUint16(at, true);
    const u32 = (at: number) => view.getUint32(at, true);
    const u64 = (at: number) => {
      const v = view.getBigUint64(at, true);
      if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError();
      return Number(v);
    };
    const within = (at: number, size: number) => at >= 0 && at + size <= len;

    // 文件末尾的目录结束记录（其后可有最长 65535 字节的注释）
    let eocd = -1;
    for (let i = len - EOCD_SIZE; i >= Math.max(0, len - EOCD_SIZE - MAX_COMMENT); i--) {
      if (u32(i) === SIG_EOCD && i + EOCD_SIZE + u16(i + 20) <= len) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new ZipFormatError();
    if (u16(eocd + 4) !== 0 || u16(eocd + 6) !== 0) throw new ZipFormatError('无法读取压缩包：不支持分卷压缩包');
    let count = u16(eocd + 10);
    let cdSize = u32(eocd + 12);
    let cdOffset = u32(eocd + 16);
    let cdEnd = eocd;
    if (count === U16_MAX || cdSize === U32_MAX || cdOffset === U32_MAX) {
      const loc = eocd - ZIP64_LOCATOR_SIZE;
      if (!within(loc, ZIP64_LOCATOR_SIZE) || u32(loc) !== SIG_ZIP64_LOCATOR) throw new ZipFormatError();
      const z = u64(loc + 8);
      if (!within(z, 56) || u32(z) !== SIG_ZIP64_EOCD) throw new ZipFormatError();
      count = u64(z + 32);
      cdSize = u64(z + 40);
      cdOffset = u64(z + 48);
      cdEnd = z;
    }
    const maxEntries = limits.maxEntries ?? MAX_ZIP_ENTRIES;
    if (count > maxEntries) throw new ImportLimitError(`${limits.label}中的条目超过 ${maxEntries} 个，${limits.hint}`);
    if (cdOffset + cdSize > cdEnd) throw new ZipFormatError();

    const entries: ZipEntry[] = [];
    let p = cdOffset;
    for (let n = 0; n < count; n++) {
      if (!within(p, CENTRAL_SIZE) || p + CENTRAL_SIZE > cdOffset + cdSize || u32(p) !== SIG_CENTRAL) throw new ZipFormatError();
      const flags = u16(p + 8);
      const method = u16(p + 10);
      let compressedSize = u32(p + 20);
      let uncompressedSize = u32(p + 24);
      const nameLen = u16(p + 28);
      const extraLen = u16(p + 30);
      const commentLen = u16(p + 32);
      let localOffset = u32(p + 42);
      const next = p + CENTRAL_SIZE + nameLen + extraLen + commentLen;
      if (next > cdOffset + cdSize) throw new ZipFormatError();
      const name = decodeName(bytes.subarray(p + CENTRAL_SIZE, p + CENTRAL_SIZE + nameLen), flags);
      // ZIP64：记为 0xFFFFFFFF 的大小与偏移在扩展字段里，按固定顺序出现
      if (uncompressedSize === U32_MAX || compressedSize === U32_MAX || localOffset === U32_MAX) {
        let x = p + CENTRAL_SIZE + nameLen;
        const extraEnd = x + extraLen;
        while (x + 4 <= extraEnd && u16(x) !== ZIP64_EXTRA) x += 4 + u16(x + 2);
        if (x + 4 > extraEnd) throw new ZipFormatError();
        let f = x + 4;
        const field = () => {
          if (f + 8 > x + 4 + u16(x + 2)) throw new ZipFormatError();
          const v = u64(f);
          f += 8;
          return v;
        };
        if (uncompressedSize === U32_MAX) uncompressedSize = field();
        if (compressedSize === U32_MAX) compressedSize = field();
        if (localOffset === U32_MAX) localOffset = field();
      }
      const dir = name.endsWith('/');
      if (flags & FLAG_ENCRYPTED) throw new ZipFormatError('无法读取压缩包：压缩包设置了密码，请去掉密码后重新上传');
      if (!dir && method !== STORED && method !== DEFLATED) throw new ZipFormatError('无法读取压缩包：使用了不支持的压缩方式，请用常用的 zip 格式重新压缩');
      if (method === STORED && compressedSize !== uncompressedSize) throw new ZipFormatError();
      // 本地文件头只用来找到数据的起点，大小一律以中央目录为准
      if (!within(localOffset, LOCAL_SIZE) || u32(localOffset) !== SIG_LOCAL) throw new ZipFormatError();
      const dataStart = localOffset + LOCAL_SIZE + u16(localOffset + 26) + u16(localOffset + 28);
      const dataEnd = dataStart + compressedSize;
      if (dataEnd > cdOffset) throw new ZipFormatError();
      entries.push({ name, dir, method, compressedSize, uncompressedSize, localOffset, dataStart, dataEnd });
      p = next;
    }

    // 多个条目共用同一段压缩数据是常见的压缩炸弹手法：各条目的数据不得重叠
    const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset);
    for (let i = 1; i < byOffset.length; i++) {
      if (byOffset[i].localOffset < byOffset[i - 1].dataEnd) throw new ZipFormatError('压缩包结构异常（多个文件共用同一段数据），疑似压缩炸弹，已拒绝');
    }

    let total = 0;
    for (const e of entries) {
      if (e.dir) continue;
      if (limits.maxEntryBytes !== undefined && e.uncompressedSize > limits.maxEntryBytes) {
        throw new ImportLimitError(`${limits.label}解压后过大：${limits.entryLabel(e.name)}解压后超过 ${bytesText(limits.maxEntryBytes)}，${limits.hint}`);
      }
      if (e.uncompressedSize > limits.ratioGraceBytes && e.uncompressedSize > limits.maxRatio * Math.max(e.compressedSize, 1)) {
        throw new ImportLimitError(`压缩比异常，疑似压缩炸弹：${limits.entryLabel(e.name)}的压缩比超过 ${limits.maxRatio}:1，已拒绝`);
      }
      total += e.uncompressedSize;
    }
    if (total > limits.maxTotalBytes) {
      throw new ImportLimitError(`${limits.label}解压后过大：解压后合计超过 ${bytesText(limits.maxTotalBytes)}，${limits.hint}`);
    }
    return new ZipArchive(bytes, entries);
  }

  get(name: string): ZipEntry | undefined {
    return this.byName.get(name);
  }

  /**
   * 逐块解压一个条目。实际解压出的字节超过目录记录的大小时立即中止（最多多解压一块），
   * 少于记录的大小也视为损坏；deadline（毫秒时间戳）到了抛 ImportLimitError。
   */
  async *chunks(entry: ZipEntry, opts: { deadline?: number } = {}): AsyncGenerator<Buffer> {
    const data = this.bytes.subarray(entry.dataStart, entry.dataEnd);
    const corrupt = () => new ZipFormatError(`压缩包已损坏：「${entry.name}」解压后的大小与目录记录不符`);
    if (entry.method === STORED) {
      for (let at = 0; at < data.length; at += STORED_CHUNK) {
        checkDeadline(opts.deadline);
        yield Buffer.from(data.subarray(at, at + STORED_CHUNK));
      }
      return;
    }
    const inflater = zlib.createInflateRaw();
    inflater.end(data);
    let total = 0;
    try {
      for await (const chunk of inflater as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > entry.uncompressedSize) throw corrupt();
        checkDeadline(opts.deadline);
        yield chunk;
      }
    } catch (err) {
      if (err instanceof ZipFormatError || err instanceof ImportLimitError) throw err;
      throw corrupt(); // zlib 报错：数据损坏
    } finally {
      inflater.destroy();
    }
    if (total !== entry.uncompressedSize) throw corrupt();
  }

  /** 整个条目解压到内存；只用于调用方已按大小上限检查过的小条目（如 ≤2MB 的照片）。 */
  async read(entry: ZipEntry, opts: { deadline?: number } = {}): Promise<Buffer> {
    const parts: Buffer[] = [];
    for await (const chunk of this.chunks(entry, opts)) parts.push(chunk);
    return Buffer.concat(parts);
  }
}

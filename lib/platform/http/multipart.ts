// 流式读取 multipart/form-data：文件部分边读边写进临时目录（同时算 sha256 与字节数），不把整份请求体读进内存。
// 大文件上传（视频可达数百 MB）用它；普通的 multipart 端点仍由调度器整份读取（≤50MB）。
// 上限按实际读到的字节计：总字节、文件个数、每个部分的头、普通字段的总长，超出即停止读取。
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash, type Hash } from 'node:crypto';
import { ApiError, ReturnCode } from '@/lib/platform/api/errors';
import { tooLarge } from './body';
import { makeTempDir } from '@/lib/platform/storage/temp';

export interface MultipartFile {
  /** 表单字段名 */
  field: string;
  /** 客户端给的文件名（只作记录，不用作路径） */
  filename: string;
  /** 临时文件（cleanup 时删除） */
  path: string;
  size: number;
  sha256: string;
}

export interface MultipartResult {
  fields: Record<string, string[]>;
  files: MultipartFile[];
  /** 删除临时文件；调用方在 finally 里调用 */
  cleanup(): Promise<void>;
}

export interface MultipartLimits {
  maxBytes: number;
  maxFiles: number;
  /** 普通字段合计的最大字节数 */
  maxFieldBytes?: number;
  /** 每个部分的头最多多少字节 */
  maxHeaderBytes?: number;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

function boundaryOf(contentType: string | null): string {
  const m = /boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType ?? '');
  const b = m?.[1] ?? m?.[2];
  if (!b || !/^multipart\/form-data/i.test(contentType ?? '')) throw new ApiError(ReturnCode.UNSUPPORTED_MEDIA, '请以 multipart/form-data 方式上传文件');
  return b;
}

const malformed = () => ApiError.badRequest('请求体格式错误，无法解析表单');

/** Content-Disposition 的参数：name、filename、filename*（RFC 5987） */
function dispositionOf(headers: string): { name: string; filename?: string } {
  const line = headers.split('\r\n').find((l) => /^content-disposition\s*:/i.test(l));
  if (!line || !/:\s*form-data/i.test(line)) throw malformed();
  const param = (key: string) => {
    const m = new RegExp(`;\\s*${key}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, 'i').exec(line);
    return m ? (m[1] ?? m[2]?.trim() ?? '').replace(/\\(.)/g, '$1') : undefined;
  };
  const name = param('name');
  if (name === undefined) throw malformed();
  let filename = param('filename');
  const star = param('filename\\*');
  if (star) {
    const enc = /^[\w-]+'[^']*'(.*)$/.exec(star);
    try {
      filename = decodeURIComponent(enc ? enc[1] : star);
    } catch {
      // 编码坏了：退回 filename
    }
  }
  return { name, filename };
}

interface Sink {
  write(chunk: Buffer): Promise<void>;
  end(): Promise<void>;
}

export async function parseMultipart(request: Request, limits: MultipartLimits): Promise<MultipartResult> {
  const boundary = boundaryOf(request.headers.get('content-type'));
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limits.maxBytes) throw tooLarge(limits.maxBytes);
  const maxFieldBytes = limits.maxFieldBytes ?? 64 * 1024;
  const maxHeaderBytes = limits.maxHeaderBytes ?? 8 * 1024;
  // 第一个分隔符前没有 CRLF：在数据前补一个，之后统一按 "\r\n--boundary" 找
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const dir = await makeTempDir('upload');
  const fields: Record<string, string[]> = {};
  const files: MultipartFile[] = [];
  let fieldBytes = 0;
  const open: fs.WriteStream[] = [];
  const cleanup = async () => {
    for (const s of open) s.destroy();
    await fsp.rm(dir, { recursive: true, force: true });
  };

  const fileSink = (field: string, filename: string): Sink => {
    const file = path.join(dir, `${files.length}.bin`);
    const stream = fs.createWriteStream(file, { flags: 'wx' });
    open.push(stream);
    const hash: Hash = createHash('sha256');
    let size = 0;
    const failed = new Promise<never>((_, reject) => stream.once('error', reject));
    failed.catch(() => undefined);
    return {
      async write(chunk) {
        size += chunk.length;
        hash.update(chunk);
        if (!stream.write(chunk)) await Promise.race([new Promise<void>((r) => stream.once('drain', () => r())), failed]);
      },
      async end() {
        await Promise.race([new Promise<void>((r) => stream.end(() => r())), failed]);
        files.push({ field, filename, path: file, size, sha256: hash.digest('hex') });
      },
    };
  };
  const fieldSink = (name: string): Sink => {
    const parts: Buffer[] = [];
    return {
      async write(chunk) {
        fieldBytes += chunk.length;
        if (fieldBytes > maxFieldBytes) throw ApiError.badRequest('表单字段内容过长');
        parts.push(chunk);
      },
      async end() {
        (fields[name] ??= []).push(Buffer.concat(parts).toString('utf8'));
      },
    };
  };

  type State = 'preamble' | 'afterDelimiter' | 'headers' | 'body' | 'done';
  let state: State = 'preamble';
  let buf: Buffer = Buffer.from(CRLF);
  let sink: Sink | null = null;
  let total = 0;
  let fileCount = 0;

  const reader = request.body?.getReader();
  if (!reader) {
    await cleanup();
    throw ApiError.badRequest('未选择文件');
  }
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (value) {
        total += value.byteLength;
        if (total > limits.maxBytes) throw tooLarge(limits.maxBytes);
        buf = buf.length ? Buffer.concat([buf, value]) : Buffer.from(value);
      }
      // 逐段处理缓冲区，直到需要更多数据
      for (;;) {
        if (state === 'preamble') {
          const at = buf.indexOf(delimiter);
          if (at < 0) {
            // 前言不保存，只留可能是分隔符开头的尾巴
            if (buf.length > delimiter.length) buf = buf.subarray(buf.length - delimiter.length);
            break;
          }
          buf = buf.subarray(at + delimiter.length);
          state = 'afterDelimiter';
        } else if (state === 'afterDelimiter') {
          if (buf.length < 2) break;
          if (buf[0] === 0x2d && buf[1] === 0x2d) {
            state = 'done';
            break;
          }
          // 分隔符后可有空白，再接 CRLF
          const eol = buf.indexOf(CRLF);
          if (eol < 0) {
            if (buf.length > 256) throw malformed();
            break;
          }
          if (buf.subarray(0, eol).toString('latin1').trim() !== '') throw malformed();
          buf = buf.subarray(eol + 2);
          state = 'headers';
        } else if (state === 'headers') {
          const end = buf.indexOf(HEADER_END);
          if (end < 0) {
            if (buf.length > maxHeaderBytes) throw ApiError.badRequest('表单部分的头过长');
            break;
          }
          const { name, filename } = dispositionOf(buf.subarray(0, end).toString('utf8'));
          buf = buf.subarray(end + HEADER_END.length);
          if (filename !== undefined) {
            fileCount += 1;
            if (fileCount > limits.maxFiles) throw ApiError.badRequest(`一次最多上传 ${limits.maxFiles} 个文件`);
            sink = fileSink(name, filename);
          } else {
            sink = fieldSink(name);
          }
          state = 'body';
        } else if (state === 'body') {
          const at = buf.indexOf(delimiter);
          if (at < 0) {
            // 末尾可能是分隔符的开头：留下 delimiter.length - 1 字节
            const keep = Math.min(buf.length, delimiter.length - 1);
            const out = buf.subarray(0, buf.length - keep);
            if (out.length) await sink!.write(out);
            buf = Buffer.from(buf.subarray(buf.length - keep));
            break;
          }
          if (at > 0) await sink!.write(buf.subarray(0, at));
          await sink!.end();
          sink = null;
          buf = buf.subarray(at + delimiter.length);
          state = 'afterDelimiter';
        } else {
          break;
        }
      }
      if (state === 'done') {
        await reader.cancel().catch(() => undefined);
        break;
      }
      if (done) throw malformed();
    }
    return { fields, files, cleanup };
  } catch (err) {
    await reader.cancel().catch(() => undefined);
    await cleanup();
    throw err;
  }
}

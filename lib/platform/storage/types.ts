// 文件存储的唯一接口：本地目录与 S3 兼容的对象存储各一个实现，调用方只认这个接口。
// 键（key）形如 "<目录>/<名称>.<扩展名>"，由上传服务生成；存储层只接受安全的字符，拒绝 ..、绝对路径与反斜杠。
import type { Readable } from 'node:stream';

export type StorageDriver = 'local' | 's3';

export interface PutOptions {
  contentType: string;
  /** 字节数：流式写入 S3 时必须给（PutObject 需要 Content-Length） */
  size?: number;
}

/** 读取的字节区间（闭区间，同 HTTP Range） */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  /** 本次读到的内容（流，不整份读进内存） */
  body: Readable;
  /** 对象总字节数 */
  size: number;
  /** 本次返回的区间；整份时为 undefined */
  range?: ByteRange;
}

export interface PresignedPut {
  url: string;
  /** 浏览器 PUT 时必须带上的请求头（已签入） */
  headers: Record<string, string>;
  expiresIn: number;
}

export interface Storage {
  readonly driver: StorageDriver;
  put(key: string, body: Readable | Uint8Array, opts: PutOptions): Promise<void>;
  /** 不存在时为 null；range 超出对象大小时抛 RangeNotSatisfiable */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** 不存在时为 null */
  stat(key: string): Promise<{ size: number } | null>;
  /** 不存在也不报错 */
  delete(key: string): Promise<void>;
  /** 浏览器直传（仅对象存储）：短期有效的 PUT 地址 */
  presignPut?(key: string, opts: { contentType: string; size: number; expiresIn: number }): Promise<PresignedPut>;
}

export class RangeNotSatisfiable extends Error {
  constructor(readonly size: number) {
    super('请求的字节范围超出文件大小');
    this.name = 'RangeNotSatisfiable';
  }
}

const KEY = /^[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127})+$/;

/** 键只由安全字符组成：每段以字母数字开头（没有 . 与 ..），分隔符只有 /；NUL 等控制字符、非 ASCII 都不是 */
export function isValidKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').some((s) => s === '.' || s === '..');
}

/** 键只许安全字符（isValidKey），否则抛错 */
export function assertKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`存储键不合法：${JSON.stringify(key)}`); // i18n-ignore
  return key;
}

/** 区间检查：start ≤ end < size */
export function checkRange(range: ByteRange | undefined, size: number): ByteRange | undefined {
  if (!range) return undefined;
  if (range.start < 0 || range.start >= size || range.end < range.start) throw new RangeNotSatisfiable(size);
  return { start: range.start, end: Math.min(range.end, size - 1) };
}

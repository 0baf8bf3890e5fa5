// S3 兼容的对象存储（MinIO、华为云 OBS、阿里云 OSS 的 S3 接口等）：@aws-sdk/client-s3，直传地址用 s3-request-presigner。
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertKey, checkRange, type ByteRange, type PutOptions, type Storage, type StoredObject } from './types';

export interface S3Config {
  /** 不给则为 AWS 的默认地址 */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** MinIO、s3rver 等用路径形式（http://host/bucket/key） */
  forcePathStyle: boolean;
  /** 浏览器看到的地址（与服务端访问的内网地址不同时），直传地址按它签名 */
  publicEndpoint?: string;
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

function clientFor(cfg: S3Config, endpoint: string | undefined): S3Client {
  return new S3Client({
    endpoint: endpoint || undefined,
    region: cfg.region,
    forcePathStyle: cfg.forcePathStyle,
    credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
    // 新版 SDK 默认给每次上传加校验和（分块编码与 x-amz-checksum-* 头）：多数 S3 兼容存储与浏览器直传都不认，只在必需时才加
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function createS3Storage(cfg: S3Config): Storage {
  const client = clientFor(cfg, cfg.endpoint);
  const signer = cfg.publicEndpoint ? clientFor(cfg, cfg.publicEndpoint) : client;
  const Bucket = cfg.bucket;

  const stat = async (key: string) => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: assertKey(key) }));
      return { size: Number(head.ContentLength ?? 0) };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  };

  return {
    driver: 's3',
    async put(key: string, body: Readable | Uint8Array, opts: PutOptions) {
      if (body instanceof Readable && opts.size === undefined) throw new Error('流式写入对象存储须给出字节数'); // i18n-ignore
      await client.send(new PutObjectCommand({ Bucket, Key: assertKey(key), Body: body, ContentType: opts.contentType, ContentLength: opts.size ?? (body as Uint8Array).byteLength }));
    },
    async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
      let r: ByteRange | undefined;
      if (range) {
        // 先取大小：越界的区间按 416 答复，区间末尾截到文件末尾
        const s = await stat(key);
        if (!s) return null;
        r = checkRange(range, s.size);
      }
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: assertKey(key), Range: r ? `bytes=${r.start}-${r.end}` : undefined }));
        const total = r ? Number(/\/(\d+)$/.exec(res.ContentRange ?? '')?.[1] ?? NaN) : Number(res.ContentLength ?? 0);
        const body = res.Body instanceof Readable ? res.Body : Readable.fromWeb((res.Body as { transformToWebStream(): ReadableStream }).transformToWebStream() as never);
        return { body, size: Number.isFinite(total) ? total : Number(res.ContentLength ?? 0), range: r };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    stat,
    async delete(key: string) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertKey(key) }));
    },
    async presignPut(key: string, opts: { contentType: string; size: number; expiresIn: number }) {
      const command = new PutObjectCommand({ Bucket, Key: assertKey(key), ContentType: opts.contentType, ContentLength: opts.size });
      // 类型与长度签入地址：浏览器只能按申请时的类型与大小上传
      const url = await getSignedUrl(signer, command, { expiresIn: opts.expiresIn, signableHeaders: new Set(['content-type', 'content-length']) });
      return { url, headers: { 'Content-Type': opts.contentType }, expiresIn: opts.expiresIn };
    },
  };
}

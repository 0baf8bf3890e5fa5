// 取当前配置的存储：STORAGE_DRIVER=local（默认，UPLOAD_DIR，默认 ./data/uploads）或 s3（S3_* 变量）。
// 应用、种子与定时任务都经这里，写进同一个存储。按配置缓存：测试改了环境变量即得到新的实例。
import path from 'node:path';
import { createLocalStorage } from './local';
import { createS3Storage, type S3Config } from './s3';
import type { Storage } from './types';

export * from './types';
export { createLocalStorage } from './local';
export { createS3Storage, type S3Config } from './s3';

let cached: { signature: string; storage: Storage } | null = null;
let override: Storage | null = null;

/** 本地存储的根目录 */
export function uploadDir(): string {
  // turbopackIgnore：运行时才定的目录，不让构建为它追踪整个项目
  return path.resolve(/*turbopackIgnore: true*/ process.env.UPLOAD_DIR || path.join(process.cwd(), 'data', 'uploads'));
}

function s3ConfigFromEnv(): S3Config {
  const env = process.env;
  const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((k) => !env[k]);
  if (missing.length) throw new Error(`STORAGE_DRIVER=s3 需要设置 ${missing.join('、')}`); // i18n-ignore
  return {
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    bucket: env.S3_BUCKET!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: /^(1|true|yes)$/i.test(env.S3_FORCE_PATH_STYLE ?? ''),
    publicEndpoint: env.S3_PUBLIC_ENDPOINT || undefined,
  };
}

export function getStorage(): Storage {
  if (override) return override;
  const driver = (process.env.STORAGE_DRIVER || 'local').toLowerCase();
  if (driver !== 'local' && driver !== 's3') throw new Error(`STORAGE_DRIVER 只能是 local 或 s3，当前为 ${driver}`); // i18n-ignore
  const config = driver === 's3' ? s3ConfigFromEnv() : { dir: uploadDir() };
  const signature = `${driver}:${JSON.stringify(config)}`;
  if (cached?.signature !== signature) {
    cached = { signature, storage: driver === 's3' ? createS3Storage(config as S3Config) : createLocalStorage((config as { dir: string }).dir) };
  }
  return cached.storage;
}

/** 测试用：让 getStorage() 返回给定的存储（null 恢复按环境变量） */
export function useStorage(storage: Storage | null): void {
  override = storage;
}

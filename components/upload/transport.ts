// 上传的传输：XMLHttpRequest（fetch 拿不到上传进度）。
// POST /api/uploadMulti 答 SPEC §7 的形状 { success, returnMsg, data: [{ url, fileSize }] }；
// 视频先试 /comApi/getHuaWeiSign 取直传对象存储的地址，本地存储时服务端答“未配置对象存储”，改走 uploadMulti。
import { apiPost, ApiClientError, apiUrl } from '@/components/api-client';
import type { PresignResult, UploadedFile, UploadPurpose } from '@/lib/domains/file/schemas';

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

interface XhrResult {
  status: number;
  text: string;
}

function send(method: 'POST' | 'PUT', url: string, body: XMLHttpRequestBodyInit, opts: { headers?: Record<string, string>; onProgress?: (percent: number) => void; signal?: AbortSignal; withCredentials?: boolean }): Promise<XhrResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = opts.withCredentials ?? false;
    for (const [k, v] of Object.entries(opts.headers ?? {})) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new UploadError('network'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** 服务端答复不成功时给用户的文字：returnMsg，没有时为 fallback（SPEC §8：“系统错误”） */
function failureOf(result: XhrResult, fallback: string): UploadError {
  let msg = '';
  try {
    const body = JSON.parse(result.text) as { returnMsg?: unknown };
    if (typeof body.returnMsg === 'string') msg = body.returnMsg;
  } catch {
    // 不是 JSON（如代理的错误页）：用 fallback
  }
  return new UploadError(msg || fallback, result.status);
}

export interface UploadOptions {
  purpose: UploadPurpose;
  sizeCheck?: boolean;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** 服务端没有给出原因时的文字（已按当前语言翻译） */
  systemError: string;
  uploadFailed: string;
}

/** 经应用上传一个文件，返回其地址 */
export async function uploadMulti(file: File, opts: UploadOptions): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('purpose', opts.purpose);
  form.append('rename', 'true');
  if (opts.sizeCheck) form.append('sizeCheck', 'true');
  const result = await send('POST', apiUrl('/uploadMulti'), form, { onProgress: opts.onProgress, signal: opts.signal, withCredentials: true, headers: { Accept: 'application/json' } }).catch((err: unknown) => {
    if (err instanceof UploadError) throw new UploadError(opts.uploadFailed);
    throw err;
  });
  let body: { success?: unknown; data?: unknown } | null = null;
  try {
    body = JSON.parse(result.text) as { success?: unknown; data?: unknown };
  } catch {
    body = null;
  }
  const first = Array.isArray(body?.data) ? (body.data[0] as UploadedFile | undefined) : undefined;
  if (result.status !== 200 || body?.success !== true || !first?.url) throw failureOf(result, opts.systemError);
  opts.onProgress?.(100);
  return first;
}

/** 本页已知对象存储未配置：之后的视频直接走 uploadMulti，不再每次试签名 */
let presignUnavailable = false;

/** 视频：先试直传对象存储；本地存储时回到 uploadMulti */
export async function uploadVideo(file: File, opts: UploadOptions): Promise<UploadedFile> {
  if (presignUnavailable) return uploadMulti(file, opts);
  let sign: PresignResult;
  try {
    sign = await apiPost('/comApi/getHuaWeiSign', { fileName: file.name, fileSize: file.size, purpose: opts.purpose }, { silent: true });
  } catch (err) {
    if (err instanceof ApiClientError && (err.data as { storage?: unknown } | null)?.storage === 'local') {
      presignUnavailable = true;
      return uploadMulti(file, opts);
    }
    if (err instanceof ApiClientError) throw new UploadError(err.message || opts.systemError, err.status);
    throw err;
  }
  const put = await send('PUT', sign.uploadUrl, file, { headers: sign.headers, onProgress: opts.onProgress, signal: opts.signal }).catch((err: unknown) => {
    if (err instanceof UploadError) throw new UploadError(opts.uploadFailed);
    throw err;
  });
  // SPEC §8：视频上传失败提示“上传失败”
  if (put.status < 200 || put.status >= 300) throw new UploadError(opts.uploadFailed, put.status);
  try {
    const done = await apiPost('/comApi/completeHuaWeiUpload', { url: sign.url }, { silent: true });
    opts.onProgress?.(100);
    return done;
  } catch (err) {
    if (err instanceof ApiClientError) throw new UploadError(err.message || opts.uploadFailed, err.status);
    throw err;
  }
}

export interface FileInfo {
  url: string;
  name: string;
  size: number;
  kind: string;
}

/** 已上传文件的原名（编辑表单回显时地址里只有服务端起的名字） */
const names = new Map<string, string>();

export function rememberName(url: string, name: string) {
  names.set(url, name);
}

export function knownName(url: string): string | undefined {
  return names.get(url);
}

export async function describeFiles(urls: readonly string[]): Promise<FileInfo[]> {
  const missing = urls.filter((u) => !names.has(u));
  if (!missing.length) return [];
  const infos = await apiPost('/file/getFileInfo', { urls: missing }, { silent: true });
  for (const info of infos) names.set(info.url, info.name);
  return infos;
}

/** 缩略图地址：图片由服务端生成缩略图 */
export function thumbUrl(url: string): string {
  return `${url}?thumb=1`;
}

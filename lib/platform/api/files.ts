import { beijingStamp } from '@/lib/platform/time';

// 文件响应：端点返回 FileResult，调度器以流的方式发出，文件名为 YYYYMMDDHHmmss.<ext>（北京时间）。

export const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  zip: 'application/zip',
  csv: 'text/csv; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
} as const;
export type FileExt = keyof typeof CONTENT_TYPES;

/**
 * 端点返回的文件（导出、模板、证书与报表）。文件名不由端点决定：一律 YYYYMMDDHHmmss.<ext>（SPEC §9），
 * 所以这里没有文件名参数。上传的文件经 /files 下载时保留原名，那不是 FileResult。
 */
export class FileResult {
  constructor(
    readonly body: ReadableStream<Uint8Array> | Uint8Array,
    readonly ext: FileExt,
  ) {}
}

/** YYYYMMDDHHmmss（北京时间） */
export function timestampName(date = new Date()): string {
  return beijingStamp(date);
}

export function fileResponse(file: FileResult, headers: Headers): Response {
  // 名字只有数字与扩展名，不需要编码
  const name = `${timestampName()}.${file.ext}`;
  headers.set('Content-Type', CONTENT_TYPES[file.ext]);
  headers.set('Content-Disposition', `attachment; filename="${name}"`);
  headers.set('Access-Control-Expose-Headers', 'Content-Disposition, x-request-id');
  headers.set('Cache-Control', 'no-store');
  return new Response(file.body as BodyInit, { status: 200, headers });
}

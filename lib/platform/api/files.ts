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

export class FileResult {
  constructor(
    readonly body: ReadableStream<Uint8Array> | Uint8Array,
    readonly ext: FileExt,
    /** 不给则按时间戳命名 */
    readonly fileName?: string,
  ) {}
}

/** YYYYMMDDHHmmss（北京时间） */
export function timestampName(date = new Date()): string {
  return beijingStamp(date);
}

export function fileResponse(file: FileResult, headers: Headers): Response {
  const name = file.fileName ?? `${timestampName()}.${file.ext}`;
  headers.set('Content-Type', CONTENT_TYPES[file.ext]);
  headers.set('Content-Disposition', `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`);
  headers.set('Access-Control-Expose-Headers', 'Content-Disposition, x-request-id');
  headers.set('Cache-Control', 'no-store');
  return new Response(file.body as BodyInit, { status: 200, headers });
}

// GET /files/<目录>/<名称>：按读权限返回文件（app/files/[...path]/route.ts 转接到这里）。
// 内容类型取自记录（上传时按内容判定），不取扩展名；X-Content-Type-Options: nosniff；
// 图片、pdf、视频内联显示，其余一律作附件下载（SVG 与 HTML 根本不会被存下）；支持 Range（视频拖动进度）。
// 看不到的与不存在的一样答 404，不透露别的机构的私有文件是否存在。
import { Readable } from 'node:stream';
import type { Db } from '@/lib/platform/db/client';
import { baseSecurityHeaders } from '@/lib/platform/http/headers';
import { getStorage, isValidKey, RangeNotSatisfiable, type ByteRange } from '@/lib/platform/storage';
import type { SessionUser } from '@/lib/platform/auth/session';
import { resolveSession } from '../access/session';
import { PUBLIC_PURPOSES, type UploadPurpose } from './schemas';
import { displayName, readableFile } from './service';

const INLINE_KINDS = new Set(['image', 'video']);
const INLINE_MIME = new Set(['application/pdf']);

/**
 * 文件本身不执行任何东西。上传的 PDF 可带脚本与表单：sandbox 让它在无源的沙箱里打开（读不到本站 Cookie 与接口）；
 * 不给 default-src，因为 Chrome 的 PDF 查看器受它限制会显示不全（Chromium 在沙箱里照常显示 PDF）。
 */
function cspOf(mime: string): string {
  if (mime === 'application/pdf') return "sandbox; frame-ancestors 'self'";
  return "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";
}

/** Range: bytes=a-b / a- / -n；多段区间不支持（按整份答复，RFC 9110 允许） */
export function parseRange(header: string | null, size: number): ByteRange | 'invalid' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return header.includes(',') ? null : 'invalid';
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'invalid';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'invalid';
  return { start, end };
}

function notFound(headers: Headers): Response {
  headers.set('Content-Type', 'text/plain; charset=utf-8');
  headers.set('Cache-Control', 'no-store');
  return new Response('文件不存在或无权查看', { status: 404, headers });
}

const attachmentName = (name: string, inline: boolean) =>
  `${inline ? 'inline' : 'attachment'}; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export async function serveFile(db: Db, request: Request, segments: readonly string[]): Promise<Response> {
  const headers = new Headers(baseSecurityHeaders(request));
  headers.set('X-Content-Type-Options', 'nosniff');
  const key = segments.join('/');
  // 不是本服务会发出的键（NUL、控制字符、非 ASCII、.. 等）：不查库，与不存在一样答 404
  if (segments.length !== 2 || !isValidKey(key)) return notFound(headers);
  const lookup = await resolveSession(request, db);
  const user: SessionUser | null = lookup && lookup !== 'invalidated' ? lookup.user : null;
  const file = await readableFile(db, user, key);
  if (!file) return notFound(headers);

  const url = new URL(request.url);
  const thumb = url.searchParams.get('thumb') === '1' && file.thumbKey !== null;
  const objectKey = thumb ? file.thumbKey! : file.storageKey;
  const mime = thumb ? (objectKey.endsWith('.png') ? 'image/png' : 'image/jpeg') : file.mime;
  const etag = `"${(file.sha256 ?? String(file.id)).slice(0, 32)}${thumb ? '-t' : ''}"`;
  const inline = url.searchParams.get('download') !== '1' && (INLINE_KINDS.has(file.kind) || INLINE_MIME.has(file.mime));

  headers.set('Content-Type', mime);
  headers.set('Content-Disposition', attachmentName(displayName(file), inline));
  headers.set('Content-Security-Policy', cspOf(mime));
  headers.set('Accept-Ranges', 'bytes');
  headers.set('ETag', etag);
  // 地址不可猜且内容不变；私有文件只许浏览器自己缓存
  headers.set('Cache-Control', PUBLIC_PURPOSES.includes(file.purpose as UploadPurpose) ? 'public, max-age=86400' : 'private, max-age=3600');
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });

  const storage = getStorage();
  const size = thumb ? (await storage.stat(objectKey))?.size : file.size;
  if (size === undefined) return notFound(headers);
  const range = thumb ? null : parseRange(request.headers.get('range'), size);
  if (range === 'invalid') {
    headers.set('Content-Range', `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  let object;
  try {
    object = await storage.get(objectKey, range ?? undefined);
  } catch (err) {
    if (err instanceof RangeNotSatisfiable) {
      headers.set('Content-Range', `bytes */${err.size}`);
      return new Response(null, { status: 416, headers });
    }
    throw err;
  }
  if (!object) return notFound(headers);
  const status = object.range ? 206 : 200;
  if (object.range) headers.set('Content-Range', `bytes ${object.range.start}-${object.range.end}/${object.size}`);
  headers.set('Content-Length', String(object.range ? object.range.end - object.range.start + 1 : object.size));
  if (request.method === 'HEAD') {
    object.body.destroy();
    return new Response(null, { status, headers });
  }
  return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, { status, headers });
}

// 按字节计数读请求体，超过上限立即停止读取（Content-Length 可以不给或作假，分块传输也一样受限）。
import { ApiError, ReturnCode } from '@/lib/platform/api/errors';

export function tooLarge(limit: number): ApiError {
  return new ApiError(ReturnCode.PAYLOAD_TOO_LARGE, `请求内容过大，最大 ${Math.floor(limit / 1048576)}MB`);
}

export async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

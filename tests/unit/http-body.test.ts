// 读请求体（lib/platform/http/body.ts）：逐块计数，上限按实际读到的字节执行（声明的长度作假、分块传输都一样）。
import { describe, expect, it } from 'vitest';
import { readLimited } from '@/lib/platform/http/body';
import { ApiError, ReturnCode } from '@/lib/platform/api/errors';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** 分块发送的请求体（没有 Content-Length） */
function chunked(parts: string[]): Request {
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of parts) c.enqueue(enc.encode(p));
      c.close();
    },
  });
  return new Request('http://x/api', { method: 'POST', body, duplex: 'half' } as RequestInit);
}

async function code(p: Promise<unknown>): Promise<number | undefined> {
  try {
    await p;
  } catch (e) {
    return e instanceof ApiError ? e.returnCode : -1;
  }
  return undefined;
}

describe('readLimited', () => {
  it('JSON 请求体原样读出（含多字节字符）', async () => {
    const body = JSON.stringify({ name: '张三', pageNo: 1 });
    const req = new Request('http://x/api', { method: 'POST', body, headers: { 'content-length': String(Buffer.byteLength(body)) } });
    expect(text(await readLimited(req, 1024))).toBe(body);
  });

  it('声明的长度超过上限：不读，413', async () => {
    const req = new Request('http://x/api', { method: 'POST', body: 'x'.repeat(10), headers: { 'content-length': '2048' } });
    expect(await code(readLimited(req, 1024))).toBe(ReturnCode.PAYLOAD_TOO_LARGE);
  });

  it('声明的长度作假（小于实际）：按实际字节仍是 413', async () => {
    const req = new Request('http://x/api', { method: 'POST', body: 'x'.repeat(2000), headers: { 'content-length': '10' } });
    expect(await code(readLimited(req, 1024))).toBe(ReturnCode.PAYLOAD_TOO_LARGE);
  });

  it('分块传输：逐块计数，超过上限 413，不超过则拼接完整', async () => {
    expect(text(await readLimited(chunked(['{"a":', '1}']), 1024))).toBe('{"a":1}');
    expect(await code(readLimited(chunked(['x'.repeat(600), 'y'.repeat(600)]), 1024))).toBe(ReturnCode.PAYLOAD_TOO_LARGE);
  });

  it('没有请求体：空', async () => {
    expect((await readLimited(new Request('http://x/api', { method: 'POST' }), 1024)).byteLength).toBe(0);
  });
});

// 流式 multipart 读取：分隔符被切在任意位置也能正确拆分；文件落到临时文件并算出 sha256；各项上限；坏格式 400。
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMultipart } from '@/lib/platform/http/multipart';
import { ApiError } from '@/lib/platform/api/errors';

const BOUNDARY = '----WebKitFormBoundaryAbC123';

function body(parts: { name: string; filename?: string; data: Buffer | string }[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [Buffer.from('preamble to ignore\r\n')];
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disp}\r\n${p.filename !== undefined ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`));
    chunks.push(Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\nepilogue`));
  return Buffer.concat(chunks);
}

const state = { pulled: 0 };

function request(data: Buffer, chunkSize: (i: number) => number, headers: Record<string, string> = {}): Request {
  let at = 0;
  state.pulled = 0;
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= data.length) return controller.close();
      const n = Math.max(1, chunkSize(i++));
      controller.enqueue(new Uint8Array(data.subarray(at, at + n)));
      at += n;
      state.pulled = at;
    },
  });
  return new Request('http://localhost/api/uploadMulti', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    body: stream,
    duplex: 'half',
  } as RequestInit);
}

// 文件内容里故意放上与分隔符相似的字节
const tricky = Buffer.concat([Buffer.from(`\r\n--${BOUNDARY.slice(0, -1)}X\r\n`), Buffer.alloc(5000, 7), Buffer.from('\r\n--')]);
const sample = body([
  { name: 'directory', data: 'U123' },
  { name: 'file', filename: '照片 1.jpg', data: tricky },
  { name: 'sign', data: 'a' },
  { name: 'sign', data: 'b' },
  { name: 'file', filename: 'empty.bin', data: '' },
]);
const limits = { maxBytes: 1 << 20, maxFiles: 5 };

describe('parseMultipart', () => {
  it.each([
    ['一次给完', () => sample.length],
    ['每次 1 字节', () => 1],
    ['每次 7 字节', () => 7],
    ['随机块', (i: number) => ((i * 7919) % 97) + 1],
  ])('%s：字段与文件都正确', async (_label, size) => {
    const form = await parseMultipart(request(sample, size), limits);
    try {
      expect(form.fields).toEqual({ directory: ['U123'], sign: ['a', 'b'] });
      expect(form.files.map((f) => [f.field, f.filename, f.size])).toEqual([
        ['file', '照片 1.jpg', tricky.length],
        ['file', 'empty.bin', 0],
      ]);
      expect(fs.readFileSync(form.files[0].path).equals(tricky)).toBe(true);
      expect(form.files[0].sha256).toBe(createHash('sha256').update(tricky).digest('hex'));
    } finally {
      await form.cleanup();
    }
    expect(fs.existsSync(form.files[0].path)).toBe(false);
  });

  it('超过总字节数：413，不再往下读', async () => {
    const big = body([{ name: 'file', filename: 'big.bin', data: Buffer.alloc(3 << 20) }]);
    const err = (await parseMultipart(request(big, () => 65536), { maxBytes: 1 << 20, maxFiles: 1 }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.returnCode).toBe(413);
    expect(state.pulled).toBeLessThan(2 << 20);
  });

  it('文件个数超限、坏格式、不是 multipart', async () => {
    const many = body(Array.from({ length: 3 }, (_, i) => ({ name: 'file', filename: `${i}.bin`, data: 'x' })));
    await expect(parseMultipart(request(many, () => 100), { maxBytes: 1 << 20, maxFiles: 2 })).rejects.toThrow('一次最多上传 2 个文件');
    const truncated = sample.subarray(0, sample.length - 30);
    await expect(parseMultipart(request(truncated, () => 100), limits)).rejects.toThrow('请求体格式错误，无法解析表单');
    const noDisposition = Buffer.from(`--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${BOUNDARY}--`);
    await expect(parseMultipart(request(noDisposition, () => 100), limits)).rejects.toThrow('请求体格式错误，无法解析表单');
    await expect(parseMultipart(request(sample, () => 100, { 'content-type': 'application/json' }), limits)).rejects.toThrow('请以 multipart/form-data 方式上传文件');
  });
});

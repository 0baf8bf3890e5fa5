// 同一套存储测试跑两遍：本地目录，与测试自己起的 s3rver（真实的 S3 协议，不是模拟）。
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, RangeNotSatisfiable, type Storage } from '@/lib/platform/storage';
import { startS3, type RunningS3 } from './s3';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

let s3: RunningS3;
let localDir = '';
const stores: Record<'local' | 's3', () => Storage> = {
  local: () => createLocalStorage(localDir),
  s3: () => s3.storage,
};

beforeAll(async () => {
  localDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-local-'));
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(localDir, { recursive: true, force: true });
});

describe.each(['local', 's3'] as const)('存储：%s', (driver) => {
  const store = () => stores[driver]();

  it('写入字节再整份读回（流），大小一致', async () => {
    await store().put('dir1/hello.txt', Buffer.from('你好，世界'), { contentType: 'text/plain' });
    const obj = await store().get('dir1/hello.txt');
    expect(obj!.size).toBe(Buffer.byteLength('你好，世界'));
    expect(obj!.range).toBeUndefined();
    expect(await text(obj!.body)).toBe('你好，世界');
    expect(await store().stat('dir1/hello.txt')).toEqual({ size: Buffer.byteLength('你好，世界') });
  });

  it('以流写入（给出字节数）', async () => {
    const data = Buffer.alloc(300_000, 'ab');
    await store().put('dir1/stream.bin', Readable.from([data.subarray(0, 100_000), data.subarray(100_000)]), { contentType: 'application/octet-stream', size: data.length });
    expect((await store().stat('dir1/stream.bin'))!.size).toBe(300_000);
    expect(await text((await store().get('dir1/stream.bin'))!.body)).toBe(data.toString('utf8'));
  });

  it('按区间读：闭区间，末尾截到文件末尾，越界抛 RangeNotSatisfiable', async () => {
    await store().put('dir1/digits.txt', Buffer.from('0123456789'), { contentType: 'text/plain' });
    const part = await store().get('dir1/digits.txt', { start: 2, end: 5 });
    expect(part!.range).toEqual({ start: 2, end: 5 });
    expect(part!.size).toBe(10);
    expect(await text(part!.body)).toBe('2345');
    const tail = await store().get('dir1/digits.txt', { start: 7, end: 100 });
    expect(tail!.range).toEqual({ start: 7, end: 9 });
    expect(await text(tail!.body)).toBe('789');
    await expect(store().get('dir1/digits.txt', { start: 10, end: 12 })).rejects.toBeInstanceOf(RangeNotSatisfiable);
  });

  it('覆盖写入、删除；不存在的读为 null，删除不报错', async () => {
    await store().put('dir2/x.txt', Buffer.from('old'), { contentType: 'text/plain' });
    await store().put('dir2/x.txt', Buffer.from('new!'), { contentType: 'text/plain' });
    expect(await text((await store().get('dir2/x.txt'))!.body)).toBe('new!');
    await store().delete('dir2/x.txt');
    expect(await store().get('dir2/x.txt')).toBeNull();
    expect(await store().stat('dir2/x.txt')).toBeNull();
    expect(await store().get('dir2/x.txt', { start: 0, end: 1 })).toBeNull();
    await expect(store().delete('dir2/never.txt')).resolves.toBeUndefined();
  });

  it.each(['../escape.txt', 'a/../../b.txt', '/abs/path.txt', 'a\\b.txt', 'nodir', 'a/.hidden', 'a//b.txt', 'a/b c.txt'])('拒绝不安全的键 %s', async (key) => {
    await expect(store().put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow('存储键不合法');
    await expect(store().get(key)).rejects.toThrow('存储键不合法');
  });
});

describe('直传地址（只有对象存储）', () => {
  it('本地存储没有 presignPut', () => {
    expect(stores.local().presignPut).toBeUndefined();
  });

  it('按签发的地址 PUT，再从存储读回；类型与长度签入地址', async () => {
    const data = Buffer.from('presigned upload body');
    const signed = await s3.storage.presignPut!('dir3/direct.mp4', { contentType: 'video/mp4', size: data.length, expiresIn: 60 });
    expect(signed.url).toContain('X-Amz-Signature=');
    expect(new URL(signed.url).searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(expect.arrayContaining(['content-length', 'content-type', 'host']));
    expect(new URL(signed.url).searchParams.get('X-Amz-Expires')).toBe('60');
    const put = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: new Uint8Array(data) });
    expect(put.status).toBe(200);
    expect(await text((await s3.storage.get('dir3/direct.mp4'))!.body)).toBe('presigned upload body');
  });
});

// 对象存储（测试里起的 s3rver）上的整条链路：uploadMulti 写进对象存储并读回（含 Range）；
// getHuaWeiSign 签发直传地址 → 浏览器那样 PUT → completeHuaWeiUpload 检查内容后可用；内容不对的删掉。
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUploads } from '@/lib/domains/file/tables';
import { useStorage } from '@/lib/platform/storage';
import { call } from '../../helpers/api';
import { setupTestDb } from '../../helpers/db';
import * as fx from './fixtures';
import { fetchFile, tokenOf, upload } from './helpers';
import { startS3, type RunningS3 } from './s3';

const { db } = setupTestDb();
let s3: RunningS3;
let teacher = '';
let other = '';

beforeAll(async () => {
  s3 = await startS3();
  useStorage(s3.storage);
  teacher = await tokenOf(await db(), 'teacher');
  other = await tokenOf(await db(), 'eval_org');
});
afterAll(async () => {
  useStorage(null);
  await s3?.stop();
});

interface Signed {
  uploadUrl: string;
  method: 'PUT';
  headers: Record<string, string>;
  url: string;
  expiresIn: number;
}

const sign = (token: string, body: Record<string, unknown>) => call<Signed>('POST', '/comApi/getHuaWeiSign', { json: body, headers: { authorization_token: token } });
const complete = (token: string, url: string) => call<{ url: string; fileSize: number }>('POST', '/comApi/completeHuaWeiUpload', { json: { url }, headers: { authorization_token: token } });

describe('对象存储上的上传', () => {
  it('uploadMulti 写进对象存储，读回内容与 Range 一致', async () => {
    const res = await upload(teacher, [['课件.pdf', fx.pdf()], ['封面.png', await fx.image('png')]], { purpose: 'courseware' });
    expect(res.body.success).toBe(true);
    const [doc, img] = res.body.data!;
    expect(await s3.storage.stat(doc.url.replace('/files/', ''))).toEqual({ size: fx.pdf().length });
    const whole = await fetchFile(await db(), doc.url, null);
    expect(Buffer.from(await whole.arrayBuffer()).equals(fx.pdf())).toBe(true);
    const part = await fetchFile(await db(), doc.url, null, { range: 'bytes=0-7' });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('%PDF-1.4');
    expect((await fetchFile(await db(), `${img.url}?thumb=1`, null)).status).toBe(200);
  });

  it('直传视频：签发 → PUT → 确认后可用，记录从待确认变为可用', async () => {
    const video = fx.mp4(50_000);
    const signed = await sign(teacher, { fileName: '第一章.mp4', fileSize: video.length, purpose: 'video' });
    expect(signed.status).toBe(200);
    const { uploadUrl, headers, url, expiresIn } = signed.body.data;
    expect(expiresIn).toBe(900);
    expect(uploadUrl.startsWith(s3.config.endpoint!)).toBe(true);
    const key = url.replace('/files/', '');
    const [pending] = await (await db()).select().from(fileUploads).where(eq(fileUploads.storageKey, key));
    expect(pending).toMatchObject({ status: 'pending', kind: 'video', purpose: 'video', originalName: '第一章.mp4' });
    // 确认之前不可读
    expect((await fetchFile(await db(), url, teacher)).status).toBe(404);

    const put = await fetch(uploadUrl, { method: 'PUT', headers, body: new Uint8Array(video) });
    expect(put.status).toBe(200);
    // 别人不能替他确认
    expect((await complete(other, url)).status).toBe(404);
    const done = await complete(teacher, url);
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ url, fileSize: video.length });
    const [ready] = await (await db()).select().from(fileUploads).where(eq(fileUploads.storageKey, key));
    expect(ready.status).toBe('ready');
    expect(ready.sha256).toMatch(/^[0-9a-f]{64}$/);
    const back = await fetchFile(await db(), url, teacher, { range: 'bytes=0-99' });
    // 视频（录像）是私有的：未登录读不到
    expect((await fetchFile(await db(), url, null)).status).toBe(404);
    expect(back.status).toBe(206);
    expect(back.headers.get('content-type')).toBe('video/mp4');
    expect(back.headers.get('content-range')).toBe(`bytes 0-99/${video.length}`);
    // 再确认一次：已确认
    expect((await complete(teacher, url)).body.returnMsg).toBe('上传记录不存在或已确认');
  });

  it('直传的内容不是视频（exe 冒充 mp4）：确认时拒绝，对象与记录都删掉', async () => {
    const fake = fx.exe();
    const { uploadUrl, headers, url } = (await sign(teacher, { fileName: 'movie.mp4', fileSize: fake.length })).body.data;
    await fetch(uploadUrl, { method: 'PUT', headers, body: new Uint8Array(fake) });
    const res = await complete(teacher, url);
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe('「movie.mp4」的内容是可执行程序，不允许上传');
    const key = url.replace('/files/', '');
    expect(await s3.storage.stat(key)).toBeNull();
    expect(await (await db()).select().from(fileUploads).where(eq(fileUploads.storageKey, key))).toEqual([]);
  });

  it('上传的大小与申请的不同：拒绝并删掉', async () => {
    const { uploadUrl, headers, url } = (await sign(teacher, { fileName: 'short.mp4', fileSize: 10_000 })).body.data;
    await fetch(uploadUrl, { method: 'PUT', headers, body: new Uint8Array(fx.mp4(20_000)) });
    const res = await complete(teacher, url);
    // 真实的 S3 按签入的长度直接拒绝 PUT；s3rver 不检查，由确认这一步拦下
    expect(res.body.returnMsg).toBe('「short.mp4」的大小与申请时不一致，请重新上传');
  });

  it('直传只用于视频；视频大小受上限约束', async () => {
    expect((await sign(teacher, { fileName: 'a.png', fileSize: 100 })).body.returnMsg).toBe('直传只用于视频（mp4、webm），其他文件请直接上传');
    expect((await sign(teacher, { fileName: 'a.mp4', fileSize: 100, purpose: 'image' })).body.returnMsg).toBe('图片不接受视频');
    expect((await sign(teacher, { fileName: 'a.mp4', fileSize: 600 * 1048576 })).body.returnMsg).toBe('「a.mp4」超过 500MB，视频最大 500MB');
  });
});

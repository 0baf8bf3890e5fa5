// 上传服务：每种允许的格式都能上传并读回；改了扩展名的 exe / html / svg 被拒绝；签名；大小上限与 300–500 KB 规则；
// 目录；读权限（别的机构的私有文件 404、公开图片任何人可读）；内联与附件、Range；直传在本地存储时的提示。
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileUploads } from '@/lib/domains/file/tables';
import { uploadSign } from '@/lib/domains/file/service';
import { SIZE_CHECK_MESSAGE } from '@/lib/domains/file/schemas';
import { uploadDir } from '@/lib/platform/storage';
import { call } from '../../helpers/api';
import { setupTestDb } from '../../helpers/db';
import * as fx from './fixtures';
import { fetchFile, tokenOf, upload } from './helpers';

const { db } = setupTestDb();
const tokens: Record<string, string> = {};
const fileCount = async () => (await (await db()).select({ n: count() }).from(fileUploads))[0].n;

beforeAll(async () => {
  const d = await db();
  for (const account of ['admin', 'sjz_admin', 'bd_admin', 'eval_org', 'train_org', 'teacher']) tokens[account] = await tokenOf(d, account);
});

describe('上传与读回', () => {
  it('测试把文件写进临时目录，不写 ./data', () => {
    expect(uploadDir()).not.toContain(`${process.cwd()}/data`);
  });

  const cases: [purpose: string, name: string, make: () => Promise<Buffer> | Buffer, mime: string][] = [
    ['image', 'a.jpg', () => fx.image('jpg'), 'image/jpeg'],
    ['image', 'a.png', () => fx.image('png'), 'image/png'],
    ['image', 'a.gif', () => fx.image('gif'), 'image/gif'],
    ['image', 'a.webp', () => fx.image('webp'), 'image/webp'],
    ['image', 'a.bmp', () => fx.bmp(), 'image/png'],
    ['document', '通知.pdf', () => fx.pdf(), 'application/pdf'],
    ['document', 'a.doc', () => fx.cfb('WordDocument'), 'application/msword'],
    ['document', 'a.docx', () => fx.ooxml('docx'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['document', 'a.xls', () => fx.cfb('Workbook'), 'application/vnd.ms-excel'],
    ['document', 'a.xlsx', () => fx.ooxml('xlsx'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['document', 'a.ppt', () => fx.cfb('PowerPoint Document'), 'application/vnd.ms-powerpoint'],
    ['document', 'a.pptx', () => fx.ooxml('pptx'), 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['video', 'a.mp4', () => fx.mp4(), 'video/mp4'],
    ['video', 'a.webm', () => fx.webm(), 'video/webm'],
    ['courseware', 'c.mp4', () => fx.mp4(), 'video/mp4'],
    ['courseware', 'c.pdf', () => fx.pdf(), 'application/pdf'],
    ['courseware', 'c.png', () => fx.image('png'), 'image/png'],
    ['courseware', 'c.pptx', () => fx.ooxml('pptx'), 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['attachment', 'd.jpg', () => fx.image('jpg'), 'image/jpeg'],
    ['attachment', 'd.xlsx', () => fx.ooxml('xlsx'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ];

  it.each(cases)('%s：%s 上传成功，读回的类型取自内容', async (purpose, name, make, mime) => {
    const res = await upload(tokens.eval_org, [[name, await make()]], { purpose, rename: 'true' });
    expect(res.status).toBe(200);
    // SPEC §7 的答复形状，只有这三项
    expect(Object.keys(res.body).sort()).toEqual(['data', 'returnMsg', 'success']);
    expect(res.body.success).toBe(true);
    const [{ url, fileSize }] = res.body.data!;
    expect(url).toMatch(/^\/files\/0{10}\d{4}-\d{2}-\d{2}\/[A-Za-z0-9_-]{22}\.[a-z0-9]+$/);
    // 名称由服务端决定，不用客户端的文件名
    expect(url.endsWith(`/${name}`)).toBe(false);
    const file = await fetchFile(await db(), url, tokens.eval_org);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe(mime);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Number(file.headers.get('content-length'))).toBe(fileSize);
    expect((await file.arrayBuffer()).byteLength).toBe(fileSize);
  });

  it('一次上传多个文件：按顺序各给一个地址；记下上传人、机构、市、用途、大小与 sha256', async () => {
    const res = await upload(tokens.eval_org, [['1.png', await fx.image('png')], ['2.pdf', fx.pdf()]], { purpose: 'attachment' });
    expect(res.body.data).toHaveLength(2);
    const key = res.body.data![1].url.replace('/files/', '');
    const [row] = await (await db()).select().from(fileUploads).where(eq(fileUploads.storageKey, key));
    expect(row).toMatchObject({ originalName: '2.pdf', purpose: 'attachment', kind: 'document', ext: 'pdf', cityId: 130100, size: fx.pdf().length, status: 'ready' });
    expect(row.ownerId).toBeGreaterThan(0);
    expect(row.orgId).toBeGreaterThan(0);
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('图片重新编码：EXIF 等元数据被去掉，另有缩略图', async () => {
    const original = await fx.image('jpg', 800, 600);
    expect(original.includes(Buffer.from('secret-exif-marker'))).toBe(true);
    const res = await upload(tokens.eval_org, [['photo.jpg', original]], { purpose: 'image' });
    const { url } = res.body.data![0];
    const stored = Buffer.from(await (await fetchFile(await db(), url, null)).arrayBuffer());
    expect(stored.includes(Buffer.from('secret-exif-marker'))).toBe(false);
    const thumb = await fetchFile(await db(), `${url}?thumb=1`, null);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    expect((await thumb.arrayBuffer()).byteLength).toBeLessThan(stored.length);
  });

  it('图片内联显示，文档作附件下载，文件名是原名', async () => {
    const [img, doc] = (await upload(tokens.eval_org, [['照片.png', await fx.image('png')], ['报名表.docx', await fx.ooxml('docx')]], { purpose: 'attachment' })).body.data!;
    const a = await fetchFile(await db(), img.url, tokens.eval_org);
    expect(a.headers.get('content-disposition')).toMatch(/^inline; .*filename\*=UTF-8''%E7%85%A7%E7%89%87\.png$/);
    const b = await fetchFile(await db(), doc.url, tokens.eval_org);
    expect(b.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(b.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('视频支持 Range：206 与 Content-Range；越界 416', async () => {
    const { url } = (await upload(tokens.teacher, [['lesson.mp4', fx.mp4(10_000)]], { purpose: 'video' })).body.data![0];
    const part = await fetchFile(await db(), url, tokens.teacher, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/10000');
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const tail = await fetchFile(await db(), url, tokens.teacher, { range: 'bytes=-10' });
    expect(tail.headers.get('content-range')).toBe('bytes 9990-9999/10000');
    const bad = await fetchFile(await db(), url, tokens.teacher, { range: 'bytes=20000-' });
    expect(bad.status).toBe(416);
    expect(bad.headers.get('content-range')).toBe('bytes */10000');
  });
});

describe('拒绝', () => {
  const refused: [string, () => Buffer, string][] = [
    ['setup.exe 改名为 photo.jpg', fx.exe, '「photo.jpg」的内容是可执行程序，不允许上传'],
    ['page.html 改名为 photo.jpg', fx.html, '「photo.jpg」的内容是网页、SVG 或脚本等标记格式，不允许上传'],
    ['logo.svg 改名为 photo.jpg', fx.svg, '「photo.jpg」的内容是网页、SVG 或脚本等标记格式，不允许上传'],
  ];
  it.each(refused)('%s：拒绝并说明原因，什么也不存', async (_label, make, message) => {
    const before = await fileCount();
    const res = await upload(tokens.eval_org, [['photo.jpg', make()]], { purpose: 'image' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, returnMsg: message });
    expect(await fileCount()).toBe(before);
  });

  it('svg 原名上传（任何用途）同样拒绝', async () => {
    const res = await upload(tokens.eval_org, [['logo.svg', fx.svg()]], { purpose: 'attachment' });
    expect(res.body.returnMsg).toBe('「logo.svg」的内容是网页、SVG 或脚本等标记格式，不允许上传');
  });

  it('一批里有一个不合格：整批拒绝，合格的也不存', async () => {
    const before = await fileCount();
    const res = await upload(tokens.eval_org, [['ok.png', await fx.image('png')], ['bad.png', fx.html()]], { purpose: 'image' });
    expect(res.status).toBe(400);
    expect(await fileCount()).toBe(before);
  });

  it('格式不在该用途的允许表里', async () => {
    const res = await upload(tokens.eval_org, [['a.pdf', fx.pdf()]], { purpose: 'image' });
    expect(res.body.returnMsg).toBe('「a.pdf」的内容是 pdf 格式，图片只允许 jpg、png、gif、bmp、webp');
    const video = await upload(tokens.eval_org, [['a.mp4', fx.mp4()]], { purpose: 'attachment' });
    expect(video.body.returnMsg).toMatch(/^「a\.mp4」的内容是 mp4 格式，附件只允许/);
  });

  it('认不出的内容', async () => {
    const res = await upload(tokens.eval_org, [['a.docx', Buffer.from('just some text')]], { purpose: 'document' });
    expect(res.body.returnMsg).toBe('无法识别「a.docx」的文件格式，文档只允许 pdf、doc、docx、xls、xlsx、ppt、pptx');
  });

  it('签名：错的拒绝，对的 md5(md5(文件名 + 后缀)) 通过', async () => {
    const wrong = await upload(tokens.eval_org, [['signed.png', await fx.image('png')]], { purpose: 'image', sign: 'deadbeef' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.returnMsg).toBe('签名校验失败：「signed.png」的签名不正确');
    const right = await upload(tokens.eval_org, [['signed.png', await fx.image('png')]], { purpose: 'image', sign: uploadSign('signed.png') });
    expect(right.status).toBe(200);
    expect(uploadSign('signed.png')).toMatch(/^[0-9a-f]{32}$/);
    const count = await upload(tokens.eval_org, [['1.png', await fx.image('png')], ['2.png', await fx.image('png')]], { purpose: 'image', sign: [uploadSign('1.png'), uploadSign('2.png'), 'x'] });
    expect(count.body.returnMsg).toBe('签名个数与文件个数不一致');
  });

  it('大小上限：图片 20MB；视频按 UPLOAD_MAX_VIDEO_MB', async () => {
    const big = Buffer.concat([await fx.image('jpg'), Buffer.alloc(20 * 1048576)]);
    const res = await upload(tokens.eval_org, [['huge.jpg', big]], { purpose: 'image' });
    expect(res.body.returnMsg).toBe('「huge.jpg」超过 20MB，图片最大 20MB');
    const saved = process.env.UPLOAD_MAX_VIDEO_MB;
    process.env.UPLOAD_MAX_VIDEO_MB = '1';
    try {
      const video = await upload(tokens.eval_org, [['long.mp4', fx.mp4(2 * 1048576)]], { purpose: 'video' });
      expect(video.body.returnMsg).toBe('「long.mp4」超过 1MB，视频最大 1MB');
    } finally {
      if (saved === undefined) delete process.env.UPLOAD_MAX_VIDEO_MB;
      else process.env.UPLOAD_MAX_VIDEO_MB = saved;
    }
  });

  it('声明的请求体超过上限：413，不读请求体', async () => {
    const res = await call('POST', '/uploadMulti', {
      headers: { authorization_token: tokens.eval_org, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(10 * 1024 * 1048576) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false });
  });

  it('300–500 KB 规则（sizeCheck=true）：小图拒绝，400 KB 左右的通过', async () => {
    const small = await upload(tokens.eval_org, [['small.jpg', await fx.image('jpg')]], { purpose: 'image', sizeCheck: 'true' });
    expect(small.body.returnMsg).toBe(SIZE_CHECK_MESSAGE);
    let sized = await fx.noisyJpeg(300, 300);
    for (let side = 300; sized.length < 320 * 1024; side += 20) sized = await fx.noisyJpeg(side, side);
    expect(sized.length).toBeLessThan(500 * 1024);
    const ok = await upload(tokens.eval_org, [['id.jpg', sized]], { purpose: 'image', sizeCheck: 'true' });
    expect(ok.body.success).toBe(true);
  });

  it('没有文件、未登录、不是 multipart', async () => {
    const none = await upload(tokens.eval_org, [], { purpose: 'image' });
    expect(none.body).toMatchObject({ success: false, returnMsg: '未选择文件' });
    const anon = await upload(null, [['a.png', await fx.image('png')]]);
    expect(anon.status).toBe(401);
    expect(anon.body.success).toBe(false);
    const json = await call('POST', '/uploadMulti', { json: { file: 'x' }, headers: { authorization_token: tokens.eval_org } });
    expect(json.status).toBe(415);
  });

  it('目录：本人编码可用，别人的编码与路径字符拒绝', async () => {
    const d = await db();
    const { users } = await import('@/lib/domains/user/tables');
    const [me] = await d.select({ code: users.code }).from(users).where(eq(users.account, 'eval_org'));
    const [other] = await d.select({ code: users.code }).from(users).where(eq(users.account, 'train_org'));
    const own = await upload(tokens.eval_org, [['a.png', await fx.image('png')]], { purpose: 'image', directory: me.code });
    expect(own.body.data![0].url.startsWith(`/files/${me.code}/`)).toBe(true);
    const foreign = await upload(tokens.eval_org, [['a.png', await fx.image('png')]], { purpose: 'image', directory: other.code });
    expect(foreign.body.returnMsg).toBe('上传目录只能是本人编码或默认的日期目录（十个 0 加 YYYY-MM-DD）');
    const traversal = await upload(tokens.eval_org, [['a.png', await fx.image('png')]], { purpose: 'image', directory: '../../etc' });
    expect(traversal.status).toBe(400);
    expect(traversal.body.returnMsg).toContain('上传目录只能含字母、数字、下划线与短横线');
  });
});

describe('读权限', () => {
  let privateUrl = '';
  let publicUrl = '';
  beforeAll(async () => {
    privateUrl = (await upload(tokens.eval_org, [['合同.pdf', fx.pdf()]], { purpose: 'attachment' })).body.data![0].url;
    publicUrl = (await upload(tokens.eval_org, [['封面.png', await fx.image('png')]], { purpose: 'image' })).body.data![0].url;
  });

  it('私有文件：本机构、本市管理员、省级可读；别的机构、别的市、未登录一律 404', async () => {
    const d = await db();
    const status = async (token: string | null) => (await fetchFile(d, privateUrl, token)).status;
    expect(await status(tokens.eval_org)).toBe(200);
    expect(await status(tokens.sjz_admin)).toBe(200);
    expect(await status(tokens.admin)).toBe(200);
    expect(await status(tokens.train_org)).toBe(404);
    expect(await status(tokens.bd_admin)).toBe(404);
    expect(await status(null)).toBe(404);
    // 猜出的地址与不存在的地址答复一样
    expect((await fetchFile(d, privateUrl.replace(/[A-Za-z0-9_-]{22}/, 'A'.repeat(22)), tokens.train_org)).status).toBe(404);
  });

  it('视频（考场与培训的录像）与附件一样私有：本机构、本市管理员、省级可读；别的机构、别的市、未登录 404', async () => {
    const d = await db();
    const { url } = (await upload(tokens.eval_org, [['考场录像.webm', fx.webm()]], { purpose: 'video' })).body.data![0];
    const status = async (token: string | null) => (await fetchFile(d, url, token)).status;
    expect(await status(tokens.eval_org)).toBe(200);
    expect(await status(tokens.sjz_admin)).toBe(200);
    expect(await status(tokens.admin)).toBe(200);
    expect(await status(tokens.train_org)).toBe(404);
    expect(await status(tokens.bd_admin)).toBe(404);
    expect(await status(null)).toBe(404);
    expect((await fetchFile(d, url, tokens.eval_org)).headers.get('cache-control')).toBe('private, max-age=3600');
  });

  it('公开用途的图片任何人可读', async () => {
    const res = await fetchFile(await db(), publicUrl, null);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('文件信息只给可读的：别的机构的私有文件略去', async () => {
    const mine = await call('POST', '/file/getFileInfo', { json: { urls: [privateUrl, publicUrl] }, headers: { authorization_token: tokens.eval_org } });
    expect((mine.body.data as { name: string }[]).map((f) => f.name).sort()).toEqual(['合同.pdf', '封面.png']);
    const theirs = await call('POST', '/file/getFileInfo', { json: { urls: [privateUrl, publicUrl] }, headers: { authorization_token: tokens.train_org } });
    expect((theirs.body.data as { name: string }[]).map((f) => f.name)).toEqual(['封面.png']);
  });
});

describe('直传对象存储', () => {
  it('本地存储时答“未配置对象存储”，前端据此改走 uploadMulti', async () => {
    const res = await call('POST', '/comApi/getHuaWeiSign', { json: { fileName: 'a.mp4', fileSize: 1000 }, headers: { authorization_token: tokens.teacher } });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe('未配置对象存储：文件保存在本地目录，请直接上传');
    expect(res.body.data).toEqual({ storage: 'local' });
  });
});

// 种子（演示数据）写进存储的每个文件都像上传的一样登记：同一张表、地址合乎上传地址的格式、有归属（上传人、机构、市）、
// 有记录引用（不会被定时清理），/files 的读权限对它们没有例外——私有的匿名读不到，录像（视频）与附件一样私有。
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, like, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { getStorage } from '@/lib/platform/storage';
import { fileRefs, fileUploads } from '@/lib/domains/file/tables';
import { fileUrl, keyOfUrl } from '@/lib/domains/file/service';
import { PUBLIC_PURPOSES, type UploadPurpose } from '@/lib/domains/file/schemas';
import { recordings } from '@/lib/domains/recording/tables';
import { setupTestDb } from '../../helpers/db';
import { fetchFile, tokenOf } from './helpers';

const { db: getDb } = setupTestDb();
let db: Db;
const tokens: Record<string, string> = {};

/** 演示录像的地址（种子的固定键） */
const DEMO_RECORDING = '/files/seed-recording/exam-demo-recording.webm';

beforeAll(async () => {
  db = await getDb();
  for (const a of ['admin', 'eval_org', 'sjz_admin', 'bd_admin', 'train_org']) tokens[a] = await tokenOf(db, a);
});

const seedRows = () =>
  db
    .select()
    .from(fileUploads)
    .where(like(fileUploads.storageKey, 'seed-%'));

/** 存储目录里 seed-* 目录下的全部文件（写了一半的临时文件除外） */
function storedSeedObjects(): string[] {
  const root = process.env.UPLOAD_DIR!;
  const out: string[] = [];
  for (const dir of fs.readdirSync(root).filter((d) => d.startsWith('seed-'))) {
    for (const name of fs.readdirSync(path.join(root, dir))) if (!name.endsWith('.part')) out.push(`${dir}/${name}`);
  }
  return out;
}

describe('种子文件的登记', () => {
  it('存储里 seed-* 下的每个对象都是一行上传记录的文件或其缩略图', async () => {
    const rows = await seedRows();
    const registered = new Set(rows.flatMap((r) => [r.storageKey, ...(r.thumbKey ? [r.thumbKey] : [])]));
    const objects = storedSeedObjects();
    expect(objects.length).toBeGreaterThan(100);
    expect(objects.filter((k) => !registered.has(k))).toEqual([]);
  });

  it('每一行：地址合乎上传地址的格式、存储里有文件（大小相符）、有归属、至少被一条记录引用；图片有缩略图', async () => {
    const rows = await seedRows();
    const refs = new Set((await db.selectDistinct({ fileId: fileRefs.fileId }).from(fileRefs)).map((r) => r.fileId));
    const storage = getStorage();
    const problems: string[] = [];
    for (const r of rows) {
      if (keyOfUrl(fileUrl(r.storageKey)) !== r.storageKey) problems.push(`${r.storageKey}：地址格式不对（/files 读不到）`);
      const stat = await storage.stat(r.storageKey);
      if (stat?.size !== r.size) problems.push(`${r.storageKey}：存储里的大小 ${stat?.size} ≠ 登记的 ${r.size}`);
      if (r.kind === 'image' && !(r.thumbKey && (await storage.stat(r.thumbKey)))) problems.push(`${r.storageKey}：没有缩略图`);
      if (!r.sha256) problems.push(`${r.storageKey}：没有 sha256`);
      if (!PUBLIC_PURPOSES.includes(r.purpose as UploadPurpose) && r.orgId === null && r.ownerId === null) problems.push(`${r.storageKey}：私有文件没有归属`);
      if (!refs.has(r.id)) problems.push(`${r.storageKey}：没有记录引用（一天后会被清理）`);
    }
    expect(problems).toEqual([]);
  });
});

describe('种子文件的读权限没有例外', () => {
  it('私有用途的种子文件（没有被公开的记录引用）匿名一律 404，公开用途的 200', async () => {
    const rows = await db
      .select({ key: fileUploads.storageKey, purpose: fileUploads.purpose, publicRef: sql<number>`(exists (select 1 from file_ref r where r.file_id = "file_upload"."id" and r.is_public))::int` })
      .from(fileUploads)
      .where(like(fileUploads.storageKey, 'seed-%'));
    const wrong: string[] = [];
    let privates = 0;
    for (const r of rows) {
      const open = Number(r.publicRef) === 1 || PUBLIC_PURPOSES.includes(r.purpose as UploadPurpose);
      if (!open) privates++;
      const res = await fetchFile(db, fileUrl(r.key), null, { range: 'bytes=0-0' });
      await res.body?.cancel();
      if ((res.status === 404) !== !open) wrong.push(`${r.key}（${r.purpose}）：匿名 ${res.status}`);
    }
    expect(privates).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  it('演示录像：匿名与别的机构 404；上传它的评价机构、本市与省级管理员可以看（含拖动进度的 Range）', async () => {
    const [rec] = await db.select().from(recordings).where(eq(recordings.videoUrl, DEMO_RECORDING));
    expect(rec, '演示录像的地址是种子的固定键').toBeTruthy();
    const [file] = await db.select().from(fileUploads).where(eq(fileUploads.storageKey, DEMO_RECORDING.slice('/files/'.length)));
    expect(file).toMatchObject({ purpose: 'video', kind: 'video', orgId: rec.orgId });

    const anonymous = await fetchFile(db, DEMO_RECORDING, null);
    expect(anonymous.status).toBe(404);
    expect(await anonymous.text()).toBe('文件不存在或无权查看');
    expect((await fetchFile(db, DEMO_RECORDING, tokens.train_org)).status).toBe(404);
    expect((await fetchFile(db, DEMO_RECORDING, tokens.bd_admin)).status).toBe(404);
    for (const account of ['eval_org', 'sjz_admin', 'admin']) {
      const res = await fetchFile(db, DEMO_RECORDING, tokens[account], { range: 'bytes=0-99' });
      expect(res.status, account).toBe(206);
      expect(res.headers.get('content-type')).toBe('video/webm');
      expect(res.headers.get('cache-control')).toMatch(/^private/);
      expect((await res.arrayBuffer()).byteLength).toBe(100);
    }
    // 封面与截图同样私有
    const cover = rec.videoPicture!;
    expect((await fetchFile(db, cover, null)).status).toBe(404);
    expect((await fetchFile(db, cover, tokens.eval_org)).status).toBe(200);
  });

  it('考生照片：匿名 404，本机构与管辖它的市级管理员可读', async () => {
    const [photo] = await db
      .select()
      .from(fileUploads)
      .where(or(like(fileUploads.storageKey, 'seed-examinee/examinee-photo-ORG130102001-%')));
    expect(photo).toMatchObject({ purpose: 'attachment', kind: 'image' });
    const url = fileUrl(photo.storageKey);
    expect((await fetchFile(db, url, null)).status).toBe(404);
    expect((await fetchFile(db, url, tokens.bd_admin)).status).toBe(404);
    expect((await fetchFile(db, url, tokens.eval_org)).status).toBe(200);
    expect((await fetchFile(db, url, tokens.sjz_admin)).status).toBe(200);
  });
});

// 培训班的录像（issue 11 第 6 项）：planCode 为 PX 开头的班级编号时录像挂在培训班上。已发布与培训中的班才能录，发布之后（含结业、考核）的录像一直可看；
// 开班机构、班级所在市与省级可录，别的机构、别的市 404（与考试计划同一句话）；没有录像权限的 403；
// 录像按班级列出，视频可播放；班级列表的行 actions 带 recordings 时有“录像”（看列表），带 record 时对话框里才有“开始录制”（与服务端同一规则）。
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, isNotNull } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import type { Db } from '@/lib/platform/db/client';
import { formatBeijing } from '@/lib/platform/time';
import { users } from '@/lib/domains/user/tables';
import { CLASS_STATUS } from '@/lib/domains/trainClass/transitions';
import type { ClassItem } from '@/lib/domains/trainClass/schemas';
import { recordings } from '@/lib/domains/recording/tables';
import type { RecordingContext, RecordingItem } from '@/lib/domains/recording/schemas';
import { createClass, h, login, ok, setClass } from '../trainClass/helpers';
import { fetchFile, tokenOf, upload } from '../file/helpers';

const { db: getDb } = setupTestDb();
let db: Db;

const WEBM = fs.readFileSync(path.join(process.cwd(), 'assets', 'recording', 'exam-demo-recording.webm'));
const PNG = fs.readFileSync(path.join(process.cwd(), 'assets', 'recording', 'exam-demo-recording-cover.png'));
const NOT_FOUND = '考试计划或培训班不存在或不在您的管辖范围内';

const tokens: Record<string, string> = {};
beforeAll(async () => {
  db = await getDb();
  await login('train_org', 'sjz_admin', 'bd_admin', 'admin', 'enterprise', 'teacher');
  for (const a of ['train_org', 'sjz_admin', 'admin']) tokens[a] = await tokenOf(db, a);
});

const post = <T>(account: string, p: string, json: unknown) => call<T>('POST', p, { headers: h[account], json });
const ago = (seconds: number) => formatBeijing(new Date(Date.now() - seconds * 1000));

async function uploaded(account: string, kind: 'video' | 'image'): Promise<{ url: string; fileSize: number }> {
  const res = await upload(tokens[account], [kind === 'video' ? ['rec.webm', WEBM] : ['shot.png', PNG]], { purpose: kind === 'video' ? 'video' : 'attachment' });
  expect(res.status).toBe(200);
  return res.body.data![0];
}

/** 班级的一段录像：先上传视频与封面（培训班没有本机保存），两分钟前开始、录了 60 秒 */
async function payload(code: string, account = 'train_org', over: Record<string, unknown> = {}) {
  const video = await uploaded(account, 'video');
  const cover = await uploaded(account, 'image');
  return { planCode: code, recordingTime: ago(120), videoDuration: 60, videoUrl: video.url, videoSize: video.fileSize, videoPicture: cover.url, screenshots: [], ...over };
}

/** train_org 的一个班，置为给定状态 */
async function classIn(status: number): Promise<ClassItem> {
  const c = await createClass();
  await setClass(db, c.id, { status });
  return c;
}

const rowOf = async (account: string, code: string) => (await ok<{ list: ClassItem[] }>(account, '/trainInfo/trainInfoList', { code }, 'GET')).list[0];

describe('培训班的录像', () => {
  it('已发布的班：开班机构录像后按班级列出并可播放；培训中的班所在市的管理员也可录；行操作有“录像”', async () => {
    const published = await classIn(CLASS_STATUS.PUBLISHED);
    const ctx = await post<RecordingContext>('train_org', '/recording/context', { planCode: published.code });
    expect(ctx.status).toBe(200);
    expect(ctx.body.data).toMatchObject({ kind: 'class', planName: published.name, planStep: null, stepName: '已发布', localFirst: false, canRecord: true, reason: null });
    expect((await rowOf('train_org', published.code)).actions).toEqual(expect.arrayContaining(['record', 'recordings']));

    const saved = await post<RecordingItem>('train_org', '/recording/save', await payload(published.code));
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ kind: 'class', planCode: published.code, planStep: null, stepName: null, siteCode: null, videoDuration: 60, videoSize: WEBM.length });
    const [row] = await db.select().from(recordings).where(eq(recordings.id, saved.body.data.id));
    expect(row).toMatchObject({ classId: published.id, planId: null, planStep: null, siteId: null });

    // 按班级列出：开班机构、本市与省级都看得到，视频可按 Range 播放
    for (const account of ['train_org', 'sjz_admin', 'admin']) {
      const list = await post<{ list: RecordingItem[]; total: number }>(account, '/recording/list', { planCode: published.code });
      expect(list.status, account).toBe(200);
      expect(list.body.data.list.map((r) => r.id)).toEqual([saved.body.data.id]);
    }
    const video = await fetchFile(db, saved.body.data.videoUrl, tokens.sjz_admin, { range: 'bytes=0-99' });
    expect(video.status).toBe(206);
    expect(video.headers.get('content-type')).toBe('video/webm');

    const training = await classIn(CLASS_STATUS.IN_TRAINING);
    expect((await rowOf('sjz_admin', training.code)).actions).toContain('record');
    const byCity = await post<RecordingItem>('sjz_admin', '/recording/save', await payload(training.code, 'sjz_admin'));
    expect(byCity.status).toBe(200);
    // 培训班没有考点
    const withSite = await post('train_org', '/recording/save', await payload(training.code, 'train_org', { siteCode: '1' }));
    expect(withSite.status).toBe(400);
    expect(withSite.body.returnMsg).toBe('培训班没有考点，请不要指定考点编号');
  });

  it('草稿的班不能录也没有录像可看：说明原因，行操作没有“录像”，一行不写', async () => {
    const c = await classIn(CLASS_STATUS.DRAFT);
    const res = await post('train_org', '/recording/save', await payload(c.code));
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe('培训班当前为「草稿」，已发布或培训中的培训班才能录像');
    const ctx = await post<RecordingContext>('train_org', '/recording/context', { planCode: c.code });
    expect(ctx.body.data).toMatchObject({ canRecord: false, reason: '培训班当前为「草稿」，已发布或培训中的培训班才能录像' });
    const { actions } = await rowOf('train_org', c.code);
    expect(actions).not.toContain('record');
    expect(actions).not.toContain('recordings');
    expect(await db.select().from(recordings).where(eq(recordings.classId, c.id))).toEqual([]);
  });

  it('已结业、已考核的班：培训中录的录像仍可列出与播放（行操作有“录像”），但不能再录，说明原因，一行不写', async () => {
    for (const [status, name] of [
      [CLASS_STATUS.FINISHED, '已结业'],
      [CLASS_STATUS.ASSESSED, '已考核'],
    ] as const) {
      const c = await classIn(CLASS_STATUS.IN_TRAINING);
      const saved = await post<RecordingItem>('train_org', '/recording/save', await payload(c.code));
      expect(saved.status).toBe(200);
      await setClass(db, c.id, { status });

      for (const account of ['train_org', 'sjz_admin', 'admin', 'teacher']) {
        const { actions } = await rowOf(account, c.code);
        expect(actions, account).toContain('recordings');
        expect(actions, account).not.toContain('record');
        const list = await post<{ list: RecordingItem[]; total: number }>(account, '/recording/list', { planCode: c.code });
        expect(list.status, account).toBe(200);
        expect(list.body.data.list.map((r) => r.id)).toEqual([saved.body.data.id]);
      }
      const video = await fetchFile(db, saved.body.data.videoUrl, tokens.train_org, { range: 'bytes=0-99' });
      expect(video.status).toBe(206);

      const refused = `培训班当前为「${name}」，已发布或培训中的培训班才能录像`;
      const res = await post('train_org', '/recording/save', await payload(c.code));
      expect(res.status).toBe(400);
      expect(res.body.returnMsg).toBe(refused);
      const ctx = await post<RecordingContext>('train_org', '/recording/context', { planCode: c.code });
      expect(ctx.body.data).toMatchObject({ canRecord: false, reason: refused });
      expect((await db.select().from(recordings).where(eq(recordings.classId, c.id))).map((r) => r.id)).toEqual([saved.body.data.id]);
    }
  });

  it('作废的班：发布后才申请作废的仍可看录像，审核通过就作废的（从未发布）没有“录像”', async () => {
    const afterPublish = await classIn(CLASS_STATUS.DISCARDED);
    await setClass(db, afterPublish.id, { statusBeforeDiscard: CLASS_STATUS.IN_TRAINING });
    expect((await rowOf('train_org', afterPublish.code)).actions).toEqual(['recordings']);
    const neverPublished = await classIn(CLASS_STATUS.DISCARD_PENDING);
    await setClass(db, neverPublished.id, { statusBeforeDiscard: CLASS_STATUS.APPROVED });
    expect((await rowOf('train_org', neverPublished.code)).actions).not.toContain('recordings');
  });

  it('范围外的班（别的机构、别的市）与不存在的编号：404，与考试计划同一句话', async () => {
    const c = await classIn(CLASS_STATUS.PUBLISHED);
    // 别的市的管理员
    const bd = await post('bd_admin', '/recording/save', await payload(c.code, 'train_org'));
    expect(bd.status).toBe(404);
    expect(bd.body.returnMsg).toBe(NOT_FOUND);
    expect((await post('bd_admin', '/recording/list', { planCode: c.code })).body.returnMsg).toBe(NOT_FOUND);
    // 别的机构：把班挪到企业名下，明德培训就看不到了
    const [ent] = await db.select({ orgId: users.orgId }).from(users).where(eq(users.account, 'enterprise'));
    await setClass(db, c.id, { orgId: ent.orgId! });
    const other = await post('train_org', '/recording/save', await payload(c.code));
    expect(other.status).toBe(404);
    expect(other.body.returnMsg).toBe(NOT_FOUND);
    expect((await post('train_org', '/recording/context', { planCode: c.code })).status).toBe(404);
    // 不存在的班级编号
    const missing = await post('train_org', '/recording/save', await payload('PX2099999999'));
    expect(missing.status).toBe(404);
    expect(missing.body.returnMsg).toBe(NOT_FOUND);
    expect(await db.select().from(recordings).where(eq(recordings.classId, c.id))).toEqual([]);
  });

  it('没有录像权限的（明德培训的教师只能查看培训班）：保存 403，可以看列表，准备信息说明原因，行操作没有“录像”', async () => {
    const c = await classIn(CLASS_STATUS.PUBLISHED);
    const body = await payload(c.code);
    const res = await post('teacher', '/recording/save', body);
    expect(res.status).toBe(403);
    const ctx = await post<RecordingContext>('teacher', '/recording/context', { planCode: c.code });
    expect(ctx.body.data).toMatchObject({ canRecord: false, reason: '您没有录像的权限' });
    expect((await post<{ total: number }>('teacher', '/recording/list', { planCode: c.code })).status).toBe(200);
    expect((await rowOf('teacher', c.code)).actions).not.toContain('record');
    expect((await rowOf('teacher', c.code)).actions).toContain('recordings');
    // 企业（别的机构）有开班权限，但不是这个班的：404
    expect((await post('enterprise', '/recording/context', { planCode: c.code })).body.returnMsg).toBe(NOT_FOUND);
    expect(await db.select().from(recordings).where(eq(recordings.classId, c.id))).toEqual([]);
  });

  it('表上的约束：一行录像恰好属于考试计划与培训班之一', async () => {
    const c = await classIn(CLASS_STATUS.PUBLISHED);
    const saved = await post<RecordingItem>('train_org', '/recording/save', await payload(c.code));
    expect(saved.status).toBe(200);
    const [plan] = await db.select({ planId: recordings.planId }).from(recordings).where(isNotNull(recordings.planId)).limit(1);
    await expect(db.update(recordings).set({ planId: plan.planId, planStep: 4 }).where(eq(recordings.id, saved.body.data.id))).rejects.toThrow();
    await expect(db.update(recordings).set({ classId: null }).where(eq(recordings.id, saved.body.data.id))).rejects.toThrow();
  });
});

// 录像：保存前检查载荷（时间、时长、文件须是本人上传的视频与图片、大小以上传服务为准），计划编号在服务端解析——
// 别的机构、别的市的计划一律 404；取消的、未审核通过的计划不能录；同一段视频只保存一次；列表按计划（与考点）列出，
// 视频经 /files 播放（支持 Range）。另有演示数据里的一段录像。
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { type ExamPlan } from '@/lib/domains/exaPlan/tables';
import { examSites } from '@/lib/domains/examSite/tables';
import { PLAN_STATE, PLAN_STEP } from '@/lib/domains/exaPlan/transitions';
import { fileRefs } from '@/lib/domains/file/tables';
import { recordings } from '@/lib/domains/recording/tables';
import type { RecordingContext, RecordingItem } from '@/lib/domains/recording/schemas';
import { formatBeijing } from '@/lib/platform/time';
import type { Db } from '@/lib/platform/db/client';
import { BD_EVAL, filedExamSiteId, login, makePlan, post, type Paged } from '../examSite/helpers';
import { fetchFile, tokenOf, upload } from '../file/helpers';

const { db } = setupTestDb();

const WEBM = fs.readFileSync(path.join(process.cwd(), 'assets', 'recording', 'exam-demo-recording.webm'));
const PNG = fs.readFileSync(path.join(process.cwd(), 'assets', 'recording', 'exam-demo-recording-cover.png'));

const tokens: Record<string, string> = {};
beforeAll(async () => {
  await login('eval_org', 'sjz_admin', 'bd_admin', 'supervisor');
  const d = await db();
  for (const a of ['eval_org', 'sjz_admin']) tokens[a] = await tokenOf(d, a);
});

/** 经上传服务上传：视频（video）或截图（attachment），返回地址 */
async function uploaded(account: string, kind: 'video' | 'image'): Promise<{ url: string; fileSize: number }> {
  const res = await upload(tokens[account], [kind === 'video' ? ['rec.webm', WEBM] : ['shot.png', PNG]], { purpose: kind === 'video' ? 'video' : 'attachment' });
  expect(res.status).toBe(200);
  return res.body.data![0];
}

async function addSite(d: Db, plan: ExamPlan): Promise<number> {
  const [site] = await d
    .insert(examSites)
    .values({ planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, filingSiteId: await filedExamSiteId(d, plan), name: '录像测试考点', address: '石家庄市长安区' })
    .returning();
  return site.id;
}

const ago = (seconds: number) => formatBeijing(new Date(Date.now() - seconds * 1000));

/** 一份合格的载荷：两分钟前开始、录了 60 秒，一张截图 */
async function payload(plan: ExamPlan, over: Record<string, unknown> = {}) {
  const video = await uploaded('eval_org', 'video');
  const shot = await uploaded('eval_org', 'image');
  return {
    planCode: plan.code,
    planStep: plan.step,
    recordingTime: ago(120),
    videoDuration: 60,
    videoUrl: video.url,
    videoSize: video.fileSize,
    videoPicture: shot.url,
    screenshots: [{ url: shot.url, time: ago(119) }],
    ...over,
  };
}

describe('录像', () => {
  it('演示数据：考务安排中的计划有一段可播放的录像', async () => {
    const d = await db();
    const [seeded] = await d.select().from(recordings);
    expect(seeded).toBeTruthy();
    const list = await post<Paged<RecordingItem>>('eval_org', '/recording/list', { planCode: seeded.planCode });
    expect(list.status).toBe(200);
    expect(list.body.data.list[0]).toMatchObject({ videoDuration: 4, planStep: PLAN_STEP.EXAM_AFFAIRS, stepName: '考务安排' });
    const video = await fetchFile(d, list.body.data.list[0].videoUrl, tokens.eval_org, { range: 'bytes=0-99' });
    expect(video.status).toBe(206);
    expect(video.headers.get('content-type')).toBe('video/webm');
    const cover = await fetchFile(d, list.body.data.list[0].videoPicture!, tokens.eval_org);
    expect(cover.status).toBe(200);
    // 第 4 步：先存本机、保存时上传
    const ctx = await post<RecordingContext>('eval_org', '/recording/context', { planCode: seeded.planCode });
    expect(ctx.body.data).toMatchObject({ planStep: 4, localFirst: true, canRecord: true, reason: null });
  });

  it('保存后按计划与考点列出；大小以上传服务为准，文件登记引用；同一段视频不能保存两次', async () => {
    const d = await db();
    const plan = await makePlan(d, undefined, { step: PLAN_STEP.SCORES });
    const siteId = await addSite(d, plan);
    const ctx = await post<RecordingContext>('eval_org', '/recording/context', { planCode: plan.code, siteCode: String(siteId) });
    expect(ctx.body.data).toMatchObject({ siteName: '录像测试考点', localFirst: false, canRecord: true });

    const body = await payload(plan, { siteCode: String(siteId), videoSize: undefined });
    const saved = await post<RecordingItem>('eval_org', '/recording/save', body);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ planCode: plan.code, siteName: '录像测试考点', videoDuration: 60, videoSize: WEBM.length, planStep: PLAN_STEP.SCORES });
    const refs = await d.select().from(fileRefs).where(and(eq(fileRefs.entity, 'recording'), eq(fileRefs.entityId, saved.body.data.id)));
    expect(refs).toHaveLength(2);

    const again = await post('eval_org', '/recording/save', body);
    expect(again.status).toBe(409);
    expect(again.body.returnMsg).toBe('该段录像已经保存过');

    // 不挂考点的一段：按计划列出两段（新的在前），按考点只有一段
    const second = await post<RecordingItem>('eval_org', '/recording/save', await payload(plan, { recordingTime: ago(30), videoDuration: 20, screenshots: [] }));
    expect(second.status).toBe(200);
    const all = await post<Paged<RecordingItem>>('sjz_admin', '/recording/list', { planCode: plan.code });
    expect(all.body.data.list.map((r) => r.id)).toEqual([second.body.data.id, saved.body.data.id]);
    const bySite = await post<Paged<RecordingItem>>('supervisor', '/recording/list', { planCode: plan.code, siteCode: String(siteId) });
    expect(bySite.body.data.list.map((r) => r.id)).toEqual([saved.body.data.id]);
  });

  it('校验载荷：必填、时间格式与先后、时长、文件种类与来源、大小', async () => {
    const d = await db();
    const plan = await makePlan(d, undefined, { step: PLAN_STEP.EXAM_AFFAIRS });
    const good = await payload(plan);
    const expect400 = async (over: Record<string, unknown>, message: string) => {
      const res = await post('eval_org', '/recording/save', { ...good, ...over });
      expect(res.status, message).toBe(400);
      expect(res.body.returnMsg).toContain(message);
    };
    await expect400({ planCode: '' }, '请输入计划编号');
    await expect400({ recordingTime: '2026/01/01 09:00' }, '录制时间格式应为 YYYY-MM-DD HH:mm:ss');
    await expect400({ recordingTime: '2026-02-30 09:00:00' }, '录制时间不正确');
    await expect400({ videoDuration: 0 }, '视频时长不能小于 1');
    await expect400({ videoUrl: 'https://evil.example.com/a.webm' }, '视频须是经本系统上传得到的地址');
    await expect400({ recordingTime: ago(-3600) }, '录制时间加时长晚于当前时间');
    await expect400({ recordingTime: ago(40 * 86400) }, '只能保存 30 天内的录像');
    await expect400({ screenshots: [{ url: good.videoPicture, time: ago(3600) }] }, '不在录制时间之内');
    await expect400({ videoUrl: good.videoPicture }, '视频须是视频');
    await expect400({ videoPicture: good.videoUrl }, '封面须是图片');
    await expect400({ videoSize: good.videoSize + 1 }, '视频大小与上传的文件不一致');
    await expect400({ videoUrl: '/files/0000000000x/abcdefghijklmnopqrst.webm' }, '视频文件不存在或不是本人上传的');
    // 别人上传的文件（同市的管理员）不能拿来用
    const other = await uploaded('sjz_admin', 'video');
    await expect400({ videoUrl: other.url, videoSize: other.fileSize }, '视频文件不存在或不是本人上传的');
    expect(await d.select().from(recordings).where(eq(recordings.planId, plan.id))).toEqual([]);
  });

  it('别的机构、别的市的计划 404；取消的、未审核的计划不能录；没有录像权限的 403', async () => {
    const d = await db();
    const mine = await makePlan(d, undefined, { step: PLAN_STEP.EXAM_AFFAIRS });
    const theirs = await makePlan(d, BD_EVAL, { step: PLAN_STEP.EXAM_AFFAIRS });
    const body = await payload(theirs);
    const refused = await post('eval_org', '/recording/save', body);
    expect(refused.status).toBe(404);
    expect(refused.body.returnMsg).toBe('考试计划或培训班不存在或不在您的管辖范围内');
    expect((await post('eval_org', '/recording/list', { planCode: theirs.code })).status).toBe(404);
    expect((await post('bd_admin', '/recording/list', { planCode: mine.code })).status).toBe(404);
    expect((await post('bd_admin', '/recording/context', { planCode: mine.code })).status).toBe(404);
    // 另一份计划的考点
    const theirSite = await addSite(d, theirs);
    const wrongSite = await post('eval_org', '/recording/save', { ...(await payload(mine)), siteCode: String(theirSite) });
    expect(wrongSite.status).toBe(404);
    expect(wrongSite.body.returnMsg).toBe('考点不存在或不属于该考试计划');

    const cancelled = await makePlan(d, undefined, { step: PLAN_STEP.EXAM_AFFAIRS, state: PLAN_STATE.CANCELLED });
    const c = await post('eval_org', '/recording/save', await payload(cancelled));
    expect(c.status).toBe(400);
    expect(c.body.returnMsg).toBe('计划已取消，不能录像');
    const draft = await makePlan(d, undefined, { step: PLAN_STEP.DRAFT });
    expect((await post('eval_org', '/recording/save', await payload(draft))).body.returnMsg).toBe('计划审核通过后才能录像');
    const ctx = await post<RecordingContext>('eval_org', '/recording/context', { planCode: draft.code });
    expect(ctx.body.data).toMatchObject({ canRecord: false, reason: '计划审核通过后才能录像' });

    // 督导员可以看，不能录
    expect((await post('supervisor', '/recording/save', await payload(mine))).status).toBe(403);
    const sup = await post<RecordingContext>('supervisor', '/recording/context', { planCode: mine.code });
    expect(sup.body.data).toMatchObject({ canRecord: false, reason: '您没有录像的权限' });
    expect(await d.select().from(recordings).where(eq(recordings.planId, theirs.id))).toEqual([]);
  });
});

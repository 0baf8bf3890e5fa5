// 演示录像：演示评价机构（eval_org）一份处于“考务安排”的技能等级认定计划，在其第一个考点有一段录像。
// 视频与封面是随仓库提交的小文件（assets/recording，scripts/recording-sample.ts 用 Chromium 的假摄像头录制），
// 写进当前存储并登记为该机构账号上传的文件，录像列表里可以直接播放。已有录像的计划不动（可重复执行）。
// 须在考试计划与考点考场的种子之后运行。
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { getStorage } from '@/lib/platform/storage';
import { formatBeijing } from '@/lib/platform/time';
import { users } from '../user/tables';
import { examPlans, examSites, type ExamPlan } from '../exaPlan/tables';
import { PLAN_STATE, PLAN_STEP } from '../exaPlan/transitions';
import { FORMATS, type FileExt, type UploadPurpose } from '../file/schemas';
import { FILE_STATUS, fileUploads } from '../file/tables';
import { fileUrl } from '../file/service';
import { insertRecording } from './service';
import { recordings } from './tables';

const ASSETS = path.join(process.cwd(), 'assets', 'recording');
/** 演示录像的时长（秒，与 assets 里的视频一致） */
const DEMO_SECONDS = 4;

/** 用固定的键写进存储并登记（反复写种子不会在存储里越积越多）；返回地址 */
async function storeAsset(db: Db, file: string, ext: FileExt, purpose: UploadPurpose, owner: { id: number; orgId: number; cityId: number | null }): Promise<{ url: string; size: number }> {
  const bytes = fs.readFileSync(path.join(ASSETS, file));
  const key = `seed-recording/${file}`;
  const storage = getStorage();
  if (!(await storage.stat(key))) await storage.put(key, bytes, { contentType: FORMATS[ext].mime, size: bytes.length });
  await db
    .insert(fileUploads)
    .values({
      storageKey: key,
      originalName: file,
      ext,
      mime: FORMATS[ext].mime,
      kind: FORMATS[ext].kind,
      purpose,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      status: FILE_STATUS.READY,
      ownerId: owner.id,
      orgId: owner.orgId,
      cityId: owner.cityId,
    })
    .onConflictDoNothing();
  return { url: fileUrl(key), size: bytes.length };
}

export async function seedRecordings(db: Db): Promise<void> {
  const [account] = await db.select({ id: users.id, orgId: users.orgId, realName: users.realName }).from(users).where(eq(users.account, 'eval_org'));
  if (!account?.orgId) return;
  const [plan]: ExamPlan[] = await db
    .select()
    .from(examPlans)
    .where(and(eq(examPlans.orgId, account.orgId), eq(examPlans.kind, 0), eq(examPlans.step, PLAN_STEP.EXAM_AFFAIRS), eq(examPlans.state, PLAN_STATE.WORKING)))
    .orderBy(asc(examPlans.id))
    .limit(1);
  if (!plan) return;
  const [had] = await db.select({ id: recordings.id }).from(recordings).where(eq(recordings.planId, plan.id)).limit(1);
  if (had) return;
  const [site] = await db.select({ id: examSites.id }).from(examSites).where(eq(examSites.planId, plan.id)).orderBy(asc(examSites.id)).limit(1);
  const owner = { id: account.id, orgId: plan.orgId, cityId: plan.cityId };
  const video = await storeAsset(db, 'exam-demo-recording.webm', 'webm', 'video', owner);
  const cover = (await storeAsset(db, 'exam-demo-recording-cover.png', 'png', 'attachment', owner)).url;
  // 昨天上午九点开考时录的
  const start = new Date(Date.parse(`${formatBeijing(new Date(Date.now() - 86_400_000)).slice(0, 10)}T09:00:00+08:00`));
  await insertRecording(
    db,
    { plan, siteId: site?.id ?? null },
    {
      recordingTime: start,
      videoDuration: DEMO_SECONDS,
      videoUrl: video.url,
      videoSize: video.size,
      videoPicture: cover,
      screenshots: [{ url: cover, time: formatBeijing(new Date(start.getTime() + 1000)) }],
      createdBy: account.id,
      createdByName: account.realName ?? 'eval_org',
    },
  );
}

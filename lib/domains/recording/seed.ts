// 演示录像：演示评价机构（eval_org）一份处于“考务安排”的技能等级认定计划，在其第一个考点有一段录像。
// 视频与封面是随仓库提交的小文件（assets/recording，scripts/recording-sample.ts 用 Chromium 的假摄像头录制），
// 经上传服务的种子入口存为该机构账号上传的文件（视频与录像一样私有：本机构与管辖它的管理员可读），录像列表里可以直接播放。已有录像的计划不动（可重复执行）。
// 须在考试计划与考点考场的种子之后运行。
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { formatBeijing } from '@/lib/platform/time';
import { users } from '../user/tables';
import { examPlans, type ExamPlan } from '../exaPlan/tables';
import { examSites } from '../examSite/tables';
import { PLAN_STATE, PLAN_STEP } from '../exaPlan/transitions';
import type { UploadPurpose } from '../file/schemas';
import { storeSeedFile, type FileOwner } from '../file/service';
import { insertRecording } from './service';
import { recordings } from './tables';

const ASSETS = path.join(process.cwd(), 'assets', 'recording');
/** 演示录像的时长（秒，与 assets 里的视频一致） */
const DEMO_SECONDS = 4;

/** 经上传服务的种子入口存下（与上传相同的处理、登记与读权限；固定的键，反复写种子不越积越多）；返回地址与大小 */
async function storeAsset(db: Db, file: string, purpose: UploadPurpose, owner: FileOwner): Promise<{ url: string; size: number }> {
  const saved = await storeSeedFile(db, { directory: 'seed-recording', logicalName: path.parse(file).name, data: fs.readFileSync(path.join(ASSETS, file)), fileName: file, purpose, owner });
  return { url: saved.url, size: saved.fileSize };
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
  const video = await storeAsset(db, 'exam-demo-recording.webm', 'video', owner);
  const cover = (await storeAsset(db, 'exam-demo-recording-cover.png', 'attachment', owner)).url;
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

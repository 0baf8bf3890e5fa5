// 录像的规则：计划编号（或 PX 开头的培训班编号）在服务端解析（范围外 404，机构、市不取自客户端）；计划审核通过且未取消才可录，
// 培训班已发布或培训中才可录（trainClass/transitions.ts 的 canRecordClass，与班级列表的“录像”行操作同一规则）；
// 视频、封面、截图须是本人刚经上传服务上传的文件（视频是视频、图片是图片），保存时登记引用；
// 时长、大小、步骤以服务端所知为准。列表按计划（可再按考点）或按培训班，新的在前。
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import { assertInScope } from '@/lib/platform/auth/scope';
import { can, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { fetchPage } from '@/lib/platform/db/paged';
import { withUniqueMessage } from '@/lib/platform/db/save-row';
import { formatBeijing } from '@/lib/platform/time';
import { examPlans, type ExamPlan } from '../exaPlan/tables';
import { examSites } from '../examSite/tables';
import { PLAN_STATE, PLAN_STEP, STEP_LABEL } from '../exaPlan/transitions';
import { trainClasses, type TrainClass } from '../trainClass/tables';
import { canRecordClass, classStatusLabel, RECORDABLE_STATUSES } from '../trainClass/transitions';
import type { FileKind } from '../file/schemas';
import { FILE_STATUS, fileUploads } from '../file/tables';
import { attachFiles, keyOfUrl } from '../file/service';
import {
  CLASS_RECORD_PERMISSIONS,
  CLASS_VIEW_PERMISSIONS,
  CLOCK_SKEW_SECONDS,
  isClassCode,
  isLocalFirst,
  MAX_RECORDING_AGE_DAYS,
  PLAN_RECORD_PERMISSIONS,
  PLAN_VIEW_PERMISSIONS,
} from './constants';
import { parseBeijing, type RecordingContext, type RecordingItem, type RecordingSave } from './schemas';
import { recordings, type Recording } from './tables';

/** 引用文件时的业务对象名（file_ref.entity） */
export const RECORDING_ENTITY = 'recording';

interface Target {
  planCode: string;
  siteCode?: string;
}

const NO_PERMISSION = '您没有录像的权限';

type Resolved = { kind: 'plan'; plan: ExamPlan; site: { id: number; name: string } | null } | { kind: 'class'; trainClass: TrainClass };

/**
 * 编号 → 范围内的考试计划或培训班（PX 开头为培训班）；考点编号须是该计划的考点，培训班没有考点。
 * 范围外与不存在一样（404），计划与培训班同一句话：“考试计划或培训班不存在或不在您的管辖范围内”。
 * 当前用户须能看这一种（计划或培训班）的录像，否则 403。
 */
async function resolveTarget(db: Db, session: Session, target: Target): Promise<Resolved> {
  if (isClassCode(target.planCode)) {
    const [row] = await db.select().from(trainClasses).where(eq(trainClasses.code, target.planCode));
    const trainClass = assertInScope(session.user, row, '考试计划或培训班');
    if (!can(session, CLASS_VIEW_PERMISSIONS)) throw ApiError.forbidden('您没有查看培训班录像的权限');
    if (target.siteCode !== undefined) throw ApiError.badRequest('培训班没有考点，请不要指定考点编号', { siteCode: '培训班没有考点' });
    return { kind: 'class', trainClass };
  }
  const [row] = await db.select().from(examPlans).where(eq(examPlans.code, target.planCode));
  const plan = assertInScope(session.user, row, '考试计划或培训班');
  if (!can(session, PLAN_VIEW_PERMISSIONS)) throw ApiError.forbidden('您没有查看考试计划录像的权限');
  if (target.siteCode === undefined) return { kind: 'plan', plan, site: null };
  const [site] = await db
    .select({ id: examSites.id, name: examSites.name })
    .from(examSites)
    .where(and(eq(examSites.id, Number(target.siteCode)), eq(examSites.planId, plan.id)));
  if (!site) throw ApiError.notFound('考点不存在或不属于该考试计划');
  return { kind: 'plan', plan, site };
}

interface Refusal {
  /** 403：没有录像的权限；400：此刻不能录 */
  status: 400 | 403;
  reason: string;
}

/** 此刻不能为该计划或培训班录像的原因；可以时为 null */
function refusal(session: Session, target: Resolved): Refusal | null {
  if (target.kind === 'class') {
    const c = target.trainClass;
    if (!can(session, CLASS_RECORD_PERMISSIONS)) return { status: 403, reason: NO_PERMISSION };
    // RECORDABLE_STATUSES：已发布、培训中
    if (!RECORDABLE_STATUSES.includes(c.status)) return { status: 400, reason: `培训班当前为「${classStatusLabel(c.status)}」，已发布或培训中的培训班才能录像` };
    // 其余（范围内却既不是开班机构、也不是所在市与省级的用户，如县级）：与班级列表的行操作同一规则
    if (!canRecordClass(c, session.user, (p) => can(session, p))) return { status: 403, reason: '只有开班机构、班级所在市与省级的管理员可以为培训班录像' };
    return null;
  }
  const { plan } = target;
  if (!can(session, PLAN_RECORD_PERMISSIONS)) return { status: 403, reason: NO_PERMISSION };
  if (plan.state === PLAN_STATE.CANCELLED) return { status: 400, reason: '计划已取消，不能录像' };
  if (plan.step < PLAN_STEP.IMPLEMENT) return { status: 400, reason: '计划审核通过后才能录像' };
  return null;
}

/** POST /recording/context：打开录制对话框前，计划（与考点）或培训班是否可录、按哪种方式保存 */
export async function recordingContext(db: Db, session: Session, filter: Target): Promise<RecordingContext> {
  const target = await resolveTarget(db, session, filter);
  const reason = refusal(session, target)?.reason ?? null;
  if (target.kind === 'class') {
    const c = target.trainClass;
    return {
      kind: 'class',
      planCode: c.code,
      planName: c.name,
      planStep: null,
      stepName: classStatusLabel(c.status),
      siteCode: null,
      siteName: null,
      // 培训班的录像结束后先上传（先存本机只用于考试计划的第 2、4 步）
      localFirst: false,
      canRecord: reason === null,
      reason,
    };
  }
  const { plan, site } = target;
  return {
    kind: 'plan',
    planCode: plan.code,
    planName: plan.name,
    planStep: plan.step,
    stepName: STEP_LABEL[plan.step],
    siteCode: site ? String(site.id) : null,
    siteName: site?.name ?? null,
    localFirst: isLocalFirst(plan.step),
    canRecord: reason === null,
    reason,
  };
}

interface FileRow {
  url: string;
  kind: string;
  size: number;
  ownerId: number | null;
}

/** 载荷里的文件：须是本人上传、已可用、种类相符（视频或图片） */
async function ownFiles(db: Db, session: Session, wanted: { url: string; kind: FileKind; label: string }[]): Promise<Map<string, FileRow>> {
  const keys = wanted.map((w) => keyOfUrl(w.url)).filter((k): k is string => k !== null);
  const rows = keys.length
    ? await db
        .select({ key: fileUploads.storageKey, kind: fileUploads.kind, size: fileUploads.size, ownerId: fileUploads.ownerId, status: fileUploads.status })
        .from(fileUploads)
        .where(inArray(fileUploads.storageKey, keys))
    : [];
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const out = new Map<string, FileRow>();
  for (const w of wanted) {
    const row = byKey.get(keyOfUrl(w.url) ?? '');
    if (!row || row.status !== FILE_STATUS.READY || row.ownerId !== session.user.id) throw ApiError.badRequest(`${w.label}文件不存在或不是本人上传的，请重新上传`);
    if (row.kind !== w.kind) throw ApiError.badRequest(`${w.label}须是${w.kind === 'video' ? '视频（webm、mp4）' : '图片'}`);
    out.set(w.url, { url: w.url, kind: row.kind, size: row.size, ownerId: row.ownerId });
  }
  return out;
}

/** 开始时间、时长与截图时间合得上，且不在将来 */
function checkTimes(input: RecordingSave, now: Date): Date {
  const start = parseBeijing(input.recordingTime)!;
  const skew = CLOCK_SKEW_SECONDS * 1000;
  const end = start.getTime() + input.videoDuration * 1000;
  if (end > now.getTime() + skew) throw ApiError.badRequest('录制时间加时长晚于当前时间，请检查本机时间', { recordingTime: '录制时间不正确' });
  if (start.getTime() < now.getTime() - MAX_RECORDING_AGE_DAYS * 86_400_000) throw ApiError.badRequest(`只能保存 ${MAX_RECORDING_AGE_DAYS} 天内的录像`, { recordingTime: '录制时间过早' });
  for (const shot of input.screenshots) {
    const at = parseBeijing(shot.time)!.getTime();
    if (at < start.getTime() - skew || at > end + skew) throw ApiError.badRequest(`截图时间 ${shot.time} 不在录制时间之内`, { screenshots: '截图时间不正确' });
  }
  return start;
}

/** POST /recording/save：保存一段录像（视频与截图已经上传） */
export async function saveRecording(db: Db, session: Session, input: RecordingSave, audit: Audit): Promise<RecordingItem> {
  const target = await resolveTarget(db, session, input);
  const refused = refusal(session, target);
  if (refused) throw refused.status === 403 ? ApiError.forbidden(refused.reason) : ApiError.badRequest(refused.reason);
  const site = target.kind === 'plan' ? target.site : null;
  const start = checkTimes(input, new Date());
  const shots = input.screenshots;
  const files = await ownFiles(db, session, [
    { url: input.videoUrl, kind: 'video', label: '视频' },
    ...(input.videoPicture ? [{ url: input.videoPicture, kind: 'image' as const, label: '封面' }] : []),
    ...shots.map((s) => ({ url: s.url, kind: 'image' as const, label: '截图' })),
  ]);
  const videoSize = files.get(input.videoUrl)!.size;
  if (input.videoSize !== undefined && input.videoSize !== videoSize) throw ApiError.badRequest('视频大小与上传的文件不一致，请重新上传', { videoSize: '视频大小不一致' });
  const user = session.user;
  const row = await withUniqueMessage('该段录像已经保存过', () =>
    db.transaction((tx) =>
      insertRecording(
        tx,
        target.kind === 'plan' ? { plan: target.plan, siteId: site?.id ?? null } : { trainClass: target.trainClass },
        {
          recordingTime: start,
          videoDuration: input.videoDuration,
          videoUrl: input.videoUrl,
          videoSize,
          videoPicture: input.videoPicture ?? shots[0]?.url ?? null,
          screenshots: shots.map((s) => ({ url: s.url, time: s.time })),
          createdBy: user.id,
          createdByName: user.realName || user.nickName,
        },
        user,
      ),
    ),
  );
  audit({
    entity: RECORDING_ENTITY,
    entityId: row.id,
    after: { planCode: row.planCode, classId: row.classId, siteId: row.siteId, recordingTime: input.recordingTime, videoDuration: row.videoDuration, videoUrl: row.videoUrl, screenshots: shots.length },
    detail: `保存录像（${target.kind === 'class' ? '培训班' : '计划'} ${row.planCode}${site ? `，考点 ${site.name}` : ''}，${row.videoDuration} 秒）`,
  });
  return toItem(row, site?.name ?? null);
}

type RecordingValues = Pick<typeof recordings.$inferInsert, 'recordingTime' | 'videoDuration' | 'videoUrl' | 'videoSize' | 'videoPicture' | 'screenshots' | 'createdBy' | 'createdByName'>;

/** 录像挂在哪里：考试计划（可再到考点）或培训班 */
export type RecordingTarget = { plan: ExamPlan; siteId: number | null } | { trainClass: TrainClass };

/** 写一行录像（机构、市、编号与步骤取自计划或培训班）并登记它引用的文件；保存与种子共用。by 给出时检查私有文件对其可用 */
export async function insertRecording(db: Db, target: RecordingTarget, values: RecordingValues, by?: SessionUser): Promise<Recording> {
  const owner =
    'plan' in target
      ? { planId: target.plan.id, planCode: target.plan.code, planStep: target.plan.step, siteId: target.siteId, orgId: target.plan.orgId, cityId: target.plan.cityId }
      : { classId: target.trainClass.id, planCode: target.trainClass.code, orgId: target.trainClass.orgId, cityId: target.trainClass.cityId };
  const [saved] = await db
    .insert(recordings)
    .values({ ...owner, ...values })
    .returning();
  await attachFiles(db, { entity: RECORDING_ENTITY, entityId: saved.id }, [saved.videoUrl, saved.videoPicture, ...saved.screenshots.map((s) => s.url)], { by });
  return saved;
}

function toItem(r: Recording, siteName: string | null): RecordingItem {
  return {
    id: r.id,
    kind: r.classId === null ? 'plan' : 'class',
    planCode: r.planCode,
    planStep: r.planStep,
    stepName: r.planStep === null ? null : STEP_LABEL[r.planStep],
    siteCode: r.siteId === null ? null : String(r.siteId),
    siteName,
    recordingTime: formatBeijing(r.recordingTime),
    videoDuration: r.videoDuration,
    videoUrl: r.videoUrl,
    videoSize: r.videoSize,
    videoPicture: r.videoPicture,
    screenshots: r.screenshots,
    createdByName: r.createdByName,
    createTime: formatBeijing(r.createdAt),
  };
}

/** POST /recording/list：某计划（可再按考点）或某培训班的录像，新的在前 */
export async function listRecordings(db: Db, session: Session, filter: Target, page: Page): Promise<PageResult<RecordingItem>> {
  const target = await resolveTarget(db, session, filter);
  const where =
    target.kind === 'class'
      ? eq(recordings.classId, target.trainClass.id)
      : and(eq(recordings.planId, target.plan.id), target.site ? eq(recordings.siteId, target.site.id) : undefined);
  return fetchPage(
    page,
    db
      .select({ recording: recordings, siteName: examSites.name })
      .from(recordings)
      .leftJoin(examSites, eq(examSites.id, recordings.siteId))
      .where(where)
      .orderBy(desc(recordings.recordingTime), desc(recordings.id)),
    db.select({ total: count() }).from(recordings).where(where),
    (rows) => rows.map((r) => toItem(r.recording, r.siteName)),
  );
}

// 打印与下载：printCertificates（批量打印，每张证书的打印次数加一）、计划的全部证书一个 PDF（certificatesExport）、
// 一张证书的电子证书（downloadUrl，不计打印）、套打校准页与本人的 X/Y 偏移。
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import { FileResult } from '@/lib/platform/api/files';
import type { Session } from '@/lib/platform/auth/session';
import { scopeWhere } from '@/lib/platform/auth/scope';
import { loadPlan } from '../exaPlan/access';
import { PLAN_STEP } from '../exaPlan/transitions';
import { certificatePrintOffsets, certificates, certificateSeals, type Certificate } from './tables';
import { fileUploads } from '../file/tables';
import { attachFiles, detachFiles, keyOfUrl } from '../file/service';
import { CERT_STATUS } from './rules';
import { calibrationPage, orgNameOf, renderCertificates, streamCertificates, zipCertificates, type PrintMode } from './pdf';
import { loadCertificate } from './service';
import { assertPhotosReadable } from './photos';
import { enqueueTask } from '@/lib/platform/task/runner';
import { registerTask } from '@/lib/platform/task/registry';
import { ownerSession } from '../task/service';
import type { TaskStarted } from '../task/schemas';

/** 一次最多打印的张数 */
export const MAX_PRINT = 5000;

export async function offsetOf(db: Db, userId: number) {
  const [row] = await db.select().from(certificatePrintOffsets).where(eq(certificatePrintOffsets.userId, userId));
  return { offsetX: row?.offsetX ?? 0, offsetY: row?.offsetY ?? 0 };
}

export async function saveOffset(db: Db, session: Session, input: { offsetX: number; offsetY: number }, audit: Audit) {
  await db
    .insert(certificatePrintOffsets)
    .values({ userId: session.user.id, ...input })
    .onConflictDoUpdate({ target: certificatePrintOffsets.userId, set: { ...input, updatedAt: new Date() } });
  audit({ entity: 'certificate_print_offset', entityId: session.user.id, after: input, detail: `保存套打偏移 X ${input.offsetX} 毫米、Y ${input.offsetY} 毫米` });
  return input;
}

export async function calibration(db: Db, session: Session, input: { cerType?: number }) {
  return new FileResult(new Uint8Array(await calibrationPage(input.cerType ?? 0, await offsetOf(db, session.user.id))), 'pdf');
}

/** 范围内要打印的证书：ids 给出的，或一份计划的全部有效证书 */
async function printable(db: Db, session: Session, input: { ids?: number[]; planId?: number }): Promise<Certificate[]> {
  const scope = scopeWhere(session.user, { cityId: certificates.cityId, orgId: certificates.orgId });
  let list: Certificate[];
  if (input.ids?.length) {
    list = await db
      .select()
      .from(certificates)
      .where(and(inArray(certificates.id, input.ids), scope))
      .orderBy(asc(certificates.cerCode));
    if (list.length !== new Set(input.ids).size) throw ApiError.notFound('有证书不存在或不在您的管辖范围内');
  } else if (input.planId !== undefined) {
    const plan = await loadPlan(db, session.user, input.planId);
    if (plan.step < PLAN_STEP.CERTIFICATES) throw ApiError.badRequest('计划还没有到“证书管理”步骤，没有证书');
    list = await db
      .select()
      .from(certificates)
      .where(and(eq(certificates.planId, plan.id), eq(certificates.status, CERT_STATUS.VALID)))
      .orderBy(asc(certificates.cerCode));
  } else throw ApiError.badRequest('请选择要打印的证书或考试计划');
  if (!list.length) throw ApiError.badRequest('没有可打印的证书');
  if (list.length > MAX_PRINT) throw ApiError.badRequest(`一次最多打印 ${MAX_PRINT} 张证书，请分批打印`);
  const voided = list.find((c) => c.status !== CERT_STATUS.VALID);
  if (voided) throw ApiError.badRequest(`证书 ${voided.cerCode}（${voided.name}）已作废，不能打印`);
  return list;
}

export interface PrintInput {
  ids?: number[];
  planId?: number;
  mode?: PrintMode;
  /** true：发起后台任务（答复 { taskId }），进度与 PDF 在「我的任务」里；不给则照旧直接答复 PDF */
  background?: boolean;
}

const modeLabel = (mode: PrintMode | undefined) => (mode === 'overlay' ? '套打' : '整张');

/** 打印次数加一（重打也计） */
async function countPrinted(db: Db, list: readonly Certificate[]): Promise<void> {
  await db
    .update(certificates)
    .set({ printCount: sql`${certificates.printCount} + 1`, lastPrintedAt: new Date() })
    .where(
      inArray(
        certificates.id,
        list.map((c) => c.id),
      ),
    );
}

/** 生成打印的 PDF；onProgress 每页报一次 */
async function renderPrint(db: Db, session: Session, list: readonly Certificate[], mode: PrintMode | undefined, onProgress?: (done: number) => Promise<void>) {
  const offset = await offsetOf(db, session.user.id);
  return renderCertificates(db, list, { mode: mode ?? 'full', offset, title: '证书打印', verb: '打印', onProgress });
}

/** 批量打印：生成 PDF（整张或套打），每张的打印次数加一（重打也计）；background 时改为发起后台任务 */
export async function printCertificates(db: Db, session: Session, input: PrintInput, audit: Audit): Promise<FileResult | TaskStarted> {
  const list = await printable(db, session, input);
  // 照片读不出的证书不打印（不印空的照片框），整批拒绝，打印次数不变
  await assertPhotosReadable(db, list, '打印');
  if (input.background) {
    const started = await enqueueTask(db, {
      userId: session.user.id,
      kind: PRINT_TASK,
      title: `打印证书 ${list.length} 张（${modeLabel(input.mode)}）`,
      input: { ids: list.map((c) => c.id), mode: input.mode ?? 'full' },
      total: list.length,
    });
    audit({ entity: 'certificate', entityId: list[0].id, detail: `发起打印证书任务：${list.length} 张（${modeLabel(input.mode)}），任务 ${started.taskId}` });
    return started;
  }
  const pdf = await renderPrint(db, session, list, input.mode);
  await countPrinted(db, list);
  audit({ entity: 'certificate', entityId: list[0].id, detail: `打印证书 ${list.length} 张（${modeLabel(input.mode)}）` });
  return new FileResult(new Uint8Array(pdf), 'pdf');
}

/** 后台打印任务的种类 */
export const PRINT_TASK = 'certificate.print';

/**
 * 后台打印：按发起人此刻的范围重新取这些证书（期间被作废、移出范围的照常拒绝），逐页报告进度，
 * 生成完才计打印次数（取消或失败时不计）。
 */
registerTask<{ ids: number[]; mode: PrintMode }>(PRINT_TASK, {
  title: '打印证书',
  async run(ctx, input, progress) {
    const session = await ownerSession(ctx);
    const list = await printable(ctx.db, session, { ids: input.ids });
    await assertPhotosReadable(ctx.db, list, '打印');
    await progress(0, list.length);
    const pdf = await renderPrint(ctx.db, session, list, input.mode, (done) => progress(done));
    await progress(list.length);
    await countPrinted(ctx.db, list);
    ctx.audit({ entity: 'certificate', entityId: list[0].id, detail: `打印证书 ${list.length} 张（${modeLabel(input.mode)}，后台任务 ${ctx.taskId}）` });
    return { file: new FileResult(new Uint8Array(pdf), 'pdf'), result: { count: list.length } };
  },
});

/**
 * 一份计划的全部有效证书（电子证书，不计打印次数）：format pdf 一个 PDF（每张一页），zip 一个压缩包（每张一个 PDF）。
 * 都是流式发出，内存不随张数增长。
 */
export async function planCertificatesPdf(db: Db, session: Session, input: { planId: number; format?: 'pdf' | 'zip' }) {
  const list = await printable(db, session, { planId: input.planId });
  await assertPhotosReadable(db, list, '生成电子证书');
  if (input.format === 'zip') return new FileResult(await zipCertificates(db, list), 'zip');
  return new FileResult(await streamCertificates(db, list, { title: '电子证书' }), 'pdf');
}

// ---------- 印章图片 ----------

export const SEAL_ENTITY = 'certificate_seal';
export const SEAL_NOT_PNG = '印章须是 PNG 图片（建议透明背景、正方形），请重新上传';

function sealOrg(session: Session): number {
  if (session.user.orgId === null) throw ApiError.badRequest('只有评价机构可以设置本机构的印章');
  return session.user.orgId;
}

/** 本机构的印章：url 为空表示证书上画矢量圆章 */
export async function sealOf(db: Db, session: Session) {
  const orgId = sealOrg(session);
  const [row] = await db.select().from(certificateSeals).where(eq(certificateSeals.orgId, orgId));
  return { orgId, orgName: await orgNameOf(db, orgId), url: row?.url ?? null, updatedAt: row?.updatedAt ?? null };
}

/** 设置本机构的印章（上传服务的地址，须是 PNG 图片）；url 为空则删除，证书上改画矢量圆章 */
export async function saveSeal(db: Db, session: Session, input: { url: string | null }, audit: Audit) {
  const orgId = sealOrg(session);
  const ref = { entity: SEAL_ENTITY, entityId: orgId };
  const [before] = await db.select().from(certificateSeals).where(eq(certificateSeals.orgId, orgId));
  if (!input.url) {
    await db.transaction(async (tx) => {
      await tx.delete(certificateSeals).where(eq(certificateSeals.orgId, orgId));
      await detachFiles(tx, ref);
    });
    audit({ entity: SEAL_ENTITY, entityId: orgId, before: { url: before?.url ?? null }, after: { url: null }, detail: '删除印章图片，证书上画矢量圆章' });
    return { url: null };
  }
  const key = keyOfUrl(input.url);
  const [file] = key ? await db.select({ kind: fileUploads.kind, ext: fileUploads.ext }).from(fileUploads).where(eq(fileUploads.storageKey, key)) : [];
  if (file && (file.kind !== 'image' || file.ext !== 'png')) throw ApiError.badRequest(SEAL_NOT_PNG, { url: SEAL_NOT_PNG });
  await db.transaction(async (tx) => {
    // 不是经上传服务得到的、别的机构的私有文件：attachFiles 答 400
    await attachFiles(tx, ref, [input.url], { by: session.user });
    await tx
      .insert(certificateSeals)
      .values({ orgId, url: input.url!, updatedBy: session.user.id })
      .onConflictDoUpdate({ target: certificateSeals.orgId, set: { url: input.url!, updatedBy: session.user.id, updatedAt: new Date() } });
  });
  audit({ entity: SEAL_ENTITY, entityId: orgId, before: { url: before?.url ?? null }, after: { url: input.url }, detail: '设置印章图片' });
  return { url: input.url };
}

/** 一张证书的电子证书（作废的证书带“作废”水印） */
export async function certificatePdf(db: Db, session: Session, input: { id: number }) {
  const c = await loadCertificate(db, session.user, input.id);
  return new FileResult(new Uint8Array(await renderCertificates(db, [c], { title: c.cerCode, verb: '生成电子证书' })), 'pdf');
}

// 考务附件（签到表、现场照片等）：经上传服务保存并登记引用；属于计划，可指明场次与考场。改动只在第 4 步。
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import type { Session } from '@/lib/platform/auth/session';
import { formatBeijing } from '@/lib/platform/time';
import { fetchPage } from '@/lib/platform/db/paged';
import { attachFiles, detachFiles, displayName, keyOfUrl, storeFile } from '../file/service';
import { fileUploads } from '../file/tables';
import { examRooms, examSessions } from '../examSite/tables';
import { affairsActions, loadPlan, planForAffairs } from './context';
import { examAffairAttaches } from './tables';
import { ATTACH_KIND_LABEL, MAX_ATTACHES_PER_PLAN, type AttachItem, type AttachKind } from './schemas';

const ENTITY = 'exam_affair_attach';
const WHAT = '上传考务附件';

export interface AttachTarget {
  planId: number;
  sessionId?: number;
  roomId?: number;
  kind: AttachKind;
}

/** 计划的考务附件（可按场次、类别） */
export async function listAttaches(db: Db, session: Session, filter: { planId: number; sessionId?: number; kind?: AttachKind }, page: Page): Promise<PageResult<AttachItem>> {
  const plan = await loadPlan(db, session.user, filter.planId);
  const deletable = affairsActions(plan, session).includes('attach');
  const where = and(
    eq(examAffairAttaches.planId, plan.id),
    filter.sessionId !== undefined ? eq(examAffairAttaches.sessionId, filter.sessionId) : undefined,
    filter.kind ? eq(examAffairAttaches.kind, filter.kind) : undefined,
  );
  return fetchPage(
    page,
    db
      .select({ a: examAffairAttaches, sessionName: examSessions.name, roomName: examRooms.name })
      .from(examAffairAttaches)
      .leftJoin(examSessions, eq(examSessions.id, examAffairAttaches.sessionId))
      .leftJoin(examRooms, eq(examRooms.id, examAffairAttaches.roomId))
      .where(where)
      .orderBy(desc(examAffairAttaches.id)),
    db.select({ total: count() }).from(examAffairAttaches).where(where),
    (rows) =>
      rows.map(({ a, sessionName, roomName }) => ({
        id: a.id,
        planId: a.planId,
        sessionId: a.sessionId,
        sessionName,
        roomId: a.roomId,
        roomName,
        kind: a.kind as AttachKind,
        kindName: ATTACH_KIND_LABEL[a.kind as AttachKind],
        name: a.name,
        url: a.url,
        size: a.size,
        createdByName: a.createdByName,
        createTime: formatBeijing(a.createdAt),
        actions: deletable ? ['delete'] : [],
      })),
  );
}

/** 登记一个考务附件（attach）：文件先经 /uploadMulti（用途 attachment）上传；场次、考场须属于该计划 */
export async function addAttach(db: Db, session: Session, input: AttachTarget & { url: string; name?: string }, audit: Audit) {
  const plan = await planForAffairs(db, session.user, input.planId, WHAT);
  if (input.sessionId !== undefined) {
    const [s] = await db.select({ planId: examSessions.planId }).from(examSessions).where(eq(examSessions.id, input.sessionId));
    if (!s || s.planId !== plan.id) throw ApiError.badRequest('所选场次不属于该考试计划');
  }
  if (input.roomId !== undefined) {
    const [r] = await db.select({ planId: examRooms.planId }).from(examRooms).where(eq(examRooms.id, input.roomId));
    if (!r || r.planId !== plan.id) throw ApiError.badRequest('所选考场不属于该考试计划');
  }
  const [{ n }] = await db.select({ n: count() }).from(examAffairAttaches).where(eq(examAffairAttaches.planId, plan.id));
  if (Number(n) >= MAX_ATTACHES_PER_PLAN) throw ApiError.badRequest(`每个计划最多 ${MAX_ATTACHES_PER_PLAN} 个考务附件`);
  const key = keyOfUrl(input.url);
  const [file] = key ? await db.select({ originalName: fileUploads.originalName, ext: fileUploads.ext, size: fileUploads.size }).from(fileUploads).where(eq(fileUploads.storageKey, key)) : [];
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(examAffairAttaches)
      .values({
        planId: plan.id,
        orgId: plan.orgId,
        cityId: plan.cityId,
        sessionId: input.sessionId ?? null,
        roomId: input.roomId ?? null,
        kind: input.kind,
        name: (input.name ?? (file ? displayName(file) : ATTACH_KIND_LABEL[input.kind])).slice(0, 200),
        url: input.url,
        size: file?.size ?? 0,
        createdBy: session.user.id,
        createdByName: session.user.realName ?? session.user.nickName,
      })
      .returning();
    // 地址不是本系统上传的、别的机构的私有文件：400
    await attachFiles(tx, { entity: ENTITY, entityId: created.id }, [input.url], { by: session.user });
    return created;
  });
  audit({ entity: ENTITY, entityId: row.id, after: { kind: row.kind, name: row.name, url: row.url }, detail: `上传考务附件「${row.name}」（计划 ${plan.code}）` });
  return { id: row.id, name: row.name, url: row.url };
}

/** 上传并登记一个考务附件（uploadAttach，multipart） */
export async function uploadAttach(db: Db, session: Session, input: AttachTarget & { file: Blob }, audit: Audit) {
  await planForAffairs(db, session.user, input.planId, WHAT);
  const fileName = (input.file as File).name || 'attachment';
  const stored = await storeFile(db, session.user, { data: new Uint8Array(await input.file.arrayBuffer()), fileName, purpose: 'attachment' });
  return addAttach(db, session, { planId: input.planId, sessionId: input.sessionId, roomId: input.roomId, kind: input.kind, url: stored.url, name: fileName }, audit);
}

/** 删除考务附件（deleteAttach） */
export async function deleteAttach(db: Db, session: Session, input: { id: number }, audit: Audit) {
  const [row] = await db.select().from(examAffairAttaches).where(eq(examAffairAttaches.id, input.id));
  if (!row) throw ApiError.notFound('附件不存在或不在您的管辖范围内');
  await loadPlan(db, session.user, row.planId);
  const plan = await planForAffairs(db, session.user, row.planId, '删除考务附件');
  await db.transaction(async (tx) => {
    await tx.delete(examAffairAttaches).where(eq(examAffairAttaches.id, row.id));
    await detachFiles(tx, { entity: ENTITY, entityId: row.id });
  });
  audit({ entity: ENTITY, entityId: row.id, before: { kind: row.kind, name: row.name, url: row.url }, detail: `删除考务附件「${row.name}」（计划 ${plan.code}）` });
  return { deleted: 1 };
}

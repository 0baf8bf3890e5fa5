// 场次与考场的试卷：题库试卷（distributePaper，经题库的 usePaper 记下使用）或离线试卷（上传的 PDF：addOffLinePaper、uploadPaper、
// batchUploadPaper，再 paperMatchPlaces 分发到考场）。改动只在第 4 步；试卷内容与文件在场次开始（北京时间）之前不可读取。
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import { FileResult } from '@/lib/platform/api/files';
import { can, type Session } from '@/lib/platform/auth/session';
import { formatBeijing } from '@/lib/platform/time';
import { getStorage } from '@/lib/platform/storage';
import { attachFiles, detachFiles, keyOfUrl, storeFile } from '../file/service';
import { fileUploads } from '../file/tables';
import { examPlanWorks, type ExamPlan } from '../exaPlan/tables';
import { examSessions } from '../examSite/tables';
import { papers } from '../questionBank/tables';
import { QUESTION_TYPE_LABEL, QUESTION_TYPES } from '../questionBank/constants';
// usePaper 不是 React 钩子：换个名字免得 lint 按钩子检查
import { paperPdf, papersForOrg, releasePaperUse, renderPaper, usePaper as recordPaperUse } from '../questionBank/usage';
import { loadStaff } from '../examSite/staff';
import { timeText } from '../examSite/rules';
import { SUBJECT_LABEL } from '../examSite/schemas';
import { LEVEL_NAMES } from '../catalog/schemas';
import { affairsActions, assertReleased, isReleased, loadPlan, loadSession, opensAtText, planForAffairs, seatedSlots, type Slot } from './context';
import type { ExamSession } from '../examSite/context';
import { examOfflinePapers, examRoomPapers, type OfflinePaper, type RoomPaper } from './tables';
import { PAPER_SOURCE, PAPER_SOURCE_LABEL, type OfflinePaperItem, type PaperPreview, type RoomPaperItem } from './schemas';

const PAPER_WHAT = '分发试卷';
const OFFLINE_ENTITY = 'exam_offline_paper';

// ---------- 列表 ----------

/** 计划里每个有考生的 (场次, 考场) 与其试卷（getPaperList）：来源、名称、开考时间、是否已开放、可做的操作 */
export async function roomPaperList(db: Db, session: Session, filter: { planId: number; sessionId?: number }, page: Page): Promise<PageResult<RoomPaperItem>> {
  const plan = await loadPlan(db, session.user, filter.planId);
  const slots = await seatedSlots(db, plan.id, filter.sessionId ? [filter.sessionId] : undefined);
  const shown = slots.slice(page.offset, page.offset + page.pageSize);
  const sessionIds = [...new Set(shown.map((s) => s.sessionId))];
  const [sessions, assigned, staff] = await Promise.all([
    sessionIds.length ? db.select().from(examSessions).where(inArray(examSessions.id, sessionIds)) : Promise.resolve([]),
    sessionIds.length ? db.select().from(examRoomPapers).where(inArray(examRoomPapers.sessionId, sessionIds)) : Promise.resolve([]),
    shown.length ? loadStaff(db, plan.id) : Promise.resolve([]),
  ]);
  const names = await paperNames(db, assigned);
  const sessionOf = new Map(sessions.map((s) => [s.id, s]));
  const paperOf = new Map(assigned.map((p) => [`${p.sessionId}-${p.roomId}`, p]));
  const canArrange = affairsActions(plan, session).includes('paper');
  const canPreview = can(session, 'examAffairs.get');
  const now = new Date();
  return {
    total: slots.length,
    list: shown.map((slot) => {
      const s = sessionOf.get(slot.sessionId)!;
      const p = paperOf.get(`${slot.sessionId}-${slot.roomId}`);
      const released = isReleased(s, now);
      const actions: RoomPaperItem['actions'] = [];
      if (canArrange) actions.push('distribute');
      if (canArrange && p) actions.push('cancel');
      if (canPreview && p && released) actions.push('preview');
      return {
        key: `${slot.sessionId}-${slot.roomId}`,
        planId: plan.id,
        sessionId: s.id,
        sessionName: s.name,
        subjectName: SUBJECT_LABEL[s.subject] ?? '',
        timeText: timeText(s),
        roomId: slot.roomId,
        roomName: slot.roomName,
        siteName: slot.siteName,
        seats: slot.seats,
        assessors: staff
          .filter((x) => x.sessionId === s.id && x.roomId === slot.roomId && x.role !== 'supervisor')
          .map((x) => x.name)
          .join('、'),
        roomPaperId: p?.id ?? null,
        source: p?.source ?? null,
        sourceName: p ? PAPER_SOURCE_LABEL[p.source] : null,
        paperName: p ? (names.get(p.id) ?? null) : null,
        opensAt: opensAtText(s),
        released,
        actions,
      };
    }),
  };
}

/** 试卷安排 → 试卷名称（题库试卷与离线试卷各一次查询） */
async function paperNames(db: Db, rows: readonly RoomPaper[]): Promise<Map<number, string>> {
  const bankIds = [...new Set(rows.filter((r) => r.paperId !== null).map((r) => r.paperId!))];
  const offlineIds = [...new Set(rows.filter((r) => r.offlinePaperId !== null).map((r) => r.offlinePaperId!))];
  const [bank, offline] = await Promise.all([
    bankIds.length ? db.select({ id: papers.id, name: papers.name }).from(papers).where(inArray(papers.id, bankIds)) : Promise.resolve([]),
    offlineIds.length ? db.select({ id: examOfflinePapers.id, name: examOfflinePapers.name }).from(examOfflinePapers).where(inArray(examOfflinePapers.id, offlineIds)) : Promise.resolve([]),
  ]);
  const bankName = new Map(bank.map((b) => [b.id, b.name]));
  const offlineName = new Map(offline.map((o) => [o.id, o.name]));
  return new Map(rows.map((r) => [r.id, (r.paperId !== null ? bankName.get(r.paperId) : offlineName.get(r.offlinePaperId!)) ?? '']));
}

/** 题型（questionTypeList）：题库的题型与名称，按试卷中大题的顺序 */
export function questionTypes() {
  return QUESTION_TYPES.map((value) => ({ value, label: QUESTION_TYPE_LABEL[value] }));
}

/** 可分发到某场次的题库试卷：计划所属机构启用的、工种在计划内（场次限定工种时为该工种）的试卷 */
export async function bankPaperOptions(db: Db, session: Session, filter: { sessionId: number }) {
  const target = await loadSession(db, session.user, filter.sessionId);
  const plan = await loadPlan(db, session.user, target.planId);
  const works = await db.select({ workCode: examPlanWorks.workCode, workName: examPlanWorks.workName }).from(examPlanWorks).where(eq(examPlanWorks.planId, plan.id));
  const codes = new Set(works.map((w) => w.workCode));
  const nameOf = new Map(works.map((w) => [w.workCode, w.workName]));
  const list = await papersForOrg(db, plan.orgId, target.workCode ? { workCode: target.workCode } : {});
  return list
    .filter((p) => codes.has(p.workCode))
    .map((p) => ({ id: p.id, name: p.name, workCode: p.workCode, level: p.level, label: `${p.name}（${nameOf.get(p.workCode) ?? p.workCode} ${LEVEL_NAMES[p.level] ?? p.level}）` }));
}

// ---------- 分发 ----------

/** 要分发的考场：给定的（须是该场次有考生的考场），或该场次全部有考生的考场 */
async function targetSlots(db: Db, plan: ExamPlan, sessionId: number, roomIds: number[] | undefined): Promise<Slot[]> {
  const slots = await seatedSlots(db, plan.id, [sessionId]);
  if (!slots.length) throw ApiError.badRequest('该场次还没有安排考生，不能分发试卷');
  if (!roomIds?.length) return slots;
  const wanted = [...new Set(roomIds)];
  const missing = wanted.filter((id) => !slots.some((s) => s.roomId === id));
  if (missing.length) throw ApiError.badRequest('所选考场在该场次没有考生，不能分发试卷');
  return slots.filter((s) => wanted.includes(s.roomId));
}

/** 写入 (场次, 考场) 的试卷：换掉原来的（原来是题库试卷的撤下其使用） */
async function placePaper(tx: Db, plan: ExamPlan, sessionId: number, slots: Slot[], paper: { paperId: number } | { offlinePaperId: number }, userId: number) {
  const existing = await tx
    .select()
    .from(examRoomPapers)
    .where(
      and(
        eq(examRoomPapers.sessionId, sessionId),
        inArray(
          examRoomPapers.roomId,
          slots.map((s) => s.roomId),
        ),
      ),
    );
  for (const e of existing) if (e.source === PAPER_SOURCE.BANK) await releasePaperUse(tx, { sessionId, roomId: e.roomId });
  const bank = 'paperId' in paper;
  const values = {
    source: bank ? PAPER_SOURCE.BANK : PAPER_SOURCE.OFFLINE,
    paperId: bank ? paper.paperId : null,
    offlinePaperId: bank ? null : paper.offlinePaperId,
    createdBy: userId,
    createdAt: new Date(),
  };
  await tx
    .insert(examRoomPapers)
    .values(slots.map((s) => ({ planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, sessionId, roomId: s.roomId, ...values })))
    .onConflictDoUpdate({ target: [examRoomPapers.sessionId, examRoomPapers.roomId], set: values });
  if (bank) for (const s of slots) await recordPaperUse(tx, { paperId: paper.paperId, orgId: plan.orgId, planId: plan.id, sessionId, roomId: s.roomId });
  return existing;
}

/** 分发：选定考场、在一个事务里写入，记操作日志 */
async function distribute(
  db: Db,
  session: Session,
  input: { plan: ExamPlan; target: ExamSession; roomIds?: number[]; paper: { paperId: number } | { offlinePaperId: number }; what: string },
  audit: Audit,
) {
  const { plan, target } = input;
  const slots = await targetSlots(db, plan, target.id, input.roomIds);
  const before = await db.transaction((tx) => placePaper(tx, plan, target.id, slots, input.paper, session.user.id));
  audit({
    entity: 'exam_room_paper',
    entityId: target.id,
    before,
    after: slots.map((s) => ({ roomId: s.roomId, ...input.paper })),
    detail: `把${input.what}分发到场次「${target.name}」的 ${slots.length} 个考场（计划 ${plan.code}）`,
  });
  return { distributed: slots.length };
}

/** 把题库试卷分发到场次的考场（distributePaper）：试卷属于本机构、启用，工种在计划内（场次限定工种时须相同） */
export async function distributePaper(db: Db, session: Session, input: { sessionId: number; paperId: number; roomIds?: number[] }, audit: Audit) {
  const target = await loadSession(db, session.user, input.sessionId);
  const plan = await planForAffairs(db, session.user, target.planId, PAPER_WHAT);
  const [paper] = await db.select().from(papers).where(eq(papers.id, input.paperId));
  if (!paper || paper.orgId !== plan.orgId) throw ApiError.badRequest('试卷不存在或不属于本机构');
  const works = await db.select({ workCode: examPlanWorks.workCode }).from(examPlanWorks).where(eq(examPlanWorks.planId, plan.id));
  if (!works.some((w) => w.workCode === paper.workCode)) throw ApiError.badRequest(`试卷「${paper.name}」的工种（${paper.workName}）不在本计划内`);
  if (target.workCode && target.workCode !== paper.workCode) throw ApiError.badRequest(`场次「${target.name}」限定工种，试卷「${paper.name}」的工种（${paper.workName}）与之不符`);
  return distribute(db, session, { plan, target, roomIds: input.roomIds, paper: { paperId: paper.id }, what: `题库试卷「${paper.name}」` }, audit);
}

/** 把离线试卷分发到场次的考场（paperMatchPlaces）：试卷须属于本计划，标了科目的须与场次科目相同 */
export async function matchOfflinePaper(db: Db, session: Session, input: { offlinePaperId: number; sessionId: number; roomIds?: number[] }, audit: Audit) {
  const target = await loadSession(db, session.user, input.sessionId);
  const plan = await planForAffairs(db, session.user, target.planId, PAPER_WHAT);
  const [offline] = await db.select().from(examOfflinePapers).where(eq(examOfflinePapers.id, input.offlinePaperId));
  if (!offline || offline.planId !== plan.id) throw ApiError.badRequest('离线试卷不存在或不属于本计划');
  if (offline.subject !== null && offline.subject !== target.subject) {
    throw ApiError.badRequest(`离线试卷「${offline.name}」适用于「${SUBJECT_LABEL[offline.subject]}」，与场次「${target.name}」的科目不符`);
  }
  return distribute(db, session, { plan, target, roomIds: input.roomIds, paper: { offlinePaperId: offline.id }, what: `离线试卷「${offline.name}」` }, audit);
}

/** 撤下 (场次, 考场) 的试卷 */
export async function cancelRoomPaper(db: Db, session: Session, input: { id: number }, audit: Audit) {
  const row = await loadRoomPaper(db, session, input.id);
  const plan = await planForAffairs(db, session.user, row.planId, '撤下试卷');
  await db.transaction(async (tx) => {
    if (row.source === PAPER_SOURCE.BANK) await releasePaperUse(tx, { sessionId: row.sessionId, roomId: row.roomId });
    await tx.delete(examRoomPapers).where(eq(examRoomPapers.id, row.id));
  });
  audit({ entity: 'exam_room_paper', entityId: row.id, before: row, detail: `撤下场次考场的试卷（计划 ${plan.code}）` });
  return { cancelled: 1 };
}

async function loadRoomPaper(db: Db, session: Session, id: number): Promise<RoomPaper> {
  const [row] = await db.select().from(examRoomPapers).where(eq(examRoomPapers.id, id));
  if (!row) throw ApiError.notFound('试卷安排不存在或不在您的管辖范围内');
  await loadPlan(db, session.user, row.planId);
  return row;
}

// ---------- 离线试卷 ----------

/** 离线试卷须是经上传服务保存的 PDF */
async function assertPdf(db: Db, url: string): Promise<{ name: string; size: number }> {
  const key = keyOfUrl(url);
  const [file] = key ? await db.select({ ext: fileUploads.ext, originalName: fileUploads.originalName, size: fileUploads.size }).from(fileUploads).where(eq(fileUploads.storageKey, key)) : [];
  if (!file) throw ApiError.badRequest(`文件不存在或不能使用：${url}（请重新上传）`);
  if (file.ext !== 'pdf') throw ApiError.badRequest('离线试卷须为 PDF 文件');
  return { name: file.originalName, size: file.size };
}

const stem = (fileName: string) => fileName.replace(/\.[^.]*$/, '').trim().slice(0, 128) || '离线试卷';

/** 登记离线试卷（addOffLinePaper）：文件先经 /uploadMulti（用途 attachment）上传；同一计划内名称不重复 */
export async function addOfflinePaper(db: Db, session: Session, input: { planId: number; name: string; subject?: number; url: string }, audit: Audit): Promise<OfflinePaperItem> {
  const plan = await planForAffairs(db, session.user, input.planId, '上传离线试卷');
  const file = await assertPdf(db, input.url);
  const [dup] = await db
    .select({ id: examOfflinePapers.id })
    .from(examOfflinePapers)
    .where(and(eq(examOfflinePapers.planId, plan.id), eq(examOfflinePapers.name, input.name)));
  if (dup) throw ApiError.conflict(`本计划已有名为「${input.name}」的离线试卷`);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(examOfflinePapers)
      .values({ planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, name: input.name, subject: input.subject ?? null, fileUrl: input.url, fileName: file.name, size: file.size, createdBy: session.user.id })
      .returning();
    await attachFiles(tx, { entity: OFFLINE_ENTITY, entityId: created.id }, [input.url], { by: session.user });
    return created;
  });
  audit({ entity: OFFLINE_ENTITY, entityId: row.id, after: { name: row.name, subject: row.subject, fileName: row.fileName }, detail: `上传离线试卷「${row.name}」（计划 ${plan.code}）` });
  return offlineItem(row, 0, true);
}

/** 上传一份离线试卷（uploadPaper，multipart）：名称默认取文件名 */
export async function uploadOfflinePaper(db: Db, session: Session, input: { planId: number; name?: string; subject?: number; file: Blob }, audit: Audit): Promise<OfflinePaperItem> {
  await planForAffairs(db, session.user, input.planId, '上传离线试卷');
  const fileName = (input.file as File).name || 'paper.pdf';
  const stored = await storeFile(db, session.user, { data: new Uint8Array(await input.file.arrayBuffer()), fileName, purpose: 'attachment' });
  return addOfflinePaper(db, session, { planId: input.planId, name: input.name ?? stem(fileName), subject: input.subject, url: stored.url }, audit);
}

/** 一次上传几份离线试卷（batchUploadPaper）：名称取各自的文件名；任何一份不合格则一份也不登记 */
export async function batchUploadOfflinePapers(db: Db, session: Session, input: { planId: number; subject?: number; file: Blob | Blob[] }, audit: Audit) {
  await planForAffairs(db, session.user, input.planId, '上传离线试卷');
  const files = Array.isArray(input.file) ? input.file : [input.file];
  const names = files.map((f) => stem((f as File).name || 'paper.pdf'));
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) throw ApiError.badRequest(`文件名重复：「${dup}」`);
  // 先存文件（没有登记引用的文件一天后被清理），再在一个事务里登记：任何一份不合格则一份也不登记
  const stored: { url: string }[] = [];
  for (const f of files) stored.push(await storeFile(db, session.user, { data: new Uint8Array(await f.arrayBuffer()), fileName: (f as File).name || 'paper.pdf', purpose: 'attachment' }));
  return db.transaction(async (tx) => {
    const out: OfflinePaperItem[] = [];
    for (let i = 0; i < files.length; i++) out.push(await addOfflinePaper(tx, session, { planId: input.planId, name: names[i], subject: input.subject, url: stored[i].url }, audit));
    return { uploaded: out.length, list: out };
  });
}

function offlineItem(row: OfflinePaper, used: number, deletable: boolean): OfflinePaperItem {
  return {
    id: row.id,
    planId: row.planId,
    name: row.name,
    subject: row.subject,
    subjectName: row.subject !== null ? (SUBJECT_LABEL[row.subject] ?? null) : null,
    fileName: row.fileName,
    size: row.size,
    used,
    createTime: formatBeijing(row.createdAt),
    actions: deletable ? ['match', 'delete'] : [],
  };
}

/** 计划的离线试卷（文件地址不下发：开考后经 paperFile 读取） */
export async function listOfflinePapers(db: Db, session: Session, filter: { planId: number }, page: Page): Promise<PageResult<OfflinePaperItem>> {
  const plan = await loadPlan(db, session.user, filter.planId);
  const where = eq(examOfflinePapers.planId, plan.id);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(examOfflinePapers).where(where).orderBy(asc(examOfflinePapers.id)).limit(page.pageSize).offset(page.offset),
    db.select({ total: count() }).from(examOfflinePapers).where(where),
  ]);
  const used = rows.length
    ? await db
        .select({ id: examRoomPapers.offlinePaperId, n: count() })
        .from(examRoomPapers)
        .where(
          inArray(
            examRoomPapers.offlinePaperId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(examRoomPapers.offlinePaperId)
    : [];
  const usedOf = new Map(used.map((u) => [u.id, Number(u.n)]));
  const editable = affairsActions(plan, session).includes('paper');
  return { total: Number(total), list: rows.map((r) => offlineItem(r, usedOf.get(r.id) ?? 0, editable)) };
}

/** 删除离线试卷（delTest）：连同它在各场次考场的分发 */
export async function deleteOfflinePaper(db: Db, session: Session, input: { id: number }, audit: Audit) {
  const [row] = await db.select().from(examOfflinePapers).where(eq(examOfflinePapers.id, input.id));
  if (!row) throw ApiError.notFound('离线试卷不存在或不在您的管辖范围内');
  const plan = await loadPlan(db, session.user, row.planId);
  await planForAffairs(db, session.user, plan.id, '删除离线试卷');
  const [{ n }] = await db.select({ n: count() }).from(examRoomPapers).where(eq(examRoomPapers.offlinePaperId, row.id));
  await db.transaction(async (tx) => {
    await tx.delete(examOfflinePapers).where(eq(examOfflinePapers.id, row.id));
    await detachFiles(tx, { entity: OFFLINE_ENTITY, entityId: row.id });
  });
  audit({ entity: OFFLINE_ENTITY, entityId: row.id, before: { name: row.name, fileName: row.fileName }, detail: `删除离线试卷「${row.name}」（已分发的 ${Number(n)} 个场次考场一并撤下；计划 ${plan.code}）` });
  return { deleted: 1, withdrawn: Number(n) };
}

// ---------- 开考后查看 ----------

/** 查看试卷的准备：试卷安排在范围内，场次已开始 */
async function releasedPaper(db: Db, session: Session, id: number) {
  const row = await loadRoomPaper(db, session, id);
  const [target] = await db.select().from(examSessions).where(eq(examSessions.id, row.sessionId));
  assertReleased(target);
  return row;
}

/** 开考后查看 (场次, 考场) 的试卷：题库试卷给出题目（不带答案），离线试卷给出文件的读取地址 */
export async function previewRoomPaper(db: Db, session: Session, filter: { id: number }): Promise<PaperPreview> {
  const row = await releasedPaper(db, session, filter.id);
  if (row.source === PAPER_SOURCE.BANK) {
    const paper = await renderPaper(db, row.paperId!, { withAnswers: false });
    return { source: PAPER_SOURCE.BANK, name: paper.title, paper };
  }
  const [offline] = await db.select().from(examOfflinePapers).where(eq(examOfflinePapers.id, row.offlinePaperId!));
  return { source: PAPER_SOURCE.OFFLINE, name: offline.name, fileName: offline.fileName, fileUrl: `/api/exaAff/paperFile?id=${row.id}` };
}

/** 开考后下载 (场次, 考场) 的试卷 PDF：题库试卷现场生成（不带答案），离线试卷读取上传的文件 */
export async function roomPaperFile(db: Db, session: Session, filter: { id: number }): Promise<FileResult> {
  const row = await releasedPaper(db, session, filter.id);
  if (row.source === PAPER_SOURCE.BANK) {
    const paper = await renderPaper(db, row.paperId!, { withAnswers: false });
    return new FileResult(new Uint8Array(await paperPdf(paper)), 'pdf');
  }
  const [offline] = await db.select().from(examOfflinePapers).where(eq(examOfflinePapers.id, row.offlinePaperId!));
  const key = keyOfUrl(offline.fileUrl);
  const stored = key ? await getStorage().get(key) : null;
  if (!stored) throw ApiError.notFound('试卷文件不存在，请重新上传');
  const chunks: Buffer[] = [];
  for await (const c of stored.body) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return new FileResult(new Uint8Array(Buffer.concat(chunks)), 'pdf');
}

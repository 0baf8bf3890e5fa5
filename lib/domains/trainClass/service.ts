// 培训班（SPEC §7 trainInfo）：列表、详情、新建与修改、班主任与授课教师、删除、开班材料、统计、选项、主管单位、已发布班级、推送。
// 读：范围内即可看（机构看本机构、市级看本市、省级看全省；范围外 404）。改：只由开班的机构在草稿或被驳回时办理（access.ts）。
// 状态的每一步变更在 workflow.ts。
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { scopeWhere } from '@/lib/platform/auth/scope';
import { can, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { containsPattern } from '@/lib/platform/db/like';
import { businessCode, nextId } from '@/lib/platform/db/codes';
import { beijingDate, formatBeijing } from '@/lib/platform/time';
import { LEVEL_NAMES } from '@/lib/domains/catalog/schemas';
import { baseWorkLevels, baseWorks } from '@/lib/domains/catalog/tables';
import { DICT } from '@/lib/domains/dict/codes';
import { dictOptions } from '@/lib/domains/dict/service';
import { organisations } from '@/lib/domains/org/tables';
import { classCourses } from '@/lib/domains/course/tables';
import { attachFiles, detachFiles, storeFile } from '@/lib/domains/file/service';
import { assertTeachersAssignable } from '@/lib/domains/teacher/assignable';
import { teachers } from '@/lib/domains/teacher/tables';
import { trainClasses, trainClassHistory, trainClassRequests, trainClassTeachers, trainLessons, trainStudents, type TrainClass } from './tables';
import { assertOperation, CLASS_ORG_CATEGORIES, classActions, classForOperation, classOrgFor, loadClass, ORG_ENABLED, pendingKindsOf } from './access';
import { curriculumSummary } from './lessons';
import { runClassHook } from './hooks';
import {
  CLASS_STATUS,
  CLASS_STATUS_COLOR,
  CLASS_STATUS_LABEL,
  CLOSED_STATUSES,
  classStatusLabel,
  REQUEST_KIND_LABEL,
  REQUEST_STATUS,
  requestStatusLabel,
  VERB_OF,
  type RequestKind,
} from './transitions';
import { classWorkflow } from './workflow';
import { deliverQiuShi, enqueueQiuShi } from '../org/qiushi';
import type { ClassFilter, ClassItem, ClassSave } from './schemas';

export const CLASS_ENTITY = 'train_class';


const actorName = (user: SessionUser) => user.realName || user.nickName;

// ---------- 列表 ----------

const LIST_COLUMNS = {
  id: trainClasses.id,
  code: trainClasses.code,
  name: trainClasses.name,
  orgId: trainClasses.orgId,
  // 别名：与班级的 name 同名，按列名取行的客户端（基准的基线）会把两者混淆
  orgName: sql<string>`${organisations.name}`.as('org_name'),
  cityId: trainClasses.cityId,
  workCode: trainClasses.workCode,
  workName: trainClasses.workName,
  level: trainClasses.level,
  trainType: trainClasses.trainType,
  startDate: trainClasses.startDate,
  endDate: trainClasses.endDate,
  hours: trainClasses.hours,
  place: trainClasses.place,
  capacity: trainClasses.capacity,
  studentCount: trainClasses.studentCount,
  headTeacherId: trainClasses.headTeacherId,
  headTeacherName: trainClasses.headTeacherName,
  contactName: trainClasses.contactName,
  contactPhone: trainClasses.contactPhone,
  status: trainClasses.status,
  /** 作废的班是否发布过（行操作“录像”） */
  statusBeforeDiscard: trainClasses.statusBeforeDiscard,
  lastOpinion: trainClasses.lastOpinion,
  createdAt: trainClasses.createdAt,
  /** 待审核的附带申请种类（行上是否还能申请延期、更正）：随本页一起取，不另查 */
  pendingKinds: sql<RequestKind[] | null>`(select array_agg(${trainClassRequests.kind}) from ${trainClassRequests} where ${trainClassRequests.classId} = ${trainClasses.id} and ${trainClassRequests.status} = ${REQUEST_STATUS.PENDING})`.as(
    'pending_kinds',
  ),
};
export type ClassListRow = Pick<TrainClass, Exclude<keyof typeof LIST_COLUMNS, 'orgName' | 'pendingKinds'>> & { orgName: string; pendingKinds: RequestKind[] | null };

function filterWhere(user: SessionUser, f: ClassFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [scopeWhere(user, { cityId: trainClasses.cityId, countyId: trainClasses.countyId, orgId: trainClasses.orgId })];
  if (f.name) conds.push(ilike(trainClasses.name, containsPattern(f.name)));
  if (f.code) conds.push(eq(trainClasses.code, f.code.toUpperCase()));
  if (f.status !== undefined) conds.push(eq(trainClasses.status, f.status));
  if (f.workCode) conds.push(eq(trainClasses.workCode, f.workCode));
  if (f.trainType) conds.push(eq(trainClasses.trainType, f.trainType));
  if (f.year !== undefined) conds.push(and(gte(trainClasses.startDate, `${f.year}-01-01`), lt(trainClasses.startDate, `${f.year + 1}-01-01`)));
  if (f.orgName) conds.push(inArray(trainClasses.orgId, sql`(select ${organisations.id} from ${organisations} where ${ilike(organisations.name, containsPattern(f.orgName))})`));
  if (f.pendingOnly) conds.push(inArray(trainClasses.status, classWorkflow.pendingStatuses('city')));
  return and(...conds);
}

/**
 * 列表的两条查询（基准 bench/train-class.ts 也用它们取得与服务层相同的 SQL）：按 id 倒序。
 * 给了 afterId 时按键集 `id < afterId` 取下一页、不数总数；否则 limit/offset 与总数并行。
 */
export function classListQueries(db: Db, user: SessionUser, filter: ClassFilter, page: Page, afterId?: number) {
  const where = filterWhere(user, filter);
  const base = db.select(LIST_COLUMNS).from(trainClasses).innerJoin(organisations, eq(organisations.id, trainClasses.orgId));
  if (afterId !== undefined) return { rows: base.where(and(where, lt(trainClasses.id, afterId))).orderBy(desc(trainClasses.id)).limit(page.pageSize), total: null };
  return {
    rows: base.where(where).orderBy(desc(trainClasses.id)).limit(page.pageSize).offset(page.offset),
    total: db.select({ total: count() }).from(trainClasses).where(where),
  };
}

export function toClassItem(r: ClassListRow, actions: ClassItem['actions']): ClassItem {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    orgId: r.orgId,
    orgName: r.orgName,
    cityId: r.cityId,
    workCode: r.workCode,
    workName: r.workName,
    level: r.level,
    levelName: LEVEL_NAMES[r.level] ?? String(r.level),
    trainType: r.trainType,
    startDate: r.startDate,
    endDate: r.endDate,
    hours: r.hours,
    place: r.place,
    capacity: r.capacity,
    studentCount: r.studentCount,
    headTeacherId: r.headTeacherId,
    headTeacherName: r.headTeacherName,
    contactName: r.contactName,
    contactPhone: r.contactPhone,
    status: r.status,
    statusName: classStatusLabel(r.status),
    lastOpinion: r.lastOpinion,
    createTime: formatBeijing(r.createdAt),
    actions,
  };
}

/** 行上的操作：按转换表与本行待审核的附带申请算出 */
const withActions = (session: Session, rows: ClassListRow[]): ClassItem[] => rows.map((r) => toClassItem(r, classActions(session, r as unknown as TrainClass, r.pendingKinds ?? [])));

/** 班级分页列表（trainInfoList）：范围内；名称、编号、机构、状态、工种、培训类型、年度筛选；pendingOnly 只列市级有事可办的 */
export async function listClasses(db: Db, session: Session, filter: ClassFilter & { afterId?: number }, page: Page): Promise<{ list: ClassItem[]; total: number | null }> {
  const { afterId, ...f } = filter;
  const q = classListQueries(db, session.user, f, page, afterId);
  const [rows, counted] = await Promise.all([q.rows, q.total]);
  return { list: withActions(session, rows as ClassListRow[]), total: counted === null ? null : Number(counted[0]?.total ?? 0) };
}

/** 班级选项（toTrainInfoList）：范围内、未作废的班级，最近的在前（课程体系、学员名单与日历的班级选择） */
export async function classOptions(db: Db, session: Session, filter: { keyword?: string; editableOnly?: boolean }) {
  const rows = await db
    .select(LIST_COLUMNS)
    .from(trainClasses)
    .innerJoin(organisations, eq(organisations.id, trainClasses.orgId))
    .where(
      and(
        scopeWhere(session.user, { cityId: trainClasses.cityId, countyId: trainClasses.countyId, orgId: trainClasses.orgId }),
        ne(trainClasses.status, CLASS_STATUS.DISCARDED),
        filter.keyword ? sql`(${ilike(trainClasses.name, containsPattern(filter.keyword))} or ${trainClasses.code} = ${filter.keyword.toUpperCase()})` : undefined,
      ),
    )
    .orderBy(desc(trainClasses.id))
    .limit(200);
  const items = withActions(session, rows as ClassListRow[]);
  return items.map((c) => ({
    id: c.id,
    code: c.code,
    name: c.name,
    orgName: c.orgName,
    status: c.status,
    statusName: c.statusName,
    startDate: c.startDate,
    endDate: c.endDate,
    hours: c.hours,
    workName: c.workName,
    levelName: c.levelName,
    actions: c.actions,
  }));
}

/** 已发布（招生中）的班级（GET /bapi/trainInfo/publishClass）：范围内已发布、培训中的班级，按开班日期 */
export async function publishedClasses(db: Db, user: SessionUser, filter: { keyword?: string }, page: Page): Promise<PageResult<ClassItem>> {
  const where = and(
    scopeWhere(user, { cityId: trainClasses.cityId, countyId: trainClasses.countyId, orgId: trainClasses.orgId }),
    inArray(trainClasses.status, [CLASS_STATUS.PUBLISHED, CLASS_STATUS.IN_TRAINING]),
    filter.keyword ? ilike(trainClasses.name, containsPattern(filter.keyword)) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db.select(LIST_COLUMNS).from(trainClasses).innerJoin(organisations, eq(organisations.id, trainClasses.orgId)).where(where).orderBy(asc(trainClasses.startDate), asc(trainClasses.id)).limit(page.pageSize).offset(page.offset),
    db.select({ total: count() }).from(trainClasses).where(where),
  ]);
  return { list: rows.map((r) => toClassItem(r as ClassListRow, [])), total: Number(counted?.total ?? 0) };
}

// ---------- 详情 ----------

async function classItemOf(db: Db, session: Session, c: TrainClass): Promise<ClassItem> {
  const [org] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, c.orgId));
  const pending = await pendingKindsOf(db, [c.id]);
  return toClassItem({ ...c, orgName: org?.name ?? '', pendingKinds: null }, classActions(session, c, pending.get(c.id)));
}

/** 班级详情（toEditTrainInfo、trainDetail）：资料、教师、课程体系与学员的概况、附带申请、开班材料与当前可做的操作 */
export async function classDetail(db: Db, session: Session, id: number) {
  const c = await loadClass(db, session.user, id);
  const [item, classTeachers, curriculum, studentSummary, requests, trainTypes] = await Promise.all([
    classItemOf(db, session, c),
    db.select({ id: trainClassTeachers.teacherId, name: trainClassTeachers.teacherName }).from(trainClassTeachers).where(eq(trainClassTeachers.classId, id)).orderBy(asc(trainClassTeachers.id)),
    curriculumSummary(db, c),
    db
      .select({
        total: count(),
        idRefused: sql<number>`count(*) filter (where ${trainStudents.idCheck} = 2)::int`,
        qualificationRefused: sql<number>`count(*) filter (where ${trainStudents.qualification} = 2)::int`,
        warnings: sql<number>`count(*) filter (where ${trainStudents.idCheck} = 1 or ${trainStudents.qualification} = 1)::int`,
        completed: sql<number>`count(*) filter (where ${trainStudents.completion} = 1)::int`,
      })
      .from(trainStudents)
      .where(eq(trainStudents.classId, id)),
    db.select().from(trainClassRequests).where(eq(trainClassRequests.classId, id)).orderBy(desc(trainClassRequests.id)),
    dictOptions(db, DICT.TRAIN_TYPE),
  ]);
  return {
    ...item,
    trainTypeName: trainTypes.find((o) => o.value === c.trainType)?.label ?? c.trainType,
    remark: c.remark,
    discardReason: c.discardReason,
    attachments: c.attachments,
    teacherIds: classTeachers.map((t) => t.id),
    teachers: classTeachers,
    curriculum,
    students: studentSummary[0],
    requests: requests.map((r) => ({ id: r.id, kind: r.kind, kindName: REQUEST_KIND_LABEL[r.kind as RequestKind], status: r.status, statusName: requestStatusLabel(r.status), reason: r.reason, createTime: formatBeijing(r.createdAt) })),
    syncTime: c.syncedAt ? formatBeijing(c.syncedAt) : null,
  };
}

/** 操作记录（toOperationRecord）：班级与其附带申请的每一步 */
export async function classHistory(db: Db, session: Session, id: number) {
  await loadClass(db, session.user, id);
  const rows = await db.select().from(trainClassHistory).where(eq(trainClassHistory.classId, id)).orderBy(asc(trainClassHistory.createdAt), asc(trainClassHistory.id));
  const statusName = (subject: string, v: number | null) => (v === null ? '' : subject === 'class' ? classStatusLabel(v) : requestStatusLabel(v));
  return rows.map((h) => ({
    id: h.id,
    subject: h.subject,
    subjectName: h.subject === 'class' ? '班级' : REQUEST_KIND_LABEL[h.subject as RequestKind],
    action: h.action,
    actionName: h.action === 'create' ? '新建' : (VERB_OF[h.action] ?? h.action),
    fromStatusName: statusName(h.subject, h.fromStatus),
    toStatusName: statusName(h.subject, h.toStatus),
    toStatus: h.toStatus,
    opinion: h.opinion,
    actorName: h.actorName,
    createTime: formatBeijing(h.createdAt),
  }));
}

// ---------- 新建与修改 ----------

/** 新建班级的机构：机构用户，且机构是培训机构或企业 */
/** 可以开班的机构（管理员新建班级时选）：范围内启用的培训机构与企业，按名称（关键字筛选，最多 200 个） */
export async function classOrgOptions(db: Db, session: Session, f: { keyword?: string }) {
  const { user } = session;
  const rows = await db
    .select({ id: organisations.id, code: organisations.code, name: organisations.name })
    .from(organisations)
    .where(
      and(
        inArray(organisations.category, CLASS_ORG_CATEGORIES),
        eq(organisations.status, ORG_ENABLED),
        scopeWhere(user, { cityId: organisations.cityId, countyId: organisations.areaId, orgId: organisations.id }),
        f.keyword ? ilike(organisations.name, containsPattern(f.keyword)) : undefined,
      ),
    )
    .orderBy(asc(organisations.name))
    .limit(200);
  return rows;
}

/** 工种须在目录中且启用、开设了所选等级；培训类型须是字典里启用的值 */
async function resolveWork(db: Db, input: { workCode: string; level: number; trainType: string }): Promise<string> {
  const [types, [work]] = await Promise.all([
    dictOptions(db, DICT.TRAIN_TYPE),
    db
      .select({ name: baseWorks.name, status: baseWorks.status, levelId: baseWorkLevels.id })
      .from(baseWorks)
      .leftJoin(baseWorkLevels, and(eq(baseWorkLevels.workId, baseWorks.id), eq(baseWorkLevels.levelCode, input.level)))
      .where(eq(baseWorks.code, input.workCode)),
  ]);
  if (!types.some((o) => o.value === input.trainType)) throw ApiError.badRequest('培训类型不正确', { trainType: '培训类型不正确' });
  if (!work || work.status !== 0) throw ApiError.badRequest(`工种 ${input.workCode} 不存在或已停用`, { workCode: '工种不存在或已停用' });
  if (work.levelId === null) throw ApiError.badRequest(`工种「${work.name}」没有开设${LEVEL_NAMES[input.level]}`, { level: '该工种没有开设这个等级' });
  return work.name;
}

/** 班主任与授课教师：须是本机构可排的教师（师资库审核通过、在本机构上班）；返回 id → 姓名 */
async function resolveTeachers(db: Db, orgId: number, headTeacherId: number | undefined, teacherIds: number[]): Promise<Map<number, string>> {
  const all = [...new Set([...(headTeacherId ? [headTeacherId] : []), ...teacherIds])];
  await assertTeachersAssignable(db, orgId, all);
  if (!all.length) return new Map();
  const rows = await db.select({ id: teachers.id, name: teachers.name }).from(teachers).where(inArray(teachers.id, all));
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function replaceTeachers(tx: Db, classId: number, teacherIds: number[], names: Map<number, string>) {
  await tx.delete(trainClassTeachers).where(eq(trainClassTeachers.classId, classId));
  const unique = [...new Set(teacherIds)];
  if (unique.length) await tx.insert(trainClassTeachers).values(unique.map((teacherId) => ({ classId, teacherId, teacherName: names.get(teacherId) ?? '' })));
}

/** 改了开班、结业日期后，已排的课须都在新的日期内 */
async function assertLessonsWithin(db: Db, classId: number, startDate: string, endDate: string) {
  const [row] = await db
    .select({ n: count() })
    .from(trainLessons)
    .where(and(eq(trainLessons.classId, classId), sql`((${trainLessons.startAt} at time zone 'Asia/Shanghai')::date < ${startDate}::date or (${trainLessons.startAt} at time zone 'Asia/Shanghai')::date > ${endDate}::date)`));
  const n = Number(row?.n ?? 0);
  if (n > 0) throw ApiError.badRequest(`已排的课程中有 ${n} 节不在 ${startDate} 至 ${endDate} 之内，请先调整课程体系`);
}

/** 新班的主键与编号：PX + 开班年份 + 6 位序号（取自主键），一次插入带编号的行 */
export async function numberClass(db: Db, startDate: string): Promise<{ id: number; code: string }> {
  const id = await nextId(db, trainClasses);
  return { id, code: businessCode({ prefix: 'PX', year: startDate.slice(0, 4), serial: id }) };
}

/**
 * 新建或修改班级（saveTrainInfo）。新建：培训机构或企业的用户，班级属于本机构，草稿；修改：草稿或被驳回时由本机构办理。
 * 开班日期不早于今天；班主任与授课教师须是本机构可排的教师。
 */
export async function saveClass(db: Db, session: Session, input: ClassSave, audit: Audit): Promise<ClassItem> {
  const { user } = session;
  const before = input.id ? await classForOperation(db, session, input.id, 'edit') : null;
  if (!before && !can(session, 'trainInfo.add')) throw ApiError.forbidden('没有新建班级的权限');
  const org = before ? null : await classOrgFor(db, user, input.orgId);
  const orgId = before?.orgId ?? org!.id;
  const today = beijingDate(new Date());
  if ((!before || before.startDate !== input.startDate) && input.startDate < today) throw ApiError.badRequest('开班日期不能早于今天', { startDate: '开班日期不能早于今天' });
  const workName = await resolveWork(db, input);
  const teacherIds = input.teacherIds ?? (before ? (await db.select({ id: trainClassTeachers.teacherId }).from(trainClassTeachers).where(eq(trainClassTeachers.classId, before.id))).map((r) => r.id) : []);
  const names = await resolveTeachers(db, orgId, input.headTeacherId, teacherIds);
  if (before) await assertLessonsWithin(db, before.id, input.startDate, input.endDate);
  const fields = {
    name: input.name,
    workCode: input.workCode,
    workName,
    level: input.level,
    trainType: input.trainType,
    startDate: input.startDate,
    endDate: input.endDate,
    hours: input.hours,
    place: input.place,
    capacity: input.capacity,
    headTeacherId: input.headTeacherId ?? null,
    headTeacherName: input.headTeacherId ? (names.get(input.headTeacherId) ?? null) : null,
    contactName: input.contactName,
    contactPhone: input.contactPhone,
    remark: input.remark,
  };
  const saved = await db.transaction(async (tx) => {
    let row: TrainClass;
    if (before) {
      [row] = await tx
        .update(trainClasses)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(trainClasses.id, before.id), eq(trainClasses.status, before.status)))
        .returning();
      if (!row) throw ApiError.conflict('班级状态已被他人更新，请刷新后重试');
    } else {
      [row] = await tx
        .insert(trainClasses)
        .values({ ...fields, ...(await numberClass(tx, input.startDate)), orgId, cityId: org!.cityId, countyId: org!.areaId, status: CLASS_STATUS.DRAFT, createdBy: user.id })
        .returning();
      await tx.insert(trainClassHistory).values({ classId: row.id, subject: 'class', action: 'create', fromStatus: null, toStatus: CLASS_STATUS.DRAFT, actorId: user.id, actorName: actorName(user) });
    }
    await replaceTeachers(tx, row.id, teacherIds, names);
    return row;
  });
  audit({ entity: CLASS_ENTITY, entityId: saved.id, before, after: saved, detail: `${before ? '修改' : '新建'}培训班 ${saved.code} ${saved.name}` });
  return classItemOf(db, session, saved);
}

/** 班主任与授课教师（saveTrainInfoClass）：草稿或被驳回时由本机构设置 */
export async function saveClassTeachers(db: Db, session: Session, input: { id: number; headTeacherId?: number; teacherIds: number[] }, audit: Audit) {
  const c = await classForOperation(db, session, input.id, 'edit');
  const names = await resolveTeachers(db, c.orgId, input.headTeacherId, input.teacherIds);
  await db.transaction(async (tx) => {
    await tx
      .update(trainClasses)
      .set({ headTeacherId: input.headTeacherId ?? null, headTeacherName: input.headTeacherId ? (names.get(input.headTeacherId) ?? null) : null, updatedAt: new Date() })
      .where(eq(trainClasses.id, c.id));
    await replaceTeachers(tx, c.id, input.teacherIds, names);
  });
  audit({ entity: CLASS_ENTITY, entityId: c.id, before: { headTeacherId: c.headTeacherId }, after: input, detail: `设置培训班 ${c.code} 的班主任与授课教师` });
  return classDetail(db, session, c.id);
}

/** 批量删除（deleteBatch）：只有草稿或被驳回的班级，由本机构删除；课程、学员、申请随之删除 */
export async function deleteClasses(db: Db, session: Session, input: { ids: number[] }, audit: Audit): Promise<{ removed: number }> {
  const targets: TrainClass[] = [];
  for (const id of new Set(input.ids)) {
    const c = await loadClass(db, session.user, id);
    assertOperation(session, c, 'delete');
    targets.push(c);
  }
  await db.transaction(async (tx) => {
    const ids = targets.map((c) => c.id);
    await tx.delete(classCourses).where(inArray(classCourses.classId, ids));
    // 学员随班删除：登记的钩子（补贴退回培训券）在同一事务里执行
    await runClassHook(tx, 'classDiscarded', { classIds: ids, reason: 'deleted' });
    for (const id of ids) await detachFiles(tx, { entity: CLASS_ENTITY, entityId: id });
    await tx.delete(trainClasses).where(inArray(trainClasses.id, ids));
  });
  for (const c of targets) audit({ entity: CLASS_ENTITY, entityId: c.id, before: c, detail: `删除培训班 ${c.code} ${c.name}` });
  return { removed: targets.length };
}

/** 开班材料（uploadTrainInfo，multipart）：存进上传服务并登记在班级上；草稿或被驳回时由本机构上传，最多 10 份 */
export async function uploadClassFile(db: Db, session: Session, input: { id: number; file: Blob }, audit: Audit) {
  const c = await classForOperation(db, session, input.id, 'edit');
  if (c.attachments.length >= 10) throw ApiError.badRequest('开班材料最多 10 份，请先删除不用的');
  const fileName = ((input.file as File).name || '开班材料').split(/[\\/]/).pop()!.slice(0, 200);
  const stored = await storeFile(db, session.user, { data: new Uint8Array(await input.file.arrayBuffer()), fileName, purpose: 'attachment' });
  const attachments = [...c.attachments, { url: stored.url, name: fileName }];
  await attachFiles(
    db,
    { entity: CLASS_ENTITY, entityId: c.id },
    attachments.map((a) => a.url),
  );
  await db.update(trainClasses).set({ attachments, updatedAt: new Date() }).where(eq(trainClasses.id, c.id));
  audit({ entity: CLASS_ENTITY, entityId: c.id, after: { attachment: fileName }, detail: `上传培训班 ${c.code} 的开班材料「${fileName}」` });
  return { url: stored.url, name: fileName, fileSize: stored.fileSize, attachments };
}

// ---------- 统计、主管单位、推送 ----------

/** 培训统计（trainStatistics）：范围内某年（默认今年）各状态的班级数、学员数、结业人数、课程学时 */
export async function classStatistics(db: Db, session: Session, filter: { year?: number }) {
  const year = filter.year ?? Number(beijingDate(new Date()).slice(0, 4));
  const where = and(
    scopeWhere(session.user, { cityId: trainClasses.cityId, countyId: trainClasses.countyId, orgId: trainClasses.orgId }),
    gte(trainClasses.startDate, `${year}-01-01`),
    lte(trainClasses.startDate, `${year}-12-31`),
  );
  const [byStatus, [students]] = await Promise.all([
    db.select({ status: trainClasses.status, classes: count(), students: sql<number>`coalesce(sum(${trainClasses.studentCount}), 0)::int` }).from(trainClasses).where(where).groupBy(trainClasses.status),
    db
      .select({ completed: sql<number>`count(*) filter (where ${trainStudents.completion} = 1)::int`, total: count() })
      .from(trainStudents)
      .innerJoin(trainClasses, eq(trainClasses.id, trainStudents.classId))
      .where(and(where, ne(trainClasses.status, CLASS_STATUS.DISCARDED))),
  ]);
  const statuses = Object.keys(CLASS_STATUS_LABEL).map(Number);
  const row = (s: number) => byStatus.find((b) => b.status === s);
  return {
    year,
    classes: byStatus.filter((b) => !CLOSED_STATUSES.includes(b.status)).reduce((n, b) => n + Number(b.classes), 0),
    students: Number(students?.total ?? 0),
    completed: Number(students?.completed ?? 0),
    byStatus: statuses.map((s) => ({ status: s, statusName: CLASS_STATUS_LABEL[s], color: CLASS_STATUS_COLOR[s], classes: Number(row(s)?.classes ?? 0), students: Number(row(s)?.students ?? 0) })),
  };
}

/** 主管单位（getCompetent）：班级所在市与省级的管理单位（机构类别 admin），机构用户按本机构所在市 */
export async function competentUnits(db: Db, session: Session) {
  const { user } = session;
  let cityId = user.cityId;
  if (user.level === 'org' && user.orgId !== null) {
    const [org] = await db.select({ cityId: organisations.cityId }).from(organisations).where(eq(organisations.id, user.orgId));
    cityId = org?.cityId ?? null;
  }
  const rows = await db
    .select({ id: organisations.id, code: organisations.code, name: organisations.name, cityId: organisations.cityId })
    .from(organisations)
    .where(and(eq(organisations.category, 'admin'), eq(organisations.status, 0), cityId === null ? undefined : sql`(${organisations.cityId} = ${cityId} or ${organisations.cityId} is null)`))
    .orderBy(sql`${organisations.cityId} is null`, asc(organisations.id));
  return rows.map((r) => ({ value: r.id, label: r.name, code: r.code, level: r.cityId === null ? 'province' : 'city' }));
}

/** 推送到求实平台（postClassDataToQiuShi）：审核通过之后、未作废的班级，由本机构或本市管理员推送；记下推送时间 */
export async function syncToQiuShi(db: Db, session: Session, input: { id: number }, audit: Audit) {
  const c = await loadClass(db, session.user, input.id);
  const pushable: number[] = [CLASS_STATUS.APPROVED, CLASS_STATUS.PUBLISHED, CLASS_STATUS.IN_TRAINING, CLASS_STATUS.FINISHED, CLASS_STATUS.ASSESSED];
  if (!pushable.includes(c.status)) throw ApiError.badRequest(`班级当前为「${classStatusLabel(c.status)}」，审核通过后才能推送`);
  const now = new Date();
  // 推送时间与外发队列的一行在同一个事务里写下：记了时间就一定会送出（求实平台未配置时行在队列里等待）
  const outboxId = await db.transaction(async (tx) => {
    await tx.update(trainClasses).set({ syncedAt: now }).where(eq(trainClasses.id, c.id));
    return enqueueQiuShi(tx, { kind: 'trainClass', entityId: c.id, at: now, summary: `培训班 ${c.code} ${c.name}`.slice(0, 200), data: qiushiClassData(c) });
  });
  audit({ entity: CLASS_ENTITY, entityId: c.id, after: { syncedAt: now, outboxId }, detail: `推送培训班 ${c.code} 到求实平台` });
  return { id: c.id, syncTime: formatBeijing(now), ...(await deliverQiuShi(db, outboxId)) };
}

/** 送到求实平台的班级数据 */
const qiushiClassData = (c: typeof trainClasses.$inferSelect) => ({
  code: c.code,
  name: c.name,
  orgId: c.orgId,
  cityId: c.cityId,
  workCode: c.workCode,
  workName: c.workName,
  level: c.level,
  trainType: c.trainType,
  startDate: c.startDate,
  endDate: c.endDate,
  hours: c.hours,
  place: c.place,
  capacity: c.capacity,
  studentCount: c.studentCount,
  headTeacherName: c.headTeacherName,
  status: c.status,
});

/** 待审核的附带申请数（审批页头用） */
export async function pendingRequestCount(db: Db, user: SessionUser, kind: RequestKind): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(trainClassRequests)
    .where(and(scopeWhere(user, { cityId: trainClassRequests.cityId, orgId: trainClassRequests.orgId }), eq(trainClassRequests.kind, kind), eq(trainClassRequests.status, REQUEST_STATUS.PENDING)));
  return Number(row?.n ?? 0);
}

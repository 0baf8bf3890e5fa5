// 课程：录入、状态转换（唯一入口 applyCourseTransition）、列表（每行带当前用户可做的操作）、审核列表、历史与导出。
// 数据范围：机构只看本机构的课程，市级看本市，省级看全省；范围外的课程一律答 404。
// 签名：(db, session, input, audit)——端点只做转接（docs/API.md“服务函数”）。
import { and, asc, count, desc, eq, gt, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError, FORBIDDEN_MESSAGE } from '@/lib/platform/api/errors';
import { can, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { scopeWhere } from '@/lib/platform/auth/scope';
import { fetchPage } from '@/lib/platform/db/paged';
import { businessCode, nextId } from '@/lib/platform/db/codes';
import { actorName, type TransitionRequest } from '@/lib/platform/workflow';
import { containsPattern } from '@/lib/platform/db/like';
import { exportXlsx, keysetBatches } from '@/lib/platform/excel/export';
import { formatBeijing } from '@/lib/platform/time';
import { areas } from '../area/tables';
import { organisations } from '../org/tables';
import { baseWorks } from '../catalog/tables';
import { dictOptions } from '../dict/service';
import { DICT } from '../dict/codes';
import { attachCourseFiles, detachCourseFiles } from './files';
import { assertClassifyAndTags, assertTypeExists } from './library';
import { courseWorkflow, classCountOf, loadCourse, type Course } from './workflow';
import { chapterCoursewares, classCourses, courseChapters, courseClassifies, courseHistory, courses, courseTagLinks, courseTags, courseTypes } from './tables';
import {
  AUDIT_RESOURCE,
  COURSE_KIND_LABEL,
  COURSE_KINDS,
  COURSE_STATUS,
  courseStatusLabel,
  DELETABLE_STATUSES,
  EDITABLE_STATUSES,
  kindPermissions,
  TRANSITIONS,
  type CourseKind,
  type TransitionAction,
} from './transitions';
import type { CourseHistoryItem, CourseItem } from './schemas';

export type { Course } from './workflow';
export { loadCourse, classCountOf } from './workflow';

const scopeOf = (user: SessionUser) => scopeWhere(user, { cityId: courses.cityId, orgId: courses.orgId });

/** 查看某种课程所需的权限（任一）：维护资源的查询、审核、课件管理 */
export const viewPermissions = (kind: CourseKind): string[] => [...kindPermissions(kind, 'query'), `${AUDIT_RESOURCE}.query`, 'courseware.query'];

/** 当前用户可查看（或做某动作）的课程种类 */
export const kindsAllowed = (session: Session, action: string): CourseKind[] => COURSE_KINDS.filter((k) => can(session, kindPermissions(k, action)));

/** 按课程种类检查维护权限（端点已按“任一种类”放行，这里落到具体种类） */
export function assertKindPermission(session: Session, kind: CourseKind, action: string): void {
  if (!can(session, kindPermissions(kind, action))) throw ApiError.forbidden(FORBIDDEN_MESSAGE);
}

/** 课程可查看：在范围内，且有该种类的查看权限（审核员、课件管理员也可） */
export async function loadViewableCourse(db: Db, session: Session, id: number): Promise<Course> {
  const c = await loadCourse(db, session.user, id);
  if (!can(session, viewPermissions(c.kind as CourseKind))) throw ApiError.forbidden(FORBIDDEN_MESSAGE);
  return c;
}

/** 课程可修改（资料、章节、课件）：在范围内、有维护权限、且是草稿 */
export async function loadEditableCourse(db: Db, session: Session, id: number, extraPermissions: readonly string[] = []): Promise<Course> {
  const c = await loadCourse(db, session.user, id);
  if (!can(session, [...kindPermissions(c.kind as CourseKind, 'edit'), ...extraPermissions])) throw ApiError.forbidden(FORBIDDEN_MESSAGE);
  assertEditable(c);
  return c;
}

export function assertEditable(c: Course): void {
  if (!EDITABLE_STATUSES.includes(c.status)) throw ApiError.badRequest(`课程「${c.name}」当前为「${courseStatusLabel(c.status)}」，不能修改；请先撤回为草稿`);
}

// ---------- 列表与详情 ----------

export interface CourseFilter {
  kind?: CourseKind;
  status?: number;
  name?: string;
  typeId?: number;
  classifyId?: number;
  tagId?: number;
  orgName?: string;
}

function courseWhere(user: SessionUser, kinds: readonly CourseKind[], filter: CourseFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [scopeOf(user), inArray(courses.kind, [...kinds])];
  if (filter.kind) conds.push(eq(courses.kind, filter.kind));
  if (filter.status !== undefined) conds.push(eq(courses.status, filter.status));
  if (filter.name) conds.push(or(ilike(courses.name, containsPattern(filter.name)), ilike(courses.code, containsPattern(filter.name))));
  if (filter.typeId) conds.push(eq(courses.typeId, filter.typeId));
  if (filter.classifyId) conds.push(eq(courses.classifyId, filter.classifyId));
  if (filter.tagId) conds.push(sql`exists (select 1 from ${courseTagLinks} where ${courseTagLinks.courseId} = ${courses.id} and ${courseTagLinks.tagId} = ${filter.tagId})`);
  if (filter.orgName) conds.push(ilike(organisations.name, containsPattern(filter.orgName)));
  return and(...conds);
}

const courseCity = alias(areas, 'course_city');

const listRows = (db: Db) =>
  db
    .select({ c: courses, typeName: courseTypes.name, classifyName: courseClassifies.name, orgName: organisations.name, cityName: courseCity.name })
    .from(courses)
    .innerJoin(courseTypes, eq(courseTypes.id, courses.typeId))
    .leftJoin(courseClassifies, eq(courseClassifies.id, courses.classifyId))
    .leftJoin(organisations, eq(organisations.id, courses.orgId))
    .leftJoin(courseCity, eq(courseCity.id, courses.cityId));

type ListRow = Awaited<ReturnType<ReturnType<typeof listRows>['where']>>[number];

const countRows = (db: Db, where: SQL | undefined) => db.select({ total: count() }).from(courses).leftJoin(organisations, eq(organisations.id, courses.orgId)).where(where);

/** 当前用户可查看的种类；按种类筛选时须有该种类的查看权限 */
function listKinds(session: Session, kind: CourseKind | undefined, audit = false): CourseKind[] {
  const kinds = audit ? [...COURSE_KINDS] : COURSE_KINDS.filter((k) => can(session, viewPermissions(k)));
  if (kind && !kinds.includes(kind)) throw ApiError.forbidden(`没有查看${COURSE_KIND_LABEL[kind]}的权限`);
  return kind ? [kind] : kinds;
}

/** 分页列表；每行带当前用户此刻可做的操作 */
export async function listCourses(db: Db, session: Session, filter: CourseFilter, page: Page): Promise<PageResult<CourseItem>> {
  const where = courseWhere(session.user, listKinds(session, filter.kind), filter);
  return fetchPage(page, listRows(db).where(where).orderBy(desc(courses.updatedAt), desc(courses.id)), countRows(db, where), (rows) => toItems(db, session, rows));
}

export interface AuditFilter {
  pendingOnly?: boolean;
  kind?: CourseKind;
  name?: string;
  orgName?: string;
}

/** 审核列表：范围内提交过的课程（草稿不列）；默认只看待审核的 */
export async function listCoursesForAudit(db: Db, session: Session, filter: AuditFilter, page: Page): Promise<PageResult<CourseItem>> {
  const where = and(
    courseWhere(session.user, listKinds(session, filter.kind, true), filter),
    filter.pendingOnly ? inArray(courses.status, courseWorkflow.pendingStatuses('auditor')) : ne(courses.status, COURSE_STATUS.DRAFT),
  );
  return fetchPage(page, listRows(db).where(where).orderBy(desc(courses.submittedAt), desc(courses.id)), countRows(db, where), (rows) => toItems(db, session, rows));
}

/** 一页课程的标签、章节数、课件数、使用的培训班数：每样一条查询（不逐行查） */
async function toItems(db: Db, session: Session, rows: ListRow[]): Promise<CourseItem[]> {
  const ids = rows.map((r) => r.c.id);
  const [tags, chapters, wares, classes] = ids.length
    ? await Promise.all([
        db
          .select({ courseId: courseTagLinks.courseId, id: courseTags.id, name: courseTags.name })
          .from(courseTagLinks)
          .innerJoin(courseTags, eq(courseTags.id, courseTagLinks.tagId))
          .where(inArray(courseTagLinks.courseId, ids))
          .orderBy(asc(courseTags.sort), asc(courseTags.id)),
        db.select({ courseId: courseChapters.courseId, n: count() }).from(courseChapters).where(inArray(courseChapters.courseId, ids)).groupBy(courseChapters.courseId),
        db.select({ courseId: chapterCoursewares.courseId, n: count() }).from(chapterCoursewares).where(inArray(chapterCoursewares.courseId, ids)).groupBy(chapterCoursewares.courseId),
        db.select({ courseId: classCourses.courseId, n: count() }).from(classCourses).where(inArray(classCourses.courseId, ids)).groupBy(classCourses.courseId),
      ])
    : [[], [], [], []];
  const tagsOf = new Map<number, { id: number; name: string }[]>();
  for (const t of tags) (tagsOf.get(t.courseId) ?? tagsOf.set(t.courseId, []).get(t.courseId)!).push({ id: t.id, name: t.name });
  const nChapters = new Map(chapters.map((r) => [r.courseId, Number(r.n)]));
  const nWares = new Map(wares.map((r) => [r.courseId, Number(r.n)]));
  const nClasses = new Map(classes.map((r) => [r.courseId, Number(r.n)]));
  return rows.map(({ c, typeName, classifyName, orgName, cityName }) => {
    const kind = c.kind as CourseKind;
    const courseTagList = tagsOf.get(c.id) ?? [];
    return {
      id: c.id,
      code: c.code,
      kind,
      kindName: COURSE_KIND_LABEL[kind],
      name: c.name,
      typeId: c.typeId,
      typeName,
      classifyId: c.classifyId,
      classifyName,
      tagIds: courseTagList.map((t) => t.id),
      tagNames: courseTagList.map((t) => t.name),
      trainType: c.trainType,
      workCode: c.workCode,
      workName: c.workName,
      cover: c.cover,
      intro: c.intro,
      teacherName: c.teacherName,
      hours: c.hours,
      status: c.status,
      statusName: courseStatusLabel(c.status),
      lastOpinion: c.lastOpinion,
      orgId: c.orgId,
      orgName,
      cityId: c.cityId,
      cityName,
      chapterCount: nChapters.get(c.id) ?? 0,
      coursewareCount: nWares.get(c.id) ?? 0,
      classCount: nClasses.get(c.id) ?? 0,
      actions: courseWorkflow.availableActions({ ...c, kind }, session),
      submitTime: c.submittedAt ? formatBeijing(c.submittedAt) : null,
      auditTime: c.auditedAt ? formatBeijing(c.auditedAt) : null,
      createTime: formatBeijing(c.createdAt),
      updateTime: formatBeijing(c.updatedAt),
    };
  });
}

export async function courseItem(db: Db, session: Session, id: number): Promise<CourseItem> {
  const rows = await listRows(db).where(eq(courses.id, id));
  return (await toItems(db, session, rows))[0];
}

/** 详情（编辑表单的初始值、审核弹窗）：须能查看该课程 */
export async function courseDetail(db: Db, session: Session, id: number): Promise<CourseItem> {
  await loadViewableCourse(db, session, id);
  return courseItem(db, session, id);
}

export async function courseHistoryOf(db: Db, session: Session, id: number): Promise<CourseHistoryItem[]> {
  await loadViewableCourse(db, session, id);
  const rows = await db.select().from(courseHistory).where(eq(courseHistory.courseId, id)).orderBy(asc(courseHistory.createdAt), asc(courseHistory.id));
  return rows.map((h) => ({
    id: h.id,
    action: h.action,
    actionName: h.action === 'create' ? '创建课程' : (TRANSITIONS.find((t) => t.action === h.action)?.verb ?? h.action),
    fromStatusName: courseStatusLabel(h.fromStatus),
    toStatusName: courseStatusLabel(h.toStatus),
    opinion: h.opinion,
    actorName: h.actorName,
    createTime: formatBeijing(h.createdAt),
  }));
}

const EXPORT_COLUMNS = [
  { header: '课程编号', key: 'code', width: 20 },
  { header: '课程名称', key: 'name', width: 32 },
  { header: '种类', key: 'kindName', width: 10 },
  { header: '课程类型', key: 'typeName', width: 16 },
  { header: '分类', key: 'classifyName', width: 14 },
  { header: '主讲教师', key: 'teacherName', width: 12 },
  { header: '学时', key: 'hours', width: 8 },
  { header: '适用工种', key: 'workName', width: 16 },
  { header: '所属机构', key: 'orgName', width: 30 },
  { header: '状态', key: 'statusName', width: 10 },
  { header: '章节数', key: 'chapterCount', width: 8 },
  { header: '课件数', key: 'coursewareCount', width: 8 },
  { header: '使用班级数', key: 'classCount', width: 10 },
  { header: '提交时间', key: 'submitTime', width: 20 },
] as const satisfies readonly { header: string; key: keyof CourseItem; width: number }[];

/** 按列表的筛选导出（按 id 键集分批读取） */
export function exportCourses(db: Db, session: Session, filter: CourseFilter) {
  const where = courseWhere(session.user, listKinds(session, filter.kind), filter);
  return exportXlsx({
    columns: EXPORT_COLUMNS,
    sheetName: '课程列表',
    rows: keysetBatches<CourseItem, number>(
      async (last, limit) => toItems(db, session, await listRows(db).where(and(where, last !== null ? gt(courses.id, last) : undefined)).orderBy(asc(courses.id)).limit(limit)),
      (r) => r.id,
    ),
  });
}

/** 下拉用的课程：usable 已上架的（精品课程、培训班引用）；editable 可添加课件的草稿 */
export async function courseOptions(db: Db, session: Session, input: { purpose: 'usable' | 'editable'; name?: string }) {
  const kinds = input.purpose === 'editable' ? kindsAllowed(session, 'edit') : COURSE_KINDS.filter((k) => can(session, viewPermissions(k)) || can(session, 'excellentCourse.query'));
  if (!kinds.length) return [];
  const status = input.purpose === 'editable' ? COURSE_STATUS.DRAFT : COURSE_STATUS.APPROVED;
  return db
    .select({ id: courses.id, code: courses.code, name: courses.name, kind: courses.kind })
    .from(courses)
    .where(and(scopeOf(session.user), inArray(courses.kind, kinds), eq(courses.status, status), input.name ? ilike(courses.name, containsPattern(input.name)) : undefined))
    .orderBy(desc(courses.updatedAt), desc(courses.id))
    .limit(50);
}

// ---------- 录入 ----------

export interface SaveCourseInput {
  id?: number;
  kind: CourseKind;
  name: string;
  typeId: number;
  classifyId?: number;
  tagIds?: number[];
  trainType?: string;
  workCode?: string;
  cover: string | null;
  intro: string | null;
  teacherName: string;
  hours: number;
}

/** 培训类型须是字典 TRAIN_TYPE 中启用的值；工种须在目录中且启用 */
async function resolveRefs(db: Db, input: SaveCourseInput): Promise<{ workName: string | null }> {
  await Promise.all([assertTypeExists(db, input.typeId), assertClassifyAndTags(db, input.classifyId, input.tagIds ?? [])]);
  if (input.trainType !== undefined) {
    const options = await dictOptions(db, DICT.TRAIN_TYPE);
    if (!options.some((o) => o.value === input.trainType)) throw ApiError.badRequest('培训类型不正确', { trainType: '培训类型不正确' });
  }
  if (input.workCode === undefined) return { workName: null };
  const [w] = await db.select({ name: baseWorks.name, status: baseWorks.status }).from(baseWorks).where(eq(baseWorks.code, input.workCode));
  if (!w || w.status !== 0) throw ApiError.badRequest(`工种 ${input.workCode} 不存在或已停用`, { workCode: '工种不存在或已停用' });
  return { workName: w.name };
}

/** 课程编号 KC + 年份 + 6 位序号（序号取自主键，一次插入带编号的行） */
async function numberCourse(db: Db, at = new Date()): Promise<{ id: number; code: string }> {
  const id = await nextId(db, courses);
  return { id, code: businessCode({ prefix: 'KC', year: at.getFullYear(), serial: id }) };
}

/**
 * 新增或修改课程。机构用户的课程属于本机构；管理员建的课程不属于机构，范围为其所在市（省级为全省）。
 * 修改只在草稿状态；种类不能改。
 */
export async function saveCourse(db: Db, session: Session, input: SaveCourseInput, audit: Audit): Promise<CourseItem> {
  const { user } = session;
  assertKindPermission(session, input.kind, input.id ? 'edit' : 'add');
  const { workName } = await resolveRefs(db, input);
  const fields = {
    name: input.name,
    typeId: input.typeId,
    classifyId: input.classifyId ?? null,
    trainType: input.trainType ?? null,
    workCode: input.workCode ?? null,
    workName,
    cover: input.cover,
    intro: input.intro,
    teacherName: input.teacherName,
    hours: input.hours,
  };
  const saved = await db.transaction(async (tx) => {
    let c: Course;
    let before: Course | null = null;
    if (input.id) {
      before = await loadCourse(tx, user, input.id);
      if (before.kind !== input.kind) throw ApiError.badRequest('课程种类不能修改');
      assertEditable(before);
      [c] = await tx.update(courses).set({ ...fields, updatedAt: new Date() }).where(eq(courses.id, input.id)).returning();
    } else {
      let orgId: number | null = null;
      let cityId = user.cityId;
      if (user.level === 'org') {
        if (!user.orgId) throw ApiError.forbidden('账号未归属机构，不能新建课程');
        const [org] = await tx.select({ id: organisations.id, cityId: organisations.cityId }).from(organisations).where(eq(organisations.id, user.orgId));
        if (!org) throw ApiError.forbidden('账号所属机构不存在');
        orgId = org.id;
        cityId = org.cityId;
      }
      [c] = await tx
        .insert(courses)
        .values({ ...fields, ...(await numberCourse(tx)), kind: input.kind, status: COURSE_STATUS.DRAFT, orgId, cityId, createdBy: user.id })
        .returning();
      await tx.insert(courseHistory).values({ courseId: c.id, action: 'create', fromStatus: COURSE_STATUS.DRAFT, toStatus: COURSE_STATUS.DRAFT, actorId: user.id, actorName: actorName(user) });
    }
    if (input.tagIds) {
      await tx.delete(courseTagLinks).where(eq(courseTagLinks.courseId, c.id));
      const tagIds = [...new Set(input.tagIds)];
      if (tagIds.length) await tx.insert(courseTagLinks).values(tagIds.map((tagId) => ({ courseId: c.id, tagId })));
    }
    await attachCourseFiles(tx, 'course', c.id, c.cover ? [c.cover] : [], user);
    audit({ entity: 'course', entityId: c.id, before, after: { ...c, tagIds: input.tagIds }, detail: `${before ? '修改' : '新建'}${COURSE_KIND_LABEL[input.kind]} ${c.code} ${c.name}` });
    return c;
  });
  return courseItem(db, session, saved.id);
}

/** 删除：被培训班使用的不能删除（说明有几个班在用）；待审核与已上架的不能删除。章节、课件、评论随之删除。 */
export async function deleteCourse(db: Db, session: Session, id: number, audit: Audit): Promise<{ removed: number }> {
  const c = await loadCourse(db, session.user, id);
  assertKindPermission(session, c.kind as CourseKind, 'delete');
  const used = await classCountOf(db, id);
  if (used > 0) throw ApiError.badRequest(`课程已被 ${used} 个培训班使用，不能删除`);
  if (!DELETABLE_STATUSES.includes(c.status)) throw ApiError.badRequest(`课程当前为「${courseStatusLabel(c.status)}」，不能删除${c.status === COURSE_STATUS.APPROVED ? '；请先下架' : ''}`);
  await db.transaction(async (tx) => {
    const wares = await tx.select({ id: chapterCoursewares.id }).from(chapterCoursewares).where(eq(chapterCoursewares.courseId, id));
    for (const w of wares) await detachCourseFiles(tx, 'courseware', w.id);
    await detachCourseFiles(tx, 'course', id);
    // 并发的引用由 class_course 的外键（RESTRICT）兜底
    await tx.delete(courses).where(eq(courses.id, id));
  });
  audit({ entity: 'course', entityId: id, before: c, detail: `删除课程 ${c.code} ${c.name}` });
  return { removed: 1 };
}

// ---------- 状态转换：唯一入口 ----------

/** 办理一步（引擎：权限、办理方、状态、意见、条件、历史、操作日志、通知），返回办理后的列表行 */
export async function applyCourseTransition(db: Db, session: Session, req: TransitionRequest<TransitionAction>, audit: Audit): Promise<CourseItem> {
  await courseWorkflow.apply(db, session, req, audit);
  return courseItem(db, session, req.id);
}

/** 审核：pass → approve，reject → reject */
export function auditCourse(db: Db, session: Session, input: { id: number; result: 'pass' | 'reject'; opinion: string | null }, audit: Audit): Promise<CourseItem> {
  return applyCourseTransition(db, session, { id: input.id, action: input.result === 'pass' ? 'approve' : 'reject', opinion: input.opinion }, audit);
}

/** 上架 / 下架 */
export function arraignCourse(db: Db, session: Session, input: { id: number; arraigned: boolean; opinion: string | null }, audit: Audit): Promise<CourseItem> {
  return applyCourseTransition(db, session, { id: input.id, action: input.arraigned ? 'onShelf' : 'offShelf', opinion: input.opinion }, audit);
}

// 章节与课件：只在课程为草稿时可增删改与排序；播放页的章节列表（getSectionList）。
// 范围与权限都经所属课程检查（章节、课件本身不带范围列）。
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError, FORBIDDEN_MESSAGE } from '@/lib/platform/api/errors';
import { can, type Session } from '@/lib/platform/auth/session';
import { inScope, scopeWhere } from '@/lib/platform/auth/scope';
import { fetchPage } from '@/lib/platform/db/paged';
import { containsPattern } from '@/lib/platform/db/like';
import { formatBeijing } from '@/lib/platform/time';
import { organisations } from '../org/tables';
import { attachCourseFiles, detachCourseFiles } from './files';
import { FILE_URL_PATTERN } from '../file/schemas';
import { courseTypes, chapterCoursewares, courseChapters, courseComments, courses } from './tables';
import { assertEditable, loadCourse, loadEditableCourse, viewPermissions, type Course } from './service';
import { COURSE_KIND_LABEL, COURSE_KINDS, COURSE_STATUS, COURSEWARE_KIND_LABEL, courseStatusLabel, kindPermissions, USABLE_STATUS, type CourseKind, type CoursewareKind } from './transitions';
import type { ChapterItem, CoursewareItem, CoursewareRow, SectionList } from './schemas';

type Chapter = typeof courseChapters.$inferSelect;
type Courseware = typeof chapterCoursewares.$inferSelect;

/** 课件管理（courseware）的权限也可维护课件 */
const coursewarePermission = (action: string) => [`courseware.${action}`];

/** 课程可查看：范围内且有查看权限；已上架的课程任何登录用户都可学习（播放页、评论） */
export async function loadLearnableCourse(db: Db, session: Session, courseId: number): Promise<Course> {
  const [c] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (c && c.status === USABLE_STATUS) return c;
  if (!c || !inScope(session.user, c) || !can(session, viewPermissions(c.kind as CourseKind))) throw ApiError.notFound('课程不存在或未上架');
  return c;
}

async function loadChapter(db: Db, id: number): Promise<Chapter> {
  const [row] = await db.select().from(courseChapters).where(eq(courseChapters.id, id));
  if (!row) throw ApiError.notFound('章节不存在');
  return row;
}

/** 章节所属课程须在范围内（范围外与不存在一样答 404） */
async function loadScopedChapter(db: Db, session: Session, id: number): Promise<{ chapter: Chapter; course: Course }> {
  const chapter = await loadChapter(db, id);
  const course = await loadCourse(db, session.user, chapter.courseId).catch(() => {
    throw ApiError.notFound('章节不存在或不在您的管辖范围内');
  });
  return { chapter, course };
}

const editPermissions = (course: Course, extra: readonly string[] = []) => [...kindPermissions(course.kind as CourseKind, 'edit'), ...extra];

function assertCanEdit(session: Session, course: Course, extra: readonly string[] = []): void {
  if (!can(session, editPermissions(course, extra))) throw ApiError.forbidden(FORBIDDEN_MESSAGE);
  assertEditable(course);
}

// ---------- 排序：与相邻的一行交换 sort ----------

type Sortable = PgTable & { id: PgColumn; sort: PgColumn };

/** 在同组（group 条件）内与上一行或下一行交换位置；已在两端时不动。sort 有重复时先按当前顺序重排为 1..n。 */
export async function moveInGroup(tx: Db, table: Sortable, group: SQL, id: number, direction: 'up' | 'down'): Promise<{ moved: boolean }> {
  const t = table as Sortable;
  const rows = (await tx.select({ id: t.id, sort: t.sort }).from(t as PgTable).where(group).orderBy(asc(t.sort), asc(t.id))) as { id: number; sort: number }[];
  const i = rows.findIndex((r) => r.id === id);
  if (i < 0) throw ApiError.notFound('记录不存在');
  const j = direction === 'up' ? i - 1 : i + 1;
  if (j < 0 || j >= rows.length) return { moved: false };
  if (new Set(rows.map((r) => r.sort)).size !== rows.length) {
    for (const [k, r] of rows.entries()) if (r.sort !== k + 1) await tx.update(t).set({ sort: k + 1 } as never).where(eq(t.id, r.id));
    rows.forEach((r, k) => (r.sort = k + 1));
  }
  await tx.update(t).set({ sort: rows[j].sort } as never).where(eq(t.id, rows[i].id));
  await tx.update(t).set({ sort: rows[i].sort } as never).where(eq(t.id, rows[j].id));
  return { moved: true };
}

// ---------- 章节 ----------

export async function listChapters(db: Db, session: Session, courseId: number): Promise<ChapterItem[]> {
  await loadLearnableCourse(db, session, courseId);
  const rows = await db
    .select({ ch: courseChapters, n: count(chapterCoursewares.id) })
    .from(courseChapters)
    .leftJoin(chapterCoursewares, eq(chapterCoursewares.chapterId, courseChapters.id))
    .where(eq(courseChapters.courseId, courseId))
    .groupBy(courseChapters.id)
    .orderBy(asc(courseChapters.sort), asc(courseChapters.id));
  return rows.map(({ ch, n }) => ({ id: ch.id, courseId: ch.courseId, title: ch.title, sort: ch.sort, coursewareCount: Number(n) }));
}

export async function addChapter(db: Db, session: Session, input: { courseId: number; title: string }, audit: Audit) {
  const course = await loadEditableCourse(db, session, input.courseId);
  const [{ max }] = await db.select({ max: sql<number>`coalesce(max(${courseChapters.sort}), 0)::int` }).from(courseChapters).where(eq(courseChapters.courseId, course.id));
  const [row] = await db.insert(courseChapters).values({ courseId: course.id, title: input.title, sort: Number(max) + 1 }).returning();
  await touchCourse(db, course.id);
  audit({ entity: 'course_chapter', entityId: row.id, after: row, detail: `课程 ${course.code} 新增章节「${row.title}」` });
  return { id: row.id };
}

export async function updateChapter(db: Db, session: Session, input: { id: number; title: string }, audit: Audit) {
  const { chapter, course } = await loadScopedChapter(db, session, input.id);
  assertCanEdit(session, course);
  const [row] = await db.update(courseChapters).set({ title: input.title, updatedAt: new Date() }).where(eq(courseChapters.id, chapter.id)).returning();
  await touchCourse(db, course.id);
  audit({ entity: 'course_chapter', entityId: row.id, before: chapter, after: row, detail: `课程 ${course.code} 修改章节「${row.title}」` });
  return { id: row.id };
}

/** 删除章节连同其下的课件 */
export async function deleteChapter(db: Db, session: Session, id: number, audit: Audit) {
  const { chapter, course } = await loadScopedChapter(db, session, id);
  assertCanEdit(session, course);
  await db.transaction(async (tx) => {
    const wares = await tx.select({ id: chapterCoursewares.id }).from(chapterCoursewares).where(eq(chapterCoursewares.chapterId, id));
    for (const w of wares) await detachCourseFiles(tx, 'courseware', w.id);
    await tx.delete(courseChapters).where(eq(courseChapters.id, id));
    await touchCourse(tx, course.id);
  });
  audit({ entity: 'course_chapter', entityId: id, before: chapter, detail: `课程 ${course.code} 删除章节「${chapter.title}」` });
  return { removed: 1 };
}

export async function moveChapter(db: Db, session: Session, input: { id: number; direction: 'up' | 'down' }, audit: Audit) {
  const { chapter, course } = await loadScopedChapter(db, session, input.id);
  assertCanEdit(session, course);
  const result = await db.transaction((tx) => moveInGroup(tx, courseChapters, eq(courseChapters.courseId, course.id), chapter.id, input.direction));
  if (result.moved) audit({ entity: 'course_chapter', entityId: chapter.id, detail: `课程 ${course.code} 章节「${chapter.title}」${input.direction === 'up' ? '上移' : '下移'}` });
  return result;
}

const touchCourse = (db: Db, courseId: number) => db.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, courseId));

// ---------- 课件 ----------

/** 课件类型由上传服务定下的扩展名决定（服务端按内容嗅探命名），不取客户端的说法 */
export function coursewareKindOf(url: string): CoursewareKind {
  const m = FILE_URL_PATTERN.exec(url);
  const ext = m ? m[2].slice(m[2].lastIndexOf('.') + 1) : '';
  if (ext === 'mp4' || ext === 'webm') return 'video';
  if (ext === 'pdf') return 'pdf';
  if (['jpg', 'png', 'gif', 'bmp', 'webp'].includes(ext)) return 'image';
  if (['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'].includes(ext)) return 'document';
  throw ApiError.badRequest('课件文件格式不支持', { url: '课件文件格式不支持' });
}

const toWareItem = (w: Courseware): CoursewareItem => ({
  id: w.id,
  chapterId: w.chapterId,
  courseId: w.courseId,
  title: w.title,
  kind: w.kind as CoursewareKind,
  kindName: COURSEWARE_KIND_LABEL[w.kind as CoursewareKind],
  url: w.url,
  fileSize: w.fileSize,
  duration: w.duration,
  sort: w.sort,
  createTime: formatBeijing(w.createdAt),
});

export interface CoursewareFilter {
  courseId?: number;
  chapterId?: number;
  kind?: CoursewareKind;
  title?: string;
  courseName?: string;
}

/** 课件管理：范围内全部课程的课件（分页），带所属课程与章节；editable 表示当前用户此刻可改 */
export async function listCoursewares(db: Db, session: Session, filter: CoursewareFilter, page: Page): Promise<PageResult<CoursewareRow>> {
  const kinds = COURSE_KINDS.filter((k) => can(session, viewPermissions(k)));
  const conds: (SQL | undefined)[] = [scopeWhere(session.user, { cityId: courses.cityId, orgId: courses.orgId }), inArray(courses.kind, kinds.length ? kinds : ['none'])];
  if (filter.courseId) conds.push(eq(chapterCoursewares.courseId, filter.courseId));
  if (filter.chapterId) conds.push(eq(chapterCoursewares.chapterId, filter.chapterId));
  if (filter.kind) conds.push(eq(chapterCoursewares.kind, filter.kind));
  if (filter.title) conds.push(ilike(chapterCoursewares.title, containsPattern(filter.title)));
  if (filter.courseName) conds.push(or(ilike(courses.name, containsPattern(filter.courseName)), ilike(courses.code, containsPattern(filter.courseName))));
  const where = and(...conds);
  const rows = db
    .select({ w: chapterCoursewares, chapterTitle: courseChapters.title, course: courses, orgName: organisations.name })
    .from(chapterCoursewares)
    .innerJoin(courses, eq(courses.id, chapterCoursewares.courseId))
    .innerJoin(courseChapters, eq(courseChapters.id, chapterCoursewares.chapterId))
    .leftJoin(organisations, eq(organisations.id, courses.orgId))
    .where(where)
    .orderBy(desc(chapterCoursewares.updatedAt), desc(chapterCoursewares.id));
  const total = db.select({ total: count() }).from(chapterCoursewares).innerJoin(courses, eq(courses.id, chapterCoursewares.courseId)).where(where);
  return fetchPage(page, rows, total, (list) =>
    list.map(({ w, chapterTitle, course, orgName }) => ({
      ...toWareItem(w),
      chapterTitle,
      courseName: course.name,
      courseCode: course.code,
      courseKind: course.kind as CourseKind,
      orgName,
      editable: course.status === COURSE_STATUS.DRAFT && can(session, editPermissions(course, coursewarePermission('edit'))),
    })),
  );
}

/** 图文课程不放视频 */
function assertKindFits(course: Course, kind: CoursewareKind): void {
  if (course.kind === 'picture' && kind === 'video') throw ApiError.badRequest('图文课程不能添加视频课件', { url: '图文课程不能添加视频课件' });
}

export interface CoursewareInput {
  id?: number;
  chapterId: number;
  title: string;
  url: string;
  duration?: number;
}

/** 新增或修改课件：课件类型取自文件，视频时长只对视频有意义；文件经上传服务登记为本课件使用 */
export async function saveCourseware(db: Db, session: Session, input: CoursewareInput, audit: Audit) {
  const { chapter, course } = await loadScopedChapter(db, session, input.chapterId);
  const action = input.id ? 'edit' : 'add';
  assertCanEdit(session, course, coursewarePermission(action));
  const kind = coursewareKindOf(input.url);
  assertKindFits(course, kind);
  const values = { title: input.title, url: input.url, kind, duration: kind === 'video' ? (input.duration ?? null) : null };
  return db.transaction(async (tx) => {
    let before: Courseware | null = null;
    let row: Courseware;
    if (input.id) {
      [before] = await tx.select().from(chapterCoursewares).where(eq(chapterCoursewares.id, input.id));
      if (!before || before.courseId !== course.id) throw ApiError.notFound('课件不存在');
      // 可移到同一课程的另一章节（章节已按范围检查）；换章节时排到该章末尾
      const moving = before.chapterId !== chapter.id;
      const sort = moving ? (await nextWareSort(tx, chapter.id)) : before.sort;
      [row] = await tx.update(chapterCoursewares).set({ ...values, chapterId: chapter.id, sort, updatedAt: new Date() }).where(eq(chapterCoursewares.id, input.id)).returning();
    } else {
      [row] = await tx.insert(chapterCoursewares).values({ ...values, chapterId: chapter.id, courseId: course.id, sort: await nextWareSort(tx, chapter.id) }).returning();
    }
    const [file] = await attachCourseFiles(tx, 'courseware', row.id, [row.url], session.user);
    if (file?.size !== undefined && file.size !== row.fileSize) [row] = await tx.update(chapterCoursewares).set({ fileSize: file.size }).where(eq(chapterCoursewares.id, row.id)).returning();
    await touchCourse(tx, course.id);
    audit({ entity: 'chapter_courseware', entityId: row.id, before, after: row, detail: `课程 ${course.code}「${chapter.title}」${before ? '修改' : '新增'}课件「${row.title}」` });
    return toWareItem(row);
  });
}

async function nextWareSort(tx: Db, chapterId: number): Promise<number> {
  const [{ max }] = await tx.select({ max: sql<number>`coalesce(max(${chapterCoursewares.sort}), 0)::int` }).from(chapterCoursewares).where(eq(chapterCoursewares.chapterId, chapterId));
  return Number(max) + 1;
}

async function loadScopedWare(db: Db, session: Session, id: number): Promise<{ ware: Courseware; chapter: Chapter; course: Course }> {
  const [ware] = await db.select().from(chapterCoursewares).where(eq(chapterCoursewares.id, id));
  if (!ware) throw ApiError.notFound('课件不存在');
  const { chapter, course } = await loadScopedChapter(db, session, ware.chapterId).catch(() => {
    throw ApiError.notFound('课件不存在或不在您的管辖范围内');
  });
  return { ware, chapter, course };
}

export async function deleteCourseware(db: Db, session: Session, id: number, audit: Audit) {
  const { ware, chapter, course } = await loadScopedWare(db, session, id);
  assertCanEdit(session, course, coursewarePermission('delete'));
  await db.transaction(async (tx) => {
    await detachCourseFiles(tx, 'courseware', id);
    await tx.delete(chapterCoursewares).where(eq(chapterCoursewares.id, id));
    await touchCourse(tx, course.id);
  });
  audit({ entity: 'chapter_courseware', entityId: id, before: ware, detail: `课程 ${course.code}「${chapter.title}」删除课件「${ware.title}」` });
  return { removed: 1 };
}

export async function moveCourseware(db: Db, session: Session, input: { id: number; direction: 'up' | 'down' }, audit: Audit) {
  const { ware, course } = await loadScopedWare(db, session, input.id);
  assertCanEdit(session, course, coursewarePermission('edit'));
  const result = await db.transaction((tx) => moveInGroup(tx, chapterCoursewares, eq(chapterCoursewares.chapterId, ware.chapterId), ware.id, input.direction));
  if (result.moved) audit({ entity: 'chapter_courseware', entityId: ware.id, detail: `课程 ${course.code} 课件「${ware.title}」${input.direction === 'up' ? '上移' : '下移'}` });
  return result;
}

/** 一个章节或一门课程的课件（按章节、课件顺序） */
export async function chapterCoursewareList(db: Db, session: Session, input: { chapterId?: number; courseId?: number }): Promise<CoursewareItem[]> {
  let courseId = input.courseId;
  if (input.chapterId) {
    const chapter = await loadChapter(db, input.chapterId);
    if (courseId && chapter.courseId !== courseId) throw ApiError.notFound('章节不存在');
    courseId = chapter.courseId;
  }
  await loadLearnableCourse(db, session, courseId!);
  const rows = await db
    .select({ w: chapterCoursewares })
    .from(chapterCoursewares)
    .innerJoin(courseChapters, eq(courseChapters.id, chapterCoursewares.chapterId))
    .where(input.chapterId ? eq(chapterCoursewares.chapterId, input.chapterId) : eq(chapterCoursewares.courseId, courseId!))
    .orderBy(asc(courseChapters.sort), asc(courseChapters.id), asc(chapterCoursewares.sort), asc(chapterCoursewares.id));
  return rows.map((r) => toWareItem(r.w));
}

/** 播放页：课程概要、评分与章节（含课件）——两条查询，不逐章查 */
export async function sectionList(db: Db, session: Session, courseId: number): Promise<SectionList> {
  const c = await loadLearnableCourse(db, session, courseId);
  const [[meta], chapters, wares, [rating]] = await Promise.all([
    db
      .select({ typeName: courseTypes.name, orgName: organisations.name })
      .from(courses)
      .innerJoin(courseTypes, eq(courseTypes.id, courses.typeId))
      .leftJoin(organisations, eq(organisations.id, courses.orgId))
      .where(eq(courses.id, courseId)),
    db.select().from(courseChapters).where(eq(courseChapters.courseId, courseId)).orderBy(asc(courseChapters.sort), asc(courseChapters.id)),
    db.select().from(chapterCoursewares).where(eq(chapterCoursewares.courseId, courseId)).orderBy(asc(chapterCoursewares.sort), asc(chapterCoursewares.id)),
    db.select({ avg: sql<string | null>`round(avg(${courseComments.rating}), 1)`, n: count() }).from(courseComments).where(eq(courseComments.courseId, courseId)),
  ]);
  const kind = c.kind as CourseKind;
  return {
    course: {
      id: c.id,
      code: c.code,
      kind,
      kindName: COURSE_KIND_LABEL[kind],
      name: c.name,
      typeName: meta?.typeName ?? '',
      teacherName: c.teacherName,
      hours: c.hours,
      intro: c.intro,
      cover: c.cover,
      status: c.status,
      statusName: courseStatusLabel(c.status),
      orgName: meta?.orgName ?? null,
      published: c.status === USABLE_STATUS,
    },
    rating: { average: rating?.avg === null || rating?.avg === undefined ? null : Number(rating.avg), count: Number(rating?.n ?? 0) },
    sections: chapters.map((ch) => {
      const list = wares.filter((w) => w.chapterId === ch.id).map(toWareItem);
      return { id: ch.id, courseId: ch.courseId, title: ch.title, sort: ch.sort, coursewareCount: list.length, coursewares: list };
    }),
  };
}

// 精品课程（已上架课程的有序展示，可上架/下架展示位）与课程评论（学员发表，管理员审阅删除）。
// 范围：都经所属课程的范围过滤；范围外的一律 404。
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { businessCode, nextId } from '@/lib/platform/db/codes';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import { can, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { inScope, scopeWhere } from '@/lib/platform/auth/scope';
import { fetchPage } from '@/lib/platform/db/paged';
import { containsPattern } from '@/lib/platform/db/like';
import { withUniqueMessage } from '@/lib/platform/db/save-row';
import { formatBeijing } from '@/lib/platform/time';
import { organisations } from '../org/tables';
import { users } from '../user/tables';
import { courseComments, courses, excellentCourses } from './tables';
import { loadCourse } from './service';
import { loadLearnableCourse, moveInGroup } from './chapters';
import { COURSE_KIND_LABEL, courseStatusLabel, USABLE_STATUS, type CourseKind } from './transitions';
import type { CommentItem, ExcellentItem } from './schemas';

const courseScope = (user: SessionUser): SQL | undefined => scopeWhere(user, { cityId: courses.cityId, orgId: courses.orgId });

type Excellent = typeof excellentCourses.$inferSelect;

// ---------- 精品课程 ----------

const excellentRows = (db: Db) =>
  db
    .select({ e: excellentCourses, c: courses, orgName: organisations.name })
    .from(excellentCourses)
    .innerJoin(courses, eq(courses.id, excellentCourses.courseId))
    .leftJoin(organisations, eq(organisations.id, courses.orgId));

const toExcellent = ({ e, c, orgName }: { e: Excellent; c: typeof courses.$inferSelect; orgName: string | null }): ExcellentItem => ({
  id: e.id,
  code: e.code,
  courseId: c.id,
  courseCode: c.code,
  courseName: c.name,
  kind: c.kind as CourseKind,
  kindName: COURSE_KIND_LABEL[c.kind as CourseKind],
  cover: c.cover,
  teacherName: c.teacherName,
  hours: c.hours,
  orgName,
  recommendation: e.recommendation,
  sort: e.sort,
  arraigned: e.arraigned === 1,
  courseUsable: c.status === USABLE_STATUS,
  createTime: formatBeijing(e.createdAt),
});

/** 精品课程列表：按展示顺序（sort 升序） */
export async function listExcellent(db: Db, user: SessionUser, filter: { name?: string; arraigned?: boolean }, page: Page): Promise<PageResult<ExcellentItem>> {
  const where = and(
    courseScope(user),
    filter.name ? or(ilike(courses.name, containsPattern(filter.name)), ilike(courses.code, containsPattern(filter.name))) : undefined,
    filter.arraigned === undefined ? undefined : eq(excellentCourses.arraigned, filter.arraigned ? 1 : 0),
  );
  return fetchPage(
    page,
    excellentRows(db).where(where).orderBy(asc(excellentCourses.sort), asc(excellentCourses.id)),
    db.select({ total: count() }).from(excellentCourses).innerJoin(courses, eq(courses.id, excellentCourses.courseId)).where(where),
    (rows) => rows.map(toExcellent),
  );
}

async function loadExcellent(db: Db, user: SessionUser, id: number): Promise<{ e: Excellent; course: typeof courses.$inferSelect }> {
  const [row] = await db.select({ e: excellentCourses, course: courses }).from(excellentCourses).innerJoin(courses, eq(courses.id, excellentCourses.courseId)).where(eq(excellentCourses.id, id));
  if (!row || !inScope(user, row.course)) throw ApiError.notFound('精品课程不存在或不在您的管辖范围内');
  return row;
}

/** 加入精品课程：只收已上架的课程，排在最后 */
export async function addExcellent(db: Db, session: Session, input: { courseId: number; recommendation: string | null }, audit: Audit) {
  const course = await loadCourse(db, session.user, input.courseId);
  if (course.status !== USABLE_STATUS) throw ApiError.badRequest(`课程「${course.name}」当前为「${courseStatusLabel(course.status)}」，只有已上架的课程可以设为精品课程`, { courseId: '只有已上架的课程可以设为精品课程' });
  return withUniqueMessage(
    () => ApiError.badRequest(`课程「${course.name}」已是精品课程`, { courseId: '该课程已是精品课程' }),
    () =>
      db.transaction(async (tx) => {
        const [{ max }] = await tx.select({ max: sql<number>`coalesce(max(${excellentCourses.sort}), 0)::int` }).from(excellentCourses);
        // 精品课程编号 JP + 6 位序号（取自主键，一次插入带编号的行）
        const id = await nextId(tx, excellentCourses);
        const [row] = await tx
          .insert(excellentCourses)
          .values({ id, code: businessCode({ prefix: 'JP', serial: id }), courseId: course.id, recommendation: input.recommendation, sort: Number(max) + 1, createdBy: session.user.id })
          .returning();
        audit({ entity: 'excellent_course', entityId: row.id, after: row, detail: `设为精品课程：${course.code} ${course.name}` });
        return { id: row.id, code: row.code };
      }),
  );
}

export async function updateExcellent(db: Db, session: Session, input: { id: number; recommendation: string | null }, audit: Audit) {
  const { e, course } = await loadExcellent(db, session.user, input.id);
  const [row] = await db.update(excellentCourses).set({ recommendation: input.recommendation, updatedAt: new Date() }).where(eq(excellentCourses.id, e.id)).returning();
  audit({ entity: 'excellent_course', entityId: e.id, before: e, after: row, detail: `修改精品课程推荐语：${course.name}` });
  return { id: row.id };
}

/** 移出精品课程（课程本身不受影响） */
export async function deleteExcellent(db: Db, session: Session, ids: number[], audit: Audit) {
  const rows = await db.select({ e: excellentCourses, course: courses }).from(excellentCourses).innerJoin(courses, eq(courses.id, excellentCourses.courseId)).where(inArray(excellentCourses.id, ids));
  const mine = rows.filter((r) => inScope(session.user, r.course));
  if (!mine.length) throw ApiError.notFound('精品课程不存在或不在您的管辖范围内');
  await db.delete(excellentCourses).where(inArray(excellentCourses.id, mine.map((r) => r.e.id)));
  for (const { e, course } of mine) audit({ entity: 'excellent_course', entityId: e.id, before: e, detail: `移出精品课程：${course.name}` });
  return { removed: mine.length };
}

/** 展示位上架/下架；上架时课程本身须在架 */
export async function arraignExcellent(db: Db, session: Session, input: { id: number; arraigned: boolean }, audit: Audit) {
  const { e, course } = await loadExcellent(db, session.user, input.id);
  if (input.arraigned && course.status !== USABLE_STATUS) throw ApiError.badRequest(`课程「${course.name}」当前为「${courseStatusLabel(course.status)}」，不能上架到精品课程`);
  const [row] = await db.update(excellentCourses).set({ arraigned: input.arraigned ? 1 : 0, updatedAt: new Date() }).where(eq(excellentCourses.id, e.id)).returning();
  audit({ entity: 'excellent_course', entityId: e.id, before: { arraigned: e.arraigned }, after: { arraigned: row.arraigned }, detail: `精品课程${input.arraigned ? '上架' : '下架'}：${course.name}` });
  return { id: row.id, arraigned: row.arraigned === 1 };
}

/** 调整展示顺序：与相邻的一门（当前用户看得到的）交换位置 */
export async function changeExcellentOrder(db: Db, session: Session, input: { id: number; direction: 'up' | 'down' }, audit: Audit) {
  const { e, course } = await loadExcellent(db, session.user, input.id);
  const scope = courseScope(session.user);
  const group = scope ? inArray(excellentCourses.courseId, db.select({ id: courses.id }).from(courses).where(scope)) : sql`true`;
  const result = await db.transaction((tx) => moveInGroup(tx, excellentCourses, group, e.id, input.direction));
  if (result.moved) audit({ entity: 'excellent_course', entityId: e.id, detail: `精品课程「${course.name}」${input.direction === 'up' ? '上移' : '下移'}` });
  return result;
}

/** 按展示编号查看：对外只给已上架的；管理员在范围内可看任一状态 */
export async function excellentByCode(db: Db, session: Session, code: string): Promise<ExcellentItem> {
  const [row] = await excellentRows(db).where(eq(excellentCourses.code, code));
  const visible = row && ((row.e.arraigned === 1 && row.c.status === USABLE_STATUS) || (can(session, 'excellentCourse.query') && inScope(session.user, row.c)));
  if (!visible) throw ApiError.notFound('精品课程不存在或未上架');
  return toExcellent(row);
}

// ---------- 评论 ----------

const commentRows = (db: Db) =>
  db
    .select({ cm: courseComments, courseName: courses.name, courseCode: courses.code, nickName: users.nickName })
    .from(courseComments)
    .innerJoin(courses, eq(courses.id, courseComments.courseId))
    .innerJoin(users, eq(users.id, courseComments.userId));

const toComment = (r: { cm: typeof courseComments.$inferSelect; courseName: string; courseCode: string; nickName: string }): CommentItem => ({
  id: r.cm.id,
  courseId: r.cm.courseId,
  courseName: r.courseName,
  courseCode: r.courseCode,
  userName: r.nickName,
  rating: r.cm.rating,
  content: r.cm.content,
  createTime: formatBeijing(r.cm.createdAt),
});

/** 评论审阅列表：范围内课程的评论，新的在前 */
export async function listComments(db: Db, user: SessionUser, filter: { courseName?: string; keyword?: string; rating?: number }, page: Page): Promise<PageResult<CommentItem>> {
  const where = and(
    courseScope(user),
    filter.courseName ? or(ilike(courses.name, containsPattern(filter.courseName)), ilike(courses.code, containsPattern(filter.courseName))) : undefined,
    filter.keyword ? ilike(courseComments.content, containsPattern(filter.keyword)) : undefined,
    filter.rating ? eq(courseComments.rating, filter.rating) : undefined,
  );
  return fetchPage(
    page,
    commentRows(db).where(where).orderBy(desc(courseComments.createdAt), desc(courseComments.id)),
    db.select({ total: count() }).from(courseComments).innerJoin(courses, eq(courses.id, courseComments.courseId)).where(where),
    (rows) => rows.map(toComment),
  );
}

/** 删除评论（只删范围内课程的） */
export async function deleteComments(db: Db, session: Session, ids: number[], audit: Audit) {
  const { user } = session;
  const rows = await db.select({ cm: courseComments, course: courses }).from(courseComments).innerJoin(courses, eq(courses.id, courseComments.courseId)).where(inArray(courseComments.id, ids));
  const mine = rows.filter((r) => inScope(user, r.course));
  if (!mine.length) throw ApiError.notFound('评论不存在或不在您的管辖范围内');
  await db.delete(courseComments).where(inArray(courseComments.id, mine.map((r) => r.cm.id)));
  for (const { cm, course } of mine) audit({ entity: 'course_comment', entityId: cm.id, before: cm, detail: `删除课程「${course.name}」的评论` });
  return { removed: mine.length };
}

/** 发表评论：只对已上架的课程，每人每门课一条 */
export async function addComment(db: Db, session: Session, input: { courseId: number; rating: number; content: string }, audit: Audit) {
  const course = await loadLearnableCourse(db, session, input.courseId);
  if (course.status !== USABLE_STATUS) throw ApiError.badRequest('课程未上架，不能评论');
  return withUniqueMessage(
    () => ApiError.conflict('您已评价过这门课程'),
    async () => {
      const [row] = await db.insert(courseComments).values({ courseId: course.id, userId: session.user.id, rating: input.rating, content: input.content }).returning();
      audit({ entity: 'course_comment', entityId: row.id, after: row, detail: `评论课程「${course.name}」` });
      return { id: row.id };
    },
  );
}

/** 播放页的评论（分页，新的在前）；另标出本人是否已评价 */
export async function commentsOfCourse(db: Db, session: Session, courseId: number, page: Page): Promise<PageResult<CommentItem> & { mine: boolean }> {
  await loadLearnableCourse(db, session, courseId);
  const where = eq(courseComments.courseId, courseId);
  const [result, [own]] = await Promise.all([
    fetchPage(page, commentRows(db).where(where).orderBy(desc(courseComments.createdAt), desc(courseComments.id)), db.select({ total: count() }).from(courseComments).where(where), (rows) => rows.map(toComment)),
    db.select({ id: courseComments.id }).from(courseComments).where(and(where, eq(courseComments.userId, session.user.id))),
  ]);
  return { ...result, mine: Boolean(own) };
}

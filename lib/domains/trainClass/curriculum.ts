// 班级的课程体系（SPEC §7 Courses，/class/...）：线下课程（时间、地点、授课教师、学时）与线上课程（取自课程资源库或其中的精品课程），
// 开班日历，可排的教师。改动只在班级为草稿或被驳回时由本机构办理（access.ts 的 'curriculum'）。
// 时间冲突：同一教师、或同一机构的同一地点，在未作废的班级里时间重叠的课一律拒绝，提示冲突的课、班级与时间。
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { scopeWhere } from '@/lib/platform/auth/scope';
import type { Session } from '@/lib/platform/auth/session';
import { containsPattern } from '@/lib/platform/db/like';
import { classCourses, courseTypes, courses, excellentCourses } from '@/lib/domains/course/tables';
import { COURSE_STATUS } from '@/lib/domains/course/transitions';
import { assertTeachersAssignable, teacherOptions } from '@/lib/domains/teacher/assignable';
import { teachers } from '@/lib/domains/teacher/tables';
import { trainClasses, trainClassTeachers, trainLessons, type TrainClass, type TrainLesson } from './tables';
import { classActions, classForOperation, classOrgFor, loadClass } from './access';
import { CLOSED_STATUSES } from './transitions';
import type { CourseSource, LessonSave } from './schemas';

export const LESSON_ENTITY = 'train_lesson';

// 时间、地点、冲突与课程体系的概要在 lessons.ts（状态机的条件也用，不经 access.ts）
export { beijingInstant, clashOf, curriculumSummary, dateWithinMessage, lessonsOf, lessonTime, placeClashMessage, placeKeyOf, slotsClash, teacherClashMessage, type LessonSlot } from './lessons';
import { beijingParts, clashOf, dateWithinMessage, beijingInstant, lessonTime, placeKeyOf, slotsClash, type LessonSlot } from './lessons';

// ---------- 线下课程 ----------

export interface LessonItem {
  id: number;
  classId: number;
  name: string;
  date: string;
  startTime: string;
  endTime: string;
  time: string;
  place: string;
  teacherId: number;
  teacherName: string;
  hours: number;
  content: string | null;
  actions: string[];
}

export function toLessonItem(l: TrainLesson, actions: string[]): LessonItem {
  const start = beijingParts(l.startAt);
  return {
    id: l.id,
    classId: l.classId,
    name: l.name,
    date: start.date,
    startTime: start.time,
    endTime: beijingParts(l.endAt).time,
    time: lessonTime(l),
    place: l.place,
    teacherId: l.teacherId,
    teacherName: l.teacherName,
    hours: l.hours,
    content: l.content,
    actions,
  };
}

/** 当前用户此刻能否改这个班的课程体系（与改动时的检查同一处规则） */
const mayEditCurriculum = (session: Session, c: TrainClass) => classActions(session, c).includes('curriculum');
const editActions = (session: Session, c: TrainClass) => (mayEditCurriculum(session, c) ? ['edit', 'delete'] : []);

/** 班级的线下课程（listOfflineCourse），按上课时间 */
export async function listLessons(db: Db, session: Session, filter: { classId: number }, page: Page): Promise<PageResult<LessonItem> & { editable: boolean }> {
  const c = await loadClass(db, session.user, filter.classId);
  const where = eq(trainLessons.classId, c.id);
  const [rows, [counted]] = await Promise.all([
    db.select().from(trainLessons).where(where).orderBy(asc(trainLessons.startAt), asc(trainLessons.id)).limit(page.pageSize).offset(page.offset),
    db.select({ total: count() }).from(trainLessons).where(where),
  ]);
  const actions = editActions(session, c);
  return { list: rows.map((l) => toLessonItem(l, actions)), total: Number(counted?.total ?? 0), editable: actions.length > 0 };
}

/** 新增课程的表单资料（toAddOfflineCourse）：班级日期、本班的教师与用过的地点；给 id 时另带这节课 */
export async function lessonForm(db: Db, session: Session, input: { classId: number; id?: number }) {
  const c = await loadClass(db, session.user, input.classId);
  const [classTeachers, places, lesson] = await Promise.all([
    db.select({ id: trainClassTeachers.teacherId, name: trainClassTeachers.teacherName }).from(trainClassTeachers).where(eq(trainClassTeachers.classId, c.id)).orderBy(asc(trainClassTeachers.id)),
    db.selectDistinct({ place: trainLessons.place }).from(trainLessons).where(eq(trainLessons.orgId, c.orgId)).limit(50),
    input.id ? db.select().from(trainLessons).where(and(eq(trainLessons.id, input.id), eq(trainLessons.classId, c.id))) : Promise.resolve([]),
  ]);
  const teacherList = c.headTeacherId && !classTeachers.some((t) => t.id === c.headTeacherId) ? [{ id: c.headTeacherId, name: c.headTeacherName ?? '' }, ...classTeachers] : classTeachers;
  return {
    classId: c.id,
    startDate: c.startDate,
    endDate: c.endDate,
    place: c.place,
    teachers: teacherList.map((t) => ({ value: t.id, label: t.name })),
    places: [...new Set([c.place, ...places.map((p) => p.place)])],
    lesson: lesson[0] ? toLessonItem(lesson[0], editActions(session, c)) : null,
  };
}

/** 把教师加进班级的授课教师（排课时用了不在名单里的可排教师） */
async function ensureClassTeachers(tx: Db, classId: number, list: { id: number; name: string }[]) {
  if (!list.length) return;
  await tx
    .insert(trainClassTeachers)
    .values(list.map((t) => ({ classId, teacherId: t.id, teacherName: t.name })))
    .onConflictDoNothing();
}

async function teacherNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: teachers.id, name: teachers.name }).from(teachers).where(inArray(teachers.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * 新增或修改一节线下课程（addOrUpdateOfflineCourse）：上课日期在班级日期内、结束晚于开始、学时不超过课时长度（每学时 45 分钟），
 * 授课教师是本机构可排的教师（不在本班名单里的随之加入），教师与地点没有时间冲突。
 */
export async function saveLesson(db: Db, session: Session, input: LessonSave, audit: Audit): Promise<LessonItem> {
  const c = await classForOperation(db, session, input.classId, 'curriculum');
  const before = input.id ? (await db.select().from(trainLessons).where(and(eq(trainLessons.id, input.id), eq(trainLessons.classId, c.id))))[0] : null;
  if (input.id && !before) throw ApiError.notFound('课程不存在或不属于该班级');
  if (input.date < c.startDate || input.date > c.endDate) throw ApiError.badRequest(dateWithinMessage(c), { date: dateWithinMessage(c) });
  const startAt = beijingInstant(input.date, input.startTime);
  const endAt = beijingInstant(input.date, input.endTime);
  const minutes = (endAt.getTime() - startAt.getTime()) / 60_000;
  if (input.hours * 45 > minutes) throw ApiError.badRequest(`${input.hours} 学时需要至少 ${input.hours * 45} 分钟，这节课只有 ${minutes} 分钟`, { hours: '学时超过了上课时长（每学时 45 分钟）' });
  await assertTeachersAssignable(db, c.orgId, [input.teacherId]);
  const teacherName = (await teacherNames(db, [input.teacherId])).get(input.teacherId) ?? '';
  const slot: LessonSlot = { id: before?.id, classId: c.id, orgId: c.orgId, teacherId: input.teacherId, teacherName, place: input.place, placeKey: placeKeyOf(input.place), startAt, endAt };
  const clash = await clashOf(db, slot);
  if (clash) throw ApiError.badRequest(clash);
  const fields = { name: input.name, startAt, endAt, place: input.place, placeKey: slot.placeKey, teacherId: input.teacherId, teacherName, hours: input.hours, content: input.content };
  const saved = await db.transaction(async (tx) => {
    const [row] = before
      ? await tx.update(trainLessons).set({ ...fields, updatedAt: new Date() }).where(eq(trainLessons.id, before.id)).returning()
      : await tx.insert(trainLessons).values({ ...fields, classId: c.id, orgId: c.orgId, cityId: c.cityId, createdBy: session.user.id }).returning();
    await ensureClassTeachers(tx, c.id, [{ id: input.teacherId, name: teacherName }]);
    return row;
  });
  audit({ entity: LESSON_ENTITY, entityId: saved.id, before, after: saved, detail: `${before ? '修改' : '新增'}培训班 ${c.code} 的课程「${saved.name}」（${lessonTime(saved)}）` });
  return toLessonItem(saved, ['edit', 'delete']);
}

/** 删除线下课程（deleteOffline） */
export async function deleteLessons(db: Db, session: Session, input: { classId: number; ids: number[] }, audit: Audit): Promise<{ removed: number }> {
  const c = await classForOperation(db, session, input.classId, 'curriculum');
  const removed = await db
    .delete(trainLessons)
    .where(and(eq(trainLessons.classId, c.id), inArray(trainLessons.id, input.ids)))
    .returning();
  if (!removed.length) throw ApiError.notFound('课程不存在或不属于该班级');
  audit({ entity: LESSON_ENTITY, entityId: c.id, before: removed, detail: `删除培训班 ${c.code} 的 ${removed.length} 节课程` });
  return { removed: removed.length };
}

/** 一批课程的冲突检查（导入）：批内两两比较，再逐节查库（下标从 dbFrom 起的；之前的已查过）；返回冲突的说明（下标 → 说明） */
export async function batchClashes(db: Db, slots: LessonSlot[], dbFrom = 0): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const sorted = slots.map((s, i) => ({ s, i })).sort((a, b) => a.s.startAt.getTime() - b.s.startAt.getTime());
  for (let a = 0; a < sorted.length; a++) {
    for (let b = a + 1; b < sorted.length && sorted[b].s.startAt < sorted[a].s.endAt; b++) {
      if (!slotsClash(sorted[a].s, sorted[b].s)) continue;
      const first = sorted[a].s;
      const why = first.teacherId === sorted[b].s.teacherId ? `教师「${first.teacherName}」` : `地点「${first.place}」`;
      if (!out.has(sorted[b].i)) out.set(sorted[b].i, `与本文件中 ${lessonTime(first)} 的课程冲突（${why}同一时间）`);
    }
  }
  for (const [i, s] of slots.entries()) {
    if (i < dbFrom || out.has(i)) continue;
    const clash = await clashOf(db, s);
    if (clash) out.set(i, clash);
  }
  return out;
}

// ---------- 开班日历 ----------

/**
 * 开班日历（ClassCalendar）：某月范围内（可限定一个班）的课程与开班的班级，按日期排。
 * 一次最多 3000 节课；作废的班级不列。
 */
export async function classCalendar(db: Db, session: Session, input: { month: string; classId?: number }) {
  if (input.classId) await loadClass(db, session.user, input.classId);
  const from = beijingInstant(`${input.month}-01`, '00:00');
  const [y, m] = input.month.split('-').map(Number);
  const nextMonth = `${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}`;
  const to = beijingInstant(`${nextMonth}-01`, '00:00');
  const scope = scopeWhere(session.user, { cityId: trainClasses.cityId, countyId: trainClasses.countyId, orgId: trainClasses.orgId });
  const open = notInArray(trainClasses.status, CLOSED_STATUSES as number[]);
  const [lessons, classes] = await Promise.all([
    db
      .select({ lesson: trainLessons, classCode: trainClasses.code, className: trainClasses.name, status: trainClasses.status })
      .from(trainLessons)
      .innerJoin(trainClasses, eq(trainClasses.id, trainLessons.classId))
      .where(and(gte(trainLessons.startAt, from), lt(trainLessons.startAt, to), scope, open, input.classId ? eq(trainLessons.classId, input.classId) : undefined))
      .orderBy(asc(trainLessons.startAt), asc(trainLessons.id))
      .limit(3000),
    db
      .select({ id: trainClasses.id, code: trainClasses.code, name: trainClasses.name, startDate: trainClasses.startDate, endDate: trainClasses.endDate, status: trainClasses.status })
      .from(trainClasses)
      .where(and(scope, open, sql`${trainClasses.startDate} < ${`${nextMonth}-01`}::date`, gte(trainClasses.endDate, `${input.month}-01`), input.classId ? eq(trainClasses.id, input.classId) : undefined))
      .orderBy(asc(trainClasses.startDate), asc(trainClasses.id))
      .limit(500),
  ]);
  return {
    month: input.month,
    lessons: lessons.map((r) => ({ ...toLessonItem(r.lesson, []), classCode: r.classCode, className: r.className })),
    classes: classes.map((c) => ({ ...c, starting: c.startDate.startsWith(input.month) })),
  };
}

// ---------- 可排的教师 ----------

/**
 * 可排进班的教师（selectTeacherList）：给班级时为班级所属机构的；新建班级时机构用户为本机构的，
 * 管理员为所选开班机构（orgId，范围内可以开班的机构）的。管理员两者都没给时 400。
 */
export async function selectableTeachers(db: Db, session: Session, input: { classId?: number; orgId?: number; keyword?: string }) {
  let orgId: number | null;
  if (input.classId) orgId = (await loadClass(db, session.user, input.classId)).orgId;
  else if (session.user.level === 'org') orgId = session.user.orgId;
  else if (input.orgId) orgId = (await classOrgFor(db, session.user, input.orgId)).id;
  else throw ApiError.badRequest('请先选择开班机构或班级');
  if (orgId === null) throw ApiError.badRequest('请选择班级');
  return teacherOptions(db, orgId, { keyword: input.keyword });
}

// ---------- 线上课程 ----------

/** 可选的线上课程：已上架；精品课程为精品课程里上架展示的 */
const excellentIds = () => sql`(select ${excellentCourses.courseId} from ${excellentCourses} where ${excellentCourses.arraigned} = 1)`;

function sourceWhere(source: CourseSource): SQL {
  const approved = eq(courses.status, COURSE_STATUS.APPROVED);
  if (source === 'library') return approved;
  return and(approved, inArray(courses.id, excellentIds()))!;
}

const COURSE_COLUMNS = {
  id: courses.id,
  code: courses.code,
  name: courses.name,
  kind: courses.kind,
  typeName: courseTypes.name,
  workName: courses.workName,
  teacherName: courses.teacherName,
  hours: courses.hours,
  cover: courses.cover,
};

/** 已关联的线上课程（listAttachmentCourse）；精品课程的变体只列其中的精品课程 */
export async function attachedCourses(db: Db, session: Session, input: { classId: number; source: CourseSource }) {
  const c = await loadClass(db, session.user, input.classId);
  const rows = await db
    .select({ ...COURSE_COLUMNS, attachedAt: classCourses.createdAt })
    .from(classCourses)
    .innerJoin(courses, eq(courses.id, classCourses.courseId))
    .innerJoin(courseTypes, eq(courseTypes.id, courses.typeId))
    .where(and(eq(classCourses.classId, c.id), input.source === 'excellent' ? inArray(courses.id, excellentIds()) : undefined))
    .orderBy(asc(classCourses.id));
  const editable = mayEditCurriculum(session, c);
  return rows.map((r) => ({ ...r, actions: editable ? ['delete'] : [] }));
}

/**
 * 还没关联的线上课程（unSeletedCourseList；精品课程的变体只列精品课程），关键字按名称或编号；
 * matchWork（unSeletedCourseList2）时只列适用于本班工种的课程。
 */
export async function unselectedCourses(db: Db, session: Session, input: { classId: number; keyword?: string; source: CourseSource; matchWork: boolean }, page: Page) {
  const c = await loadClass(db, session.user, input.classId);
  const where = and(
    sourceWhere(input.source),
    sql`not exists (select 1 from ${classCourses} where ${classCourses.classId} = ${c.id} and ${classCourses.courseId} = ${courses.id})`,
    input.keyword ? or(ilike(courses.name, containsPattern(input.keyword)), eq(courses.code, input.keyword.toUpperCase())) : undefined,
    input.matchWork ? eq(courses.workCode, c.workCode) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db.select(COURSE_COLUMNS).from(courses).innerJoin(courseTypes, eq(courseTypes.id, courses.typeId)).where(where).orderBy(desc(courses.id)).limit(page.pageSize).offset(page.offset),
    db.select({ total: count() }).from(courses).where(where),
  ]);
  return { list: rows, total: Number(counted?.total ?? 0) };
}

/** 关联线上课程（selectCourseAttachClass；精品课程的变体只能选精品课程）：已上架的课程才能关联 */
export async function attachCourses(db: Db, session: Session, input: { classId: number; courseIds: number[]; source: CourseSource }, audit: Audit) {
  const c = await classForOperation(db, session, input.classId, 'curriculum');
  const ids = [...new Set(input.courseIds)];
  const found = await db
    .select({ id: courses.id, name: courses.name, status: courses.status, ok: sql<boolean>`${sourceWhere(input.source)}` })
    .from(courses)
    .where(inArray(courses.id, ids));
  for (const id of ids) {
    const course = found.find((f) => f.id === id);
    if (!course) throw ApiError.badRequest(`课程（编号 ${id}）不存在`);
    if (!course.ok) throw ApiError.badRequest(input.source === 'excellent' ? `课程「${course.name}」不是上架展示的精品课程` : `课程「${course.name}」未上架，不能关联到班级`);
  }
  const inserted = await db
    .insert(classCourses)
    .values(ids.map((courseId) => ({ classId: c.id, courseId })))
    .onConflictDoNothing()
    .returning();
  audit({ entity: 'class_course', entityId: c.id, after: ids, detail: `培训班 ${c.code} 关联 ${inserted.length} 门线上课程` });
  return { added: inserted.length };
}

/** 取消关联线上课程（delOnlineCourse；精品课程的变体只取消精品课程） */
export async function detachCourses(db: Db, session: Session, input: { classId: number; courseIds: number[]; source: CourseSource }, audit: Audit) {
  const c = await classForOperation(db, session, input.classId, 'curriculum');
  const removed = await db
    .delete(classCourses)
    .where(and(eq(classCourses.classId, c.id), inArray(classCourses.courseId, input.courseIds), input.source === 'excellent' ? inArray(classCourses.courseId, excellentIds()) : undefined))
    .returning();
  if (!removed.length) throw ApiError.notFound('该班级没有关联这些课程');
  audit({ entity: 'class_course', entityId: c.id, before: removed, detail: `培训班 ${c.code} 取消 ${removed.length} 门线上课程` });
  return { removed: removed.length };
}

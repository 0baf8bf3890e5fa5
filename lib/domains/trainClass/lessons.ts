// 课程的时间与地点：北京时间的写法、地点的比较写法、教师与地点的时间冲突、课程体系的概要。只读表，不经 access.ts
// （状态机的条件与延期申请的附带动作也用它）。
import { and, asc, count, eq, gt, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { classCourses, courses } from '@/lib/domains/course/tables';
import { trainClasses, trainLessons, type TrainClass, type TrainLesson } from './tables';
import { CLOSED_STATUSES } from './transitions';

// ---------- 时间与地点 ----------

/** 北京时间的某日某时 → 时刻 */
export const beijingInstant = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);
export const beijingParts = (d: Date) => {
  const s = new Date(d.getTime() + 8 * 3600_000).toISOString();
  return { date: s.slice(0, 10), time: s.slice(11, 16) };
};
/** 一节课的时间写法：2026-05-01 08:30–11:30 */
export const lessonTime = (l: { startAt: Date; endAt: Date }) => `${beijingParts(l.startAt).date} ${beijingParts(l.startAt).time}–${beijingParts(l.endAt).time}`;

/** 地点的比较用写法：去空白与标点、全角转半角、小写（“3号楼 201”与“3 号楼201”是同一处） */
export function placeKeyOf(place: string): string {
  return place
    .normalize('NFKC')
    .replace(/[\s\u00a0\u3000·.,，。、\-—_()（）]+/g, '')
    .toLowerCase()
    .slice(0, 200);
}

export interface LessonSlot {
  id?: number;
  /** 不与这个班自己的课比较（延期时整体平移） */
  ignoreClassId?: number;
  classId: number;
  orgId: number;
  teacherId: number;
  teacherName: string;
  placeKey: string;
  place: string;
  startAt: Date;
  endAt: Date;
}

type ClashRow = { id: number; name: string; startAt: Date; endAt: Date; classCode: string; className: string };

/** 与 slot 时间重叠的一节课（未作废的班级）：同一教师或同一机构的同一地点；没有为 null */
async function findClash(db: Db, slot: LessonSlot, by: 'teacher' | 'place'): Promise<ClashRow | null> {
  const [row] = await db
    .select({ id: trainLessons.id, name: trainLessons.name, startAt: trainLessons.startAt, endAt: trainLessons.endAt, classCode: trainClasses.code, className: trainClasses.name })
    .from(trainLessons)
    .innerJoin(trainClasses, eq(trainClasses.id, trainLessons.classId))
    .where(
      and(
        by === 'teacher' ? eq(trainLessons.teacherId, slot.teacherId) : and(eq(trainLessons.orgId, slot.orgId), eq(trainLessons.placeKey, slot.placeKey)),
        lt(trainLessons.startAt, slot.endAt),
        gt(trainLessons.endAt, slot.startAt),
        notInArray(trainClasses.status, CLOSED_STATUSES as number[]),
        slot.id ? ne(trainLessons.id, slot.id) : undefined,
        slot.ignoreClassId ? ne(trainLessons.classId, slot.ignoreClassId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

export const teacherClashMessage = (teacherName: string, other: ClashRow) =>
  `教师「${teacherName}」在 ${lessonTime(other)} 已有课程「${other.name}」（班级 ${other.classCode}「${other.className}」），时间冲突`;
export const placeClashMessage = (place: string, other: ClashRow) => `地点「${place}」在 ${lessonTime(other)} 已安排课程「${other.name}」（班级 ${other.classCode}「${other.className}」），时间冲突`;

/** 教师或地点的时间冲突：有则返回说明 */
export async function clashOf(db: Db, slot: LessonSlot): Promise<string | null> {
  const [teacher, place] = await Promise.all([findClash(db, slot, 'teacher'), findClash(db, slot, 'place')]);
  if (teacher) return teacherClashMessage(slot.teacherName, teacher);
  if (place) return placeClashMessage(slot.place, place);
  return null;
}

/** 两节课是否冲突（同一批里互相比较：导入、延期时整体平移） */
export const slotsClash = (a: LessonSlot, b: LessonSlot) => a.startAt < b.endAt && b.startAt < a.endAt && (a.teacherId === b.teacherId || (a.orgId === b.orgId && a.placeKey === b.placeKey));

export const dateWithinMessage = (c: Pick<TrainClass, 'startDate' | 'endDate'>) => `上课日期须在开班日期 ${c.startDate} 至结业日期 ${c.endDate} 之间`;

/** 课程体系的总学时：线下课程学时 + 线上课程学时；课程不在班级日期内的节数 */
export async function curriculumSummary(db: Db, c: Pick<TrainClass, 'id' | 'startDate' | 'endDate'>) {
  const [[lessons], [online]] = await Promise.all([
    db
      .select({
        n: count(),
        hours: sql<number>`coalesce(sum(${trainLessons.hours}), 0)::int`,
        outside: sql<number>`count(*) filter (where (${trainLessons.startAt} at time zone 'Asia/Shanghai')::date not between ${c.startDate}::date and ${c.endDate}::date)::int`,
      })
      .from(trainLessons)
      .where(eq(trainLessons.classId, c.id)),
    db
      .select({ n: count(), hours: sql<number>`coalesce(sum(${courses.hours}), 0)::int` })
      .from(classCourses)
      .innerJoin(courses, eq(courses.id, classCourses.courseId))
      .where(eq(classCourses.classId, c.id)),
  ]);
  return { lessons: Number(lessons.n), lessonHours: Number(lessons.hours), outside: Number(lessons.outside), online: Number(online.n), onlineHours: Number(online.hours) };
}

/** 班级被排进的课（延期时平移用） */
export async function lessonsOf(db: Db, classId: number): Promise<TrainLesson[]> {
  return db.select().from(trainLessons).where(eq(trainLessons.classId, classId)).orderBy(asc(trainLessons.startAt));
}

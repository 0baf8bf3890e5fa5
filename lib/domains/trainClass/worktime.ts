// 教师工时（WorkTimeList、WorkTimeCount）：由课程体系里的线下课程生成——审核通过之后、未作废的班级，每节课给授课教师记该节的学时。
// 范围同班级（机构看本机构、市级看本市）；教师本人登录时只看自己的（师资库里关联了本人账号的教师）。
import { and, asc, count, countDistinct, desc, eq, gt, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { scopeWhere } from '@/lib/platform/auth/scope';
import type { Session } from '@/lib/platform/auth/session';
import { containsPattern } from '@/lib/platform/db/like';
import { exportXlsx, keysetBatches, type ExportColumn } from '@/lib/platform/excel/export';
import { teachers } from '@/lib/domains/teacher/tables';
import { trainClasses, trainLessons } from './tables';
import { beijingInstant, lessonTime } from './curriculum';
import { CLASS_STATUS } from './transitions';
import type { WorkTimeFilter } from './schemas';

/** 计工时的班级状态：审核通过之后、未作废 */
export const WORK_TIME_STATUSES: number[] = [CLASS_STATUS.APPROVED, CLASS_STATUS.PUBLISHED, CLASS_STATUS.IN_TRAINING, CLASS_STATUS.FINISHED, CLASS_STATUS.ASSESSED, CLASS_STATUS.DISCARD_PENDING];

function where(session: Session, f: WorkTimeFilter): SQL | undefined {
  const { user } = session;
  return and(
    scopeWhere(user, { cityId: trainLessons.cityId, orgId: trainLessons.orgId }),
    inArray(trainClasses.status, WORK_TIME_STATUSES),
    user.userType === 'TEACHER' ? inArray(trainLessons.teacherId, sql`(select ${teachers.id} from ${teachers} where ${teachers.userId} = ${user.id})`) : undefined,
    f.teacherName ? ilike(trainLessons.teacherName, containsPattern(f.teacherName)) : undefined,
    f.classCode ? eq(trainClasses.code, f.classCode.toUpperCase()) : undefined,
    f.dateStart ? gte(trainLessons.startAt, beijingInstant(f.dateStart, '00:00')) : undefined,
    f.dateEnd ? lt(trainLessons.startAt, new Date(beijingInstant(f.dateEnd, '00:00').getTime() + 86_400_000)) : undefined,
  );
}

const COLUMNS = {
  id: trainLessons.id,
  teacherId: trainLessons.teacherId,
  teacherName: trainLessons.teacherName,
  classId: trainLessons.classId,
  classCode: trainClasses.code,
  className: trainClasses.name,
  lessonName: trainLessons.name,
  startAt: trainLessons.startAt,
  endAt: trainLessons.endAt,
  place: trainLessons.place,
  hours: trainLessons.hours,
};
type Row = { [K in keyof typeof COLUMNS]: (typeof COLUMNS)[K]['_']['data'] };

const toItem = (r: Row, now: number) => ({
  id: r.id,
  teacherId: r.teacherId,
  teacherName: r.teacherName,
  classId: r.classId,
  classCode: r.classCode,
  className: r.className,
  lessonName: r.lessonName,
  time: lessonTime(r),
  place: r.place,
  hours: r.hours,
  delivered: r.endAt.getTime() <= now,
});

/** 工时列表：每节课一行（教师、班级、课程、时间、地点、学时、是否已授），按上课时间倒序 */
export async function listWorkTime(db: Db, session: Session, filter: WorkTimeFilter, page: Page): Promise<PageResult<ReturnType<typeof toItem>>> {
  const w = where(session, filter);
  const [rows, [counted]] = await Promise.all([
    db.select(COLUMNS).from(trainLessons).innerJoin(trainClasses, eq(trainClasses.id, trainLessons.classId)).where(w).orderBy(desc(trainLessons.startAt), desc(trainLessons.id)).limit(page.pageSize).offset(page.offset),
    db.select({ total: count() }).from(trainLessons).innerJoin(trainClasses, eq(trainClasses.id, trainLessons.classId)).where(w),
  ]);
  const now = Date.now();
  return { list: rows.map((r) => toItem(r, now)), total: Number(counted?.total ?? 0) };
}

/** 工时统计：每名教师一行（班级数、课程节数、总学时、已授学时），按总学时倒序 */
export async function countWorkTime(db: Db, session: Session, filter: WorkTimeFilter, page: Page) {
  const w = where(session, filter);
  const now = new Date();
  const grouped = db
    .select({
      teacherId: trainLessons.teacherId,
      teacherName: sql<string>`max(${trainLessons.teacherName})`.as('teacher_name'),
      classes: countDistinct(trainLessons.classId).as('classes'),
      lessons: count().as('lessons'),
      hours: sql<number>`sum(${trainLessons.hours})::int`.as('hours'),
      deliveredHours: sql<number>`coalesce(sum(${trainLessons.hours}) filter (where ${trainLessons.endAt} <= ${now}), 0)::int`.as('delivered_hours'),
    })
    .from(trainLessons)
    .innerJoin(trainClasses, eq(trainClasses.id, trainLessons.classId))
    .where(w)
    .groupBy(trainLessons.teacherId)
    .as('g');
  const [rows, [counted], [totals]] = await Promise.all([
    db.select().from(grouped).orderBy(desc(grouped.hours), asc(grouped.teacherId)).limit(page.pageSize).offset(page.offset),
    db.select({ total: count() }).from(grouped),
    db.select({ teachers: count(), hours: sql<number>`coalesce(sum(${grouped.hours}), 0)::int`, lessons: sql<number>`coalesce(sum(${grouped.lessons}), 0)::int` }).from(grouped),
  ]);
  return {
    list: rows.map((r) => ({ ...r, classes: Number(r.classes), lessons: Number(r.lessons), hours: Number(r.hours), deliveredHours: Number(r.deliveredHours) })),
    total: Number(counted?.total ?? 0),
    summary: { teachers: Number(totals?.teachers ?? 0), lessons: Number(totals?.lessons ?? 0), hours: Number(totals?.hours ?? 0) },
  };
}

const LIST_EXPORT: ExportColumn<ReturnType<typeof toItem>>[] = [
  { header: '教师', key: 'teacherName', width: 12 },
  { header: '班级编号', key: 'classCode', width: 16 },
  { header: '班级名称', key: 'className', width: 30 },
  { header: '课程', key: 'lessonName', width: 24 },
  { header: '上课时间', key: 'time', width: 24 },
  { header: '地点', key: 'place', width: 24 },
  { header: '学时', key: 'hours', width: 8 },
  { header: '是否已授', key: 'delivered', width: 10, format: (v) => (v ? '已授' : '待授') },
];

/** 导出工时列表（按课程 id 键集流式） */
export function exportWorkTime(db: Db, session: Session, filter: WorkTimeFilter) {
  const w = where(session, filter);
  const now = Date.now();
  return exportXlsx({
    sheetName: '教师工时',
    columns: LIST_EXPORT,
    rows: keysetBatches(
      async (lastId: number | null, limit: number) =>
        (
          await db
            .select(COLUMNS)
            .from(trainLessons)
            .innerJoin(trainClasses, eq(trainClasses.id, trainLessons.classId))
            .where(lastId === null ? w : and(w, gt(trainLessons.id, lastId)))
            .orderBy(asc(trainLessons.id))
            .limit(limit)
        ).map((r) => toItem(r, now)),
      (r) => r.id,
      5000,
    ),
  });
}

/** 导出工时统计 */
export async function exportWorkTimeCount(db: Db, session: Session, filter: WorkTimeFilter) {
  const { list } = await countWorkTime(db, session, filter, { pageNo: 1, pageSize: 100_000, offset: 0 });
  return exportXlsx({
    sheetName: '工时统计',
    columns: [
      { header: '教师', key: 'teacherName', width: 12 },
      { header: '班级数', key: 'classes', width: 10 },
      { header: '课程节数', key: 'lessons', width: 10 },
      { header: '总学时', key: 'hours', width: 10 },
      { header: '已授学时', key: 'deliveredHours', width: 10 },
    ],
    rows: list,
  });
}

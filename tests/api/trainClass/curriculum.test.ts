// 课程体系：教师或地点被同一时间排两次时拒绝并说明冲突的课；作废班级的课不再占用；日期、学时、可排的教师；
// 线下课程导入全有或全无（含文件内的冲突）；线上课程只能关联已上架的（精品课程的变体只能选精品）；开班日历；范围。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import type { Db } from '@/lib/platform/db/client';
import { trainLessons } from '@/lib/domains/trainClass/tables';
import { CLASS_STATUS } from '@/lib/domains/trainClass/transitions';
import { teachers as teacherTable } from '@/lib/domains/teacher/tables';
import { TEACHER_AUDIT } from '@/lib/domains/teacher/transitions';
import { organisations } from '@/lib/domains/org/tables';
import { courses, excellentCourses } from '@/lib/domains/course/tables';
import { COURSE_STATUS } from '@/lib/domains/course/transitions';
import type { ClassItem } from '@/lib/domains/trainClass/schemas';
import { createClass, freshDay, lessonBody, login, ok, refused, setClass, teachersOf, upload, workbook, type Teacher } from './helpers';

const { db: getDb } = setupTestDb();
let db: Db;
let teachers: Teacher[];

beforeAll(async () => {
  db = await getDb();
  await login('train_org', 'sjz_admin', 'bd_admin', 'enterprise');
  teachers = await teachersOf();
});

const lessonsOf = async (classId: number) => db.select().from(trainLessons).where(eq(trainLessons.classId, classId));

describe('时间冲突', () => {
  let date: string;
  let a: ClassItem;
  let b: ClassItem;

  beforeAll(async () => {
    date = freshDay();
    a = await createClass(date, { name: '冲突测试甲班' });
    b = await createClass(date, { name: '冲突测试乙班' });
    await ok('train_org', '/class/addOrUpdateOfflineCourse', lessonBody(a.id, date, teachers[0].id, { place: '实训楼 3 号楼 201' }));
  });

  it('同一教师同一时间：拒绝并说明冲突的课、班级与时间', async () => {
    await refused(
      'train_org',
      '/class/addOrUpdateOfflineCourse',
      lessonBody(b.id, date, teachers[0].id, { startTime: '23:00', endTime: '23:50', hours: 1 }),
      400,
      `教师「${teachers[0].name}」在 ${date} 22:00–23:30 已有课程「安全用电」（班级 ${a.code}「冲突测试甲班」），时间冲突`,
    );
    expect(await lessonsOf(b.id)).toHaveLength(0);
  });

  it('同一地点同一时间（地点的写法不同也算同一处）：拒绝', async () => {
    await refused('train_org', '/class/addOrUpdateOfflineCourse', lessonBody(b.id, date, teachers[1].id, { place: '实训楼3号楼 201', startTime: '21:00', endTime: '22:30' }), 400, `地点「实训楼3号楼 201」在 ${date} 22:00–23:30 已安排课程「安全用电」（班级 ${a.code}「冲突测试甲班」），时间冲突`);
  });

  it('首尾相接不算冲突；修改一节课不与它自己冲突', async () => {
    const l = await ok<{ id: number }>('train_org', '/class/addOrUpdateOfflineCourse', lessonBody(b.id, date, teachers[0].id, { startTime: '20:30', endTime: '22:00' }));
    await ok('train_org', '/class/addOrUpdateOfflineCourse', { ...lessonBody(b.id, date, teachers[0].id, { startTime: '20:15', endTime: '22:00', name: '改名' }), id: l.id });
    expect((await lessonsOf(b.id)).map((x) => x.name)).toEqual(['改名']);
  });

  it('甲班作废后，它的课不再占用教师与地点', async () => {
    await setClass(db, a.id, { status: CLASS_STATUS.DISCARDED });
    await ok('train_org', '/class/addOrUpdateOfflineCourse', lessonBody(b.id, date, teachers[0].id, { startTime: '22:30', endTime: '23:30', hours: 1, place: '实训楼 3 号楼 201' }));
    expect(await lessonsOf(b.id)).toHaveLength(2);
  });
});

describe('一节课的规则', () => {
  it('日期须在班级日期内；学时不超过时长；教师须审核通过并在本机构上班', async () => {
    const date = freshDay();
    const c = await createClass(date);
    await refused('train_org', '/class/addOrUpdateOfflineCourse', lessonBody(c.id, freshDay(), teachers[0].id), 400, `上课日期须在开班日期 ${date} 至结业日期 ${date} 之间`);
    await refused('train_org', '/class/addOrUpdateOfflineCourse', lessonBody(c.id, date, teachers[0].id, { hours: 3 }), 400, '3 学时需要至少 135 分钟，这节课只有 90 分钟');
    await refused('train_org', '/class/addOrUpdateOfflineCourse', lessonBody(c.id, date, teachers[0].id, { startTime: '23:00', endTime: '22:00' }), 400, /结束时间须晚于开始时间/);
    const [org] = await db.select().from(organisations).where(eq(organisations.code, 'ORG130105001'));
    const [pending] = await db.select().from(teacherTable).where(and(eq(teacherTable.orgId, org.id), eq(teacherTable.auditStatus, TEACHER_AUDIT.PENDING)));
    await refused('train_org', '/class/addOrUpdateOfflineCourse', lessonBody(c.id, date, pending.id), 400, new RegExp(`教师“${pending.name}”`));
    const [elsewhere] = await db.select().from(teacherTable).where(and(ne(teacherTable.orgId, org.id), eq(teacherTable.auditStatus, TEACHER_AUDIT.APPROVED)));
    await refused('train_org', '/class/addOrUpdateOfflineCourse', lessonBody(c.id, date, elsewhere.id), 400, `教师“${elsewhere.name}”不在本机构上班，不能排进本机构的培训班`);
    expect(await lessonsOf(c.id)).toHaveLength(0);
  });

  it('排课的教师随之加入本班的授课教师；范围外的班 404', async () => {
    const date = freshDay();
    const c = await createClass(date);
    await ok('train_org', '/class/addOrUpdateOfflineCourse', lessonBody(c.id, date, teachers[2].id));
    const detail = await ok<{ teacherIds: number[]; curriculum: { lessons: number; lessonHours: number } }>('train_org', '/trainInfo/toEditTrainInfo', { id: c.id });
    expect(detail.teacherIds).toEqual([teachers[2].id]);
    expect(detail.curriculum).toMatchObject({ lessons: 1, lessonHours: 2 });
    await refused('bd_admin', '/class/listOfflineCourse', { classId: c.id }, 404);
    await refused('enterprise', '/trainInfo/toEditTrainInfo', { id: c.id }, 404);
    const list = await ok<{ list: { teacherName: string }[]; editable: boolean }>('sjz_admin', '/class/listOfflineCourse', { classId: c.id });
    expect(list.list.map((l) => l.teacherName)).toEqual([teachers[2].name]);
    expect(list.editable).toBe(false);
  });
});

const LESSON_HEADER = ['课程名称', '上课日期', '开始时间', '结束时间', '学时', '上课地点', '授课教师', '授课内容'];

describe('线下课程导入', () => {
  it('文件内两节课同一教师同一时间：整份不写，点名第 3 行；改正后全部写入', async () => {
    const date = freshDay();
    const c = await createClass(date);
    const rows = [
      ['理论', date, '08:00', '09:30', '2', '一楼教室', teachers[0].name, null],
      ['实操', date, '09:00', '10:30', '2', '二楼实训室', teachers[0].name, null],
      ['实操二', date, '10:30', '12:00', '2', '二楼实训室', teachers[1].name, '焊接'],
    ];
    const bad = await upload<{ errors: { row: number; column: string; message: string }[] }>('train_org', '/class/addBatchOfflineCourse', { classId: String(c.id), file: await workbook([LESSON_HEADER, ...rows]) });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toEqual([{ row: 3, column: '开始时间', message: `与本文件中 ${date} 08:00–09:30 的课程冲突（教师「${teachers[0].name}」同一时间）` }]);
    expect(await lessonsOf(c.id)).toHaveLength(0);
    rows[1][2] = '09:30';
    rows[1][3] = '11:00';
    rows[2][2] = '11:00';
    rows[2][3] = '12:30';
    const good = await upload<{ total: number }>('train_org', '/class/addBatchOfflineCourse', { classId: String(c.id), file: await workbook([LESSON_HEADER, ...rows]) });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.data.total).toBe(3);
    expect(await lessonsOf(c.id)).toHaveLength(3);
  });

  it('不认识的教师与班级日期外的课：点名行与列', async () => {
    const date = freshDay();
    const c = await createClass(date);
    const res = await upload<{ errors: { row: number; column: string }[] }>('train_org', '/class/addBatchOfflineCourse', {
      classId: String(c.id),
      file: await workbook([LESSON_HEADER, ['理论', date, '08:00', '09:30', '2', '一楼', '没这个人', null], ['理论', freshDay(), '08:00', '09:30', '2', '一楼', teachers[0].name, null]]),
    });
    expect(res.status).toBe(400);
    expect(res.body.data.errors.map((e) => [e.row, e.column])).toEqual([
      [2, '授课教师'],
      [3, '上课日期'],
    ]);
  });
});

describe('线上课程', () => {
  it('只能关联已上架的课程；精品课程的变体只能选精品课程；未选列表不含已选的', async () => {
    const c = await createClass(freshDay());
    const approved = await db.select().from(courses).where(eq(courses.status, COURSE_STATUS.APPROVED));
    const [draft] = await db.select().from(courses).where(ne(courses.status, COURSE_STATUS.APPROVED));
    const excellentIds = new Set((await db.select().from(excellentCourses).where(eq(excellentCourses.arraigned, 1))).map((e) => e.courseId));
    const plain = approved.find((x) => !excellentIds.has(x.id))!;
    await refused('train_org', '/class/selectCourseAttachClass', { classId: c.id, courseIds: [draft.id] }, 400, `课程「${draft.name}」未上架，不能关联到班级`);
    await refused('train_org', '/class/selectCourseAttachClassJingPin', { classId: c.id, courseIds: [plain.id] }, 400, `课程「${plain.name}」不是上架展示的精品课程`);
    await ok('train_org', '/class/selectCourseAttachClass', { classId: c.id, courseIds: [plain.id] });
    const attached = await ok<{ id: number }[]>('train_org', '/class/listAttachmentCourse', { classId: c.id }, 'GET');
    expect(attached.map((x) => x.id)).toEqual([plain.id]);
    const unselected = await ok<{ list: { id: number }[]; total: number }>('train_org', '/class/unSeletedCourseList', { classId: c.id, pageSize: 100 }, 'GET');
    expect(unselected.list.map((x) => x.id)).not.toContain(plain.id);
    expect(unselected.total).toBe(approved.length - 1);
    const detail = await ok<{ curriculum: { online: number; onlineHours: number } }>('train_org', '/trainInfo/toEditTrainInfo', { id: c.id });
    expect(detail.curriculum).toMatchObject({ online: 1, onlineHours: plain.hours });
    await ok('train_org', '/class/delOnlineCourse', { classId: c.id, courseIds: [plain.id] });
    expect(await ok<unknown[]>('train_org', '/class/listAttachmentCourse', { classId: c.id }, 'GET')).toEqual([]);
  });
});

describe('开班日历', () => {
  it('按月列出范围内的课程与班级；别的市看不到', async () => {
    const date = freshDay();
    const c = await createClass(date, { name: '日历测试班' });
    await ok('train_org', '/class/addOrUpdateOfflineCourse', lessonBody(c.id, date, teachers[0].id, { name: '日历里的课' }));
    const month = date.slice(0, 7);
    const cal = await ok<{ lessons: { name: string; date: string; className: string }[]; classes: { id: number }[] }>('train_org', '/trainInfo/classCalendar', { month });
    expect(cal.lessons.filter((l) => l.className === '日历测试班').map((l) => [l.name, l.date])).toEqual([['日历里的课', date]]);
    expect(cal.classes.map((x) => x.id)).toContain(c.id);
    const bd = await ok<{ lessons: { className: string }[] }>('bd_admin', '/trainInfo/classCalendar', { month });
    expect(bd.lessons.some((l) => l.className === '日历测试班')).toBe(false);
    await refused('bd_admin', '/trainInfo/classCalendar', { month, classId: c.id }, 404);
  });
});

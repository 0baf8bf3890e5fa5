// 出勤与结业：批量登记（勾选多名学员一次登记，规则同单个登记，有一名不符合就一名也不写）、出勤导入（预填名单的模板、
// 预览不写、全有或全无并给错误工作簿、待确认的导入挡住结业）、结业须在最后一节课结束之后（服务端拒绝并说明）。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import type { Db } from '@/lib/platform/db/client';
import { maskIdNumber } from '@/lib/platform/identity';
import { trainLessons, trainStudents, type TrainStudent } from '@/lib/domains/trainClass/tables';
import { CLASS_STATUS } from '@/lib/domains/trainClass/transitions';
import { COMPLETION, EXAMINE } from '@/lib/domains/trainClass/schemas';
import { createClass, day, freshDay, h, lessonBody, login, ok, personId, refused, setClass, statusOf, studentBody, teachersOf, upload } from './helpers';

const { db: getDb } = setupTestDb();
let db: Db;

beforeAll(async () => {
  db = await getDb();
  await login('train_org', 'sjz_admin', 'enterprise');
});

let seq = 0;
/** 一个培训中的班（今天结业，班级学时 hours）：一节课、n 名学员（直接写入，一个班几百人也快）；最后一名审核不通过 */
async function trainingClass(n: number, hours = 40) {
  const date = freshDay();
  const teachers = await teachersOf();
  const c = await createClass(date, { hours, capacity: Math.max(50, n) });
  await ok('train_org', '/class/addOrUpdateOfflineCourse', lessonBody(c.id, date, teachers[0].id, { hours: 2 }));
  const base = 500_000 + (process.pid % 1000) * 100 + ++seq * 10_000;
  const values = Array.from({ length: n }, (_, i) => ({ ...studentBody(c.id, base + i), classId: c.id, orgId: c.orgId, cityId: c.cityId, idNumber: personId(base + i) }));
  await db.insert(trainStudents).values(values.map(({ classId, orgId, cityId, name, idNumber, mobile, education }) => ({ classId, orgId, cityId: cityId ?? null, name, idNumber, mobile, education })));
  const students = await db.select().from(trainStudents).where(eq(trainStudents.classId, c.id)).orderBy(asc(trainStudents.id));
  await db.update(trainStudents).set({ examine: EXAMINE.REJECTED, examineOpinion: '材料不全' }).where(eq(trainStudents.id, students[n - 1].id));
  await setClass(db, c.id, { status: CLASS_STATUS.IN_TRAINING, startDate: day(-2), endDate: day(0) });
  // 课挪到昨天（已上完）
  await db.update(trainLessons).set({ startAt: new Date(Date.now() - 26 * 3600_000), endAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(trainLessons.classId, c.id));
  return { c, students: await db.select().from(trainStudents).where(eq(trainStudents.classId, c.id)).orderBy(asc(trainStudents.id)) };
}

const rowsOf = async (classId: number) => db.select().from(trainStudents).where(eq(trainStudents.classId, classId)).orderBy(asc(trainStudents.id));
const snapshot = (rows: TrainStudent[]) => rows.map((r) => [r.id, r.attendedHours, r.completion, r.remark]);

describe('批量登记出勤与结业', () => {
  it('勾选多名学员一次登记；不填的项不改；一个事务', async () => {
    const { c, students } = await trainingClass(6);
    const ok5 = students.slice(0, 5).map((s) => s.id);
    const r = await ok<{ updated: number }>('train_org', '/class/saveRemarkBatch', { classId: c.id, ids: ok5, attendedHours: 40, completion: COMPLETION.COMPLETED });
    expect(r.updated).toBe(5);
    let rows = await rowsOf(c.id);
    expect(rows.slice(0, 5).every((s) => s.attendedHours === 40 && s.completion === COMPLETION.COMPLETED)).toBe(true);
    expect(rows[5]).toMatchObject({ attendedHours: null, completion: COMPLETION.NONE });
    // 只给备注：出勤与结业不变
    await ok('train_org', '/class/saveRemarkBatch', { classId: c.id, ids: ok5.slice(0, 2), remark: '补课两次' });
    rows = await rowsOf(c.id);
    expect(rows.slice(0, 2).map((s) => [s.attendedHours, s.completion, s.remark])).toEqual([
      [40, 1, '补课两次'],
      [40, 1, '补课两次'],
    ]);
  });

  it('规则同单个登记：超过班级学时、审核不通过的登记结业都拒绝并说出是谁，一名也不写；别的班的学员 404；什么都不填 400', async () => {
    const { c, students } = await trainingClass(4);
    const before = snapshot(await rowsOf(c.id));
    const ids = students.map((s) => s.id);
    await refused('train_org', '/class/saveRemarkBatch', { classId: c.id, ids, attendedHours: 41 }, 400, '出勤学时不能超过班级学时 40');
    await refused('train_org', '/class/saveRemarkBatch', { classId: c.id, ids, attendedHours: 40, completion: COMPLETION.COMPLETED }, 400, `学员 ${students[3].name} 审核不通过，不能登记结业`);
    expect(snapshot(await rowsOf(c.id))).toEqual(before);
    // 审核不通过的学员可以登记为未结业
    await ok('train_org', '/class/saveRemarkBatch', { classId: c.id, ids, attendedHours: 10, completion: COMPLETION.NOT_COMPLETED });

    const other = await trainingClass(1);
    await refused('train_org', '/class/saveRemarkBatch', { classId: c.id, ids: [ids[0], other.students[0].id], attendedHours: 1 }, 404, '有 1 名学员不存在或不在该班级');
    await refused('train_org', '/class/saveRemarkBatch', { classId: c.id, ids }, 400, '请填写出勤学时、结业情况或备注');
    await refused('sjz_admin', '/class/saveRemarkBatch', { classId: c.id, ids, attendedHours: 1 }, 403);
    await refused('enterprise', '/class/saveRemarkBatch', { classId: c.id, ids, attendedHours: 1 }, 404);
    // 草稿时不能登记
    await setClass(db, c.id, { status: CLASS_STATUS.DRAFT });
    await refused('train_org', '/class/saveRemarkBatch', { classId: c.id, ids, attendedHours: 1 }, 409, '培训班当前为「草稿」，不能登记出勤与结业');
  });
});

async function readBook(bytes: ArrayBuffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes);
  return wb;
}

async function toFile(wb: ExcelJS.Workbook, name = '出勤.xlsx') {
  return new File([new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer)], name);
}

describe('出勤导入', () => {
  it('300 人的班：预填名单的模板 → 填好 → 预览（不写、挡住结业）→ 确认一次写入全部', async () => {
    const { c, students } = await trainingClass(300);
    const t = await call('GET', '/student/attendanceTemplate', { headers: h.train_org, query: { classId: String(c.id) } });
    expect(t.status).toBe(200);
    const wb = await readBook(await t.res.arrayBuffer());
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, '姓名', '身份证号', '出勤学时', '结业情况', '备注']);
    expect(ws.rowCount).toBe(301);
    // 预填的证件号脱敏；导入时按脱敏号码与姓名对上学员（下面原样导回）
    expect([ws.getCell(2, 1).value, ws.getCell(2, 2).value]).toEqual([students[0].name, maskIdNumber(students[0].idNumber)]);
    for (let r = 2; r <= 300; r++) {
      ws.getCell(r, 3).value = 38;
      ws.getCell(r, 4).value = '结业';
    }
    // 审核不通过的最后一名：未结业
    ws.getCell(301, 3).value = 12;
    ws.getCell(301, 4).value = '未结业';

    const p = await upload<{ importId: number; total: number }>('train_org', '/student/uploadAttendance', { classId: String(c.id), file: await toFile(wb) });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.data.total).toBe(300);
    expect((await rowsOf(c.id)).every((s) => s.attendedHours === null)).toBe(true);
    // 待确认的出勤导入挡住结业；也挡住再导入一份
    await refused('train_org', '/trainInfo/submitCourseReview', { id: c.id }, 409, /有未确认的出勤导入「出勤.xlsx」/);
    const again = await upload('train_org', '/student/uploadAttendance', { classId: String(c.id), file: await toFile(wb) });
    expect(again.status).toBe(400);

    await ok('train_org', '/student/uploadAttendanceCommit', { importId: p.body.data.importId });
    const rows = await rowsOf(c.id);
    expect(rows.slice(0, 299).every((s) => s.attendedHours === 38 && s.completion === COMPLETION.COMPLETED)).toBe(true);
    expect(rows[299]).toMatchObject({ attendedHours: 12, completion: COMPLETION.NOT_COMPLETED });
    await ok('train_org', '/trainInfo/submitCourseReview', { id: c.id });
    expect(await statusOf(db, c.id)).toBe(CLASS_STATUS.FINISHED);
  });

  it('有一行错就一行不写：不在名单中的证件号、姓名不符、超过班级学时、审核不通过的填结业；给错误工作簿', async () => {
    const { c, students } = await trainingClass(5);
    const before = snapshot(await rowsOf(c.id));
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('出勤');
    ws.addRow(['姓名', '身份证号', '出勤学时', '结业情况', '备注']);
    ws.addRow([students[0].name, students[0].idNumber, '40', '结业', '']);
    ws.addRow(['张冒名', students[1].idNumber, '40', '结业', '']);
    ws.addRow(['查无此人', personId(999_999), '40', '结业', '']);
    ws.addRow([students[2].name, students[2].idNumber, '41', '', '']);
    ws.addRow([students[4].name, students[4].idNumber, '40', '结业', '']);
    ws.addRow([students[3].name, students[3].idNumber, '', '毕业', '']);
    const r = await upload<unknown>('train_org', '/student/uploadAttendance', { classId: String(c.id), file: await toFile(wb) });
    expect(r.status).toBe(400);
    const data = (r.body as unknown as { data: { errorCount: number; errors: { row: number; message: string }[]; errorFileUrl: string } }).data;
    expect(data.errorCount).toBe(5);
    expect(data.errors.map((e) => [e.row, e.message]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [3, `姓名与名单不符（名单中为「${students[1].name}」）`],
      [4, '该身份证号不在本班学员名单中'],
      [5, '出勤学时不能超过班级学时 40'],
      [6, `学员 ${students[4].name} 审核不通过，不能登记结业`],
      [7, '结业情况只能填 结业、未结业 或 未登记'],
    ]);
    expect(data.errorFileUrl).toBeTruthy();
    expect(snapshot(await rowsOf(c.id))).toEqual(before);
    // 出勤导入只在培训中与已结业时：别的机构 404、市级 403
    const form = { classId: String(c.id), file: await toFile(wb) };
    expect((await upload('enterprise', '/student/uploadAttendance', form)).status).toBe(404);
    expect((await upload('sjz_admin', '/student/uploadAttendance', form)).status).toBe(403);
  });
});

describe('结业须在最后一节课结束之后', () => {
  it('结业日期当天、课还没上完：拒绝并说出是哪节课何时结束；上完之后可以结业', async () => {
    const { c, students } = await trainingClass(2);
    await ok('train_org', '/class/saveRemarkBatch', { classId: c.id, ids: students.map((s) => s.id), completion: COMPLETION.NOT_COMPLETED });
    // 课在今天晚些时候（还没结束）
    const later = new Date(Date.now() + 2 * 3600_000);
    await db.update(trainLessons).set({ startAt: new Date(later.getTime() - 3600_000), endAt: later }).where(eq(trainLessons.classId, c.id));
    await refused('train_org', '/trainInfo/submitCourseReview', { id: c.id }, 409, /^不能结业提交：最后一节课「安全用电」\d{4}-\d{2}-\d{2} \d{2}:\d{2} 才结束，课上完之后才能结业$/);
    await refused('train_org', '/trainInfo/updateTrainInfoStatus', { id: c.id, action: 'finish' }, 409, /最后一节课「安全用电」/);
    expect(await statusOf(db, c.id)).toBe(CLASS_STATUS.IN_TRAINING);
    await db.update(trainLessons).set({ startAt: new Date(Date.now() - 2 * 3600_000), endAt: new Date(Date.now() - 3600_000) }).where(and(eq(trainLessons.classId, c.id)));
    await ok('train_org', '/trainInfo/submitCourseReview', { id: c.id });
    expect(await statusOf(db, c.id)).toBe(CLASS_STATUS.FINISHED);
  });
});

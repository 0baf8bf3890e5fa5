// 学员名单：导入先预览后确认（全有或全无，坏行一行不写、给错误工作簿）；同一人不能在日期重叠的两个班里；
// 身份核验与培训资格；按证件号带出；身份证照片；导出；学员审核；范围（机构只看本机构的班，市级看本市的）。
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import type { Db } from '@/lib/platform/db/client';
import { trainClasses, trainStudentImports, trainStudents } from '@/lib/domains/trainClass/tables';
import { CLASS_STATUS } from '@/lib/domains/trainClass/transitions';
import type { ClassItem, ImportPreview, StudentItem } from '@/lib/domains/trainClass/schemas';
import { createClass, day, freshDay, h, idNo, login, ok, personId, readyClass, refused, setClass, STUDENT_HEADER, studentBody, upload, workbook } from './helpers';

const { db: getDb } = setupTestDb();
let db: Db;

beforeAll(async () => {
  db = await getDb();
  await login('train_org', 'sjz_admin', 'bd_admin', 'enterprise', 'admin');
});

const studentsOf = async (classId: number) => db.select().from(trainStudents).where(eq(trainStudents.classId, classId));
const row = (n: number) => [`学员${n}`, personId(n), `139${String(10000000 + n).slice(-8)}`, '高中', '石家庄恒瑞机械有限公司'];
const preview = (classId: number, file: File) => upload<ImportPreview & { errors: { row: number; column: string; message: string }[]; errorFileUrl: string }>('train_org', '/student/uploadClassStudent', { classId: String(classId), file });

describe('学员名单导入', () => {
  it('300 行里第 151 行手机号不对：一行也不写，点名第 151 行，给错误工作簿', async () => {
    const c = await createClass();
    const rows = Array.from({ length: 300 }, (_, i) => row(10_000 + i));
    rows[149][2] = '12345';
    const res = await preview(c.id, await workbook([STUDENT_HEADER, ...rows]));
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe('导入失败：第 151 行「手机号」：手机号格式有误，请重新输入；共 1 处错误，请下载错误工作簿修改后重新导入');
    expect(res.body.data.errorFileUrl).toMatch(/importErrors/);
    expect(await studentsOf(c.id)).toHaveLength(0);
    expect(await db.select().from(trainStudentImports).where(eq(trainStudentImports.classId, c.id))).toHaveLength(0);
  });

  it('预览不写学员、挡住提交；确认后写入全部学员并更新人数；放弃不写', async () => {
    const c = await readyClass();
    const file = await workbook([STUDENT_HEADER, row(20_001), row(20_002), row(20_003)]);
    const p = await preview(c.id, file);
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.data).toMatchObject({ total: 3, warningCount: 0 });
    expect(await studentsOf(c.id)).toHaveLength(1);
    await refused('train_org', '/trainInfo/submitReview', { id: c.id }, 409, /有未确认的学员导入「学员名单.xlsx」/);
    const second = await preview(c.id, await workbook([STUDENT_HEADER, row(20_009)]));
    expect([second.status, second.body.returnMsg]).toEqual([400, '已有未确认的学员导入「学员名单.xlsx」，请先确认或放弃']);
    const done = await ok<{ total: number }>('train_org', '/student/uploadClassStudentCommit', { importId: p.body.data.importId });
    expect(done.total).toBe(3);
    expect(await studentsOf(c.id)).toHaveLength(4);
    const [cls] = await db.select().from(trainClasses).where(eq(trainClasses.id, c.id));
    expect(cls.studentCount).toBe(4);
    await refused('train_org', '/student/uploadClassStudentCommit', { importId: p.body.data.importId }, 400, '该导入已确认写入，不能再办理');
    // 再导入同样的人：已在本班
    const again = await preview(c.id, await workbook([STUDENT_HEADER, row(20_001)]));
    expect(again.body.data.errors).toEqual([{ row: 2, column: '身份证号', message: '该学员已在本班名单中' }]);
    const p2 = await preview(c.id, await workbook([STUDENT_HEADER, row(20_004)]));
    await ok('train_org', '/student/uploadClassStudentDiscard', { importId: p2.body.data.importId });
    expect(await studentsOf(c.id)).toHaveLength(4);
    await ok('train_org', '/trainInfo/submitReview', { id: c.id });
  });

  it('文件内重复的证件号：点名第二次出现的行', async () => {
    const c = await createClass();
    const res = await preview(c.id, await workbook([STUDENT_HEADER, row(30_001), row(30_002), row(30_001)]));
    expect(res.body.data.errors).toEqual([{ row: 4, column: '身份证号', message: '与第 2 行重复' }]);
  });
});

describe('日期重叠的两个班', () => {
  it('同一人在日期重叠的另一个班里：保存与导入都拒绝并说明是哪个班；日期不重叠的班可以', async () => {
    const date = freshDay();
    const a = await createClass(date, { name: '重叠甲班' });
    const b = await createClass(date, { name: '重叠乙班' });
    const later = await createClass(freshDay(), { name: '不重叠的班' });
    await ok('train_org', '/student/save', studentBody(a.id, 40_001));
    await refused('train_org', '/student/save', studentBody(b.id, 40_001), 400, `学员 学员40001 已在班级 ${a.code}「重叠甲班」（${date} 至 ${date}）中，培训日期重叠`);
    const res = await preview(b.id, await workbook([STUDENT_HEADER, row(40_002), row(40_001)]));
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual([{ row: 3, column: '身份证号', message: `已在班级 ${a.code}「重叠甲班」（${date} 至 ${date}）中，培训日期重叠` }]);
    expect(await studentsOf(b.id)).toHaveLength(0);
    await ok('train_org', '/student/save', studentBody(later.id, 40_001));
    // 甲班作废后不再占用日期
    await setClass(db, a.id, { status: CLASS_STATUS.DISCARDED });
    await ok('train_org', '/student/save', studentBody(b.id, 40_001));
  });
});

describe('身份核验与培训资格', () => {
  it('开班时未满 16 周岁不通过；本年度已完成同工种同等级培训的不符合；judgeStudent 给出各类人数', async () => {
    const year = Number(day(0).slice(0, 4)) + 3;
    const done = await createClass(`${year}-03-10`, { name: '已完成的班' });
    const c = await createClass(`${year}-06-15`, { name: '本次的班' });
    await ok('train_org', '/student/save', studentBody(done.id, 50_001));
    await db.update(trainStudents).set({ completion: 1 }).where(eq(trainStudents.classId, done.id));
    await setClass(db, done.id, { status: CLASS_STATUS.ASSESSED });
    const minor = idNo(551, `${year - 15}0101`);
    const saved = await ok<StudentItem>('train_org', '/student/save', studentBody(c.id, 50_002, { idNumber: minor }));
    expect([saved.idCheck, saved.idCheckReason]).toEqual([2, '开班时未满 16 周岁']);
    const again = await ok<StudentItem>('train_org', '/student/save', studentBody(c.id, 50_001));
    expect([again.qualification, again.qualificationReason]).toEqual([2, `本年度已完成同工种同等级培训（班级 ${done.code}）`]);
    const judged = await ok<{ total: number; idRefused: number; qualificationRefused: number; students: { name: string }[] }>('train_org', '/trainInfo/judgeStudent', { id: c.id });
    expect(judged).toMatchObject({ total: 2, idRefused: 1, qualificationRefused: 1 });
    expect(judged.students).toHaveLength(2);
    // 已报名（未完成）的只提示
    await db.update(trainStudents).set({ completion: 0 }).where(eq(trainStudents.classId, done.id));
    const rechecked = await ok<{ qualificationRefused: number; qualificationWarning: number }>('train_org', '/trainInfo/judgeStudent', { id: c.id });
    expect(rechecked).toMatchObject({ qualificationRefused: 0, qualificationWarning: 1 });
  });

  it('按证件号带出：性别、出生日期与此前登记的信息', async () => {
    const c = await createClass();
    await ok('train_org', '/student/save', studentBody(c.id, 60_001, { company: '恒瑞机械' }));
    const found = await ok<{ found: boolean; name: string; company: string; gender: string; birthDate: string }>('train_org', '/student/getUserByCard', { idNumber: personId(60_001) }, 'GET');
    expect(found).toMatchObject({ found: true, name: '学员60001', company: '恒瑞机械' });
    expect(found.birthDate).toMatch(/^19\d\d-\d\d-\d\d$/);
    const bd = await ok<{ found: boolean }>('bd_admin', '/student/getUserByCard', { idNumber: personId(60_001) }, 'GET').catch(() => null);
    expect(bd).toBeNull(); // 市级没有新增学员的权限
  });

  it('身份证照片只收图片；登记在学员上', async () => {
    const c = await createClass();
    const s = await ok<StudentItem>('train_org', '/student/save', studentBody(c.id, 61_001));
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#88aadd' } }).png().toBuffer();
    const okRes = await upload<{ idCardFront: string }>('train_org', '/student/uploadIdCard', { id: String(s.id), front: new File([new Uint8Array(png)], 'front.png', { type: 'image/png' }) });
    expect(okRes.status, JSON.stringify(okRes.body)).toBe(200);
    expect(okRes.body.data.idCardFront).toMatch(/\.png$/);
    const pdf = new File([new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], 'back.pdf', { type: 'application/pdf' });
    const bad = await upload('train_org', '/student/uploadIdCard', { id: String(s.id), back: pdf });
    expect(bad.status).toBe(400);
  });
});

describe('出勤、审核与导出', () => {
  it('市级在班级待审核时审核学员（不通过须填意见），机构不能；导出名单', async () => {
    const c = await readyClass();
    const [s] = await studentsOf(c.id);
    await refused('sjz_admin', '/trainInfoExamine/submitStudentExamine', { classId: c.id, items: [{ id: s.id, examine: 2 }] }, 409, '培训班当前为「草稿」，不能审核学员');
    await ok('train_org', '/trainInfo/submitReview', { id: c.id });
    await refused('train_org', '/trainInfoExamine/submitStudentExamine', { classId: c.id, items: [{ id: s.id, examine: 1 }] }, 403);
    await refused('sjz_admin', '/trainInfoExamine/submitStudentExamine', { classId: c.id, items: [{ id: s.id, examine: 2 }] }, 400, '审核不通过的学员请填写审核意见');
    await ok('sjz_admin', '/trainInfoExamine/submitStudentExamine', { classId: c.id, items: [{ id: s.id, examine: 1, opinion: null }] });
    const list = await ok<{ list: StudentItem[] }>('sjz_admin', '/trainInfoExamine/studentExamine', { classId: c.id });
    expect(list.list.map((x) => [x.examine, x.actions])).toEqual([[1, ['examine']]]);
    const exported = await call('GET', '/student/exportStudentInfo', { headers: h.train_org, query: { classId: c.id } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/spreadsheetml/);
  });
});

describe('范围', () => {
  let c: ClassItem;
  beforeAll(async () => {
    c = await readyClass(freshDay(), { name: '范围测试班' });
  });

  it('别的机构、别的市看不到这个班与它的学员（404）；本市管理员与省级看得到', async () => {
    await refused('enterprise', '/trainInfo/toEditTrainInfo', { id: c.id }, 404, '培训班不存在或不在您的管辖范围内');
    await refused('bd_admin', '/student/listStudent', { classId: c.id }, 404);
    await refused('enterprise', '/student/listStudent', { classId: c.id }, 404);
    const [s] = await studentsOf(c.id);
    await refused('enterprise', '/class/saveRemark', { id: s.id, completion: 1 }, 404, '学员不存在或不在您的管辖范围内');
    expect((await ok<{ list: StudentItem[] }>('sjz_admin', '/student/listStudent', { classId: c.id })).list).toHaveLength(1);
    expect((await ok<{ list: StudentItem[] }>('admin', '/student/listStudent', { classId: c.id })).list).toHaveLength(1);
  });

  it('列表只含范围内的班：机构只有本机构的，保定看不到石家庄的，石家庄看得到', async () => {
    const mine = await ok<{ list: ClassItem[]; total: number }>('train_org', '/trainInfo/trainInfoList', { pageSize: 100 }, 'GET');
    expect(new Set(mine.list.map((x) => x.orgId)).size).toBe(1);
    expect(mine.list.map((x) => x.id)).toContain(c.id);
    const bd = await ok<{ list: ClassItem[] }>('bd_admin', '/trainInfo/trainInfoList', { name: '范围测试班' }, 'GET');
    expect(bd.list).toEqual([]);
    const sjz = await ok<{ list: ClassItem[] }>('sjz_admin', '/trainInfo/trainInfoList', { name: '范围测试班' }, 'GET');
    expect(sjz.list.map((x) => x.id)).toEqual([c.id]);
    expect(sjz.list.every((x) => x.cityId === 130100)).toBe(true);
    // 学员库（不指定班）：保定看不到石家庄的学员
    const bdStudents = await ok<{ list: StudentItem[] }>('bd_admin', '/student/listStudent', { name: '学员', pageSize: 100 });
    expect(bdStudents.list.some((x) => x.classId === c.id)).toBe(false);
  });
});

// 学员的身份证号与手机号加密存放（库里是 s1. 密文，没有明文数字）；按盲索引查重、筛选与对人（全角、小写 x 也对得上）；
// 名单与导出默认脱敏；看全须有 student.unmask 并选理由，每次记访问日志；编辑时原样传回的脱敏值保留原号码。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import type { Db } from '@/lib/platform/db/client';
import { maskIdNumber, maskMobile } from '@/lib/platform/identity';
import { trainStudents } from '@/lib/domains/trainClass/tables';
import type { StudentItem } from '@/lib/domains/trainClass/schemas';
import { accessLogs, expectUnmaskGate, listCall } from '../privacy/helpers';
import { createClass, h, login, ok, personId, refused, STUDENT_HEADER, studentBody, upload, workbook } from './helpers';

const { db: getDb } = setupTestDb();
let db: Db;

beforeAll(async () => {
  db = await getDb();
  await login('train_org', 'sjz_admin', 'admin');
});

interface StudentPage {
  list: StudentItem[];
  total: number;
  masked: boolean;
  canUnmask: boolean;
}

/** 库里原样的列（不经 Drizzle 的解密） */
async function raw(classId: number): Promise<{ id_number: string; mobile: string; id_number_bidx: string | null }[]> {
  const res: unknown = await db.execute(sql`select id_number, mobile, id_number_bidx from train_student where class_id = ${classId} order by id`);
  return (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as { id_number: string; mobile: string; id_number_bidx: string | null }[];
}

const fullWidth = (v: string) => v.replace(/[0-9X]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

describe('学员：密文存放与盲索引', () => {
  it('新增与导入的学员：库里证件号与手机号是密文、盲索引已写；演示数据也是密文', async () => {
    const c = await createClass();
    await ok('train_org', '/student/save', studentBody(c.id, 71_001));
    const file = await workbook([STUDENT_HEADER, ['导入学员', personId(71_002), '13912340002', '高中', '']]);
    const p = await upload<{ importId: number }>('train_org', '/student/uploadClassStudent', { classId: String(c.id), file });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    await ok('train_org', '/student/uploadClassStudentCommit', { importId: p.body.data.importId });
    const rows = await raw(c.id);
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.id_number.startsWith('s1.')).toBe(true);
      expect(r.mobile.startsWith('s1.')).toBe(true);
      expect(r.id_number).not.toMatch(/\d{6}/);
      expect(r.id_number_bidx).toHaveLength(43);
    }
    // 经 Drizzle 读出是明文
    const read = await db.select({ idNumber: trainStudents.idNumber }).from(trainStudents).where(eq(trainStudents.classId, c.id)).orderBy(asc(trainStudents.id));
    expect(read.map((r) => r.idNumber)).toEqual([personId(71_001), personId(71_002)]);
    const seeded: unknown = await db.execute(sql`select count(*)::int as n from train_student where id_number not like 's1.%' or mobile not like 's1.%' or id_number_bidx is null`);
    expect(((Array.isArray(seeded) ? seeded : (seeded as { rows: { n: number }[] }).rows) as { n: number }[])[0].n).toBe(0);
  });

  it('同一人再录入本班被拒（唯一约束在盲索引上），全角写法也认得；按完整证件号筛选、带出', async () => {
    const c = await createClass();
    const id = personId(72_001);
    await ok('train_org', '/student/save', studentBody(c.id, 72_001));
    const before = await raw(c.id);
    await refused('train_org', '/student/save', studentBody(c.id, 72_002, { idNumber: id }), 409, '该学员已在本班名单中');
    await refused('train_org', '/student/save', studentBody(c.id, 72_003, { idNumber: fullWidth(id) }), 409, '该学员已在本班名单中');
    expect(await raw(c.id)).toEqual(before);

    const found = await ok<StudentPage>('train_org', '/student/listStudent', { classId: c.id, idNumber: fullWidth(id) });
    expect(found.list.map((s) => s.name)).toEqual(['学员72001']);
    // 前几位查不到：加密后只能按完整号码
    const partial = await ok<StudentPage>('train_org', '/student/listStudent', { classId: c.id, idNumber: id.slice(0, 10) });
    expect(partial.list).toEqual([]);
    const card = await ok<{ found: boolean; name: string; mobile: string }>('train_org', '/student/getUserByCard', { idNumber: id }, 'GET');
    expect([card.found, card.name]).toEqual([true, '学员72001']);
  });
});

describe('学员名单：默认脱敏，看全须有权限、给理由、记日志', () => {
  it('列表、表单与导出默认脱敏，不记日志', async () => {
    const c = await createClass();
    const body = studentBody(c.id, 73_001);
    await ok('train_org', '/student/save', body);
    const page = await ok<StudentPage>('train_org', '/student/listStudent', { classId: c.id });
    expect([page.masked, page.canUnmask]).toEqual([true, true]);
    expect(page.list[0]).toMatchObject({ idNumber: maskIdNumber(body.idNumber as string), mobile: maskMobile(body.mobile as string) });
    const form = await ok<StudentItem>('train_org', '/student/toSaveOrUpdate', { id: page.list[0].id }, 'GET');
    expect(form.idNumber).toBe(maskIdNumber(body.idNumber as string));
    const file = await call('GET', '/student/exportStudentInfo', { headers: h.train_org, query: { classId: String(c.id) } });
    expect(file.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.res.arrayBuffer());
    expect(String(wb.worksheets[0].getRow(2).getCell(2).value)).toBe(maskIdNumber(body.idNumber as string));
    expect(await accessLogs(db, 'student')).toEqual([]);
  });

  it('没选理由 400、没有 student.unmask 403（都不记日志）；有权限并给理由时给全号，查看与导出各记一行', async () => {
    const c = await createClass();
    const body = studentBody(c.id, 74_001);
    await ok('train_org', '/student/save', body);
    // 市级管理员能看学员名单，但没有 student.unmask
    const list = listCall<StudentItem>('POST', '/student/listStudent', { classId: c.id });
    const { full: page } = await expectUnmaskGate(db, { list, resource: 'student', allowed: 'train_org', denied: 'sjz_admin', shown: (r) => r.idNumber, mask: maskIdNumber });
    expect(page.list[0]).toMatchObject({ idNumber: body.idNumber, mobile: body.mobile });
    const file = await call('GET', '/student/exportStudentInfo', { headers: h.train_org, query: { classId: String(c.id), unmask: 'true', reason: 'other', reasonNote: '开班当天核对身份' } });
    expect(file.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.res.arrayBuffer());
    expect(String(wb.worksheets[0].getRow(2).getCell(2).value)).toBe(body.idNumber);
    const logs = await accessLogs(db, 'student');
    expect(logs.map((l) => [l.account, l.action, l.entity, l.entityId, l.recordIds, l.reason, l.reasonNote])).toEqual([
      ['train_org', 'view', 'train_class', c.id, [page.list[0].id], 'verify', null],
      ['train_org', 'export', 'train_class', c.id, [page.list[0].id], 'other', '开班当天核对身份'],
    ]);
  });

  it('编辑时原样传回脱敏的证件号与手机号：保留原号码；新增时脱敏值被拒', async () => {
    const c = await createClass();
    const body = studentBody(c.id, 75_001);
    const saved = await ok<StudentItem>('train_org', '/student/save', body);
    await ok('train_org', '/student/save', { ...body, id: saved.id, name: '改了名字', idNumber: maskIdNumber(body.idNumber as string), mobile: maskMobile(body.mobile as string) });
    const [row] = await db.select().from(trainStudents).where(and(eq(trainStudents.classId, c.id), eq(trainStudents.id, saved.id)));
    expect([row.name, row.idNumber, row.mobile]).toEqual(['改了名字', body.idNumber, body.mobile]);
    await refused('train_org', '/student/save', studentBody(c.id, 75_002, { idNumber: maskIdNumber(personId(75_002)) }), 400, '请输入完整的身份证号');
  });
});

// 培训班测试的共用件：以明德培训学校（train_org）建班、排课、录学员；证件号与工作簿。
// 测试用的班放在很远的日子里（今天 + 100 天以后，每个班一天），课在 22:00–23:30，不与种子里的课冲突。
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '@/lib/platform/db/client';
import { idCheckChar } from '@/lib/platform/identity';
import { beijingDate } from '@/lib/platform/time';
import { trainClasses } from '@/lib/domains/trainClass/tables';
import type { ClassItem } from '@/lib/domains/trainClass/schemas';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';

export const h: Record<string, Record<string, string>> = {};
export async function login(...accounts: string[]) {
  for (const a of accounts) h[a] = await authHeaders(a);
}

export const day = (n: number) => beijingDate(new Date(), n);

export async function ok<T = Record<string, unknown>>(account: string, path: string, json: unknown, method = 'POST'): Promise<T> {
  const r = await call<T>(method, path, method === 'GET' ? { headers: h[account], query: json as Record<string, string> } : { headers: h[account], json });
  if (r.status !== 200) throw new Error(`${path} → ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

export async function refused(account: string, path: string, json: unknown, status: number, message?: string | RegExp) {
  const r = await call<Record<string, unknown>>('POST', path, { headers: h[account], json });
  if (r.status !== status) throw new Error(`${path}：期望 ${status}，得到 ${r.status} ${JSON.stringify(r.body)}`);
  if (message !== undefined && !(typeof message === 'string' ? r.body.returnMsg === message : message.test(r.body.returnMsg))) {
    throw new Error(`${path}：消息「${r.body.returnMsg}」不符合 ${String(message)}`);
  }
  return r;
}

let seq = 0;
/** 每个测试班一天：今天 + 100 + 序号（不同文件之间也不重叠：按进程号错开） */
export const freshDay = () => day(100 + (process.pid % 50) * 20 + ++seq);

export interface Teacher {
  id: number;
  name: string;
}

export async function teachersOf(account = 'train_org'): Promise<Teacher[]> {
  return ok<Teacher[]>(account, '/class/selectTeacherList', {}, 'GET');
}

export const ELECTRICIAN = '6-31-01-03';

export function classBody(date: string, over: Record<string, unknown> = {}) {
  return {
    name: '测试电工培训班',
    workCode: ELECTRICIAN,
    level: 4,
    trainType: '1',
    startDate: date,
    endDate: date,
    hours: 2,
    place: '明德培训学校实训楼 301',
    capacity: 50,
    contactName: '孙立新',
    contactPhone: '13831100005',
    ...over,
  };
}

/** 建一个班（train_org），默认一天、2 学时 */
export async function createClass(date = freshDay(), over: Record<string, unknown> = {}): Promise<ClassItem> {
  return ok<ClassItem>('train_org', '/trainInfo/saveTrainInfo', classBody(date, over));
}

export function lessonBody(classId: number, date: string, teacherId: number, over: Record<string, unknown> = {}) {
  return { classId, name: '安全用电', date, startTime: '22:00', endTime: '23:30', place: `测试教室 ${classId}`, teacherId, hours: 2, ...over };
}

/** 有效的 18 位身份证号：石家庄长安区，出生日期 birth（YYYYMMDD），顺序码 n */
export function idNo(n: number, birth = '19900101'): string {
  const body = `130102${birth}${String(n % 1000).padStart(3, '0')}`;
  return body + idCheckChar(body);
}

/** 测试内唯一的人：出生日期按 n 变化 */
export const personId = (n: number) => idNo(n % 1000, `19${60 + (Math.floor(n / 1000) % 40)}0${1 + (n % 9)}1${n % 10}`);

export function studentBody(classId: number, n: number, over: Record<string, unknown> = {}) {
  return { classId, name: `学员${n}`, idNumber: personId(n), mobile: `139${String(10000000 + n).slice(-8)}`, education: '高中', ...over };
}

/** 一个可以提交审核的班：一节课（2 学时）、一名学员 */
export async function readyClass(date = freshDay(), over: Record<string, unknown> = {}, student = Math.floor(Math.random() * 900_000) + 1000) {
  const teachers = await teachersOf();
  const c = await createClass(date, over);
  await ok('train_org', '/class/addOrUpdateOfflineCourse', lessonBody(c.id, date, teachers[0].id));
  await ok('train_org', '/student/save', studentBody(c.id, student));
  return c;
}

export async function setClass(db: Db, id: number, values: Partial<typeof trainClasses.$inferInsert>) {
  await db.update(trainClasses).set(values).where(eq(trainClasses.id, id));
}

export async function statusOf(db: Db, id: number): Promise<number> {
  const [c] = await db.select({ status: trainClasses.status }).from(trainClasses).where(eq(trainClasses.id, id));
  return c.status;
}

export const STUDENT_HEADER = ['姓名', '身份证号', '手机号', '学历', '工作单位'];

export async function workbook(rows: (ExcelJS.CellValue[] | null)[], name = '学员名单.xlsx'): Promise<File> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('学员');
  rows.forEach((values, r) => values?.forEach((v, c) => v !== null && v !== undefined && (ws.getCell(r + 1, c + 1).value = v)));
  const bytes = new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
  return new File([bytes], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

export async function upload<T = unknown>(account: string, path: string, fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return call<T>('POST', path, { headers: h[account], form });
}

// 人员库的个人信息加密与脱敏（issue 30）：身份证号、手机号在库里是密文；查找与同库查重经盲索引（全角写法也认）；
// 列表、详情、导出默认脱敏；看全须有 <库>.unmask、选理由，每次记访问日志；编辑表单传回脱敏值时保留原号码。
import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import type { Db } from '@/lib/platform/db/client';
import { maskIdNumber, maskMobile } from '@/lib/platform/identity';
import { demoIdNumber } from '@/lib/domains/personnel/seed';
import { people } from '@/lib/domains/personnel/tables';
import type { PersonDetail, PersonItem } from '@/lib/domains/personnel/schemas';
import { dataAccessLogs } from '@/lib/domains/privacy/tables';
import { h, login, ok, refused } from '../trainClass/helpers';
import { rawRows } from '@/tests/helpers/raw-rows';

const { db: getDb } = setupTestDb();
let db: Db;

interface Listed {
  list: PersonItem[];
  total: number;
  masked: boolean;
  canUnmask: boolean;
}

// 男，1987-05-06，桥西区
const ID = demoIdNumber(130104, '19870506', 357);
const MOBILE = '13987650001';
const fullWidth = (v: string) => [...v].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join('');

let personId = 0;

beforeAll(async () => {
  db = await getDb();
  await login('eval_org', 'sjz_admin', 'train_org');
  const saved = await ok<PersonDetail>('eval_org', '/fil/evaluation/addFilEvaluation', { name: '秦明', idNumber: ID, mobile: MOBILE });
  personId = saved.id;
});

const logsFor = (resource: string) => db.select().from(dataAccessLogs).where(eq(dataAccessLogs.resource, resource)).orderBy(asc(dataAccessLogs.id));

describe('人员库：密文存放、经盲索引查找', () => {
  it('库里的身份证号与手机号是密文（s1. 前缀，没有明文数字），经 Drizzle 读出是原号码', async () => {
    const [row] = await rawRows<{ id_number: string; mobile: string; id_number_bidx: string | null; mobile_bidx: string | null }>(
      db,
      sql`select id_number, mobile, id_number_bidx, mobile_bidx from person where id = ${personId}`,
    );
    expect(row.id_number.startsWith('s1.')).toBe(true);
    expect(row.mobile.startsWith('s1.')).toBe(true);
    expect(row.id_number).not.toContain(ID.slice(6, 14));
    expect(row.mobile).not.toContain(MOBILE.slice(3));
    expect(row.id_number_bidx).toBeTruthy();
    expect(row.mobile_bidx).toBeTruthy();
    const [p] = await db.select({ idNumber: people.idNumber, mobile: people.mobile }).from(people).where(eq(people.id, personId));
    expect(p).toEqual({ idNumber: ID, mobile: MOBILE });
  });

  it('按完整身份证号（全角写法也认）与完整手机号筛选；同库再录同一号码仍 409（经盲索引查重）', async () => {
    const byId = await ok<Listed>('eval_org', '/perEval/list', { idNumber: fullWidth(ID) });
    expect(byId.list.map((p) => p.id)).toEqual([personId]);
    const byMobile = await ok<Listed>('eval_org', '/perEval/list', { mobile: MOBILE });
    expect(byMobile.list.map((p) => p.id)).toEqual([personId]);
    // 号码片段查不到：密文不能模糊查询
    const partial = await ok<Listed>('eval_org', '/perEval/list', { idNumber: ID.slice(0, 10) });
    expect(partial.total).toBe(0);
    const before = await db.$count(people);
    await refused('eval_org', '/fil/evaluation/addFilEvaluation', { name: '秦明二', idNumber: ID, mobile: '13987650002' }, 409, '该身份证号已在考评员库中');
    expect(await db.$count(people)).toBe(before);
  });
});

describe('人员库：默认脱敏，看全须有权限、给理由、记日志', () => {
  it('列表、详情与导出默认脱敏；评价机构可以请求看全（canUnmask）', async () => {
    const list = await ok<Listed>('eval_org', '/perEval/list', { idNumber: ID });
    expect(list).toMatchObject({ masked: true, canUnmask: true });
    expect(list.list[0]).toMatchObject({ idNumber: maskIdNumber(ID), mobile: maskMobile(MOBILE) });
    const detail = await ok<PersonDetail>('eval_org', '/fil/evaluation/viewFilEvaluation', { id: personId });
    expect(detail).toMatchObject({ idNumber: maskIdNumber(ID), mobile: maskMobile(MOBILE) });
    const file = await call('POST', '/perEval/exportEvaluation', { headers: h.eval_org, json: { idNumber: ID } });
    expect(file.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.res.arrayBuffer());
    expect(String(wb.worksheets[0].getRow(2).getCell(2).value)).toBe(maskIdNumber(ID));
    expect(await logsFor('assessor')).toEqual([]);
  });

  it('没有 unmask 权限 403（市级管理员对考务人员只有查看导出）；没选理由 400；都不写日志', async () => {
    const staff = await ok<Listed>('sjz_admin', '/examStaff/listExamStaff', {});
    expect(staff.canUnmask).toBe(false);
    await refused('sjz_admin', '/examStaff/listExamStaff', { unmask: true, reason: 'verify' }, 403, '没有查看完整个人信息的权限');
    await refused('eval_org', '/perEval/list', { idNumber: ID, unmask: true }, 400, '请选择查看完整个人信息的理由');
    expect(await logsFor('examStaff')).toEqual([]);
    expect(await logsFor('assessor')).toEqual([]);
  });

  it('看全列表与导出各记一行访问日志（谁、哪些人、理由）', async () => {
    const list = await ok<Listed>('eval_org', '/perEval/list', { idNumber: ID, unmask: true, reason: 'verify' });
    expect(list.masked).toBe(false);
    expect(list.list[0]).toMatchObject({ idNumber: ID, mobile: MOBILE });
    const file = await call('POST', '/perEval/exportEvaluation', { headers: h.eval_org, json: { idNumber: ID, unmask: true, reason: 'other', reasonNote: '考试当天核对身份' } });
    expect(file.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.res.arrayBuffer());
    expect(String(wb.worksheets[0].getRow(2).getCell(2).value)).toBe(ID);
    const logs = await logsFor('assessor');
    expect(logs.map((l) => ({ account: l.account, action: l.action, reason: l.reason, recordIds: l.recordIds }))).toEqual([
      { account: 'eval_org', action: 'view', reason: 'verify', recordIds: [personId] },
      { account: 'eval_org', action: 'export', reason: 'other', recordIds: [personId] },
    ]);
  });
});

describe('人员库：编辑表单传回脱敏值', () => {
  it('未改动的脱敏号码保留原值；填了完整的新号码就换成新号码', async () => {
    const detail = await ok<PersonDetail>('eval_org', '/fil/evaluation/viewFilEvaluation', { id: personId });
    await ok('eval_org', '/fil/evaluation/addFilEvaluation', { id: personId, name: '秦明', idNumber: detail.idNumber, mobile: detail.mobile, remark: '改了备注' });
    let [p] = await db.select().from(people).where(eq(people.id, personId));
    expect(p).toMatchObject({ idNumber: ID, mobile: MOBILE, remark: '改了备注' });
    await ok('eval_org', '/fil/evaluation/addFilEvaluation', { id: personId, name: '秦明', idNumber: detail.idNumber, mobile: '13987650009' });
    [p] = await db.select().from(people).where(eq(people.id, personId));
    expect(p).toMatchObject({ idNumber: ID, mobile: '13987650009' });
    const byNew = await ok<Listed>('eval_org', '/perEval/list', { mobile: '13987650009' });
    expect(byNew.list.map((x) => x.id)).toEqual([personId]);
  });

  it('新增时不能只给脱敏值', async () => {
    await refused('eval_org', '/fil/evaluation/addFilEvaluation', { name: '某人', idNumber: maskIdNumber(ID), mobile: MOBILE }, 400, '请输入完整的身份证号');
  });
});

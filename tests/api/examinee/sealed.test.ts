// 考生的身份证号、手机号加密存放（SM4，库里是 s1. 密文）：查重、按号码查找走盲索引；名单、详情与导出默认脱敏，
// 看全须有 examinee.unmask、选理由，每次记访问日志（查看与导出各一行）。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { readWorkbook, sheetValues } from '../../helpers/xlsx';
import { authHeaders } from '../access/login-helper';
import type { Db } from '@/lib/platform/db/client';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { type ExamPlan } from '@/lib/domains/exaPlan/tables';
import { examinees } from '@/lib/domains/examinee/tables';
import { dataAccessLogs } from '@/lib/domains/privacy/tables';
import { DEMO_ROLES } from '@/db/seed/roles';
import type { ExamineeItem } from '@/lib/domains/examinee/schemas';
import type { ExamineePage } from '@/lib/domains/examinee/service';
import { ELECTRICIAN, fixRequirements, HEADER, idNo, makePlan, person, upload, workbook } from './helpers';
import { rawRows as rawRowsOf } from '@/tests/helpers/raw-rows';

const { db: getDb } = setupTestDb();
let db: Db;
const rawRows = <T>(query: SQL): Promise<T[]> => rawRowsOf<T>(db, query);
const h: Record<string, Record<string, string>> = {};
let plan: ExamPlan;
const ID = idNo(501, '19880315');
const MOBILE = '13912345678';
/** 同一个号码的全角写法（x 小写）：盲索引归一化后相同 */
const fullWidth = (v: string) => v.replace(/[0-9X]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).toLowerCase();

const save = (json: Record<string, unknown>) =>
  call<ExamineeItem>('POST', '/examaff/student/saveStudent', { headers: h.eval_org, json: { planId: plan.id, name: '加密考生', mobile: MOBILE, workCode: ELECTRICIAN, level: 4, workYears: 5, ...json } });
const list = (account: string, json: Record<string, unknown> = {}) => call<ExamineePage>('POST', '/examaff/student/selectExaPlanStudent', { headers: h[account], json: { planId: plan.id, ...json } });
const logs = () => db.select().from(dataAccessLogs).where(and(eq(dataAccessLogs.resource, 'examinee'), eq(dataAccessLogs.entityId, plan.id))).orderBy(asc(dataAccessLogs.id));

let savedId: number;

beforeAll(async () => {
  db = await getDb();
  for (const a of ['eval_org', 'sjz_admin']) h[a] = await authHeaders(a);
  await fixRequirements(db);
  plan = await makePlan(db);
  const r = await save({ idNumber: ID });
  expect(r.status).toBe(200);
  savedId = r.body.data.id;
});

describe('考生：库里是密文，查找与查重走盲索引', () => {
  it('身份证号与手机号在库里是 s1. 密文（不含明文数字），盲索引是 HMAC', async () => {
    const raw = await rawRows<{ id_number: string; mobile: string; id_number_bidx: string }>(sql`select id_number, mobile, id_number_bidx from examinee where id = ${savedId}`);
    const row = raw[0];
    expect(row.id_number.startsWith('s1.')).toBe(true);
    expect(row.mobile.startsWith('s1.')).toBe(true);
    expect(row.id_number).not.toContain(ID.slice(6, 14));
    expect(row.mobile).not.toContain(MOBILE.slice(3));
    expect(row.id_number_bidx).toBe(blindIndex('idNumber', ID));
    // 经 Drizzle 读出即解密
    const [e] = await db.select().from(examinees).where(eq(examinees.id, savedId));
    expect(e).toMatchObject({ idNumber: ID, mobile: MOBILE });
  });

  it('同一人同一工种再报（含全角写法）仍 409；导入同一号码的行也被拒绝', async () => {
    const again = await save({ idNumber: ID, name: '重复' });
    expect(again.status).toBe(409);
    expect(again.body.returnMsg).toContain('同一人在一个计划的一个工种只能报考一次');
    const wide = await save({ idNumber: fullWidth(ID), name: '全角重复' });
    expect(wide.status).toBe(409);
    const row = person(501);
    row[1] = ID;
    const file = await workbook([HEADER, row]);
    const res = await upload(h.eval_org, '/examaff/student/impStu', { planId: String(plan.id), file });
    expect(res.status).toBe(400);
    const [{ n }] = await rawRows<{ n: number }>(sql`select count(*)::int as n from examinee where plan_id = ${plan.id}`);
    expect(n).toBe(1);
  });

  it('按完整号码查找（全角也找得到），不再按前几位模糊查找', async () => {
    expect((await list('eval_org', { idNumber: ID })).body.data.list.map((r) => r.id)).toEqual([savedId]);
    expect((await list('eval_org', { idNumber: fullWidth(ID) })).body.data.list.map((r) => r.id)).toEqual([savedId]);
    expect((await list('eval_org', { idNumber: ID.slice(0, 10) })).body.data.list).toEqual([]);
  });
});

describe('考生：默认脱敏，看全须有权限、给理由、记日志', () => {
  it('名单、详情与导出默认脱敏（6+4、3+4），不记访问日志', async () => {
    const page = (await list('eval_org')).body.data;
    expect(page).toMatchObject({ masked: true, canUnmask: true });
    expect(page.list[0]).toMatchObject({ idNumber: `${ID.slice(0, 6)}********${ID.slice(-4)}`, mobile: `139****5678` });
    const detail = await call<ExamineeItem>('POST', '/examaff/student/selectStudentPer', { headers: h.eval_org, json: { id: savedId } });
    expect(detail.body.data.idNumber).toContain('*');
    const file = await call('POST', '/examaff/student/exportStudent', { headers: h.eval_org, json: { planId: plan.id } });
    expect(file.status).toBe(200);
    const rows = sheetValues((await readWorkbook(await file.res.arrayBuffer())).worksheets[0]);
    expect(rows[1][1]).toContain('*');
    expect(rows[1][4]).toBe('139****5678');
    expect(await logs()).toEqual([]);
  });

  it('没有 examinee.unmask（市级管理员只有查看导出）403；没选理由 400；都不写日志', async () => {
    expect(DEMO_ROLES.find((r) => r.code === 'CITY_ADMIN')!.grants.examinee).toBeUndefined();
    const city = await list('sjz_admin');
    expect(city.body.data.canUnmask).toBe(false);
    expect((await list('sjz_admin', { unmask: true, reason: 'verify' })).status).toBe(403);
    expect((await call('POST', '/examaff/student/exportStudent', { headers: h.sjz_admin, json: { planId: plan.id, unmask: true, reason: 'verify' } })).status).toBe(403);
    const noReason = await list('eval_org', { unmask: true });
    expect(noReason.status).toBe(400);
    expect(noReason.body.returnMsg).toBe('请选择查看完整个人信息的理由');
    expect(await logs()).toEqual([]);
  });

  it('有权限并选了理由：名单、详情与导出给全号，各记一行访问日志', async () => {
    const page = (await list('eval_org', { unmask: true, reason: 'verify' })).body.data;
    expect(page.masked).toBe(false);
    expect(page.list[0]).toMatchObject({ idNumber: ID, mobile: MOBILE });
    const detail = await call<ExamineeItem>('POST', '/examaff/student/selectStudentPer', { headers: h.eval_org, json: { id: savedId, unmask: true, reason: 'dispute' } });
    expect(detail.body.data.idNumber).toBe(ID);
    const file = await call('POST', '/examaff/student/exportStudent', { headers: h.eval_org, json: { planId: plan.id, unmask: true, reason: 'other', reasonNote: '考点核对身份' } });
    expect(file.status).toBe(200);
    const rows = sheetValues((await readWorkbook(await file.res.arrayBuffer())).worksheets[0]);
    expect(rows[1][1]).toBe(ID);
    const written = await logs();
    expect(written.map((l) => [l.action, l.reason, l.account])).toEqual([
      ['view', 'verify', 'eval_org'],
      ['view', 'dispute', 'eval_org'],
      ['export', 'other', 'eval_org'],
    ]);
    expect(written[1].recordIds).toEqual([savedId]);
  });

  it('编辑表单原样传回脱敏值时保留库里的号码；输入完整的新号码时替换', async () => {
    const masked = (await list('eval_org')).body.data.list[0];
    const kept = await save({ id: savedId, idNumber: masked.idNumber, mobile: masked.mobile, name: '改了姓名' });
    expect(kept.status).toBe(200);
    const [e] = await db.select().from(examinees).where(eq(examinees.id, savedId));
    expect(e).toMatchObject({ name: '改了姓名', idNumber: ID, mobile: MOBILE, idNumberIndex: blindIndex('idNumber', ID) });
    const NEW = idNo(502, '19880315');
    expect((await save({ id: savedId, idNumber: NEW, mobile: '13700001111' })).status).toBe(200);
    const [after] = await db.select().from(examinees).where(eq(examinees.id, savedId));
    expect(after).toMatchObject({ idNumber: NEW, mobile: '13700001111', idNumberIndex: blindIndex('idNumber', NEW) });
    // 新增时不能用脱敏值
    const bad = await save({ idNumber: masked.idNumber, name: '新人' });
    expect(bad.status).toBe(400);
    expect(bad.body.returnMsg).toBe('请输入完整身份证号');
  });
});

// 个人信息默认脱敏、看全须有 unmask 权限并给出理由、每次看全都记访问日志：以财务的拨付名单为例（银行拨付要完整证件号）。
// 没有 unmask 权限 403、没选理由 400（一行日志也不写）；查看与导出各记一行（谁、哪份申请、哪些人、理由）；系统管理员看得到访问日志。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import type { Db } from '@/lib/platform/db/client';
import { dataAccessLogs } from '@/lib/domains/privacy/tables';
import { subsidyApplies, subsidyItems } from '@/lib/domains/subsidy/tables';
import { APPLY_STATUS, DECISION } from '@/lib/domains/subsidy/transitions';
import { DEMO_ROLES } from '@/db/seed/roles';
import { h, login, ok, refused } from '../trainClass/helpers';
import { revokeActions } from './helpers';

const { db: getDb } = setupTestDb();
let db: Db;
let applyId: number;
let applyCode: string;
let fullIds: string[];
let itemIds: number[];

interface PaymentList {
  code: string;
  rows: { name: string; idNumber: string; bankAccount: string; amount: number }[];
  masked: boolean;
  canUnmask: boolean;
}

const logs = () => db.select().from(dataAccessLogs).where(eq(dataAccessLogs.entityId, applyId)).orderBy(asc(dataAccessLogs.id));

beforeAll(async () => {
  db = await getDb();
  await login('sjz_admin', 'bd_admin', 'train_org', 'admin');
  const [a] = await db.select().from(subsidyApplies).where(and(eq(subsidyApplies.status, APPLY_STATUS.PAID), eq(subsidyApplies.cityId, 130100))).orderBy(asc(subsidyApplies.id)).limit(1);
  applyId = a.id;
  applyCode = a.code;
  const items = await db.select().from(subsidyItems).where(and(eq(subsidyItems.applyId, a.id), eq(subsidyItems.decision, DECISION.APPROVED))).orderBy(asc(subsidyItems.id));
  expect(items.length).toBeGreaterThan(0);
  fullIds = items.map((i) => i.idNumber);
  itemIds = items.map((i) => i.id);
});

async function sheetIds(bytes: ArrayBuffer): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes);
  const ws = wb.worksheets[0];
  const out: string[] = [];
  ws.eachRow((row, n) => {
    if (n > 1 && row.getCell(1).value !== '合计') out.push(String(row.getCell(3).value));
  });
  return out;
}

describe('拨付名单：默认脱敏，看全须有权限、给理由、记日志', () => {
  it('默认脱敏：界面与导出都不给全号，不记访问日志；演示角色中付款的市级管理员有 unmask', async () => {
    expect(DEMO_ROLES.find((r) => r.code === 'CITY_ADMIN')!.grants.subsidyFinance).toBe('*');
    const list = await ok<PaymentList>('sjz_admin', '/subsidy/paymentList', { id: applyId });
    expect(list.masked).toBe(true);
    expect(list.canUnmask).toBe(true);
    expect(list.rows.map((r) => r.idNumber).every((v, i) => v.includes('*') && v !== fullIds[i])).toBe(true);
    const file = await call('GET', '/subsidy/exportPaymentList', { headers: h.sjz_admin, query: { id: String(applyId) } });
    expect(file.status).toBe(200);
    expect((await sheetIds(await file.res.arrayBuffer())).every((v) => v.includes('*'))).toBe(true);
    expect(await logs()).toEqual([]);
  });

  it('看全：没选理由、“其他”没写说明都 400，一行日志也不写', async () => {
    await refused('sjz_admin', '/subsidy/paymentList', { id: applyId, unmask: true }, 400, '请选择查看完整个人信息的理由');
    await refused('sjz_admin', '/subsidy/paymentList', { id: applyId, unmask: true, reason: 'other' }, 400, '理由为“其他”时请写明说明');
    await refused('sjz_admin', '/subsidy/paymentList', { id: applyId, unmask: true, reason: 'curious' }, 400);
    expect(await logs()).toEqual([]);
  });

  it('查看与导出完整名单各记一行访问日志：谁、哪份申请、哪些人、理由', async () => {
    const list = await ok<PaymentList>('sjz_admin', '/subsidy/paymentList', { id: applyId, unmask: true, reason: 'payment' });
    expect(list.masked).toBe(false);
    expect(list.rows.map((r) => r.idNumber)).toEqual(fullIds);
    const file = await call('POST', '/subsidy/exportPaymentList', { headers: h.sjz_admin, json: { id: applyId, unmask: true, reason: 'other', reasonNote: '银行退回，重新核对账户' } });
    expect(file.status).toBe(200);
    expect(await sheetIds(await file.res.arrayBuffer())).toEqual(fullIds);

    const rows = await logs();
    expect(rows.map((r) => [r.account, r.resource, r.action, r.entity, r.entityId, r.recordIds, r.recordCount, r.reason, r.reasonNote, r.cityId])).toEqual([
      ['sjz_admin', 'subsidyFinance', 'view', 'subsidy_apply', applyId, itemIds, itemIds.length, 'payment', null, 130100],
      ['sjz_admin', 'subsidyFinance', 'export', 'subsidy_apply', applyId, itemIds, itemIds.length, 'other', '银行退回，重新核对账户', 130100],
    ]);
    expect(rows[0].detail).toBe(`拨付名单 ${applyCode}`);

    // 系统管理员看访问日志；市级管理员没有这个菜单
    const page = await ok<{ list: { account: string; actionName: string; reasonName: string; entityId: number }[]; total: number }>('admin', '/sys/dataAccessLog/list', { entity: 'subsidy_apply', entityId: applyId });
    expect(page.list.map((r) => [r.account, r.actionName, r.reasonName])).toEqual([
      ['sjz_admin', '导出', '其他'],
      ['sjz_admin', '查看', '银行拨付'],
    ]);
    await refused('sjz_admin', '/sys/dataAccessLog/list', {}, 403);
  });

  it('没有 unmask 权限：仍可看脱敏的名单，看全 403、不记日志；机构 403；别的市 404', async () => {
    await revokeActions(db, 'CITY_ADMIN', 'subsidyFinance', ['unmask']);
    await login('sjz_admin');
    const before = (await logs()).length;
    const list = await ok<PaymentList>('sjz_admin', '/subsidy/paymentList', { id: applyId });
    expect([list.masked, list.canUnmask]).toEqual([true, false]);
    await refused('sjz_admin', '/subsidy/paymentList', { id: applyId, unmask: true, reason: 'payment' }, 403, '没有查看完整个人信息的权限');
    const file = await call('POST', '/subsidy/exportPaymentList', { headers: h.sjz_admin, json: { id: applyId, unmask: true, reason: 'payment' } });
    expect(file.status).toBe(403);
    expect((await logs()).length).toBe(before);

    await refused('train_org', '/subsidy/paymentList', { id: applyId }, 403);
    await refused('bd_admin', '/subsidy/paymentList', { id: applyId, unmask: true, reason: 'payment' }, 404);
  });
});

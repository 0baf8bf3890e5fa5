// 培训工种补贴标准的 Excel 导入（全有或全无、错误工作簿、与已有版本或文件内的行重叠、市级只能导入本市）与补贴模块各列表的导出。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { readWorkbook, sheetValues, xlsxFile, type SheetData } from '../../helpers/xlsx';
import type { Db } from '@/lib/platform/db/client';
import { subsidyStandards } from '@/lib/domains/subsidy/tables';
import type { StandardItem } from '@/lib/domains/subsidy/schemas';
import { h, login, ok } from '../trainClass/helpers';
import { mainClass } from './helpers';

const { db: getDb } = setupTestDb();
let db: Db;
let work: string;
let level: number;
let seededYear: number;

const HEADER = ['市', '工种编码', '等级', '每人金额（元）', '出勤比例（%）', '生效日期', '失效日期', '备注'];

async function upload(who: string, rows: SheetData) {
  const form = new FormData();
  form.set('file', await xlsxFile(rows), 'standards.xlsx');
  return call<{ total: number; errorCount: number; errors: { row: number; column: string; message: string }[]; errorFileUrl: string }>('POST', '/subsidy/importWorkStandard', { headers: h[who], form });
}

const workCount = async () => Number((await db.select({ n: count() }).from(subsidyStandards).where(eq(subsidyStandards.kind, 'work')))[0].n);

beforeAll(async () => {
  db = await getDb();
  await login('admin', 'sjz_admin', 'train_org');
  const m = await mainClass(db);
  work = m.klass.workCode;
  level = m.klass.level;
  seededYear = Number(m.klass.endDate.slice(0, 4));
});

describe('培训工种补贴标准导入', () => {
  it('有错的行逐行报告（工种不存在、与已有版本重叠、与本文件前面的行重叠、跨年度、缺市），一行也不写；错误工作簿可下载', async () => {
    const before = await workCount();
    const { status, body } = await upload('admin', [
      HEADER,
      ['石家庄市', work, String(level), '1800', '80', '2040-01-01', '2040-06-30', '正确的行'],
      ['石家庄市', '9-99-99-99', '五级', '1000', '', '2040-01-01', '2040-12-31', ''],
      ['130100', work, String(level), '1000', '', `${seededYear}-03-01`, `${seededYear}-05-31`, ''],
      ['石家庄市', work, String(level), '1900', '', '2040-06-01', '2040-12-31', ''],
      ['保定市', work, String(level), '1900', '', '2040-06-01', '2041-01-31', ''],
      ['', work, String(level), '1900', '', '2042-01-01', '2042-12-31', ''],
      ['没有的市', work, String(level), '1900', '', '2043-01-01', '2043-12-31', ''],
    ]);
    expect(status).toBe(400);
    const errors = body.data.errors.map((e) => `${e.row}|${e.column}|${e.message}`);
    expect(errors).toEqual(
      expect.arrayContaining([
        '3|工种编码|工种 9-99-99-99 不在职业目录中',
        expect.stringMatching(new RegExp(`^4\\|生效日期\\|与已有的第 \\d+ 版（${seededYear}-01-01 至 ${seededYear}-12-31）有效期重叠$`)),
        '5|生效日期|与第 2 行的有效期重叠',
        '6|失效日期|须与生效日期在同一年度内',
        '7|市|请填写市',
        '8|市|没有这个市：没有的市',
      ]),
    );
    expect(body.data.errorCount).toBe(6);
    expect(await workCount()).toBe(before);
    const file = await call('GET', body.data.errorFileUrl.replace(/^\/api/, ''), { headers: h.admin });
    const sheet = sheetValues((await readWorkbook(await file.res.arrayBuffer())).worksheets[0]);
    expect(sheet[0]).toContain('错误原因');
  });

  it('全部正确时写入，版本号接着已有的；没有导入权限 403；模板可下载', async () => {
    const { status, body } = await upload('admin', [HEADER, ['石家庄市', work, '五级', '1200', '', '2044-01-01', '2044-06-30', ''], ['130600', work, '5', '1100', '90', '2044-01-01', '2044-12-31', '']]);
    expect(status, body.returnMsg).toBe(200);
    expect(body.data).toEqual({ total: 2 });
    const mine = await ok<{ list: StandardItem[] }>('sjz_admin', '/subsidy/listStandard', { kind: 'work', year: 2044 });
    expect(mine.list.map((s) => [s.subject, s.amount, s.minAttendance, s.validTo])).toEqual([[`${work}:5`, 1200, 80, '2044-06-30']]);

    // 演示角色里只有省级维护补贴标准：市级管理员没有导入权限
    expect((await upload('sjz_admin', [HEADER, ['', work, '五级', '1000', '', '2045-01-01', '2045-12-31', '']])).status).toBe(403);
    const next = await upload('admin', [HEADER, ['石家庄市', work, '五级', '1300', '', '2044-07-01', '2044-12-31', '下半年']]);
    expect(next.status, next.body?.returnMsg).toBe(200);
    const versions = await db.select({ v: subsidyStandards.version, from: subsidyStandards.validFrom }).from(subsidyStandards).where(and(eq(subsidyStandards.kind, 'work'), eq(subsidyStandards.cityId, 130100), eq(subsidyStandards.subject, `${work}:5`)));
    const v2044 = versions.filter((x) => x.from.startsWith('2044')).map((x) => x.v);
    expect(v2044[1]).toBe(v2044[0] + 1);

    expect((await upload('train_org', [HEADER])).status).toBe(403);
    const template = await call('GET', '/subsidy/importWorkStandard/template', { headers: h.admin });
    expect(template.status).toBe(200);
    expect(sheetValues((await readWorkbook(await template.res.arrayBuffer())).worksheets[0])[0]).toEqual(expect.arrayContaining(['市', '*工种编码', '*等级']));
  });
});

describe('导出', () => {
  const xlsxRows = async (who: string, path: string, json: unknown) => {
    const r = await call('POST', path, { headers: h[who], json });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/spreadsheetml/);
    return sheetValues((await readWorkbook(await r.res.arrayBuffer())).worksheets[0]);
  };

  it('补贴标准、资金账户、培训券按筛选与范围导出，行数与列表一致；没有导出权限 403', async () => {
    const standards = await ok<{ total: number }>('admin', '/subsidy/listStandard', { kind: 'work', year: seededYear });
    const s = await xlsxRows('admin', '/subsidy/exportStandard', { kind: 'work', year: seededYear });
    expect(s[0].slice(0, 2)).toEqual(['市', '对象']);
    expect(s.length - 1).toBe(standards.total);

    const accounts = await ok<{ total: number }>('sjz_admin', '/fundAccount/list', {});
    const a = await xlsxRows('sjz_admin', '/fundAccount/export', {});
    expect(a.length - 1).toBe(accounts.total);
    expect(a.slice(1).every((r) => r[1] === '石家庄市')).toBe(true);

    const coupons = await ok<{ total: number }>('sjz_admin', '/coupon/list', {});
    const c = await xlsxRows('sjz_admin', '/coupon/export', {});
    expect(c.length - 1).toBe(coupons.total);
    expect(c.slice(1).every((r) => String(r[2]).includes('*'))).toBe(true);

    expect((await call('POST', '/fundAccount/export', { headers: h.train_org, json: {} })).status).toBe(403);
    expect((await call('POST', '/coupon/export', { headers: h.train_org, json: {} })).status).toBe(403);
  });
});

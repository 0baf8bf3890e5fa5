// 账号导入（全有或全无，错误工作簿）与导出（筛选后的行）。
import { describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { readWorkbook, sheetValues, xlsxFile, type SheetData } from '../../helpers/xlsx';
import { users } from '@/lib/domains/user/tables';
import { fresh, headersFor, login, post, type AccountRow, type Paged } from './helpers';

const { db: getDb } = setupTestDb();
const as = headersFor();

const HEADER = ['账号', '姓名', '手机号', '邮箱', '初始密码', '角色编码', '机构编码', '区划代码'];
const person = (over: Partial<Record<'account' | 'mobile' | 'role' | 'org' | 'area', string>> = {}): SheetData[number] => {
  const f = fresh('imp');
  return [over.account ?? f.account, '导入用户', over.mobile ?? f.mobile, null, 'Imp@2026x', over.role ?? 'TEACHER', over.org ?? 'ORG130105001', over.area ?? null];
};

async function upload(who: string, rows: SheetData) {
  const form = new FormData();
  form.set('file', await xlsxFile([HEADER, ...rows]), 'accounts.xlsx');
  return call<{ total: number; errorCount: number; errors: { row: number; column: string; message: string }[]; errorFileUrl: string }>(
    'POST',
    '/account/impAccount',
    { headers: await as(who), form },
  );
}

async function existing(accounts: string[]) {
  const db = await getDb();
  return (await db.select({ account: users.account }).from(users).where(inArray(users.account, accounts))).map((r) => r.account);
}

describe('账号导入', () => {
  it('模板含各列', async () => {
    const res = await call('GET', '/account/impAccount/template', { headers: await as('admin') });
    expect(res.status).toBe(200);
    const wb = await readWorkbook(await res.res.arrayBuffer());
    expect(sheetValues(wb.worksheets[0])[0]).toEqual(['*账号', '*姓名', '手机号', '邮箱', '*初始密码', '*角色编码', '机构编码', '区划代码']);
  });

  it('中间一行手机号不对：一个也不写，返回错误工作簿', async () => {
    const rows = [person(), person({ mobile: '12345' }), person()];
    const { status, body } = await upload('admin', rows);
    expect(status).toBe(400);
    expect(body.returnMsg).toBe('导入失败：第 3 行「手机号」：手机号格式有误，请重新输入；共 1 处错误，请下载错误工作簿修改后重新导入');
    expect(await existing(rows.map((r) => r[0] as string))).toEqual([]);

    const file = await call('GET', body.data.errorFileUrl.replace(/^\/api/, ''), { headers: await as('admin') });
    expect(file.status).toBe(200);
    const sheet = sheetValues((await readWorkbook(await file.res.arrayBuffer())).worksheets[0]);
    expect(sheet[0]).toContain('错误原因');
    expect(sheet[2].join('|')).toContain('手机号格式有误');
  });

  it('重复账号（文件内与库中）、未知角色、越级角色、范围外机构：逐行报告，一个也不写', async () => {
    const dupInFile = fresh('dup').account;
    // 市级管理员能完整授予的角色是“普通用户”；教师角色里有它本人没有的权限
    const basic = { role: 'BASIC_USER' };
    const rows = [
      person({ ...basic, account: dupInFile }),
      person({ ...basic, account: dupInFile }),
      person({ ...basic, account: 'teacher' }),
      person({ role: 'NO_SUCH_ROLE' }),
      person({ role: 'PROVINCE_ADMIN' }),
      person({ ...basic, org: 'ORG130606001' }),
      person({ role: 'TEACHER' }),
      person(basic),
    ];
    const { status, body } = await upload('sjz_admin', rows);
    expect(status).toBe(400);
    const errors = body.data.errors.map((e) => `${e.row}|${e.column}|${e.message}`);
    expect(errors).toEqual(
      expect.arrayContaining([
        '3|账号|与第 2 行重复',
        '4|账号|账号已存在',
        '5|角色编码|角色不存在：NO_SUCH_ROLE',
        '6|角色编码|不能分配高于本人层级的角色「省级管理员」',
        '7|机构编码|只能在您的管辖范围内建账号',
        expect.stringMatching(/^8\|角色编码\|不能分配角色「教师」：其中有您本人没有的权限/),
      ]),
    );
    expect(body.data.errorCount).toBe(6);
    expect(await existing([dupInFile, rows[7][0] as string])).toEqual([]);
  });

  it('全部正确：建出账号并授予角色，可以登录', async () => {
    const rows = [person(), person({ role: 'TEACHER,SUPERVISOR', org: '', area: '130100' })];
    const { status, body } = await upload('admin', rows);
    expect(status).toBe(200);
    expect(body.data).toEqual({ total: 2 });
    const list = await post<Paged<AccountRow>>('/account/listUsers', await as('admin'), { account: 'imp_', pageSize: 100 });
    const byAccount = new Map(list.body.data.list.map((r) => [r.account, r]));
    expect(byAccount.get(rows[0][0] as string)).toMatchObject({ orgName: '石家庄市新华区明德职业培训学校', level: 'org', roles: [{ name: expect.any(String) }] });
    const second = byAccount.get(rows[1][0] as string)!;
    expect(second).toMatchObject({ level: 'city', areaId: 130100, orgId: null });
    expect(second.roles).toHaveLength(2);
    expect((await login(rows[0][0] as string, 'Imp@2026x')).status).toBe(200);
  });

  it('没有导入权限：403', async () => {
    expect((await upload('teacher', [person()])).status).toBe(403);
  });
});

describe('账号导出', () => {
  it('导出筛选后的行：与列表一致，市级管理员只导出本市', async () => {
    const filter = { areaId: 130100 };
    const listed = await post<Paged<AccountRow>>('/account/listUsers', await as('admin'), { ...filter, pageSize: 100 });
    const res = await call('POST', '/account/export', { headers: await as('admin'), json: filter });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = sheetValues((await readWorkbook(await res.res.arrayBuffer())).worksheets[0]);
    expect(rows[0].slice(0, 4)).toEqual(['账号', '用户名', '真实姓名', '手机号']);
    expect(rows.slice(1).map((r) => r[0]).sort()).toEqual(listed.body.data.list.map((r) => r.account).sort());
    const teacher = rows.find((r) => r[0] === 'teacher')!;
    expect(teacher).toEqual(expect.arrayContaining(['教师', '机构', '新华区', '石家庄市新华区明德职业培训学校', '正常']));

    const city = await call('POST', '/account/export', { headers: await as('bd_admin'), json: {} });
    const cityRows = sheetValues((await readWorkbook(await city.res.arrayBuffer())).worksheets[0]).slice(1);
    expect(cityRows.map((r) => r[0])).toContain('bd_admin');
    expect(cityRows.map((r) => r[0])).not.toContain('teacher');
    expect((await call('POST', '/account/export', { headers: await as('teacher'), json: {} })).status).toBe(403);
  });
});

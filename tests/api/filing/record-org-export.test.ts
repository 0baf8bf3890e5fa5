// 备案机构库导出：按筛选与数据范围导出 .xlsx；没有导出权限答 403。
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { readWorkbook, sheetValues } from '../../helpers/xlsx';
import { authHeaders } from '../access/login-helper';

setupTestDb();

const h: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  for (const a of ['admin', 'sjz_admin', 'teacher']) h[a] = await authHeaders(a);
});

async function exported(account: string, json: Record<string, unknown> = {}) {
  const { status, res } = await call('POST', '/org/exportBaseRecordOrg', { headers: h[account], json });
  expect(status).toBe(200);
  const ws = (await readWorkbook(await res.arrayBuffer())).worksheets[0];
  const [header, ...rows] = sheetValues(ws);
  return { header, rows };
}

describe('备案机构库导出', () => {
  it('省级按筛选导出，条数与列表一致', async () => {
    const list = await call<{ total: number }>('POST', '/org/listBaseRecordOrg', { headers: h.admin, json: { pageSize: 1 } });
    const { header, rows } = await exported('admin');
    expect(header).toEqual(expect.arrayContaining(['机构名称', '统一社会信用代码', '机构类型', '所在市']));
    expect(rows.length).toBe(list.body.data.total);
  });

  it('市级只导出本市的', async () => {
    const { header, rows } = await exported('sjz_admin');
    const city = header.indexOf('所在市');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r[city] === '石家庄市')).toBe(true);
  });

  it('没有导出权限答 403', async () => {
    expect((await call('POST', '/org/exportBaseRecordOrg', { headers: h.teacher, json: {} })).status).toBe(403);
  });
});

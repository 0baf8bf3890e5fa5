// 已备案场所（comApi/getFilSiteArray）：只列有效备案的场所，并按数据范围过滤。
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';

setupTestDb();

interface Site {
  name: string;
  siteType: string;
  orgName: string;
  filingId: number;
}

const h: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  for (const a of ['admin', 'sjz_admin', 'eval_org']) h[a] = await authHeaders(a);
});

const sites = (account: string, json: Record<string, unknown> = {}) => call<Site[]>('POST', '/comApi/getFilSiteArray', { headers: h[account], json });

describe('已备案场所', () => {
  it('只列有效备案（审核完成、作废在审、作废被驳回）的场所', async () => {
    const { status, body } = await sites('admin');
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    const filingIds = [...new Set(body.data.map((s) => s.filingId))];
    for (const id of filingIds) {
      const detail = await call<{ status: number }>('POST', '/fil/info/filInfoView', { headers: h.admin, json: { id } });
      expect([8, 4, 7]).toContain(detail.body.data.status);
    }
  });

  it('机构用户只看到本机构的；市级只看到本市的；可按场所类型筛选', async () => {
    const own = await sites('eval_org');
    expect(own.body.data.length).toBeGreaterThan(0);
    expect(new Set(own.body.data.map((s) => s.orgName))).toEqual(new Set(['河北华元职业技能评价有限公司']));

    const city = await sites('sjz_admin');
    const all = await sites('admin');
    expect(city.body.data.length).toBeLessThan(all.body.data.length);
    expect(city.body.data.every((s) => !s.orgName.includes('保定'))).toBe(true);

    const exam = await sites('admin', { siteType: 'examSite' });
    expect(exam.body.data.length).toBeGreaterThan(0);
    expect(exam.body.data.every((s) => s.siteType === 'examSite')).toBe(true);
  });

  it('未登录 401；参数不对给出中文提示', async () => {
    expect((await call('POST', '/comApi/getFilSiteArray', { json: {} })).status).toBe(401);
    const bad = await sites('admin', { siteType: 'room' });
    expect(bad.status).toBe(400);
    expect(bad.body.returnMsg).toContain('场所类型');
  });
});

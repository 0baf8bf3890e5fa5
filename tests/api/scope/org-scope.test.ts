// 数据范围：两个市级管理员（石家庄、保定）只看到本市的机构，对方的机构答 404；省级看全省；机构用户只看本机构。
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import type { OrgItem } from '@/lib/domains/org/schemas';
import { listOrganisations, getOrganisation } from '@/lib/domains/org/service';
import { fakeUser } from '../../helpers/session';
import { authHeaders } from '../access/login-helper';
import { eq } from 'drizzle-orm';
import { nameContains, orgCodesWhere, organisations } from '../../helpers/orgs';

const { db } = setupTestDb();

interface Paged<T> {
  list: T[];
  total: number;
}

const SJZ_EVAL = 'ORG130102001';
const BD_EVAL = 'ORG130606001';

const h: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  for (const a of ['admin', 'sjz_admin', 'bd_admin', 'eval_org', 'train_org']) h[a] = await authHeaders(a);
});

const codes = (l: OrgItem[]) => l.map((o) => o.code).sort();
const list = async (account: string, query: Record<string, string | number> = {}) =>
  call<Paged<OrgItem>>('GET', '/sys/orgination/list', { headers: h[account], query: { pageSize: 100, ...query } });
const detail = async (account: string, code: string) => call<OrgItem>('GET', '/sys/orgination/detail', { headers: h[account], query: { code } });

describe('数据范围：机构', () => {
  it('石家庄管理员只看到石家庄的机构', async () => {
    const { status, body } = await list('sjz_admin');
    expect(status).toBe(200);
    expect(body.data.list.every((o) => o.cityId === 130100 && o.cityName === '石家庄市')).toBe(true);
    expect(codes(body.data.list)).toEqual(await orgCodesWhere(await db(), eq(organisations.cityId, 130100)));
    expect(body.data.list.map((o) => o.name)).toEqual(expect.arrayContaining(['河北华元职业技能评价有限公司', '石家庄市新华区明德职业培训学校', '石家庄恒瑞精密机械制造有限公司']));
  });

  it('保定管理员只看到保定的机构', async () => {
    const { body } = await list('bd_admin');
    expect(body.data.list.every((o) => o.cityId === 130600)).toBe(true);
    expect(codes(body.data.list)).toEqual(await orgCodesWhere(await db(), eq(organisations.cityId, 130600)));
  });

  it('对方城市的机构详情答 404（与不存在的编码一样），本市的可以看', async () => {
    const cross = await detail('sjz_admin', BD_EVAL);
    expect(cross.status).toBe(404);
    expect(cross.body.returnMsg).toBe('机构不存在或不在您的管辖范围内');
    expect((await detail('bd_admin', SJZ_EVAL)).status).toBe(404);
    expect((await detail('sjz_admin', 'ORG_NO_SUCH')).body.returnMsg).toBe(cross.body.returnMsg);
    const own = await detail('sjz_admin', SJZ_EVAL);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({
      code: SJZ_EVAL,
      name: '河北华元职业技能评价有限公司',
      category: 'eval',
      categoryName: '评价机构',
      orgType: 3,
      orgTypeName: '社会培训评价组织',
      areaId: 130102,
      areaName: '长安区',
      cityName: '石家庄市',
      statusName: '正常',
    });
    expect(own.body.data.unifiedSocialCreditCode).toHaveLength(18);
  });

  it('筛选条件不能越出范围：石家庄管理员按保定筛选得到空列表', async () => {
    const { body } = await list('sjz_admin', { cityId: 130600 });
    expect(body.data).toMatchObject({ total: 0, list: [] });
  });

  it('省级管理员看到全省的全部机构，并可按市、类别与名称筛选', async () => {
    const d = await db();
    const all = await list('admin', { pageSize: 500 });
    // 演示数据遍及石家庄、保定、唐山、邯郸、廊坊、沧州；省厅这类管理单位不属于任何市
    expect(new Set(all.body.data.list.map((o) => o.cityId).filter((c) => c !== null))).toEqual(new Set([130100, 130600, 130200, 130400, 131000, 130900]));
    expect(all.body.data.total).toBe((await orgCodesWhere(d)).length);
    expect(codes((await list('admin', { cityId: 130900 })).body.data.list)).toEqual(await orgCodesWhere(d, eq(organisations.cityId, 130900)));
    const evals = await list('admin', { category: 'eval' });
    expect(evals.body.data.total).toBe((await orgCodesWhere(d, eq(organisations.category, 'eval'))).length);
    expect(evals.body.data.list.every((o) => o.category === 'eval')).toBe(true);
    expect(evals.body.data.list.map((o) => o.code)).toEqual(expect.arrayContaining([SJZ_EVAL, BD_EVAL]));
    const byName = await list('admin', { name: '培训学校' });
    expect(codes(byName.body.data.list)).toEqual(await orgCodesWhere(d, nameContains('培训学校')));
    expect(byName.body.data.total).toBeGreaterThan(0);
    expect((await detail('admin', BD_EVAL)).status).toBe(200);
  });

  it('机构用户只看到本机构', async () => {
    const { body } = await list('eval_org');
    expect(body.data.list.map((o) => o.code)).toEqual([SJZ_EVAL]);
    expect((await detail('eval_org', SJZ_EVAL)).status).toBe(200);
    // 同城的其他机构也看不到
    expect((await detail('eval_org', 'ORG130105001')).status).toBe(404);
    expect((await list('train_org')).body.data.list.map((o) => o.code)).toEqual(['ORG130105001']);
  });

  it('县级用户按县区看；层级缺少所属区划时什么也看不到', async () => {
    const d = await db();
    const page = { pageNo: 1, pageSize: 100, offset: 0 };
    const county = fakeUser({ level: 'county', areaId: 130602, cityId: 130600 });
    const inCounty = (await listOrganisations(d, county, {}, page)).list.map((o) => o.code).sort();
    expect(inCounty).toEqual(await orgCodesWhere(d, eq(organisations.areaId, 130602)));
    expect(inCounty).toContain('ORG130602001');
    await expect(getOrganisation(d, county, 'ORG130606001')).rejects.toMatchObject({ returnCode: 404 });
    const brokenCity = fakeUser({ level: 'city', cityId: null });
    expect((await listOrganisations(d, brokenCity, {}, page)).total).toBe(0);
  });

  it('筛选参数校验：类别不合法答 400', async () => {
    const { status, body } = await list('admin', { category: 'bank' });
    expect(status).toBe(400);
    expect(body.returnMsg).toContain('机构类别');
  });
});

// 统计页的固定路径（/v2/train/count/renci、/v2/train/count/uploadRenci 免登录；/v2/count/uploadRencixitong 须登录）的数据：
// 免登录页是全省各市的汇总，与省级管理员在接口上看到的数相同；每行只有地市名称与数字，不含任何学员的姓名、证件号、手机号；
// 须登录页按本人的范围。页面本身（未登录、权限、渲染）见 tests/e2e/issue26-exam.spec.ts。
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { setupTestDb } from '../../helpers/db';
import { STAT_SPECS } from '@/lib/domains/dashboard/columns';
import type { StatTable } from '@/lib/domains/dashboard/schemas';
import { pageYear, publicStatTable, scopedStatTable, STAT_PAGES } from '@/lib/domains/dashboard/stat-pages';
import { trainStudents } from '@/lib/domains/trainClass/tables';
import { certificates } from '@/lib/domains/certificate/tables';
import { get, login } from './helpers';

type Row = Record<string, string | number | null>;
const { db: getDb } = setupTestDb();
let db: Db;

beforeAll(async () => {
  db = await getDb();
  await login('admin', 'sjz_admin');
});

describe('免登录的统计页：全省各市的汇总数', () => {
  it.each([
    ['renci', '/v2/train/count/renci'],
    ['uploadRenci', '/v2/train/count/uploadRenci'],
  ] as const)('%s：与省级管理员经接口看到的各市数字与合计相同', async (name, api) => {
    const spec = STAT_SPECS[STAT_PAGES[name].key];
    const page = await publicStatTable(db, name, undefined);
    const admin = await get<StatTable<Row>>('admin', api);
    expect(page.list.map((r) => r.cityName)).toEqual(admin.list.map((r) => r.cityName));
    for (const c of spec.numbers) {
      expect(page.list.map((r) => r[c.key])).toEqual(admin.list.map((r) => r[c.key]));
      expect(page.totals[c.key]).toBe(admin.totals[c.key]);
    }
    expect(Number(page.totals.students)).toBeGreaterThan(0);
    // 按年度：与接口的同一年度相同
    const year = new Date().getFullYear();
    const byYear = await publicStatTable(db, name, year);
    expect(byYear.totals).toEqual({ ...(await get<StatTable<Row>>('admin', `${api}?year=${year}`)).totals, id: undefined });
  });

  it('每行只有名称列与数字列；没有任何学员的姓名、证件号或手机号', async () => {
    const people = await db.select({ name: trainStudents.name, idNumber: trainStudents.idNumber, mobile: trainStudents.mobile }).from(trainStudents);
    expect(people.length).toBeGreaterThan(10);
    for (const name of ['renci', 'uploadRenci'] as const) {
      const spec = STAT_SPECS[STAT_PAGES[name].key];
      const page = await publicStatTable(db, name, undefined);
      const allowed = [spec.label.key, ...spec.numbers.map((c) => c.key)].sort();
      for (const r of [...page.list, page.totals]) {
        expect(Object.keys(r).sort()).toEqual(allowed);
        for (const c of spec.numbers) expect(typeof r[c.key]).toBe('number');
      }
      const text = JSON.stringify(page);
      const leaked = people.filter((p) => text.includes(p.idNumber) || text.includes(p.mobile) || (p.name.length >= 2 && text.includes(p.name)));
      expect(leaked).toEqual([]);
    }
  });

  it('年度：地址里的 2000–2100 整数；其余为不限年度', () => {
    expect(pageYear('2025')).toBe(2025);
    expect(pageYear(['2024', '2025'])).toBe(2024);
    for (const bad of [undefined, '', 'abc', '1999', '2101', '2025.5']) expect(pageYear(bad as string | undefined), String(bad)).toBeUndefined();
  });
});

describe('须登录的统计页（国网上报人次）：按本人的范围', () => {
  it('省级为全省、市级只有本市；数与接口相同', async () => {
    const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(certificates).where(sql`${certificates.status} = 0`)) as { n: number }[];
    const province = await scopedStatTable(db, 'uploadRencixitong', { level: 'province', areaId: 130000, cityId: null, orgId: null }, undefined);
    expect(province.totals.certificates).toBe(n);
    const city = await scopedStatTable(db, 'uploadRencixitong', { level: 'city', areaId: 130100, cityId: 130100, orgId: null }, undefined);
    const api = await get<StatTable<Row>>('sjz_admin', '/v2/count/uploadRencixitong');
    expect(city.list).toHaveLength(1);
    expect(city.list[0].cityName).toBe(api.list[0].cityName);
    expect(city.totals.certificates).toBe(api.totals.certificates);
    expect(STAT_PAGES.uploadRencixitong.permission).toBe('uploadCount.query');
  });
});

// 年度目标任务：省级下达给市、市级分解到本市县区（分解之和不超过本市目标，说出还可分解多少）；范围；
// 完成情况由实际数据算出：补贴资金随财务审批通过而增加。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import type { Db } from '@/lib/platform/db/client';
import { areas } from '@/lib/domains/area/tables';
import { subsidyApplies } from '@/lib/domains/subsidy/tables';
import { APPLY_STATUS } from '@/lib/domains/subsidy/transitions';
import { h, login, ok, refused } from '../trainClass/helpers';
import { call } from '../../helpers/api';
import { apply, mainClass, picker, step } from './helpers';

const { db: getDb } = setupTestDb();
let db: Db;

interface Target {
  id: number;
  year: number;
  cityId: number;
  countyId: number | null;
  budget: number;
  actualTrained: number;
  actualSubsidy: number;
  statusName: string;
  actions: string[];
}

beforeAll(async () => {
  db = await getDb();
  await login('sjz_admin', 'bd_admin', 'admin', 'train_org');
});

describe('下达与分解', () => {
  it('省级下达给市；市级分解到本市县区，超出本市目标时说出还可分解多少；别的市的县区 404；市级不能下达', async () => {
    const [c1, c2] = await db.select().from(areas).where(eq(areas.pid, 130600)).orderBy(asc(areas.id)).limit(2);
    const [sjzCounty] = await db.select().from(areas).where(eq(areas.pid, 130100)).limit(1);
    await refused('bd_admin', '/annualTarget/save', { year: 2031, countyId: c1.id, trained: 1, certified: 1, budget: 1 }, 400, '本市 2031 年度的目标尚未下达，不能分解');
    const city = await ok<{ id: number }>('admin', '/annualTarget/save', { year: 2031, cityId: 130600, trained: 100, certified: 80, budget: 50000 });
    // 新建的是草稿：下达之前市级看不到、不能分解
    expect((await ok<{ list: Target[] }>('bd_admin', '/annualTarget/list', { year: 2031 })).list).toEqual([]);
    await refused('bd_admin', '/annualTarget/save', { year: 2031, countyId: c1.id, trained: 1, certified: 1, budget: 1 }, 400, '本市 2031 年度的目标尚未下达，不能分解');
    await refused('bd_admin', '/annualTarget/updateStatus', { id: city.id, action: 'issue' }, 404);
    await ok('admin', '/annualTarget/updateStatus', { id: city.id, action: 'issue' });
    await refused('bd_admin', '/annualTarget/updateStatus', { id: city.id, action: 'recall' }, 403, '「撤回下达」须由下达方（市的目标由省级，县区的分解由本市市级）办理');
    await refused('bd_admin', '/annualTarget/save', { year: 2031, trained: 1, certified: 1, budget: 1 }, 400, '请选择要分解到的县区');
    const county = await ok<{ id: number }>('bd_admin', '/annualTarget/save', { year: 2031, countyId: c1.id, trained: 60, certified: 50, budget: 30000 });
    await refused('bd_admin', '/annualTarget/save', { year: 2031, countyId: c2.id, trained: 41, certified: 10, budget: 100 }, 400, '培训人数超出本市目标：本市 100，其他县区已分解 60，还可分解 40');
    await ok('bd_admin', '/annualTarget/save', { year: 2031, countyId: c2.id, trained: 40, certified: 30, budget: 20000 });
    await refused('bd_admin', '/annualTarget/save', { year: 2031, countyId: sjzCounty.id, trained: 1, certified: 1, budget: 1 }, 404);
    await refused('admin', '/annualTarget/save', { id: city.id, year: 2031, cityId: 130600, trained: 99, certified: 80, budget: 50000 }, 400, '培训人数不能低于已分解到各县区之和 100');
    await refused('admin', '/annualTarget/delete', { ids: [city.id] }, 409, '年度目标当前为「已下达」，不能删除');
    await refused('admin', '/annualTarget/updateStatus', { id: city.id, action: 'recall' }, 409, '不能撤回下达：该目标已分解到县区，请先删除县区的分解');
    await ok('bd_admin', '/annualTarget/updateStatus', { id: county.id, action: 'issue' });
    await refused('admin', '/annualTarget/save', { year: 2031, cityId: 130600, trained: 1, certified: 1, budget: 1 }, 409, '该市 2031 年度的目标已下达');
    const mine = await ok<{ list: Target[] }>('bd_admin', '/annualTarget/list', { year: 2031 });
    expect(mine.list.map((t) => [t.countyId, t.statusName, t.actions])).toEqual([
      [null, '已下达', []],
      [c1.id, '已下达', ['edit', 'recall']],
      [c2.id, '草稿', ['edit', 'delete', 'issue']],
    ]);
    // 县区的分解在下达之前省级看不到
    expect((await ok<{ list: Target[] }>('admin', '/annualTarget/list', { year: 2031 })).list.map((t) => t.countyId)).toEqual([null, c1.id]);
    expect((await ok<{ list: Target[] }>('sjz_admin', '/annualTarget/list', { year: 2031 })).list).toEqual([]);
  });
});

describe('完成情况', () => {
  it('补贴资金 = 当年度财务审批通过的批准额；财务审批通过一份后随之增加', async () => {
    const m = await mainClass(db);
    const year = Number(m.klass.endDate.slice(0, 4));
    const sumApproved = async () =>
      Number(
        (
          await db
            .select({ s: sql<number>`coalesce(sum(${subsidyApplies.approvedAmount}), 0)::int` })
            .from(subsidyApplies)
            .where(and(eq(subsidyApplies.cityId, 130100), eq(subsidyApplies.year, year), inArray(subsidyApplies.status, [APPLY_STATUS.APPROVED, APPLY_STATUS.PAID])))
        )[0].s,
      );
    const cityRow = async () => (await ok<{ list: Target[] }>('sjz_admin', '/annualTarget/list', { year })).list.find((t) => t.countyId === null)!;
    const before = await cityRow();
    expect(before.actualSubsidy).toBe(await sumApproved());
    expect(before.actualTrained).toBeGreaterThan(0);
    const take = picker(m.free);
    const saved = await apply(m.klass.id, take(2));
    await step('train_org', saved.id, 'submit');
    await step('sjz_admin', saved.id, 'cityApprove');
    await step('admin', saved.id, 'reviewApprove');
    const done = await step('sjz_admin', saved.id, 'financeApprove');
    expect((await cityRow()).actualSubsidy).toBe(before.actualSubsidy + done.approvedAmount);
  });
});

interface Progress {
  key: string;
  cityId: number;
  countyId: number | null;
  name: string;
  trained: number;
  actualTrained: number;
  trainedRate: number;
  actualCertified: number | null;
  budget: number;
  actualSubsidy: number;
  subsidyRate: number;
  children?: Progress[];
}

describe('年度任务完成情况（YearTaskProgress）', () => {
  it('各市一行、分解的县区为下级行；完成数与年度目标列表同一算法；完成率；范围；导出', async () => {
    const m = await mainClass(db);
    const year = Number(m.klass.endDate.slice(0, 4));
    const all = await ok<{ list: Progress[]; total: number }>('admin', '/yearTask/progress', { year, pageSize: 100 });
    const sjz = all.list.find((r) => r.cityId === 130100)!;
    expect(sjz.countyId).toBeNull();
    expect(sjz.children?.map((c) => c.countyId !== null)).toEqual([true, true]);
    const targets = (await ok<{ list: Target[] }>('admin', '/annualTarget/list', { year, pageSize: 100 })).list;
    const cityTarget = targets.find((t) => t.cityId === 130100 && t.countyId === null)!;
    expect([sjz.actualTrained, sjz.actualSubsidy]).toEqual([cityTarget.actualTrained, cityTarget.actualSubsidy]);
    expect(sjz.subsidyRate).toBe(Math.round((sjz.actualSubsidy * 1000) / sjz.budget) / 10);
    expect(sjz.children!.every((c) => c.actualCertified === null)).toBe(true);
    expect(all.total).toBe(all.list.length);

    const mine = await ok<{ list: Progress[] }>('bd_admin', '/yearTask/progress', { year });
    expect(mine.list.map((r) => r.cityId)).toEqual([130600]);
    await refused('train_org', '/yearTask/progress', { year }, 403);

    const exported = await call('POST', '/yearTask/exportProgress', { headers: h.admin, json: { year } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/spreadsheetml/);
    const listExport = await call('POST', '/annualTarget/export', { headers: h.sjz_admin, json: {} });
    expect(listExport.status).toBe(200);
  });

  it('市级在“年度任务下达”里以县区分解（yearTaskIssue 权限），分解后进度表出现该县区', async () => {
    const [county] = await db.select().from(areas).where(eq(areas.pid, 130600)).orderBy(asc(areas.id)).limit(1);
    const city = await ok<{ id: number }>('admin', '/annualTarget/save', { year: 2033, cityId: 130600, trained: 10, certified: 10, budget: 1000 });
    await ok('admin', '/annualTarget/updateStatus', { id: city.id, action: 'issue' });
    const split = await ok<{ id: number }>('bd_admin', '/annualTarget/save', { year: 2033, countyId: county.id, trained: 5, certified: 5, budget: 500 });
    // 草稿不进进度表
    expect((await ok<{ list: Progress[] }>('bd_admin', '/yearTask/progress', { year: 2033 })).list[0].children).toBeUndefined();
    await ok('bd_admin', '/annualTarget/updateStatus', { id: split.id, action: 'issue' });
    const rows = (await ok<{ list: Progress[] }>('bd_admin', '/yearTask/progress', { year: 2033 })).list;
    expect(rows[0].children?.map((c) => [c.countyId, c.trained, c.actualTrained, c.trainedRate])).toEqual([[county.id, 5, 0, 0]]);
  });
});

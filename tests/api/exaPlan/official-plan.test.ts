// 年度评价计划：省级新建、加工种与机构、发布（同一年度只发布一份），市级只能看；机构只看列入本机构的已发布计划；
// 机构的考试计划提交时，工种或机构不在当年已发布的年度计划内则带审核提示。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { beijingDate } from '@/lib/platform/time';
import { examPlans } from '@/lib/domains/exaPlan/tables';
import { officialPlanJobs, officialPlans } from '@/lib/domains/officialPlan/tables';
import type { Db } from '@/lib/platform/db/client';

const { db: getDb } = setupTestDb();
let db: Db;
const h: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  db = await getDb();
  for (const a of ['admin', 'sjz_admin', 'eval_org']) h[a] = await authHeaders(a);
});

const post = (account: string, path: string, json: unknown = {}) => call<Record<string, unknown> & { list?: unknown[] }>('POST', path, { headers: h[account], json });

describe('年度评价计划', () => {
  it('省级：新建、加工种（等级须已开设）与机构、移除、发布；草稿才能改；同一年度只发布一份', async () => {
    const saved = await post('admin', '/officialPlan/savePlan', { year: 2031, name: '2031 年度评价计划' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.data.id as number;
    expect((await post('admin', '/officialPlan/submit', { id })).body.returnMsg).toBe('请先加入工种再发布');
    const works = (await post('admin', '/officialPlan/getCanSelectJobs', { planId: id })).body.data as unknown as { workCode: string; workName: string; levels: number[] }[];
    expect(works.length).toBeGreaterThan(2);
    const bad = [1, 2, 3, 4, 5].find((l) => !works[0].levels.includes(l));
    if (bad) expect((await post('admin', '/officialPlan/saveJobs', { planId: id, jobs: [{ workCode: works[0].workCode, levels: [bad] }] })).body.returnMsg).toMatch(/未开设等级/);
    const jobs = (await post('admin', '/officialPlan/saveJobs', { planId: id, jobs: works.slice(0, 2).map((w) => ({ workCode: w.workCode, levels: w.levels })) })).body.data as unknown as { id: number }[];
    expect(jobs).toHaveLength(2);
    expect((await post('admin', '/officialPlan/getCanSelectJobs', { planId: id })).body.data).toHaveLength(works.length - 2 >= 50 ? 50 : works.length - 2);
    expect((await post('admin', '/officialPlan/deleteJob', { planId: id, id: jobs[1].id })).status).toBe(200);
    expect((await post('admin', '/officialPlan/submit', { id })).body.returnMsg).toBe('请先加入机构再发布');
    const orgs = (await post('admin', '/officialPlan/searchOrg', { planId: id })).body.data as unknown as { orgId: number }[];
    expect(orgs.length).toBeGreaterThan(1);
    const added = (await post('admin', '/officialPlan/saveOrgs', { planId: id, orgIds: orgs.slice(0, 2).map((o) => o.orgId) })).body.data as unknown as { id: number }[];
    expect(added).toHaveLength(2);
    expect((await post('admin', '/officialPlan/deleteOrg', { planId: id, id: added[1].id })).status).toBe(200);
    const jds = (await post('admin', '/officialPlan/getJds', { planId: id })).body.data as unknown as { count: number }[];
    expect(jds.reduce((a, c) => a + c.count, 0)).toBe(1);
    expect((await post('admin', '/officialPlan/submit', { id })).status).toBe(200);
    expect((await post('admin', '/officialPlan/savePlan', { id, year: 2031, name: '改名' })).body.returnMsg).toBe('年度评价计划已发布，不能修改');
    expect((await post('admin', '/officialPlan/deletePlan', { id })).body.returnMsg).toBe('年度评价计划已发布，不能删除');
    const other = (await post('admin', '/officialPlan/savePlan', { year: 2031, name: '第二份' })).body.data.id as number;
    await post('admin', '/officialPlan/saveJobs', { planId: other, jobs: [{ workCode: works[0].workCode, levels: works[0].levels }] });
    await post('admin', '/officialPlan/saveOrgs', { planId: other, orgIds: [orgs[0].orgId] });
    const dup = await post('admin', '/officialPlan/submit', { id: other });
    expect(dup.status).toBe(409);
    expect(dup.body.returnMsg).toMatch(/2031 年度已有已发布的年度评价计划/);
    expect((await post('admin', '/officialPlan/deletePlan', { id: other })).status).toBe(200);
    const detail = (await post('admin', '/officialPlan/planDetail', { id })).body.data as { jobs: unknown[]; orgs: unknown[]; statusName: string };
    expect([detail.jobs.length, detail.orgs.length, detail.statusName]).toEqual([1, 1, '已发布']);
  });

  it('目录查询：职业、工种、等级', async () => {
    const jobs = (await post('admin', '/officialPlan/searchJob', {})).body.data as unknown as { code: string }[];
    expect(jobs.length).toBeGreaterThan(0);
    const works = (await post('admin', '/officialPlan/getWorks', { jobCode: jobs[0].code })).body.data as unknown as { workCode: string }[];
    expect(works.length).toBeGreaterThan(0);
    const levels = (await post('admin', '/officialPlan/getWorkLevels', { workCode: works[0].workCode })).body.data as unknown as { level: number }[];
    expect(levels.length).toBeGreaterThan(0);
    expect((await post('admin', '/officialPlan/getWorkLevels', { workCode: '9-99-99-99' })).status).toBe(400);
  });

  it('市级只能看不能改；机构只看列入本机构的已发布计划', async () => {
    expect((await post('sjz_admin', '/officialPlan/getList', {})).status).toBe(200);
    expect((await post('sjz_admin', '/officialPlan/savePlan', { year: 2032, name: '市级越权' })).status).toBe(403);
    const [draft] = await db.select().from(officialPlans).where(eq(officialPlans.status, 0));
    expect((await post('sjz_admin', '/officialPlan/deletePlan', { id: draft.id })).status).toBe(403);
    expect((await post('eval_org', '/officialPlan/getList', {})).status).toBe(403);
    const mine = (await post('eval_org', '/officialPlan/getListOfCurrentUser')).body.data as unknown as { id: number; status: number }[];
    expect(mine.every((p) => p.status === 1)).toBe(true);
    expect((await post('eval_org', '/officialPlan/planDetail', { id: draft.id })).status).toBe(404);
  });

  it('考试计划的工种不在当年已发布的年度计划内：提交后带审核提示，审核列表可见', async () => {
    const start = beijingDate(new Date(), 30);
    const filed = (await post('eval_org', '/exaPlan/filedWorks', { kind: 0 })).body.data as unknown as { works: { workCode: string; workName: string; levels: number[] }[] };
    const w = filed.works[0];
    const body = { kind: 0, name: '提示测试', works: [{ workCode: w.workCode, levels: [w.levels[0]] }], arrangeTypes: [1], examStartDate: start, examEndDate: start, expectedCount: 10, fee: 0, contactName: '陈静', contactPhone: '13831100004' };
    // 把该工种从当年已发布的计划中移出
    const [published] = await db.select().from(officialPlans).where(and(eq(officialPlans.year, Number(start.slice(0, 4))), eq(officialPlans.status, 1)));
    expect(published).toBeTruthy();
    await db.delete(officialPlanJobs).where(and(eq(officialPlanJobs.planId, published.id), eq(officialPlanJobs.workCode, w.workCode)));
    const p = (await post('eval_org', '/exaPlan/saveExaPlan', body)).body.data as { id: number; code: string };
    expect((await post('eval_org', '/exaPlan/submitExaPlan', { id: p.id })).status).toBe(200);
    const [row] = await db.select().from(examPlans).where(eq(examPlans.id, p.id));
    expect(row.officialPlanWarning).toContain(`工种不在 ${start.slice(0, 4)} 年度评价计划内：${w.workName}`);
    const list = (await post('sjz_admin', '/exaPlan/listExaPlan', { code: p.code })).body.data as unknown as { list: { officialPlanWarning: string }[] };
    expect(list.list[0].officialPlanWarning).toContain(w.workName);
  });
});

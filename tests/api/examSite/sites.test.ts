// 考点与考场：考点只能取自机构有效备案的考点；容量不能小于已安排的座位；范围（他市、他机构 404）；只在第 3 步可改。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { filings, filingSites } from '@/lib/domains/filing/tables';
import { examPlans } from '@/lib/domains/exaPlan/tables';
import { examSites } from '@/lib/domains/examSite/tables';
import { PLAN_STATE, PLAN_STEP } from '@/lib/domains/exaPlan/transitions';
import type { ExamPlanPick, RoomItem, SiteItem } from '@/lib/domains/examSite/schemas';
import { BD_EVAL, filedExamSiteId, login, makePlan, orgByCode, post, type Paged } from './helpers';

const { db } = setupTestDb();

beforeAll(async () => {
  await login('eval_org', 'sjz_admin', 'bd_admin', 'supervisor', 'admin');
});

describe('考点取自备案', () => {
  it('可添加本机构有效备案的考点；名称与地址随备案；同一考点不能重复添加', async () => {
    const d = await db();
    const plan = await makePlan(d);
    const choices = await post<{ id: number; name: string; added: boolean }[]>('eval_org', '/examaff/site/bySiteDetail', { planId: plan.id });
    expect(choices.status).toBe(200);
    expect(choices.body.data.length).toBeGreaterThan(0);
    expect(choices.body.data.every((c) => !c.added)).toBe(true);

    const filingSiteId = await filedExamSiteId(d, plan);
    const saved = await post<SiteItem>('eval_org', '/examaff/site/saveSite', { planId: plan.id, filingSiteId, contactName: '刘晓燕', contactPhone: '13931100013' });
    expect(saved.status).toBe(200);
    const [filed] = await d.select().from(filingSites).where(eq(filingSites.id, filingSiteId));
    expect(saved.body.data).toMatchObject({ name: filed.name, address: filed.address, filed: true, editable: true, contactName: '刘晓燕' });

    const again = await post('eval_org', '/examaff/site/saveSite', { planId: plan.id, filingSiteId });
    expect(again.status).toBe(409);
    expect(again.body.returnMsg).toContain('已在本计划中');

    const list = await post<Paged<SiteItem>>('eval_org', '/examaff/site/getSiteDetailZx', { planId: plan.id });
    expect(list.body.data.total).toBe(1);
  });

  it('不是备案考点（办公场地、其他机构的考点、不存在的）一律拒绝并说明原因，什么都不写', async () => {
    const d = await db();
    const plan = await makePlan(d);
    const [officeSite] = await d
      .select({ id: filingSites.id })
      .from(filingSites)
      .innerJoin(filings, eq(filings.id, filingSites.filingId))
      .where(and(eq(filings.orgId, plan.orgId), eq(filingSites.siteType, 'site')));
    const bd = await orgByCode(d, BD_EVAL);
    const [otherOrgSite] = await d
      .select({ id: filingSites.id })
      .from(filingSites)
      .innerJoin(filings, eq(filings.id, filingSites.filingId))
      .where(and(eq(filings.orgId, bd.id), eq(filingSites.siteType, 'examSite')));
    for (const filingSiteId of [officeSite.id, otherOrgSite.id, 99_999_999]) {
      const res = await post('eval_org', '/examaff/site/saveSite', { planId: plan.id, filingSiteId });
      expect(res.status).toBe(400);
      expect(res.body.returnMsg).toContain('不是本机构有效备案的考点');
    }
    expect(await d.select().from(examSites).where(eq(examSites.planId, plan.id))).toEqual([]);
  });

  it('按备案同步：添加还没有的备案考点', async () => {
    const d = await db();
    const plan = await makePlan(d);
    const res = await post<{ added: number; updated: number; stale: string[] }>('eval_org', '/examaff/site/syncSite', { planId: plan.id });
    expect(res.status).toBe(200);
    expect(res.body.data.added).toBeGreaterThan(0);
    const again = await post<{ added: number }>('eval_org', '/examaff/site/syncSite', { planId: plan.id });
    expect(again.body.data.added).toBe(0);
  });
});

describe('考场', () => {
  it('新增考场；同一考点考场名不能重复；容量须在 1–500；删除', async () => {
    const d = await db();
    const plan = await makePlan(d);
    const site = await post<SiteItem>('eval_org', '/examaff/site/saveSite', { planId: plan.id, filingSiteId: await filedExamSiteId(d, plan) });
    const room = await post<RoomItem>('eval_org', '/examaff/site/savePlace', { siteId: site.body.data.id, name: '101', roomType: 1, capacity: 30 });
    expect(room.status).toBe(200);
    expect(room.body.data).toMatchObject({ name: '101', capacity: 30, used: 0, roomTypeName: '理论考场' });
    const dup = await post('eval_org', '/examaff/site/savePlace', { siteId: site.body.data.id, name: '101', roomType: 2, capacity: 20 });
    expect(dup.status).toBe(409);
    expect(dup.body.returnMsg).toContain('已有名为「101」的考场');
    const big = await post('eval_org', '/examaff/site/savePlace', { siteId: site.body.data.id, name: '102', roomType: 1, capacity: 501 });
    expect(big.status).toBe(400);
    const rooms = await post<Paged<RoomItem>>('eval_org', '/examaff/site/placeList', { planId: plan.id });
    expect(rooms.body.data.total).toBe(1);
    const del = await post('eval_org', '/examaff/site/deletePlace', { id: room.body.data.id });
    expect(del.status).toBe(200);
  });
});

describe('范围与步骤', () => {
  it('保定管理员看不到石家庄计划的考点（404）；其他机构的计划 404；督导员可查看', async () => {
    const d = await db();
    const plan = await makePlan(d);
    await post('eval_org', '/examaff/site/syncSite', { planId: plan.id });
    const bd = await post('bd_admin', '/examaff/site/getSiteDetailZx', { planId: plan.id });
    expect(bd.status).toBe(404);
    const sjz = await post<Paged<SiteItem>>('sjz_admin', '/examaff/site/getSiteDetailZx', { planId: plan.id });
    expect(sjz.status).toBe(200);
    expect(sjz.body.data.list.every((s) => !s.editable)).toBe(true);
    const sup = await post<Paged<SiteItem>>('supervisor', '/examaff/site/getSiteDetailZx', { planId: plan.id });
    expect(sup.status).toBe(200);

    const other = await makePlan(d, BD_EVAL);
    for (const [path, json] of [
      ['/examaff/site/getSiteDetailZx', { planId: other.id }],
      ['/examaff/site/syncSite', { planId: other.id }],
      ['/examaff/site/addExamination', { planId: other.id, name: '理论', subject: 1, examDate: other.examStartDate, startTime: '09:00', endTime: '10:00' }],
    ] as const) {
      const res = await post('eval_org', path, json);
      expect(res.status).toBe(404);
    }
    expect(await d.select().from(examSites).where(eq(examSites.planId, other.id))).toEqual([]);
    const bdSites = await post('bd_admin', '/examaff/site/getSiteDetailZx', { planId: other.id });
    expect(bdSites.status).toBe(200);
  });

  it('计划列表只列范围内第 3 步及以后、未取消的计划', async () => {
    const d = await db();
    const plan = await makePlan(d);
    const list = await post<Paged<ExamPlanPick>>('eval_org', '/examaff/site/planList', { keyword: plan.code, pageSize: 100 });
    expect(list.body.data.list.map((p) => p.id)).toEqual([plan.id]);
    expect(list.body.data.list[0]).toMatchObject({ editable: true, staffEditable: true });
    const bdList = await post<Paged<ExamPlanPick>>('bd_admin', '/examaff/site/planList', { keyword: plan.code });
    expect(bdList.body.data.total).toBe(0);
  });

  it('不在第 3 步（或被取消、在审核中）时不能改考点、考场、场次；市级管理员不能编排', async () => {
    const d = await db();
    const plan = await makePlan(d);
    const filingSiteId = await filedExamSiteId(d, plan);
    const city = await post('sjz_admin', '/examaff/site/saveSite', { planId: plan.id, filingSiteId });
    expect(city.status).toBe(403);
    for (const [step, state] of [
      [PLAN_STEP.IMPORT_EXAMINEES, PLAN_STATE.WORKING],
      [PLAN_STEP.EXAM_AFFAIRS, PLAN_STATE.WORKING],
      [PLAN_STEP.ARRANGE_ROOMS, PLAN_STATE.CITY_REVIEW],
      [PLAN_STEP.ARRANGE_ROOMS, PLAN_STATE.CANCELLED],
    ]) {
      await d.update(examPlans).set({ step, state }).where(eq(examPlans.id, plan.id));
      const res = await post('eval_org', '/examaff/site/saveSite', { planId: plan.id, filingSiteId });
      expect(res.status).toBe(400);
      expect(res.body.returnMsg).toMatch(/编排考场|已取消/);
      const session = await post('eval_org', '/examaff/site/synExamination', { planId: plan.id });
      expect(session.status).toBe(400);
    }
    expect(await d.select().from(examSites).where(and(eq(examSites.planId, plan.id), ne(examSites.id, 0)))).toEqual([]);
  });
});

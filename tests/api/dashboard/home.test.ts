// 首页分析：十个计数、累计与近七天、四类计划的 12 个月趋势、待我审核的备案与计划——每个数都等于同一范围上独立的 count(*)
// （全省 admin、石家庄 sjz_admin、华元评价 eval_org）；没有权限的用户 403。
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/platform/db/client';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import type { FilingReviewRow, HomePageData, PlanReviewRow, TrendData } from '@/lib/domains/dashboard/schemas';
import { countOf, h, login, post, rows, scopes, type Scope } from './helpers';

const { db: getDb } = setupTestDb();
let db: Db;
let all: Scope[];
const YEAR = 2025;

/** 北京时间近七天（含今天）的起点，写成独立的 SQL */
const SEVEN_DAYS = `((date_trunc('day', now() at time zone 'Asia/Shanghai') - interval '6 days') at time zone 'Asia/Shanghai')`;
const IN_FORCE = '(8, 4, 7)';

beforeAll(async () => {
  db = await getDb();
  await login('admin', 'sjz_admin', 'eval_org', 'train_org');
  all = await scopes(db);
  // 把计划的创建时间分散到 2025 年各月（含北京时间月初零点前后的边界），趋势才有可比的数
  await rows(
    db,
    `update exam_plan set created_at = (timestamptz '${YEAR}-01-01 00:00:00+08' + ((id * 37) % 365) * interval '1 day' + ((id * 7) % 24) * interval '1 hour') where id % 3 <> 0`,
  );
  await rows(db, `update exam_plan set created_at = timestamptz '${YEAR}-03-01 00:30:00+08' where id = (select min(id) from exam_plan)`);
});

describe('首页计数', () => {
  it('十个计数、累计与近七天都等于同一范围上独立的 count(*)（三个范围）', async () => {
    const seen: Record<string, HomePageData> = {};
    for (const s of all) {
      const w = s.where;
      const d = await post<HomePageData>(s.account, '/home/listHomePageData');
      seen[s.account] = d;
      const expected: Partial<HomePageData> = {
        openingPlanAmount: await countOf(db, `select count(*) n from exam_plan where ${w} and state <> 9 and step >= 1`),
        completedEvaluationsAmount: await countOf(db, `select count(*) n from exam_plan where ${w} and state <> 9 and step >= 6`),
        cumulativeEvaluationCertifiedAmount: await countOf(db, `select count(*) n from exam_plan where ${w} and state <> 9 and step >= 7`),
        plannedBySevenDays: await countOf(db, `select count(*) n from exam_plan where ${w} and created_at >= ${SEVEN_DAYS}`),
        recordedBusinessAmount: await countOf(db, `select count(*) n from filing where ${w} and status in ${IN_FORCE}`),
        skillLevelInstitutionsAmount: await countOf(db, `select count(distinct org_id) n from filing where ${w} and kind = 0 and status in ${IN_FORCE}`),
        professionalQualificationAppraisalInstitutionAmount: await countOf(db, `select count(distinct org_id) n from filing where ${w} and kind = 1 and status in ${IN_FORCE}`),
        institutionsSpecialCapacityAmount: await countOf(db, `select count(distinct org_id) n from filing where ${w} and kind = 2 and status in ${IN_FORCE}`),
        organWorkExamination: await countOf(db, `select count(distinct org_id) n from filing where ${w} and kind = 3 and status in ${IN_FORCE}`),
        assessorsAmount: await countOf(db, `select count(*) n from person where ${w} and library = 'assessor' and status = 0`),
        supervisorsAmount: await countOf(db, `select count(*) n from person where ${w} and library = 'supervisor' and status = 0`),
        enrollmentAmount: await countOf(db, `select count(*) n from examinee where ${w}`),
        enrollmentAmountBySevenDays: await countOf(db, `select count(*) n from examinee where ${w} and created_at >= ${SEVEN_DAYS}`),
        forensicsAmount: await countOf(db, `select count(*) n from certificate where ${w} and status = 0`),
        forensicsAmountBySevenDays: await countOf(db, `select count(*) n from certificate where ${w} and status = 0 and created_at >= ${SEVEN_DAYS}`),
      };
      expect(d, s.account).toMatchObject(expected);
      // 所有字段都是数（缺的为 0），日期是北京时间的今天与六天前
      for (const [k, v] of Object.entries(d)) if (k !== 'today' && k !== 'sevenDay') expect(typeof v, k).toBe('number');
      expect(d.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect((Date.parse(d.today) - Date.parse(d.sevenDay)) / 86_400_000).toBe(6);
    }
    // 演示数据上三个范围的数确实不同：全省 ≥ 本市 ≥ 本机构，且不是全零
    const [p, c, o] = ['admin', 'sjz_admin', 'eval_org'].map((a) => seen[a]);
    expect(p.enrollmentAmount).toBeGreaterThan(c.enrollmentAmount);
    expect(c.enrollmentAmount).toBeGreaterThanOrEqual(o.enrollmentAmount);
    expect(o.enrollmentAmount).toBeGreaterThan(0);
    expect(p.recordedBusinessAmount).toBeGreaterThan(c.recordedBusinessAmount);
    expect(p.openingPlanAmount).toBeGreaterThan(0);
    expect(p.forensicsAmount).toBeGreaterThan(0);
    expect(p.assessorsAmount).toBeGreaterThan(0);
  });
});

describe('计划趋势', () => {
  it('四类计划各 12 个点，每个点等于该范围、该月（北京时间）新建计划的 count(*)', async () => {
    let nonZero = 0;
    for (const s of all) {
      const d = await post<TrendData>(s.account, '/home/listChangeTrendData', { year: YEAR });
      const expected = await rows<{ kind: number; m: number; n: string }>(
        db,
        `select kind, extract(month from created_at at time zone 'Asia/Shanghai')::int m, count(*) n from exam_plan
         where ${s.where} and extract(year from created_at at time zone 'Asia/Shanghai') = ${YEAR} group by 1, 2`,
      );
      const series = [d.skillLevelAmounts, d.professionalQualificationAmounts, d.specialAbilityAmounts, d.organWorkExaminationAmounts];
      series.forEach((points, kind) => {
        expect(points.map((p) => p.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
        for (const p of points) {
          const e = Number(expected.find((r) => Number(r.kind) === kind && Number(r.m) === p.month)?.n ?? 0);
          expect(p.amount, `${s.account} 类别 ${kind} ${p.month} 月`).toBe(e);
          if (p.amount) nonZero++;
        }
      });
    }
    expect(nonZero).toBeGreaterThan(5);
  });

  it('北京时间 3 月 1 日 0:30 建的计划算在 3 月（UTC 仍是 2 月）', async () => {
    const [first] = await rows<{ kind: number }>(db, 'select kind from exam_plan where id = (select min(id) from exam_plan)');
    const d = await post<TrendData>('admin', '/home/listChangeTrendData', { year: YEAR });
    const series = [d.skillLevelAmounts, d.professionalQualificationAmounts, d.specialAbilityAmounts, d.organWorkExaminationAmounts][Number(first.kind)];
    const march = await countOf(db, `select count(*) n from exam_plan where kind = ${first.kind} and created_at >= timestamptz '${YEAR}-03-01 00:00+08' and created_at < timestamptz '${YEAR}-04-01 00:00+08'`);
    expect(series[2].amount).toBe(march);
    expect(march).toBeGreaterThan(0);
  });

  it('年度不合法时 400 并提示', async () => {
    const r = await call('POST', '/home/listChangeTrendData', { headers: h.admin, json: { year: 1800 } });
    expect(r.status).toBe(400);
    expect(r.body.returnMsg).toMatch(/年度不能小于 2000/);
  });
});

describe('待我审核', () => {
  it('市级：本市待市级审核的计划与备案（data.data），条数与 count(*) 相同；省级看待省级审核的；机构没有', async () => {
    const city = all[1];
    const plans = await post<{ data: PlanReviewRow[] }>('sjz_admin', '/home/listPlanReview', { pageSize: 50 });
    expect(plans.data.length).toBe(Math.min(50, await countOf(db, `select count(*) n from exam_plan where ${city.where} and state = 1`)));
    for (const p of plans.data) expect(p.planStepName).toMatch(/待市级审核/);
    const provincePlans = await post<{ data: PlanReviewRow[] }>('admin', '/home/listPlanReview', { pageSize: 50 });
    expect(provincePlans.data.length).toBe(Math.min(50, await countOf(db, `select count(*) n from exam_plan where state = 2`)));

    const filings = await post<{ data: FilingReviewRow[] }>('sjz_admin', '/home/listFilingReview', { pageSize: 50 });
    const expectedFilings = await countOf(
      db,
      `select count(*) n from filing f where ${city.where} and (status in (0, 4) or exists (select 1 from filing_increment i where i.filing_id = f.id and i.status = 0))`,
    );
    expect(filings.data.length).toBe(Math.min(50, expectedFilings));
    expect(filings.data.length).toBeGreaterThan(0);
    const codes = filings.data.map((f) => `'${f.bizCode}'`).join(',');
    expect(await countOf(db, `select count(*) n from filing where code in (${codes}) and not (${city.where})`)).toBe(0);
    for (const f of filings.data) expect(f).toMatchObject({ orgName: expect.any(String), fillingTypeName: expect.any(String), createTime: expect.stringMatching(/^\d{4}-/) });

    expect((await post<{ data: unknown[] }>('eval_org', '/home/listPlanReview')).data).toEqual([]);
    expect((await post<{ data: unknown[] }>('eval_org', '/home/listFilingReview')).data).toEqual([]);
  });
});

describe('权限', () => {
  it('没有“分析页”权限的用户（培训机构）403；未登录 401', async () => {
    for (const path of ['/home/listHomePageData', '/home/listChangeTrendData', '/home/listFilingReview', '/home/listPlanReview']) {
      const r = await call('POST', path, { headers: h.train_org, json: {} });
      expect(r.status, path).toBe(403);
      expect((await call('POST', path, { json: {} })).status).toBe(401);
    }
  });
});

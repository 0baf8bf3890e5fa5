// 演示考试计划：四类计划在第 0–9 步都有数据，第 0 步有各个审核环节与驳回，有已取消的；每份计划的历史走到它的位置。
import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { examPlanHistory, examPlans } from '@/lib/domains/exaPlan/tables';
import { officialPlans } from '@/lib/domains/officialPlan/tables';
import { PLAN_STATE } from '@/lib/domains/exaPlan/transitions';
import { seedExamPlans, demoPlansAt } from '@/db/seed/exam-plans';
import { seedOfficialPlans } from '@/lib/domains/officialPlan/seed';
import { beijingDate } from '@/lib/platform/time';
import type { Db } from '@/lib/platform/db/client';

const { db: getDb } = setupTestDb();
let db: Db;
beforeAll(async () => {
  db = await getDb();
});

describe('演示考试计划', () => {
  it('四类计划各在第 0–9 步都有，且有待市级审核、待省级审核、驳回与已取消的', async () => {
    const rows = await db.select({ kind: examPlans.kind, step: examPlans.step, state: examPlans.state }).from(examPlans);
    for (const kind of [0, 1, 2, 3]) {
      const steps = new Set(rows.filter((r) => r.kind === kind && r.state !== PLAN_STATE.CANCELLED).map((r) => r.step));
      expect([...steps].sort((a, b) => a - b), `类别 ${kind}`).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }
    const states = new Set(rows.map((r) => r.state));
    for (const s of Object.values(PLAN_STATE)) expect(states.has(s), `状态 ${s}`).toBe(true);
  });

  it('第 0–3 步的考试在将来；历史的最后一步到达计划的位置', async () => {
    const today = beijingDate(new Date());
    const plans = await db.select().from(examPlans);
    for (const p of plans.filter((x) => x.step <= 3)) expect(p.examStartDate > today, p.code).toBe(true);
    for (const p of plans) {
      const h = await db.select().from(examPlanHistory).where(eq(examPlanHistory.planId, p.id)).orderBy(asc(examPlanHistory.id));
      const last = h[h.length - 1];
      expect([last.toStep, last.toState], p.code).toEqual([p.step, p.state]);
      expect(p.code).toMatch(/^JH\d{4}[0-3]\d{6}$/);
    }
  });

  it('再写一次不重复', async () => {
    const before = (await db.select({ id: examPlans.id }).from(examPlans)).length;
    const official = (await db.select({ id: officialPlans.id }).from(officialPlans)).length;
    await seedOfficialPlans(db);
    await seedExamPlans(db);
    expect((await db.select({ id: examPlans.id }).from(examPlans)).length).toBe(before);
    expect((await db.select({ id: officialPlans.id }).from(officialPlans)).length).toBe(official);
    expect((await demoPlansAt(db, 2)).length).toBeGreaterThan(3);
  });
});

// 考试计划列表：头部每个页签的计数等于点开该页签时列表的“共 N 条”（全部含已取消的计划）；考试日期筛选生效且计数同样随之；
// 保存计划时不存在的日期（2027-02-30）在校验时就拒绝，消息带字段名，不写任何行。
import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { examPlans } from '@/lib/domains/exaPlan/tables';
import { PLAN_STATE } from '@/lib/domains/exaPlan/transitions';
import type { Db } from '@/lib/platform/db/client';

const { db: getDb } = setupTestDb();
let db: Db;
const h: Record<string, Record<string, string>> = {};

interface Head {
  total: number;
  cancelled: number;
  steps: { step: number; count: number }[];
}

beforeAll(async () => {
  db = await getDb();
  for (const a of ['eval_org', 'sjz_admin', 'admin']) h[a] = await authHeaders(a);
});

async function ok<T>(account: string, path: string, json: unknown): Promise<T> {
  const r = await call<T>('POST', path, { headers: h[account], json });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}
const totalOf = async (account: string, params: Record<string, unknown>) => (await ok<{ total: number }>(account, '/exaPlan/listExaPlan', { ...params, pageSize: 1 })).total;

/** 每个页签：它的计数 = 以同样的筛选点开它时列表的总数（页签的参数与筛选合并的方式与界面相同） */
async function expectHeadMatchesList(account: string, filter: Record<string, unknown>) {
  const head = await ok<Head>(account, '/exaPlan/selPlanHead', filter);
  expect(head.total, '全部').toBe(await totalOf(account, filter));
  expect(head.cancelled, '已取消').toBe(await totalOf(account, { state: PLAN_STATE.CANCELLED, ...filter }));
  for (const s of head.steps) expect(s.count, `步骤 ${s.step}`).toBe(await totalOf(account, { step: s.step, ...filter }));
  return head;
}

describe('列表头部的计数与列表一致', () => {
  it('演示数据里有已取消的计划：“全部”含它们，与列表的总数相同', async () => {
    const [{ n }] = await db.select({ n: count() }).from(examPlans).where(eq(examPlans.state, PLAN_STATE.CANCELLED));
    expect(n).toBeGreaterThan(0);
    for (const kind of [0, 1, 2, 3]) {
      const head = await expectHeadMatchesList('admin', { kind });
      expect(head.total).toBe(head.steps.reduce((a, s) => a + s.count, 0) + head.cancelled);
    }
    await expectHeadMatchesList('sjz_admin', { kind: 0 });
    await expectHeadMatchesList('eval_org', { kind: 0 });
  });

  it('带筛选（名称、办理状态、考试日期）时计数也随之，与各页签的列表一致', async () => {
    await expectHeadMatchesList('admin', { kind: 0, name: '计划' });
    await expectHeadMatchesList('admin', { kind: 0, state: PLAN_STATE.CANCELLED });
    await expectHeadMatchesList('admin', { kind: 0, state: PLAN_STATE.WORKING });
    const [first] = await db.select({ d: examPlans.examStartDate }).from(examPlans).where(eq(examPlans.kind, 0)).orderBy(examPlans.examStartDate).limit(1);
    const range = { kind: 0, dateStart: first.d, dateEnd: first.d };
    const head = await expectHeadMatchesList('admin', range);
    // 考试日期筛选（列表框架的日期区间发 dateStart / dateEnd）确实生效
    const [{ n }] = await db.select({ n: count() }).from(examPlans).where(eq(examPlans.examStartDate, first.d));
    expect(head.total).toBeLessThanOrEqual(n);
    expect(head.total).toBeLessThan(await totalOf('admin', { kind: 0 }));
  });
});

describe('保存计划：日期须存在', () => {
  it('2027-02-30 答 400，消息说出是哪个字段，不写任何行', async () => {
    const filed = (await ok<{ works: { workCode: string; levels: number[] }[] }>('eval_org', '/exaPlan/filedWorks', { kind: 0 })).works;
    const [{ before }] = await db.select({ before: count() }).from(examPlans);
    const r = await call('POST', '/exaPlan/saveExaPlan', {
      headers: h.eval_org,
      json: {
        kind: 0,
        name: '日期不存在的计划',
        works: [{ workCode: filed[0].workCode, levels: [filed[0].levels[0]] }],
        arrangeTypes: [1],
        examStartDate: '2027-02-30',
        examEndDate: '2027-03-02',
        expectedCount: 40,
        fee: 150,
        contactName: '陈静',
        contactPhone: '13831100004',
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.returnMsg).toContain('考试开始日期不是有效日期：2027 年 2 月没有 30 日');
    expect((r.body.data as { fields: Record<string, string> }).fields.examStartDate).toBe('考试开始日期不是有效日期：2027 年 2 月没有 30 日');
    const [{ after }] = await db.select({ after: count() }).from(examPlans);
    expect(after).toBe(before);
  });
});

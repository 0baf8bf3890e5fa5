// 考试计划状态机：每个允许与拒绝的转换（办理方、位置、意见、流程规则、提前天数、备案覆盖、各步条件、步骤审核配置），
// 省级审核路径、删除与取消、范围（保定管理员看不到石家庄的计划，机构看不到别的机构的计划）、铃铛通知。
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { demoUserId } from '@/db/seed';
import { beijingDate } from '@/lib/platform/time';
import { examPlans, examPlanHistory } from '@/lib/domains/exaPlan/tables';
import { examineeImports, examinees } from '@/lib/domains/examinee/tables';
import { PLAN_STATE } from '@/lib/domains/exaPlan/transitions';
import { processRules } from '@/lib/domains/dict/tables';
import { filings, filingWorks } from '@/lib/domains/filing/tables';
import { organisations } from '@/lib/domains/org/tables';
import { FILING_STATUS } from '@/lib/domains/filing/transitions';
import { messages } from '@/lib/domains/message/tables';
import type { PlanItem } from '@/lib/domains/exaPlan/schemas';
import type { Db } from '@/lib/platform/db/client';

const { db: getDb } = setupTestDb();
let db: Db;
const h: Record<string, Record<string, string>> = {};
let filed: { workCode: string; workName: string; levels: number[] }[] = [];
let baodingPlanId: number;

beforeAll(async () => {
  db = await getDb();
  for (const a of ['eval_org', 'sjz_admin', 'bd_admin', 'admin', 'supervisor', 'train_org']) h[a] = await authHeaders(a);
  const r = await call<{ works: typeof filed }>('POST', '/exaPlan/filedWorks', { headers: h.eval_org, json: { kind: 0 } });
  expect(r.status).toBe(200);
  filed = r.body.data.works;
  expect(filed.length).toBeGreaterThan(0);
  const [bd] = await db.select({ id: examPlans.id }).from(examPlans).where(eq(examPlans.cityId, 130600)).limit(1);
  baodingPlanId = bd.id;
});

afterEach(() => {
  delete process.env.EXAM_PLAN_LEAD_DAYS;
});

const day = (n: number) => beijingDate(new Date(), n);

function planBody(over: Record<string, unknown> = {}) {
  return {
    kind: 0,
    name: '测试考试计划',
    works: [{ workCode: filed[0].workCode, levels: [filed[0].levels[0]] }],
    arrangeTypes: [1, 2],
    examStartDate: day(30),
    examEndDate: day(31),
    expectedCount: 40,
    fee: 150,
    contactName: '陈静',
    contactPhone: '13831100004',
    ...over,
  };
}

async function createPlan(over: Record<string, unknown> = {}): Promise<PlanItem> {
  const r = await call<PlanItem>('POST', '/exaPlan/saveExaPlan', { headers: h.eval_org, json: planBody(over) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

const post = (account: string, path: string, json: unknown) => call<Record<string, unknown>>('POST', path, { headers: h[account], json });
async function position(id: number) {
  const [p] = await db.select().from(examPlans).where(eq(examPlans.id, id));
  return [p.step, p.state];
}
async function ok(account: string, path: string, json: unknown) {
  const r = await post(account, path, json);
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.data;
}
async function refused(account: string, path: string, json: unknown, status: number, message?: string | RegExp) {
  const r = await post(account, path, json);
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(status);
  if (message) expect(r.body.returnMsg).toMatch(message);
  return r;
}

/** 计划走到第 1 步办理中（提交、市级通过） */
async function approvedPlan(over: Record<string, unknown> = {}) {
  const p = await createPlan(over);
  await ok('eval_org', '/exaPlan/submitExaPlan', { id: p.id });
  await ok('sjz_admin', '/exaPlanAudit/auditExaPlan', { id: p.id, result: 'pass', opinion: '同意' });
  expect(await position(p.id)).toEqual([1, PLAN_STATE.WORKING]);
  return p;
}

async function setRule(steps: { order: number; name: string; reviewerLevel: string; roleCode: null; opinionRequired: boolean }[]) {
  await db
    .update(processRules)
    .set({ steps: steps as never })
    .where(and(eq(processRules.processType, 'EXAM_PLAN_AUDIT'), eq(processRules.areaId, 130000)));
}
const CITY_ONLY = [{ order: 1, name: '市级审核', reviewerLevel: 'city', roleCode: null, opinionRequired: false }];

describe('制定与修改', () => {
  it('只能选本机构有效备案覆盖的工种与等级：不在的按名称拒绝，一行不写', async () => {
    const before = (await db.select({ id: examPlans.id }).from(examPlans)).length;
    const notFiledLevel = [1, 2, 3, 4, 5].find((l) => !filed[0].levels.includes(l))!;
    await refused('eval_org', '/exaPlan/saveExaPlan', planBody({ works: [{ workCode: filed[0].workCode, levels: [notFiledLevel] }] }), 400, new RegExp(`工种「${filed[0].workName}」的.+不在本机构已完成的技能等级认定备案内`));
    await refused('eval_org', '/exaPlan/saveExaPlan', planBody({ works: [{ workCode: '9-99-99-99', levels: [5] }] }), 400, /工种「9-99-99-99」不在本机构已完成的技能等级认定备案内/);
    // 职业资格：华元评价没有有效的职业资格备案
    await refused('eval_org', '/exaPlan/saveExaPlan', planBody({ kind: 1 }), 400, /没有有效的职业资格备案/);
    expect((await db.select({ id: examPlans.id }).from(examPlans)).length).toBe(before);
  });

  it('在审的增量备案里的工种还不能选', async () => {
    // 华元评价的技能等级认定备案有一个待初审的增量
    const [inc] = await db
      .select({ work_code: filingWorks.workCode })
      .from(filingWorks)
      .innerJoin(filings, eq(filings.id, filingWorks.filingId))
      .innerJoin(organisations, eq(organisations.id, filings.orgId))
      .where(and(eq(organisations.code, 'ORG130102001'), eq(filings.kind, 0), isNotNull(filingWorks.incrementId)));
    expect(inc).toBeTruthy();
    await refused('eval_org', '/exaPlan/saveExaPlan', planBody({ works: [{ workCode: inc.work_code, levels: [5] }] }), 400, /不在本机构已完成的技能等级认定备案内/);
  });

  it('日期与安排类型的校验', async () => {
    await refused('eval_org', '/exaPlan/saveExaPlan', planBody({ examStartDate: day(-1), examEndDate: day(1) }), 400, /考试开始日期不能早于今天/);
    await refused('eval_org', '/exaPlan/saveExaPlan', planBody({ examStartDate: day(30), examEndDate: day(29) }), 400, /考试结束日期不能早于开始日期/);
    await refused('eval_org', '/exaPlan/saveExaPlan', planBody({ arrangeTypes: [0, 1] }), 400, /不安排/);
    await refused('eval_org', '/exaPlan/saveExaPlan', planBody({ works: [] }), 400, /请选择计划的工种与等级/);
  });

  it('只有评价机构能制定；管理员 403', async () => {
    await refused('admin', '/exaPlan/saveExaPlan', planBody(), 403, /须由评价机构制定/);
    await refused('sjz_admin', '/exaPlan/saveExaPlan', planBody(), 403);
  });

  it('新建写历史、编号 JH；可修改；详情与附件', async () => {
    const p = await createPlan();
    expect(p.code).toMatch(/^JH\d{4}0\d{6}$/);
    expect(p.actions).toEqual(expect.arrayContaining(['edit', 'delete', 'submit', 'cancel']));
    expect(p.progress).toBe(10);
    await ok('eval_org', '/exaPlan/saveExaPlan', { ...planBody({ name: '改过的名称' }), id: p.id });
    const d = await ok('eval_org', '/exaPlan/getPlanDetail', { id: p.id });
    expect(d.name).toBe('改过的名称');
    expect(await ok('eval_org', '/exaPlan/byPlanFile', { id: p.id })).toEqual([]);
    const hist = (await ok('eval_org', '/exaPlan/listRecord', { id: p.id })) as unknown as { action: string }[];
    expect(hist.map((x) => x.action)).toEqual(['create']);
    await refused('eval_org', '/exaPlan/saveExaPlan', { ...planBody({ kind: 2 }), id: p.id }, 400);
  });
});

describe('第 0 步：提交与审核', () => {
  it('提交前检查提前天数：少于提前天数、日期已过都拒绝；提前天数可配置', async () => {
    const p = await createPlan({ examStartDate: day(3), examEndDate: day(3) });
    await refused('eval_org', '/exaPlan/submitExaPlan', { id: p.id }, 409, /考试开始日期须至少在 7 天之后/);
    process.env.EXAM_PLAN_LEAD_DAYS = '2';
    const past = await createPlan({ examStartDate: day(5), examEndDate: day(5) });
    await db.update(examPlans).set({ examStartDate: day(-2) }).where(eq(examPlans.id, past.id));
    await refused('eval_org', '/exaPlan/submitExaPlan', { id: past.id }, 409, /已过，请修改考试日期/);
    await ok('eval_org', '/exaPlan/submitExaPlan', { id: p.id });
    expect(await position(p.id)).toEqual([0, PLAN_STATE.CITY_REVIEW]);
  });

  it('备案失效后不能提交（planReady）', async () => {
    const p = await createPlan();
    const [f] = await db.select().from(filings).where(eq(filings.id, (await db.select().from(examPlans).where(eq(examPlans.id, p.id)))[0].filingId));
    await db.update(filings).set({ status: FILING_STATUS.VOIDED }).where(eq(filings.id, f.id));
    try {
      await refused('eval_org', '/exaPlan/submitExaPlan', { id: p.id }, 409, /不能提交审核：计划依据的备案已不在有效状态（已作废）/);
    } finally {
      await db.update(filings).set({ status: f.status }).where(eq(filings.id, f.id));
    }
  });

  it('提交 → 市级审核员收到消息；驳回须填意见，机构收到消息；修改后再提交、通过进入第 1 步', async () => {
    const p = await createPlan();
    await ok('eval_org', '/exaPlan/submitExaPlan', { id: p.id });
    const sjz = await demoUserId(db, 'sjz_admin');
    const [m] = await db.select().from(messages).where(eq(messages.userId, sjz)).orderBy(desc(messages.id)).limit(1);
    expect(m.title).toContain(p.code);
    // 提交后不能修改、删除
    await refused('eval_org', '/exaPlan/saveExaPlan', { ...planBody(), id: p.id }, 409, /不能修改/);
    await refused('eval_org', '/exaPlan/delete', { id: p.id }, 409, /不能删除/);
    // 错误的办理方
    await refused('eval_org', '/exaPlanAudit/auditExaPlan', { id: p.id, result: 'pass' }, 403);
    await refused('admin', '/exaPlanAudit/auditExaPlan', { id: p.id, result: 'pass' }, 403, /须由市级管理员办理/);
    await refused('supervisor', '/exaPlanAudit/auditExaPlan', { id: p.id, result: 'pass' }, 403);
    await refused('sjz_admin', '/exaPlan/submitExaPlan', { id: p.id }, 403);
    // 驳回须填意见
    await refused('sjz_admin', '/exaPlanAudit/auditExaPlan', { id: p.id, result: 'reject' }, 400, /请输入审核意见/);
    await ok('sjz_admin', '/exaPlanAudit/auditExaPlan', { id: p.id, result: 'reject', opinion: '日期冲突' });
    expect(await position(p.id)).toEqual([0, PLAN_STATE.REJECTED]);
    const org = await demoUserId(db, 'eval_org');
    const [om] = await db.select().from(messages).where(eq(messages.userId, org)).orderBy(desc(messages.id)).limit(1);
    expect(om.title).toContain('市级审核驳回');
    expect(om.content).toContain('日期冲突');
    // 驳回后可改、可再提交；错误的位置
    await ok('eval_org', '/exaPlan/saveExaPlan', { ...planBody({ name: '调整后的计划' }), id: p.id });
    await refused('sjz_admin', '/exaPlanAudit/auditExaPlan', { id: p.id, result: 'pass' }, 409, /审核驳回」，不能市级审核通过/);
    await ok('eval_org', '/exaPlan/submitExaPlan', { id: p.id });
    await refused('eval_org', '/exaPlan/submitExaPlan', { id: p.id }, 409, /待市级审核」，不能提交审核/);
    await ok('sjz_admin', '/exaPlanAudit/auditExaPlan', { id: p.id, result: 'pass' });
    const [row] = await db.select().from(examPlans).where(eq(examPlans.id, p.id));
    expect([row.step, row.state]).toEqual([1, PLAN_STATE.WORKING]);
    expect(row.approvedAt).not.toBeNull();
    const hist = (await ok('eval_org', '/exaPlan/listRecord', { id: p.id })) as unknown as { action: string; toStatusName: string }[];
    expect(hist.map((x) => x.action)).toEqual(['create', 'submit', 'cityReject', 'submit', 'cityPass']);
    expect(hist[4].toStatusName).toBe('实施计划 · 办理中');
  });

  it('撤回审核申请：待市级审核 → 办理中（只有机构能撤回）', async () => {
    const p = await createPlan();
    await ok('eval_org', '/exaPlan/submitExaPlan', { id: p.id });
    await refused('sjz_admin', '/exaPlanAudit/cancellAudit', { id: p.id }, 403);
    await ok('eval_org', '/exaPlanAudit/cancellAudit', { id: p.id });
    expect(await position(p.id)).toEqual([0, PLAN_STATE.WORKING]);
    await refused('eval_org', '/exaPlanAudit/cancellAudit', { id: p.id }, 409, /不能撤回审核申请/);
  });

  it('流程规则要求市级填写意见时，通过也须填意见', async () => {
    const p = await createPlan();
    await ok('eval_org', '/exaPlan/submitExaPlan', { id: p.id });
    await setRule([{ ...CITY_ONLY[0], opinionRequired: true }]);
    try {
      await refused('sjz_admin', '/exaPlanAudit/auditExaPlan', { id: p.id, result: 'pass' }, 400, /本地流程规则要求填写/);
      await ok('sjz_admin', '/exaPlanAudit/auditExaPlan', { id: p.id, result: 'pass', opinion: '同意实施' });
    } finally {
      await setRule(CITY_ONLY);
    }
  });

  it('流程规则含省级环节时：市级通过 → 待省级审核，省级通过才进入第 1 步；省级驳回须填意见', async () => {
    await setRule([...CITY_ONLY, { order: 2, name: '省级审核', reviewerLevel: 'province', roleCode: null, opinionRequired: false }]);
    try {
      const p = await createPlan();
      await ok('eval_org', '/exaPlan/submitExaPlan', { id: p.id });
      await ok('sjz_admin', '/exaPlanAudit/auditExaPlan', { id: p.id, result: 'pass' });
      expect(await position(p.id)).toEqual([0, PLAN_STATE.PROVINCE_REVIEW]);
      const admin = await demoUserId(db, 'admin');
      const [m] = await db.select().from(messages).where(eq(messages.userId, admin)).orderBy(desc(messages.id)).limit(1);
      expect(m.title).toContain(p.code);
      await refused('sjz_admin', '/exaPlanAudit/auditExaPlan', { id: p.id, result: 'pass' }, 403, /须由省级管理员办理/);
      await refused('eval_org', '/exaPlanAudit/cancellAudit', { id: p.id }, 409);
      await refused('admin', '/exaPlanAudit/auditExaPlan', { id: p.id, result: 'reject' }, 400, /请输入审核意见/);
      await ok('admin', '/exaPlanAudit/auditExaPlan', { id: p.id, result: 'pass' });
      expect(await position(p.id)).toEqual([1, PLAN_STATE.WORKING]);
      const q = await createPlan();
      await ok('eval_org', '/exaPlan/submitExaPlan', { id: q.id });
      await ok('sjz_admin', '/exaPlanAudit/auditExaPlan', { id: q.id, result: 'pass' });
      await ok('admin', '/exaPlanAudit/auditExaPlan', { id: q.id, result: 'reject', opinion: '请补充考点材料' });
      expect(await position(q.id)).toEqual([0, PLAN_STATE.REJECTED]);
    } finally {
      await setRule(CITY_ONLY);
    }
  });
});

describe('第 1–8 步：推进、申请审核与步骤审核配置', () => {
  it('第 1 步不需审核：申请审核拒绝，直接进入下一步；第 2 步须审核：进入下一步拒绝，考生条件不满足时申请审核拒绝', async () => {
    const p = await approvedPlan();
    await refused('eval_org', '/exaPlan/auditingApply', { id: p.id }, 409, /「实施计划」步骤不需审核，请直接进入下一步/);
    await refused('sjz_admin', '/exaPlan/nextStep', { id: p.id }, 403);
    await ok('eval_org', '/exaPlan/nextStep', { id: p.id });
    expect(await position(p.id)).toEqual([2, PLAN_STATE.WORKING]);
    await refused('eval_org', '/exaPlan/nextStep', { id: p.id }, 409, /「导入考生」步骤须经市级审核，请申请审核/);
    await refused('eval_org', '/exaPlan/auditingApply', { id: p.id }, 409, /不能申请审核：计划还没有符合报考条件的考生/);
    // 有一名考生，但还有一次未确认的导入
    const [plan] = await db.select().from(examPlans).where(eq(examPlans.id, p.id));
    await db.insert(examinees).values({ planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, name: '张三', idNumber: '110101199003071234', mobile: '13900000001', workCode: filed[0].workCode, workName: filed[0].workName, level: filed[0].levels[0] });
    const [imp] = await db.insert(examineeImports).values({ planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, fileName: '考生名单.xlsx', fileUrl: '/files/x.xlsx', status: 0 }).returning();
    await refused('eval_org', '/exaPlan/auditingApply', { id: p.id }, 409, /有未确认的考生导入「考生名单.xlsx」/);
    await db.update(examineeImports).set({ status: 1 }).where(eq(examineeImports.id, imp.id));
    await ok('eval_org', '/exaPlan/auditingApply', { id: p.id, opinion: '考生已导入' });
    expect(await position(p.id)).toEqual([2, PLAN_STATE.CITY_REVIEW]);
    // 驳回、再申请、撤回、再申请、通过
    await ok('sjz_admin', '/exaPlanAudit/auditExaPlan', { id: p.id, result: 'reject', opinion: '考生照片不全' });
    expect(await position(p.id)).toEqual([2, PLAN_STATE.REJECTED]);
    await refused('eval_org', '/exaPlan/nextStep', { id: p.id }, 409);
    await ok('eval_org', '/exaPlan/auditingApply', { id: p.id });
    await ok('eval_org', '/exaPlanAudit/cancellAudit', { id: p.id });
    await ok('eval_org', '/exaPlan/auditingApply', { id: p.id });
    await ok('sjz_admin', '/exaPlanAudit/auditExaPlan', { id: p.id, result: 'pass' });
    expect(await position(p.id)).toEqual([3, PLAN_STATE.WORKING]);
    const steps = (await ok('eval_org', '/exaPlan/getExaPlanAuditingStep', { id: p.id })) as unknown as { steps: { step: number; required: boolean; current: boolean }[] };
    expect(steps.steps.filter((s) => s.required).map((s) => s.step)).toEqual([0, 2, 5]);
    expect(steps.steps.find((s) => s.current)?.step).toBe(3);
  });

  it('省级管理员改步骤审核配置后：第 1 步改为申请审核；市级不能改配置', async () => {
    await refused('sjz_admin', '/exaPlanStepAuditing/updateExaPlanStepAuditing', { kind: 0, steps: [1, 2, 5] }, 403, /省级管理员/);
    await refused('admin', '/exaPlanStepAuditing/updateExaPlanStepAuditing', { kind: 0, steps: [9] }, 400);
    await ok('admin', '/exaPlanStepAuditing/updateExaPlanStepAuditing', { kind: 0, steps: [1, 2, 5] });
    try {
      const list = (await ok('sjz_admin', '/exaPlanStepAuditing/listExaPlanStepAuditing', { kind: 0 })) as unknown as { list: { step: number; required: boolean }[] };
      expect(list.list.filter((r) => r.required).map((r) => r.step)).toEqual([1, 2, 5]);
      const p = await approvedPlan();
      const [item] = ((await ok('eval_org', '/exaPlan/listExaPlan', { kind: 0, code: p.code })) as unknown as { list: PlanItem[] }).list;
      expect(item.actions).toContain('applyAudit');
      expect(item.actions).not.toContain('advance');
      await refused('eval_org', '/exaPlan/nextStep', { id: p.id }, 409, /须经市级审核/);
      await ok('eval_org', '/exaPlan/auditingApply', { id: p.id });
      await ok('sjz_admin', '/exaPlanAudit/auditExaPlan', { id: p.id, result: 'pass' });
      expect(await position(p.id)).toEqual([2, PLAN_STATE.WORKING]);
    } finally {
      await ok('admin', '/exaPlanStepAuditing/updateExaPlanStepAuditing', { kind: 0, steps: [2, 5] });
    }
  });

  it('退回上一步：市级办理，须填意见；退回第 0 步后可修改但不能删除', async () => {
    const p = await approvedPlan();
    await refused('eval_org', '/exaPlan/rollbackExampl', { id: p.id, opinion: 'x' }, 403);
    await refused('sjz_admin', '/exaPlanAudit/rollbackAudit', { id: p.id }, 400, /请输入退回意见/);
    await ok('sjz_admin', '/bks/v1/exaPlan/rollbackExampl', { id: p.id, opinion: '考试日期需调整' });
    expect(await position(p.id)).toEqual([0, PLAN_STATE.WORKING]);
    const d = await ok('eval_org', '/exaPlan/getPlanDetail', { id: p.id });
    expect(d.actions).toContain('edit');
    expect(d.actions).not.toContain('delete');
    await refused('eval_org', '/exaPlan/delete', { id: p.id }, 400, /曾审核通过，不能删除/);
    await refused('sjz_admin', '/exaPlanAudit/rollbackAudit', { id: p.id, opinion: '再退' }, 409, /不能退回上一步/);
  });
});

describe('取消与删除', () => {
  it('取消须填原因；取消后什么都不能办，取消信息可查', async () => {
    const p = await approvedPlan();
    await refused('eval_org', '/exaPlan/cancel', { id: p.id }, 400, /请输入取消原因/);
    await refused('sjz_admin', '/exaPlan/cancel', { id: p.id, opinion: '越权' }, 403);
    await ok('eval_org', '/exaPlan/cancel', { id: p.id, opinion: '报名人数不足' });
    expect(await position(p.id)).toEqual([1, PLAN_STATE.CANCELLED]);
    const info = await ok('sjz_admin', '/exaPlan/cancelInfo', { id: p.id });
    expect(info).toMatchObject({ cancelled: true, cancelReason: '报名人数不足', cancelledBy: '陈静', canCancel: false });
    await refused('eval_org', '/exaPlan/nextStep', { id: p.id }, 409, /已取消」，不能进入下一步/);
    await refused('eval_org', '/exaPlan/cancel', { id: p.id, opinion: '再取消' }, 409, /已取消」，不能取消计划/);
    const d = await ok('eval_org', '/exaPlan/getPlanDetail', { id: p.id });
    expect(d.actions).toEqual([]);
  });

  it('第 5 步之后不能取消；删除只限草稿', async () => {
    const [org] = await db.select().from(organisations).where(eq(organisations.code, 'ORG130102001'));
    const [late] = await db.select().from(examPlans).where(and(eq(examPlans.step, 6), eq(examPlans.orgId, org.id)));
    expect(late).toBeTruthy();
    await refused('eval_org', '/exaPlan/cancel', { id: late.id, opinion: '取消' }, 409, /不能取消计划/);
    const p = await createPlan();
    await refused('sjz_admin', '/exaPlan/delete', { id: p.id }, 403);
    await ok('eval_org', '/exaPlan/delete', { id: p.id });
    expect(await db.select().from(examPlans).where(eq(examPlans.id, p.id))).toEqual([]);
    expect(await db.select().from(examPlanHistory).where(eq(examPlanHistory.planId, p.id))).toEqual([]);
  });
});

describe('范围', () => {
  it('保定管理员看不到、审不了石家庄的计划（404）；机构看不到别的机构的计划', async () => {
    const p = await createPlan();
    await ok('eval_org', '/exaPlan/submitExaPlan', { id: p.id });
    await refused('bd_admin', '/exaPlan/getPlanDetail', { id: p.id }, 404);
    await refused('bd_admin', '/exaPlanAudit/auditExaPlan', { id: p.id, result: 'pass' }, 404);
    await refused('bd_admin', '/exaPlanAudit/rollbackAudit', { id: p.id, opinion: '越权' }, 404);
    const list = (await ok('bd_admin', '/exaPlan/listExaPlan', { pageSize: 100 })) as unknown as { list: PlanItem[] };
    expect(list.list.every((r) => r.cityId === 130600)).toBe(true);
    await refused('eval_org', '/exaPlan/getPlanDetail', { id: baodingPlanId }, 404);
    await refused('eval_org', '/exaPlan/listRecord', { id: baodingPlanId }, 404);
    await refused('eval_org', '/exaPlan/cancel', { id: baodingPlanId, opinion: '越权' }, 404);
    await refused('train_org', '/exaPlan/getPlanDetail', { id: p.id }, 403);
  });

  it('列表：每行带进度与操作；待我审核只列本人可审的；头部计数与列表一致', async () => {
    const pending = (await ok('sjz_admin', '/exaPlan/listExaPlan', { pendingOnly: true, pageSize: 100 })) as unknown as { list: PlanItem[] };
    expect(pending.list.length).toBeGreaterThan(0);
    expect(pending.list.every((r) => r.state === PLAN_STATE.CITY_REVIEW && r.cityId === 130100)).toBe(true);
    expect(pending.list.every((r) => r.actions.includes('cityPass') && r.actions.includes('cityReject'))).toBe(true);
    const head = (await ok('eval_org', '/exaPlan/selPlanHead', { kind: 0 })) as unknown as { total: number; steps: { step: number; count: number }[] };
    for (const s of head.steps.filter((x) => x.count > 0)) {
      const page = (await ok('eval_org', '/exaPlan/listExaPlan', { kind: 0, step: s.step, pageSize: 1 })) as unknown as { total: number; list: PlanItem[] };
      expect(page.total, `步骤 ${s.step}`).toBe(s.count);
      expect(page.list[0].progress).toBe((s.step + 1) * 10);
    }
    // 机构没有审核的操作；督导员只能看
    const mine = (await ok('eval_org', '/exaPlan/listExaPlan', { kind: 0, pageSize: 100 })) as unknown as { list: PlanItem[] };
    expect(mine.list.flatMap((r) => r.actions).some((a) => a.startsWith('city') || a.startsWith('province') || a === 'rollback')).toBe(false);
    const sup = (await ok('supervisor', '/exaPlan/listExaPlan', { kind: 0, pageSize: 100 })) as unknown as { list: PlanItem[] };
    expect(sup.list.length).toBeGreaterThan(0);
    expect(sup.list.flatMap((r) => r.actions)).toEqual([]);
  });
});

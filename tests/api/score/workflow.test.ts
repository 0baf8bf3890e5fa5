// 计划的第 5 → 6 → 7 步：成绩全部提交并经市级审核才进入公示；公示期满（不能提前结束）且没有待处理的异议才进入证书管理；
// 每个允许与拒绝的转换（办理方、位置、意见、条件），公示的开始与异议，公开页面的脱敏，合格规则与公示期的工作日。
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import type { Db } from '@/lib/platform/db/client';
import { examPlans, type ExamPlan } from '@/lib/domains/exaPlan/tables';
import { examinees } from '@/lib/domains/examinee/tables';
import { PLAN_STATE } from '@/lib/domains/exaPlan/transitions';
import { examScores, scoreObjectionHistory, scoreObjections, scorePublicities } from '@/lib/domains/score/tables';
import { OBJECTION_STATUS } from '@/lib/domains/score/transitions';
import { recomputeResults } from '@/lib/domains/score/results';
import { publicPublicity } from '@/lib/domains/score/publicity';
import { DEFAULT_PUBLICITY_DAYS, judge, MARK, publicityDays, publicityEnd, RESULT, SCORE_STATUS, SUBJECT } from '@/lib/domains/score/rules';
import { planSubjects } from '@/lib/domains/examSite/sessions';
import type { PublicityItem } from '@/lib/domains/score/schemas';
import { huayuanPlan, login, ok, refused, seatsOf } from './helpers';

const { db: getDb } = setupTestDb();
let db: Db;
let plan: ExamPlan;

beforeAll(async () => {
  db = await getDb();
  await login('assessor', 'eval_org', 'sjz_admin', 'bd_admin', 'admin');
  plan = await huayuanPlan(db, 5);
});

afterEach(() => {
  delete process.env.SCORE_PUBLICITY_DAYS;
});

async function position(id = plan.id) {
  const [p] = await db.select().from(examPlans).where(eq(examPlans.id, id));
  return [p.step, p.state];
}

/** 测试准备：把计划里还没提交的成绩都补成已提交（正常 80 分） */
async function completeScores(p: ExamPlan) {
  const people = await db
    .select({ id: examinees.id })
    .from(examinees)
    .where(and(eq(examinees.planId, p.id), ne(examinees.qualification, 2)));
  const rows = people.flatMap((e) => planSubjects(p).map((subject) => ({ planId: p.id, orgId: p.orgId, cityId: p.cityId, examineeId: e.id, subject, score: '80.0', mark: MARK.NORMAL, status: SCORE_STATUS.SUBMITTED, enteredByName: '测试' })));
  await db
    .insert(examScores)
    .values(rows)
    .onConflictDoUpdate({ target: [examScores.examineeId, examScores.subject], set: { status: SCORE_STATUS.SUBMITTED }, setWhere: eq(examScores.status, SCORE_STATUS.ENTERED) });
  await recomputeResults(
    db,
    p,
    people.map((e) => e.id),
  );
}

describe('第 5 步 → 第 6 步：成绩全部提交并经市级审核', () => {
  it('成绩没录完：不能申请审核（点名人数）；成绩管理须审核，不能直接进入下一步', async () => {
    await refused('eval_org', '/exaPlan/nextStep', { id: plan.id }, 409, '「成绩管理」步骤须经市级审核，请申请审核');
    await refused('eval_org', '/exaPlan/auditingApply', { id: plan.id }, 409, /^不能申请审核：尚有 \d+ 名考生的成绩未全部提交（.+）$/);
    // 成绩产生之后不能退回上一步、不能取消计划
    await refused('sjz_admin', '/exaPlanAudit/rollbackAudit', { id: plan.id, opinion: '退回' }, 409, '考试计划当前为「成绩管理 · 办理中」，不能退回上一步');
    await refused('eval_org', '/exaPlan/cancel', { id: plan.id, opinion: '取消' }, 409, '考试计划当前为「成绩管理 · 办理中」，不能取消计划');
    expect(await position()).toEqual([5, PLAN_STATE.WORKING]);
  });

  it('录完后申请审核；待审核时成绩锁定；机构可撤回；市级驳回须填意见，驳回后可改、再申请；通过进入成绩公示', async () => {
    await completeScores(plan);
    await ok('eval_org', '/exaPlan/auditingApply', { id: plan.id, opinion: '成绩已全部录入' });
    expect(await position()).toEqual([5, PLAN_STATE.CITY_REVIEW]);
    const [seat] = await seatsOf(db, plan.id, SUBJECT.ON_SITE);
    await refused('assessor', '/exaAff/updateScore', { examineeId: seat.examineeId, subject: SUBJECT.ON_SITE, score: 90, reason: '复核' }, 400, '计划当前处于「成绩管理 · 待市级审核」，录入成绩须在「成绩管理」步骤办理');

    await ok('eval_org', '/exaPlanAudit/cancellAudit', { id: plan.id });
    expect(await position()).toEqual([5, PLAN_STATE.WORKING]);
    await ok('eval_org', '/exaPlan/auditingApply', { id: plan.id });

    // 别的市看不到；机构不能审核；驳回须填意见
    await refused('bd_admin', '/exaPlanAudit/auditExaPlan', { id: plan.id, result: 'pass' }, 404);
    await refused('eval_org', '/exaPlanAudit/auditExaPlan', { id: plan.id, result: 'pass' }, 403);
    await refused('sjz_admin', '/exaPlanAudit/auditExaPlan', { id: plan.id, result: 'reject' }, 400, '请输入审核意见');
    await ok('sjz_admin', '/exaPlanAudit/auditExaPlan', { id: plan.id, result: 'reject', opinion: '请核对第 3 考场的实操成绩' });
    expect(await position()).toEqual([5, PLAN_STATE.REJECTED]);
    // 驳回后已提交的成绩可更正（须填原因）
    await ok('assessor', '/exaAff/updateScore', { examineeId: seat.examineeId, subject: SUBJECT.ON_SITE, score: 81, reason: '核对评分表' });
    await ok('eval_org', '/exaPlan/auditingApply', { id: plan.id });
    // 审核中发现违纪：市级审核员可标记（留更正历史），标记后仍全部提交
    await ok('sjz_admin', '/exaPlanAudit/updateScoreStatus', { examineeId: seat.examineeId, subjects: [SUBJECT.ON_SITE], mark: MARK.CHEATING, reason: '监控录像显示替考' });
    await ok('sjz_admin', '/exaPlanAudit/auditExaPlan', { id: plan.id, result: 'pass', opinion: '成绩核对无误' });
    expect(await position()).toEqual([6, PLAN_STATE.WORKING]);
  });
});

describe('第 6 步：成绩公示', () => {
  it('公示由机构开始、不能重复；公示期内不能进入下一步（不能提前结束）', async () => {
    await refused('eval_org', '/exaPlan/nextStep', { id: plan.id }, 409, '不能进入下一步：成绩公示尚未开始');
    await refused('sjz_admin', '/publicity/submit', { planId: plan.id }, 403, '只有计划所属的评价机构可以开始成绩公示');
    await refused('assessor', '/publicity/submit', { planId: plan.id }, 403);
    const started = await ok<{ startsAt: string; endsAt: string; publicPath: string }>('eval_org', '/publicity/submit', { planId: plan.id });
    expect(started.publicPath).toMatch(/^\/publicity\/score\?code=[0-9a-f-]{36}$/);
    await refused('eval_org', '/publicity/submit', { planId: plan.id }, 400, '成绩公示已开始，不能重复开始');
    await refused('eval_org', '/exaPlan/nextStep', { id: plan.id }, 409, /^不能进入下一步：成绩公示期至 .+ 结束，公示期满之前不能进入下一步$/);
    expect(await position()).toEqual([6, PLAN_STATE.WORKING]);

    const { list } = await ok<{ list: PublicityItem[] }>('eval_org', '/publicity/scorePublicity', { code: plan.code, pageNo: 1, pageSize: 10 });
    expect(list[0]).toMatchObject({ planId: plan.id, statusName: '公示中', openObjections: 0, workingDays: DEFAULT_PUBLICITY_DAYS });
    expect(list[0].actions).toContain('objection');
    expect(list[0].actions).toContain('advance');
    expect(list[0].actions).not.toContain('start');
  });

  it('公示期内登记异议；公示期满但有待处理的异议：不能进入证书管理；市级处理后才可以', async () => {
    const [e] = await seatsOf(db, plan.id, SUBJECT.ON_SITE);
    const { id } = await ok<{ id: number }>('sjz_admin', '/publicity/addObjection', { planId: plan.id, examineeId: e.examineeId, raisedBy: '考生本人', contact: '13900001111', content: '对实操成绩有异议' });
    await refused('bd_admin', '/publicity/addObjection', { planId: plan.id, raisedBy: '某人', content: '越权' }, 404);
    // 异议列表里提出人的联系方式脱敏（列表不显示它，也不必整号发给浏览器）
    const objections = await ok<{ list: { id: number; contact: string }[] }>('sjz_admin', '/publicity/objections', { planId: plan.id });
    expect(objections.list.find((o) => o.id === id)?.contact).toBe('139****1111');

    // 公示期满（把结束时刻挪到一分钟前，等同时间过去）
    await db.update(scorePublicities).set({ endsAt: new Date(Date.now() - 60_000), startsAt: new Date(Date.now() - 8 * 86_400_000) }).where(eq(scorePublicities.planId, plan.id));
    await refused('eval_org', '/publicity/addObjection', { planId: plan.id, raisedBy: '某人', content: '迟到的异议' }, 400, '成绩公示期已结束，不能再登记异议');
    await refused('eval_org', '/exaPlan/nextStep', { id: plan.id }, 409, '不能进入下一步：公示期内有 1 条异议尚未处理');
    expect(await position()).toEqual([6, PLAN_STATE.WORKING]);

    await refused('eval_org', '/publicity/resolveObjection', { id, resolution: '机构自己处理' }, 403, '「处理异议」须由计划所在市的市级管理员（或省级）办理');
    await refused('sjz_admin', '/publicity/resolveObjection', { id }, 400, /处理意见/);
    await ok('sjz_admin', '/publicity/resolveObjection', { id, resolution: '经复核评分表，成绩无误' });
    await refused('sjz_admin', '/publicity/resolveObjection', { id, resolution: '再处理一次' }, 409, '公示异议当前为「已处理」，不能处理异议');
    const [o] = await db.select().from(scoreObjections).where(eq(scoreObjections.id, id));
    expect(o).toMatchObject({ status: OBJECTION_STATUS.RESOLVED, resolution: '经复核评分表，成绩无误', resolvedByName: '王志强' });
    const history = await db.select().from(scoreObjectionHistory).where(eq(scoreObjectionHistory.objectionId, id));
    expect(history).toMatchObject([{ action: 'resolve', fromStatus: OBJECTION_STATUS.OPEN, toStatus: OBJECTION_STATUS.RESOLVED, opinion: '经复核评分表，成绩无误', actorName: '王志强' }]);

    // 只能由机构进入下一步
    await refused('sjz_admin', '/exaPlan/nextStep', { id: plan.id }, 403);
    await ok('eval_org', '/exaPlan/nextStep', { id: plan.id });
    expect(await position()).toEqual([7, PLAN_STATE.WORKING]);
  });

  it('公示页面的数据：姓名只留姓、证件号中间打码', async () => {
    const [pub] = await db.select().from(scorePublicities).where(eq(scorePublicities.planId, plan.id));
    const page = await publicPublicity(db, pub.publicCode);
    expect(page).not.toBeNull();
    const names = (await db.select({ name: examinees.name, idNumber: examinees.idNumber }).from(examinees).where(eq(examinees.planId, plan.id))).map((x) => x.name);
    expect(page!.rows.length).toBeGreaterThan(10);
    for (const r of page!.rows) {
      expect(r.name).toMatch(/^[^*]\*+$/);
      expect(r.idNumber).toMatch(/^\d{6}\*{8}\d{3}[\dX]$/);
    }
    expect(page!.rows.some((r) => names.includes(r.name))).toBe(false);
    expect(await publicPublicity(db, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('第 6 步须审核时（步骤审核配置）：公示期满后申请审核、市级通过进入第 7 步', async () => {
    const other = await huayuanPlan(db, 6);
    await ok('admin', '/exaPlanStepAuditing/updateExaPlanStepAuditing', { kind: 0, steps: [2, 5, 6] });
    await refused('eval_org', '/exaPlan/nextStep', { id: other.id }, 409, '「成绩公示」步骤须经市级审核，请申请审核');
    const [pub] = await db.select().from(scorePublicities).where(eq(scorePublicities.planId, other.id));
    expect(pub, '演示数据：华元评价第 6 步的计划公示中').toBeTruthy();
    await refused('eval_org', '/exaPlan/auditingApply', { id: other.id }, 409, /公示期满之前不能进入下一步/);
    await db.update(scorePublicities).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(scorePublicities.id, pub.id));
    // 演示数据里这份公示有一条待处理的异议
    await refused('eval_org', '/exaPlan/auditingApply', { id: other.id }, 409, /异议尚未处理/);
    await db.update(scoreObjections).set({ status: 1, resolution: '已处理' }).where(eq(scoreObjections.publicityId, pub.id));
    await ok('eval_org', '/exaPlan/auditingApply', { id: other.id });
    await ok('sjz_admin', '/exaPlanAudit/auditExaPlan', { id: other.id, result: 'pass' });
    expect(await position(other.id)).toEqual([7, PLAN_STATE.WORKING]);
  });
});

describe('合格规则（rules.ts 的 judge）', () => {
  const s = (subject: number, score: number | null, mark: number = MARK.NORMAL, status: number = SCORE_STATUS.SUBMITTED) => ({ subject, score, mark, status });
  const K = SUBJECT.KNOWLEDGE;
  const O = SUBJECT.ON_SITE;
  const D = SUBJECT.DEFENCE;

  it('每个安排的科目 ≥ 60 合格；任一科不足 60 不合格；未提交的科目待定', () => {
    expect(judge(4, [K, O], [s(K, 60), s(O, 99.5)])).toEqual({ result: RESULT.PASS, reason: null });
    expect(judge(4, [K, O], [s(K, 59.5), s(O, 80)])).toEqual({ result: RESULT.FAIL, reason: '理论不足 60 分' });
    expect(judge(4, [K, O], [s(K, 70)])).toEqual({ result: RESULT.PENDING, reason: '实操成绩未提交' });
    expect(judge(4, [K, O], [s(K, 70), s(O, 80, MARK.NORMAL, SCORE_STATUS.ENTERED)])).toEqual({ result: RESULT.PENDING, reason: '实操成绩未提交' });
  });

  it('缺考、违纪不合格（违纪优先说明）', () => {
    expect(judge(5, [K, O], [s(K, null, MARK.ABSENT), s(O, 80)])).toEqual({ result: RESULT.FAIL, reason: '理论缺考' });
    expect(judge(5, [K, O], [s(K, null, MARK.ABSENT), s(O, null, MARK.CHEATING)])).toEqual({ result: RESULT.FAIL, reason: '实操违纪' });
  });

  it('二级、一级须通过综合评审：计划没有安排答辩不合格，答辩不足 60 不合格', () => {
    expect(judge(2, [K, O], [s(K, 90), s(O, 90)])).toEqual({ result: RESULT.FAIL, reason: '二级、一级须通过综合评审，本计划未安排' });
    expect(judge(1, [K, O, D], [s(K, 90), s(O, 90), s(D, 59)])).toEqual({ result: RESULT.FAIL, reason: '答辩不足 60 分' });
    expect(judge(1, [K, O, D], [s(K, 90), s(O, 90), s(D, 60)])).toEqual({ result: RESULT.PASS, reason: null });
    expect(judge(3, [K, O], [s(K, 90), s(O, 90)])).toEqual({ result: RESULT.PASS, reason: null });
  });
});

describe('公示期：工作日（周一至周五）', () => {
  // 2026-11-24 是周二
  const at = (iso: string) => new Date(iso);
  it('从开始之日的次日起数 5 个工作日，到最后一天北京时间 24:00', () => {
    expect(publicityEnd(at('2026-11-24T10:00:00+08:00'), 5).toISOString()).toBe(at('2026-12-02T00:00:00+08:00').toISOString());
    // 周五开始：下周一至周五
    expect(publicityEnd(at('2026-11-27T16:00:00+08:00'), 5).toISOString()).toBe(at('2026-12-05T00:00:00+08:00').toISOString());
    // 周六开始（北京时间）：下周一至周五
    expect(publicityEnd(at('2026-11-28T09:00:00+08:00'), 5).toISOString()).toBe(at('2026-12-05T00:00:00+08:00').toISOString());
    // 北京时间周二凌晨（UTC 仍是周一）按周二算
    expect(publicityEnd(at('2026-11-23T17:30:00Z'), 1).toISOString()).toBe(at('2026-11-26T00:00:00+08:00').toISOString());
  });

  it('天数可配置（SCORE_PUBLICITY_DAYS，1–30），不正确时为 5', () => {
    expect(publicityDays()).toBe(5);
    process.env.SCORE_PUBLICITY_DAYS = '7';
    expect(publicityDays()).toBe(7);
    process.env.SCORE_PUBLICITY_DAYS = '0';
    expect(publicityDays()).toBe(5);
    process.env.SCORE_PUBLICITY_DAYS = 'abc';
    expect(publicityDays()).toBe(5);
  });
});

// 成绩审核端：待我审核的计划与合计、概况、合格考生名单只列合格的（默认脱敏，看全须 exaPlanAudit.unmask、选理由、记访问日志）、
// 市级派出督导员（考试之前、本市、在岗、时间不冲突）。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import type { Db } from '@/lib/platform/db/client';
import { examPlans } from '@/lib/domains/exaPlan/tables';
import { examSessions, examSessionStaff } from '@/lib/domains/examSite/tables';
import { PLAN_STATE } from '@/lib/domains/exaPlan/transitions';
import { people } from '@/lib/domains/personnel/tables';
import { examResults } from '@/lib/domains/score/tables';
import { RESULT } from '@/lib/domains/score/rules';
import type { PlanScoreItem } from '@/lib/domains/score/schemas';
import { maskIdNumber } from '@/lib/platform/identity';
import { call } from '../../helpers/api';
import { accessLogs, expectUnmaskGate, listCall } from '../privacy/helpers';
import { h, huayuanPlan, login, ok, refused } from './helpers';

const { db: getDb } = setupTestDb();
let db: Db;

beforeAll(async () => {
  db = await getDb();
  await login('eval_org', 'sjz_admin', 'bd_admin', 'admin', 'assessor');
});

describe('审核端', () => {
  it('待我审核：只有第 5 步待市级审核的本市计划；合计与成绩一致', async () => {
    const plan = await huayuanPlan(db, 5);
    await db.update(examPlans).set({ state: PLAN_STATE.CITY_REVIEW }).where(eq(examPlans.id, plan.id));
    const { list } = await ok<{ list: PlanScoreItem[] }>('sjz_admin', '/exaPlanAudit/selectPlanScoreList', { pendingOnly: true, pageNo: 1, pageSize: 50 });
    expect(list.map((p) => p.id)).toContain(plan.id);
    expect(list.every((p) => p.step === 5 && p.state === PLAN_STATE.CITY_REVIEW)).toBe(true);
    const row = list.find((p) => p.id === plan.id)!;
    expect(row.actions).toEqual(expect.arrayContaining(['cityPass', 'cityReject']));
    const passed = await db.$count(examResults, and(eq(examResults.planId, plan.id), eq(examResults.result, RESULT.PASS)));
    expect(row.totals.passed).toBe(passed);
    const bd = await ok<{ list: PlanScoreItem[] }>('bd_admin', '/exaPlanAudit/selectPlanScoreList', { pendingOnly: true, pageNo: 1, pageSize: 50 });
    expect(bd.list.map((p) => p.id)).not.toContain(plan.id);

    const vo = await ok<{ plan: { code: string }; sessions: unknown[]; subjects: { submitted: number }[] }>('sjz_admin', '/exaPlanAudit/getExaExamaffVo', { id: plan.id });
    expect(vo.plan.code).toBe(plan.code);
    expect(vo.sessions.length).toBeGreaterThan(0);
    expect(vo.subjects[0].submitted).toBeGreaterThan(0);
    await refused('bd_admin', '/exaPlanAudit/getExaExamaffVo', { id: plan.id }, 404);
  });

  it('合格考生名单只列结果为合格的考生', async () => {
    const plan = await huayuanPlan(db, 7);
    const page = await ok<{ list: { id: number }[]; total: number }>('eval_org', '/exaPlanAudit/getcertificateList', { planId: plan.id, pageNo: 1, pageSize: 100 });
    const passed = await db.select({ id: examResults.examineeId }).from(examResults).where(and(eq(examResults.planId, plan.id), eq(examResults.result, RESULT.PASS)));
    expect(page.total).toBe(passed.length);
    expect(page.list.map((r) => r.id).sort()).toEqual(passed.map((p) => p.id).sort().slice(0, 100));
  });
});

describe('合格考生名单（成绩公示 › 成绩审核）：默认脱敏，看全须有权限、给理由、记日志', () => {
  it('市级管理员（exaPlanAudit.unmask）canUnmask 为 true、评价机构为 false；评价机构看全 403、没选理由 400；看全记这一页的考生', async () => {
    const plan = await huayuanPlan(db, 7);
    const list = listCall<{ id: number; idNumber: string }>('POST', '/exaPlanAudit/getcertificateList', { planId: plan.id, pageNo: 1, pageSize: 5 });
    const { full, log } = await expectUnmaskGate(db, { list, resource: 'exaPlanAudit', allowed: 'sjz_admin', denied: 'eval_org', shown: (r) => r.idNumber, mask: maskIdNumber });
    expect([log.entity, log.entityId, log.recordIds, log.recordCount]).toEqual(['exam_plan', plan.id, full.list.map((r) => r.id), full.list.length]);
  });

  it('导出完整名单：评价机构 403；市级管理员给理由时导出记一行，涉及筛选到的全部合格考生', async () => {
    const plan = await huayuanPlan(db, 7);
    const passed = await db.select({ id: examResults.examineeId }).from(examResults).where(and(eq(examResults.planId, plan.id), eq(examResults.result, RESULT.PASS)));
    const before = (await accessLogs(db, 'exaPlanAudit')).at(-1)?.id ?? 0;
    const refusedFile = await call('POST', '/exaPlanAudit/planCertificateExport', { headers: h.eval_org, json: { planId: plan.id, unmask: true, reason: 'verify' } });
    expect(refusedFile.status).toBe(403);
    const file = await call('POST', '/exaPlanAudit/planCertificateExport', { headers: h.sjz_admin, json: { planId: plan.id, unmask: true, reason: 'audit' } });
    expect(file.status).toBe(200);
    const logs = await accessLogs(db, 'exaPlanAudit', before);
    expect(logs.map((l) => [l.account, l.action, l.reason, l.recordCount])).toEqual([['sjz_admin', 'export', 'audit', passed.length]]);
    expect([...logs[0].recordIds].sort((a, b) => a - b)).toEqual(passed.map((p) => p.id).sort((a, b) => a - b));
  });
});

describe('市级派出督导员', () => {
  it('考试之前由计划所在市派出：本市在岗的督导员；考试之后、别的市、停用的、机构都不行', async () => {
    const plan = await huayuanPlan(db, 4);
    const [session] = await db.select().from(examSessions).where(eq(examSessions.planId, plan.id)).limit(1);
    const sup = await db.select().from(people).where(eq(people.library, 'supervisor'));
    const active = sup.find((p) => p.cityId === 130100 && p.status === 0 && p.name === '林雪')!;
    const stopped = sup.find((p) => p.cityId === 130100 && p.status === 1)!;
    const baoding = sup.find((p) => p.cityId === 130600 && p.status === 0)!;

    await refused('eval_org', '/exaPlanAudit/savePerSupervisor', { sessionId: session.id, personIds: [active.id] }, 403);
    await refused('bd_admin', '/exaPlanAudit/savePerSupervisor', { sessionId: session.id, personIds: [baoding.id] }, 404);
    await refused('sjz_admin', '/exaPlanAudit/savePerSupervisor', { sessionId: session.id, personIds: [stopped.id] }, 400, /已停用，不能分派/);
    await refused('sjz_admin', '/exaPlanAudit/savePerSupervisor', { sessionId: session.id, personIds: [baoding.id] }, 400, `督导员「${baoding.name}」不属于计划所在市，不能派出`);

    const saved = await ok<{ supervisors: { name: string }[] }>('sjz_admin', '/exaPlanAudit/savePerSupervisor', { sessionId: session.id, personIds: [active.id] });
    expect(saved.supervisors).toEqual([{ personId: active.id, name: '林雪' }]);
    const rows = await db
      .select()
      .from(examSessionStaff)
      .where(and(eq(examSessionStaff.sessionId, session.id), eq(examSessionStaff.role, 'supervisor')));
    expect(rows.map((r) => r.personId)).toEqual([active.id]);

    const later = await huayuanPlan(db, 5, PLAN_STATE.CITY_REVIEW);
    const [done] = await db.select().from(examSessions).where(eq(examSessions.planId, later.id)).limit(1);
    await refused('sjz_admin', '/exaPlanAudit/savePerSupervisor', { sessionId: done.id, personIds: [active.id] }, 400, /派出督导员须在考试之前/);
  });
});

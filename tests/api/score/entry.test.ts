// 成绩录入：只有分派到该场次（考场）的考评员（理论也可由本机构考务人员）；提交后只能更正（须填原因，留历史）；
// 缺考违纪标记；扫准考证二维码打开表单；范围（保定的人看不到石家庄的考生）；计划不在“成绩管理”步骤时不能录入。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import type { Db } from '@/lib/platform/db/client';
import { examPlans, type ExamPlan } from '@/lib/domains/exaPlan/tables';
import { examinees } from '@/lib/domains/examinee/tables';
import { examSessions, examSessionStaff } from '@/lib/domains/examSite/tables';
import { beijingDate } from '@/lib/platform/time';
import { PLAN_STATE } from '@/lib/domains/exaPlan/transitions';
import { examResults, examScoreCorrections, examScores } from '@/lib/domains/score/tables';
import { MARK, RESULT, SCORE_STATUS, SUBJECT } from '@/lib/domains/score/rules';
import type { ScoreForm, ScoreRow } from '@/lib/domains/score/schemas';
import { assessorPerson, huayuanPlan, login, ok, refused, seatsOf, unscored } from './helpers';

const { db: getDb } = setupTestDb();
let db: Db;
let plan: ExamPlan;

beforeAll(async () => {
  db = await getDb();
  await login('assessor', 'eval_org', 'sjz_admin', 'bd_admin');
  plan = await huayuanPlan(db, 5);
});

/** 测试准备：清掉某科成绩（演示数据里理论都已录入），当作还没录 */
const clearScore = (examineeId: number, subject: number) => db.delete(examScores).where(and(eq(examScores.examineeId, examineeId), eq(examScores.subject, subject)));
/** 计划里理论已录入的第 n 名考生，清掉其理论成绩 */
async function freshKnowledge(n: number) {
  const seat = (await seatsOf(db, plan.id, SUBJECT.KNOWLEDGE))[n];
  await clearScore(seat.examineeId, SUBJECT.KNOWLEDGE);
  return seat;
}

const scoreRow = async (examineeId: number, subject: number) => (await db.select().from(examScores).where(and(eq(examScores.examineeId, examineeId), eq(examScores.subject, subject))))[0];

describe('谁能录入', () => {
  it('考评员录入分派到的实操场次的考生并提交；理论科目（没有分派）与没有分派的场次都被拒绝，一分不写', async () => {
    const pending = await unscored(db, plan.id, SUBJECT.ON_SITE);
    expect(pending.length).toBeGreaterThanOrEqual(2);
    const [first, second] = pending;
    const form = await ok<ScoreForm>('assessor', '/exaAff/updateScore', { examineeId: first.examineeId, subject: SUBJECT.ON_SITE, score: 78.5, submit: true });
    const onSite = form.subjects.find((s) => s.subject === SUBJECT.ON_SITE)!;
    expect(onSite).toMatchObject({ score: 78.5, status: SCORE_STATUS.SUBMITTED, enteredByName: '吴国栋', needsReason: true });
    expect(form.subjects.find((s) => s.subject === SUBJECT.KNOWLEDGE)!.editable).toBe(false);

    // 理论：考评员没有分派到理论场次
    const before = await scoreRow(first.examineeId, SUBJECT.KNOWLEDGE);
    await refused('assessor', '/exaAff/updateScore', { examineeId: first.examineeId, subject: SUBJECT.KNOWLEDGE, score: 90, submit: true }, 403, /只有场次「.+」的考评员或本机构的考务人员可以录入「理论知识考试」成绩/);
    expect(await scoreRow(first.examineeId, SUBJECT.KNOWLEDGE)).toEqual(before);

    // 撤下他在第二名考生所在场次的分派：该场次不再可录入
    const person = await assessorPerson(db);
    await db.delete(examSessionStaff).where(and(eq(examSessionStaff.sessionId, second.sessionId), eq(examSessionStaff.personId, person.id)));
    await refused('assessor', '/exaAff/updateScore', { examineeId: second.examineeId, subject: SUBJECT.ON_SITE, score: 80, submit: true }, 403, /只有场次「.+」考场「.+」的考评员可以录入「操作技能考核」成绩/);
    expect(await scoreRow(second.examineeId, SUBJECT.ON_SITE)).toBeUndefined();
    const f2 = await ok<ScoreForm>('assessor', '/exaAff/getFormTypeAndScoreDetail', { examineeId: second.examineeId });
    expect(f2.subjects.find((s) => s.subject === SUBJECT.ON_SITE)).toMatchObject({ editable: false, lockedReason: expect.stringMatching(/考评员可以录入/) });
  });

  it('机构的考务人员可录入理论，不能录入实操', async () => {
    const [seat] = await unscored(db, plan.id, SUBJECT.ON_SITE);
    await refused('eval_org', '/exaAff/updateScore', { examineeId: seat.examineeId, subject: SUBJECT.ON_SITE, score: 70, submit: true }, 403, /考评员可以录入「操作技能考核」成绩/);
    await clearScore(seat.examineeId, SUBJECT.KNOWLEDGE);
    const form = await ok<ScoreForm>('eval_org', '/exaAff/updateScore', { examineeId: seat.examineeId, subject: SUBJECT.KNOWLEDGE, score: 66, submit: false, reason: '' });
    expect(form.subjects.find((s) => s.subject === SUBJECT.KNOWLEDGE)).toMatchObject({ score: 66, status: SCORE_STATUS.ENTERED });
  });

  it('市级管理员与别的市看不到：范围外的考生 404', async () => {
    const [seat] = await seatsOf(db, plan.id, SUBJECT.ON_SITE);
    await refused('bd_admin', '/exaAff/getFormTypeAndScoreDetail', { examineeId: seat.examineeId }, 404);
    // 市级管理员有查看权限但没有录入权限（score.edit）
    await refused('sjz_admin', '/exaAff/updateScore', { examineeId: seat.examineeId, subject: SUBJECT.ON_SITE, score: 70 }, 403);
    const [bd] = await db
      .select({ id: examinees.id })
      .from(examinees)
      .innerJoin(examPlans, eq(examPlans.id, examinees.planId))
      .where(eq(examPlans.cityId, 130600))
      .limit(1);
    await refused('assessor', '/exaAff/getFormTypeAndScoreDetail', { examineeId: bd.id }, 404);
  });
});

describe('提交与更正', () => {
  it('暂存可随意改；提交后修改须填原因，改前改后与原因记入更正历史', async () => {
    const id = (await freshKnowledge(1)).examineeId;
    await ok('eval_org', '/exaAff/updateScore', { examineeId: id, subject: SUBJECT.KNOWLEDGE, score: 55 });
    await ok('eval_org', '/exaAff/updateScore', { examineeId: id, subject: SUBJECT.KNOWLEDGE, score: 58 });
    await ok('eval_org', '/exaAff/updateScore', { examineeId: id, subject: SUBJECT.KNOWLEDGE, score: 61, submit: true });
    expect(await db.$count(examScoreCorrections, eq(examScoreCorrections.examineeId, id))).toBe(0);

    const r = await refused('eval_org', '/exaAff/updateScore', { examineeId: id, subject: SUBJECT.KNOWLEDGE, score: 71 }, 400, '成绩已提交，修改须填写更正原因');
    expect((r.body.data as { fields: Record<string, string> }).fields.reason).toBe('请填写更正原因');
    await refused('eval_org', '/exaAff/updateScore', { examineeId: id, subject: SUBJECT.KNOWLEDGE, score: 61, reason: '复核' }, 400, '成绩没有变化');
    expect(Number((await scoreRow(id, SUBJECT.KNOWLEDGE)).score)).toBe(61);

    const form = await ok<ScoreForm>('eval_org', '/exaAff/updateScore', { examineeId: id, subject: SUBJECT.KNOWLEDGE, score: 71, reason: '试卷复核，第二大题漏计 10 分' });
    expect(form.subjects.find((s) => s.subject === SUBJECT.KNOWLEDGE)).toMatchObject({ score: 71, status: SCORE_STATUS.SUBMITTED });
    expect(form.corrections).toEqual([expect.objectContaining({ subject: SUBJECT.KNOWLEDGE, before: '61', after: '71', reason: '试卷复核，第二大题漏计 10 分', actorName: '陈静' })]);
    const history = await db.select().from(examScoreCorrections).where(eq(examScoreCorrections.examineeId, id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ beforeScore: '61.0', afterScore: '71.0', beforeMark: MARK.NORMAL, afterMark: MARK.NORMAL });
  });

  it('成绩的校验：正常须有 0–100 的分数（一位小数），缺考违纪不填分数', async () => {
    const id = (await freshKnowledge(2)).examineeId;
    await refused('eval_org', '/exaAff/updateScore', { examineeId: id, subject: SUBJECT.KNOWLEDGE, score: 101 }, 400, /成绩不能大于 100/);
    await refused('eval_org', '/exaAff/updateScore', { examineeId: id, subject: SUBJECT.KNOWLEDGE, score: 60.25 }, 400, /成绩最多保留一位小数/);
    await refused('eval_org', '/exaAff/updateScore', { examineeId: id, subject: SUBJECT.KNOWLEDGE }, 400, '请输入成绩');
    await refused('eval_org', '/exaAff/updateScore', { examineeId: id, subject: SUBJECT.KNOWLEDGE, score: 50, mark: MARK.ABSENT }, 400, '标记为缺考时不填成绩');
    await refused('eval_org', '/exaAff/updateScore', { examineeId: id, subject: SUBJECT.DEFENCE, score: 50 }, 400, '本计划没有安排「综合评审（答辩）」');
    expect(await scoreRow(id, SUBJECT.KNOWLEDGE)).toBeUndefined();
  });

  it('缺考、违纪标记须填原因；标记后该考生不合格；已提交的按更正记下', async () => {
    // 理论已提交的一名考生
    const [done] = await db
      .select({ id: examScores.examineeId })
      .from(examScores)
      .where(and(eq(examScores.planId, plan.id), eq(examScores.subject, SUBJECT.KNOWLEDGE), eq(examScores.status, SCORE_STATUS.SUBMITTED), eq(examScores.mark, MARK.NORMAL)))
      .limit(1);
    const id = done.id;
    await refused('eval_org', '/exaPlanAudit/updateScoreStatus', { examineeId: id, subjects: [SUBJECT.KNOWLEDGE], mark: MARK.CHEATING }, 400, /原因/);
    const had = await scoreRow(id, SUBJECT.KNOWLEDGE);
    await ok('eval_org', '/exaPlanAudit/updateScoreStatus', { examineeId: id, subjects: [SUBJECT.KNOWLEDGE], mark: MARK.CHEATING, reason: '携带与考试有关的资料' });
    expect(await scoreRow(id, SUBJECT.KNOWLEDGE)).toMatchObject({ mark: MARK.CHEATING, score: null, status: SCORE_STATUS.SUBMITTED });
    expect(had.status).toBe(SCORE_STATUS.SUBMITTED);
    expect(await db.$count(examScoreCorrections, eq(examScoreCorrections.examineeId, id))).toBe(1);
    const [res] = await db.select().from(examResults).where(eq(examResults.examineeId, id));
    // 违纪直接不合格（不等其他科）或仍待定（其他科没提交）
    expect([RESULT.FAIL, RESULT.PENDING]).toContain(res.result);
    if (res.result === RESULT.FAIL) expect(res.reason).toBe('理论违纪');
    // 考评员不能标记没有分派的理论科目
    await refused('assessor', '/exaPlanAudit/updateScoreStatus', { examineeId: id, subjects: [SUBJECT.KNOWLEDGE], mark: MARK.ABSENT, reason: '未到' }, 403);
  });
});

describe('扫码、列表与步骤', () => {
  it('扫准考证二维码（准考证号）打开考生的成绩表单；不认识的码 404，别的市 404', async () => {
    const [seat] = await seatsOf(db, plan.id, SUBJECT.ON_SITE);
    const form = await ok<ScoreForm>('assessor', '/exaAff/byQrCodeScore', { code: ` ${seat.ticketNo} ` });
    expect(form.examinee).toMatchObject({ id: seat.examineeId, name: seat.name, ticketNo: seat.ticketNo });
    expect(form.examinee.idNumber).toMatch(/^\d{6}\*+\d{3}[\dX]$/);
    await refused('assessor', '/exaAff/byQrCodeScore', { code: 'NOSUCHTICKET' }, 404, '没有找到准考证号为「NOSUCHTICKET」的考生');
    await refused('bd_admin', '/exaAff/byQrCodeScore', { code: seat.ticketNo }, 404);
  });

  it('成绩单：机构看全部考生，考评员“只看我可录入的”与行上的 actions 一致', async () => {
    const all = await ok<{ list: ScoreRow[]; total: number }>('eval_org', '/exaAff/selScoreList', { planId: plan.id, pageNo: 1, pageSize: 100 });
    expect(all.total).toBeGreaterThan(20);
    const mine = await ok<{ list: ScoreRow[]; total: number }>('assessor', '/exaAff/selScoreList', { planId: plan.id, mine: true, pageNo: 1, pageSize: 100 });
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.total).toBeLessThan(all.total + 1);
    expect(mine.list.every((r) => r.actions.includes('score'))).toBe(true);
    expect(mine.list[0].idNumber).toMatch(/\*/);
  });

  it('开考之前不能录入，考试结束之前不能提交（议题 27 第 3 项）；导入同样', async () => {
    const seat = await freshKnowledge(2);
    const [session] = await db.select().from(examSessions).where(eq(examSessions.id, seat.sessionId));
    const today = beijingDate(new Date());
    try {
      // 场次在将来：暂存也不行
      await db.update(examSessions).set({ examDate: beijingDate(new Date(), 30) }).where(eq(examSessions.id, seat.sessionId));
      await refused('eval_org', '/exaAff/updateScore', { examineeId: seat.examineeId, subject: SUBJECT.KNOWLEDGE, score: 80 }, 409, /开考之前不能录入成绩/);
      // 场次正在进行（今天 00:00–23:59）：可以暂存，不能提交
      await db.update(examSessions).set({ examDate: today, startTime: '00:00', endTime: '23:59' }).where(eq(examSessions.id, seat.sessionId));
      await ok('eval_org', '/exaAff/updateScore', { examineeId: seat.examineeId, subject: SUBJECT.KNOWLEDGE, score: 80 });
      await refused('eval_org', '/exaAff/updateScore', { examineeId: seat.examineeId, subject: SUBJECT.KNOWLEDGE, score: 80, submit: true }, 409, /23:59 结束，考试结束后才能提交成绩（之前可以先暂存）/);
      expect((await scoreRow(seat.examineeId, SUBJECT.KNOWLEDGE)).status).toBe(SCORE_STATUS.ENTERED);
    } finally {
      await db.update(examSessions).set({ examDate: session.examDate, startTime: session.startTime, endTime: session.endTime }).where(eq(examSessions.id, seat.sessionId));
    }
    // 考试结束之后：提交
    await ok('eval_org', '/exaAff/updateScore', { examineeId: seat.examineeId, subject: SUBJECT.KNOWLEDGE, score: 80, submit: true });
  });

  it('计划不在“成绩管理”步骤办理中：不能录入', async () => {
    const later = await huayuanPlan(db, 7);
    const [seat] = await seatsOf(db, later.id, SUBJECT.ON_SITE);
    await refused('assessor', '/exaAff/updateScore', { examineeId: seat.examineeId, subject: SUBJECT.ON_SITE, score: 90 }, 400, '计划当前处于「证书管理 · 办理中」，录入成绩须在「成绩管理」步骤办理');
    await db.update(examPlans).set({ state: PLAN_STATE.CANCELLED }).where(eq(examPlans.id, later.id));
    await refused('assessor', '/exaAff/updateScore', { examineeId: seat.examineeId, subject: SUBJECT.ON_SITE, score: 90 }, 400, '计划已取消，不能录入成绩');
  });
});

// 成绩导入：全有或全无（坏行点名、一分不写、错误工作簿）；每行须是导入人可录入且未提交的一科；导入即提交并重算结果；
// 缺考、违纪标记的导入（市级审核员）。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { xlsxFile } from '../../helpers/xlsx';
import type { Db } from '@/lib/platform/db/client';
import type { ExamPlan } from '@/lib/domains/exaPlan/tables';
import { examResults, examScores } from '@/lib/domains/score/tables';
import { MARK, SCORE_STATUS, SUBJECT } from '@/lib/domains/score/rules';
import { huayuanPlan, login, seatsOf, unscored, upload } from './helpers';

const { db: getDb } = setupTestDb();
let db: Db;
let plan: ExamPlan;

const HEADER = ['准考证号', '姓名', '科目', '成绩', '标记'];
type Failure = { errors: { row: number; column: string; message: string }[]; errorFileUrl: string | null; errorCount: number };

beforeAll(async () => {
  db = await getDb();
  await login('assessor', 'eval_org', 'sjz_admin');
  plan = await huayuanPlan(db, 5);
});

const planScores = async () => db.select().from(examScores).where(eq(examScores.planId, plan.id));
const importScores = (account: string, rows: unknown[][]) => xlsxFile([HEADER, ...(rows as string[][])]).then((file) => upload<Failure & { total: number }>(account, '/exaAff/importScore', { planId: String(plan.id), file }));

describe('成绩导入', () => {
  it('一个坏行：整份不写，点名行号，给出错误工作簿；改正后整份写入并提交', async () => {
    const pending = await unscored(db, plan.id, SUBJECT.ON_SITE);
    expect(pending.length).toBeGreaterThanOrEqual(3);
    const rows = pending.slice(0, 3).map((s, i) => [s.ticketNo, s.name, '操作技能考核', String(70 + i), '']);
    rows[1][3] = '105';
    const before = await planScores();
    const res = await importScores('assessor', rows);
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toMatch(/^导入失败：第 3 行「成绩」：成绩应为 0–100 的数，最多一位小数/);
    expect(res.body.data.errorFileUrl).toMatch(/importErrors/);
    expect(await planScores()).toEqual(before);

    rows[1][3] = '88.5';
    const done = await importScores('assessor', rows);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.total).toBe(3);
    const written = await db
      .select()
      .from(examScores)
      .where(and(eq(examScores.subject, SUBJECT.ON_SITE), inArray(examScores.examineeId, pending.slice(0, 3).map((s) => s.examineeId))));
    expect(written.map((w) => [Number(w.score), w.status, w.enteredByName]).sort()).toEqual([
      [70, SCORE_STATUS.SUBMITTED, '吴国栋'],
      [72, SCORE_STATUS.SUBMITTED, '吴国栋'],
      [88.5, SCORE_STATUS.SUBMITTED, '吴国栋'],
    ]);
    const results = await db.select().from(examResults).where(inArray(examResults.examineeId, pending.slice(0, 3).map((s) => s.examineeId)));
    expect(results).toHaveLength(3);

    // 已提交的再导入：拒绝（须逐条更正）
    const again = await importScores('assessor', [rows[0]]);
    expect(again.status).toBe(400);
    expect(again.body.data.errors[0].message).toBe('该科成绩已提交，修改须在成绩单上逐条更正并填写原因');
  });

  it('逐行的规则：别的计划的准考证号、姓名不符、没有安排的科目、导入人不能录入的科目、文件内重复、缺考带分数', async () => {
    const [other] = await seatsOf(db, (await huayuanPlan(db, 6)).id, SUBJECT.ON_SITE);
    const [k] = await seatsOf(db, plan.id, SUBJECT.KNOWLEDGE);
    const pending = await unscored(db, plan.id, SUBJECT.ON_SITE);
    const [p, q] = pending;
    const before = await planScores();
    const res = await importScores('assessor', [
      [other.ticketNo, '', '实操', '80', ''],
      [q.ticketNo, '不是他', '实操', '80', ''],
      [p.ticketNo, '', '答辩', '80', ''],
      [k.ticketNo, '', '理论', '80', ''],
      [p.ticketNo, '', '2', '81', ''],
      [p.ticketNo, '', '操作技能考核', '82', ''],
      [p.ticketNo, '', '实操', '60', '缺考'],
      [p.ticketNo, '', '体育', '60', ''],
    ]);
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual([
      { row: 7, column: '准考证号', message: '与第 6 行重复（同一考生同一科目只能有一行）' },
      { row: 8, column: '成绩', message: '标记为缺考时不填成绩' },
      { row: 9, column: '科目', message: '科目应为 理论知识考试、操作技能考核、综合评审（答辩）（或 理论、实操、答辩）' },
      { row: 2, column: '准考证号', message: '不是本计划考生的准考证号' },
      { row: 3, column: '姓名', message: `姓名与准考证号不符（准考证号对应「${q.name}」）` },
      { row: 4, column: '科目', message: '本计划没有安排「综合评审（答辩）」' },
      { row: 5, column: '科目', message: expect.stringMatching(/的考评员或本机构的考务人员可以录入「理论知识考试」成绩$/) },
    ]);
    expect(await planScores()).toEqual(before);
  });

  it('机构的考务人员导入理论成绩（缺考写在标记列）', async () => {
    const drafts = await db
      .select({ examineeId: examScores.examineeId })
      .from(examScores)
      .where(and(eq(examScores.planId, plan.id), eq(examScores.subject, SUBJECT.KNOWLEDGE), eq(examScores.status, SCORE_STATUS.ENTERED)));
    expect(drafts.length).toBeGreaterThan(0);
    const seats = (await seatsOf(db, plan.id, SUBJECT.KNOWLEDGE)).filter((s) => drafts.some((d) => d.examineeId === s.examineeId));
    const res = await importScores(
      'eval_org',
      seats.map((s, i) => [s.ticketNo, s.name, '理论知识考试', i === 0 ? '' : '75', i === 0 ? '缺考' : '']),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [absent] = await db.select().from(examScores).where(and(eq(examScores.examineeId, seats[0].examineeId), eq(examScores.subject, SUBJECT.KNOWLEDGE)));
    expect(absent).toMatchObject({ mark: MARK.ABSENT, score: null, status: SCORE_STATUS.SUBMITTED });
  });
});

describe('缺考、违纪标记导入', () => {
  it('市级审核员按准考证号导入违纪标记；坏行时一条也不写', async () => {
    const seats = await seatsOf(db, plan.id, SUBJECT.ON_SITE);
    const file = (rows: string[][]) => xlsxFile([['准考证号', '姓名', '科目', '标记', '原因'], ...rows]);
    const bad = await upload<Failure>('sjz_admin', '/exaPlanAudit/batchImportScoreStatus', {
      planId: String(plan.id),
      file: await file([
        [seats[0].ticketNo!, '', '实操', '违纪', '替考'],
        [seats[1].ticketNo!, '', '实操', '迟到', '迟到'],
      ]),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0]).toEqual({ row: 3, column: '标记', message: '标记应为缺考或违纪' });
    const [untouched] = await db.select().from(examScores).where(and(eq(examScores.examineeId, seats[0].examineeId), eq(examScores.subject, SUBJECT.ON_SITE)));
    expect(untouched?.mark ?? MARK.NORMAL).not.toBe(MARK.CHEATING);

    const good = await upload('sjz_admin', '/exaPlanAudit/batchImportScoreStatus', { planId: String(plan.id), file: await file([[seats[0].ticketNo!, '', '实操', '违纪', '替考']]) });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    const [marked] = await db.select().from(examScores).where(and(eq(examScores.examineeId, seats[0].examineeId), eq(examScores.subject, SUBJECT.ON_SITE)));
    expect(marked).toMatchObject({ mark: MARK.CHEATING, status: SCORE_STATUS.SUBMITTED });
    const [res] = await db.select().from(examResults).where(eq(examResults.examineeId, seats[0].examineeId));
    expect(res.reason).toMatch(/违纪|未提交/);
  });
});

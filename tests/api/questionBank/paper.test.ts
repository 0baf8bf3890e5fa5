// 试卷：按规则组卷同一种子可重现、换种子不同、题不够时点名规则；手工组卷的检查；被考试使用的试卷不能修改或删除（消息说出计划）；
// 考务调用的 usePaper / releasePaperUse / paperUsages / papersForOrg / renderPaper / paperPdf；范围（别的机构的试卷 404）。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import type { Db } from '@/lib/platform/db/client';
import { beijingDate } from '@/lib/platform/time';
import { examPlans } from '@/lib/domains/exaPlan/tables';
import { examRooms, examSessions, examSites } from '@/lib/domains/examSite/tables';
import { filings } from '@/lib/domains/filing/tables';
import { paperQuestions, papers, questions, type QuestionBank } from '@/lib/domains/questionBank/tables';
import { paperPdf, papersForOrg, paperUsages, releasePaperUse, renderPaper, usePaper } from '@/lib/domains/questionBank/usage';
import type { PaperItem } from '@/lib/domains/questionBank/schemas';
import { BAODING_EVAL, demoBank, orgId, post } from './helpers';

const { db: getDb } = setupTestDb();
let db: Db;
const h: Record<string, Record<string, string>> = {};
let bank: QuestionBank;
let theory: number;
let leaves: { id: number; name: string; parentId: number }[];

const RULES = [
  { type: 'single', count: 10, score: 2 },
  { type: 'judge', count: 5, score: 1 },
  { type: 'multiple', difficulty: 2, count: 2, score: 3 },
];

const idsOf = async (paperId: number) =>
  (await db.select({ id: paperQuestions.questionId }).from(paperQuestions).where(eq(paperQuestions.paperId, paperId)).orderBy(asc(paperQuestions.sort))).map((r) => r.id);

const compose = (body: Record<string, unknown>) => post<PaperItem>(h.eval_org, '/tes/paper/compose', { bankId: bank.id, subjectId: theory, name: '规则组卷', durationMinutes: 90, rules: RULES, ...body });

/** 本机构的一个计划、场次与考场（直接写库：计划与考场的办理由各自的领域测试） */
async function examSlot(code: string) {
  const org = await orgId(db, code);
  const [filing] = await db.select().from(filings).where(eq(filings.orgId, org)).limit(1);
  const [plan] = await db
    .insert(examPlans)
    .values({
      code: `TP-${Date.now().toString(36)}`,
      kind: 0,
      name: '试卷测试计划',
      orgId: org,
      cityId: filing.cityId,
      filingId: filing.id,
      step: 4,
      arrangeTypes: [1],
      examStartDate: beijingDate(new Date(), 30),
      examEndDate: beijingDate(new Date(), 30),
      expectedCount: 30,
      contactName: '陈静',
      contactPhone: '13831100004',
    })
    .returning();
  const [site] = await db.insert(examSites).values({ planId: plan.id, orgId: org, cityId: plan.cityId, filingSiteId: 1, name: '测试考点', address: '测试地址' }).returning();
  const [room] = await db.insert(examRooms).values({ planId: plan.id, siteId: site.id, orgId: org, cityId: plan.cityId, name: '第一考场', roomType: 1, capacity: 30 }).returning();
  const [session] = await db
    .insert(examSessions)
    .values({ planId: plan.id, orgId: org, cityId: plan.cityId, name: '理论知识', subject: 1, examDate: plan.examStartDate, startTime: '09:00', endTime: '10:30' })
    .returning();
  return { plan, room, session, org };
}

beforeAll(async () => {
  db = await getDb();
  for (const a of ['eval_org', 'bd_admin', 'sjz_admin']) h[a] = await authHeaders(a);
  ({ bank, theory, leaves } = await demoBank(db));
});

describe('按规则组卷', () => {
  it('同一种子抽出同一份，换种子不同；题目不重复、都符合规则；按题型分大题', async () => {
    const a = await compose({ seed: 'S1' });
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ mode: 2, seed: 'S1', questionCount: 17, totalScore: 10 * 2 + 5 + 2 * 3 });
    const b = await compose({ seed: 'S1' });
    const c = await compose({ seed: 'S2' });
    const [ia, ib, ic] = [await idsOf(a.body.data.id), await idsOf(b.body.data.id), await idsOf(c.body.data.id)];
    expect(ib).toEqual(ia);
    expect(ic).not.toEqual(ia);
    expect(new Set(ia).size).toBe(17);

    const rows = await db.select().from(questions).where(eq(questions.bankId, bank.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const drawn = ia.map((id) => byId.get(id)!);
    expect(drawn.map((q) => q.type)).toEqual([...Array(10).fill('single'), ...Array(2).fill('multiple'), ...Array(5).fill('judge')]);
    expect(drawn.every((q) => q.subjectId === theory && q.status === 0)).toBe(true);
    expect(drawn.filter((q) => q.type === 'multiple').every((q) => q.difficulty === 2)).toBe(true);

    const view = await post<{ sections: { type: string; typeLabel: string; questions: { no: number; answer?: string }[] }[] }>(h.eval_org, '/tes/paper/preview', { id: a.body.data.id });
    expect(view.body.data.sections.map((s) => s.typeLabel)).toEqual(['单项选择题', '多项选择题', '判断题']);
    expect(view.body.data.sections.flatMap((s) => s.questions.map((q) => q.no))).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    expect(view.body.data.sections[0].questions[0].answer).toBeUndefined();
    const withAnswers = await post<{ sections: { questions: { answer?: string }[] }[] }>(h.eval_org, '/tes/paper/preview', { id: a.body.data.id, withAnswers: true });
    expect(withAnswers.body.data.sections[0].questions[0].answer).toMatch(/^[A-H]$/);
  });

  it('不填种子时随机生成并保存；停用的试题不会被抽到', async () => {
    const single = await db.select({ id: questions.id }).from(questions).where(and(eq(questions.bankId, bank.id), eq(questions.type, 'single'))).orderBy(asc(questions.id)).limit(5);
    await post(h.eval_org, '/tes/question/status', { ids: single.map((q) => q.id), status: 1 });
    const res = await compose({ rules: [{ type: 'single', count: 30, score: 1 }] });
    expect(res.status).toBe(200);
    expect(res.body.data.seed).toMatch(/^[A-Z2-9]{8}$/);
    const drawn = new Set(await idsOf(res.body.data.id));
    expect(single.some((q) => drawn.has(q.id))).toBe(false);
    await post(h.eval_org, '/tes/question/status', { ids: single.map((q) => q.id), status: 0 });
  });

  it('题不够：拒绝并点名规则、需要与可用的题数；不写试卷', async () => {
    const before = await db.$count(papers);
    const kp = leaves[0];
    const short = await compose({ rules: [{ type: 'judge', kpId: kp.id, difficulty: 5, count: 50, score: 1 }] });
    expect(short.status).toBe(400);
    expect(short.body.returnMsg).toMatch(new RegExp(`^第 1 条规则（判断题 · 知识点「${kp.name}」 · 难度「难」）题目不足：需要 50 道，题库中可用 \\d+ 道$`));
    const overlap = await compose({
      rules: [
        { type: 'short', count: 8, score: 5 },
        { type: 'short', count: 5, score: 5 },
      ],
    });
    expect(overlap.body.returnMsg).toMatch(/^第 2 条规则（简答题 · 不限知识点 · 不限难度）题目不足：需要 5 道，题库中可用 2 道（已扣除前面规则抽走的）$/);
    const none = await compose({ rules: [{ type: 'task', count: 1, score: 10 }] });
    expect(none.body.returnMsg).toBe('第 1 条规则（实操题 · 不限知识点 · 不限难度）题目不足：需要 1 道，题库中可用 0 道');
    expect(await db.$count(papers)).toBe(before);
  });

  it('校验：规则、种子格式与题量上限；停用的题库不能组卷', async () => {
    const noRules = await compose({ rules: [] });
    expect(noRules.body.returnMsg).toContain('请至少填写一条组卷规则');
    const badSeed = await compose({ seed: '带空格 的种子' });
    expect(badSeed.body.data).toMatchObject({ fields: { seed: '抽题种子只能是 1–32 位字母、数字、下划线或连字符' } });
    const tooMany = await compose({ rules: [{ type: 'single', count: 200, score: 1 }, { type: 'judge', count: 200, score: 1 }] });
    expect(tooMany.body.returnMsg).toBe('一份试卷最多 300 道题，规则合计 400 道');
    await post(h.eval_org, '/tes/bank/status', { id: bank.id, status: 1 });
    const off = await compose({});
    expect(off.body.returnMsg).toBe(`题库「${bank.name}」已停用，不能组卷`);
    await post(h.eval_org, '/tes/bank/status', { id: bank.id, status: 0 });
  });
});

describe('手工组卷', () => {
  it('试题须在该题库该科目、不重复；按题型排列；总分为各题分值之和', async () => {
    const qs = await db.select().from(questions).where(and(eq(questions.bankId, bank.id), eq(questions.subjectId, theory))).orderBy(asc(questions.id));
    const judge = qs.find((q) => q.type === 'judge')!;
    const single = qs.find((q) => q.type === 'single')!;
    const body = { bankId: bank.id, subjectId: theory, name: '手工卷', questions: [{ questionId: judge.id, score: 1 }, { questionId: single.id, score: 2.5 }] };
    const ok = await post<PaperItem>(h.eval_org, '/tes/paper/save', body);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ mode: 1, questionCount: 2, totalScore: 3.5 });
    expect(await idsOf(ok.body.data.id)).toEqual([single.id, judge.id]);

    const dup = await post(h.eval_org, '/tes/paper/save', { ...body, questions: [{ questionId: judge.id, score: 1 }, { questionId: judge.id, score: 1 }] });
    expect(dup.body.returnMsg).toBe('同一道试题不能在试卷中出现两次');
    const task = (await db.select().from(questions).where(and(eq(questions.bankId, bank.id), eq(questions.type, 'task'))).limit(1))[0];
    const wrong = await post(h.eval_org, '/tes/paper/save', { ...body, questions: [{ questionId: task.id, score: 10 }] });
    expect(wrong.body.returnMsg).toBe('第 1 道试题不在该题库的该科目中');
    const badScore = await post(h.eval_org, '/tes/paper/save', { ...body, questions: [{ questionId: judge.id, score: 0.3 }] });
    expect(badScore.status).toBe(400);
  });
});

describe('被考试使用的试卷', () => {
  it('usePaper 按 (场次, 考场) 幂等；被使用的试卷不能修改、重新组卷或删除，消息说出计划、场次与考场；撤下后可以删除', async () => {
    const paper = (await compose({ seed: 'USE1', name: '分发测试卷' })).body.data;
    const other = (await compose({ seed: 'USE2', name: '另一份卷' })).body.data;
    const { plan, room, session, org } = await examSlot('ORG130102001');

    await usePaper(db, { paperId: other.id, orgId: org, planId: plan.id, sessionId: session.id, roomId: room.id });
    await usePaper(db, { paperId: paper.id, orgId: org, planId: plan.id, sessionId: session.id, roomId: room.id });
    await usePaper(db, { paperId: paper.id, orgId: org, planId: plan.id, sessionId: session.id, roomId: null });
    await usePaper(db, { paperId: paper.id, orgId: org, planId: plan.id, sessionId: session.id, roomId: null });
    expect(await paperUsages(db, other.id)).toEqual([]);
    expect(await paperUsages(db, paper.id)).toEqual([
      { planId: plan.id, planCode: plan.code, sessionId: session.id, sessionName: '理论知识', roomId: room.id, roomName: '第一考场' },
      { planId: plan.id, planCode: plan.code, sessionId: session.id, sessionName: '理论知识', roomId: null, roomName: null },
    ]);

    const expected = `试卷「分发测试卷」已被考试计划 ${plan.code} 的场次「理论知识」考场「第一考场」等 2 处使用，不能`;
    const del = await post(h.eval_org, '/tes/paper/delete', { id: paper.id });
    expect(del.status).toBe(400);
    expect(del.body.returnMsg).toBe(`${expected}删除`);
    const edit = await compose({ id: paper.id, seed: 'USE3' });
    expect(edit.body.returnMsg).toBe(`${expected}修改`);
    const check = await post<{ used: boolean; message: string }>(h.eval_org, '/tes/paper/checkUsePaper', { id: paper.id });
    expect(check.body.data).toMatchObject({ used: true, message: `${expected}修改或删除` });
    const list = await post<{ list: PaperItem[] }>(h.eval_org, '/tes/paper/list', { name: '分发测试卷' });
    expect(list.body.data.list[0]).toMatchObject({ usedCount: 2, actions: ['disable'] });

    // 停用的、别的机构的试卷不能使用
    await post(h.eval_org, '/tes/paper/status', { id: other.id, status: 1 });
    await expect(usePaper(db, { paperId: other.id, orgId: org, planId: plan.id, sessionId: session.id, roomId: room.id })).rejects.toThrow('试卷「另一份卷」已停用，不能用于考试');
    await expect(usePaper(db, { paperId: paper.id, orgId: await orgId(db, BAODING_EVAL), planId: plan.id, sessionId: session.id, roomId: room.id })).rejects.toThrow('试卷不存在或不属于本机构');
    expect((await papersForOrg(db, org, { workCode: bank.workCode })).some((p) => p.id === other.id)).toBe(false);
    expect((await papersForOrg(db, org, { workCode: bank.workCode, level: bank.level })).some((p) => p.id === paper.id)).toBe(true);

    // 所在试卷被使用的试题不能修改
    const [qid] = await idsOf(paper.id);
    const [q] = await db.select().from(questions).where(eq(questions.id, qid));
    const editQ = await post(h.eval_org, '/tes/question/save', { id: q.id, bankId: bank.id, subjectId: q.subjectId, kpId: q.kpId, type: q.type, difficulty: q.difficulty, stem: '改题干', options: q.options, answer: q.answer });
    expect(editQ.body.returnMsg).toMatch(/^试题所在的试卷「.+」已被考试计划 .+使用，不能修改试题$/);

    await releasePaperUse(db, { sessionId: session.id, roomId: room.id });
    await releasePaperUse(db, { sessionId: session.id, roomId: null });
    expect((await post(h.eval_org, '/tes/paper/delete', { id: paper.id })).status).toBe(200);
  });

  it('renderPaper 与 paperPdf：考务分发时的卷面与 PDF', async () => {
    const paper = (await compose({ seed: 'PDF1', name: '打印测试卷' })).body.data;
    const rendered = await renderPaper(db, paper.id, { withAnswers: false });
    expect(rendered).toMatchObject({ id: paper.id, title: '打印测试卷', totalScore: 31, durationMinutes: 90 });
    expect(rendered.sections[0].questions[0].options.length).toBeGreaterThan(1);
    const pdf = await paperPdf(await renderPaper(db, paper.id, { withAnswers: true }));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const res = await call('POST', '/tes/paper/pdf', { headers: h.eval_org, json: { id: paper.id } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('pdf');
  });
});

describe('范围', () => {
  it('别的机构的试卷 404；市级管理员只看本市、没有修改操作', async () => {
    const [bdPaper] = await db.insert(papers).values({
      bankId: bank.id,
      subjectId: theory,
      kind: 0,
      orgId: await orgId(db, BAODING_EVAL),
      cityId: 130600,
      workCode: bank.workCode,
      workName: bank.workName,
      level: bank.level,
      name: '保定的试卷',
      mode: 1,
    }).returning();
    for (const path of ['/tes/paper/get', '/tes/paper/preview', '/tes/paper/checkUsePaper', '/tes/paper/delete']) {
      const res = await post(h.eval_org, path, { id: bdPaper.id });
      expect(res.status, path).toBe(404);
      expect(res.body.returnMsg).toBe('试卷不存在或不在您的管辖范围内');
    }
    expect((await post(h.sjz_admin, '/tes/paper/get', { id: bdPaper.id })).status).toBe(404);
    const bd = await post<{ list: PaperItem[] }>(h.bd_admin, '/tes/paper/list', {});
    expect(bd.body.data.list.map((p) => p.name)).toContain('保定的试卷');
    expect(bd.body.data.list.every((p) => p.actions.length === 0)).toBe(true);
    const sjz = await post<{ list: PaperItem[] }>(h.sjz_admin, '/tes/paper/list', { pageSize: 100 });
    expect(sjz.body.data.list.map((p) => p.name)).not.toContain('保定的试卷');
  });
});

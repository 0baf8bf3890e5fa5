// 题库、科目、知识点与试题的规则：工种等级限于本机构有效备案、校验消息、启用停用、范围（别的机构的题库 404）、
// 试题按题型检查答案与选项、已组卷的试题不能删除、导入有坏行一行也不写、导出的列与导入模板相同。
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import type { Db } from '@/lib/platform/db/client';
import { paperQuestions, questionBanks, questions, type QuestionBank } from '@/lib/domains/questionBank/tables';
import type { BankItem, QuestionItem } from '@/lib/domains/questionBank/schemas';
import { BAODING_EVAL, demoBank, HEADER, orgId, post, upload, workbook } from './helpers';

const { db: getDb } = setupTestDb();
let db: Db;
const h: Record<string, Record<string, string>> = {};
let bank: QuestionBank;
let theory: number;
let leaves: { id: number; name: string; parentId: number }[];
let baodingBank: QuestionBank;

const countIn = (bankId: number) => db.$count(questions, eq(questions.bankId, bankId));

beforeAll(async () => {
  db = await getDb();
  for (const a of ['eval_org', 'sjz_admin', 'bd_admin']) h[a] = await authHeaders(a);
  ({ bank, theory, leaves } = await demoBank(db));
  [baodingBank] = await db
    .select()
    .from(questionBanks)
    .where(eq(questionBanks.orgId, await orgId(db, BAODING_EVAL)))
    .limit(1);
});

describe('题库', () => {
  it('工种等级须在本机构该类有效备案内；没有该类备案不能建；同一工种等级只建一个', async () => {
    const missing = await post(h.eval_org, '/tes/bank/save', { kind: 0, workCode: bank.workCode, level: bank.level });
    expect(missing.status).toBe(400);
    expect(missing.body.data).toMatchObject({ fields: { name: '请输入题库名称' } });

    const foreign = await post(h.eval_org, '/tes/bank/save', { kind: 0, workCode: '9-99-99-99', level: 4, name: '不在备案内' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.returnMsg).toBe('工种「9-99-99-99」不在本机构已完成的技能等级认定备案内');

    const noFiling = await post(h.eval_org, '/tes/bank/save', { kind: 1, workCode: bank.workCode, level: bank.level, name: '职业资格题库' });
    expect(noFiling.status).toBe(400);
    expect(noFiling.body.returnMsg).toBe('本机构没有有效的职业资格备案，不能使用该类题库');

    const filed = await post<{ works: { workCode: string; levels: number[] }[] }>(h.eval_org, '/tes/bank/filedWorks', { kind: 0 });
    const taken = new Set((await db.select().from(questionBanks).where(eq(questionBanks.orgId, bank.orgId))).map((b) => `${b.workCode}:${b.level}`));
    const free = filed.body.data.works.flatMap((w) => w.levels.map((level) => ({ workCode: w.workCode, level }))).find((w) => !taken.has(`${w.workCode}:${w.level}`));
    expect(free).toBeDefined();
    const created = await post<BankItem>(h.eval_org, '/tes/bank/save', { kind: 0, ...free, name: '新建的题库' });
    expect(created.status).toBe(200);
    expect(created.body.data.actions).toEqual(['edit', 'disable', 'delete']);
    const detail = await post<{ subjects: { name: string }[] }>(h.eval_org, '/tes/bank/get', { id: created.body.data.id });
    expect(detail.body.data.subjects.map((s) => s.name)).toEqual(['理论知识', '操作技能']);

    const again = await post(h.eval_org, '/tes/bank/save', { kind: 0, ...free, name: '重复的题库' });
    expect(again.status).toBe(409);
    expect(again.body.returnMsg).toBe('本机构已有该工种等级的技能等级认定题库');

    const moved = await post(h.eval_org, '/tes/bank/save', { id: created.body.data.id, kind: 0, workCode: bank.workCode, level: bank.level, name: '改工种' });
    expect(moved.body.returnMsg).toBe('题库建立后工种与等级不能修改');

    const removed = await post(h.eval_org, '/tes/bank/delete', { id: created.body.data.id });
    expect(removed.status).toBe(200);
  });

  it('停用与启用：重复停用被拒绝，行上的操作随之改变；已组成试卷的题库不能删除', async () => {
    const detail = await post<{ questionCount: number; subjects: { id: number; questionCount: number }[] }>(h.eval_org, '/tes/bank/get', { id: bank.id });
    expect(detail.body.data.subjects.find((s) => s.id === theory)?.questionCount).toBe(await db.$count(questions, eq(questions.subjectId, theory)));
    expect(detail.body.data.questionCount).toBe(await countIn(bank.id));
    const off = await post(h.eval_org, '/tes/bank/status', { id: bank.id, status: 1 });
    expect(off.status).toBe(200);
    const twice = await post(h.eval_org, '/tes/bank/status', { id: bank.id, status: 1 });
    expect(twice.body.returnMsg).toBe('题库已是停用状态');
    const list = await post<{ list: BankItem[] }>(h.eval_org, '/tes/bank/list', { kind: 0, pageSize: 50 });
    expect(list.body.data.list.find((b) => b.id === bank.id)?.actions).toEqual(['edit', 'enable', 'delete']);
    expect((await post(h.eval_org, '/tes/bank/status', { id: bank.id, status: 0 })).status).toBe(200);

    const del = await post(h.eval_org, '/tes/bank/delete', { id: bank.id });
    expect(del.status).toBe(400);
    expect(del.body.returnMsg).toMatch(/^题库「.+」已组成试卷 \d+ 份（如「.+」），不能删除；可以停用$/);
  });

  it('范围：别的机构的题库 404；市级只看本市、不能改；省级看全省', async () => {
    expect(baodingBank).toBeDefined();
    const other = await post(h.eval_org, '/tes/bank/get', { id: baodingBank.id });
    expect(other.status).toBe(404);
    expect(other.body.returnMsg).toBe('题库不存在或不在您的管辖范围内');
    expect((await post(h.eval_org, '/tes/bank/status', { id: baodingBank.id, status: 1 })).status).toBe(404);
    expect((await post(h.eval_org, '/tes/question/list', { bankId: baodingBank.id })).status).toBe(404);
    expect((await post(h.sjz_admin, '/tes/bank/get', { id: baodingBank.id })).status).toBe(404);

    const bd = await post<BankItem>(h.bd_admin, '/tes/bank/get', { id: baodingBank.id });
    expect(bd.status).toBe(200);
    expect(bd.body.data.actions).toEqual([]);
    const sjz = await post<{ list: BankItem[] }>(h.sjz_admin, '/tes/bank/list', { kind: baodingBank.kind, pageSize: 100 });
    expect(sjz.body.data.list.every((b) => b.orgName !== '' && b.id !== baodingBank.id)).toBe(true);
    // 市级管理员没有题库的修改权限
    expect((await post(h.bd_admin, '/tes/bank/status', { id: baodingBank.id, status: 1 })).status).toBe(403);
  });
});

describe('知识点与科目', () => {
  it('上级不能是自己或下级；有下级或试题的知识点不能删除；有试题的科目不能删除', async () => {
    const root = leaves[0].parentId;
    const cycle = await post(h.eval_org, '/tes/knowledge/save', { id: root, bankId: bank.id, parentId: leaves[0].id, name: '基础知识' });
    expect(cycle.body.returnMsg).toBe('上级知识点不能是它自己或它的下级');
    const withChildren = await post(h.eval_org, '/tes/knowledge/delete', { id: root, bankId: bank.id });
    expect(withChildren.body.returnMsg).toMatch(/^知识点「基础知识」下还有 \d+ 个下级知识点，请先删除下级$/);
    const withQuestions = await post(h.eval_org, '/tes/knowledge/delete', { id: leaves[0].id, bankId: bank.id });
    expect(withQuestions.body.returnMsg).toMatch(/^知识点「.+」下还有 \d+ 道试题，不能删除$/);
    const dup = await post(h.eval_org, '/tes/knowledge/save', { bankId: bank.id, parentId: root, name: leaves[0].name });
    expect(dup.status).toBe(409);

    const added = await post<{ id: number }>(h.eval_org, '/tes/knowledge/save', { bankId: bank.id, parentId: root, name: '新知识点' });
    expect(added.status).toBe(200);
    expect((await post(h.eval_org, '/tes/knowledge/delete', { id: added.body.data.id, bankId: bank.id })).status).toBe(200);

    const subject = await post(h.eval_org, '/tes/subject/delete', { id: theory });
    expect(subject.body.returnMsg).toMatch(/^科目「理论知识」下还有 \d+ 道试题，不能删除$/);
  });
});

describe('试题', () => {
  const single = () => ({ bankId: bank.id, subjectId: theory, kpId: leaves[0].id, type: 'single', difficulty: 3, stem: '测试单选题', options: [{ key: 'A', text: '甲' }, { key: 'B', text: '乙' }], answer: 'A' });

  it('按题型检查答案与选项，消息落在字段上', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ answer: 'E' }, 'answer', '答案「E」不在选项中'],
      [{ answer: 'AB' }, 'answer', '单项选择题的答案只能是一个选项'],
      [{ options: [{ key: 'A', text: '甲' }] }, 'options', '单项选择题至少要有 2 个选项'],
      [{ type: 'multiple', answer: 'A' }, 'answer', '多项选择题的答案至少两个选项'],
      [{ type: 'judge', options: [], answer: '也许' }, 'answer', '判断题的答案只能是“正确”或“错误”'],
      [{ type: 'short', options: [], answer: '' }, 'answer', '请填写答案（参考答案或评分要点）'],
      [{ difficulty: 6 }, 'difficulty', '难度不正确'],
      [{ stem: '' }, 'stem', '请输入题干'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await post(h.eval_org, '/tes/question/save', { ...single(), ...patch });
      expect(res.status, message).toBe(400);
      expect(res.body.data).toMatchObject({ fields: { [field]: message } });
    }
    const wrongSubject = await post(h.eval_org, '/tes/question/save', { ...single(), subjectId: 2_000_000 });
    expect(wrongSubject.body.returnMsg).toBe('科目不属于该题库');
  });

  it('保存时规整答案（多选按字母排序、判断题认“对”）；停用与启用；已组卷的试题不能删除', async () => {
    const multi = await post<QuestionItem>(h.eval_org, '/tes/question/save', {
      ...single(),
      type: 'multiple',
      options: [{ key: 'A', text: '甲' }, { key: 'B', text: '乙' }, { key: 'C', text: '丙' }],
      answer: 'C, a',
    });
    expect(multi.status).toBe(200);
    expect(multi.body.data.answer).toBe('AC');
    const judge = await post<QuestionItem>(h.eval_org, '/tes/question/save', { ...single(), type: 'judge', options: [], answer: '对' });
    expect(judge.body.data.answer).toBe('正确');
    expect(judge.body.data.options).toEqual([]);

    const off = await post(h.eval_org, '/tes/question/status', { ids: [judge.body.data.id], status: 1 });
    expect(off.status).toBe(200);
    const again = await post(h.eval_org, '/tes/question/status', { ids: [judge.body.data.id], status: 1 });
    expect(again.body.returnMsg).toBe('所选试题已是停用状态');
    expect((await post(h.eval_org, '/tes/question/delete', { ids: [judge.body.data.id, multi.body.data.id] })).status).toBe(200);

    const [inPaper] = await db.select({ id: paperQuestions.questionId }).from(paperQuestions).limit(1);
    const refused = await post(h.eval_org, '/tes/question/delete', { ids: [inPaper.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.returnMsg).toMatch(/^试题「.+」已组入试卷「.+」，不能删除；可以停用$/);

    const foreign = await post(h.eval_org, '/tes/question/delete', { ids: [inPaper.id, 2_000_000] });
    expect(foreign.status).toBe(404);
  });

  it('列表按知识点（含下级）、题型与关键字筛选', async () => {
    const root = leaves[0].parentId;
    const all = await post<{ list: QuestionItem[]; total: number }>(h.eval_org, '/tes/question/list', { bankId: bank.id, kpId: root, pageSize: 100 });
    expect(all.body.data.total).toBeGreaterThan(0);
    const children = new Set(leaves.filter((l) => l.parentId === root).map((l) => l.id));
    expect(all.body.data.list.every((q) => children.has(q.kpId))).toBe(true);
    const judges = await post<{ list: QuestionItem[] }>(h.eval_org, '/tes/question/list', { bankId: bank.id, type: 'judge', keyword: '操作规程', pageSize: 5 });
    expect(judges.body.data.list.length).toBeGreaterThan(0);
    expect(judges.body.data.list.every((q) => q.type === 'judge' && q.stem.includes('操作规程'))).toBe(true);
  });
});

describe('导入与导出', () => {
  const row = (n: number, patch: Partial<Record<string, string>> = {}) => {
    const leaf = leaves[0];
    const base: Record<string, string> = { 科目: '理论知识', 知识点: `基础知识/${leaf.name}`, 题型: '单项选择题', 难度: '中等', 题干: `导入的试题 ${n}`, 选项A: '甲', 选项B: '乙', 答案: 'A', 分值: '2' };
    const v = { ...base, ...patch };
    return HEADER.map((hd) => v[hd] ?? null);
  };

  it('有坏行：一行也不写，点名坏行与原因，给出错误工作簿', async () => {
    const before = await countIn(bank.id);
    const rows = [HEADER, row(1), row(2, { 答案: 'E' }), row(3, { 知识点: '不存在的知识点' }), row(4, { 题型: '论述题' })];
    const res = await upload<{ errors: { row: number; column: string; message: string }[]; errorFileUrl: string }>(h.eval_org, '/tes/question/import', {
      bankId: String(bank.id),
      file: await workbook(rows),
    });
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual([
      { row: 5, column: '题型', message: '题型只能是单项选择题、多项选择题、判断题、填空题、简答题、实操题' },
      { row: 3, column: '答案', message: '答案「E」不在选项中' },
      { row: 4, column: '知识点', message: '知识点「不存在的知识点」不存在，请先在知识点树中添加，或写成“上级/下级”的路径' },
    ]);
    expect(res.body.data.errorFileUrl).toMatch(/importErrors/);
    expect(await countIn(bank.id)).toBe(before);
  });

  it('全部正确：写入；知识点可只写末级名称；判断题认“错”', async () => {
    const before = await countIn(bank.id);
    const res = await upload<{ total: number }>(h.eval_org, '/tes/question/import', {
      bankId: String(bank.id),
      file: await workbook([HEADER, row(1), row(2, { 知识点: leaves[0].name, 题型: '判断题', 选项A: '', 选项B: '', 答案: '错', 难度: '5' })]),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(2);
    expect(await countIn(bank.id)).toBe(before + 2);
    const [judge] = await db.select().from(questions).where(eq(questions.stem, '导入的试题 2'));
    expect(judge).toMatchObject({ type: 'judge', answer: '错误', difficulty: 5, kpId: leaves[0].id });
  });

  it('别的机构的题库不能导入（404）；导出的列与导入模板相同', async () => {
    const other = await upload(h.eval_org, '/tes/question/import', { bankId: String(baodingBank.id), file: await workbook([HEADER, row(1)]) });
    expect(other.status).toBe(404);

    const res = await call('POST', '/tes/question/export', { headers: h.eval_org, json: { bankId: bank.id, type: 'single' } });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.res.arrayBuffer()) as never);
    const sheet = wb.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    expect(sheet.getRow(2).getCell(3).value).toBe('单项选择题');
    expect(sheet.rowCount).toBeGreaterThan(10);
  });
});

describe('演示数据', () => {
  it('再写一次演示题库与试卷：已有的不动、不重复', async () => {
    const { seedQuestionBanks } = await import('@/lib/domains/questionBank/seed');
    const counts = async () => ({ banks: await db.$count(questionBanks), questions: await db.$count(questions), papers: await db.$count(paperQuestions) });
    const before = await counts();
    await seedQuestionBanks(db);
    expect(await counts()).toEqual(before);
  });
});

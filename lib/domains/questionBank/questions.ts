// 试题：列表（按科目、知识点（含下级）、题型、难度、状态、题干关键字）、详情、新增与修改、删除、启用停用、导出。
// 已组成试卷的试题不能删除（可停用）；所在试卷已被考试使用的试题不能修改。
import { and, asc, count, desc, eq, gt, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import type { Session } from '@/lib/platform/auth/session';
import { assertInScope } from '@/lib/platform/auth/scope';
import { fetchPage } from '@/lib/platform/db/paged';
import { containsPattern } from '@/lib/platform/db/like';
import { exportXlsx, keysetBatches, type ExportColumn } from '@/lib/platform/excel/export';
import { knowledgePoints, paperQuestions, papers, paperUses, questions, questionSubjects, type Question, type QuestionBank } from './tables';
import { BANK_STATUS, DIFFICULTY_LABEL, OPTION_KEYS, QUESTION_TYPE_LABEL, STATUS_LABEL, type QuestionType } from './constants';
import { assertBankPermission, bankActions, bankForChange, bankForView, loadBank } from './access';
import { knowledgeRows } from './banks';
import { paperUsages, usageText } from './usage';
import { normalizeQuestion, type QuestionFilter, type QuestionItem, type QuestionSave } from './schemas';

/** 知识点及其全部下级的 id */
export function subtreeIds(rows: readonly { id: number; parentId: number }[], root: number): number[] {
  const children = new Map<number, number[]>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  const out = [root];
  for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]) ?? []));
  return out;
}

async function questionWhere(db: Db, bank: QuestionBank, filter: Omit<QuestionFilter, 'bankId'>): Promise<SQL | undefined> {
  let kpIds: number[] | undefined;
  if (filter.kpId !== undefined) kpIds = subtreeIds(await knowledgeRows(db, bank.orgId, bank.workCode), filter.kpId);
  return and(
    eq(questions.bankId, bank.id),
    filter.subjectId !== undefined ? eq(questions.subjectId, filter.subjectId) : undefined,
    kpIds ? inArray(questions.kpId, kpIds) : undefined,
    filter.type !== undefined ? eq(questions.type, filter.type) : undefined,
    filter.difficulty !== undefined ? eq(questions.difficulty, filter.difficulty) : undefined,
    filter.status !== undefined ? eq(questions.status, filter.status) : undefined,
    filter.keyword ? ilike(questions.stem, containsPattern(filter.keyword)) : undefined,
  );
}

const ROW = { q: questions, subjectName: questionSubjects.name, kpName: knowledgePoints.name };
const rowsFrom = (db: Db) =>
  db.select(ROW).from(questions).innerJoin(questionSubjects, eq(questionSubjects.id, questions.subjectId)).innerJoin(knowledgePoints, eq(knowledgePoints.id, questions.kpId));

function toItem(session: Session, bank: QuestionBank, r: { q: Question; subjectName: string; kpName: string }): QuestionItem {
  const q = r.q;
  return {
    id: q.id,
    bankId: q.bankId,
    subjectId: q.subjectId,
    subjectName: r.subjectName,
    kpId: q.kpId,
    kpName: r.kpName,
    type: q.type as QuestionType,
    typeName: QUESTION_TYPE_LABEL[q.type as QuestionType],
    difficulty: q.difficulty,
    difficultyName: DIFFICULTY_LABEL[q.difficulty],
    stem: q.stem,
    options: q.options ?? [],
    answer: q.answer,
    analysis: q.analysis,
    score: Number(q.score),
    status: q.status,
    statusName: STATUS_LABEL[q.status],
    actions: bankActions(session, bank.kind, q),
  };
}

export async function listQuestions(db: Db, session: Session, filter: QuestionFilter, page: Page): Promise<PageResult<QuestionItem>> {
  const bank = await bankForView(db, session, filter.bankId);
  const where = await questionWhere(db, bank, filter);
  return fetchPage(
    page,
    rowsFrom(db).where(where).orderBy(desc(questions.id)),
    db.select({ total: count() }).from(questions).where(where),
    (rows) => rows.map((r) => toItem(session, bank, r)),
  );
}

async function loadQuestion(db: Db, session: Session, id: number) {
  const [row] = await db.select({ id: questions.id, bankId: questions.bankId, orgId: questions.orgId, cityId: questions.cityId }).from(questions).where(eq(questions.id, id));
  return assertInScope(session.user, row, '试题');
}

export async function questionDetail(db: Db, session: Session, id: number): Promise<QuestionItem> {
  const q = await loadQuestion(db, session, id);
  const bank = await bankForView(db, session, q.bankId, 'get');
  const [row] = await rowsFrom(db).where(eq(questions.id, id));
  return toItem(session, bank, row);
}

/** 试题所在的第一份试卷（与该试卷的第一次使用）；不在试卷里为空 */
async function firstPaperOf(db: Db, questionIds: number[]) {
  const [row] = await db
    .select({ questionId: paperQuestions.questionId, paperId: papers.id, paperName: papers.name, stem: questions.stem })
    .from(paperQuestions)
    .innerJoin(papers, eq(papers.id, paperQuestions.paperId))
    .innerJoin(questions, eq(questions.id, paperQuestions.questionId))
    .where(inArray(paperQuestions.questionId, questionIds))
    .orderBy(asc(paperQuestions.paperId))
    .limit(1);
  return row;
}

/** 试题所在、已被考试使用的试卷：改题会改变考试的卷面，拒绝并说明被哪次考试使用 */
async function assertNotInUsedPaper(db: Db, questionId: number): Promise<void> {
  const [row] = await db
    .select({ paperId: papers.id, paperName: papers.name })
    .from(paperQuestions)
    .innerJoin(papers, eq(papers.id, paperQuestions.paperId))
    .innerJoin(paperUses, eq(paperUses.paperId, papers.id))
    .where(eq(paperQuestions.questionId, questionId))
    .limit(1);
  if (!row) return;
  const [use] = await paperUsages(db, row.paperId);
  throw ApiError.badRequest(`试题所在的试卷「${row.paperName}」已被${use ? usageText(use) : '考试'}使用，不能修改试题`);
}

const stemBrief = (stem: string) => (stem.length > 20 ? `${stem.slice(0, 20)}…` : stem);

/** 科目属于题库、知识点属于题库的工种 */
async function assertSubjectAndKp(db: Db, bank: QuestionBank, subjectId: number, kpId: number): Promise<void> {
  const [s] = await db.select({ id: questionSubjects.id }).from(questionSubjects).where(and(eq(questionSubjects.id, subjectId), eq(questionSubjects.bankId, bank.id)));
  if (!s) throw ApiError.badRequest('科目不属于该题库', { subjectId: '科目不属于该题库' });
  const [k] = await db
    .select({ id: knowledgePoints.id })
    .from(knowledgePoints)
    .where(and(eq(knowledgePoints.id, kpId), eq(knowledgePoints.orgId, bank.orgId), eq(knowledgePoints.workCode, bank.workCode)));
  if (!k) throw ApiError.badRequest('知识点不属于该题库的工种', { kpId: '知识点不属于该题库的工种' });
}

/** 新增或修改试题（评价机构）：答案与选项按题型规整与检查；所在试卷已被考试使用的试题不能修改 */
export async function saveQuestion(db: Db, session: Session, input: QuestionSave, audit: Audit): Promise<QuestionItem> {
  const bank = await bankForChange(db, session, input.bankId, input.id ? 'edit' : 'add', input.id ? '修改试题' : '新增试题');
  const norm = normalizeQuestion(input);
  if (!norm.ok) throw ApiError.badRequest(norm.message, { [norm.field]: norm.message });
  await assertSubjectAndKp(db, bank, input.subjectId, input.kpId);
  const values = {
    subjectId: input.subjectId,
    kpId: input.kpId,
    type: input.type,
    difficulty: input.difficulty,
    stem: input.stem,
    options: norm.options,
    answer: norm.answer,
    analysis: input.analysis,
    score: String(input.score),
  };
  let row: Question;
  if (input.id) {
    const [before] = await db.select().from(questions).where(eq(questions.id, input.id));
    if (!before || before.bankId !== bank.id) throw ApiError.notFound('试题不存在或不在该题库中');
    await assertNotInUsedPaper(db, before.id);
    [row] = await db
      .update(questions)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(questions.id, before.id))
      .returning();
    audit({ entity: 'question', entityId: row.id, before, after: row, detail: `修改试题 ${stemBrief(row.stem)}` });
  } else {
    [row] = await db
      .insert(questions)
      .values({ ...values, bankId: bank.id, orgId: bank.orgId, cityId: bank.cityId, createdBy: session.user.id })
      .returning();
    audit({ entity: 'question', entityId: row.id, after: row, detail: `新增试题 ${stemBrief(row.stem)}` });
  }
  return questionDetail(db, session, row.id);
}

/** 一批试题：都在范围内（否则 404）、同一题库、由所属机构维护 */
async function questionsForChange(db: Db, session: Session, ids: number[], action: 'edit' | 'delete', what: string) {
  const rows = await db.select().from(questions).where(inArray(questions.id, ids));
  for (const id of ids) assertInScope(session.user, rows.find((r) => r.id === id), '试题');
  const bankIds = [...new Set(rows.map((r) => r.bankId))];
  for (const bankId of bankIds) await bankForChange(db, session, bankId, action, what);
  return rows;
}

/** 删除试题：已组成试卷的不能删除（可停用） */
export async function deleteQuestions(db: Db, session: Session, input: { ids: number[] }, audit: Audit): Promise<{ removed: number }> {
  const rows = await questionsForChange(db, session, input.ids, 'delete', '删除试题');
  const inPaper = await firstPaperOf(db, input.ids);
  if (inPaper) throw ApiError.badRequest(`试题「${stemBrief(inPaper.stem)}」已组入试卷「${inPaper.paperName}」，不能删除；可以停用`);
  await db.delete(questions).where(inArray(questions.id, input.ids));
  for (const r of rows) audit({ entity: 'question', entityId: r.id, before: r, detail: `删除试题 ${stemBrief(r.stem)}` });
  return { removed: rows.length };
}

/** 启用或停用试题：停用的试题不再被组卷抽到，已组成的试卷不变 */
export async function setQuestionStatus(db: Db, session: Session, input: { ids: number[]; status: number }, audit: Audit): Promise<{ updated: number }> {
  const rows = await questionsForChange(db, session, input.ids, 'edit', input.status === BANK_STATUS.ENABLED ? '启用试题' : '停用试题');
  const changed = rows.filter((r) => r.status !== input.status);
  if (!changed.length) throw ApiError.badRequest(`所选试题已是${STATUS_LABEL[input.status]}状态`);
  await db
    .update(questions)
    .set({ status: input.status, updatedAt: new Date() })
    .where(
      inArray(
        questions.id,
        changed.map((r) => r.id),
      ),
    );
  for (const r of changed) audit({ entity: 'question', entityId: r.id, before: { status: r.status }, after: { status: input.status }, detail: `${STATUS_LABEL[input.status]}试题 ${stemBrief(r.stem)}` });
  return { updated: changed.length };
}

// ---------- 导出 ----------

type ExportRow = { id: number; subjectName: string; kpName: string; kpId: number; type: string; difficulty: number; stem: string; options: { key: string; text: string }[]; answer: string; analysis: string | null; score: string; status: number };

/** 导出的列与导入模板相同（导出的文件改过后可以再导入）；知识点写成“上级/下级”的路径 */
function exportColumns(path: Map<number, string>): ExportColumn<ExportRow>[] {
  const option = (key: string): ExportColumn<ExportRow> => ({ header: `选项${key}`, width: 20, format: (_v, r) => r.options.find((o) => o.key === key)?.text ?? '' });
  return [
    { header: '科目', key: 'subjectName', width: 12 },
    { header: '知识点', key: 'kpId', width: 24, format: (v) => path.get(v as number) ?? '' },
    { header: '题型', key: 'type', width: 12, format: (v) => QUESTION_TYPE_LABEL[v as QuestionType] },
    { header: '难度', key: 'difficulty', width: 8, format: (v) => DIFFICULTY_LABEL[v as number] },
    { header: '题干', key: 'stem', width: 50 },
    ...OPTION_KEYS.slice(0, 6).map(option),
    { header: '答案', key: 'answer', width: 16 },
    { header: '解析', key: 'analysis', width: 40 },
    { header: '分值', key: 'score', width: 8, format: (v) => Number(v) },
    { header: '状态', key: 'status', width: 8, format: (v) => STATUS_LABEL[v as number] },
  ];
}

/** 知识点 id → “上级/下级”路径 */
export function kpPaths(rows: readonly { id: number; parentId: number; name: string }[]): Map<number, string> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out = new Map<number, string>();
  const pathOf = (id: number, depth = 0): string => {
    const cached = out.get(id);
    if (cached !== undefined) return cached;
    const r = byId.get(id);
    if (!r) return '';
    const parent = r.parentId && depth < 20 ? pathOf(r.parentId, depth + 1) : '';
    const p = parent ? `${parent}/${r.name}` : r.name;
    out.set(id, p);
    return p;
  };
  for (const r of rows) pathOf(r.id);
  return out;
}

/** 按筛选条件导出试题（.xlsx，按 id 键集每批 2000 行流式写出） */
export async function exportQuestions(db: Db, session: Session, filter: QuestionFilter) {
  const bank = await loadBank(db, session.user, filter.bankId);
  assertBankPermission(session, bank.kind, 'export');
  const where = await questionWhere(db, bank, filter);
  const paths = kpPaths(await knowledgeRows(db, bank.orgId, bank.workCode));
  return exportXlsx({
    sheetName: '试题',
    columns: exportColumns(paths),
    rows: keysetBatches(
      (lastId: number | null, limit: number) =>
        db
          .select({
            id: questions.id,
            subjectName: questionSubjects.name,
            kpName: knowledgePoints.name,
            kpId: questions.kpId,
            type: questions.type,
            difficulty: questions.difficulty,
            stem: questions.stem,
            options: questions.options,
            answer: questions.answer,
            analysis: questions.analysis,
            score: questions.score,
            status: questions.status,
          })
          .from(questions)
          .innerJoin(questionSubjects, eq(questionSubjects.id, questions.subjectId))
          .innerJoin(knowledgePoints, eq(knowledgePoints.id, questions.kpId))
          .where(lastId === null ? where : and(where, gt(questions.id, lastId)))
          .orderBy(asc(questions.id))
          .limit(limit),
      (r) => r.id,
      2000,
    ),
  });
}

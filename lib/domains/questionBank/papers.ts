// 试卷：列表（每行带使用次数与当前用户可做的操作）、详情、手工组卷、按规则组卷（同一种子可重现）、删除、启用停用、预览与 PDF、导出、
// checkUsePaper（被考试使用的试卷不能修改或删除，说明被哪个计划、场次、考场使用）。
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import { FileResult } from '@/lib/platform/api/files';
import type { Session } from '@/lib/platform/auth/session';
import { scopeWhere } from '@/lib/platform/auth/scope';
import { fetchPage } from '@/lib/platform/db/paged';
import { containsPattern } from '@/lib/platform/db/like';
import { formatBeijing } from '@/lib/platform/time';
import { exportXlsx, keysetBatches } from '@/lib/platform/excel/export';
import { organisations } from '../org/tables';
import { LEVEL_NAMES } from '../catalog/schemas';
import { paperQuestions, papers, paperUses, questionBanks, questions, questionSubjects, type Paper, type QuestionBank } from './tables';
import { BANK_KIND_LABEL, BANK_STATUS, MAX_PAPER_QUESTIONS, PAPER_MODE, PAPER_MODE_LABEL, QUESTION_TYPE_LABEL, QUESTION_TYPES, STATUS_LABEL, type QuestionType } from './constants';
import { assertOwner, assertPaperPermission, loadBank, loadPaper, paperActions } from './access';
import { assertFiled } from './banks';
import { drawByRules, newSeed } from './compose';
import { enqueueTask } from '@/lib/platform/task/runner';
import { registerTask } from '@/lib/platform/task/registry';
import { ownerSession } from '../task/service';
import type { TaskStarted } from '../task/schemas';
import { paperPdf, paperUsages, renderPaper, usageText, type PaperUsage } from './usage';
import type { PaperCompose, PaperFilter, PaperItem, PaperManual, PaperRule } from './schemas';

// ---------- 列表与详情 ----------

function paperWhere(session: Session, filter: PaperFilter): SQL | undefined {
  return and(
    scopeWhere(session.user, { cityId: papers.cityId, orgId: papers.orgId }),
    filter.kind !== undefined ? eq(papers.kind, filter.kind) : undefined,
    filter.name ? ilike(papers.name, containsPattern(filter.name)) : undefined,
    filter.workName ? ilike(papers.workName, containsPattern(filter.workName)) : undefined,
    filter.orgName ? ilike(organisations.name, containsPattern(filter.orgName)) : undefined,
    filter.mode !== undefined ? eq(papers.mode, filter.mode) : undefined,
    filter.status !== undefined ? eq(papers.status, filter.status) : undefined,
  );
}

/** 试卷的使用次数（走 paper_use_paper_idx）；外层列写全名，免得在子查询里被解析成 u.id */
const usedCountSql = sql<number>`(select count(*)::int from ${paperUses} u where u.paper_id = "paper"."id")`;

const listRows = (db: Db) =>
  db
    .select({ p: papers, orgName: organisations.name, subjectName: questionSubjects.name, usedCount: usedCountSql })
    .from(papers)
    .innerJoin(organisations, eq(organisations.id, papers.orgId))
    .innerJoin(questionSubjects, eq(questionSubjects.id, papers.subjectId));

type ListRow = { p: Paper; orgName: string; subjectName: string; usedCount: number };

function toItem(session: Session, { p, orgName, subjectName, usedCount }: ListRow): PaperItem {
  const used = Number(usedCount);
  return {
    id: p.id,
    kind: p.kind,
    orgName,
    bankId: p.bankId,
    subjectId: p.subjectId,
    subjectName,
    name: p.name,
    workCode: p.workCode,
    workName: p.workName,
    level: p.level,
    levelName: LEVEL_NAMES[p.level] ?? String(p.level),
    mode: p.mode,
    modeName: PAPER_MODE_LABEL[p.mode],
    seed: p.seed,
    questionCount: p.questionCount,
    totalScore: Number(p.totalScore),
    durationMinutes: p.durationMinutes,
    status: p.status,
    statusName: STATUS_LABEL[p.status],
    usedCount: used,
    createTime: formatBeijing(p.createdAt),
    actions: paperActions(session, p, used > 0),
  };
}

export async function listPapers(db: Db, session: Session, filter: PaperFilter, page: Page): Promise<PageResult<PaperItem>> {
  const where = paperWhere(session, filter);
  return fetchPage(
    page,
    listRows(db).where(where).orderBy(desc(papers.id)),
    db.select({ total: count() }).from(papers).innerJoin(organisations, eq(organisations.id, papers.orgId)).where(where),
    (rows) => rows.map((r) => toItem(session, r)),
  );
}

async function paperItem(db: Db, session: Session, id: number): Promise<PaperItem> {
  const [row] = await listRows(db).where(eq(papers.id, id));
  return toItem(session, row);
}

/** 详情：试卷、组卷规则与种子、试题与分值（编辑表单用） */
export async function paperDetail(db: Db, session: Session, id: number) {
  const paper = await loadPaper(db, session.user, id);
  const item = await paperItem(db, session, paper.id);
  const qs = await db
    .select({ questionId: paperQuestions.questionId, score: paperQuestions.score, type: questions.type, stem: questions.stem })
    .from(paperQuestions)
    .innerJoin(questions, eq(questions.id, paperQuestions.questionId))
    .where(eq(paperQuestions.paperId, paper.id))
    .orderBy(asc(paperQuestions.sort));
  return {
    ...item,
    remark: paper.remark,
    rules: (paper.rules ?? []) as PaperRule[],
    questions: qs.map((q) => ({ ...q, score: Number(q.score), typeName: QUESTION_TYPE_LABEL[q.type as QuestionType] })),
  };
}

/** 组卷可选的题库：本机构启用的题库及其科目 */
export async function composableBanks(db: Db, session: Session) {
  const { user } = session;
  if (user.level !== 'org' || !user.orgId) return [];
  const banks = await db
    .select()
    .from(questionBanks)
    .where(and(eq(questionBanks.orgId, user.orgId), eq(questionBanks.status, BANK_STATUS.ENABLED)))
    .orderBy(asc(questionBanks.kind), asc(questionBanks.workCode), desc(questionBanks.level));
  if (!banks.length) return [];
  const subjects = await db
    .select({ id: questionSubjects.id, bankId: questionSubjects.bankId, name: questionSubjects.name })
    .from(questionSubjects)
    .where(
      inArray(
        questionSubjects.bankId,
        banks.map((b) => b.id),
      ),
    )
    .orderBy(asc(questionSubjects.sort), asc(questionSubjects.id));
  return banks.map((b) => ({
    id: b.id,
    kind: b.kind,
    name: b.name,
    label: `${BANK_KIND_LABEL[b.kind]} · ${b.name}`,
    workCode: b.workCode,
    workName: b.workName,
    level: b.level,
    subjects: subjects.filter((s) => s.bankId === b.id).map((s) => ({ id: s.id, name: s.name })),
  }));
}

// ---------- 使用检查 ----------

function usageMessage(paper: { name: string }, usages: PaperUsage[], what: string): string {
  const more = usages.length > 1 ? `等 ${usages.length} 处` : '';
  return `试卷「${paper.name}」已被${usageText(usages[0])}${more}使用，不能${what}`;
}

/** 被考试使用的试卷不能修改或删除：消息说明被哪个计划、场次、考场使用 */
export async function assertPaperUnused(db: Db, paper: Paper, what: string): Promise<void> {
  const usages = await paperUsages(db, paper.id);
  if (usages.length) throw ApiError.badRequest(usageMessage(paper, usages, what), undefined, { usages });
}

/** checkUsePaper：试卷是否已被考试使用、被谁使用 */
export async function checkUsePaper(db: Db, session: Session, id: number) {
  const paper = await loadPaper(db, session.user, id);
  const usages = await paperUsages(db, paper.id);
  return { id: paper.id, used: usages.length > 0, usages, message: usages.length ? usageMessage(paper, usages, '修改或删除') : `试卷「${paper.name}」尚未被考试使用` };
}

// ---------- 组卷 ----------

interface Target {
  bank: QuestionBank;
  subjectId: number;
  before: Paper | null;
}

/** 组卷前的检查：评价机构、本机构启用的题库、科目属于题库、工种等级仍在有效备案内；修改时试卷未被使用 */
async function composeTarget(db: Db, session: Session, input: { id?: number; bankId: number; subjectId: number }): Promise<Target> {
  const { user } = session;
  assertPaperPermission(session, input.id ? 'edit' : 'add');
  if (user.level !== 'org' || !user.orgId) throw ApiError.forbidden('试卷须由评价机构组卷');
  let before: Paper | null = null;
  if (input.id) {
    before = await loadPaper(db, user, input.id);
    assertOwner(user, before, '修改试卷');
    await assertPaperUnused(db, before, '修改');
  }
  const bank = await loadBank(db, user, input.bankId);
  assertOwner(user, bank, '用该题库组卷');
  if (bank.status !== BANK_STATUS.ENABLED) throw ApiError.badRequest(`题库「${bank.name}」已停用，不能组卷`);
  const [subject] = await db.select({ id: questionSubjects.id }).from(questionSubjects).where(and(eq(questionSubjects.id, input.subjectId), eq(questionSubjects.bankId, bank.id)));
  if (!subject) throw ApiError.badRequest('科目不属于该题库', { subjectId: '科目不属于该题库' });
  await assertFiled(db, bank.orgId, bank.kind, bank);
  return { bank, subjectId: subject.id, before };
}

const typeOrder = (t: string) => QUESTION_TYPES.indexOf(t as QuestionType);

/** 写入试卷与题目（修改时整份替换题目） */
async function writePaper(
  tx: Db,
  session: Session,
  target: Target,
  fields: { name: string; durationMinutes: number | null; remark: string | null; mode: number; rules: PaperRule[] | null; seed: string | null },
  list: { questionId: number; score: number }[],
  audit: Audit,
): Promise<Paper> {
  const { bank, before } = target;
  const total = list.reduce((sum, q) => sum + q.score, 0);
  const values = { ...fields, bankId: bank.id, subjectId: target.subjectId, kind: bank.kind, workCode: bank.workCode, workName: bank.workName, level: bank.level, totalScore: String(total), questionCount: list.length };
  let paper: Paper;
  if (before) {
    [paper] = await tx
      .update(papers)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(papers.id, before.id))
      .returning();
    await tx.delete(paperQuestions).where(eq(paperQuestions.paperId, paper.id));
  } else {
    [paper] = await tx
      .insert(papers)
      .values({ ...values, orgId: bank.orgId, cityId: bank.cityId, createdBy: session.user.id })
      .returning();
  }
  await tx.insert(paperQuestions).values(list.map((q, i) => ({ paperId: paper.id, questionId: q.questionId, sort: i + 1, score: String(q.score) })));
  audit({
    entity: 'paper',
    entityId: paper.id,
    before,
    after: { ...paper, questionIds: list.map((q) => q.questionId) },
    detail: `${before ? '修改' : '新建'}试卷 ${paper.name}（${PAPER_MODE_LABEL[paper.mode]}，${list.length} 题，${total} 分）`,
  });
  return paper;
}

/** 手工组卷：所选试题须是该题库该科目的、启用的（原卷已有的停用题可以保留），不重复；按题型分大题 */
export async function saveManualPaper(db: Db, session: Session, input: PaperManual, audit: Audit): Promise<PaperItem> {
  return db.transaction(async (tx) => {
    const target = await composeTarget(tx, session, input);
    const ids = input.questions.map((q) => q.questionId);
    const dup = ids.find((id, i) => ids.indexOf(id) !== i);
    if (dup) throw ApiError.badRequest('同一道试题不能在试卷中出现两次');
    const rows = await tx
      .select({ id: questions.id, bankId: questions.bankId, subjectId: questions.subjectId, type: questions.type, status: questions.status })
      .from(questions)
      .where(inArray(questions.id, ids));
    const kept = target.before ? new Set((await tx.select({ id: paperQuestions.questionId }).from(paperQuestions).where(eq(paperQuestions.paperId, target.before.id))).map((r) => r.id)) : new Set<number>();
    const byId = new Map(rows.map((r) => [r.id, r]));
    input.questions.forEach((q, i) => {
      const r = byId.get(q.questionId);
      if (!r || r.bankId !== target.bank.id || r.subjectId !== target.subjectId) throw ApiError.badRequest(`第 ${i + 1} 道试题不在该题库的该科目中`);
      if (r.status !== BANK_STATUS.ENABLED && !kept.has(r.id)) throw ApiError.badRequest(`第 ${i + 1} 道试题已停用，不能组入试卷`);
    });
    const ordered = input.questions.map((q, i) => ({ ...q, i })).sort((a, b) => typeOrder(byId.get(a.questionId)!.type) - typeOrder(byId.get(b.questionId)!.type) || a.i - b.i);
    const paper = await writePaper(tx, session, target, { name: input.name, durationMinutes: input.durationMinutes, remark: input.remark, mode: PAPER_MODE.MANUAL, rules: null, seed: null }, ordered, audit);
    return paperItem(tx, session, paper.id);
  });
}

/** 按规则组卷：题型 × 知识点 × 难度的题数与分值，按种子随机抽题、不重复；同一种子同一题库抽出同一份。题不够时说明是哪条规则 */
/** 按规则组卷；background 时先做同样的检查、定下种子，再发起后台任务（答复 { taskId }，进度按规则） */
export async function composePaper(db: Db, session: Session, input: PaperCompose & { background?: boolean }, audit: Audit): Promise<PaperItem | TaskStarted> {
  const { background, ...compose } = input;
  const total = compose.rules.reduce((sum, r) => sum + r.count, 0);
  if (total > MAX_PAPER_QUESTIONS) throw ApiError.badRequest(`一份试卷最多 ${MAX_PAPER_QUESTIONS} 道题，规则合计 ${total} 道`);
  if (background) {
    await composeTarget(db, session, compose);
    // 种子在发起时定下：任务结果与同一种子的直接组卷相同
    const seeded = { ...compose, seed: compose.seed ?? newSeed() };
    const started = await enqueueTask(db, { userId: session.user.id, kind: COMPOSE_TASK, title: `按规则组卷「${compose.name}」`, input: seeded, total: compose.rules.length });
    audit({ entity: 'paper', entityId: compose.id ?? null, detail: `发起按规则组卷任务「${compose.name}」，任务 ${started.taskId}` });
    return started;
  }
  return composeIn(db, session, compose, audit);
}

async function composeIn(db: Db, session: Session, input: PaperCompose, audit: Audit, onRule?: (done: number) => Promise<void>): Promise<PaperItem> {
  return db.transaction(async (tx) => {
    const target = await composeTarget(tx, session, input);
    const seed = input.seed ?? newSeed();
    const drawn = await drawByRules(tx, target.bank, target.subjectId, input.rules, seed, onRule);
    const paper = await writePaper(tx, session, target, { name: input.name, durationMinutes: input.durationMinutes, remark: input.remark, mode: PAPER_MODE.RULES, rules: input.rules, seed }, drawn, audit);
    return paperItem(tx, session, paper.id);
  });
}

/** 后台组卷任务的种类 */
export const COMPOSE_TASK = 'paper.compose';

/** 后台组卷：以发起人此刻的身份重新检查并在一个事务里抽题、写入；进度按规则；结果为试卷编号与题数 */
registerTask<PaperCompose>(COMPOSE_TASK, {
  title: '按规则组卷',
  async run(ctx, input, progress) {
    const session = await ownerSession(ctx);
    await progress(0, input.rules.length);
    const paper = await composeIn(ctx.db, session, input, ctx.audit, (done) => progress(done));
    return { result: { paperId: paper.id, paperName: paper.name, questionCount: paper.questionCount, seed: paper.seed } };
  },
});

// ---------- 删除、启用停用 ----------

export async function deletePaper(db: Db, session: Session, input: { id: number }, audit: Audit): Promise<{ removed: number }> {
  const paper = await loadPaper(db, session.user, input.id);
  assertPaperPermission(session, 'delete');
  assertOwner(session.user, paper, '删除试卷');
  await assertPaperUnused(db, paper, '删除');
  await db.delete(papers).where(eq(papers.id, paper.id));
  audit({ entity: 'paper', entityId: paper.id, before: paper, detail: `删除试卷 ${paper.name}` });
  return { removed: 1 };
}

/** 启用或停用试卷：停用的试卷不能再分发给考试（已分发的不变） */
export async function setPaperStatus(db: Db, session: Session, input: { id: number; status: number }, audit: Audit): Promise<{ status: number }> {
  const paper = await loadPaper(db, session.user, input.id);
  assertPaperPermission(session, 'edit');
  assertOwner(session.user, paper, input.status === BANK_STATUS.ENABLED ? '启用试卷' : '停用试卷');
  if (paper.status === input.status) throw ApiError.badRequest(`试卷已是${STATUS_LABEL[input.status]}状态`);
  const [after] = await db.update(papers).set({ status: input.status, updatedAt: new Date() }).where(eq(papers.id, paper.id)).returning();
  audit({ entity: 'paper', entityId: paper.id, before: paper, after, detail: `${STATUS_LABEL[input.status]}试卷 ${paper.name}` });
  return { status: after.status };
}

// ---------- 预览、PDF、导出 ----------

/** 预览：按题型分大题、连续编号；带答案只给所属机构与管理员（有试卷查看权限、在范围内） */
export async function previewPaper(db: Db, session: Session, input: { id: number; withAnswers: boolean }) {
  const paper = await loadPaper(db, session.user, input.id);
  return renderPaper(db, paper.id, { withAnswers: input.withAnswers });
}

export async function paperPdfFile(db: Db, session: Session, input: { id: number; withAnswers: boolean }): Promise<FileResult> {
  const paper = await loadPaper(db, session.user, input.id);
  const pdf = await paperPdf(await renderPaper(db, paper.id, { withAnswers: input.withAnswers }));
  return new FileResult(new Uint8Array(pdf), 'pdf');
}

export function exportPapers(db: Db, session: Session, filter: PaperFilter) {
  const where = paperWhere(session, filter);
  return exportXlsx({
    sheetName: '试卷',
    columns: [
      { header: '试卷名称', key: 'name', width: 30 },
      { header: '评价机构', key: 'orgName', width: 28 },
      { header: '类别', key: 'kind', width: 14, format: (v) => BANK_KIND_LABEL[v as number] },
      { header: '工种', key: 'workName', width: 16 },
      { header: '等级', key: 'level', width: 14, format: (v) => LEVEL_NAMES[v as number] },
      { header: '科目', key: 'subjectName', width: 12 },
      { header: '组卷方式', key: 'mode', width: 12, format: (v) => PAPER_MODE_LABEL[v as number] },
      { header: '种子', key: 'seed', width: 12 },
      { header: '题数', key: 'questionCount', width: 8 },
      { header: '总分', key: 'totalScore', width: 8, format: (v) => Number(v) },
      { header: '时长（分钟）', key: 'durationMinutes', width: 12 },
      { header: '使用次数', key: 'usedCount', width: 10 },
      { header: '状态', key: 'status', width: 8, format: (v) => STATUS_LABEL[v as number] },
    ],
    rows: keysetBatches(
      (lastId: number | null, limit: number) =>
        db
          .select({
            id: papers.id,
            name: papers.name,
            orgName: organisations.name,
            kind: papers.kind,
            workName: papers.workName,
            level: papers.level,
            subjectName: questionSubjects.name,
            mode: papers.mode,
            seed: papers.seed,
            questionCount: papers.questionCount,
            totalScore: papers.totalScore,
            durationMinutes: papers.durationMinutes,
            usedCount: usedCountSql,
            status: papers.status,
          })
          .from(papers)
          .innerJoin(organisations, eq(organisations.id, papers.orgId))
          .innerJoin(questionSubjects, eq(questionSubjects.id, papers.subjectId))
          .where(lastId === null ? where : and(where, sql`${papers.id} < ${lastId}`))
          .orderBy(desc(papers.id))
          .limit(limit),
      (r) => r.id,
    ),
  });
}

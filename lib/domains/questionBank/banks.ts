// 题库、科目与知识点：列表（每行带当前用户可做的操作）、建立与修改（工种等级须在本机构该类有效备案内）、删除、启用停用。
import { and, asc, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import type { Session } from '@/lib/platform/auth/session';
import { assertInScope, scopeWhere } from '@/lib/platform/auth/scope';
import { fetchPage } from '@/lib/platform/db/paged';
import { withUniqueMessage } from '@/lib/platform/db/save-row';
import { containsPattern } from '@/lib/platform/db/like';
import { formatBeijing } from '@/lib/platform/time';
import { organisations } from '../org/tables';
import { LEVEL_NAMES } from '../catalog/schemas';
import { filedWorks, filingInForce, uncoveredWork } from '../exaPlan/filed';
import { knowledgePoints, papers, questionBanks, questions, questionSubjects, type QuestionBank } from './tables';
import { BANK_KIND_LABEL, BANK_STATUS, STATUS_LABEL } from './constants';
import { assertBankPermission, assertOwner, bankActions, bankForChange, bankForView } from './access';
import type { BankItem, KnowledgeNode } from './schemas';

/** 新题库自带的科目 */
export const DEFAULT_SUBJECTS = ['理论知识', '操作技能'] as const;

const levelName = (level: number) => LEVEL_NAMES[level] ?? String(level);

// ---------- 题库 ----------

export interface BankFilter {
  kind: number;
  orgName?: string;
  workName?: string;
  level?: number;
  status?: number;
}

/** 题库的题数（按题库分组，走 question_bank_idx） */
async function questionCounts(db: Db, bankIds: number[]): Promise<Map<number, number>> {
  if (!bankIds.length) return new Map();
  const rows = await db.select({ bankId: questions.bankId, n: count() }).from(questions).where(inArray(questions.bankId, bankIds)).groupBy(questions.bankId);
  return new Map(rows.map((r) => [r.bankId, Number(r.n)]));
}

type BankRow = { b: QuestionBank; orgName: string };

async function toBankItems(db: Db, session: Session, rows: BankRow[]): Promise<BankItem[]> {
  const counts = await questionCounts(
    db,
    rows.map((r) => r.b.id),
  );
  return rows.map(({ b, orgName }) => ({
    id: b.id,
    kind: b.kind,
    orgId: b.orgId,
    orgName,
    name: b.name,
    workCode: b.workCode,
    workName: b.workName,
    level: b.level,
    levelName: levelName(b.level),
    status: b.status,
    statusName: STATUS_LABEL[b.status],
    questionCount: counts.get(b.id) ?? 0,
    remark: b.remark,
    createTime: formatBeijing(b.createdAt),
    actions: bankActions(session, b.kind, b),
  }));
}

export async function listBanks(db: Db, session: Session, filter: BankFilter, page: Page): Promise<PageResult<BankItem>> {
  assertBankPermission(session, filter.kind, 'query');
  const where = and(
    scopeWhere(session.user, { cityId: questionBanks.cityId, orgId: questionBanks.orgId }),
    eq(questionBanks.kind, filter.kind),
    filter.orgName ? ilike(organisations.name, containsPattern(filter.orgName)) : undefined,
    filter.workName ? ilike(questionBanks.workName, containsPattern(filter.workName)) : undefined,
    filter.level !== undefined ? eq(questionBanks.level, filter.level) : undefined,
    filter.status !== undefined ? eq(questionBanks.status, filter.status) : undefined,
  );
  return fetchPage(
    page,
    db
      .select({ b: questionBanks, orgName: organisations.name })
      .from(questionBanks)
      .innerJoin(organisations, eq(organisations.id, questionBanks.orgId))
      .where(where)
      .orderBy(desc(questionBanks.id)),
    db.select({ total: count() }).from(questionBanks).innerJoin(organisations, eq(organisations.id, questionBanks.orgId)).where(where),
    (rows) => toBankItems(db, session, rows),
  );
}

/** 题库详情：题库、科目（含题数）与各题型的题数 */
export async function bankDetail(db: Db, session: Session, id: number) {
  const bank = await bankForView(db, session, id, 'get');
  const [org] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, bank.orgId));
  const [item] = await toBankItems(db, session, [{ b: bank, orgName: org?.name ?? '' }]);
  const byType = await db
    .select({ type: questions.type, n: count() })
    .from(questions)
    .where(eq(questions.bankId, bank.id))
    .groupBy(questions.type);
  return { ...item, subjects: await subjectsOf(db, bank.id), typeCounts: Object.fromEntries(byType.map((r) => [r.type, Number(r.n)])) };
}

/** 本机构该类有效备案里可以建题库的工种与等级（机构以外的用户为空） */
export async function bankFiledWorks(db: Db, session: Session, kind: number) {
  const { user } = session;
  if (user.level !== 'org' || !user.orgId) return { works: [] };
  const filing = await filingInForce(db, user.orgId, kind);
  if (!filing) return { works: [] };
  const works = await filedWorks(db, filing.id);
  return { works: works.map((w) => ({ ...w, levelNames: w.levels.map(levelName) })) };
}

/** 工种等级须在机构该类有效备案内（建题库、组卷时检查：备案可能已作废或缩减） */
export async function assertFiled(db: Db, orgId: number, kind: number, work: { workCode: string; level: number }): Promise<string> {
  const kindName = BANK_KIND_LABEL[kind];
  const filing = await filingInForce(db, orgId, kind);
  if (!filing) throw ApiError.badRequest(`本机构没有有效的${kindName}备案，不能使用该类题库`);
  const filed = await filedWorks(db, filing.id);
  const missing = uncoveredWork([work], filed, kindName);
  if (missing) throw ApiError.badRequest(missing, { workCode: missing });
  return filed.find((w) => w.workCode === work.workCode)!.workName;
}

export interface SaveBankInput {
  id?: number;
  kind: number;
  workCode: string;
  level: number;
  name: string;
  remark: string | null;
}

/** 建立或修改题库（评价机构）：建立时工种等级须在本机构该类有效备案内，并带上默认科目；建立后工种与等级不能修改 */
export async function saveBank(db: Db, session: Session, input: SaveBankInput, audit: Audit): Promise<BankItem> {
  const { user } = session;
  assertBankPermission(session, input.kind, input.id ? 'edit' : 'add');
  if (user.level !== 'org' || !user.orgId) throw ApiError.forbidden('题库须由评价机构建立');
  const orgId = user.orgId;
  const duplicate = `本机构已有该工种等级的${BANK_KIND_LABEL[input.kind]}题库`;
  return db.transaction(async (tx) => {
    let bank: QuestionBank;
    if (input.id) {
      const before = await bankForChange(tx, session, input.id, 'edit', '修改题库');
      if (before.kind !== input.kind) throw ApiError.badRequest('题库类别不能修改');
      if (before.workCode !== input.workCode || before.level !== input.level) throw ApiError.badRequest('题库建立后工种与等级不能修改', { workCode: '题库建立后工种与等级不能修改' });
      [bank] = await tx.update(questionBanks).set({ name: input.name, remark: input.remark, updatedAt: new Date() }).where(eq(questionBanks.id, before.id)).returning();
      audit({ entity: 'question_bank', entityId: bank.id, before, after: bank, detail: `修改题库 ${bank.name}` });
    } else {
      const workName = await assertFiled(tx, orgId, input.kind, input);
      const [org] = await tx.select({ cityId: organisations.cityId }).from(organisations).where(eq(organisations.id, orgId));
      [bank] = await withUniqueMessage(duplicate, () =>
        tx
          .insert(questionBanks)
          .values({ kind: input.kind, orgId, cityId: org?.cityId ?? null, name: input.name, workCode: input.workCode, workName, level: input.level, remark: input.remark, createdBy: user.id })
          .returning(),
      );
      await tx.insert(questionSubjects).values(DEFAULT_SUBJECTS.map((name, sort) => ({ bankId: bank.id, orgId, cityId: bank.cityId, name, sort })));
      audit({ entity: 'question_bank', entityId: bank.id, after: bank, detail: `建立${BANK_KIND_LABEL[bank.kind]}题库 ${bank.name}` });
    }
    const [item] = await toBankItems(tx, session, [{ b: bank, orgName: '' }]);
    return item;
  });
}

/** 删除题库（连同试题、科目）：已组成试卷的题库不能删除（可停用） */
export async function deleteBank(db: Db, session: Session, input: { id: number }, audit: Audit): Promise<{ removed: number }> {
  const bank = await bankForChange(db, session, input.id, 'delete', '删除题库');
  const used = await db.select({ name: papers.name }).from(papers).where(eq(papers.bankId, bank.id)).orderBy(asc(papers.id)).limit(1);
  if (used.length) {
    const n = await db.$count(papers, eq(papers.bankId, bank.id));
    throw ApiError.badRequest(`题库「${bank.name}」已组成试卷 ${n} 份（如「${used[0].name}」），不能删除；可以停用`);
  }
  await db.delete(questionBanks).where(eq(questionBanks.id, bank.id));
  audit({ entity: 'question_bank', entityId: bank.id, before: bank, detail: `删除题库 ${bank.name}` });
  return { removed: 1 };
}

/** 启用或停用题库：停用的题库不能组卷 */
export async function setBankStatus(db: Db, session: Session, input: { id: number; status: number }, audit: Audit): Promise<{ status: number }> {
  const bank = await bankForChange(db, session, input.id, 'edit', input.status === BANK_STATUS.ENABLED ? '启用题库' : '停用题库');
  if (bank.status === input.status) throw ApiError.badRequest(`题库已是${STATUS_LABEL[input.status]}状态`);
  const [after] = await db.update(questionBanks).set({ status: input.status, updatedAt: new Date() }).where(eq(questionBanks.id, bank.id)).returning();
  audit({ entity: 'question_bank', entityId: bank.id, before: bank, after, detail: `${STATUS_LABEL[input.status]}题库 ${bank.name}` });
  return { status: after.status };
}

// ---------- 科目 ----------

export async function subjectsOf(db: Db, bankId: number) {
  const [rows, counts] = await Promise.all([
    db
      .select({ id: questionSubjects.id, name: questionSubjects.name, sort: questionSubjects.sort })
      .from(questionSubjects)
      .where(eq(questionSubjects.bankId, bankId))
      .orderBy(asc(questionSubjects.sort), asc(questionSubjects.id)),
    db.select({ subjectId: questions.subjectId, n: count() }).from(questions).where(eq(questions.bankId, bankId)).groupBy(questions.subjectId),
  ]);
  const countOf = new Map(counts.map((c) => [c.subjectId, Number(c.n)]));
  return rows.map((r) => ({ ...r, questionCount: countOf.get(r.id) ?? 0 }));
}

export async function listSubjects(db: Db, session: Session, filter: { bankId: number }) {
  const bank = await bankForView(db, session, filter.bankId);
  return subjectsOf(db, bank.id);
}

export async function saveSubject(db: Db, session: Session, input: { id?: number; bankId: number; name: string; sort: number }, audit: Audit) {
  const bank = await bankForChange(db, session, input.bankId, 'edit', '维护科目');
  return withUniqueMessage(`题库里已有科目「${input.name}」`, async () => {
    if (input.id) {
      const [before] = await db.select().from(questionSubjects).where(and(eq(questionSubjects.id, input.id), eq(questionSubjects.bankId, bank.id)));
      if (!before) throw ApiError.notFound('科目不存在');
      const [after] = await db.update(questionSubjects).set({ name: input.name, sort: input.sort }).where(eq(questionSubjects.id, before.id)).returning();
      audit({ entity: 'question_subject', entityId: after.id, before, after, detail: `修改科目 ${after.name}` });
      return after;
    }
    const [row] = await db.insert(questionSubjects).values({ bankId: bank.id, orgId: bank.orgId, cityId: bank.cityId, name: input.name, sort: input.sort }).returning();
    audit({ entity: 'question_subject', entityId: row.id, after: row, detail: `新增科目 ${row.name}` });
    return row;
  });
}

export async function deleteSubject(db: Db, session: Session, input: { id: number }, audit: Audit) {
  const [row] = await db.select().from(questionSubjects).where(eq(questionSubjects.id, input.id));
  const subject = assertInScope(session.user, row, '科目');
  await bankForChange(db, session, subject.bankId, 'edit', '维护科目');
  const n = await db.$count(questions, eq(questions.subjectId, subject.id));
  if (n) throw ApiError.badRequest(`科目「${subject.name}」下还有 ${n} 道试题，不能删除`);
  const [paper] = await db.select({ name: papers.name }).from(papers).where(eq(papers.subjectId, subject.id)).limit(1);
  if (paper) throw ApiError.badRequest(`科目「${subject.name}」已有试卷「${paper.name}」，不能删除`);
  await db.delete(questionSubjects).where(eq(questionSubjects.id, subject.id));
  audit({ entity: 'question_subject', entityId: subject.id, before: subject, detail: `删除科目 ${subject.name}` });
  return { removed: 1 };
}

// ---------- 知识点（每个机构每个工种一棵树） ----------


/** 机构某工种的知识点（平铺，按排序） */
export async function knowledgeRows(db: Db, orgId: number, workCode: string) {
  return db
    .select({ id: knowledgePoints.id, parentId: knowledgePoints.parentId, name: knowledgePoints.name, sort: knowledgePoints.sort })
    .from(knowledgePoints)
    .where(and(eq(knowledgePoints.orgId, orgId), eq(knowledgePoints.workCode, workCode)))
    .orderBy(asc(knowledgePoints.sort), asc(knowledgePoints.id));
}

/** 题库所属工种的知识点树，每个节点带本题库的题数 */
export async function knowledgeTree(db: Db, session: Session, filter: { bankId: number }): Promise<KnowledgeNode[]> {
  const bank = await bankForView(db, session, filter.bankId);
  const [rows, counts] = await Promise.all([
    knowledgeRows(db, bank.orgId, bank.workCode),
    db.select({ kpId: questions.kpId, n: count() }).from(questions).where(eq(questions.bankId, bank.id)).groupBy(questions.kpId),
  ]);
  const countOf = new Map(counts.map((c) => [c.kpId, Number(c.n)]));
  const nodes = new Map<number, KnowledgeNode>(rows.map((r) => [r.id, { ...r, questionCount: countOf.get(r.id) ?? 0 }]));
  const roots: KnowledgeNode[] = [];
  for (const n of nodes.values()) {
    const parent = nodes.get(n.parentId);
    if (parent) (parent.children ??= []).push(n);
    else roots.push(n);
  }
  return roots;
}

export async function saveKnowledge(db: Db, session: Session, input: { id?: number; bankId: number; parentId: number; name: string; sort: number }, audit: Audit) {
  const bank = await bankForChange(db, session, input.bankId, 'edit', '维护知识点');
  const rows = await knowledgeRows(db, bank.orgId, bank.workCode);
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (input.parentId && !byId.has(input.parentId)) throw ApiError.badRequest('上级知识点不属于该题库的工种', { parentId: '上级知识点不属于该题库的工种' });
  if (input.id) {
    if (!byId.has(input.id)) throw ApiError.notFound('知识点不存在或不属于该题库的工种');
    // 上级不能是自己或自己的下级
    for (let p = input.parentId; p; p = byId.get(p)?.parentId ?? 0) {
      if (p === input.id) throw ApiError.badRequest('上级知识点不能是它自己或它的下级', { parentId: '上级知识点不能是它自己或它的下级' });
    }
  }
  return withUniqueMessage(`同一上级下已有知识点「${input.name}」`, async () => {
    if (input.id) {
      const [before] = await db.select().from(knowledgePoints).where(eq(knowledgePoints.id, input.id));
      const [after] = await db.update(knowledgePoints).set({ parentId: input.parentId, name: input.name, sort: input.sort }).where(eq(knowledgePoints.id, input.id)).returning();
      audit({ entity: 'knowledge_point', entityId: after.id, before, after, detail: `修改知识点 ${after.name}` });
      return after;
    }
    const [row] = await db
      .insert(knowledgePoints)
      .values({ orgId: bank.orgId, cityId: bank.cityId, workCode: bank.workCode, parentId: input.parentId, name: input.name, sort: input.sort })
      .returning();
    audit({ entity: 'knowledge_point', entityId: row.id, after: row, detail: `新增知识点 ${row.name}` });
    return row;
  });
}

/** 删除知识点：有下级或有试题（本机构任一题库）的不能删除 */
export async function deleteKnowledge(db: Db, session: Session, input: { id: number; bankId: number }, audit: Audit) {
  const bank = await bankForChange(db, session, input.bankId, 'edit', '维护知识点');
  const [row] = await db.select().from(knowledgePoints).where(eq(knowledgePoints.id, input.id));
  const kp = assertInScope(session.user, row, '知识点');
  assertOwner(session.user, kp, '维护知识点');
  if (kp.workCode !== bank.workCode) throw ApiError.notFound('知识点不存在或不属于该题库的工种');
  const children = await db.$count(knowledgePoints, eq(knowledgePoints.parentId, kp.id));
  if (children) throw ApiError.badRequest(`知识点「${kp.name}」下还有 ${children} 个下级知识点，请先删除下级`);
  const n = await db.$count(questions, eq(questions.kpId, kp.id));
  if (n) throw ApiError.badRequest(`知识点「${kp.name}」下还有 ${n} 道试题，不能删除`);
  await db.delete(knowledgePoints).where(eq(knowledgePoints.id, kp.id));
  audit({ entity: 'knowledge_point', entityId: kp.id, before: kp, detail: `删除知识点 ${kp.name}` });
  return { removed: 1 };
}

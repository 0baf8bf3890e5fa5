// 题库与试卷的读取与检查：范围（范围外 404）、类别权限、所属机构（只有所属评价机构维护）、行上可做的操作。
// 题库与试卷属于一个评价机构；市、省管理员在范围内只看不改。
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import { can, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { assertInScope } from '@/lib/platform/auth/scope';
import { papers, questionBanks, type Paper, type QuestionBank } from './tables';
import { BANK_KIND_LABEL, BANK_STATUS, bankResource } from './constants';
import type { BankAction, PaperAction } from './schemas';

export function assertBankPermission(session: Session, kind: number, action: string): void {
  if (!can(session, `${bankResource(kind)}.${action}`)) throw ApiError.forbidden(`没有${BANK_KIND_LABEL[kind] ?? ''}题库的相应权限`);
}

export function assertPaperPermission(session: Session, action: string): void {
  if (!can(session, `paper.${action}`)) throw ApiError.forbidden('没有试卷管理的相应权限');
}

/** 范围内的题库；范围外或不存在 404 */
export async function loadBank(db: Db, user: SessionUser, id: number): Promise<QuestionBank> {
  const [row] = await db.select().from(questionBanks).where(eq(questionBanks.id, id));
  return assertInScope(user, row, '题库');
}

/** 范围内的试卷；范围外或不存在 404 */
export async function loadPaper(db: Db, user: SessionUser, id: number): Promise<Paper> {
  const [row] = await db.select().from(papers).where(eq(papers.id, id));
  return assertInScope(user, row, '试卷');
}

/** 当前用户是否为记录所属的评价机构 */
export const isOwner = (user: SessionUser, record: { orgId: number }): boolean => user.level === 'org' && user.orgId === record.orgId;

export function assertOwner(user: SessionUser, record: { orgId: number }, what: string): void {
  if (!isOwner(user, record)) throw ApiError.forbidden(`只有所属的评价机构可以${what}`);
}

/** 维护题库（及其科目、知识点、试题）：类别的该动作权限 + 所属机构 */
export async function bankForChange(db: Db, session: Session, bankId: number, action: string, what: string): Promise<QuestionBank> {
  const bank = await loadBank(db, session.user, bankId);
  assertBankPermission(session, bank.kind, action);
  assertOwner(session.user, bank, what);
  return bank;
}

/** 查看题库：类别的查看权限（试卷管理的查看权限也可看题库的科目、知识点与试题，供组卷） */
export async function bankForView(db: Db, session: Session, bankId: number, action: 'query' | 'get' | 'export' = 'query'): Promise<QuestionBank> {
  const bank = await loadBank(db, session.user, bankId);
  if (!can(session, `paper.${action}`)) assertBankPermission(session, bank.kind, action);
  return bank;
}

/** 题库（或试题）行上当前用户可做的操作 */
export function bankActions(session: Session, kind: number, row: { orgId: number; status: number }): BankAction[] {
  if (!isOwner(session.user, row)) return [];
  const r = bankResource(kind);
  const out: BankAction[] = [];
  if (can(session, `${r}.edit`)) out.push('edit', row.status === BANK_STATUS.ENABLED ? 'disable' : 'enable');
  if (can(session, `${r}.delete`)) out.push('delete');
  return out;
}

/** 试卷行上当前用户可做的操作：被考试使用的试卷不能修改（含重新组卷）或删除 */
export function paperActions(session: Session, row: { orgId: number; status: number }, used: boolean): PaperAction[] {
  if (!isOwner(session.user, row)) return [];
  const out: PaperAction[] = [];
  if (can(session, 'paper.edit')) {
    if (!used) out.push('edit');
    out.push(row.status === BANK_STATUS.ENABLED ? 'disable' : 'enable');
  }
  if (can(session, 'paper.delete') && !used) out.push('delete');
  return out;
}

// 资金账户（FundAccount）：每市每年度一个账户；拨入、调减、承诺（财务审批通过）、拨付都是只增不改的流水，
// 余额一律由流水求和（不存余额列），所以“余额 = 流水之和”永远成立。会让可用余额变负的调减与审批一律拒绝，并说出剩余多少。
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { assertInScope, scopeWhere } from '@/lib/platform/auth/scope';
import { can, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { fetchPage } from '@/lib/platform/db/paged';
import { withUniqueMessage } from '@/lib/platform/db/save-row';
import { formatBeijing } from '@/lib/platform/time';
import { areas } from '@/lib/domains/area/tables';
import { fundAccounts, fundMovements, subsidyApplies, type FundAccount } from './tables';
import type { FundBalance } from './schemas';

export const MOVEMENT_KIND_LABEL: Record<string, string> = { allocate: '拨入', reduce: '调减', commit: '批准占用', pay: '拨付' };

const actorName = (user: SessionUser) => user.realName || user.nickName;

export function balanceFrom(sums: Partial<Record<string, number>>): FundBalance {
  const allocated = sums.allocate ?? 0;
  const reduced = sums.reduce ?? 0;
  const committed = sums.commit ?? 0;
  const paid = sums.pay ?? 0;
  return { allocated, reduced, committed, paid, available: allocated - reduced - committed, unpaid: committed - paid };
}

/** 一个或几个账户的余额：流水按种类求和 */
export async function balancesOf(db: Db, accountIds: number[]): Promise<Map<number, FundBalance>> {
  const out = new Map<number, FundBalance>();
  if (!accountIds.length) return out;
  const rows = await db
    .select({ accountId: fundMovements.accountId, kind: fundMovements.kind, total: sql<number>`sum(${fundMovements.amount})::bigint` })
    .from(fundMovements)
    .where(sql`${fundMovements.accountId} in ${accountIds}`)
    .groupBy(fundMovements.accountId, fundMovements.kind);
  const sums = new Map<number, Record<string, number>>();
  for (const r of rows) sums.set(r.accountId, { ...(sums.get(r.accountId) ?? {}), [r.kind]: Number(r.total) });
  for (const id of accountIds) out.set(id, balanceFrom(sums.get(id) ?? {}));
  return out;
}

export async function balanceOf(db: Db, accountId: number): Promise<FundBalance> {
  return (await balancesOf(db, [accountId])).get(accountId)!;
}

/** 锁住账户（同一账户的占用与调减排队执行，不会两笔同时通过而透支） */
export async function lockAccount(tx: Db, cityId: number | null, year: number): Promise<FundAccount | null> {
  if (cityId === null) return null;
  const [row] = await tx.select().from(fundAccounts).where(and(eq(fundAccounts.cityId, cityId), eq(fundAccounts.year, year))).for('update');
  return row ?? null;
}

/** 记一笔流水（调用方已锁住账户并检查余额） */
export async function addMovement(tx: Db, account: FundAccount, m: { kind: 'allocate' | 'reduce' | 'commit' | 'pay'; amount: number; applyId?: number | null; note?: string | null }, user: SessionUser) {
  const [row] = await tx
    .insert(fundMovements)
    .values({ accountId: account.id, cityId: account.cityId, kind: m.kind, amount: m.amount, applyId: m.applyId ?? null, note: m.note ?? null, actorId: user.id, actorName: actorName(user) })
    .returning();
  return row;
}

export const overdrawMessage = (account: FundAccount, available: number, amount: number, what: string) =>
  `资金账户「${account.name}」可用余额 ${available} 元，不足以${what} ${amount} 元`;

/**
 * 财务审批通过（commit）或拨付（pay）一份申请的批准金额：锁住该市该年度的账户，承诺前检查可用余额（不足则拒绝并说出余额），
 * 再记一笔流水。须在调用方的事务里执行（失败时整个事务回滚，一笔也不写）。
 */
export async function moveForApply(tx: Db, user: SessionUser, m: { kind: 'commit' | 'pay'; cityId: number | null; year: number; amount: number; applyId: number; code: string; note?: string | null }) {
  const account = await lockAccount(tx, m.cityId, m.year);
  if (!account) throw ApiError.badRequest(`本市 ${m.year} 年度的资金账户尚未建立，请先在“资金账户”中建立并拨入资金`);
  if (m.kind === 'commit') {
    const balance = await balanceOf(tx, account.id);
    if (m.amount > balance.available) throw ApiError.badRequest(overdrawMessage(account, balance.available, m.amount, `批准申请 ${m.code} 的`));
  }
  const note = m.kind === 'commit' ? `批准补贴申请 ${m.code}` : `拨付补贴申请 ${m.code}${m.note ? `：${m.note}` : ''}`;
  if (m.amount > 0) await addMovement(tx, account, { kind: m.kind, amount: m.amount, applyId: m.applyId, note }, user);
  return account;
}

export interface FundAccountItem extends FundBalance {
  id: number;
  cityId: number;
  cityName: string;
  year: number;
  name: string;
  remark: string | null;
  actions: ('movement')[];
}

export async function listFundAccounts(db: Db, session: Session, f: { year?: number; cityId?: number }, page: Page): Promise<PageResult<FundAccountItem>> {
  const { user } = session;
  const where = and(scopeWhere(user, { cityId: fundAccounts.cityId }), f.year ? eq(fundAccounts.year, f.year) : undefined, f.cityId ? eq(fundAccounts.cityId, f.cityId) : undefined);
  const mayMove = can(session, 'fundAccount.edit') && (user.level === 'province' || user.level === 'city');
  return fetchPage(
    page,
    db.select({ a: fundAccounts, cityName: areas.name }).from(fundAccounts).leftJoin(areas, eq(areas.id, fundAccounts.cityId)).where(where).orderBy(desc(fundAccounts.year), asc(fundAccounts.cityId)),
    db.select({ total: count() }).from(fundAccounts).where(where),
    async (rows) => {
      const balances = await balancesOf(db, rows.map((r) => r.a.id));
      return rows.map(({ a, cityName }) => ({ id: a.id, cityId: a.cityId, cityName: cityName ?? '', year: a.year, name: a.name, remark: a.remark, ...balances.get(a.id)!, actions: mayMove ? ['movement' as const] : [] }));
    },
  );
}

/** 建账户：省级为各市建，市级只能为本市建 */
export async function saveFundAccount(db: Db, session: Session, input: { cityId?: number; year: number; name: string; remark: string | null }, audit: Audit) {
  const { user } = session;
  let cityId: number;
  if (user.level === 'city') cityId = user.cityId!;
  else if (user.level === 'province') {
    if (!input.cityId) throw ApiError.badRequest('请选择市', { cityId: '请选择市' });
    cityId = input.cityId;
  } else throw ApiError.forbidden('资金账户由省级或市级管理员建立');
  const [row] = await withUniqueMessage(`该市 ${input.year} 年度的资金账户已存在`, () => db.insert(fundAccounts).values({ cityId, year: input.year, name: input.name, remark: input.remark, createdBy: user.id }).returning());
  audit({ entity: 'fund_account', entityId: row.id, after: row, detail: `建立资金账户「${row.name}」` });
  return { id: row.id };
}

/** 拨入或调减（调减不得超过可用余额） */
export async function recordMovement(db: Db, session: Session, input: { accountId: number; kind: 'allocate' | 'reduce'; amount: number; note: string | null }, audit: Audit) {
  const { user } = session;
  if (user.level !== 'province' && user.level !== 'city') throw ApiError.forbidden('资金拨入与调减由省级或市级管理员办理');
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(fundAccounts).where(eq(fundAccounts.id, input.accountId)).for('update');
    const account = assertInScope(user, found, '资金账户');
    const before = await balanceOf(tx, account.id);
    if (input.kind === 'reduce' && input.amount > before.available) throw ApiError.badRequest(overdrawMessage(account, before.available, input.amount, '调减'));
    const m = await addMovement(tx, account, input, user);
    const after = await balanceOf(tx, account.id);
    audit({ entity: 'fund_movement', entityId: m.id, before, after, detail: `资金账户「${account.name}」${MOVEMENT_KIND_LABEL[input.kind]} ${input.amount} 元` });
    return { id: m.id, balance: after };
  });
}

export interface MovementItem {
  id: number;
  kind: string;
  kindName: string;
  amount: number;
  applyCode: string | null;
  note: string | null;
  actorName: string;
  createTime: string;
}

/** 一个账户与其余额 */
export async function fundAccountDetail(db: Db, user: SessionUser, f: { accountId: number }) {
  const [found] = await db.select().from(fundAccounts).where(eq(fundAccounts.id, f.accountId));
  const account = assertInScope(user, found, '资金账户');
  return { id: account.id, cityId: account.cityId, year: account.year, name: account.name, balance: await balanceOf(db, account.id) };
}

export async function listMovements(db: Db, user: SessionUser, f: { accountId: number }, page: Page): Promise<PageResult<MovementItem>> {
  const [found] = await db.select().from(fundAccounts).where(eq(fundAccounts.id, f.accountId));
  const account = assertInScope(user, found, '资金账户');
  const where = eq(fundMovements.accountId, account.id);
  return fetchPage(
    page,
    db.select({ m: fundMovements, applyCode: subsidyApplies.code }).from(fundMovements).leftJoin(subsidyApplies, eq(subsidyApplies.id, fundMovements.applyId)).where(where).orderBy(desc(fundMovements.id)),
    db.select({ total: count() }).from(fundMovements).where(where),
    (rows) => rows.map(({ m, applyCode }) => ({ id: m.id, kind: m.kind, kindName: MOVEMENT_KIND_LABEL[m.kind] ?? m.kind, amount: m.amount, applyCode, note: m.note, actorName: m.actorName, createTime: formatBeijing(m.createdAt) })),
  );
}

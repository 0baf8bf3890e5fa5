// 黑名单：账号或 IP（含 CIDR 网段）在有效期内不能登录。登录时由身份域调用 assertNotBlacklisted；
// 管理员加入账号的同时结束该账号的全部会话。不能把自己的账号或正在使用的 IP 加入黑名单。
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { maskMobile } from '@/lib/platform/identity';
import { BlockList, isIP } from 'node:net';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/platform/db/client';
import { fetchPage } from '@/lib/platform/db/paged';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Session } from '@/lib/platform/auth/session';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import { assertInScope, scopeWhere } from '@/lib/platform/auth/scope';
import type { SessionUser } from '@/lib/platform/auth/session';
import { exportXlsx, keysetBatches } from '@/lib/platform/excel/export';
import { formatBeijing } from '@/lib/platform/time';
import { areas } from '../area/tables';
import { users } from '../user/tables';
import { insertLoginLog } from '../user/login-log';
import { revokeUserSessions } from '../user/session';
import { blacklist, type BlacklistRow } from './tables';
import { BLACKLIST_KIND_LABEL, type BlacklistAddInput, type BlacklistListInput } from './schemas';

export const BLACKLISTED_ACCOUNT = '该账号已被列入黑名单，禁止登录，请联系管理员';
export const BLACKLISTED_IP = '您所在的 IP 地址已被列入黑名单，禁止登录，请联系管理员';

type Family = 'ipv4' | 'ipv6';

/** IPv4 映射的 IPv6（::ffff:1.2.3.4）按 IPv4 处理 */
function plainIp(ip: string): string {
  const t = ip.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(t);
  return mapped ? mapped[1] : t;
}

function familyOf(ip: string): Family | null {
  const v = isIP(ip);
  return v === 4 ? 'ipv4' : v === 6 ? 'ipv6' : null;
}

/** 规范化 IP 或 CIDR；格式不对返回 null。IPv6 压缩为标准写法，网段取网络地址本身的写法。 */
export function normalizeIpEntry(raw: string): string | null {
  const [addrRaw, prefixRaw, extra] = raw.trim().split('/');
  if (extra !== undefined) return null;
  const addr = plainIp(addrRaw);
  const family = familyOf(addr);
  if (!family) return null;
  const canonical = family === 'ipv6' ? new URL(`http://[${addr}]`).hostname.slice(1, -1) : addr;
  if (prefixRaw === undefined) return canonical;
  if (!/^\d{1,3}$/.test(prefixRaw)) return null;
  const prefix = Number(prefixRaw);
  if (prefix > (family === 'ipv4' ? 32 : 128)) return null;
  return `${canonical}/${prefix}`;
}

/** 条目（IP 或 CIDR）是否包含给定地址 */
function ipMatches(entry: string, ip: string): boolean {
  const addr = plainIp(ip);
  const family = familyOf(addr);
  if (!family) return false;
  const [base, prefix] = entry.split('/');
  const baseFamily = familyOf(base);
  if (!baseFamily) return false;
  const list = new BlockList();
  if (prefix === undefined) list.addAddress(base, baseFamily);
  else list.addSubnet(base, Number(prefix), baseFamily);
  return list.check(addr, family);
}

const activeNow = () => or(isNull(blacklist.expiresAt), gt(blacklist.expiresAt, new Date()));

/**
 * 登录前、核对密码或验证码之前的检查（密码、短信、统一身份认证）：账号（短信登录时为该手机号绑定的账号）
 * 或来源 IP 在有效的黑名单中，则记一条登录失败日志并拒绝（403）。过期的条目不再生效。
 */
export async function assertNotBlacklisted(
  db: Db,
  who: { account?: string | null; mobile?: string | null; ip?: string | null; userAgent?: string | null },
): Promise<void> {
  const candidates = who.mobile
    ? await db
        .select({ id: users.id, account: users.account })
        .from(users)
        .where(and(eq(users.mobileIndex, blindIndex('mobile', who.mobile)), ne(users.status, 3)))
    : [];
  const account = who.account?.trim();
  if (account) candidates.push(...(await db.select({ id: users.id, account: users.account }).from(users).where(eq(users.account, account))));
  const accounts = [...new Set([...(account ? [account] : []), ...candidates.map((c) => c.account)])];

  const rows = await db
    .select({ kind: blacklist.kind, value: blacklist.value })
    .from(blacklist)
    .where(and(activeNow(), or(eq(blacklist.kind, 'ip'), accounts.length ? and(eq(blacklist.kind, 'account'), inArray(blacklist.value, accounts)) : undefined)));
  const hitAccount = rows.find((r) => r.kind === 'account')?.value;
  const ipEntry = who.ip ? rows.find((r) => r.kind === 'ip' && ipMatches(r.value, who.ip!)) : undefined;
  if (!hitAccount && !ipEntry) return;

  // 登录日志里不留完整手机号
  const logAccount = hitAccount ?? account ?? candidates[0]?.account ?? (who.mobile ? maskMobile(who.mobile) : '');
  const userId = candidates.find((c) => c.account === logAccount)?.id ?? null;
  await insertLoginLog(db, {
    userId,
    account: logAccount.slice(0, 64),
    kind: 'failure',
    message: (hitAccount ? '账号在黑名单中，拒绝登录' : `IP ${who.ip} 命中黑名单 ${ipEntry!.value}，拒绝登录`).slice(0, 200),
    ip: who.ip?.slice(0, 64) || null,
    userAgent: who.userAgent?.slice(0, 300) || null,
  });
  throw ApiError.forbidden(hitAccount ? BLACKLISTED_ACCOUNT : BLACKLISTED_IP);
}

// ---------------------------------------------------------------- 管理

export interface BlacklistItem {
  id: number;
  kind: string;
  kindName: string;
  value: string;
  reason: string;
  /** 为空表示长期有效 */
  expiresAt: string | null;
  /** active 生效中 / expired 已过期 */
  state: 'active' | 'expired';
  stateName: string;
  cityName: string | null;
  createdByName: string;
  createTime: string;
}

function toItem(r: BlacklistRow & { cityName: string | null }): BlacklistItem {
  const expired = r.expiresAt !== null && r.expiresAt.getTime() <= Date.now();
  return {
    id: r.id,
    kind: r.kind,
    kindName: BLACKLIST_KIND_LABEL[r.kind as keyof typeof BLACKLIST_KIND_LABEL] ?? r.kind,
    value: r.value,
    reason: r.reason,
    expiresAt: r.expiresAt ? formatBeijing(r.expiresAt) : null,
    state: expired ? 'expired' : 'active',
    stateName: expired ? '已过期' : '生效中',
    cityName: r.cityName,
    createdByName: r.createdByName,
    createTime: formatBeijing(r.createdAt),
  };
}

function listWhere(actor: SessionUser, f: z.output<typeof BlacklistListInput>): SQL | undefined {
  const conds: (SQL | undefined)[] = [scopeWhere(actor, { cityId: blacklist.cityId })];
  if (f.kind) conds.push(eq(blacklist.kind, f.kind));
  if (f.value) conds.push(ilike(blacklist.value, `%${f.value}%`));
  if (f.state === 'active') conds.push(activeNow());
  if (f.state === 'expired') conds.push(and(isNotNull(blacklist.expiresAt), lte(blacklist.expiresAt, new Date())));
  return and(...conds);
}

const selectWithCity = (db: Db) => db.select({ row: blacklist, cityName: areas.name }).from(blacklist).leftJoin(areas, eq(areas.id, blacklist.cityId));

export async function listBlacklist(db: Db, actor: SessionUser, f: z.output<typeof BlacklistListInput>, page: Page): Promise<PageResult<BlacklistItem>> {
  const where = listWhere(actor, f);
  const { list: rows, total } = await fetchPage(
    page,
    selectWithCity(db).where(where).orderBy(desc(blacklist.createdAt), desc(blacklist.id)),
    db.select({ total: count() }).from(blacklist).where(where),
  );
  return { list: rows.map((r) => toItem({ ...r.row, cityName: r.cityName })), total };
}

export async function getBlacklistEntry(db: Db, actor: SessionUser, id: number): Promise<BlacklistItem> {
  const [r] = await selectWithCity(db).where(eq(blacklist.id, id));
  assertInScope(actor, r?.row, '黑名单记录');
  return toItem({ ...r.row, cityName: r.cityName });
}

export function exportBlacklist(db: Db, actor: SessionUser, f: z.output<typeof BlacklistListInput>) {
  const where = listWhere(actor, f);
  return exportXlsx<BlacklistItem>({
    sheetName: '黑名单',
    columns: [
      { header: '类型', key: 'kindName', width: 8 },
      { header: '账号或 IP', key: 'value', width: 24 },
      { header: '原因', key: 'reason', width: 36 },
      { header: '失效时间', key: 'expiresAt', width: 20, format: (v) => (v as string | null) ?? '长期有效' },
      { header: '状态', key: 'stateName', width: 10 },
      { header: '所属市', key: 'cityName', width: 12 },
      { header: '添加人', key: 'createdByName', width: 12 },
      { header: '添加时间', key: 'createTime', width: 20 },
    ],
    rows: keysetBatches(
      async (last: number | null, limit) =>
        (
          await selectWithCity(db)
            .where(and(where, last === null ? undefined : gt(blacklist.id, last)))
            .orderBy(asc(blacklist.id))
            .limit(limit)
        ).map((r) => toItem({ ...r.row, cityName: r.cityName })),
      (r) => r.id,
    ),
  });
}

/** 加入黑名单。账号须存在且在管辖范围内，加入后其会话全部失效；同一账号或 IP 已生效时 409，已过期的条目被新的替换。 */
/** requesterIp：操作人此刻的 IP（不能把自己拉黑） */
export async function addBlacklist(db: Db, session: Session, input: z.output<typeof BlacklistAddInput> & { requesterIp: string }, audit: Audit) {
  const actor = session.user;
  let value: string;
  let userId: number | null = null;
  let cityId: number | null;
  if (input.kind === 'account') {
    value = input.value;
    if (value === actor.account) throw ApiError.badRequest('不能将自己的账号加入黑名单', { value: '不能将自己的账号加入黑名单' });
    const [target] = await db.select({ id: users.id, cityId: users.cityId }).from(users).where(eq(users.account, value));
    if (!target) throw ApiError.badRequest(`账号 ${value} 不存在`, { value: '账号不存在' });
    assertInScope(actor, target, '账号');
    userId = target.id;
    cityId = target.cityId;
  } else {
    const normalized = normalizeIpEntry(input.value);
    if (!normalized) {
      const msg = 'IP 格式不正确，应为 IPv4、IPv6 地址或 CIDR 网段（如 192.168.1.0/24）';
      throw ApiError.badRequest(msg, { value: msg });
    }
    value = normalized;
    if (input.requesterIp && ipMatches(value, input.requesterIp)) {
      const msg = `不能将您当前使用的 IP（${plainIp(input.requesterIp)}）加入黑名单`;
      throw ApiError.badRequest(msg, { value: msg });
    }
    cityId = actor.level === 'province' ? null : actor.cityId;
  }

  const what = input.kind === 'account' ? `账号 ${value}` : `IP ${value}`;
  const [existing] = await db.select().from(blacklist).where(and(eq(blacklist.kind, input.kind), eq(blacklist.value, value)));
  if (existing && (existing.expiresAt === null || existing.expiresAt.getTime() > Date.now())) {
    throw ApiError.conflict(`${what} 已在黑名单中`);
  }
  const values = {
    kind: input.kind,
    value,
    userId,
    cityId,
    reason: input.reason,
    expiresAt: input.expiresAt,
    createdBy: actor.id,
    createdByName: (actor.realName || actor.nickName).slice(0, 64),
    createdAt: new Date(),
  };
  const [row] = existing
    ? await db.update(blacklist).set(values).where(eq(blacklist.id, existing.id)).returning()
    : await db.insert(blacklist).values(values).returning();
  const revokedSessions = userId !== null ? await revokeUserSessions(db, userId, 'forced') : 0;
  audit({
    entity: 'sys_blacklist',
    entityId: row.id,
    before: existing ?? null,
    after: row,
    detail: `将${what}加入黑名单${revokedSessions ? `，结束其 ${revokedSessions} 个会话` : ''}`,
  });
  return { id: row.id, revokedSessions };
}

/** 移出黑名单：只能删除管辖范围内的条目；一条都不在范围内时 404 */
export async function removeBlacklist(db: Db, session: Session, ids: number[], audit: Audit) {
  const actor = session.user;
  const rows = await db
    .select()
    .from(blacklist)
    .where(and(inArray(blacklist.id, ids), scopeWhere(actor, { cityId: blacklist.cityId })));
  if (rows.length === 0) throw ApiError.notFound('黑名单记录不存在或不在您的管辖范围内');
  await db.delete(blacklist).where(
    inArray(
      blacklist.id,
      rows.map((r) => r.id),
    ),
  );
  for (const r of rows) {
    audit({ entity: 'sys_blacklist', entityId: r.id, before: r, detail: `将${r.kind === 'account' ? '账号' : 'IP'} ${r.value} 移出黑名单` });
  }
  return { deleted: rows.length };
}

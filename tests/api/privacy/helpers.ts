// 带个人信息的分页列表“看全”的共用检查（议题 30），各领域的测试用它而不各写一份：
// 默认脱敏、答复的 canUnmask 按角色；没有 unmask 权限 403、没选理由 400（都不写访问日志）；有权限并选了理由时给全号、写一行访问日志。
import { and, asc, eq, gt } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '@/lib/platform/db/client';
import { resources, roleResources, roles } from '@/lib/domains/access/tables';
import { dataAccessLogs, type DataAccessLog } from '@/lib/domains/privacy/tables';
import type { Action } from '@/lib/platform/auth/session';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';

export interface UnmaskPage<Row> {
  list: Row[];
  total: number | null;
  masked: boolean;
  canUnmask: boolean;
}

export interface ListAnswer<Row> {
  status: number;
  message: string;
  data: UnmaskPage<Row>;
}

export type ListCall<Row> = (account: string, extra?: Record<string, unknown>) => Promise<ListAnswer<Row>>;

/**
 * 以演示账号调一个分页列表：POST 带 JSON，GET 带查询串；base 为每次都带的参数（如 classId、planId）。
 * 在测试文件里调用（各文件有自己的数据库，令牌不跨文件复用）。
 */
export function listCall<Row>(method: 'GET' | 'POST', path: string, base: Record<string, unknown> = {}): ListCall<Row> {
  const headers: Record<string, Record<string, string>> = {};
  return async (account, extra = {}) => {
    const h = (headers[account] ??= await authHeaders(account));
    const body = { ...base, ...extra };
    const r =
      method === 'GET'
        ? await call<UnmaskPage<Row>>('GET', path, { headers: h, query: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])) })
        : await call<UnmaskPage<Row>>('POST', path, { headers: h, json: body });
    return { status: r.status, message: r.body?.returnMsg, data: r.body?.data };
  };
}

/** 某资源名下 id 大于 afterId 的访问日志（按写入顺序） */
export const accessLogs = (db: Db, resource: string, afterId = 0) =>
  db
    .select()
    .from(dataAccessLogs)
    .where(and(eq(dataAccessLogs.resource, resource), gt(dataAccessLogs.id, afterId)))
    .orderBy(asc(dataAccessLogs.id));

const lastLogId = async (db: Db) => (await db.select({ id: dataAccessLogs.id }).from(dataAccessLogs).orderBy(asc(dataAccessLogs.id))).at(-1)?.id ?? 0;

export interface UnmaskGate<Row> {
  list: ListCall<Row>;
  /** 服务端检查的资源（`${resource}.unmask`），也是访问日志里记的资源 */
  resource: string;
  /** 持有 unmask 的账号 */
  allowed: string;
  /** 能看列表、没有 unmask 的账号 */
  denied: string;
  /** 行上被脱敏的值（如身份证号）与脱敏的写法 */
  shown: (row: Row) => string;
  mask: (full: string) => string;
  reason?: string;
}

/**
 * 一个列表的看全闸门：两个账号默认都是脱敏的一页，canUnmask 分别为 false、true；没有权限的请求看全 403、有权限而没选理由 400，
 * 都不写日志；有权限并选理由时 masked 为 false、同一页换成全号，恰好写一行“查看”的访问日志（谁、理由）。
 * 返回全号的一页与那行日志，调用方再查记录与人数。
 */
export async function expectUnmaskGate<Row>(db: Db, g: UnmaskGate<Row>): Promise<{ full: UnmaskPage<Row>; log: DataAccessLog }> {
  const reason = g.reason ?? 'verify';
  const since = await lastLogId(db);

  const denied = await g.list(g.denied);
  expect([denied.status, denied.data?.masked, denied.data?.canUnmask], denied.message).toEqual([200, true, false]);
  const masked = await g.list(g.allowed);
  expect([masked.status, masked.data?.masked, masked.data?.canUnmask], masked.message).toEqual([200, true, true]);
  expect(masked.data.list.length, '要有行才看得出脱敏').toBeGreaterThan(0);

  const refused = await g.list(g.denied, { unmask: true, reason });
  expect([refused.status, refused.message]).toEqual([403, '没有查看完整个人信息的权限']);
  const noReason = await g.list(g.allowed, { unmask: true });
  expect([noReason.status, noReason.message]).toEqual([400, '请选择查看完整个人信息的理由']);
  expect(await accessLogs(db, g.resource, since)).toEqual([]);

  const full = await g.list(g.allowed, { unmask: true, reason });
  expect([full.status, full.data?.masked, full.data?.canUnmask], full.message).toEqual([200, false, true]);
  const fullValues = full.data.list.map(g.shown);
  expect(fullValues.map(g.mask)).toEqual(masked.data.list.map(g.shown));
  expect(fullValues.every((v, i) => v !== masked.data.list.map(g.shown)[i])).toBe(true);

  const logs = await accessLogs(db, g.resource, since);
  expect(logs.map((l) => [l.account, l.resource, l.action, l.reason])).toEqual([[g.allowed, g.resource, 'view', reason]]);
  return { full: full.data, log: logs[0] };
}

/** 从一个角色的某资源授权里去掉一些动作（测试“没有 unmask 权限”；之后要重新登录才生效） */
export async function revokeActions(db: Db, roleCode: string, resourceKey: string, drop: readonly Action[]) {
  const [role] = await db.select().from(roles).where(eq(roles.code, roleCode));
  const [res] = await db.select().from(resources).where(eq(resources.key, resourceKey));
  const [grant] = await db
    .select()
    .from(roleResources)
    .where(and(eq(roleResources.roleId, role.id), eq(roleResources.resourceId, res.id)));
  await db
    .update(roleResources)
    .set({ actions: grant.actions.filter((a) => !drop.includes(a as Action)) })
    .where(and(eq(roleResources.roleId, role.id), eq(roleResources.resourceId, res.id)));
}

// 账号管理测试的小工具：按账号名取 id、角色 id、机构 id，以演示账号身份调用接口。
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { users } from '@/lib/domains/user/tables';
import { roles } from '@/lib/domains/access/tables';
import { organisations } from '@/lib/domains/org/tables';
import type { AccountDetail, AccountRow } from '@/lib/domains/account/schemas';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';

export interface Paged<T> {
  list: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}
export type { AccountDetail, AccountRow };

export async function userIdOf(db: Db, account: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.account, account));
  return row?.id;
}

export async function roleIdOf(db: Db, code: string): Promise<number> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, code));
  return row.id;
}

export async function orgIdOf(db: Db, code: string): Promise<number> {
  const [row] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, code));
  return row.id;
}

/** 演示账号的请求头（每个账号建一次会话） */
export function headersFor() {
  const cache = new Map<string, Record<string, string>>();
  return async (account: string) => {
    if (!cache.has(account)) cache.set(account, await authHeaders(account));
    return cache.get(account)!;
  };
}

export const post = <T = unknown>(path: string, headers: Record<string, string>, json: unknown = {}) => call<T>('POST', path, { headers, json });

/** 登录（真实接口）拿令牌 */
export async function login(account: string, password: string) {
  const res = await call<{ authorizationToken: string }>('POST', '/user/login', { json: { account, password } });
  return { ...res, token: res.body.data?.authorizationToken };
}

let seq = 0;
/** 各用例互不相同的账号名与手机号（199 号段） */
export function fresh(prefix: string) {
  seq++;
  const n = (Date.now() % 100000) * 100 + seq;
  return { account: `${prefix}_${n}`, mobile: `199${String(n).padStart(8, '0').slice(-8)}` };
}

// 首页与统计测试的共用件：三个范围（全省 admin、石家庄 sjz_admin、华元评价 eval_org）与独立的 count(*)。
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '@/lib/platform/db/client';
import { users } from '@/lib/domains/user/tables';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';

export const h: Record<string, Record<string, string>> = {};

export async function login(...accounts: string[]) {
  for (const a of accounts) h[a] = await authHeaders(a);
}

export interface Scope {
  account: string;
  /** 范围条件的 SQL 文字（表都有 city_id 与 org_id 列） */
  where: string;
  cityId: number | null;
}

/** 三个范围：从账号本身读出市与机构，条件写成普通 SQL（与被测代码无关） */
export async function scopes(db: Db): Promise<Scope[]> {
  const of = async (account: string) => (await db.select().from(users).where(eq(users.account, account)))[0];
  const city = await of('sjz_admin');
  const org = await of('eval_org');
  expect(city.cityId).toBeTruthy();
  expect(org.orgId).toBeTruthy();
  return [
    { account: 'admin', where: 'true', cityId: null },
    { account: 'sjz_admin', where: `city_id = ${city.cityId}`, cityId: city.cityId },
    { account: 'eval_org', where: `org_id = ${org.orgId}`, cityId: org.cityId },
  ];
}

export async function rows<T>(db: Db, text: string): Promise<T[]> {
  const r = (await db.execute(sql.raw(text))) as unknown as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

export async function countOf(db: Db, text: string): Promise<number> {
  const [r] = await rows<{ n: number | string }>(db, text);
  return Number(r.n);
}

export async function post<T>(account: string, path: string, json: unknown = {}) {
  const r = await call<T>('POST', path, { headers: h[account], json });
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.data;
}

export async function get<T>(account: string, path: string, query: Record<string, string | number> = {}) {
  const r = await call<T>('GET', path, { headers: h[account], query });
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.data;
}

// 跨范围改动（常设测试）：石家庄管理员拿保定的记录 id、评价机构拿其他机构的记录 id，调用端点表里每个带 id 的改动端点，
// 之后对方范围内的数据一行不变。id 取自所有带 city_id / org_id 的表，以后新增的表与端点自动纳入。
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { endpointTable } from '@/lib/api';
import { parseKey } from '@/lib/platform/api/endpoint';
import { createSession } from '@/lib/domains/user/session';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';

const { db } = setupTestDb();

/** 日志与会话类的表：别人的操作本来就会写它们 */
const LOG_TABLES = new Set(['operation_log', 'operation_log_archive', 'login_log', 'login_log_archive', 'user_session', 'sms_code', 'message', 'import_error_file', 'schedule_job_log']);
const ID_FIELDS = ['id', 'ids', 'orgId', 'orgIds', 'filingId', 'userId', 'topicId'];

/** 端点的其他字段给上看得过去的值，尽量让请求走到范围检查，而不是停在校验 */
const FILL: Record<string, unknown> = {
  name: '越权测试',
  nickName: '越权测试',
  password: 'Abc@12345',
  result: 'pass',
  action: 'pass',
  opinion: '越权测试',
  reason: '越权测试',
  reply: '越权测试',
  status: 1,
  parentId: 0,
  label: '越权测试',
  remark: '越权测试',
  contactName: '越权测试',
  contactPhone: '13900000000',
  address: '越权测试',
  dataScope: 'province',
  auditStatus: 1,
  auditOpinion: '越权测试',
  roleMode: 'add',
};

interface Owned {
  table: string;
  column: 'city_id' | 'org_id';
}

let ownedTables: Owned[] = [];

async function scopedTables(): Promise<Owned[]> {
  const d = await db();
  const rows = (await d.execute(
    sql`select table_name, column_name from information_schema.columns where table_schema = current_schema() and column_name in ('city_id', 'org_id') order by table_name, column_name`,
  )) as unknown as { rows?: { table_name: string; column_name: 'city_id' | 'org_id' }[] } | { table_name: string; column_name: 'city_id' | 'org_id' }[];
  const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
  return list.filter((r) => !LOG_TABLES.has(r.table_name)).map((r) => ({ table: r.table_name, column: r.column_name }));
}

const rowsOf = async (q: ReturnType<typeof sql>) => {
  const res = (await (await db()).execute(q)) as unknown as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
  return Array.isArray(res) ? res : (res.rows ?? []);
};

/** 对方范围内的全部行（按表）的指纹 */
async function fingerprint(owner: (o: Owned) => ReturnType<typeof sql>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const o of ownedTables) {
    const [r] = await rowsOf(sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h, count(*) as n from ${sql.identifier(o.table)} t where ${owner(o)}`);
    out[`${o.table}.${o.column}`] = `${r.n}:${r.h}`;
  }
  return out;
}

/** 对方范围内每张表取至多 3 个 id */
async function candidateIds(owner: (o: Owned) => ReturnType<typeof sql>): Promise<number[]> {
  const ids = new Set<number>();
  for (const o of ownedTables) {
    const hasId = await rowsOf(sql`select 1 from information_schema.columns where table_schema = current_schema() and table_name = ${o.table} and column_name = 'id'`);
    if (!hasId.length) continue;
    for (const r of await rowsOf(sql`select id from ${sql.identifier(o.table)} t where ${owner(o)} order by id limit 3`)) ids.add(Number(r.id));
  }
  return [...ids];
}

const changing = Object.entries(endpointTable).filter(([key, e]) => {
  if ((key.startsWith('GET ') && !e.changes) || e.paged || e.body === 'multipart') return false;
  const shape = e.input instanceof z.ZodObject ? Object.keys(e.input.shape) : [];
  return shape.some((f) => ID_FIELDS.includes(f));
});

async function probe(token: string, ids: number[]) {
  const statuses: Record<string, number[]> = {};
  for (const [key, e] of changing) {
    const { method, path } = parseKey(key);
    const fields = Object.keys((e.input as z.ZodObject).shape);
    const base = Object.fromEntries(fields.filter((f) => f in FILL).map((f) => [f, FILL[f]]));
    const inputs = fields.some((f) => f === 'ids' || f === 'orgIds')
      ? [{ ...base, ids, orgIds: ids }]
      : ids.map((id) => ({ ...base, id, orgId: id, filingId: id, userId: id, topicId: id }));
    for (const input of inputs) {
      const res = await call(method, path, {
        json: method === 'GET' ? undefined : input,
        query: method === 'GET' ? Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) : undefined,
        headers: { authorization_token: token },
      });
      (statuses[key] ??= []).push(res.status);
    }
  }
  return statuses;
}

beforeAll(async () => {
  ownedTables = await scopedTables();
});

async function tokenOf(account: string) {
  const d = await db();
  const [u] = await rowsOf(sql`select id from sys_user where account = ${account}`);
  return (await createSession(d, Number(u.id))).token;
}

describe('跨范围的改动一律无效', () => {
  it('带 city_id / org_id 的表被找到', () => {
    expect(ownedTables.map((o) => o.table)).toEqual(expect.arrayContaining(['organisation', 'sys_user', 'filing', 'person']));
  });

  // 先跑机构用户：探测时 id 可能恰好是本方范围内别的记录，本方数据被合法地改动，不影响对方范围的断言
  it('评价机构用其他机构记录的 id 调用每个改动端点：其他机构的数据一行不变', async () => {
    const [own] = await rowsOf(sql`select org_id from sys_user where account = 'eval_org'`);
    const others = (o: Owned) => (o.column === 'org_id' ? sql`t.org_id <> ${own.org_id}` : sql`t.city_id is not null and t.city_id <> 130100`);
    const before = await fingerprint(others);
    const ids = await candidateIds(others);
    const statuses = await probe(await tokenOf('eval_org'), ids);
    expect(Object.values(statuses).flat().every((s) => s < 500)).toBe(true);
    expect(await fingerprint(others)).toEqual(before);
  }, 240_000);

  it('石家庄管理员用保定记录的 id 调用每个改动端点：保定的数据一行不变', async () => {
    const baoding = (o: Owned) =>
      o.column === 'city_id'
        ? sql`t.city_id = 130600`
        : sql`t.org_id in (select id from organisation where city_id = 130600)`;
    const before = await fingerprint(baoding);
    const ids = await candidateIds(baoding);
    expect(ids.length).toBeGreaterThan(5);
    const statuses = await probe(await tokenOf('sjz_admin'), ids);
    expect(Object.values(statuses).flat().every((s) => s < 500)).toBe(true);
    // 探测确实走到了范围检查：相当多的端点答了 403/404，而不是都停在校验（400）
    const reached = Object.entries(statuses).filter(([, list]) => list.some((s) => s === 403 || s === 404)).map(([k]) => k);
    expect(reached.length).toBeGreaterThan(30);
    expect(await fingerprint(baoding)).toEqual(before);
  }, 240_000);
});

// 预处理语句的行映射（lib/platform/db/prepared.ts）：编好的映射代替 Drizzle 逐行的 mapResultRow，
// 结果必须与 Drizzle 自己映射的逐字段相同（列、sql`` 带 mapWith、别名、左联表的 null、JSON、时间），
// 并且确实被 Drizzle 调用（Drizzle 升级改了内部字段名时这里失败，而不是悄悄变慢）。
import { describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/platform/db/client';
import { compileRowMapper, fetchPreparedPage, withRowMapper } from '@/lib/platform/db/prepared';
import { fetchPage } from '@/lib/platform/db/paged';
import { ACCOUNT_ROW_COLUMNS } from '@/lib/domains/account/service';
import { areas } from '@/lib/domains/area/tables';
import { organisations } from '@/lib/domains/org/tables';
import { users } from '@/lib/domains/user/tables';
import { setupTestDb } from '../../helpers/db';

setupTestDb();

const columns = {
  ...ACCOUNT_ROW_COLUMNS,
  passwordStrength: users.passwordStrength,
  roleCount: sql<number>`(select count(*) from user_role where user_role.user_id = ${users.id})`.mapWith(Number),
  upperAccount: sql<string>`upper(${users.account})`.as('upper_account'),
  createdDay: sql<string>`to_char(${users.createdAt}, 'YYYY-MM-DD')`,
};

function query(db: Awaited<ReturnType<typeof getDb>>) {
  return db
    .select(columns)
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.orgId))
    .leftJoin(areas, eq(areas.id, users.areaId))
    .orderBy(desc(users.createdAt), desc(users.id));
}

describe('预处理语句的行映射', () => {
  it('与 Drizzle 自己映射的结果逐字段相同，且确实用了编好的映射', async () => {
    const db = await getDb();
    const direct = await query(db).limit(50);
    expect(direct.length).toBeGreaterThan(3);
    // 有 null（无机构的账号）也有值，角色是 JSON 数组，时间是 Date
    expect(direct.some((r) => r.orgName === null) && direct.some((r) => r.orgName !== null)).toBe(true);
    expect(direct[0].createdAt).toBeInstanceOf(Date);
    expect(typeof direct[0].roleCount).toBe('number');

    const prepared = withRowMapper(query(db).limit(sql.placeholder('limit')).prepare('prepared_rows_test'));
    const installed = (prepared as unknown as { customResultMapper?: (rows: unknown[][]) => unknown }).customResultMapper;
    expect(installed).toBeTypeOf('function');
    let calls = 0;
    (prepared as unknown as { customResultMapper: (rows: unknown[][]) => unknown }).customResultMapper = (rows) => {
      calls++;
      return installed!(rows);
    };
    const mapped = await prepared.execute({ limit: 50 });
    expect(calls).toBe(1);
    expect(mapped).toEqual(direct);
  });

  it('fetchPreparedPage 的一页与直接查询相同（第 1 页与带 offset 的页）', async () => {
    const db = await getDb();
    for (const offset of [0, 2]) {
      const page = await fetchPreparedPage(
        db,
        'prepared_rows_page',
        () => ({ rows: query(db), total: db.select({ total: sql<number>`count(*)` }).from(users) }),
        {},
        { pageNo: offset / 2 + 1, pageSize: 2, offset },
      );
      expect(page.list).toEqual(await query(db).limit(2).offset(offset));
      expect(page.total).toBe((await db.select({ id: users.id }).from(users)).length);
    }
  });

  it('fetchPage（各领域的分页列表）同样用编好的映射，结果与直接查询相同；联表整表的选择仍由 Drizzle 映射', async () => {
    const db = await getDb();
    const total = db.select({ total: sql<number>`count(*)` }).from(users);
    // fetchPage 经 Drizzle 的内部方法 _prepare 装上映射：升级后没有了它会悄悄退回逐行映射
    expect(typeof (query(db).limit(1) as unknown as { _prepare?: unknown })._prepare).toBe('function');
    const flat = await fetchPage({ pageNo: 2, pageSize: 3, offset: 3 }, query(db), total);
    expect(flat.list).toEqual(await query(db).limit(3).offset(3));
    const nestedQuery = () => db.select().from(users).leftJoin(organisations, eq(organisations.id, users.orgId)).orderBy(users.id);
    const nested = await fetchPage({ pageNo: 1, pageSize: 50, offset: 0 }, nestedQuery(), total);
    expect(nested.list).toEqual(await nestedQuery().limit(50).offset(0));
    // 左联表没有机构的账号：整表是 null（Drizzle 的 joinsNotNullableMap 规则）
    expect(nested.list.some((r) => r.organisation === null)).toBe(true);
  });

  it('嵌套的选择不编，仍由 Drizzle 映射', () => {
    expect(compileRowMapper([{ path: ['user', 'id'], field: users.id }])).toBeNull();
    const flat = compileRowMapper([
      { path: ['id'], field: users.id },
      { path: ['n'], field: sql<number>`1`.mapWith(Number) },
    ]);
    expect(flat!([[7, '3'], [8, null]])).toEqual([
      { id: 7, n: 3 },
      { id: 8, n: null },
    ]);
  });
});

// 账号列表按形状预处理：值换成占位符后，SQL 与参数必须和直接查询（基准基线用的 accountListQueries）完全相同。
import { describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { fillPlaceholders, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { SessionUser } from '@/lib/platform/auth/session';
import { accountListQueries, accountListShape } from '@/lib/domains/account/service';
import type { AccountFilter } from '@/lib/domains/account/schemas';

const mock: Db = drizzle.mock();
const base = { id: 1, code: '', account: 'a', nickName: '', realName: null, userType: 'RENCAI_ADMIN', passwordStrength: 3 };
const actors = {
  province: { ...base, level: 'province', areaId: 130000, cityId: null, orgId: null },
  city: { ...base, level: 'city', areaId: 130100, cityId: 130100, orgId: null },
  county: { ...base, level: 'county', areaId: 130102, cityId: 130100, orgId: null },
  org: { ...base, level: 'org', areaId: 130102, cityId: 130100, orgId: 77 },
  orgWithoutOrg: { ...base, level: 'org', areaId: 130102, cityId: 130100, orgId: null },
} as unknown as Record<string, SessionUser>;
const filters: AccountFilter[] = [
  {},
  { account: 'ad_m%' },
  { name: '张', status: 1 },
  { mobile: '138', orgId: 5, areaId: 130100, roleId: 3 },
  { areaId: 130000 },
  { account: 'x', name: 'y', mobile: '1', status: 0, orgId: 2, areaId: 130102, roleId: 9 },
];

type Built = { toSQL(): { sql: string; params: unknown[] } };

describe('账号列表的预处理语句', () => {
  for (const [who, actor] of Object.entries(actors)) {
    for (const filter of filters) {
      it(`${who} ${JSON.stringify(filter)}：SQL 与参数和直接查询相同`, () => {
        const shape = accountListShape(actor, filter);
        expect(shape.name.length).toBeLessThanOrEqual(63);
        for (const offset of [0, 40]) {
          const direct = accountListQueries(mock, actor, filter);
          const prepared = shape.build(mock);
          const values = { ...shape.params, limit: 20, offset };
          const rowsDirect = (direct.rows.limit(20).offset(offset) as unknown as Built).toSQL();
          const limited = prepared.rows.limit(sql.placeholder('limit'));
          const rowsPrepared = ((offset > 0 ? limited.offset(sql.placeholder('offset')) : limited) as unknown as Built).toSQL();
          expect(rowsPrepared.sql).toBe(rowsDirect.sql);
          expect(fillPlaceholders(rowsPrepared.params, values)).toEqual(rowsDirect.params);
          const totalDirect = (direct.total as unknown as Built).toSQL();
          const totalPrepared = (prepared.total as unknown as Built).toSQL();
          expect(totalPrepared.sql).toBe(totalDirect.sql);
          expect(fillPlaceholders(totalPrepared.params, values)).toEqual(totalDirect.params);
        }
      });
    }
  }

  it('不同形状的语句名不同，同一形状（值不同）的语句名相同', () => {
    const names = new Set(Object.values(actors).flatMap((a) => filters.map((f) => accountListShape(a, f).name)));
    // {} 与 { areaId: 省代码 } 是同一形状
    expect(names.size).toBe(Object.keys(actors).length * (filters.length - 1));
    expect(accountListShape(actors.city, { name: '甲' }).name).toBe(accountListShape({ ...actors.city, cityId: 130200 }, { name: '乙' }).name);
  });
});

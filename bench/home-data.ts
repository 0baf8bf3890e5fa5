// 首页数据（POST /home/listHomePageData）在大数据量上对基线：`npm run bench -- --case homeDataProvince,homeDataCity`
// 用例自带数据：两条 generate_series 写 20 万名考生与 10 万张证书（约 1% 作废），轮流落在演示数据的各个计划上（机构与市随计划），
// 创建时间均匀散布在最近 13 个月——是 bench/dashboard.ts（100 万 / 50 万，不经 HTTP）的五分之一，写入约 15 秒。
// 基线执行与服务层同一个构造函数（homeQueries，Drizzle 的 mock 只出 SQL）生成的五条聚合（并行），用同一个 toHomeData 拼出答复。
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import type { Db } from '../lib/platform/db/client';
import type { SessionUser } from '../lib/platform/auth/session';
import { homeQueries, toHomeData } from '../lib/domains/dashboard/home';
import { sevenDays } from '../lib/domains/dashboard/scope';
import type { BenchCase, Floor, FloorQuery } from './cases';

/** 与 cases.ts 的 ok 相同的成功信封（cases.ts 引用本文件，这里只引类型，不成环；train-class.ts 同样做法） */
const ok = (data: unknown) => ({ returnCode: 200, returnMsg: 'success', data });

const HOME_EXAMINEES = 200_000;
const HOME_CERTIFICATES = 100_000;
/** 最近 13 个月（395 天）的秒数 */
const SPREAD_S = 395 * 24 * 3600;
/** 用例数据的标记（身份证号前缀），重复调用时不再写 */
const MARK = '15';
const SJZ = 130100;

async function seedHomeData(db: Db): Promise<void> {
  const exists = await db.execute(sql`select 1 from examinee where id_number = ${`${MARK}${'0'.repeat(15)}X`}`);
  if ((exists as unknown as { rows: unknown[] }).rows.length) return;
  const plans = sql.raw(`(select id, org_id, city_id, row_number() over (order by id) - 1 rn, count(*) over () total from exam_plan)`);
  await db.execute(sql`insert into examinee (plan_id, org_id, city_id, name, id_number, gender, birth_date, mobile, work_code, work_name, level, qualification, created_at, updated_at)
    select p.id, p.org_id, p.city_id, '首页基准' || i, ${MARK} || lpad(i::text, 15, '0') || 'X', case when i % 2 = 0 then '男' else '女' end,
      date '1970-01-01' + (i % 12000), '139' || lpad((i % 100000000)::text, 8, '0'), '6-07-06-05', '电工', 1 + i % 5, i % 3,
      now() - ((i::bigint * 7919) % ${SPREAD_S}) * interval '1 second', now() - ((i::bigint * 7919) % ${SPREAD_S}) * interval '1 second'
    from generate_series(0, ${HOME_EXAMINEES - 1}) i join ${plans} p on p.rn = i % p.total`);
  await db.execute(sql`insert into certificate (plan_id, org_id, city_id, cer_type, cer_name, cer_code, serial, issue_year, name, id_card, gender, work_code, work_name, level, cer_date, status, void_reason, created_at, updated_at)
    select p.id, p.org_id, p.city_id, i % 4, '职业技能等级证书', 'H' || lpad(i::text, 20, '0'), 1 + i % 999999, 2026, '首页基准' || i,
      ${MARK} || lpad(i::text, 15, '0') || 'X', case when i % 2 = 0 then '男' else '女' end, '6-07-06-05', '电工', 1 + i % 5,
      date '2025-10-01' + (i % 420), case when i % 100 = 0 then 1 else 0 end, case when i % 100 = 0 then '基准作废' end,
      now() - ((i::bigint * 7919) % ${SPREAD_S}) * interval '1 second', now() - ((i::bigint * 7919) % ${SPREAD_S}) * interval '1 second'
    from generate_series(0, ${HOME_CERTIFICATES - 1}) i join ${plans} p on p.rn = i % p.total`);
  await db.execute(sql`vacuum analyze examinee`);
  await db.execute(sql`vacuum analyze certificate`);
}

/** 与演示账号相同的范围（首页的查询只用到层级与市） */
const provinceUser = { id: 0, code: '', account: 'admin', nickName: '', realName: null, userType: 'RENCAI_ADMIN', level: 'province', areaId: 130000, cityId: null, orgId: null, passwordStrength: 3 } as SessionUser;
const cityUser = { ...provinceUser, account: 'sjz_admin', userType: 'RENCAI_SHI', level: 'city', areaId: SJZ, cityId: SJZ } as SessionUser;

/** 与 homePageData 相同的五条聚合（同一个构造函数），并行执行；按列顺序取数、用同一个 toHomeData 拼答复 */
function homeFloor(user: SessionUser): Floor {
  const { today, sevenDay, since } = sevenDays();
  const builders = homeQueries(drizzle.mock(), user, since);
  const keys = builders.map((b) => Object.keys((b as unknown as { _: { selectedFields: Record<string, unknown> } })._.selectedFields));
  const queries: FloorQuery[] = builders.map((b) => ({ ...b.toSQL(), rowMode: 'array' }));
  return {
    // run 形式：按列顺序的数组行（五条聚合的列都没有别名），并行执行
    run: async (exec) => {
      const results = await Promise.all(queries.map((q) => exec(q)));
      return ok(
        toHomeData(
          results.map((rows, i) => {
            const r = rows[0] as unknown as unknown[] | undefined;
            return r ? Object.fromEntries(keys[i].map((k, j) => [k, r[j]])) : undefined;
          }),
          today,
          sevenDay,
        ),
      );
    },
  };
}

const homeCase = (name: string, login: string, user: SessionUser): BenchCase => ({
  name,
  method: 'POST',
  appPath: '/api/home/listHomePageData',
  body: {},
  login,
  floor: homeFloor(user),
  seed: seedHomeData,
});

export const homeDataCases: BenchCase[] = [homeCase('homeDataProvince', 'admin', provinceUser), homeCase('homeDataCity', 'sjz_admin', cityUser)];

// 首页分析与数据大屏的基准（不经 HTTP，直接调服务层）：npx tsx bench/dashboard.ts [--examinees 1000000] [--certificates 500000] [--students 2000000] [--runs 20]
// 在 PostgreSQL 上建临时库 bench_dash_<时间戳>（BENCH_DATABASE_URL，默认 postgres://postgres@127.0.0.1:5432/postgres），迁移并写入演示数据，
// 再各用一条 generate_series 写入：考生（轮流落在演示数据的各个计划上，机构与市随计划）、证书（同样按计划轮流，约 1% 作废）、
// 培训学员（轮流落在演示数据的各个培训班上，机构与市随班级），创建时间散布在最近 13 个月；vacuum analyze。然后对三个会话
// （全省 admin、石家庄 sjz_admin、机构 eval_org；经 createSession + lookupSession 取得，与请求里的会话相同）测：
//   （培训大屏的机构会话是 train_org）首页计数 homePageData（/home/listHomePageData）、趋势 changeTrend（listChangeTrendData）、评价大屏 evalBigScreen、培训大屏 trainBigScreen；
//   各先预热 3 次，再测 runs 次，打印 p50 / p95 与 300 ms 目标（SPEC 议题 15）。
//   数据大屏的各月与各市读按日汇总表（写完数据后全量重算一次，并计时一次增量刷新）。
//   基线：同一范围上最大的那一个 count(*)（首页与评价大屏：examinee；趋势：exam_plan；培训大屏：train_student），同样预热后测 runs 次——
//   页面至少要数这么多行，比值 = 应用 p50 ÷ 基线 p50。并核对应用的报名人数、取证人数、培训人次等于独立的 count(*)。
// BENCH_KEEP=1 留下临时库（EXPLAIN ANALYZE 用）。结果见 bench/README.md。
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { inArray } from 'drizzle-orm';
import { withScratchDatabase } from './scratch';
import type { SessionUser } from '../lib/platform/auth/session';

const ROOT = path.resolve(__dirname, '..');
process.chdir(ROOT);

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const EXAMINEES = arg('examinees', 1_000_000);
const CERTIFICATES = arg('certificates', 500_000);
const STUDENTS = arg('students', 2_000_000);
const RUNS = arg('runs', 20);
const WARMUP = 3;
const TARGET_MS = 300;
/** 最近 13 个月（395 天）的秒数：创建时间 = now() - (i * 质数 mod 该数) 秒，均匀散开 */
const SPREAD_S = 395 * 24 * 3600;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (x: number) => `${x.toFixed(1)} ms`.padStart(10);
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

async function timed(label: string, step: () => Promise<unknown>) {
  const t0 = performance.now();
  await step();
  console.log(`[bench] ${label}：${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

async function main() {
  await withScratchDatabase('bench_dash', async ({ url, opened }) => {
    const db = opened.db;
    const { seed } = await import('../db/seed');
    const { createSession } = await import('../lib/domains/user/session');
    const { lookupSession } = await import('../lib/domains/access/session');
    const { users } = await import('../lib/domains/user/tables');
    const { homePageData, changeTrend } = await import('../lib/domains/dashboard/home');
    const { evalBigScreen, trainBigScreen } = await import('../lib/domains/dashboard/big-screen');
    const { rebuildDashboardDaily, refreshDashboardDaily } = await import('../lib/domains/dashboard/daily');
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    const q = async <T extends pg.QueryResultRow>(text: string) => (await pool.query<T>(text)).rows;

    await timed('写入演示数据', () => seed(db));
    const [{ plans, classes }] = await q<{ plans: number; classes: number }>('select (select count(*) from exam_plan)::int plans, (select count(*) from train_class)::int classes');
    if (!plans || !classes) throw new Error('演示数据里没有计划或培训班');

    // 第 i 行落在第 i % 计数 个计划（班级）上；机构、市随之
    await timed(`写入 ${EXAMINEES} 名考生（${plans} 个计划）`, () =>
      q(`insert into examinee (plan_id, org_id, city_id, name, id_number, gender, birth_date, mobile, work_code, work_name, level, qualification, created_at, updated_at)
         select p.id, p.org_id, p.city_id, '基准' || i, '13' || lpad(i::text, 15, '0') || 'X', case when i % 2 = 0 then '男' else '女' end,
                date '1970-01-01' + (i % 12000), '139' || lpad((i % 100000000)::text, 8, '0'), '6-07-06-05', '电工', 1 + i % 5, i % 3,
                now() - ((i::bigint * 7919) % ${SPREAD_S}) * interval '1 second', now() - ((i::bigint * 7919) % ${SPREAD_S}) * interval '1 second'
         from generate_series(0, ${EXAMINEES - 1}) i
         join (select id, org_id, city_id, row_number() over (order by id) - 1 rn from exam_plan) p on p.rn = i % ${plans}`),
    );
    await timed(`写入 ${CERTIFICATES} 张证书`, () =>
      q(`insert into certificate (plan_id, org_id, city_id, cer_type, cer_name, cer_code, serial, issue_year, name, id_card, gender, work_code, work_name, level, cer_date, status, void_reason, created_at, updated_at)
         select p.id, p.org_id, p.city_id, i % 4, '职业技能等级证书', 'B' || lpad(i::text, 20, '0'), 1 + i % 999999, 2026, '基准' || i,
                '13' || lpad(i::text, 15, '0') || 'X', case when i % 2 = 0 then '男' else '女' end, '6-07-06-05', '电工', 1 + i % 5,
                date '2025-10-01' + (i % 420), case when i % 100 = 0 then 1 else 0 end, case when i % 100 = 0 then '基准作废' end,
                now() - ((i::bigint * 7919) % ${SPREAD_S}) * interval '1 second', now() - ((i::bigint * 7919) % ${SPREAD_S}) * interval '1 second'
         from generate_series(0, ${CERTIFICATES - 1}) i
         join (select id, org_id, city_id, row_number() over (order by id) - 1 rn from exam_plan) p on p.rn = i % ${plans}`),
    );
    await timed(`写入 ${STUDENTS} 名培训学员（${classes} 个班）`, () =>
      q(`insert into train_student (class_id, org_id, city_id, name, id_number, gender, birth_date, mobile, education, completion, created_at, updated_at)
         select c.id, c.org_id, c.city_id, '学员' || i, '14' || lpad(i::text, 15, '0') || 'X', case when i % 2 = 0 then '男' else '女' end,
                date '1970-01-01' + (i % 12000), '138' || lpad((i % 100000000)::text, 8, '0'), '高中', i % 3,
                now() - ((i::bigint * 7919) % ${SPREAD_S}) * interval '1 second', now() - ((i::bigint * 7919) % ${SPREAD_S}) * interval '1 second'
         from generate_series(0, ${STUDENTS - 1}) i
         join (select id, org_id, city_id, row_number() over (order by id) - 1 rn from train_class) c on c.rn = i % ${classes}`),
    );
    await timed('vacuum analyze', async () => {
      for (const t of ['examinee', 'certificate', 'train_student', 'exam_plan', 'train_class', 'filing', 'person']) await q(`vacuum analyze ${t}`);
    });
    // 按日汇总：全量重算（每夜一次、首次运行）与增量刷新（定时任务每 5 分钟：今天、昨天与最近改过的行所在的日期）
    await timed('全量重算按日汇总 dashboard_daily', () => rebuildDashboardDaily(db));
    await q('vacuum analyze dashboard_daily');
    await timed('增量刷新按日汇总（今天、昨天与最近一小时改过的行）', () => refreshDashboardDaily(db));
    const [{ n: dailyRows }] = await q<{ n: number }>('select count(*)::int n from dashboard_daily');
    console.log(`[bench] 汇总表 ${dailyRows} 行`);

    // 三个会话：与请求相同的取法（建会话、按令牌查回，含角色决定的有效层级）
    const accounts = ['admin', 'sjz_admin', 'eval_org', 'train_org'];
    const found = await db.select({ id: users.id, account: users.account }).from(users).where(inArray(users.account, accounts));
    const sessions: { account: string; user: SessionUser; where: string; tc: string }[] = [];
    for (const account of accounts) {
      const row = found.find((u) => u.account === account);
      if (!row) throw new Error(`演示数据里没有账号 ${account}`);
      const { token } = await createSession(db, row.id);
      const s = await lookupSession(db, token);
      if (!s || s === 'invalidated') throw new Error(`取不到 ${account} 的会话`);
      const u = s.user;
      const where = u.level === 'province' ? 'true' : u.level === 'city' ? `city_id = ${u.cityId}` : `org_id = ${u.orgId}`;
      sessions.push({ account, user: u, where, tc: where === 'true' ? where : `tc.${where}` });
    }
    for (const s of sessions) {
      const [c] = await q<{ e: number; c: number; t: number }>(
        `select (select count(*) from examinee where ${s.where})::int e, (select count(*) from certificate where ${s.where} and status = 0)::int c,
                (select count(*) from train_student ts join train_class tc on tc.id = ts.class_id where tc.status <> 9 and ${s.tc})::int t`,
      );
      console.log(`[bench] ${s.account.padEnd(9)}（${s.user.level}，${s.where}）：考生 ${c.e}，有效证书 ${c.c}，培训人次 ${c.t}`);
    }

    const year = new Date().getFullYear();
    interface Case {
      name: string;
      /** 机构会话：评价用 eval_org，培训用 train_org（评价机构没有培训班） */
      org: string;
      app: (u: SessionUser) => Promise<unknown>;
      floor: (where: string) => string;
      /** 核对：应用的数与独立 count(*) 相同 */
      check?: (r: unknown, where: string) => Promise<string | null>;
    }
    const countOf = async (text: string) => Number((await q<{ n: string }>(text))[0].n);
    const cases: Case[] = [
      {
        name: '首页计数',
        org: 'eval_org',
        app: (u) => homePageData(db, u),
        floor: (w) => `select count(*) from examinee where ${w}`,
        check: async (r, w) => {
          const d = r as { enrollmentAmount: number; forensicsAmount: number };
          const e = await countOf(`select count(*) n from examinee where ${w}`);
          const c = await countOf(`select count(*) n from certificate where ${w} and status = 0`);
          return d.enrollmentAmount === e && d.forensicsAmount === c ? null : `报名 ${d.enrollmentAmount}≠${e} 或取证 ${d.forensicsAmount}≠${c}`;
        },
      },
      { name: '趋势', org: 'eval_org', app: (u) => changeTrend(db, u, year), floor: (w) => `select count(*) from exam_plan where ${w}` },
      {
        name: '评价大屏',
        org: 'eval_org',
        app: (u) => evalBigScreen(db, u),
        floor: (w) => `select count(*) from examinee where ${w}`,
        // 各市排行（汇总 + 今天实时）之和等于各市考生的 count(*)
        check: async (r, w) => {
          const d = r as { cities: { cityId: number; value: number }[] };
          const got = d.cities.reduce((a, c) => a + c.value, 0);
          const want = await countOf(`select count(*) n from examinee where ${w} and city_id in (${d.cities.map((c) => c.cityId).join(',') || 'null'})`);
          return got === want ? null : `各市报名之和 ${got}≠${want}`;
        },
      },
      {
        name: '培训大屏',
        org: 'train_org',
        app: (u) => trainBigScreen(db, u),
        floor: (w) => `select count(*) from train_student where ${w}`,
        check: async (r, w) => {
          const d = r as { counters: { key: string; value: number }[] };
          const got = d.counters.find((c) => c.key === 'students')?.value;
          const want = await countOf(`select count(*) n from train_student ts join train_class tc on tc.id = ts.class_id where tc.status <> 9 and ${w === 'true' ? w : `tc.${w}`}`);
          return got === want ? null : `培训人次 ${got}≠${want}`;
        },
      },
    ];

    console.log(`\n考生 ${EXAMINEES}、证书 ${CERTIFICATES}、学员 ${STUDENTS}；每项预热 ${WARMUP} 次、测 ${RUNS} 次，依次执行（应用内部的查询并行，连接池 10）；负载 ${load()}`);
    console.log(`${'用例'.padEnd(8)}${'会话'.padEnd(11)}    应用 p50    应用 p95    基线 p50    基线 p95  应用/基线  目标 ${TARGET_MS} ms`);
    const over: string[] = [];
    for (const c of cases) {
      for (const s of sessions.filter((x) => x.user.level !== 'org' || x.account === c.org)) {
        for (let w = 0; w < WARMUP; w++) {
          await c.app(s.user);
          await q(c.floor(s.where));
        }
        const a: number[] = [];
        const f: number[] = [];
        let last: unknown;
        for (let r = 0; r < RUNS; r++) {
          let t = performance.now();
          last = await c.app(s.user);
          a.push(performance.now() - t);
          t = performance.now();
          await q(c.floor(s.where));
          f.push(performance.now() - t);
        }
        const bad = c.check ? await c.check(last, s.where) : null;
        if (bad) throw new Error(`${c.name} ${s.account}：${bad}`);
        const ok = pct(a, 50) < TARGET_MS && pct(a, 95) < TARGET_MS;
        if (!ok) over.push(`${c.name} ${s.account}`);
        console.log(
          `${c.name.padEnd(8)}${s.account.padEnd(11)}${ms(pct(a, 50))}  ${ms(pct(a, 95))}  ${ms(pct(f, 50))}  ${ms(pct(f, 95))}  ${(pct(a, 50) / pct(f, 50)).toFixed(1).padStart(8)}×  ${ok ? '达标' : '超过'}`,
        );
      }
    }
    console.log(`负载 ${load()}`);
    if (over.length) console.log(`超过 ${TARGET_MS} ms：${over.join('、')}`);
    await pool.end();
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

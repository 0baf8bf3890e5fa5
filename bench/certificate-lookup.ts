// 证书公开查询的基准（不经 HTTP，直接调服务层）：npx tsx bench/certificate-lookup.ts [--certificates 500000] [--runs 2000]
// 在 PostgreSQL 上建临时库 bench_cert_<时间戳>（BENCH_DATABASE_URL，默认 postgres://postgres@127.0.0.1:5432/postgres），
// 迁移并写入演示数据，再用一条 generate_series 往一份计划写 certificates 张证书（编号各不相同、四类轮流、约 1% 作废），vacuum analyze；然后：
//   应用：lookupCertificates（/comApi/getAllCertificate 的服务层：限流计数、按编号查证书与机构、脱敏、记一行查询日志）按随机编号查 runs 次，
//         每次换一个 IP（不触发限流，与真实的分散访客相同）；
//   基线：同一连接池上只执行取证书与机构的那一条 SQL（按名称的预处理语句），不计数、不记日志、不脱敏 —— 按编号查询的下限。
// 两侧交替、各先预热 200 次；打印各自的 p50 / p95 与比值（应用 p50 ÷ 基线 p50）。另测身份证号 + 姓名查询一遍。结果见 bench/README.md。
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { asc, sql } from 'drizzle-orm';
import { withScratchDatabase } from './scratch';

const ROOT = path.resolve(__dirname, '..');
process.chdir(ROOT);

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const CERTIFICATES = arg('certificates', 500_000);
const RUNS = arg('runs', 2000);
const WARMUP = 200;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (x: number) => `${x.toFixed(2)} ms`;

/** 第 i 张证书的编号（22 位：S + 0000 + 13 + 机构序号 6 位 + 年份 26 + 等级 + 流水号 6 位；流水号按 i 分段不重复） */
const CODE_SQL = `'S000013' || lpad((900000 + i / 999999)::text, 6, '0') || '26' || (1 + i % 5)::text || lpad((1 + i % 999999)::text, 6, '0')`;
const codeOf = (i: number) => `S000013${String(900000 + Math.floor(i / 999999)).padStart(6, '0')}26${1 + (i % 5)}${String(1 + (i % 999999)).padStart(6, '0')}`;
const ID_SQL = `'130102' || (1961 + i % 40)::text || lpad((1 + i % 12)::text, 2, '0') || lpad((1 + i % 28)::text, 2, '0') || lpad((i % 10000)::text, 4, '0')`;
const idOf = (i: number) => `130102${1961 + (i % 40)}${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}${String(i % 10000).padStart(4, '0')}`;
const nameOf = (i: number) => `基准${i}`;

async function main() {
  process.env.CERTIFICATE_LOOKUP_PER_MINUTE = '1000';
  await withScratchDatabase('bench_cert', async ({ url, opened }) => {
    const db = opened.db;
    const { seed } = await import('../db/seed');
    const { lookupCertificates } = await import('../lib/domains/certificate/public');
    console.log('[bench] 写入演示数据…');
    await seed(db);
    const { examPlans } = await import('../lib/domains/exaPlan/tables');
    const [p] = await db.select({ id: examPlans.id, orgId: examPlans.orgId, cityId: examPlans.cityId }).from(examPlans).orderBy(asc(examPlans.id)).limit(1);
    const plan = { id: p.id, org_id: p.orgId, city_id: p.cityId };
    console.log(`[bench] 写入 ${CERTIFICATES} 张证书…`);
    const t0 = performance.now();
    await db.execute(
      sql.raw(`insert into certificate (plan_id, org_id, city_id, cer_type, cer_name, cer_code, serial, issue_year, name, id_card, gender, work_code, work_name, level, cer_date, status, corrected, void_reason)
        select ${plan.id}, ${plan.org_id}, ${plan.city_id ?? 'null'}, i % 4, '职业技能等级证书', ${CODE_SQL}, 1 + i % 999999, 2026, '基准' || i, ${ID_SQL},
               case when i % 2 = 0 then '男' else '女' end, '6-07-06-05', '电工', 1 + i % 5, date '2026-01-01' + (i % 300),
               case when i % 100 = 0 then 1 else 0 end, i % 50 = 0, case when i % 100 = 0 then '基准作废' end
        from generate_series(0, ${CERTIFICATES - 1}) as i`),
    );
    // 直接写进库的是明文：与启动时相同地补加密、补盲索引（加密之前的代码上什么也不做）
    const { rotateAll } = await import('../db/sealing');
    await rotateAll(db, { legacyOnly: true });
    await db.execute(sql`vacuum analyze certificate`);
    console.log(`[bench] 写入用时 ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // 基线：取证书与机构的同一条 SQL（服务层 withOrg 按编号），按名称执行
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    const FLOOR_CODE = {
      name: 'floor_cert_by_code',
      text: 'select c.*, o.name as org_name from certificate c inner join organisation o on o.id = c.org_id where c.cer_code = $1 order by c.cer_date limit 20',
    };
    // 身份证号加密之后（盲索引已填）按盲索引查，之前按明文列查：都是服务层同一条查询
    const sealedIds = Number((await pool.query('select count(*)::int as n from certificate where id_card_bidx is not null')).rows[0].n) > 0;
    const { blindIndex } = await import('../lib/platform/crypto/sealed');
    const FLOOR_PERSON = {
      name: 'floor_cert_by_person',
      text: `select c.*, o.name as org_name from certificate c inner join organisation o on o.id = c.org_id where (c.${sealedIds ? 'id_card_bidx' : 'id_card'} = $1 and c.name = $2) order by c.cer_date limit 20`,
    };
    const personKey = (i: number) => (sealedIds ? blindIndex('idNumber', idOf(i)) : idOf(i));
    let ipSeq = 0;
    const nextIp = () => {
      ipSeq++;
      return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
    };
    const pick = () => Math.floor(Math.random() * CERTIFICATES);

    async function measure(label: string, app: (i: number) => Promise<number>, floor: (i: number) => Promise<number>) {
      for (let w = 0; w < WARMUP; w++) {
        await app(pick());
        await floor(pick());
      }
      const a: number[] = [];
      const f: number[] = [];
      let found = 0;
      for (let r = 0; r < RUNS; r++) {
        const i = pick();
        let t = performance.now();
        found += await app(i);
        a.push(performance.now() - t);
        t = performance.now();
        await floor(i);
        f.push(performance.now() - t);
      }
      if (found !== RUNS) throw new Error(`${label}：应有 ${RUNS} 次查到，实际 ${found}`);
      console.log(
        `${label.padEnd(22)} 应用 p50 ${ms(pct(a, 50))}  p95 ${ms(pct(a, 95))}   基线 p50 ${ms(pct(f, 50))}  p95 ${ms(pct(f, 95))}   应用/基线（p50）${(pct(a, 50) / pct(f, 50)).toFixed(1)}×`,
      );
    }

    console.log(`\n证书 ${CERTIFICATES} 张，每项 ${RUNS} 次（预热 ${WARMUP} 次），单连接依次执行；身份证号${sealedIds ? '已加密（按盲索引查）' : '明文'}；负载 ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}：`);
    await measure(
      '按编号查询',
      async (i) => (await lookupCertificates(db, nextIp(), { cerCode: codeOf(i) })).total,
      async (i) => (await pool.query(FLOOR_CODE, [codeOf(i)])).rowCount ?? 0,
    );
    await measure(
      '按身份证号 + 姓名查询',
      async (i) => ((await lookupCertificates(db, nextIp(), { idCard: idOf(i), name: nameOf(i) })).total > 0 ? 1 : 0),
      async (i) => (await pool.query(FLOOR_PERSON, [personKey(i), nameOf(i)])).rowCount ?? 0,
    );
    const plans = await pool.query(`explain (analyze, buffers) ${FLOOR_CODE.text.replace('$1', `'${codeOf(12345)}'`)}`);
    console.log('\n按编号查询的计划：');
    for (const r of plans.rows) console.log(`  ${r['QUERY PLAN']}`);
    await pool.end();
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

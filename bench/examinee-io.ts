// 考生导入与导出的基准（不经 HTTP，直接调服务层）：npx tsx bench/examinee-io.ts [--rows 50000] [--export 100000]
// 在 PostgreSQL 上建临时库 bench_exm_<时间戳>（BENCH_DATABASE_URL，默认 postgres://postgres@127.0.0.1:5432/postgres），
// 迁移并写入演示数据，建一份处于“导入考生”步骤的计划，然后：
//   1. 生成 rows 行的考生工作簿（exceljs，内存里），预览（全部校验与报考资格检查，不写）并计时；
//   2. 确认导入（重新读取保存的文件、重新校验、在一个事务里写入全部考生），计时；两步中采样进程的 RSS 峰值；
//   3. 用 generate_series 把计划的考生补到 export 名，导出名单（流式 .xlsx，逐块读完并丢弃），计时与 RSS 增长。
// 结束时删除临时库与临时上传目录。结果见 bench/README.md。
// --repeat n（默认 1）：预览、确认与导出各测 n 次取中位数；每项旁边测一次“数据库基线”（同一连接池上与该项同量的裸 SQL：
// 导入为查重 + unnest 写入同样多行进临时表，导出为取同一计划同样的列），报告应用 ÷ 基线，机器负载不同的两次运行比这个比值。
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { timePhases, withScratchDatabase } from './scratch';

const ROOT = path.resolve(__dirname, '..');
process.chdir(ROOT);

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const ROWS = arg('rows', 50_000);
const EXPORT_ROWS = arg('export', 100_000);
const REPEAT = arg('repeat', 1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const MB = 1024 * 1024;


/** 每 20 ms 采样一次 RSS，返回峰值（MB） */
function rssSampler() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  return {
    reset: () => (peak = process.memoryUsage().rss),
    stop: () => {
      clearInterval(timer);
      return Math.round(Math.max(peak, process.memoryUsage().rss) / MB);
    },
    peak: () => Math.round(peak / MB),
  };
}


interface MeasureArgs {
  url: string;
  planId: number;
  orgId: number;
  cityId: number | null;
  areaId: number | null;
  userId: number;
  userCode: string;
  workbookPath: string;
  /** 工作簿里的身份证号（导入的数据库基线用） */
  ids: string[];
}

/** 导入的数据库基线：同一批身份证号一条查重（= any）+ 一条 unnest 写入同样多行进临时表，一个事务；中位数 ms */
async function importFloor(url: string, ids: string[]): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const runs: number[] = [];
  try {
    for (let r = 0; r < Math.max(REPEAT, 1); r++) {
      const c = await pool.connect();
      const t = Date.now();
      try {
        await c.query('begin');
        await c.query('create temp table floor_exm (name text, id_number text, mobile text) on commit drop');
        await c.query('select id from examinee where id_number = any($1::varchar[])', [ids]);
        await c.query('insert into floor_exm select * from unnest($1::text[], $2::text[], $3::text[])', [ids.map((_, i) => `考生${i}`), ids, ids.map((_, i) => `139${String(i).padStart(8, '0')}`)]);
        await c.query('commit');
      } finally {
        c.release();
      }
      runs.push(Date.now() - t);
    }
  } finally {
    await pool.end();
  }
  return Math.max(median(runs), 1);
}

/** 导出的数据库基线：取同一计划全部考生的名单列（裸 SQL，不解密、不写工作簿）；中位数 ms */
async function exportFloorMs(url: string, planId: number): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const runs: number[] = [];
  try {
    for (let r = 0; r < Math.max(REPEAT, 1); r++) {
      const t = Date.now();
      await pool.query('select id, name, id_number, gender, birth_date, mobile, work_code, work_name, level, education, work_years, company, qualification from examinee where plan_id = $1 order by id', [planId]);
      runs.push(Date.now() - t);
    }
  } finally {
    await pool.end();
  }
  return Math.max(median(runs), 1);
}

/** 子进程：预览、确认、导出，计时并采样 RSS */
async function measure(m: MeasureArgs) {
  const { openPostgres } = await import('../lib/platform/db/client');
  const { examinees } = await import('../lib/domains/examinee/tables');
  const { previewImport, commitImport, discardImport, examineeImport } = await import('../lib/domains/examinee/imports');
  const { exportExaminees } = await import('../lib/domains/examinee/exports');
  type Session = import('../lib/platform/auth/session').Session;
  const opened = await openPostgres(m.url, 10);
  const db = opened.db;
  const plan = { id: m.planId };
  const org = { id: m.orgId, cityId: m.cityId };
  const session = {
    user: { id: m.userId, code: m.userCode, account: 'eval_org', nickName: '', realName: null, userType: 'RENCAI_ORG', level: 'org', areaId: m.areaId, cityId: m.cityId, orgId: m.orgId, passwordStrength: 3 },
    permissions: new Map([['examinee', new Set(['query', 'get', 'add', 'edit', 'delete', 'import', 'export'])]]),
  } as unknown as Session;
  const audit = () => {};
  // 各阶段耗时：行校验之外，按批的检查（查库、报考资格）与写入
  const { spent, reset } = timePhases(examineeImport);
  const file = new File([fs.readFileSync(m.workbookPath)], '基准考生.xlsx');
  let t = 0;
  try {
    if (global.gc) global.gc();
    const rss = rssSampler();
    const baseRss = Math.round(process.memoryUsage().rss / MB);
    const previewRuns: number[] = [];
    let preview!: Awaited<ReturnType<typeof previewImport>>;
    for (let r = 0; r < REPEAT; r++) {
      t = Date.now();
      preview = await previewImport(db, session, { planId: plan.id, file }, audit);
      previewRuns.push(Date.now() - t);
      // 一份计划同时只能有一个待确认的导入：除最后一次外放弃
      if (r < REPEAT - 1) await discardImport(db, session, { importId: preview.importId! }, audit);
    }
    const previewMs = median(previewRuns);
    const previewFloor = await importFloor(m.url, m.ids);
    console.log(`[exm]   预览中：按批检查 ${spent.check} ms，写入 ${spent.commit} ms`);
    reset();
    const previewPeak = rss.peak();
    // 确认也测 repeat 次取中位数：除最后一次外，确认后删掉写入的考生、重新预览
    const commitRuns: number[] = [];
    let committed!: Awaited<ReturnType<typeof commitImport>>;
    for (let r = 0; r < REPEAT; r++) {
      if (r > 0) preview = await previewImport(db, session, { planId: plan.id, file }, audit);
      rss.reset();
      reset();
      t = Date.now();
      committed = await commitImport(db, session, { importId: preview.importId! }, audit);
      commitRuns.push(Date.now() - t);
      if (r < REPEAT - 1) await db.delete(examinees).where(eq(examinees.planId, plan.id));
    }
    const commitMs = median(commitRuns);
    console.log(`[exm]   确认中（最后一次）：按批检查 ${spent.check} ms，写入 ${spent.commit} ms`);
    const commitPeak = rss.stop();
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(examinees).where(eq(examinees.planId, plan.id));
    console.log(`[exm] 预览 ${preview.total} 行：${(previewMs / 1000).toFixed(2)} s，${Math.round((preview.total / previewMs) * 1000)} 行/s，RSS 峰值 ${previewPeak} MB（开始时 ${baseRss} MB）`);
    console.log(`[exm] 预览 ${preview.total} 行（${REPEAT} 次中位数）${previewMs} ms，数据库基线 ${previewFloor} ms，应用/基线 ${(previewMs / previewFloor).toFixed(1)}×（负载 ${loadavg()}）`);
    console.log(`[exm] 确认 ${committed.total} 行（${REPEAT} 次中位数）${commitMs} ms，数据库基线 ${previewFloor} ms，应用/基线 ${(commitMs / previewFloor).toFixed(1)}×（负载 ${loadavg()}）`);
    console.log(`[exm] 确认（重新读取、校验并写入）${committed.total} 行：${(commitMs / 1000).toFixed(2)} s，${Math.round((committed.total / commitMs) * 1000)} 行/s，RSS 峰值 ${commitPeak} MB；库中 ${n} 名`);

    // 3. 导出：补足到 EXPORT_ROWS 名（generate_series），再导出名单
    const extra = EXPORT_ROWS - n;
    if (extra > 0) {
      await db.execute(sql`insert into examinee (plan_id, org_id, city_id, name, id_number, gender, birth_date, mobile, work_code, work_name, level, education, work_years, company, qualification)
        select ${plan.id}, ${org.id}, ${org.cityId}, '导出' || g, '8' || lpad(g::text, 16, '0') || 'X', '男', date '1990-01-01' + (g % 3000), '137' || lpad(g::text, 8, '0'), '6-31-01-03', '电工', 4, '高中', 5, '石家庄恒瑞机械有限公司', 0
        from generate_series(1, ${extra}) g`);
    }
    // 直接写进库的是明文：与启动时相同地补加密、补盲索引（加密之前的代码上什么也不做），不计时
    const { rotateAll } = await import('../db/sealing');
    await rotateAll(db, { legacyOnly: true });
    await db.execute(sql`vacuum analyze examinee`);
    // 名单版式；加密之前的代码（9ae03cf）的签名是 (db, session, filter, layout)，不给 layout 时导出的是 8 列的签到表
    const legacy = exportExaminees as unknown as (...args: unknown[]) => ReturnType<typeof exportExaminees>;
    const exportRoster = () => (exportExaminees.length === 4 ? legacy(db, session, { planId: plan.id }, 'roster') : exportExaminees(db, session, { planId: plan.id, layout: 'roster' }));
    const exportRuns: number[] = [];
    for (let r = 1; r < REPEAT; r++) {
      const t1 = Date.now();
      const res = await exportRoster();
      const rd = (res.body as ReadableStream<Uint8Array>).getReader();
      while (!(await rd.read()).done);
      exportRuns.push(Date.now() - t1);
    }
    if (global.gc) global.gc();
    const before = process.memoryUsage().rss;
    const exportRss = rssSampler();
    t = Date.now();
    const result = await exportRoster();
    let size = 0;
    const reader = (result.body as ReadableStream<Uint8Array>).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      size += value.length;
    }
    const exportMs = Date.now() - t;
    const exportPeak = exportRss.stop();
    exportRuns.push(exportMs);
    const exportFloor = await exportFloorMs(m.url, plan.id);
    console.log(`[exm] 导出 ${EXPORT_ROWS} 名（${REPEAT} 次中位数）${median(exportRuns)} ms，数据库基线 ${exportFloor} ms，应用/基线 ${(median(exportRuns) / exportFloor).toFixed(1)}×（负载 ${loadavg()}）`);
    console.log(
      `[exm] 导出 ${EXPORT_ROWS} 名：${(exportMs / 1000).toFixed(2)} s，${Math.round((EXPORT_ROWS / exportMs) * 1000)} 行/s，文件 ${(size / MB).toFixed(1)} MB，RSS 增长 ${exportPeak - Math.round(before / MB)} MB（峰值 ${exportPeak} MB）`,
    );
  } finally {
    await opened.close();
  }
}

async function main() {
  await withScratchDatabase('bench_exm', async ({ url, opened, uploadDir }) => {
    const { seed } = await import('../db/seed');
    const { idCheckChar } = await import('../lib/platform/identity');
    const { beijingDate } = await import('../lib/platform/time');
    const { organisations } = await import('../lib/domains/org/tables');
    const { filings } = await import('../lib/domains/filing/tables');
    const { users } = await import('../lib/domains/user/tables');
    const { examPlans, examPlanWorks } = await import('../lib/domains/exaPlan/tables');
    const db = opened.db;
    let t = Date.now();
    await seed(db);
    console.log(`[exm] 演示数据 ${((Date.now() - t) / 1000).toFixed(1)} s`);

    const [org] = await db.select().from(organisations).where(eq(organisations.code, 'ORG130102001'));
    const [filing] = await db.select().from(filings).where(eq(filings.orgId, org.id)).limit(1);
    const [user] = await db.select().from(users).where(eq(users.account, 'eval_org'));
    const [plan] = await db
      .insert(examPlans)
      .values({
        code: `BENCH-IO-${Date.now()}`,
        kind: 0,
        name: '基准：考生导入导出',
        orgId: org.id,
        cityId: org.cityId,
        filingId: filing.id,
        step: 2,
        state: 0,
        arrangeTypes: [1, 2],
        examStartDate: beijingDate(new Date(), 30),
        examEndDate: beijingDate(new Date(), 31),
        expectedCount: 100000,
        contactName: '陈静',
        contactPhone: '13831100004',
      })
      .returning();
    await db.insert(examPlanWorks).values([
      { planId: plan.id, workCode: '6-31-01-03', workName: '电工', level: 4 },
      { planId: plan.id, workCode: '6-31-01-03', workName: '电工', level: 3 },
    ]);
    // 1. 工作簿：姓名、身份证号（文本）、手机号、工种、等级、学历、从业年限、单位
    t = Date.now();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('考生');
    ws.addRow(['姓名', '身份证号', '手机号', '工种', '等级', '学历', '从事本职业年限', '工作单位', '已有证书等级', '取得证书日期']);
    const ids: string[] = [];
    for (let i = 0; i < ROWS; i++) {
      // (地区, 出生年, 顺序码) 各不相同：每 1000 人换一个出生年，每 4 万人换一个地区
      const birth = `${1961 + (Math.floor(i / 1000) % 40)}${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}`;
      const body = `${130102 + Math.floor(i / 40_000)}${birth}${String(i % 1000).padStart(3, '0')}`;
      const id = body + idCheckChar(body);
      ids.push(id);
      const lv3 = i % 2 === 1;
      ws.addRow([`考生${i}`, id, `139${String(i).padStart(8, '0')}`, '电工', lv3 ? '三级/高级工' : '四级/中级工', '高中', String(3 + (i % 10)), '石家庄恒瑞机械有限公司', lv3 ? '4' : '', lv3 ? '2018-05-01' : '']);
    }
    const bytes = new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
    console.log(`[exm] 生成 ${ROWS} 行工作簿 ${(bytes.length / MB).toFixed(1)} MB，${((Date.now() - t) / 1000).toFixed(1)} s`);
    const workbookPath = path.join(uploadDir, 'bench.xlsx');
    fs.writeFileSync(workbookPath, bytes);
    // 计时与 RSS 在新的子进程里量：本进程已因演示数据与生成工作簿占了几百 MB
    // --export、--repeat 交给测量子进程（它按这两项测）
    const passOn = ['export', 'repeat'].flatMap((k) => (process.argv.includes(`--${k}`) ? [`--${k}`, process.argv[process.argv.indexOf(`--${k}`) + 1]] : []));
    // BENCH_PROFILE=<目录>：测量子进程写 CPU 剖析（.cpuprofile）
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : [];
    const child = spawnSync(process.execPath, ['--expose-gc', ...profile, '--import', 'tsx', __filename, ...passOn, '--measure', JSON.stringify({ url: url, planId: plan.id, orgId: org.id, cityId: org.cityId, areaId: org.areaId, userId: user.id, userCode: user.code, workbookPath, ids })], {
      stdio: 'inherit',
      env: process.env,
    });
    if (child.status !== 0) throw new Error(`测量子进程失败（${child.status}）`);
  });
}

const measureAt = process.argv.indexOf('--measure');
(measureAt >= 0 ? measure(JSON.parse(process.argv[measureAt + 1]) as MeasureArgs) : main()).then(
  () => process.exit(0),
  (err: unknown) => {
    console.error('[exm] 失败', err);
    process.exit(1);
  },
);

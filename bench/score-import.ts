// 成绩导入的基准（不经 HTTP，直接调服务层）：npx tsx bench/score-import.ts [--rows 50000] [--runs 3]
// 在 PostgreSQL 上建临时库 bench_score_<时间戳>（BENCH_DATABASE_URL，默认 postgres://postgres@127.0.0.1:5432/postgres），
// 迁移并写入演示数据，建一份处于“成绩管理”步骤的计划与 rows 名考生（generate_series：考点、考场、理论场次与座位），然后：
//   生成 rows 行的成绩工作簿（准考证号、姓名、科目、成绩；exceljs，内存里），由机构的考务人员导入（全部校验、写入即提交、重算结果），
//   计时并采样 RSS 峰值；每次之前清空成绩，重复 runs 次。结束时删除临时库与临时上传目录。结果见 bench/README.md。
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { timePhases, withScratchDatabase } from './scratch';

const ROOT = path.resolve(__dirname, '..');
process.chdir(ROOT);

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const ROWS = arg('rows', 50_000);
const RUNS = arg('runs', 3);
const MB = 1024 * 1024;
/** 考场容量上限（exam_room 的 CHECK） */
const ROOM_CAPACITY = 500;


interface MeasureArgs {
  url: string;
  planId: number;
  orgId: number;
  cityId: number | null;
  areaId: number | null;
  userId: number;
  userCode: string;
  workbookPath: string;
}

/** 子进程：导入 RUNS 次（每次之前清空成绩），计时并采样 RSS */
async function measure(m: MeasureArgs) {
  const { openPostgres } = await import('../lib/platform/db/client');
  const { importScores, scoreImport } = await import('../lib/domains/score/imports');
  const { examScores, examResults } = await import('../lib/domains/score/tables');
  type Session = import('../lib/platform/auth/session').Session;
  const opened = await openPostgres(m.url, 10);
  const db = opened.db;
  const session = {
    user: { id: m.userId, code: m.userCode, account: 'eval_org', nickName: '华元评价', realName: '陈静', userType: 'RENCAI_ORG', level: 'org', areaId: m.areaId, cityId: m.cityId, orgId: m.orgId, passwordStrength: 3 },
    permissions: new Map([
      ['score', new Set(['query', 'get', 'edit', 'import', 'export'])],
      ['examAffairs', new Set(['query', 'get', 'edit'])],
    ]),
  } as unknown as Session;
  const { spent, reset } = timePhases(scoreImport);
  const bytes = fs.readFileSync(m.workbookPath);
  try {
    for (let run = 1; run <= RUNS; run++) {
      await db.delete(examScores).where(eq(examScores.planId, m.planId));
      await db.delete(examResults).where(eq(examResults.planId, m.planId));
      await db.execute(sql`vacuum analyze exam_score`);
      await db.execute(sql`vacuum analyze exam_result`);
      if (global.gc) global.gc();
      const base = process.memoryUsage().rss;
      let peak = base;
      const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      reset();
      const t = Date.now();
      const result = await importScores(db, session, { planId: m.planId, file: new File([bytes], '基准成绩.xlsx') }, () => {});
      const ms = Date.now() - t;
      clearInterval(timer);
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(examScores).where(eq(examScores.planId, m.planId));
      console.log(
        `[score] 第 ${run} 次：导入 ${result.total} 行 ${(ms / 1000).toFixed(2)} s，${Math.round((result.total / ms) * 1000)} 行/s；按批检查 ${spent.check} ms，写入与重算 ${spent.commit} ms；` +
          `RSS 峰值 ${Math.round(peak / MB)} MB（开始时 ${Math.round(base / MB)} MB）；库中 ${n} 条`,
      );
    }
  } finally {
    await opened.close();
  }
}

async function main() {
  await withScratchDatabase('bench_score', async ({ url, opened, uploadDir }) => {
    const { seed } = await import('../db/seed');
    const { beijingDate } = await import('../lib/platform/time');
    const { organisations } = await import('../lib/domains/org/tables');
    const { filings } = await import('../lib/domains/filing/tables');
    const { users } = await import('../lib/domains/user/tables');
    const { examPlans, examPlanWorks } = await import('../lib/domains/exaPlan/tables');
    const { examSites, examSessions } = await import('../lib/domains/examSite/tables');
    const db = opened.db;
    let t = Date.now();
    await seed(db);
    console.log(`[score] 演示数据 ${((Date.now() - t) / 1000).toFixed(1)} s`);

    const [org] = await db.select().from(organisations).where(eq(organisations.code, 'ORG130102001'));
    const [filing] = await db.select().from(filings).where(eq(filings.orgId, org.id)).limit(1);
    const [user] = await db.select().from(users).where(eq(users.account, 'eval_org'));
    const code = `BENCHSC${Date.now().toString(36).toUpperCase()}`;
    const [plan] = await db
      .insert(examPlans)
      .values({
        code,
        kind: 0,
        name: '基准：成绩导入',
        orgId: org.id,
        cityId: org.cityId,
        filingId: filing.id,
        step: 5,
        state: 0,
        arrangeTypes: [1],
        examStartDate: beijingDate(new Date(), -3),
        examEndDate: beijingDate(new Date(), -3),
        expectedCount: ROWS,
        contactName: '陈静',
        contactPhone: '13831100004',
      })
      .returning();
    await db.insert(examPlanWorks).values({ planId: plan.id, workCode: '6-31-01-03', workName: '电工', level: 4 });
    // 考生、考场与座位：generate_series（一个理论场次，每个考场 500 座）
    t = Date.now();
    await db.execute(sql`insert into examinee (plan_id, org_id, city_id, name, id_number, gender, birth_date, mobile, work_code, work_name, level, qualification, ticket_no)
      select ${plan.id}, ${org.id}, ${org.cityId}, '考生' || g, '8' || lpad(g::text, 16, '0') || 'X', '男', date '1990-01-01' + (g % 3000), '137' || lpad(g::text, 8, '0'), '6-31-01-03', '电工', 4, 0, ${code} || lpad(g::text, 6, '0')
      from generate_series(1, ${ROWS}) g`);
    const [site] = await db.insert(examSites).values({ planId: plan.id, orgId: org.id, cityId: org.cityId, filingSiteId: 0, name: '基准考点', address: '石家庄' }).returning();
    const roomCount = Math.ceil(ROWS / ROOM_CAPACITY);
    await db.execute(sql`insert into exam_room (plan_id, site_id, org_id, city_id, name, room_type, capacity)
      select ${plan.id}, ${site.id}, ${org.id}, ${org.cityId}, '理论考场' || r, 1, ${ROOM_CAPACITY} from generate_series(1, ${roomCount}) r`);
    const [session] = await db
      .insert(examSessions)
      .values({ planId: plan.id, orgId: org.id, cityId: org.cityId, name: '理论知识考试', subject: 1, examDate: beijingDate(new Date(), -3), startTime: '09:00', endTime: '10:30' })
      .returning();
    await db.execute(sql`insert into exam_seat (session_id, room_id, examinee_id, seat_no)
      select ${session.id}, r.id, e.id, ((e.rn - 1) % ${ROOM_CAPACITY}) + 1
      from (select id, row_number() over (order by id) rn from examinee where plan_id = ${plan.id}) e
      join (select id, row_number() over (order by id) rn from exam_room where plan_id = ${plan.id}) r on r.rn = ((e.rn - 1) / ${ROOM_CAPACITY}) + 1`);
    await db.execute(sql`vacuum analyze examinee`);
    await db.execute(sql`vacuum analyze exam_seat`);
    console.log(`[score] ${ROWS} 名考生、${roomCount} 个考场与座位 ${((Date.now() - t) / 1000).toFixed(1)} s`);

    t = Date.now();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('成绩');
    ws.addRow(['准考证号', '姓名', '科目', '成绩', '标记']);
    for (let i = 1; i <= ROWS; i++) {
      const absent = i % 97 === 0;
      ws.addRow([`${code}${String(i).padStart(6, '0')}`, `考生${i}`, '理论知识考试', absent ? '' : String(40 + (i % 60) + (i % 3 === 0 ? 0.5 : 0)), absent ? '缺考' : '']);
    }
    const bytes = new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
    console.log(`[score] 生成 ${ROWS} 行工作簿 ${(bytes.length / MB).toFixed(1)} MB，${((Date.now() - t) / 1000).toFixed(1)} s`);
    const workbookPath = path.join(uploadDir, 'bench.xlsx');
    fs.writeFileSync(workbookPath, bytes);
    // 计时与 RSS 在新的子进程里量：本进程已因演示数据与生成工作簿占了几百 MB
    const child = spawnSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', __filename, '--measure', JSON.stringify({ url: url, planId: plan.id, orgId: org.id, cityId: org.cityId, areaId: org.areaId, userId: user.id, userCode: user.code, workbookPath }), '--runs', String(RUNS)],
      { stdio: 'inherit', env: process.env },
    );
    if (child.status !== 0) throw new Error(`测量子进程失败（${child.status}）`);
  });
}

const measureAt = process.argv.indexOf('--measure');
(measureAt >= 0 ? measure(JSON.parse(process.argv[measureAt + 1]) as MeasureArgs) : main()).then(
  () => process.exit(0),
  (err: unknown) => {
    console.error('[score] 失败', err);
    process.exit(1);
  },
);

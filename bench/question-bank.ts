// 按规则组卷的基准（不经 HTTP，直接调组卷的服务层）：npx tsx bench/question-bank.ts [--questions 100000] [--runs 30]
// 默认在内存 PGlite 上迁移一个空库；设置 BENCH_DATABASE_URL（如 postgres://postgres@127.0.0.1:5432/postgres）时在 PostgreSQL 上
// 建临时库 bench_qb_<时间戳>，结束时删除。
// 写入一个机构、一个题库（一个科目、10 章 × 5 节的知识点树）与 questions 道试题（单选 40%、多选 20%、判断 20%、填空 10%、简答 10%，
// 知识点与难度均匀），然后按一组 100 题的规则（不限知识点、按难度、按章（含下级）、按节 × 难度）以不同的种子组卷 runs 次：
// 每次计时 drawByRules（抽题）与写入试卷（paper + 100 行 paper_question，一个事务），即 composePaper 在权限与备案检查之外做的全部工作。
// 另以同样的规则用 ORDER BY random() 整格排序抽一次作对照。结果见 bench/README.md。
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';

const ROOT = path.resolve(__dirname, '..');
process.chdir(ROOT);

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const QUESTIONS = arg('questions', 100_000);
const RUNS = arg('runs', 30);
const adminUrl = process.env.BENCH_DATABASE_URL;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function main() {
  const { openPglite, openPostgres, migrateDb } = await import('../lib/platform/db/client');
  const { areas } = await import('../lib/domains/area/tables');
  const { organisations } = await import('../lib/domains/org/tables');
  const { knowledgePoints, paperQuestions, papers, questionBanks, questionSubjects } = await import('../lib/domains/questionBank/tables');
  const { drawByRules } = await import('../lib/domains/questionBank/compose');
  type PaperRule = import('../lib/domains/questionBank/schemas').PaperRule;

  let dbName: string | null = null;
  let opened;
  if (adminUrl) {
    dbName = `bench_qb_${Date.now()}`;
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`create database ${dbName}`);
    await c.end();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    opened = await openPostgres(u.toString(), 4);
  } else {
    opened = await openPglite(undefined);
  }
  const db = opened.db;
  try {
    await migrateDb(opened);
    await db.insert(areas).values([
      { id: 130000, pid: 0, name: '河北省', level: 1 },
      { id: 130100, pid: 130000, name: '石家庄市', level: 2 },
    ]);
    const [org] = await db.insert(organisations).values({ code: 'BENCH001', name: '基准评价机构', category: 'eval', orgType: 3, areaId: 130100, cityId: 130100 }).returning();
    const [bank] = await db
      .insert(questionBanks)
      .values({ kind: 0, orgId: org.id, cityId: org.cityId, name: '基准题库', workCode: '6-31-01-03', workName: '电工', level: 4 })
      .returning();
    const [subject] = await db.insert(questionSubjects).values({ bankId: bank.id, orgId: org.id, cityId: org.cityId, name: '理论知识' }).returning();
    const chapters = await db
      .insert(knowledgePoints)
      .values(Array.from({ length: 10 }, (_, i) => ({ orgId: org.id, cityId: org.cityId, workCode: bank.workCode, parentId: 0, name: `第${i + 1}章`, sort: i })))
      .returning();
    const leaves = await db
      .insert(knowledgePoints)
      .values(chapters.flatMap((c) => Array.from({ length: 5 }, (_, j) => ({ orgId: org.id, cityId: org.cityId, workCode: bank.workCode, parentId: c.id, name: `${c.name}第${j + 1}节`, sort: j }))))
      .returning();
    const leafIds = leaves.map((l) => l.id);

    let t0 = performance.now();
    // 题型按比例、知识点与难度均匀（按序号散列，互不相关）；rand 由默认值 random() 给出
    await db.execute(sql`
      insert into question (bank_id, org_id, city_id, subject_id, kp_id, type, difficulty, stem, options, answer, score)
      select ${bank.id}, ${org.id}, ${org.cityId}, ${subject.id},
        (${sql.param(leafIds)}::int[])[1 + abs(hashint4(g)) % ${leafIds.length}],
        case when g % 10 < 4 then 'single' when g % 10 < 6 then 'multiple' when g % 10 < 8 then 'judge' when g % 10 = 8 then 'fill' else 'short' end,
        1 + abs(hashint4(g + 7777777)) % 5,
        '基准试题 ' || g,
        case when g % 10 < 6 then '[{"key":"A","text":"甲"},{"key":"B","text":"乙"},{"key":"C","text":"丙"},{"key":"D","text":"丁"}]'::jsonb else '[]'::jsonb end,
        case when g % 10 < 4 then 'A' when g % 10 < 6 then 'AB' when g % 10 < 8 then '正确' else '参考答案' end,
        1
      from generate_series(1, ${QUESTIONS}) g`);
    await db.execute(sql`analyze question`);
    if (adminUrl) await db.execute(sql`vacuum analyze question`);
    console.log(`写入 ${QUESTIONS} 道试题：${ms(performance.now() - t0)}（${opened.kind}）`);

    const rules: PaperRule[] = [
      { type: 'single', kpId: null, difficulty: null, count: 40, score: 1 },
      { type: 'single', kpId: null, difficulty: 5, count: 10, score: 1 },
      { type: 'multiple', kpId: chapters[0].id, difficulty: null, count: 10, score: 2 },
      { type: 'multiple', kpId: null, difficulty: 3, count: 10, score: 2 },
      { type: 'judge', kpId: leaves[7].id, difficulty: 2, count: 3, score: 1 },
      { type: 'judge', kpId: null, difficulty: null, count: 17, score: 1 },
      { type: 'fill', kpId: chapters[3].id, difficulty: null, count: 5, score: 2 },
      { type: 'short', kpId: null, difficulty: null, count: 5, score: 5 },
    ];
    const total = rules.reduce((s, r) => s + r.count, 0);

    const draw: number[] = [];
    const write: number[] = [];
    const both: number[] = [];
    for (let run = 0; run < RUNS + 3; run++) {
      t0 = performance.now();
      const drawn = await drawByRules(db, bank, subject.id, rules, `BENCH${run}`);
      const t1 = performance.now();
      await db.transaction(async (tx) => {
        const [p] = await tx
          .insert(papers)
          .values({ bankId: bank.id, subjectId: subject.id, kind: 0, orgId: org.id, cityId: org.cityId, workCode: bank.workCode, workName: bank.workName, level: bank.level, name: `基准试卷 ${run}`, mode: 2, rules, seed: `BENCH${run}`, questionCount: drawn.length })
          .returning();
        await tx.insert(paperQuestions).values(drawn.map((q, i) => ({ paperId: p.id, questionId: q.questionId, sort: i + 1, score: String(q.score) })));
      });
      const t2 = performance.now();
      if (drawn.length !== total || new Set(drawn.map((q) => q.questionId)).size !== total) throw new Error('抽题数量不对或有重复');
      // 前 3 次预热（PGlite 编译、计划缓存）不计
      if (run < 3) continue;
      draw.push(t1 - t0);
      write.push(t2 - t1);
      both.push(t2 - t0);
    }
    const again = await drawByRules(db, bank, subject.id, rules, 'BENCH7');
    const first = await drawByRules(db, bank, subject.id, rules, 'BENCH7');
    if (again.map((q) => q.questionId).join() !== first.map((q) => q.questionId).join()) throw new Error('同一种子抽出的不同');

    // 对照：每条规则 ORDER BY random() LIMIT n（整格排序）
    t0 = performance.now();
    for (const r of rules) {
      await db.execute(sql`select id from question where bank_id = ${bank.id} and subject_id = ${subject.id} and status = 0 and type = ${r.type}
        ${r.difficulty ? sql`and difficulty = ${r.difficulty}` : sql``} order by random() limit ${r.count}`);
    }
    const naive = performance.now() - t0;

    console.log(`\n${total} 题的试卷，题库 ${QUESTIONS} 道，${RUNS} 次（不同种子）：`);
    console.log(`  抽题 drawByRules   p50 ${ms(pct(draw, 50))}  p95 ${ms(pct(draw, 95))}  最大 ${ms(Math.max(...draw))}`);
    console.log(`  写入试卷           p50 ${ms(pct(write, 50))}  p95 ${ms(pct(write, 95))}  最大 ${ms(Math.max(...write))}`);
    console.log(`  合计               p50 ${ms(pct(both, 50))}  p95 ${ms(pct(both, 95))}  最大 ${ms(Math.max(...both))}`);
    console.log(`  对照 ORDER BY random()（不含知识点子树，只抽不写）：${ms(naive)}`);
  } finally {
    await opened.close();
    if (adminUrl && dbName) {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

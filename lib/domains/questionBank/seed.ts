// 演示题库与试卷：有效备案的演示评价机构，每个备案取前两个工种、各取一个等级（华元评价两个）建题库；每个工种一棵知识点树（3 章 × 3 节），
// 每个题库约 120 道题（理论知识：单选、多选、判断、填空、简答；操作技能：实操），各难度都有；
// 华元评价（eval_org）另有两份试卷：一份按规则组卷（固定种子），一份手工组卷。
// 按业务键幂等：已有的题库、知识点与试卷不动；题目与试卷只随新建的题库写入（批量插入）。
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { organisations } from '../org/tables';
import { filings } from '../filing/tables';
import { FILING_IN_FORCE } from '../filing/transitions';
import { filedWorks } from '../exaPlan/filed';
import { LEVEL_NAMES } from '../catalog/schemas';
import { knowledgePoints, paperQuestions, papers, questionBanks, questions, questionSubjects, type QuestionBank } from './tables';
import { BANK_KIND_LABEL, PAPER_MODE, QUESTION_TYPE_LABEL, type QuestionType } from './constants';
import { DEFAULT_SUBJECTS } from './banks';
import { drawByRules } from './compose';
import type { PaperRule } from './schemas';

const CHAPTERS: readonly [string, readonly string[]][] = [
  ['基础知识', ['职业道德', '安全生产', '相关法律法规']],
  ['专业知识', ['工具与设备', '材料与工艺', '识图与计算']],
  ['操作技能', ['作业准备', '操作实施', '质量检验']],
];

/** 理论知识科目每种题型的题数，操作技能科目为实操题 */
const THEORY: readonly [QuestionType, number][] = [
  ['single', 45],
  ['multiple', 20],
  ['judge', 25],
  ['fill', 10],
  ['short', 10],
];
const TASKS = 10;

const DEMO_ORG = 'ORG130102001';

/** 有效备案的演示评价机构各取的工种数与每工种的等级数（华元评价两个等级，其余一个） */
const WORKS_PER_FILING = 2;
const levelsPerWork = (orgCode: string) => (orgCode === DEMO_ORG ? 2 : 1);

export const DEMO_RULES_SEED = 'DEMO2025';
const DEMO_RULES: PaperRule[] = [
  { type: 'single', kpId: null, difficulty: null, count: 20, score: 1 },
  { type: 'multiple', kpId: null, difficulty: null, count: 10, score: 2 },
  { type: 'judge', kpId: null, difficulty: null, count: 10, score: 1 },
  { type: 'short', kpId: null, difficulty: null, count: 2, score: 5 },
];

function questionRow(bank: QuestionBank, subjectId: number, kp: { id: number; name: string }, type: QuestionType, n: number) {
  const difficulty = (n % 5) + 1;
  const work = bank.workName;
  const base = { bankId: bank.id, orgId: bank.orgId, cityId: bank.cityId, subjectId, kpId: kp.id, type, difficulty, analysis: `本题考查${work}「${kp.name}」的要点。` };
  const topic = `${work}${kp.name}`;
  switch (type) {
    case 'single':
      return {
        ...base,
        stem: `关于${topic}，下列说法正确的是（　）。（第 ${n} 题）`,
        options: [
          { key: 'A', text: `按${kp.name}规范的要求执行（要点 ${n}）` },
          { key: 'B', text: '凭个人经验即可，不必遵守规程' },
          { key: 'C', text: '为赶进度可以省略必要步骤' },
          { key: 'D', text: '发现问题后继续作业' },
        ],
        answer: 'A',
        score: '1',
      };
    case 'multiple':
      return {
        ...base,
        stem: `${topic}中，下列做法符合要求的有（　）。（第 ${n} 题）`,
        options: [
          { key: 'A', text: '作业前检查工具与防护用品' },
          { key: 'B', text: `按${kp.name}的规程操作` },
          { key: 'C', text: '擅自拆除安全装置' },
          { key: 'D', text: '作业后清理现场并记录' },
        ],
        answer: 'ABD',
        score: '2',
      };
    case 'judge':
      return { ...base, stem: `${topic}工作中，必须严格遵守操作规程。（第 ${n} 题）`, options: [], answer: n % 3 === 0 ? '错误' : '正确', score: '1' };
    case 'fill':
      return { ...base, stem: `${topic}的首要原则是______。（第 ${n} 题）`, options: [], answer: '安全第一', score: '2' };
    case 'short':
      return { ...base, stem: `简述${topic}的主要步骤与注意事项。（第 ${n} 题）`, options: [], answer: `准备、实施、检查三个阶段；注意${kp.name}的安全要求与质量标准。`, score: '5' };
    case 'task':
      return { ...base, stem: `现场完成一项${topic}作业，并说明关键控制点。（第 ${n} 题）`, options: [], answer: '评分要点：准备充分（20%）、操作规范（50%）、结果达标（30%）。', score: '20' };
  }
}

/** 机构某工种的知识点树：按名称补缺，返回末级知识点 */
async function ensureKnowledgeTree(db: Db, org: { id: number; cityId: number | null }, workCode: string): Promise<{ id: number; name: string }[]> {
  await db
    .insert(knowledgePoints)
    .values(CHAPTERS.map(([name], sort) => ({ orgId: org.id, cityId: org.cityId, workCode, parentId: 0, name, sort })))
    .onConflictDoNothing();
  const top = await db
    .select({ id: knowledgePoints.id, name: knowledgePoints.name })
    .from(knowledgePoints)
    .where(and(eq(knowledgePoints.orgId, org.id), eq(knowledgePoints.workCode, workCode), eq(knowledgePoints.parentId, 0)));
  const idOf = new Map(top.map((t) => [t.name, t.id]));
  const leaves = CHAPTERS.flatMap(([chapter, sections]) => sections.map((name, sort) => ({ orgId: org.id, cityId: org.cityId, workCode, parentId: idOf.get(chapter)!, name, sort })));
  await db.insert(knowledgePoints).values(leaves).onConflictDoNothing();
  return db
    .select({ id: knowledgePoints.id, name: knowledgePoints.name })
    .from(knowledgePoints)
    .where(
      and(
        eq(knowledgePoints.orgId, org.id),
        eq(knowledgePoints.workCode, workCode),
        inArray(
          knowledgePoints.parentId,
          top.map((t) => t.id),
        ),
      ),
    )
    .orderBy(asc(knowledgePoints.parentId), asc(knowledgePoints.sort));
}

/** 新题库的科目与题目（批量插入） */
async function fillBank(db: Db, bank: QuestionBank, leaves: { id: number; name: string }[]): Promise<void> {
  const subjects = await db
    .insert(questionSubjects)
    .values(DEFAULT_SUBJECTS.map((name, sort) => ({ bankId: bank.id, orgId: bank.orgId, cityId: bank.cityId, name, sort })))
    .returning();
  const [theory, skill] = subjects;
  const theoryLeaves = leaves.slice(0, 6);
  const skillLeaves = leaves.slice(6);
  let n = 0;
  const rows = [
    ...THEORY.flatMap(([type, count]) => Array.from({ length: count }, () => questionRow(bank, theory.id, theoryLeaves[n % theoryLeaves.length], type, ++n))),
    ...Array.from({ length: TASKS }, () => questionRow(bank, skill.id, skillLeaves[n % skillLeaves.length], 'task', ++n)),
  ];
  await db.insert(questions).values(rows);
}

async function seedDemoPapers(db: Db): Promise<void> {
  const [org] = await db.select().from(organisations).where(eq(organisations.code, DEMO_ORG));
  if (!org) return;
  const [bank] = await db.select().from(questionBanks).where(eq(questionBanks.orgId, org.id)).orderBy(asc(questionBanks.id)).limit(1);
  if (!bank) return;
  const [theory] = await db.select().from(questionSubjects).where(eq(questionSubjects.bankId, bank.id)).orderBy(asc(questionSubjects.sort)).limit(1);
  const level = LEVEL_NAMES[bank.level]?.split('/')[0] ?? '';
  const existing = new Set((await db.select({ name: papers.name }).from(papers).where(eq(papers.orgId, org.id))).map((p) => p.name));
  const write = async (name: string, mode: number, list: { questionId: number; score: number }[], extra: { rules: PaperRule[] | null; seed: string | null }) => {
    if (existing.has(name) || !list.length) return;
    const total = list.reduce((s, q) => s + q.score, 0);
    const [paper] = await db
      .insert(papers)
      .values({
        bankId: bank.id,
        subjectId: theory.id,
        kind: bank.kind,
        orgId: bank.orgId,
        cityId: bank.cityId,
        workCode: bank.workCode,
        workName: bank.workName,
        level: bank.level,
        name,
        mode,
        ...extra,
        totalScore: String(total),
        questionCount: list.length,
        durationMinutes: 90,
      })
      .returning();
    await db.insert(paperQuestions).values(list.map((q, i) => ({ paperId: paper.id, questionId: q.questionId, sort: i + 1, score: String(q.score) })));
  };
  const drawn = await drawByRules(db, bank, theory.id, DEMO_RULES, DEMO_RULES_SEED);
  await write(`${bank.workName}${level}理论知识模拟卷（A 卷）`, PAPER_MODE.RULES, drawn, { rules: DEMO_RULES, seed: DEMO_RULES_SEED });
  const manual = await db
    .select({ id: questions.id, type: questions.type, score: questions.score })
    .from(questions)
    .where(and(eq(questions.bankId, bank.id), eq(questions.subjectId, theory.id), inArray(questions.type, ['single', 'judge'])))
    .orderBy(asc(questions.id))
    .limit(30);
  const order = (t: string) => Object.keys(QUESTION_TYPE_LABEL).indexOf(t);
  await write(
    `${bank.workName}${level}理论知识练习卷`,
    PAPER_MODE.MANUAL,
    manual.sort((a, b) => order(a.type) - order(b.type) || a.id - b.id).map((q) => ({ questionId: q.id, score: Number(q.score) })),
    { rules: null, seed: null },
  );
}

export async function seedQuestionBanks(db: Db): Promise<void> {
  const inForce = await db
    .select({ filingId: filings.id, kind: filings.kind, org: organisations })
    .from(filings)
    .innerJoin(organisations, eq(organisations.id, filings.orgId))
    .where(and(inArray(filings.status, FILING_IN_FORCE), eq(organisations.category, 'eval')))
    .orderBy(asc(filings.id));
  for (const f of inForce) {
    const works = (await filedWorks(db, f.filingId)).slice(0, WORKS_PER_FILING);
    for (const w of works) {
      const levels = w.levels.slice(0, levelsPerWork(f.org.code));
      const created = await db
        .insert(questionBanks)
        .values(
          levels.map((level) => ({
            kind: f.kind,
            orgId: f.org.id,
            cityId: f.org.cityId,
            name: `${w.workName}（${LEVEL_NAMES[level]}）${BANK_KIND_LABEL[f.kind]}题库`,
            workCode: w.workCode,
            workName: w.workName,
            level,
          })),
        )
        .onConflictDoNothing()
        .returning();
      if (!created.length) continue;
      const leaves = await ensureKnowledgeTree(db, f.org, w.workCode);
      for (const bank of created) await fillBank(db, bank, leaves);
    }
  }
  await seedDemoPapers(db);
}

// 考生结果的重算（成绩每次变动后，按 rules.ts 的 judge）与各计划的合计。
import { and, count, countDistinct, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { type ExamPlan } from '../exaPlan/tables';
import { examinees } from '../examinee/tables';
import { QUALIFICATION } from '../examinee/schemas';
import { planSubjects } from '../examSite/sessions';
import { examResults, examScoreCorrections, examScores } from './tables';
import { judge, MARK, RESULT, SCORE_STATUS, type SubjectScore } from './rules';
import type { ScoreTotals } from './schemas';

/** 成绩写入的事务锁的命名空间（pg_advisory_xact_lock 的第一个参数） */
const SCORE_LOCK_SPACE = 1305;

/**
 * 锁住一份计划的成绩写入（事务级咨询锁，事务结束时释放）：逐条录入、标记与导入都先取它，
 * 同一计划的成绩变动与结果重算依次进行，重算读到的总是别人已提交的最新成绩。导入持锁直到写完（其间逐条录入稍候）。
 */
export async function lockPlanScores(tx: Db, planId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SCORE_LOCK_SPACE}::int, ${planId}::int)`);
}

/** 一批考生的等级 */
export async function levelsOf(tx: Db, examineeIds: readonly number[]): Promise<Map<number, number>> {
  if (!examineeIds.length) return new Map();
  const rows = await tx
    .select({ id: examinees.id, level: examinees.level })
    .from(examinees)
    .where(sql`${examinees.id} = any(${sql.param([...examineeIds])}::int[])`);
  return new Map(rows.map((r) => [r.id, r.level]));
}

/** 按各人的成绩算出结果并写入（一条 upsert，每列一个数组参数） */
export async function writeResults(tx: Db, plan: Pick<ExamPlan, 'id' | 'orgId' | 'cityId' | 'arrangeTypes'>, levels: ReadonlyMap<number, number>, scores: readonly (SubjectScore & { examineeId: number })[]): Promise<void> {
  if (!levels.size) return;
  const byExaminee = new Map<number, SubjectScore[]>();
  for (const s of scores) byExaminee.set(s.examineeId, [...(byExaminee.get(s.examineeId) ?? []), s]);
  const subjects = planSubjects(plan as ExamPlan);
  const judged = [...levels].map(([id, level]) => ({ id, ...judge(level, subjects, byExaminee.get(id) ?? []) }));
  await tx.execute(sql`insert into ${examResults} (examinee_id, plan_id, org_id, city_id, result, reason, updated_at)
    select u.id, ${plan.id}::int, ${plan.orgId}::int, ${plan.cityId}::int, u.result, u.reason, now()
    from unnest(${sql.param(judged.map((j) => j.id))}::int[], ${sql.param(judged.map((j) => j.result))}::smallint[], ${sql.param(judged.map((j) => j.reason))}::varchar[]) as u(id, result, reason)
    on conflict (examinee_id) do update set result = excluded.result, reason = excluded.reason, updated_at = excluded.updated_at`);
}

/** 重算一批考生的结果（调用方已取 lockPlanScores）：读成绩，写结果 */
export async function recomputeResults(tx: Db, plan: Pick<ExamPlan, 'id' | 'orgId' | 'cityId' | 'arrangeTypes'>, examineeIds: readonly number[]): Promise<void> {
  const levels = await levelsOf(tx, examineeIds);
  if (!levels.size) return;
  const scores = await tx
    .select({ examineeId: examScores.examineeId, subject: examScores.subject, score: examScores.score, mark: examScores.mark, status: examScores.status })
    .from(examScores)
    .where(sql`${examScores.examineeId} = any(${sql.param([...levels.keys()])}::int[])`);
  await writeResults(
    tx,
    plan,
    levels,
    scores.map((s) => ({ ...s, score: s.score === null ? null : Number(s.score) })),
  );
}

const emptyTotals = (): ScoreTotals => ({ examinees: 0, submitted: {}, pending: 0, passed: 0, failed: 0, absent: 0, cheating: 0, corrections: 0 });

/** 各计划的合计：应考人数（资格不是“不符合”的考生）、各科已提交、合格、不合格、待定、缺考与违纪人数、更正次数 */
export async function scoreTotals(db: Db, planIds: readonly number[]): Promise<Map<number, ScoreTotals>> {
  const out = new Map<number, ScoreTotals>(planIds.map((id) => [id, emptyTotals()]));
  if (!planIds.length) return out;
  const ids = [...planIds];
  const [people, results, submitted, marks, corrections] = await Promise.all([
    db
      .select({ planId: examinees.planId, n: count() })
      .from(examinees)
      .where(and(inArray(examinees.planId, ids), ne(examinees.qualification, QUALIFICATION.REFUSED)))
      .groupBy(examinees.planId),
    db
      .select({ planId: examResults.planId, result: examResults.result, n: count() })
      .from(examResults)
      .where(inArray(examResults.planId, ids))
      .groupBy(examResults.planId, examResults.result),
    db
      .select({ planId: examScores.planId, subject: examScores.subject, n: count() })
      .from(examScores)
      .where(and(inArray(examScores.planId, ids), eq(examScores.status, SCORE_STATUS.SUBMITTED)))
      .groupBy(examScores.planId, examScores.subject),
    db
      .select({ planId: examScores.planId, mark: examScores.mark, n: countDistinct(examScores.examineeId) })
      .from(examScores)
      .where(and(inArray(examScores.planId, ids), ne(examScores.mark, MARK.NORMAL)))
      .groupBy(examScores.planId, examScores.mark),
    db
      .select({ planId: examScoreCorrections.planId, n: count() })
      .from(examScoreCorrections)
      .where(inArray(examScoreCorrections.planId, ids))
      .groupBy(examScoreCorrections.planId),
  ]);
  for (const r of people) out.get(r.planId)!.examinees = Number(r.n);
  for (const r of results) {
    const t = out.get(r.planId)!;
    if (r.result === RESULT.PASS) t.passed = Number(r.n);
    if (r.result === RESULT.FAIL) t.failed = Number(r.n);
  }
  for (const r of submitted) out.get(r.planId)!.submitted[r.subject] = Number(r.n);
  for (const r of marks) {
    const t = out.get(r.planId)!;
    if (r.mark === MARK.ABSENT) t.absent = Number(r.n);
    if (r.mark === MARK.CHEATING) t.cheating = Number(r.n);
  }
  for (const r of corrections) out.get(r.planId)!.corrections = Number(r.n);
  for (const t of out.values()) t.pending = Math.max(0, t.examinees - t.passed - t.failed);
  return out;
}

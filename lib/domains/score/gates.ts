// 第 5 步（成绩管理）→ 第 6 步的条件 scoresReady 与第 6 步（成绩公示）→ 第 7 步的条件 publicityEnded：考试计划状态机声明的条件
// （exaPlan/transitions.ts），由本域经 plan-gates.ts 登记。满足时返回 null，否则返回中文原因。
// - scoresReady：每名资格不是“不符合”的考生在计划安排的每个科目都有已提交的成绩（缺考、违纪也是已提交的成绩）；
// - publicityEnded：公示已开始、公示期已满（不能提前结束），且没有待处理的异议。
import { and, asc, count, eq, ne, or, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { formatBeijing } from '@/lib/platform/time';
import { type ExamPlan } from '../exaPlan/tables';
import { examinees } from '../examinee/tables';
import { QUALIFICATION } from '../examinee/schemas';
import { firstFew } from '../examSite/rules';
import { examResults, scoreObjections, scorePublicities } from './tables';
import { RESULT } from './rules';
import { OBJECTION_STATUS } from './transitions';

const SAMPLE = 3;

export async function scoresReady(db: Db, plan: ExamPlan): Promise<string | null> {
  const where = and(eq(examinees.planId, plan.id), ne(examinees.qualification, QUALIFICATION.REFUSED), or(isNull(examResults.result), eq(examResults.result, RESULT.PENDING)));
  const [[{ n }], sample] = await Promise.all([
    db.select({ n: count() }).from(examinees).leftJoin(examResults, eq(examResults.examineeId, examinees.id)).where(where),
    db
      .select({ name: examinees.name })
      .from(examinees)
      .leftJoin(examResults, eq(examResults.examineeId, examinees.id))
      .where(where)
      .orderBy(asc(examinees.id))
      .limit(SAMPLE),
  ]);
  const pending = Number(n);
  if (!pending) return null;
  return `尚有 ${pending} 名考生的成绩未全部提交（${firstFew(sample.map((s) => s.name), '人', SAMPLE)}）`;
}

export async function publicityEnded(db: Db, plan: ExamPlan): Promise<string | null> {
  const [p] = await db.select().from(scorePublicities).where(eq(scorePublicities.planId, plan.id));
  if (!p) return '成绩公示尚未开始';
  if (Date.now() < p.endsAt.getTime()) return `成绩公示期至 ${formatBeijing(p.endsAt)} 结束，公示期满之前不能进入下一步`;
  const [{ n }] = await db
    .select({ n: count() })
    .from(scoreObjections)
    .where(and(eq(scoreObjections.publicityId, p.id), eq(scoreObjections.status, OBJECTION_STATUS.OPEN)));
  return Number(n) ? `公示期内有 ${Number(n)} 条异议尚未处理` : null;
}

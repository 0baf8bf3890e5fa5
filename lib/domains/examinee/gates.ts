// 计划第 2 步“导入考生”进入下一步的条件 examineesReady（plan-gates.ts 登记到考试计划的状态机）：
// 至少一名报考资格不是“不符合”的考生，且没有未确认（待确认）的考生导入。
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { type ExamPlan } from '@/lib/domains/exaPlan/tables';
import { examinees, examineeImports } from './tables';
import { IMPORT_STATUS, QUALIFICATION } from './schemas';

/** null 为满足；否则为中文原因 */
export async function examineesReady(db: Db, plan: ExamPlan): Promise<string | null> {
  const [pending] = await db
    .select({ fileName: examineeImports.fileName })
    .from(examineeImports)
    .where(and(eq(examineeImports.planId, plan.id), eq(examineeImports.status, IMPORT_STATUS.PENDING)))
    .limit(1);
  if (pending) return `有未确认的考生导入「${pending.fileName}」，请先确认或放弃`;
  const [one] = await db
    .select({ id: examinees.id })
    .from(examinees)
    .where(and(eq(examinees.planId, plan.id), ne(examinees.qualification, QUALIFICATION.REFUSED)))
    .limit(1);
  if (!one) return '计划还没有符合报考条件的考生';
  return null;
}

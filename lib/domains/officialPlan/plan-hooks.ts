// 考试计划提交审核时：工种不在当年已发布的年度评价计划内的，记下提示给审核员看（exaPlan 不引用本域，由本域登记钩子）。
import { eq } from 'drizzle-orm';
import { onPlanSubmit } from '../exaPlan/hooks';
import { examPlanWorks } from '../exaPlan/tables';
import { officialPlanWarning } from './service';

onPlanSubmit(async (tx, plan) => {
  const works = await tx.select().from(examPlanWorks).where(eq(examPlanWorks.planId, plan.id));
  return { officialPlanWarning: await officialPlanWarning(tx, { orgId: plan.orgId, examStartDate: plan.examStartDate, works }) };
});

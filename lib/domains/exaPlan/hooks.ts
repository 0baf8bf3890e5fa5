// 计划办理时别的领域要一并做的事（同一事务），由下游领域登记，本域不引用它们：
// - 提交审核时：年度评价计划域算出“工种不在年度计划内”的提示，写进计划（officialPlan/plan-hooks.ts）；
// - 进入某一步时：如进入“证书管理”给合格考生发证（certificate/plan-gates.ts）。
// 登记在模块加载时完成；lib/workflows.ts 引用这些登记模块。
import type { Db } from '@/lib/platform/db/client';
import type { ExamPlan } from './tables';

/** 提交时的钩子：返回要一并写进计划的列 */
export type SubmitHook = (tx: Db, plan: ExamPlan) => Promise<Partial<ExamPlan>>;
/** 进入某一步时的钩子 */
export type EnterStepHook = (tx: Db, plan: ExamPlan, now: Date) => Promise<unknown>;

const submitHooks: SubmitHook[] = [];
const enterHooks = new Map<number, EnterStepHook[]>();

export function onPlanSubmit(hook: SubmitHook): void {
  if (!submitHooks.includes(hook)) submitHooks.push(hook);
}

export function onPlanEnterStep(step: number, hook: EnterStepHook): void {
  const list = enterHooks.get(step) ?? [];
  if (!list.includes(hook)) list.push(hook);
  enterHooks.set(step, list);
}

export async function runSubmitHooks(tx: Db, plan: ExamPlan): Promise<Partial<ExamPlan>> {
  let out: Partial<ExamPlan> = {};
  for (const h of submitHooks) out = { ...out, ...(await h(tx, plan)) };
  return out;
}

export async function runEnterStepHooks(tx: Db, plan: ExamPlan, step: number, now: Date): Promise<void> {
  for (const h of enterHooks.get(step) ?? []) await h(tx, plan, now);
}

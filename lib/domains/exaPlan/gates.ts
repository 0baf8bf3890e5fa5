// 考试计划各步“进入下一步的条件”：planReady、leadTime 在本域（声明在 workflow.ts），其余由拥有数据的领域实现，
// 在它们的 plan-gates.ts 里经 registerPlanGate 登记到引擎（本域因此不引用考生、考场、考务、成绩、证书各域）。
// 每个条件只管离开某一步（transitions.ts 的 GATE_STEP）：计划不在那一步时不检查。
import { count, eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { beijingDate } from '@/lib/platform/time';
import { registerGate, type GateCheck } from '@/lib/platform/workflow';
import { filings } from '../filing/tables';
import { FILING_IN_FORCE, statusLabel as filingStatusLabel } from '../filing/transitions';
import { examPlanWorks, type ExamPlan } from './tables';
import { GATE_STEP, PLAN_KINDS, type GateKey, type PlanSubject } from './transitions';
import { filedWorks, uncoveredWork } from './filed';

/** 条件的实现：满足时 null，否则中文原因 */
export type PlanGate = (db: Db, plan: ExamPlan) => Promise<string | null>;

/** 只在计划处于条件所管的那一步时检查 */
export const atGateStep =
  (gate: GateKey, check: PlanGate): GateCheck<ExamPlan & PlanSubject> =>
  (db, plan) =>
    plan.step === GATE_STEP[gate] ? check(db, plan) : null;

/** 拥有数据的领域登记它实现的条件（在其 plan-gates.ts 里，lib/workflows.ts 引用） */
export function registerPlanGate(gate: Exclude<GateKey, 'planReady' | 'leadTime'>, check: PlanGate): void {
  registerGate('exaPlan', gate, atGateStep(gate, check));
}

/** 默认的提前天数：考试开始日期须在提交（及审核通过）之日起至少这么多天之后 */
export const DEFAULT_LEAD_DAYS = 7;

/** 提前天数：环境变量 EXAM_PLAN_LEAD_DAYS（0–365 的整数），未设置或不正确时为 7 */
export function leadDays(): number {
  const raw = process.env.EXAM_PLAN_LEAD_DAYS;
  const n = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= 365 ? n : DEFAULT_LEAD_DAYS;
}

/** 计划至少有一个工种，且每个工种与等级仍在计划所依据的有效备案内 */
export const planReady: PlanGate = async (db, plan) => {
  const [{ n }] = await db.select({ n: count() }).from(examPlanWorks).where(eq(examPlanWorks.planId, plan.id));
  if (n === 0) return '计划还没有工种与等级';
  const [filing] = await db.select({ status: filings.status }).from(filings).where(eq(filings.id, plan.filingId));
  if (!filing || !FILING_IN_FORCE.includes(filing.status)) return `计划依据的备案已不在有效状态（${filingStatusLabel(filing?.status ?? -1)}）`;
  const works = await db.select().from(examPlanWorks).where(eq(examPlanWorks.planId, plan.id));
  return uncoveredWork(works, await filedWorks(db, plan.filingId), PLAN_KINDS[plan.kind]);
};

/** 考试开始日期不在过去，且不早于今天（北京时间）加提前天数 */
export const leadTime: PlanGate = async (_db, plan) => {
  const now = new Date();
  const today = beijingDate(now);
  if (plan.examStartDate < today) return `考试开始日期（${plan.examStartDate}）已过，请修改考试日期`;
  const days = leadDays();
  const earliest = beijingDate(now, days);
  if (plan.examStartDate < earliest) return `考试开始日期须至少在 ${days} 天之后（不早于 ${earliest}）`;
  return null;
};

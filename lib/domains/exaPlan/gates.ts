// 各步“进入下一步的条件”（transitions.ts 的 STEP_GATES 登记名字）：null 为满足，否则为中文原因。
// planReady、leadTime 在本域；examineesReady、roomsReady 由考生域、考点考场域实现，签名相同。
import { count, eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { beijingDate } from '@/lib/platform/time';
import { examineesReady } from '../examinee/gates';
import { roomsReady } from '../examSite/gates';
import { affairsReady } from '../examAffairs/gates';
import { publicityEnded, scoresReady } from '../score/gates';
import { certificatesPrinted, certificatesReady, stateGridAccepted } from '../certificate/gates';
import { filings } from '../filing/tables';
import { FILING_IN_FORCE, statusLabel as filingStatusLabel } from '../filing/transitions';
import { examPlanWorks, type ExamPlan } from './tables';
import { PLAN_KINDS, STEP_GATES, type GateKey } from './transitions';
import { filedWorks, uncoveredWork } from './filed';

export type Gate = (db: Db, plan: ExamPlan) => Promise<string | null>;

/** 默认的提前天数：考试开始日期须在提交（及审核通过）之日起至少这么多天之后 */
export const DEFAULT_LEAD_DAYS = 7;

/** 提前天数：环境变量 EXAM_PLAN_LEAD_DAYS（0–365 的整数），未设置或不正确时为 7 */
export function leadDays(): number {
  const raw = process.env.EXAM_PLAN_LEAD_DAYS;
  const n = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= 365 ? n : DEFAULT_LEAD_DAYS;
}

/** 计划至少有一个工种，且每个工种与等级仍在计划所依据的有效备案内 */
export const planReady: Gate = async (db, plan) => {
  const [{ n }] = await db.select({ n: count() }).from(examPlanWorks).where(eq(examPlanWorks.planId, plan.id));
  if (n === 0) return '计划还没有工种与等级';
  const [filing] = await db.select({ status: filings.status }).from(filings).where(eq(filings.id, plan.filingId));
  if (!filing || !FILING_IN_FORCE.includes(filing.status)) return `计划依据的备案已不在有效状态（${filingStatusLabel(filing?.status ?? -1)}）`;
  const works = await db.select().from(examPlanWorks).where(eq(examPlanWorks.planId, plan.id));
  return uncoveredWork(works, await filedWorks(db, plan.filingId), PLAN_KINDS[plan.kind]);
};

/** 考试开始日期不在过去，且不早于今天（北京时间）加提前天数 */
export const leadTime: Gate = async (_db, plan) => {
  const now = new Date();
  const today = beijingDate(now);
  if (plan.examStartDate < today) return `考试开始日期（${plan.examStartDate}）已过，请修改考试日期`;
  const days = leadDays();
  const earliest = beijingDate(now, days);
  if (plan.examStartDate < earliest) return `考试开始日期须至少在 ${days} 天之后（不早于 ${earliest}）`;
  return null;
};

export const GATES: Record<GateKey, Gate> = {
  planReady,
  leadTime,
  examineesReady,
  roomsReady,
  affairsReady,
  scoresReady,
  publicityEnded,
  certificatesReady,
  stateGridAccepted,
  certificatesPrinted,
};

/** 离开某一步前未满足的条件（全部列出） */
export async function gateFailures(db: Db, plan: ExamPlan, step: number): Promise<string[]> {
  const reasons: string[] = [];
  for (const key of STEP_GATES[step] ?? []) {
    const reason = await GATES[key](db, plan);
    if (reason) reasons.push(reason);
  }
  return reasons;
}

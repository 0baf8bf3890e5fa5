// 首页分析、数据大屏与统计页的输入与答复形状。统计页的筛选：年度、地市、类别、工种、机构（都可不填）。
import { z } from 'zod';
import { blankToUndefined, int, optionalId, optionalText } from '@/lib/platform/validation/fields';

const optionalInt = (label: string, min: number, max: number) => z.preprocess(blankToUndefined, int(label, min, max).optional()).describe(label);

/** 年度：2000–2100，不填为今年（北京时间） */
export const yearField = optionalInt('年度', 2000, 2100);

export const TrendInput = z.object({ year: yearField });

/** 首页的审核列表只列最近的若干条（默认 10） */
export const ReviewListInput = z.object({ pageSize: optionalInt('条数', 1, 50) });

export const StatFilterInput = z.object({
  year: yearField,
  cityId: optionalId('地市'),
  kind: optionalInt('类别', 0, 3),
  workCode: optionalText('工种', 32),
  orgId: optionalId('机构'),
});
export type StatFilter = z.output<typeof StatFilterInput>;

/** SPEC §3 “Home data” 的全部字段；缺的值为 0 */
export interface HomePageData {
  openingPlanAmount: number;
  recordedBusinessAmount: number;
  assessorsAmount: number;
  skillLevelInstitutionsAmount: number;
  institutionsSpecialCapacityAmount: number;
  completedEvaluationsAmount: number;
  cumulativeEvaluationCertifiedAmount: number;
  supervisorsAmount: number;
  professionalQualificationAppraisalInstitutionAmount: number;
  organWorkExamination: number;
  enrollmentAmount: number;
  forensicsAmount: number;
  plannedBySevenDays: number;
  enrollmentAmountBySevenDays: number;
  forensicsAmountBySevenDays: number;
  /** 今天（北京时间 YYYY-MM-DD） */
  today: string;
  /** 近七天的第一天（含今天共七天） */
  sevenDay: string;
}

export interface MonthAmount {
  month: number;
  amount: number;
}

/** 趋势：四类计划各 12 个月的新建计划数 */
export interface TrendData {
  year: number;
  skillLevelAmounts: MonthAmount[];
  professionalQualificationAmounts: MonthAmount[];
  specialAbilityAmounts: MonthAmount[];
  organWorkExaminationAmounts: MonthAmount[];
}

export interface FilingReviewRow {
  id: number;
  orgName: string;
  /** 业务类型（备案类别） */
  fillingType: number;
  fillingTypeName: string;
  statusName: string;
  createTime: string;
  bizCode: string;
}

export interface PlanReviewRow {
  id: number;
  planName: string;
  planType: number;
  planTypeName: string;
  planStep: number;
  /** 流程节点：步骤 · 状态 */
  planStepName: string;
  orgName: string;
  createTime: string;
  bizCode: string;
}

/** 统计表：行与合计行（合计 = 各行之和，导出写同样的数） */
export interface StatTable<T> {
  list: T[];
  totals: T;
}

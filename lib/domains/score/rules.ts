// 成绩的规则：合格线与按等级的合格规则（唯一的一处，docs/SCORES.md 照此说明）、标记、公示期的工作日。
// 纯函数，不查库：服务、导入、种子与测试都用这里的函数。

import { SUBJECT, SUBJECT_LABEL } from '../examSite/constants';

/** 科目（= 场次的科目、计划的考试安排类型）：1 理论知识考试 2 操作技能考核 3 综合评审（答辩），见考点考场域 */
export { SUBJECT, SUBJECT_LABEL };
/** 成绩单与导入模板里的短名 */
export const SUBJECT_SHORT: Record<number, string> = { 1: '理论', 2: '实操', 3: '答辩' };

/** 标记：正常（有分数）、缺考、违纪（作弊）；后两者没有分数、该科不合格 */
export const MARK = { NORMAL: 0, ABSENT: 1, CHEATING: 2 } as const;
export const MARK_LABEL: Record<number, string> = { 0: '正常', 1: '缺考', 2: '违纪' };
/** 带分数的标记（只有“正常”）：表单据此启用分数框，缺考、违纪不填分数 */
export const MARK_HAS_SCORE: Record<number, boolean> = { 0: true, 1: false, 2: false };

/** 一科成绩的办理状态：已录入（暂存，可改）→ 已提交（只能更正，须填原因） */
export const SCORE_STATUS = { ENTERED: 0, SUBMITTED: 1 } as const;
export const SCORE_STATUS_LABEL: Record<number, string> = { 0: '已录入未提交', 1: '已提交' };
export const SCORE_STATUS_COLOR: Record<number, string> = { 0: 'warning', 1: 'success' };

/** 一名考生的结果 */
export const RESULT = { PENDING: 0, PASS: 1, FAIL: 2 } as const;
export const RESULT_LABEL: Record<number, string> = { 0: '待定', 1: '合格', 2: '不合格' };
export const RESULT_COLOR: Record<number, string> = { 0: 'default', 1: 'success', 2: 'error' };

/** 每个安排的科目的合格线（百分制） */
export const PASS_SCORE = 60;
/** 须通过综合评审（答辩）的等级：二级/技师、一级/高级技师 */
export const DEFENCE_LEVELS: readonly number[] = [2, 1];

export const MAX_SCORE = 100;

export interface SubjectScore {
  subject: number;
  score: number | null;
  mark: number;
  status: number;
}

export interface Judgement {
  result: number;
  reason: string | null;
}

/**
 * 合格规则（唯一的一处）：
 * 1. 计划安排的每个科目都有已提交的成绩，否则“待定”（未录入或未提交的科目）；
 * 2. 任一科目违纪 → 不合格；任一科目缺考 → 不合格；
 * 3. 二级、一级（DEFENCE_LEVELS）还须安排并通过综合评审（答辩）：计划没有安排答辩时这两级不合格；
 * 4. 每个安排的科目 ≥ PASS_SCORE（60 分）→ 合格，否则不合格（列出不及格的科目）。
 */
export function judge(level: number, subjects: readonly number[], scores: readonly SubjectScore[]): Judgement {
  const bySubject = new Map(scores.map((s) => [s.subject, s]));
  const missing = subjects.filter((s) => bySubject.get(s)?.status !== SCORE_STATUS.SUBMITTED);
  if (missing.length) return { result: RESULT.PENDING, reason: `${missing.map((s) => SUBJECT_SHORT[s]).join('、')}成绩未提交` };
  const submitted = subjects.map((s) => bySubject.get(s)!);
  const cheating = submitted.filter((s) => s.mark === MARK.CHEATING);
  if (cheating.length) return { result: RESULT.FAIL, reason: `${cheating.map((s) => SUBJECT_SHORT[s.subject]).join('、')}违纪` };
  const absent = submitted.filter((s) => s.mark === MARK.ABSENT);
  if (absent.length) return { result: RESULT.FAIL, reason: `${absent.map((s) => SUBJECT_SHORT[s.subject]).join('、')}缺考` };
  if (DEFENCE_LEVELS.includes(level) && !subjects.includes(SUBJECT.DEFENCE)) return { result: RESULT.FAIL, reason: '二级、一级须通过综合评审，本计划未安排' };
  const low = submitted.filter((s) => (s.score ?? 0) < PASS_SCORE);
  if (low.length) return { result: RESULT.FAIL, reason: `${low.map((s) => SUBJECT_SHORT[s.subject]).join('、')}不足 ${PASS_SCORE} 分` };
  return { result: RESULT.PASS, reason: null };
}

/** 成绩的文字：分数、或缺考/违纪 */
export function scoreText(s: { score: string | number | null; mark: number } | undefined): string {
  if (!s) return '';
  if (s.mark !== MARK.NORMAL) return MARK_LABEL[s.mark];
  return s.score === null ? '' : String(Number(s.score));
}

// ---------- 公示期：工作日 ----------

/** 默认的公示期：5 个工作日（周一至周五；法定节假日与调休不计，见 docs/SCORES.md） */
export const DEFAULT_PUBLICITY_DAYS = 5;

/** 公示期的工作日数：环境变量 SCORE_PUBLICITY_DAYS（1–30 的整数），未设置或不正确时为 5 */
export function publicityDays(): number {
  const raw = process.env.SCORE_PUBLICITY_DAYS;
  const n = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 30 ? n : DEFAULT_PUBLICITY_DAYS;
}

const DAY_MS = 24 * 3600 * 1000;
const BEIJING_MS = 8 * 3600 * 1000;

/**
 * 公示结束的时刻：从开始之日的次日起数 days 个工作日（周一至周五），到最后一个工作日的北京时间 24:00。
 * 例：周二上午开始、5 个工作日 → 周三至下周二，下周三 00:00（北京时间）结束。
 */
export function publicityEnd(start: Date, days: number): Date {
  // 北京时间的日期（以 UTC 的 0 点表示）
  let day = Math.floor((start.getTime() + BEIJING_MS) / DAY_MS) * DAY_MS;
  let left = days;
  while (left > 0) {
    day += DAY_MS;
    const weekday = new Date(day).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return new Date(day + DAY_MS - BEIJING_MS);
}

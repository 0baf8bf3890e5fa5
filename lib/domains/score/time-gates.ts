// 成绩的时间条件（议题 27 第 3 项），写在一处：录入与导入（service.ts、imports.ts）都按它拒绝，docs/SCORES.md“规则与出处”照此说明。
// 场次的时刻按北京时间：考试日期 + 开始 / 结束时间。考生在该科有几场时按最早开考、最晚结束的一场。
import type { GateDef } from '@/lib/platform/workflow';

export type ScoreGate = 'sessionStarted' | 'sessionEnded';

/** 条件的说明与出处（与状态机声明同一格式） */
export const SCORE_GATES: Readonly<Record<ScoreGate, GateDef<unknown>>> = {
  sessionStarted: {
    label: '录入（暂存）成绩：考生该科的场次已开考',
    source: '人社部《职业技能等级认定工作规程（试行）》与国家职业技能鉴定考务规程：评分在考试实施之后进行，考试之前不能产生成绩',
  },
  sessionEnded: {
    label: '提交成绩（含导入、缺考与违纪标记）：考生该科的场次已结束',
    source: '同上：考评员在考核结束后评定成绩并签字提交；缺考、违纪在考试结束时才能确定',
  },
};

export interface SessionTime {
  sessionName: string;
  examDate: string;
  startTime: string;
  endTime: string;
}

export const sessionStart = (s: Pick<SessionTime, 'examDate' | 'startTime'>): Date => new Date(`${s.examDate}T${s.startTime}:00+08:00`);
export const sessionEnd = (s: Pick<SessionTime, 'examDate' | 'endTime'>): Date => new Date(`${s.examDate}T${s.endTime}:00+08:00`);

/**
 * 一科成绩此刻能否录入 / 提交：不能时给出中文原因（说明何时可以）。没有座位的科目不在这里判断（录入权限另有拒绝）。
 */
export function scoreTimeRefusal(seats: readonly SessionTime[], submit: boolean, now = new Date()): string | null {
  if (!seats.length) return null;
  const first = seats.reduce((a, b) => (sessionStart(b) < sessionStart(a) ? b : a));
  const last = seats.reduce((a, b) => (sessionEnd(b) > sessionEnd(a) ? b : a));
  if (now < sessionStart(first)) return `场次「${first.sessionName}」${first.examDate} ${first.startTime} 开考，开考之前不能录入成绩`;
  if (submit && now < sessionEnd(last)) return `场次「${last.sessionName}」${last.examDate} ${last.endTime} 结束，考试结束后才能提交成绩（之前可以先暂存）`;
  return null;
}

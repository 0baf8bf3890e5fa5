// 题库与试卷的命名常量（前后端共用，不引用数据库）。
import { KIND_KEYS } from '../access/kind-keys';

/** 题库、试题、试卷的状态 */
export const BANK_STATUS = { ENABLED: 0, DISABLED: 1 } as const;
export const STATUS_LABEL: Record<number, string> = { [BANK_STATUS.ENABLED]: '启用', [BANK_STATUS.DISABLED]: '停用' };

/** 题型：键存库，顺序即试卷里大题的顺序 */
export const QUESTION_TYPES = ['single', 'multiple', 'judge', 'fill', 'short', 'task'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_TYPE_LABEL: Record<QuestionType, string> = {
  single: '单项选择题',
  multiple: '多项选择题',
  judge: '判断题',
  fill: '填空题',
  short: '简答题',
  task: '实操题',
};
/** 有选项的题型 */
export const CHOICE_TYPES: readonly QuestionType[] = ['single', 'multiple'];
/** 判断题的答案写法 */
export const JUDGE_ANSWERS = { TRUE: '正确', FALSE: '错误' } as const;

/** 难度 1 易 … 5 难 */
export const DIFFICULTIES = [1, 2, 3, 4, 5] as const;
export const DIFFICULTY_LABEL: Record<number, string> = { 1: '易', 2: '较易', 3: '中等', 4: '较难', 5: '难' };

/** 组卷方式 */
export const PAPER_MODE = { MANUAL: 1, RULES: 2 } as const;
export const PAPER_MODE_LABEL: Record<number, string> = { [PAPER_MODE.MANUAL]: '手工组卷', [PAPER_MODE.RULES]: '按规则组卷' };

/** 选项键：A B C … */
export const OPTION_KEYS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;

/** 题库类别 0–3 对应的菜单界面与名称（与 KIND_KEYS.questionBank 同序） */
export const BANK_KIND_LABEL: Record<number, string> = { 0: '技能等级认定', 1: '职业资格', 2: '专项能力', 3: '机关工勤' };

/** 某类题库的资源 key（bankSkill …），即权限标识 */
export const bankResource = (kind: number): string => KIND_KEYS.questionBank[kind] ?? KIND_KEYS.questionBank[0];

/** 一份试卷最多的题数 */
export const MAX_PAPER_QUESTIONS = 300;

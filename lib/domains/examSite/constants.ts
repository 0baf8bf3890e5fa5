// 考点考场的命名常量（前后端共用，不含 zod：界面代码从这里取，不带上 zod 与模式）。

/** 场次科目（与计划的考试安排类型 1、2、3 一一对应） */
export const SUBJECT = { KNOWLEDGE: 1, ON_SITE: 2, DEFENCE: 3 } as const;
export const SUBJECT_LABEL: Record<number, string> = { 1: '理论知识考试', 2: '操作技能考核', 3: '综合评审（答辩）' };
export const SUBJECTS = [SUBJECT.KNOWLEDGE, SUBJECT.ON_SITE, SUBJECT.DEFENCE] as readonly number[];

// 成绩的命名常量（前后端共用，不含 zod：界面代码从这里取，不带上 zod 与模式）。

/** 成绩公示的状态 */
export const PUBLICITY_STATUS = { WAITING: 0, RUNNING: 1, ENDED: 2 } as const;
export const PUBLICITY_STATUS_LABEL: Record<number, string> = { 0: '未开始', 1: '公示中', 2: '已结束' };
export const PUBLICITY_STATUS_COLOR: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success' };

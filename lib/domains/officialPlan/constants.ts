// 年度评价计划的命名常量（前后端共用，不含 zod：界面代码从这里取，不带上 zod 与模式）。

/** 状态：草稿可改可删，发布后不再改动（机构的考试计划按已发布的计划提示） */
export const OFFICIAL_STATUS = { DRAFT: 0, PUBLISHED: 1 } as const;
export const OFFICIAL_STATUS_LABEL: Record<number, string> = { 0: '草稿', 1: '已发布' };
export const OFFICIAL_STATUS_COLOR: Record<number, string> = { 0: 'default', 1: 'success' };

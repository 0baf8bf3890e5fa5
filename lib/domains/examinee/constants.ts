// 考生的命名常量（前后端共用，不含 zod：界面代码从这里取，不带上 zod 与模式）。
import { LEVEL_NAMES } from '@/lib/domains/catalog/constants';

/** 报考资格：0 符合 1 提示（可考，审核时看到原因）2 不符合（不能安排考场） */
export const QUALIFICATION = { QUALIFIED: 0, WARNING: 1, REFUSED: 2 } as const;
export const QUALIFICATION_LABEL: Record<number, string> = { 0: '符合', 1: '提示', 2: '不符合' };
export const QUALIFICATION_COLOR: Record<number, string> = { 0: 'success', 1: 'warning', 2: 'error' };

/** 考生导入：0 待确认（挡住第 2 → 3 步）1 已写入 2 已放弃 */
export const IMPORT_STATUS = { PENDING: 0, COMMITTED: 1, DISCARDED: 2 } as const;
export const IMPORT_STATUS_LABEL: Record<number, string> = { 0: '待确认', 1: '已写入', 2: '已放弃' };

export const EDUCATIONS = ['博士研究生', '硕士研究生', '大学本科', '大学专科', '中专/技校', '高中', '初中及以下'] as const;

export const levelOptions = Object.entries(LEVEL_NAMES).map(([value, label]) => ({ value: Number(value), label }));

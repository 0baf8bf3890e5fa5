// 培训班与学员的命名常量（前后端共用，不含 zod：界面代码从这里取，不带上 zod 与模式）。

export { EDUCATIONS } from '@/lib/domains/examinee/constants';

/** 学员的身份核验与培训资格：0 通过/符合 1 提示 2 不通过/不符合 */
export const CHECK = { OK: 0, WARNING: 1, REFUSED: 2 } as const;
export const ID_CHECK_LABEL: Record<number, string> = { 0: '通过', 1: '提示', 2: '不通过' };
export const QUALIFICATION_LABEL: Record<number, string> = { 0: '符合', 1: '提示', 2: '不符合' };
export const CHECK_COLOR: Record<number, string> = { 0: 'success', 1: 'warning', 2: 'error' };
/** 审核员对学员的审核 */
export const EXAMINE = { PENDING: 0, PASSED: 1, REJECTED: 2 } as const;
export const EXAMINE_LABEL: Record<number, string> = { 0: '待审核', 1: '通过', 2: '不通过' };
/** 结业情况 */
export const COMPLETION = { NONE: 0, COMPLETED: 1, NOT_COMPLETED: 2 } as const;
export const COMPLETION_LABEL: Record<number, string> = { 0: '未登记', 1: '结业', 2: '未结业' };
/** 学员导入 */
export const IMPORT_STATUS = { PENDING: 0, COMMITTED: 1, DISCARDED: 2 } as const;

/** 学员年龄：开班时未满 16 周岁不能参加培训，超过 60 周岁提示 */
export const MIN_AGE = 16;
export const WARN_AGE = 60;

/** 学习平台（线上课程从哪里学：本平台的课程资源库，或其中的精品课程） */
export const STUDY_PLATFORMS = [
  { value: 'library', label: '课程资源库' },
  { value: 'excellent', label: '精品课程' },
] as const;
export type CourseSource = (typeof STUDY_PLATFORMS)[number]['value'];

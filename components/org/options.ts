// 机构与部门界面共用的选项（与 lib/domains/org/schemas.ts 的取值一致）。
import type { FieldSpec, Option } from '@/components/list/types';
import { DEPT_AUDIT_STATUS, ORG_CATEGORIES, ORG_STATUS, ORG_TYPES } from '@/lib/domains/org/codes';

const toOptions = (record: Record<string | number, string>, numeric: boolean): Option[] =>
  Object.entries(record).map(([value, label]) => ({ label, value: numeric ? Number(value) : value }));

export const CATEGORY_OPTIONS = toOptions(ORG_CATEGORIES, false);
export const ORG_TYPE_OPTIONS = toOptions(ORG_TYPES, true);
export const ORG_STATUS_OPTIONS = toOptions(ORG_STATUS, true);
export const DEPT_AUDIT_OPTIONS = toOptions(DEPT_AUDIT_STATUS, true);

/** 机构下拉：管辖范围内的机构（按名称排序，最多 100 个） */
export const ORG_SELECT: Pick<FieldSpec, 'type' | 'optionsFrom'> = {
  type: 'select',
  optionsFrom: { path: '/sys/orgination/list', method: 'GET', query: { pageSize: 100 }, labelKey: 'name', valueKey: 'id' },
};

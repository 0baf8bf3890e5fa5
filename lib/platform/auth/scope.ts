// 数据范围：省级看全省，市级看本市，县级看本县，机构看本机构。范围只取自会话，从不取自请求。
import { eq, sql, type SQL, type Column } from 'drizzle-orm';
import { ApiError } from '@/lib/platform/api/errors';
import type { SessionUser } from './session';

/** 受范围约束的表提供这些列（有哪列给哪列）。 */
export interface ScopeColumns {
  cityId?: Column;
  countyId?: Column;
  orgId?: Column;
}

/** 数据范围：层级与所属区划、机构（会话用户即是；免登录的汇总页用一个全省的范围） */
export type DataScope = Pick<SessionUser, 'level' | 'areaId' | 'cityId' | 'orgId'>;

/** 列表、导出、修改的 where 条件；省级返回 undefined（不限）。缺少所需的列时按最严处理（看不到）。 */
export function scopeWhere(user: DataScope, cols: ScopeColumns): SQL | undefined {
  const none = eq(cols.cityId ?? cols.orgId ?? cols.countyId!, -1);
  switch (user.level) {
    case 'province':
      return undefined;
    case 'city':
      return cols.cityId && user.cityId !== null ? eq(cols.cityId, user.cityId) : none;
    case 'county':
      return cols.countyId && user.areaId !== null ? eq(cols.countyId, user.areaId) : none;
    case 'org':
      return cols.orgId && user.orgId !== null ? eq(cols.orgId, user.orgId) : none;
  }
}

/**
 * 与 scopeWhere 相同的条件与 SQL，但范围值是占位符（按形状预处理的语句用，见 lib/platform/db/prepared.ts）：
 * key 区分形状（拼进语句名），value 是执行时绑定到 placeholder 的值（省级与“看不到”时没有）。
 */
export function preparedScopeWhere(
  user: SessionUser,
  cols: ScopeColumns,
  placeholder = 'scope',
): { key: string; where: SQL | undefined; value?: number } {
  const bound = (col: Column | undefined, value: number | null, key: string) =>
    col && value !== null ? { key, where: eq(col, sql.placeholder(placeholder)), value } : { key: 'n', where: scopeWhere(user, cols) };
  switch (user.level) {
    case 'province':
      return { key: 'p', where: undefined };
    case 'city':
      return bound(cols.cityId, user.cityId, 'c');
    case 'county':
      return bound(cols.countyId, user.areaId, 'x');
    case 'org':
      return bound(cols.orgId, user.orgId, 'o');
  }
}

/** 一条记录的范围字段 */
export interface ScopedRecord {
  cityId?: number | null;
  countyId?: number | null;
  orgId?: number | null;
}

export function inScope(user: SessionUser, record: ScopedRecord): boolean {
  switch (user.level) {
    case 'province':
      return true;
    case 'city':
      return user.cityId !== null && record.cityId === user.cityId;
    case 'county':
      return user.areaId !== null && record.countyId === user.areaId;
    case 'org':
      return user.orgId !== null && record.orgId === user.orgId;
  }
}

/** 范围外的记录一律当作不存在（404），不透露其存在。 */
export function assertInScope<T extends ScopedRecord>(user: SessionUser, record: T | undefined, what = '记录'): T {
  if (!record || !inScope(user, record)) throw ApiError.notFound(`${what}不存在或不在您的管辖范围内`);
  return record;
}

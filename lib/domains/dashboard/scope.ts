// 统计的范围与时间：范围只取自会话（省级全省、市级本市、机构本机构，见 lib/platform/auth/scope.ts）；
// 日期一律按北京时间切分（“今天”、近七天、自然月、自然年）。
import { sql, type Column, type SQL } from 'drizzle-orm';
import { scopeWhere, type DataScope, type ScopeColumns } from '@/lib/platform/auth/scope';
import { beijingDate } from '@/lib/platform/time';

export const TZ = 'Asia/Shanghai';

/** 范围条件；省级为 sql`true`（便于直接拼进 where） */
export function scoped(user: DataScope, cols: ScopeColumns): SQL {
  return scopeWhere(user, cols) ?? sql`true`;
}

/** 北京时间某天 0 点的时刻 */
export const beijingMidnight = (day: string): Date => new Date(`${day}T00:00:00+08:00`);

/** 今天与近七天（含今天）的第一天 */
export function sevenDays(now = new Date()): { today: string; sevenDay: string; since: Date } {
  const sevenDay = beijingDate(now, -6);
  return { today: beijingDate(now), sevenDay, since: beijingMidnight(sevenDay) };
}

export const currentYear = (now = new Date()): number => Number(beijingDate(now).slice(0, 4));

/** 某年（北京时间）的 [起, 止) 时刻 */
export function yearRange(year: number): { from: Date; to: Date } {
  return { from: beijingMidnight(`${year}-01-01`), to: beijingMidnight(`${year + 1}-01-01`) };
}

/** 时间列落在某年（北京时间）内 */
export function inYear(col: Column, year: number | undefined): SQL {
  if (year === undefined) return sql`true`;
  const { from, to } = yearRange(year);
  return sql`${col} >= ${from.toISOString()}::timestamptz and ${col} < ${to.toISOString()}::timestamptz`;
}

/** 日期列（date）落在某年内 */
export function dateInYear(col: Column, year: number | undefined): SQL {
  if (year === undefined) return sql`true`;
  return sql`${col} >= ${`${year}-01-01`}::date and ${col} < ${`${year + 1}-01-01`}::date`;
}

/** 时间列的北京时间月份 1–12 */
export const beijingMonth = (col: Column): SQL<number> => sql<number>`extract(month from (${col} at time zone ${sql.raw(`'${TZ}'`)}))::int`;

/** count(*) filter (where …) 的数字 */
export const countWhere = (cond: SQL): SQL<number> => sql<number>`(count(*) filter (where ${cond}))::int`;
export const num = (v: unknown): number => Number(v ?? 0) || 0;

/** 时间列不早于某时刻 */
export const since = (col: Column, from: Date): SQL => sql`${col} >= ${from.toISOString()}::timestamptz`;

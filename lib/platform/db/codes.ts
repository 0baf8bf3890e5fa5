// 业务编号（前缀 + 年份 + 类别 + 按主键的序号，如 BA2026 1 000123）：先从表的主键序列取号，再一次插入带编号的行。
// 原先各领域先写临时编号、插入后再改写，这里一处给出。
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** 表的下一个主键（serial 的序列）；随后以它作 id 插入 */
export async function nextId(db: Db, table: PgTable): Promise<number> {
  const name = getTableName(table);
  const result = await db.execute(sql`select nextval(pg_get_serial_sequence(${name}, 'id'))::int as id`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { id: number }[];
  return Number(rows[0].id);
}

export interface CodeParts {
  prefix: string;
  /** 年份（四位）；不给则没有 */
  year?: number | string;
  /** 年份后的类别位（计划、备案的类型） */
  kind?: number | string;
  serial: number;
  /** 序号位数，默认 6 */
  width?: number;
}

/** 编号：前缀 + 年份 + 类别 + 补零的序号 */
export function businessCode({ prefix, year, kind, serial, width = 6 }: CodeParts): string {
  return `${prefix}${year ?? ''}${kind ?? ''}${String(serial).padStart(width, '0')}`;
}

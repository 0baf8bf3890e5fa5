// 演示数据里的机构随各领域的种子增多：数据范围的测试按数据库里真实的机构算期望，而不是写死家数。
import { and, asc, like, type SQL } from 'drizzle-orm';
import { organisations } from '@/lib/domains/org/tables';
import type { Db } from '@/lib/platform/db/client';

export type OrgRow = typeof organisations.$inferSelect;

/** 满足条件的机构编码（升序），条件为空即全部 */
export async function orgCodesWhere(db: Db, ...conditions: (SQL | undefined)[]): Promise<string[]> {
  const rows = await db.select({ code: organisations.code }).from(organisations).where(and(...conditions)).orderBy(asc(organisations.code));
  return rows.map((r) => r.code);
}

export const nameContains = (text: string) => like(organisations.name, `%${text}%`);

export { organisations };

// 原生 SQL 的行：PGlite 与 node-postgres 的答复形状不同（数组或 { rows }）。检查库里的原始值（如密文）时用。
import type { SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';

export const resultRows = <T>(res: unknown): T[] => (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];

export async function rawRows<T>(db: Db, query: SQL): Promise<T[]> {
  return resultRows<T>(await db.execute(query));
}

// 新增或修改一行的共用骨架：insert/update、改前改后进操作日志、唯一约束冲突（23505）转为一句中文提示。
// 各领域的 save* 服务只写自己的字段、检查与提示，不再各写一遍 try/catch 与 audit。
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ApiError } from '@/lib/platform/api/errors';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Db } from './client';

/** PostgreSQL 唯一约束冲突（驱动可能把原始错误包在 cause 里，沿 cause 找几层） */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** 执行 work；撞上唯一约束时改抛 duplicate（字符串即 409 + 该提示），其他错误原样抛出 */
export async function withUniqueMessage<T>(duplicate: string | (() => Error), work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    throw typeof duplicate === 'string' ? ApiError.conflict(duplicate) : duplicate();
  }
}

type TableWithId = PgTable & { id: PgColumn };

export interface SaveRowSpec<Row, Insert> {
  audit: Audit;
  /** 操作日志的实体名（表名） */
  entity: string;
  /** 操作日志的说明，如 `${isNew ? '新增' : '修改'}友情链接 ${row.name}` */
  detail(row: Row, isNew: boolean): string;
  /** 修改时记录不存在（或 checkBefore 认定不在范围内）的提示，如“友情链接不存在” */
  notFound: string;
  /** 唯一约束冲突的提示（409），或自带字段错误的异常 */
  duplicate: string | (() => Error);
  /** 修改时改写的字段（默认与新增相同） */
  updateValues?: Partial<Insert>;
  /** 修改前对改前的行做的检查（数据范围、不可修改的字段）；抛错则不写 */
  checkBefore?(before: Row): void | Promise<void>;
}

/** 新增（id 为空）或修改一行，返回写入后的行 */
export async function saveRow<T extends TableWithId>(
  db: Db,
  table: T,
  id: number | undefined,
  values: T['$inferInsert'],
  spec: SaveRowSpec<T['$inferSelect'], T['$inferInsert']>,
): Promise<T['$inferSelect']> {
  type Row = T['$inferSelect'];
  const t = table as TableWithId;
  const idOf = (row: Row) => (row as { id: number }).id;
  return withUniqueMessage(spec.duplicate, async () => {
    if (id === undefined) {
      const [row] = (await db.insert(t).values(values as never).returning()) as Row[];
      spec.audit({ entity: spec.entity, entityId: idOf(row), after: row, detail: spec.detail(row, true) });
      return row;
    }
    const [before] = (await db.select().from(t as PgTable).where(eq(t.id, id))) as Row[];
    if (!before) throw ApiError.notFound(spec.notFound);
    await spec.checkBefore?.(before);
    const [row] = (await db.update(t).set((spec.updateValues ?? values) as never).where(eq(t.id, id)).returning()) as Row[];
    spec.audit({ entity: spec.entity, entityId: id, before, after: row, detail: spec.detail(row, false) });
    return row;
  });
}

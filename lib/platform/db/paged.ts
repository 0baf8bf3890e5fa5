// 分页查询：本页的行与符合条件的总数两条查询并行执行。各领域的分页列表都用它，不再各写一遍 Promise.all。
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { selectRows } from './prepared';

/** 可再加 limit/offset 的查询（Drizzle 的 select 构造器，已带 where 与 orderBy） */
export interface PageableQuery<Row> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
}

/** 总数查询：`db.select({ total: count() }).from(…).where(…)`（与行查询相同的 from/join/where） */
export type TotalQuery = PromiseLike<{ total: number | string }[]>;

/**
 * 取一页：rows 加上本页的 limit/offset，与 total 并行执行；map 把本页的行转成列表项（可异步，如补名称）。
 * 总数统一转为 number（count() 在 PostgreSQL 驱动下可能是字符串）。
 */
export async function fetchPage<Row, Item = Row>(
  page: Page,
  rows: PageableQuery<Row>,
  total: TotalQuery,
  map?: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<PageResult<Item>> {
  const [list, [counted]] = await Promise.all([selectRows(rows.limit(page.pageSize).offset(page.offset)), total]);
  return { list: map ? await map(list) : (list as unknown as Item[]), total: Number(counted?.total ?? 0) };
}

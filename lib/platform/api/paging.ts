import { z } from 'zod';
import { MAX_INT32 } from '@/lib/platform/validation/fields';

export const DEFAULT_PAGE_SIZE = 10;
/** 普通列表每页上限；字典类一次性加载（SPEC §9：100000 / 99999）由端点声明更高上限。 */
export const MAX_PAGE_SIZE = 100;
export const DICTIONARY_PAGE_SIZE = 100000;

export interface Page {
  pageNo: number;
  pageSize: number;
  offset: number;
}

export interface PageResult<T> {
  list: T[];
  total: number;
}

/** 分页端点的 data：调度器补上 totalCount（同 total，SPEC §7 的名字）、pageNo、pageSize */
export interface PagedData<T> extends PageResult<T> {
  totalCount: number;
  pageNo: number;
  pageSize: number;
}

const positiveInt = (label: string) =>
  z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).min(1, `${label}必须大于 0`).max(MAX_INT32, `${label}过大`).optional();

/** 两种分页参数写法：pageNo/pageSize 与 page/limit。 */
export const PagingInput = z.object({
  pageNo: positiveInt('页码').describe('页码，从 1 开始'),
  pageSize: positiveInt('每页条数').describe('每页条数'),
  page: positiveInt('页码').describe('页码（pageNo 的别名）'),
  limit: positiveInt('每页条数').describe('每页条数（pageSize 的别名）'),
});

export function toPage(raw: z.infer<typeof PagingInput>, maxPageSize: number): Page {
  const pageNo = raw.pageNo ?? raw.page ?? 1;
  const pageSize = Math.min(raw.pageSize ?? raw.limit ?? DEFAULT_PAGE_SIZE, maxPageSize);
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}

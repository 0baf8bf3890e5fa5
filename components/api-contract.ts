// 类型化客户端的契约：由端点表（lib/api.ts 的 ApiTable）推出每个路径的请求与答复。只有类型，不进浏览器的包。
// 写错路径、请求体里的字段或读答复中不存在的字段，npm run typecheck 即报错（tests/unit/api-contract-types.test.ts）。
import type { ApiTable } from '@/lib/api';
import type { Contract } from '@/lib/platform/api/endpoint';
import type { FileResult } from '@/lib/platform/api/files';
import type { PagedData } from '@/lib/platform/api/paging';

/** 调度器给分页答复补上的字段（lib/platform/api/paging.ts 的 PagedData） */
type PagingEcho = Omit<PagedData<never>, 'list' | 'total'>;

type Key = keyof ApiTable & string;
export type ApiMethod = 'GET' | 'POST';

/** 某个方法的全部路径（'/comApi/getAreaByParent' 形式） */
export type PathOf<M extends ApiMethod> = Key extends infer K ? (K extends `${M} ${infer P}` ? P : never) : never;
export type GetPath = PathOf<'GET'>;
export type PostPath = PathOf<'POST'>;

type ContractAt<M extends ApiMethod, P extends string> = `${M} ${P}` extends Key
  ? ApiTable[`${M} ${P}`] extends { contract?: infer C }
    ? NonNullable<C>
    : never
  : never;

/** JSON 往返之后的形状：Date 成为 ISO 字符串，函数略去 */
export type Jsonify<T> = T extends Date
  ? string
  : T extends string | number | boolean | null | undefined
    ? T
    : T extends (...args: never[]) => unknown
      ? never
      : T extends readonly unknown[]
        ? { -readonly [K in keyof T]: Jsonify<T[K]> }
        : T extends object
          ? { [K in keyof T]: Jsonify<T[K]> }
          : T;

/** 分页端点另收的参数（两种写法） */
export interface PagingParams {
  pageNo?: number;
  pageSize?: number;
  page?: number;
  limit?: number;
}

type InputFrom<C> = C extends Contract<infer I, unknown, infer Paged> ? (Paged extends true ? I & PagingParams : I) : never;

type OutputFrom<C> =
  C extends Contract<unknown, infer R, infer Paged>
    ? Paged extends true
      ? Jsonify<Awaited<R>> & PagingEcho
      : Jsonify<Exclude<Awaited<R>, FileResult | Response>>
    : never;

/** 请求：GET 的查询串或 POST 的请求体 */
export type ApiInput<M extends ApiMethod, P extends string> = InputFrom<ContractAt<M, P>>;
/** 答复信封中的 data */
export type ApiOutput<M extends ApiMethod, P extends string> = OutputFrom<ContractAt<M, P>>;
/** 分页端点列表中的一行 */
export type ApiRow<M extends ApiMethod, P extends string> = ApiOutput<M, P> extends { list: (infer T)[] } ? T : never;

/** 分页的路径（列表界面的数据源只能是它们） */
export type PagedPath<M extends ApiMethod> =
  PathOf<M> extends infer P ? (P extends string ? (ContractAt<M, P> extends Contract<unknown, unknown, true> ? P : never) : never) : never;

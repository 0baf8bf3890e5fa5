// 按“形状”缓存的预处理语句：同一种筛选组合只拼一次 SQL，之后每个请求只绑定值。
// PostgreSQL 上按名称执行（每个连接只解析一次）；PGlite 忽略名称，照常执行。
// 生成的 SQL 与参数顺序和直接查询完全相同：值换成同名的 sql.placeholder，Drizzle 在同一位置输出 $n。
// 平铺的选择（每列一个键）由这里一次编好的映射把数组行变成对象：Drizzle 的通用映射每行每列都要判断一遍列的种类。
import { Column, SQL, is, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from './client';
import { isSealedColumn, openColumn, openColumnOff } from '@/lib/platform/crypto/columns';
import type { Page, PageResult } from '@/lib/platform/api/paging';

const preparedByDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * 每个数据库句柄一份的缓存：key 第一次出现时调用 build（通常以 `.prepare(key)` 结尾），之后直接返回。
 * key 必须唯一地决定 SQL 文本（PostgreSQL 上同名语句只能对应一条 SQL），并且取值有限（不要把值拼进 key）。
 */
export function preparedOnce<T>(db: Db, key: string, build: () => T): T {
  let byKey = preparedByDb.get(db);
  if (!byKey) preparedByDb.set(db, (byKey = new Map()));
  let query = byKey.get(key) as T | undefined;
  if (query === undefined) byKey.set(key, (query = build()));
  return query;
}

/** 预处理后的语句（Drizzle 的 `.prepare(name)` 的结果） */
interface Executable<R> {
  execute(params?: Record<string, unknown>): Promise<R>;
}

/** 把驱动的值转成字段的值（列、sql`` 与别名都有 mapFromDriverValue） */
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
/**
 * Drizzle 预处理语句（node-postgres 与 PGlite 的 PreparedQuery）上执行时读的字段：有 customResultMapper 时
 * 它代替逐行的 mapResultRow。这是 Drizzle 的内部字段，升级后若改了名，tests/api/platform/prepared-rows.test.ts 会失败。
 */
interface DrizzlePrepared {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  const expression = is(field, SQL) ? field : is(field, SQL.Aliased) ? field.sql : (field as { _: { sql: SQL } })._.sql; // 最后一种是子查询
  return (expression as unknown as { decoder: Decoder }).decoder;
}

const AS_IS: Decoder = { mapFromDriverValue: (value) => value };

/** 编好的行映射；sealedKeys 是留作密文、待整列解密的键（deferSealed 时） */
interface CompiledMapper {
  map: (rows: unknown[][]) => Record<string, unknown>[];
  sealedKeys: string[];
}

/**
 * 平铺选择的行映射（与 Drizzle 的 mapResultRow 结果相同：null 原样，其余经字段的 mapFromDriverValue）；
 * 有嵌套键（select 里的对象、联表的整表）时返回 null，仍由 Drizzle 映射。
 * 加密列先原样取出、逐行映射之后整列一起解密（见 openColumn）；deferSealed 时留给调用方（selectRows 交给工作线程）。
 */
function compile(fields: readonly { path: string[]; field: unknown }[], deferSealed: boolean): CompiledMapper | null {
  if (fields.some((f) => f.path.length !== 1)) return null;
  const keys = fields.map((f) => f.path[0]);
  const sealed = fields.flatMap((f, i) => (isSealedColumn(f.field) ? [i] : []));
  const decoders = fields.map((f, i) => (sealed.includes(i) ? AS_IS : decoderOf(f.field)));
  const width = keys.length;
  const sealedKeys = sealed.map((i) => keys[i]);
  return {
    sealedKeys: deferSealed ? sealedKeys : [],
    map: (rows) => {
      const out = new Array<Record<string, unknown>>(rows.length);
      for (let r = 0; r < rows.length; r++) {
        const row = rows[r];
        const item: Record<string, unknown> = {};
        for (let i = 0; i < width; i++) {
          const value = row[i];
          item[keys[i]] = value === null ? null : decoders[i].mapFromDriverValue(value);
        }
        out[r] = item;
      }
      if (!deferSealed) for (const key of sealedKeys) putColumn(out, key, openColumn(out.map((row) => row[key])));
      return out;
    },
  };
}

function putColumn(rows: Record<string, unknown>[], key: string, values: unknown[]) {
  for (let r = 0; r < rows.length; r++) rows[r][key] = values[r];
}

/** 平铺选择的行映射（加密列就地解密）；有嵌套键时为 null */
export const compileRowMapper = (fields: readonly { path: string[]; field: unknown }[]) => compile(fields, false)?.map ?? null;

/** `.prepare(name)` 之后装上编好的行映射（平铺选择时） */
export function withRowMapper<T>(prepared: T): T {
  const inner = prepared as DrizzlePrepared;
  if (inner.fields && !inner.customResultMapper) {
    const mapper = compileRowMapper(inner.fields);
    if (mapper) inner.customResultMapper = mapper;
  }
  return prepared;
}

/** Drizzle 的 select 构造器执行时先建一条（不具名的）预处理语句（内部方法 _prepare，它的 execute 也是这样做的） */
interface DrizzleSelect<Row> {
  _prepare(): { execute(): Promise<Row[]> };
}

/**
 * 执行一条 select（分页的一页、导出的一批）：换用编好的行映射（每次只判断一次各列的种类，而不是每行每列），
 * 加密列整列解密，大批时在工作线程里（导出时与主线程写上一批并行）。不是 Drizzle 的 select 构造器时照常等待。
 */
export async function selectRows<Row>(query: PromiseLike<Row[]>): Promise<Row[]> {
  const select = query as unknown as Partial<DrizzleSelect<Row>>;
  if (typeof select._prepare !== 'function') return query;
  const prepared = select._prepare();
  const inner = prepared as unknown as DrizzlePrepared;
  const compiled = inner.fields && !inner.customResultMapper ? compile(inner.fields, true) : null;
  if (!compiled) return prepared.execute();
  inner.customResultMapper = compiled.map;
  const rows = (await prepared.execute()) as unknown as Record<string, unknown>[];
  await Promise.all(compiled.sealedKeys.map(async (key) => putColumn(rows, key, await openColumnOff(rows.map((row) => row[key])))));
  return rows as unknown as Row[];
}

interface Preparable<R> {
  prepare(name: string): Executable<R>;
}
/** 可再加 limit/offset 的行查询（Drizzle 的 select 构造器，已带 where 与 orderBy） */
export interface PreparablePageQuery<Row> {
  limit(limit: Placeholder): Preparable<Row[]> & { offset(offset: Placeholder): Preparable<Row[]> };
}

/** 一种形状的两条查询：本页的行（不带 limit/offset）与总数；值用 sql.placeholder(名称) */
export interface PageQueries<Row> {
  rows: PreparablePageQuery<Row>;
  total: Preparable<{ total: number | string }[]>;
}

/** 占位符 limit/offset 的名称（调用方的参数不要用这两个名字） */
const LIMIT = 'limit';
const OFFSET = 'offset';

/**
 * 与 fetchPage 相同的一页（行与总数并行），但两条查询按形状预处理：
 * name 是这种形状的语句名前缀（如 `account_list_0101`），build 每次调用都返回一组新的构造器（构造器会被 limit/offset 改动）。
 * 与直接查询一样，offset 为 0 时不带 offset 子句（第 1 页与其余页是两条语句）。
 */
export async function fetchPreparedPage<Row, Item = Row>(
  db: Db,
  name: string,
  build: () => PageQueries<Row>,
  params: Record<string, unknown>,
  page: Page,
  map?: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<PageResult<Item>> {
  const withOffset = page.offset > 0;
  const rowsName = `${name}_rows${withOffset ? '_offset' : ''}`;
  const rows = preparedOnce(db, rowsName, () => {
    const q = build().rows.limit(sql.placeholder(LIMIT));
    return withRowMapper((withOffset ? q.offset(sql.placeholder(OFFSET)) : q).prepare(rowsName));
  });
  const totalName = `${name}_total`;
  const total = preparedOnce(db, totalName, () => build().total.prepare(totalName));
  const [list, [counted]] = await Promise.all([
    rows.execute({ ...params, [LIMIT]: page.pageSize, [OFFSET]: page.offset }),
    total.execute(params),
  ]);
  return { list: map ? await map(list) : (list as unknown as Item[]), total: Number(counted?.total ?? 0) };
}

// 基准用例：每个热点接口一条。新的热点接口在此追加一条即可，run.ts 与 floor.ts 不用改。
//
// 每条用例有两侧：
//   app   —— 生产构建（next start）上的真实接口，经调度器、zod 校验、Drizzle 查询、信封；
//   floor —— 基线：裸 node:http 服务，同样大小的 pg 连接池执行与服务层**完全相同**的 SQL，
//            并把结果序列化为与接口**完全相同**的 JSON。运行前会逐字段比对两侧的响应体。
// SQL 文本取自 Drizzle 为服务层生成的语句（可用 `db.select(...).toSQL()` 查看）。
import type { Db } from '../lib/platform/db/client';

export type Row = Record<string, unknown>;

export interface FloorQuery {
  sql: string;
  params: unknown[];
}

/** 基线：一条查询，或多条并行查询（与服务层的 Promise.all 对应）。 */
export type Floor =
  | (FloorQuery & { queries?: never; shape(rows: Row[]): unknown })
  | { queries: FloorQuery[]; sql?: never; shape(results: Row[][]): unknown };

export interface BenchCase {
  /** 用例名，也是 `--case` 的取值与基线服务上的路径 `/<name>` */
  name: string;
  method: 'GET' | 'POST';
  /** 应用上的路径（含查询串） */
  appPath: string;
  /** POST 的 JSON 请求体；基线服务同样读取并解析它 */
  body?: unknown;
  floor: Floor;
  /** 额外的数据准备（演示数据之外，如大批量数据）；在迁移与 seed 之后、启动服务之前执行 */
  seed?: (db: Db) => Promise<void>;
}

/** 与调度器相同的成功信封。 */
export function ok(data: unknown) {
  return { returnCode: 200, returnMsg: 'success', data };
}

/** 与 lib/domains/area/service.ts 的 toItem 相同的字段与顺序。 */
function areaItem(row: Row) {
  const id = row.id as number;
  const level = row.level as number;
  return { id, pid: row.pid as number, name: row.name as string, BIZ_CODE: String(id), level, isLeaf: level >= 3 };
}

const AREA_COLUMNS = 'select "id", "pid", "name", "level" from "area"';
const AREA_ORDER = 'order by "area"."sort" asc, "area"."id" asc';

export const cases: BenchCase[] = [
  {
    name: 'getAreaByParent',
    method: 'GET',
    appPath: '/api/comApi/getAreaByParent?pid=130000',
    floor: {
      sql: `${AREA_COLUMNS} where "area"."pid" = $1 ${AREA_ORDER}`,
      params: [130000],
      shape: (rows) => ok(rows.map(areaItem)),
    },
  },
  {
    name: 'getAllAreaByPage',
    method: 'POST',
    appPath: '/api/comApi/getAllAreaByPage',
    body: { name: '区', pageNo: 1, pageSize: 10 },
    floor: {
      // pageAreas：列表与计数并行；offset 为 0 时 Drizzle 不生成 offset 子句。
      queries: [
        { sql: `${AREA_COLUMNS} where "area"."name" ilike $1 ${AREA_ORDER} limit $2`, params: ['%区%', 10] },
        { sql: 'select count(*) from "area" where "area"."name" ilike $1', params: ['%区%'] },
      ],
      shape: ([rows, [countRow]]) =>
        ok({ list: rows.map(areaItem), total: Number(countRow.count), pageNo: 1, pageSize: 10 }),
    },
  },
];

// 行政区划：按上级查询、整树、分页与全量列表；区划值校验。
import { and, asc, count, eq, ilike, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Page } from '@/lib/platform/api/paging';
import { ApiError } from '@/lib/platform/api/errors';
import areaData from '@/db/seed/data/areas-hebei.json';
import { areas, type Area } from './tables';
import { ROOT_AREA_ID, type AreaItem, type AreaTreeNode } from './schemas';
import { containsPattern } from '@/lib/platform/db/like';

const columns = { id: areas.id, pid: areas.pid, name: areas.name, level: areas.level };
type AreaRow = Pick<Area, 'id' | 'pid' | 'name' | 'level'>;

function toItem(row: AreaRow): AreaItem {
  return { id: row.id, pid: row.pid, name: row.name, BIZ_CODE: String(row.id), level: row.level, isLeaf: row.level >= 3 };
}

const order = [asc(areas.sort), asc(areas.id)];

/**
 * 热点查询预先构建为预处理语句（每个数据库句柄一份）：省去每次请求重新拼 SQL，
 * PostgreSQL 上按名称执行，每个连接只解析一次；PGlite 忽略名称，照常执行。
 * 生成的 SQL 与参数和直接查询完全相同（bench/cases.ts 的基线依赖这一点）。
 */
const preparedByDb = new WeakMap<Db, Map<string, unknown>>();
function prepared<T>(db: Db, key: string, build: () => T): T {
  let byKey = preparedByDb.get(db);
  if (!byKey) preparedByDb.set(db, (byKey = new Map()));
  let query = byKey.get(key) as T | undefined;
  if (query === undefined) byKey.set(key, (query = build()));
  return query;
}

const byParentQuery = (db: Db) =>
  prepared(db, 'area_by_parent', () =>
    db.select(columns).from(areas).where(eq(areas.pid, sql.placeholder('pid'))).orderBy(...order).prepare('area_by_parent'),
  );

export async function listAreasByParent(db: Db, pid: number): Promise<AreaItem[]> {
  const rows = await byParentQuery(db).execute({ pid });
  return rows.map(toItem);
}

/** 以 pid 为根的子树（含根），至 maxLevel 层。 */
export async function areaTree(db: Db, pid: number, maxLevel: number): Promise<AreaTreeNode[]> {
  const rows = await db.select(columns).from(areas).where(lte(areas.level, maxLevel)).orderBy(...order);
  const byParent = new Map<number, AreaTreeNode[]>();
  let root: AreaTreeNode | undefined;
  for (const row of rows) {
    const node: AreaTreeNode = toItem(row);
    if (row.id === pid) root = node;
    const siblings = byParent.get(row.pid);
    if (siblings) siblings.push(node);
    else byParent.set(row.pid, [node]);
  }
  if (!root) throw ApiError.notFound('区划不存在');
  const attach = (node: AreaTreeNode): AreaTreeNode => {
    const children = byParent.get(node.id);
    if (children) node.children = children.map(attach);
    return node;
  };
  return [attach(root)];
}

export async function pageAreas(
  db: Db,
  filter: { name?: string; pid?: number; level?: number },
  page: Page,
): Promise<{ list: AreaItem[]; total: number }> {
  const hasName = !!filter.name;
  const hasPid = filter.pid !== undefined;
  const hasLevel = filter.level !== undefined;
  // 每种筛选组合各一条语句；与直接查询一样，offset 为 0 时不带 offset 子句。
  const variant = `${+hasName}${+hasPid}${+hasLevel}`;
  const withOffset = page.offset > 0;
  const where = () =>
    and(
      hasName ? ilike(areas.name, sql.placeholder('name')) : undefined,
      hasPid ? eq(areas.pid, sql.placeholder('pid')) : undefined,
      hasLevel ? eq(areas.level, sql.placeholder('level')) : undefined,
    );
  const listName = `area_page_${variant}${withOffset ? '_offset' : ''}`;
  const listQuery = prepared(db, listName, () => {
    const q = db.select(columns).from(areas).where(where()).orderBy(...order).limit(sql.placeholder('limit'));
    return (withOffset ? q.offset(sql.placeholder('offset')) : q).prepare(listName);
  });
  const countName = `area_count_${variant}`;
  const countQuery = prepared(db, countName, () => db.select({ total: count() }).from(areas).where(where()).prepare(countName));
  const params = {
    name: hasName ? containsPattern(filter.name!) : undefined,
    pid: filter.pid,
    level: filter.level,
    limit: page.pageSize,
    offset: page.offset,
  };
  const [rows, [{ total }]] = await Promise.all([listQuery.execute(params), countQuery.execute(params)]);
  return { list: rows.map(toItem), total };
}

export async function listEveryArea(db: Db, level?: number): Promise<AreaItem[]> {
  const rows = await db
    .select(columns)
    .from(areas)
    .where(level === undefined ? undefined : eq(areas.level, level))
    .orderBy(...order);
  return rows.map(toItem);
}

/** 校验 [省, 市|null, 县区|null] 确为上下级链，返回最末一级的区划代码。 */
export async function resolveRegion(db: Db, region: readonly [number, number | null, number | null]): Promise<number> {
  const [province, city, county] = region;
  if (county !== null && city === null) throw ApiError.badRequest('请选择行政区划：选县区前请先选市', { region: '请选择行政区划' });
  const ids = [province, city, county].filter((v): v is number => v !== null);
  const rows = await db.select(columns).from(areas).where(inArray(areas.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chainOk =
    byId.get(province)?.level === 1 &&
    (city === null || byId.get(city)?.pid === province) &&
    (county === null || (city !== null && byId.get(county)?.pid === city));
  if (!chainOk) throw ApiError.badRequest('行政区划不正确', { region: '行政区划不正确' });
  return ids[ids.length - 1];
}

/** 写入河北省区划（已存在的跳过），返回总条数。 */
export async function seedAreas(db: Db): Promise<number> {
  const rows = (areaData.rows as [number, number, string, number][]).map(([id, pid, name, level], i) => ({
    id,
    pid,
    name,
    level,
    sort: i,
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(areas).values(rows.slice(i, i + 500)).onConflictDoNothing();
  }
  return rows.length;
}

export { ROOT_AREA_ID };

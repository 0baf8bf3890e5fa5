// 换钥与补加密：把不是用当前密钥加密的值（旧钥的密文，或加密功能之前写入的明文）分批解开再用当前密钥加密，
// 同时补写盲索引；--reindex 时按当前 DATA_INDEX_KEY 重建全部盲索引。每批一条 UPDATE … FROM (VALUES …)，
// 条件带上原值：并发改过的行留给下一轮，不会被旧值覆盖。
import { getTableConfig } from 'drizzle-orm/pg-core';
import { is, sql, Table, type SQL } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/platform/db/client';
import { keyRing } from './keys';
import { blindIndex, open, seal } from './sealed';
import { sealedColumnsOf, type SealedColumnInfo } from './columns';

export const ROTATE_BATCH = 500;

export interface RotateOptions {
  /** 只处理明文（未加密）的值：启动时补加密用 */
  legacyOnly?: boolean;
  /** 重建全部盲索引（换 DATA_INDEX_KEY 之后） */
  reindex?: boolean;
  batch?: number;
  onProgress?: (info: { table: string; column: string; done: number }) => void;
}

export interface RotateReport {
  table: string;
  column: string;
  rows: number;
}

function primaryKeyOf(table: PgTable): string {
  const cfg = getTableConfig(table);
  const pk = cfg.columns.find((c) => c.primary);
  if (!pk) throw new Error(`表 ${cfg.name} 没有单列主键，无法轮换其加密列`);
  return pk.name;
}

async function rotateColumn(db: Db, info: SealedColumnInfo, opts: RotateOptions): Promise<number> {
  const table = info.table as PgTable;
  const tableName = getTableConfig(table).name;
  const pk = sql.identifier(primaryKeyOf(table));
  const col = sql.identifier(info.column);
  const idx = info.config.index ? sql.identifier(info.config.index) : null;
  const activePrefix = `s1.${keyRing().active.kid}.%`;
  const stale: SQL = opts.reindex
    ? sql`true`
    : opts.legacyOnly
      ? sql`${col} not like 's1.%'`
      : sql`(${col} not like ${activePrefix}${idx ? sql` or ${idx} is null` : sql``})`;
  let done = 0;
  let after: number | string | null = null;
  for (;;) {
    const result: unknown = await db.execute(
      sql`select ${pk} as id, ${col} as v from ${table} where ${col} is not null and ${stale}${after === null ? sql`` : sql` and ${pk} > ${after}`} order by ${pk} limit ${opts.batch ?? ROTATE_BATCH}`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { id: number | string; v: string }[];
    if (rows.length === 0) break;
    const values = rows.map((r) => {
      const plain = open(r.v);
      const next = opts.reindex && !opts.legacyOnly && r.v.startsWith(`s1.${keyRing().active.kid}.`) ? r.v : seal(plain);
      return idx ? sql`(${r.id}, ${r.v}, ${next}, ${blindIndex(info.config.kind, plain)})` : sql`(${r.id}, ${r.v}, ${next})`;
    });
    const cast = sql.raw(typeof rows[0].id === 'number' ? 'int' : 'text');
    await db.execute(
      idx
        ? sql`update ${table} as t set ${col} = v.next, ${idx} = v.bidx from (values ${sql.join(values, sql`, `)}) as v(id, old, next, bidx) where t.${pk} = v.id::${cast} and t.${col} = v.old`
        : sql`update ${table} as t set ${col} = v.next from (values ${sql.join(values, sql`, `)}) as v(id, old, next) where t.${pk} = v.id::${cast} and t.${col} = v.old`,
    );
    done += rows.length;
    after = rows[rows.length - 1].id;
    opts.onProgress?.({ table: tableName, column: info.column, done });
  }
  return done;
}

/** 对给定表里的全部加密列执行轮换（或只补加密明文）；返回每列处理的行数 */
export async function rotateSealedColumns(db: Db, tables: readonly unknown[], opts: RotateOptions = {}): Promise<RotateReport[]> {
  const pgTables = tables.filter((t): t is PgTable => is(t, Table) && is(t, PgTable));
  const report: RotateReport[] = [];
  for (const info of sealedColumnsOf(pgTables)) {
    const rows = await rotateColumn(db, info, opts);
    report.push({ table: getTableConfig(info.table as PgTable).name, column: info.column, rows });
  }
  return report;
}

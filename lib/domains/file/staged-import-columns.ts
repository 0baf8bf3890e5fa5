// 分步导入（staged-import.ts）的导入表共有的列与状态检查。单独成文件、只用相对路径与 drizzle：
// 各领域的 tables.ts 经 lib/schema.ts 交给 drizzle-kit，它不解析 '@/…' 别名，也不该载入上传服务。
import { sql } from 'drizzle-orm';
import { check, integer, smallint, timestamp, varchar, type PgColumn } from 'drizzle-orm/pg-core';

/** 导入行的状态（各导入表的 status 列与检查约束同此） */
export const STAGED_IMPORT_STATUS = { PENDING: 0, COMMITTED: 1, DISCARDED: 2 } as const;

const FILE_NAME_MAX = 200;
const FILE_URL_MAX = 300;

const baseColumns = () => ({
  orgId: integer('org_id').notNull(),
  cityId: integer('city_id'),
  fileName: varchar('file_name', { length: FILE_NAME_MAX }).notNull(),
  fileUrl: varchar('file_url', { length: FILE_URL_MAX }).notNull(),
  status: smallint('status').notNull().default(STAGED_IMPORT_STATUS.PENDING),
  total: integer('total').notNull().default(0),
});

const tailColumns = () => ({
  warningCount: integer('warning_count').notNull().default(0),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
});

/**
 * 导入表共有的记账列（机构、市、文件、状态、行数、提示数、创建与了结时间），放在主键与归属列（planId、classId）之后。
 * withErrorCount：另记确认失败时的错误数（error_count 列，位于 total 与 warning_count 之间）。
 */
export function stagedImportColumns(): ReturnType<typeof baseColumns> & ReturnType<typeof tailColumns>;
export function stagedImportColumns(opts: { withErrorCount: true }): ReturnType<typeof baseColumns> & { errorCount: ReturnType<typeof errorCountColumn> } & ReturnType<typeof tailColumns>;
export function stagedImportColumns(opts?: { withErrorCount?: boolean }) {
  return { ...baseColumns(), ...(opts?.withErrorCount ? { errorCount: errorCountColumn() } : {}), ...tailColumns() };
}

function errorCountColumn() {
  return integer('error_count').notNull().default(0);
}

/** status 只取 STAGED_IMPORT_STATUS 的值：检查约束名为 <表名>_status_chk */
export function stagedImportStatusCheck(tableName: string, status: PgColumn) {
  const values = sql.raw(Object.values(STAGED_IMPORT_STATUS).join(', '));
  return check(`${tableName}_status_chk`, sql`${status} in (${values})`);
}

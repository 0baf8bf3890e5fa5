// 加密列的启动补加密与换钥命令共用：表来自 lib/schema.ts（全部领域的表），机制在 lib/platform/crypto/rotate.ts。
import * as schema from '@/lib/schema';
import type { Db, OpenedDb } from '@/lib/platform/db/client';
import { rotateSealedColumns, type RotateOptions, type RotateReport } from '@/lib/platform/crypto/rotate';

const allTables = Object.values(schema);

/** 换钥（npm run data:rotate）：把不是当前密钥加密的值改用当前密钥，补写盲索引；reindex 时重建全部盲索引 */
export const rotateAll = (db: Db, opts: RotateOptions = {}): Promise<RotateReport[]> => rotateSealedColumns(db, allTables, opts);

/**
 * 启动时（迁移之后）：把加密功能上线之前写入的明文加密并补写盲索引。已全部加密时每列只是一次扫描。
 * 多个实例同时执行也安全：每批更新以原值为条件。
 */
export async function sealLegacyData(opened: OpenedDb): Promise<void> {
  const report = await rotateSealedColumns(opened.db, allTables, { legacyOnly: true });
  const rows = report.reduce((n, r) => n + r.rows, 0);
  if (rows) console.log(`[crypto] 已加密 ${rows} 个旧的明文值：${report.filter((r) => r.rows).map((r) => `${r.table}.${r.column} ${r.rows}`).join('，')}`);
}

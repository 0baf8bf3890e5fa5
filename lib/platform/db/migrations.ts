// 迁移状态：库里已执行的迁移（drizzle.__drizzle_migrations）与本版本带的迁移（db/migrations/meta/_journal.json）比对。
// drizzle 的迁移器执行“时间戳晚于库里最后一条”的迁移，故以时间戳比较：晚于库里最新一条的即待执行。
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Db } from './client';

interface JournalEntry {
  tag: string;
  when: number;
}

export interface MigrationStatus {
  /** 本版本带的迁移数 */
  shipped: number;
  /** 库里已执行的迁移数 */
  applied: number;
  /** 本版本最新的迁移 */
  latestShipped: string | null;
  /** 本版本带的、库里还没有执行的迁移（应为空：启动时自动迁移） */
  pending: string[];
  /** 库里有比本版本更新的迁移（滚动升级时较旧的实例会看到）；不影响运行 */
  databaseAhead: boolean;
  /** 没有待执行的迁移 */
  current: boolean;
}

// 本版本带的迁移在进程运行期间不变：读一次
let shippedCache: JournalEntry[] | undefined;
function shippedMigrations(): JournalEntry[] {
  if (!shippedCache) {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
    shippedCache = journal.entries.map((e) => ({ tag: e.tag, when: Number(e.when) }));
  }
  return shippedCache;
}

export async function migrationStatus(db: Db): Promise<MigrationStatus> {
  const shipped = shippedMigrations();
  let applied: number[] = [];
  try {
    const result = await db.execute(sql`select created_at from drizzle.__drizzle_migrations`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { created_at: string | number }[];
    applied = rows.map((r) => Number(r.created_at));
  } catch (err) {
    // 迁移表还不存在（42P01 表不存在、3F000 模式不存在）：一条都没执行过
    const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code !== '42P01' && code !== '3F000') throw err;
  }
  const latestApplied = applied.length ? Math.max(...applied) : -Infinity;
  const pending = shipped.filter((m) => m.when > latestApplied).map((m) => m.tag);
  const latestShippedWhen = shipped.length ? Math.max(...shipped.map((m) => m.when)) : -Infinity;
  return {
    shipped: shipped.length,
    applied: applied.length,
    latestShipped: shipped.at(-1)?.tag ?? null,
    pending,
    databaseAhead: latestApplied > latestShippedWhen,
    current: pending.length === 0,
  };
}

// 防篡改的日志链：每行存上一行的哈希（prev_hash）与 SM3(上一行哈希 ‖ 表名 ‖ 本行内容的规范 JSON)（hash）。
// 改动、删除或插入任何一行，自它起的链就对不上；npm run audit:verify 与每日的校验任务据此指出第一处断裂。
// 追加在事务里以每表一个的咨询锁串行化（多实例同样成立）：锁内取下一个 id 与最后一行的哈希，再插入。
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** 第一行的“上一行哈希” */
export const CHAIN_GENESIS = '0'.repeat(64);

/** 键按字典序、日期为 ISO 串、跳过 undefined 的 JSON：jsonb 读回时键序会变，哈希不能依赖它 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** 与写入库后读回的一致：jsonb 列的值先经一次 JSON 往返（去掉 undefined、Date 变串等） */
export const asStored = <T>(value: T): T => (value === undefined ? (null as T) : (JSON.parse(JSON.stringify(value ?? null)) as T));

export function chainHash(prevHash: string, table: string, content: Record<string, unknown>): string {
  return createHash('sm3').update(`${prevHash}\n${table}\n${canonicalJson(content)}`).digest('hex');
}

/** 一张链式日志表：表名、归档表名（归档后链从归档表的最后一行接上） */
export interface ChainTable {
  name: string;
  archive: string;
}

export interface ChainSlot {
  id: number;
  prevHash: string;
  createdAt: Date;
}

const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];

/**
 * 在 tx（须是事务）里取得追加位置：先拿该表的咨询锁（到事务结束释放），再一次查询取下一个 id 与最后一个哈希
 * （在线表没有已入链的行时取归档表的，都没有时为创世值）。调用方随后以这个 id、prevHash 与 createdAt 插入。
 */
export async function chainSlot(tx: Db, table: ChainTable): Promise<ChainSlot> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`audit-chain:${table.name}`}))`);
  const live = sql.identifier(table.name);
  const archive = sql.identifier(table.archive);
  const result = await tx.execute(sql`select nextval(pg_get_serial_sequence(${table.name}, 'id'))::bigint as id,
    coalesce((select hash from ${live} where hash is not null order by id desc limit 1),
             (select hash from ${archive} where hash is not null order by id desc limit 1)) as prev`);
  const [row] = rowsOf(result);
  // 毫秒精度：timestamptz 存得下，读回的 Date 与哈希时的一致
  return { id: Number(row.id), prevHash: (row.prev as string | null) ?? CHAIN_GENESIS, createdAt: new Date() };
}

/** 在（必要时新开的）事务里取位置并插入；db 已是事务时成为保存点，锁持有到外层事务结束 */
export function appendChained<R>(db: Db, table: ChainTable, insert: (tx: Db, slot: ChainSlot) => Promise<R>): Promise<R> {
  return db.transaction(async (tx) => insert(tx, await chainSlot(tx, table)));
}

export interface ChainRow {
  id: number;
  prevHash: string | null;
  hash: string | null;
  content: Record<string, unknown>;
}

export interface ChainCheck {
  /** 已核对的入链行数 */
  checked: number;
  /** 链开始之前的旧行（未入链） */
  unchained: number;
  /** 第一处断裂：行 id 与原因 */
  broken: { id: number; reason: string } | null;
  /** 最后一个核对通过的行 */
  last: { id: number; hash: string } | null;
}

/** 按 id 升序逐批核对；遇到第一处断裂即停 */
export async function verifyChainRows(table: string, batches: AsyncIterable<ChainRow[]>): Promise<ChainCheck> {
  const out: ChainCheck = { checked: 0, unchained: 0, broken: null, last: null };
  let expectedPrev: string | null = null;
  for await (const batch of batches) {
    for (const row of batch) {
      if (expectedPrev === null) {
        if (row.hash === null && row.prevHash === null) {
          out.unchained++;
          continue;
        }
        expectedPrev = CHAIN_GENESIS;
      }
      if (row.hash === null || row.prevHash === null) out.broken = { id: row.id, reason: '缺少哈希（入链之后的行被改动或插入）' };
      else if (row.prevHash !== expectedPrev) out.broken = { id: row.id, reason: '上一行哈希对不上（前面的行被删除、改动或插入）' };
      else if (chainHash(row.prevHash, table, row.content) !== row.hash) out.broken = { id: row.id, reason: '本行内容与哈希不符（本行被改动）' };
      if (out.broken) return out;
      out.checked++;
      out.last = { id: row.id, hash: row.hash! };
      expectedPrev = row.hash!;
    }
  }
  return out;
}

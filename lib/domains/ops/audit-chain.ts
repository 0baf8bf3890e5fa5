// 日志防篡改链的核对、每日校验的通知与到期归档（链的写入见 lib/platform/audit/chain.ts 与两处写日志的代码）。
// 核对：归档表在前、在线表在后，按 id 升序逐行重算 SM3；再确认上次核对通过的最后一行还在、哈希未变（链尾被删链本身看不出）。
// 核对与归档都先拿同一把咨询锁：归档移动行时核对不会看到“半截”的表。
import { asc, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/platform/db/client';
import { verifyChainRows, type ChainCheck, type ChainRow, type ChainTable } from '@/lib/platform/audit/chain';
import { log } from '@/lib/platform/log';
import { loginLogArchive, loginLogs } from '../user/tables';
import { LOGIN_LOG_CHAIN, loginLogContent } from '../user/login-log';
import { usersHolding } from '../access/holders';
import { notify } from '../message/service';
import { OPERATION_LOG_CHAIN, operationLogContent } from './operation-log';
import { auditChainStates, operationLogArchive, operationLogs } from './tables';

const BATCH = 2000;
/** 等保三级：网络日志至少保留六个月 */
export const MIN_AUDIT_RETENTION_DAYS = 180;
/** 收到断裂通知的人：持有系统日志查看权限的省级用户 */
const NOTICE_PERMISSION = 'sysLog.query';
const MAINTENANCE_LOCK = 'audit-chain:maintenance';

/** 保留天数：AUDIT_RETENTION_DAYS，默认且至少 180 */
export function auditRetentionDays(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.AUDIT_RETENTION_DAYS);
  return Number.isInteger(n) && n > MIN_AUDIT_RETENTION_DAYS ? n : MIN_AUDIT_RETENTION_DAYS;
}

interface Chained {
  chain: ChainTable;
  label: string;
  /** 在线表（归档时按它的列搬移） */
  live: PgTable;
  /** id 大于 afterId 的前 limit 行，按 id 升序 */
  fetch(db: Db, which: 'live' | 'archive', afterId: number, limit?: number): Promise<ChainRow[]>;
}

const CHAINS: readonly Chained[] = [
  {
    chain: OPERATION_LOG_CHAIN,
    label: '操作日志',
    live: operationLogs,
    async fetch(db, which, afterId, limit = BATCH) {
      const t = which === 'live' ? operationLogs : operationLogArchive;
      const rows = await db.select().from(t).where(gt(t.id, afterId)).orderBy(asc(t.id)).limit(limit);
      return rows.map((r) => ({ id: r.id, prevHash: r.prevHash, hash: r.hash, content: operationLogContent(r) }));
    },
  },
  {
    chain: LOGIN_LOG_CHAIN,
    label: '登录日志',
    live: loginLogs,
    async fetch(db, which, afterId, limit = BATCH) {
      const t = which === 'live' ? loginLogs : loginLogArchive;
      const rows = await db.select().from(t).where(gt(t.id, afterId)).orderBy(asc(t.id)).limit(limit);
      return rows.map((r) => ({ id: r.id, prevHash: r.prevHash, hash: r.hash, content: loginLogContent(r) }));
    },
  },
];

async function* allRows(db: Db, c: Chained): AsyncIterable<ChainRow[]> {
  for (const which of ['archive', 'live'] as const) {
    let after = 0;
    for (;;) {
      const rows = await c.fetch(db, which, after);
      if (rows.length) yield rows;
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1].id;
    }
  }
}

export interface TableCheck extends ChainCheck {
  table: string;
  label: string;
}

/** 某一行的哈希（在线表或归档表）；行不存在时 undefined */
async function hashOf(db: Db, c: Chained, id: number): Promise<string | null | undefined> {
  for (const which of ['live', 'archive'] as const) {
    const [row] = await c.fetch(db, which, id - 1, 1);
    if (row?.id === id) return row.hash;
  }
  return undefined;
}

/** 核对两张日志表的链（在事务里，与归档互斥）；只读，不改校验状态 */
export function verifyAuditChains(db: Db): Promise<TableCheck[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${MAINTENANCE_LOCK}))`);
    const states = await tx.select().from(auditChainStates);
    const out: TableCheck[] = [];
    for (const c of CHAINS) {
      const check = await verifyChainRows(c.chain.name, allRows(tx, c));
      const state = states.find((s) => s.tableName === c.chain.name);
      // 上次核对通过的最后一行：不见了或哈希变了，说明链尾被删或整段被重算
      if (!check.broken && state?.verifiedId != null) {
        const hash = await hashOf(tx, c, state.verifiedId);
        if (hash !== state.verifiedHash) {
          check.broken = { id: state.verifiedId, reason: hash === undefined ? '上次核对通过的行已不存在（链尾被删除）' : '上次核对通过的行哈希已变（链被重算）' };
        }
      }
      out.push({ ...check, table: c.chain.name, label: c.label });
    }
    return out;
  });
}

export function describeCheck(c: TableCheck): string {
  if (c.broken) return `${c.label}（${c.table}）在第 ${c.broken.id} 行断裂：${c.broken.reason}`;
  return `${c.label}（${c.table}）完好：已核对 ${c.checked} 行${c.unchained ? `，未入链 ${c.unchained} 行（启用防篡改链之前的记录）` : ''}`;
}

/**
 * 每日校验任务：核对，记下最后核对通过的行；发现断裂时通知持有系统日志权限的省级用户，
 * 同一处断裂只通知一次（记在 audit_chain_state.broken_id）。返回核对的行数。
 */
export async function dailyAuditVerify(db: Db): Promise<number> {
  const checks = await verifyAuditChains(db);
  let rows = 0;
  for (const c of checks) {
    rows += c.checked;
    const [state] = await db.select().from(auditChainStates).where(eq(auditChainStates.tableName, c.table));
    const now = new Date();
    if (!c.broken) {
      const values = { verifiedId: c.last?.id ?? state?.verifiedId ?? null, verifiedHash: c.last?.hash ?? state?.verifiedHash ?? null, verifiedAt: now, brokenId: null, brokenReason: null, brokenAt: null };
      await db.insert(auditChainStates).values({ tableName: c.table, ...values }).onConflictDoUpdate({ target: auditChainStates.tableName, set: values });
      // 锚点哈希写进服务日志（可送到库外的日志系统）：库内整段重算时可与之比对
      log.info({ component: 'audit-chain', table: c.table, verifiedId: values.verifiedId, verifiedHash: values.verifiedHash }, describeCheck(c));
      continue;
    }
    log.error({ component: 'audit-chain', table: c.table, brokenId: c.broken.id }, describeCheck(c));
    if (state?.brokenId === c.broken.id) continue;
    const values = { brokenId: c.broken.id, brokenReason: c.broken.reason.slice(0, 200), brokenAt: now };
    await db.insert(auditChainStates).values({ tableName: c.table, ...values }).onConflictDoUpdate({ target: auditChainStates.tableName, set: values });
    const admins = await usersHolding(db, { permissions: [NOTICE_PERMISSION], level: 'province' });
    await notify(db, admins, {
      title: `${c.label}防篡改校验发现断裂（第 ${c.broken.id} 行）`,
      content: `${describeCheck(c)}。请核查数据库的访问记录，与备份比对该行前后的记录；处理后可运行 npm run audit:verify 复核。`,
      kind: 'system',
      link: '/system/ops/log',
    });
  }
  return rows;
}

/**
 * 归档早于保留期的日志：按 id 从小到大、只移连续的一段（保证归档表的 id 都小于在线表，链按 id 顺序接得上），
 * 删除与写入归档在同一条语句里，没有写进归档的行不会被删。返回移动的行数。
 */
export async function archiveAuditLogs(db: Db, retentionDays: number | null): Promise<number> {
  const days = Math.max(MIN_AUDIT_RETENTION_DAYS, auditRetentionDays(), retentionDays ?? 0);
  const cutoff = new Date(Date.now() - days * 86_400_000);
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${MAINTENANCE_LOCK}))`);
  let moved = 0;
  for (const c of CHAINS) {
    const live = sql.identifier(c.chain.name);
    const archive = sql.identifier(c.chain.archive);
    const cols = sql.join(
      Object.values(getTableColumns(c.live)).map((col) => sql.identifier(col.name)),
      sql`, `,
    );
    for (;;) {
      const result = await db.execute(sql`with moved as (
          delete from ${live} where id in (
            select id from ${live}
            where id < (select coalesce(min(id), 9223372036854775807) from ${live} where created_at >= ${cutoff.toISOString()})
            order by id limit ${BATCH})
          returning ${cols})
        insert into ${archive} (${cols}) select ${cols} from moved`);
      const n = (result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
      moved += n;
      if (n < BATCH) break;
    }
  }
  return moved;
}

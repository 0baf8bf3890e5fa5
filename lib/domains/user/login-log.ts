// 登录日志的写入：每行入防篡改链（lib/platform/audit/chain.ts）。所有写登录日志的地方都经这里，不直接 insert。
import type { Db } from '@/lib/platform/db/client';
import { appendChained, chainHash, type ChainTable } from '@/lib/platform/audit/chain';
import { loginLogs } from './tables';

export const LOGIN_LOG_CHAIN: ChainTable = { name: 'login_log', archive: 'login_log_archive' };

type LoginLogRow = typeof loginLogs.$inferSelect;
export type LoginLogValues = Pick<LoginLogRow, 'userId' | 'account' | 'kind' | 'message' | 'ip' | 'userAgent'>;

/**
 * 入哈希的内容：除 user_id（外键，删除用户时数据库置空）、prev_hash、hash 以外的全部列；
 * 账号在写入时抄下，删除用户后仍受保护。
 */
export function loginLogContent(r: Omit<LoginLogRow, 'userId' | 'prevHash' | 'hash'>): Record<string, unknown> {
  return { id: r.id, account: r.account, kind: r.kind, message: r.message, ip: r.ip, userAgent: r.userAgent, createdAt: r.createdAt };
}

export function insertLoginLog(db: Db, values: LoginLogValues): Promise<LoginLogRow> {
  return appendChained(db, LOGIN_LOG_CHAIN, async (tx, slot) => {
    const row = { ...values, id: slot.id, createdAt: slot.createdAt };
    const [inserted] = await tx
      .insert(loginLogs)
      .values({ ...row, prevHash: slot.prevHash, hash: chainHash(slot.prevHash, LOGIN_LOG_CHAIN.name, loginLogContent(row)) })
      .returning();
    return inserted;
  });
}

// 演示操作日志：把种子里备案的办理历史（提交、初审、复审、作废申请与审核）按当时的办理人记成操作日志，
// 与界面上办理时调度器写入的行同样的端点、操作名、模块与变更（改前改后），新启动的系统日志里也有可查的记录。
// 只在操作日志为空时写入（可重复执行）。
import { randomUUID } from 'node:crypto';
import { asc, count, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { filingHistory, filings } from '@/lib/domains/filing/tables';
import { FILING_KINDS, kindResource, statusLabel, stepOf, type TransitionAction } from '@/lib/domains/filing/transitions';
import { operationLogs } from '@/lib/domains/ops/tables';
import { users } from '@/lib/domains/user/tables';

/** 办理动作 → 界面调用的端点与操作名（端点说明的第一句） */
const ENDPOINTS: Partial<Record<TransitionAction, { endpoint: string; operation: string; audit: boolean }>> = {
  submit: { endpoint: 'POST /fil/modify/submitAudit', operation: '提交备案审核', audit: false },
  voidApply: { endpoint: 'POST /fil/modify/voidApply', operation: '申请作废已完成的备案', audit: false },
};
const AUDIT = { endpoint: 'POST /filInfoAudit/updateStatus', operation: '审核备案或增量', audit: true };

/** 演示用的内网地址：按用户编号区分 */
const demoIp = (userId: number) => `10.13.${Math.floor(userId / 200) + 1}.${(userId % 200) + 20}`;

export async function seedOperationLog(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(operationLogs);
  if (n > 0) return;
  const rows = await db
    .select({
      id: filingHistory.id,
      filingId: filingHistory.filingId,
      incrementId: filingHistory.incrementId,
      action: filingHistory.action,
      fromStatus: filingHistory.fromStatus,
      toStatus: filingHistory.toStatus,
      opinion: filingHistory.opinion,
      createdAt: filingHistory.createdAt,
      code: filings.code,
      kind: filings.kind,
      userId: users.id,
      account: users.account,
      userName: users.realName,
      nickName: users.nickName,
      cityId: users.cityId,
    })
    .from(filingHistory)
    .innerJoin(filings, eq(filings.id, filingHistory.filingId))
    .innerJoin(users, eq(users.id, filingHistory.actorId))
    .where(isNotNull(filingHistory.actorId))
    .orderBy(asc(filingHistory.createdAt), asc(filingHistory.id));
  const values: (typeof operationLogs.$inferInsert)[] = [];
  for (const r of rows) {
    if (r.action === 'create' || r.action === 'incrementAdd') continue;
    const action = r.action as TransitionAction;
    const t = stepOf(action);
    const call = ENDPOINTS[action] ?? AUDIT;
    const what = `${FILING_KINDS[r.kind]}备案 ${r.code}${r.incrementId ? ' 的增量备案' : ''}`;
    const detail = `${what}${t.verb}（${statusLabel(r.fromStatus)} → ${statusLabel(r.toStatus)}）`;
    const input = call.audit ? { id: r.filingId, result: action.endsWith('Reject') ? 'reject' : 'pass', opinion: r.opinion } : { id: r.filingId, ...(r.opinion ? { reason: r.opinion } : {}) };
    const entity = r.incrementId ? 'filing_increment' : 'filing';
    const entityId = String(r.incrementId ?? r.filingId);
    values.push({
      userId: r.userId,
      account: r.account,
      userName: r.userName || r.nickName,
      cityId: r.cityId,
      ip: demoIp(r.userId),
      endpoint: call.endpoint,
      operation: call.operation,
      module: call.audit ? 'filingAudit' : kindResource(r.kind),
      requestId: randomUUID(),
      input,
      changes: [{ entity, entityId, before: { status: r.fromStatus }, after: { status: r.toStatus, opinion: r.opinion }, detail }],
      entity,
      entityId,
      detail,
      createdAt: r.createdAt,
    });
  }
  if (values.length) await db.insert(operationLogs).values(values);
}

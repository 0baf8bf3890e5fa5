// 个人信息的脱敏与看全：默认一律脱敏；持有某资源 unmask 动作的人可以看全，但每次须给出理由，每次写一行访问日志（谁、何时、哪条记录、
// 涉及哪些人、为什么）。各领域在返回未脱敏的数据之前调用 unmaskedView——同一个事务里，日志写不进去就不给数据。
// 访问日志只增不改；系统管理员在 系统管理 › 运维监控 › 个人信息访问日志 查看（POST /sys/dataAccessLog/list）。
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { scopeWhere } from '@/lib/platform/auth/scope';
import { can, type Session } from '@/lib/platform/auth/session';
import { fetchPage } from '@/lib/platform/db/paged';
import { formatBeijing } from '@/lib/platform/time';
import { dataAccessLogs, type DataAccessLog } from './tables';
import { ACCESS_ACTION_LABEL, OTHER_REASON, UNMASK_REASONS, type AccessAction, type AccessLogFilter, type AccessLogItem, type UnmaskReason, type UnmaskRequest } from './schemas';

/** 看全某资源的个人信息的权限：`${resource}.unmask` */
export const unmaskPermission = (resource: string) => `${resource}.unmask`;

/** 调用者能否看全某资源的个人信息（界面据此给出“显示完整信息”的按钮；真正看全仍须 unmaskedView） */
export const canUnmask = (session: Session, resource: string): boolean => can(session, unmaskPermission(resource));

export interface UnmaskedAccess extends UnmaskRequest {
  /** 权限的资源 key，如 'subsidyFinance' */
  resource: string;
  action: AccessAction;
  /** 被访问的记录，如 subsidy_apply 12 */
  entity: string;
  entityId: number;
  /** 说明，如“拨付名单 BT2026000012” */
  detail: string;
  /** 涉及的个人记录（如 subsidy_item 的 id） */
  recordIds: number[];
  /** 请求的来源地址 */
  ip?: string | null;
}

/**
 * 看全个人信息的唯一入口：没有 `${resource}.unmask` 权限 403；没选理由、理由为“其他”而没写说明 400；
 * 通过时写一行访问日志，调用方随后给出未脱敏的数据。在调用方取数据的事务里调用。
 */
export async function unmaskedView(db: Db, session: Session, input: UnmaskedAccess, audit: Audit): Promise<{ logId: number }> {
  if (!canUnmask(session, input.resource)) throw ApiError.forbidden('没有查看完整个人信息的权限');
  if (!input.reason || !(input.reason in UNMASK_REASONS)) throw ApiError.badRequest('请选择查看完整个人信息的理由', { reason: '请选择理由' });
  const note = input.reasonNote?.trim() || null;
  if (input.reason === OTHER_REASON && !note) throw ApiError.badRequest('理由为“其他”时请写明说明', { reasonNote: '请写明说明' });
  const { user } = session;
  const [row] = await db
    .insert(dataAccessLogs)
    .values({
      userId: user.id,
      account: user.account,
      userName: user.realName || user.nickName,
      cityId: user.cityId,
      orgId: user.orgId,
      ip: input.ip ?? null,
      resource: input.resource,
      action: input.action,
      entity: input.entity,
      entityId: input.entityId,
      detail: input.detail.slice(0, 300),
      recordIds: input.recordIds,
      recordCount: input.recordIds.length,
      reason: input.reason,
      reasonNote: note,
    })
    .returning({ id: dataAccessLogs.id });
  audit({ entity: input.entity, entityId: input.entityId, after: { dataAccessLog: row.id, action: input.action, reason: input.reason }, detail: `${ACCESS_ACTION_LABEL[input.action]}完整个人信息：${input.detail}（${reasonText(input.reason, note)}）` });
  return { logId: row.id };
}

const reasonText = (reason: string, note: string | null) => `${UNMASK_REASONS[reason as UnmaskReason] ?? reason}${note ? `：${note}` : ''}`;

const toItem = (r: DataAccessLog): AccessLogItem => ({
  id: r.id,
  account: r.account,
  userName: r.userName,
  ip: r.ip,
  resource: r.resource,
  action: r.action as AccessAction,
  actionName: ACCESS_ACTION_LABEL[r.action as AccessAction] ?? r.action,
  entity: r.entity,
  entityId: r.entityId,
  detail: r.detail,
  recordCount: r.recordCount,
  recordIds: r.recordIds,
  reason: r.reason,
  reasonName: UNMASK_REASONS[r.reason as UnmaskReason] ?? r.reason,
  reasonNote: r.reasonNote,
  createTime: formatBeijing(r.createdAt),
});

/** 访问日志（新的在前）：省级看全部，市级看本市用户的访问 */
export async function listAccessLog(db: Db, session: Session, f: AccessLogFilter, page: Page): Promise<PageResult<AccessLogItem>> {
  const conds: (SQL | undefined)[] = [
    scopeWhere(session.user, { cityId: dataAccessLogs.cityId, orgId: dataAccessLogs.orgId }),
    f.account ? eq(dataAccessLogs.account, f.account) : undefined,
    f.resource ? eq(dataAccessLogs.resource, f.resource) : undefined,
    f.entity ? eq(dataAccessLogs.entity, f.entity) : undefined,
    f.entityId ? eq(dataAccessLogs.entityId, f.entityId) : undefined,
    f.action ? eq(dataAccessLogs.action, f.action) : undefined,
  ];
  const where = and(...conds);
  return fetchPage(
    page,
    db.select().from(dataAccessLogs).where(where).orderBy(desc(dataAccessLogs.id)),
    db.select({ total: count() }).from(dataAccessLogs).where(where),
    (rows) => rows.map(toItem),
  );
}

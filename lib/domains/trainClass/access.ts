// 检查培训班的入口：当前用户此刻对一个班能做的事（状态机 workflow.ts 算出的转换与操作，加录像）、办理操作前的拒绝检查、
// 新班属于哪个机构。读取（范围外 404）在 load.ts。
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import { assertInScope } from '@/lib/platform/auth/scope';
import { can, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { ORG_STATUS } from '@/lib/domains/org/codes';
import { organisations } from '@/lib/domains/org/tables';
import type { TrainClass } from './tables';
import { loadClass } from './load';
import { canRecordClass, canViewClassRecordings, type ClassAction, type ClassOperation, type RequestKind } from './transitions';
import { classWorkflow } from './workflow';

export { loadClass, loadClassSubject, pendingKindsOf } from './load';

/** 列表行与详情的 actions：引擎给出的转换与操作，另加录像（record、recordings） */
export function classActions(session: Session, c: TrainClass, pendingKinds: readonly RequestKind[] = []): ClassAction[] {
  const allowed = (p: string) => can(session, p);
  return [
    ...classWorkflow.availableActions({ ...c, pendingKinds }, session),
    ...(canViewClassRecordings(c, allowed) ? (['recordings'] as const) : []),
    ...(canRecordClass(c, session.user, allowed) ? (['record'] as const) : []),
  ];
}

/** 机构对班级做某件按状态决定的事（改资料、课程、学员、登记出勤）前的检查：范围 404，权限与办理方 403，状态 409 */
export async function classForOperation(db: Db, session: Session, id: number, op: ClassOperation): Promise<TrainClass> {
  const c = await loadClass(db, session.user, id);
  assertOperation(session, c, op);
  return c;
}

export function assertOperation(session: Session, c: TrainClass, op: ClassOperation): void {
  classWorkflow.assertOperation({ ...c, pendingKinds: [] }, session, op);
}

/** 可以开班的机构类别：培训机构（TYPE_PXJG）与企业 */
export const CLASS_ORG_CATEGORIES = ['train', 'enterprise'];
/** 机构状态“正常”（ORG_STATUS） */
export const ORG_ENABLED = 0;

/**
 * 新班属于哪个机构：机构用户为本机构（须是培训机构或企业）；管理员（有新建班级权限的省级、市级）为所选的、范围内的、启用的培训机构或企业。
 */
export async function classOrgFor(db: Db, user: SessionUser, orgId: number | undefined) {
  if (user.level === 'org') {
    if (user.orgId === null) throw ApiError.forbidden('只有培训机构或企业可以开班');
    const [org] = await db.select().from(organisations).where(eq(organisations.id, user.orgId));
    if (!org || !CLASS_ORG_CATEGORIES.includes(org.category)) throw ApiError.forbidden('只有培训机构或企业可以开班');
    return org;
  }
  if (!orgId) throw ApiError.badRequest('请选择开班机构', { orgId: '请选择开班机构' });
  const [found] = await db.select().from(organisations).where(eq(organisations.id, orgId));
  // 机构行的范围：市级按机构所在市，县级按所在县区
  const org = assertInScope(user, found && { ...found, countyId: found.areaId, orgId: found.id }, '机构');
  if (!CLASS_ORG_CATEGORIES.includes(org.category)) throw ApiError.badRequest(`「${org.name}」不是培训机构或企业，不能开班`, { orgId: '只有培训机构或企业可以开班' });
  if (org.status !== ORG_ENABLED) throw ApiError.badRequest(`机构「${org.name}」当前为「${ORG_STATUS[org.status] ?? org.status}」，不能开班`, { orgId: '机构不是正常状态' });
  return org;
}


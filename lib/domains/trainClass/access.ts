// 读取与检查培训班的唯一入口：范围（范围外 404）、当前用户是哪一方、此刻能否做某件事（按 transitions.ts 的 availableActions）。
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import { assertInScope } from '@/lib/platform/auth/scope';
import { can, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { ORG_STATUS } from '@/lib/domains/org/codes';
import { organisations } from '@/lib/domains/org/tables';
import { trainClasses, trainClassRequests, type TrainClass } from './tables';
import { actorFor, availableActions, classStatusLabel, OPERATION_PERMISSIONS, REQUEST_STATUS, type ClassAction, type ClassOperation, type RequestKind } from './transitions';

/** 范围内的班级；范围外或不存在 404 */
export async function loadClass(db: Db, user: SessionUser, id: number): Promise<TrainClass> {
  const [row] = await db.select().from(trainClasses).where(eq(trainClasses.id, id));
  return assertInScope(user, row, '培训班');
}

/** 各班级待审核的附带申请种类 */
export async function pendingKindsOf(db: Db, classIds: number[]): Promise<Map<number, RequestKind[]>> {
  const out = new Map<number, RequestKind[]>();
  if (!classIds.length) return out;
  const rows = await db
    .select({ classId: trainClassRequests.classId, kind: trainClassRequests.kind })
    .from(trainClassRequests)
    .where(and(inArray(trainClassRequests.classId, classIds), eq(trainClassRequests.status, REQUEST_STATUS.PENDING)));
  for (const r of rows) out.set(r.classId, [...(out.get(r.classId) ?? []), r.kind as RequestKind]);
  return out;
}

export const classActions = (session: Session, c: TrainClass, pendingKinds: RequestKind[] = []): ClassAction[] =>
  availableActions({ status: c.status, orgId: c.orgId, cityId: c.cityId, pendingKinds, statusBeforeDiscard: c.statusBeforeDiscard }, session.user, (p) => can(session, p));

const OPERATION_VERB: Record<ClassOperation, string> = {
  edit: '修改班级',
  delete: '删除班级',
  curriculum: '修改课程体系',
  students: '修改学员名单',
  attendance: '登记出勤与结业',
};
/** 各操作可以办理的状态（提示用；规则在 transitions.ts） */
const OPERATION_WHEN: Record<ClassOperation, string> = {
  edit: '草稿或审核驳回',
  delete: '草稿或审核驳回',
  curriculum: '草稿或审核驳回',
  students: '草稿或审核驳回',
  attendance: '培训中或已结业',
};

/**
 * 机构对班级做某件状态决定的事（改资料、课程、学员、登记出勤）前的检查：范围 404，是班级所属机构、有权限 403，状态 400。
 * 说明按这个顺序给出第一条不满足的原因。
 */
export async function classForOperation(db: Db, session: Session, id: number, op: ClassOperation): Promise<TrainClass> {
  const c = await loadClass(db, session.user, id);
  assertOperation(session, c, op);
  return c;
}

export function assertOperation(session: Session, c: TrainClass, op: ClassOperation): void {
  const verb = OPERATION_VERB[op];
  if (actorFor(session.user, c) !== 'org') throw ApiError.forbidden(`只有开班的机构可以${verb}`);
  if (classActions(session, c).includes(op)) return;
  if (!can(session, OPERATION_PERMISSIONS[op])) throw ApiError.forbidden(`没有${verb}的权限`);
  throw ApiError.badRequest(`班级当前为「${classStatusLabel(c.status)}」，${verb}须在${OPERATION_WHEN[op]}时办理`);
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


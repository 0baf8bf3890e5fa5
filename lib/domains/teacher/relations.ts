// 师资关系管理：一名教师可在几个单位上班（createUserCode）。单位把一名已审核通过的教师登记为本单位的上班教师（凭身份证号与姓名），
// 或解除；所属机构的那一行不能解除。范围：机构看本单位的关系与本机构教师的关系，市级看本市单位的关系，省级看全部；范围外 404。
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { fetchPage } from '@/lib/platform/db/paged';
import { withUniqueMessage } from '@/lib/platform/db/save-row';
import { ApiError } from '@/lib/platform/api/errors';
import type { Session, SessionUser } from '@/lib/platform/auth/session';
import { inScope } from '@/lib/platform/auth/scope';
import { containsPattern } from '@/lib/platform/db/like';
import { maskIdNumber } from '@/lib/platform/identity';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { formatBeijing } from '@/lib/platform/time';
import { organisations } from '../org/tables';
import { teacherHistory, teacherRelations, teachers } from './tables';
import { TEACHER_AUDIT, teacherAuditLabel } from './transitions';
import { isTeacherAccount } from './access';

export interface RelationItem {
  id: number;
  teacherId: number;
  realName: string;
  cardNo: string;
  auditStatusName: string;
  orgId: number;
  orgName: string;
  orgCode: string;
  ownerName: string;
  /** 这一行是所属机构本身（不能解除） */
  own: boolean;
  createTime: string;
  actions: string[];
}

function relationScope(user: SessionUser): SQL | undefined {
  switch (user.level) {
    case 'province':
      return undefined;
    case 'city':
      return eq(teacherRelations.cityId, user.cityId ?? -1);
    case 'org':
      if (isTeacherAccount(user)) return eq(teachers.userId, user.id);
      return or(eq(teacherRelations.orgId, user.orgId ?? -1), eq(teachers.orgId, user.orgId ?? -1));
    default:
      return eq(teacherRelations.id, -1);
  }
}

/** 当前用户能否解除这一行：不是所属机构那一行，且是本单位（或本机构的教师），市级为本市单位的 */
function mayRemove(user: SessionUser, r: { orgId: number; ownerId: number; cityId: number | null }): boolean {
  if (r.orgId === r.ownerId || isTeacherAccount(user)) return false;
  if (user.level === 'org') return user.orgId === r.orgId || user.orgId === r.ownerId;
  return inScope(user, { cityId: r.cityId });
}

const ownerOrg = organisations;

export async function listRelations(db: Db, session: Session, filter: { realName?: string; orgName?: string }, page: Page): Promise<PageResult<RelationItem>> {
  const { user } = session;
  const where = and(
    isNull(teachers.deletedAt),
    relationScope(user),
    filter.realName ? ilike(teachers.name, containsPattern(filter.realName)) : undefined,
    filter.orgName ? ilike(organisations.name, containsPattern(filter.orgName)) : undefined,
  );
  const canRemove = session.permissions.get('teacherRelation')?.has('delete') ?? false;
  return fetchPage(
    page,
    db
      .select({ r: teacherRelations, t: teachers, orgName: organisations.name, orgCode: organisations.code })
      .from(teacherRelations)
      .innerJoin(teachers, eq(teachers.id, teacherRelations.teacherId))
      .innerJoin(organisations, eq(organisations.id, teacherRelations.orgId))
      .where(where)
      .orderBy(desc(teacherRelations.id)),
    db
      .select({ total: count() })
      .from(teacherRelations)
      .innerJoin(teachers, eq(teachers.id, teacherRelations.teacherId))
      .innerJoin(organisations, eq(organisations.id, teacherRelations.orgId))
      .where(where),
    async (rows) => {
      const ownerIds = [...new Set(rows.map((x) => x.t.orgId))];
      const owners = ownerIds.length ? await db.select({ id: ownerOrg.id, name: ownerOrg.name }).from(ownerOrg).where(inArray(ownerOrg.id, ownerIds)) : [];
      const ownerName = new Map(owners.map((o) => [o.id, o.name]));
      return rows.map(({ r, t, orgName, orgCode }) => ({
        id: r.id,
        teacherId: t.id,
        realName: t.name,
        cardNo: maskIdNumber(t.idCard),
        auditStatusName: teacherAuditLabel(t.auditStatus),
        orgId: r.orgId,
        orgName,
        orgCode,
        ownerName: ownerName.get(t.orgId) ?? '',
        own: r.orgId === t.orgId,
        createTime: formatBeijing(r.createdAt),
        actions: canRemove && mayRemove(user, { orgId: r.orgId, ownerId: t.orgId, cityId: r.cityId }) ? ['remove'] : [],
      }));
    },
  );
}

/**
 * 登记上班单位：凭身份证号与真实姓名找到一名审核通过的教师（两者须一致，免得凭号码探查他人），加到本单位（机构用户）
 * 或管理员指定的本辖区单位。
 */
export async function addRelation(db: Db, session: Session, input: { cardNo: string; realName: string; orgCode?: string }, audit: Audit): Promise<{ id: number }> {
  const { user } = session;
  if (isTeacherAccount(user)) throw ApiError.forbidden('教师账号不能登记上班单位');
  if (user.level !== 'org' && !input.orgCode) throw ApiError.badRequest('请选择上班单位', { orgCode: '请选择上班单位' });
  const [org] = await db
    .select({ id: organisations.id, name: organisations.name, category: organisations.category, cityId: organisations.cityId })
    .from(organisations)
    .where(user.level === 'org' ? eq(organisations.id, user.orgId ?? -1) : eq(organisations.code, input.orgCode!));
  if (!org || (user.level !== 'org' && !inScope(user, { cityId: org.cityId, orgId: org.id }))) throw ApiError.notFound('单位不存在或不在您的管辖范围内');
  if (!['train', 'enterprise'].includes(org.category)) throw ApiError.badRequest('上班单位须是培训机构或企业');
  const [t] = await db
    .select()
    .from(teachers)
    .where(and(eq(teachers.idCardIndex, blindIndex('idNumber', input.cardNo)), eq(teachers.name, input.realName), isNull(teachers.deletedAt)));
  if (!t) throw ApiError.badRequest('师资库中没有这名教师，请核对身份证号与姓名');
  if (t.auditStatus !== TEACHER_AUDIT.APPROVED) throw ApiError.badRequest(`教师“${t.name}”尚未审核通过，不能登记上班单位`);
  const [row] = await withUniqueMessage(`教师“${t.name}”已在${org.name}上班`, () =>
    db.insert(teacherRelations).values({ teacherId: t.id, orgId: org.id, cityId: org.cityId, createdBy: user.id }).returning(),
  );
  await db.insert(teacherHistory).values({ teacherId: t.id, action: 'relationAdd', fromStatus: t.auditStatus, toStatus: t.auditStatus, opinion: org.name, actorId: user.id, actorName: user.realName || user.nickName });
  audit({ entity: 'teacher_relation', entityId: row.id, after: row, detail: `登记教师 ${t.name} 在 ${org.name} 上班` });
  return { id: row.id };
}

export async function removeRelation(db: Db, session: Session, input: { id: number }, audit: Audit): Promise<{ removed: number }> {
  const { user } = session;
  const [row] = await db
    .select({ r: teacherRelations, t: teachers, orgName: organisations.name })
    .from(teacherRelations)
    .innerJoin(teachers, eq(teachers.id, teacherRelations.teacherId))
    .innerJoin(organisations, eq(organisations.id, teacherRelations.orgId))
    .where(and(eq(teacherRelations.id, input.id), isNull(teachers.deletedAt), relationScope(user)));
  if (!row) throw ApiError.notFound('关系不存在或不在您的管辖范围内');
  if (row.r.orgId === row.t.orgId) throw ApiError.badRequest('不能解除教师与所属机构的关系');
  if (!mayRemove(user, { orgId: row.r.orgId, ownerId: row.t.orgId, cityId: row.r.cityId })) throw ApiError.forbidden('只能解除本单位的上班关系');
  await db.delete(teacherRelations).where(eq(teacherRelations.id, row.r.id));
  await db.insert(teacherHistory).values({ teacherId: row.t.id, action: 'relationRemove', fromStatus: row.t.auditStatus, toStatus: row.t.auditStatus, opinion: row.orgName, actorId: user.id, actorName: user.realName || user.nickName });
  audit({ entity: 'teacher_relation', entityId: row.r.id, before: row.r, detail: `解除教师 ${row.t.name} 在 ${row.orgName} 的上班关系` });
  return { removed: 1 };
}

// 教师的可见范围与办理方：省级看全省，市级看所属机构在本市的，县级看本县的，机构看本机构登记的与在本机构上班的，
// 教师本人（TEACHER 账号）只看自己。范围外的教师一律 404。
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import type { SessionUser } from '@/lib/platform/auth/session';
import { scopeWhere } from '@/lib/platform/auth/scope';
import { teachers, teacherRelations, type Teacher } from './tables';
import type { TeacherActor } from './transitions';

/** 教师账号的用户类型（sys_user.user_type） */
export const TEACHER_USER_TYPE = 'TEACHER';

export const isTeacherAccount = (user: SessionUser): boolean => user.userType === TEACHER_USER_TYPE;

/** 列表与查找的范围条件（不含已删除） */
export function teacherScope(user: SessionUser): SQL {
  const live = isNull(teachers.deletedAt);
  if (user.level === 'org') {
    if (isTeacherAccount(user)) return and(live, eq(teachers.userId, user.id))!;
    const orgId = user.orgId ?? -1;
    return and(
      live,
      or(eq(teachers.orgId, orgId), sql`exists (select 1 from ${teacherRelations} where ${teacherRelations.teacherId} = ${teachers.id} and ${teacherRelations.orgId} = ${orgId})`),
    )!;
  }
  return and(live, scopeWhere(user, { cityId: teachers.cityId, countyId: teachers.countyId, orgId: teachers.orgId }))!;
}

/** 当前用户对这名教师是哪一方：所属机构（或教师本人）、审核方（范围内的市级/县级/省级）；只在上班单位上班的机构只能查看 */
export function teacherActorOf(user: SessionUser, t: Pick<Teacher, 'orgId' | 'userId' | 'cityId' | 'countyId'>): TeacherActor | null {
  if (user.level === 'org') {
    if (isTeacherAccount(user)) return t.userId === user.id ? 'org' : null;
    return user.orgId === t.orgId ? 'org' : null;
  }
  if (user.level === 'province') return 'reviewer';
  if (user.level === 'city') return user.cityId !== null && user.cityId === t.cityId ? 'reviewer' : null;
  return null;
}

/** 范围内的一名教师；不存在、已删除或范围外都是 404 */
export async function loadTeacher(db: Db, user: SessionUser, id: number): Promise<Teacher> {
  const [row] = await db
    .select()
    .from(teachers)
    .where(and(eq(teachers.id, id), teacherScope(user)));
  if (!row) throw ApiError.notFound('教师不存在或不在您的管辖范围内');
  return row;
}

// 给培训班排教师用的公开函数（培训班领域引用）：某机构可以排进班里的教师＝审核通过、未删除，且在该机构上班
// （所属机构本身，或经关系管理登记的上班单位）。
import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import { containsPattern } from '@/lib/platform/db/like';
import { maskIdNumber } from '@/lib/platform/identity';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { teachers, teacherRelations } from './tables';
import { TEACHER_AUDIT, teacherAuditLabel } from './transitions';

export { TEACHER_AUDIT } from './transitions';

export interface TeacherOption {
  id: number;
  name: string;
  idCardMasked: string;
  teacherType: number;
  /** 教师类型 0 班主任 1 带头教师 2 讲师 3 企业师傅（排班主任时用得上） */
  userType: number;
}

/** 教师在该机构上班：所属机构，或关系表里有该机构 */
const worksFor = (orgId: number) =>
  or(eq(teachers.orgId, orgId), sql`exists (select 1 from ${teacherRelations} where ${teacherRelations.teacherId} = ${teachers.id} and ${teacherRelations.orgId} = ${orgId})`)!;

/** teachers an organisation may put on a class: approved and working for that org (own or by relation) */
export async function teacherOptions(db: Db, orgId: number, filter: { keyword?: string; limit?: number }): Promise<TeacherOption[]> {
  const kw = filter.keyword?.trim();
  const rows = await db
    .select({ id: teachers.id, name: teachers.name, idCard: teachers.idCard, teacherType: teachers.teacherType, userType: teachers.userType })
    .from(teachers)
    .where(
      and(
        eq(teachers.auditStatus, TEACHER_AUDIT.APPROVED),
        isNull(teachers.deletedAt),
        worksFor(orgId),
        // 身份证号与手机号加密存放：只按完整号码（盲索引）匹配
        kw ? or(ilike(teachers.name, containsPattern(kw)), eq(teachers.idCardIndex, blindIndex('idNumber', kw)), eq(teachers.phoneIndex, blindIndex('mobile', kw))) : undefined,
      ),
    )
    .orderBy(asc(teachers.name), asc(teachers.id))
    .limit(Math.min(filter.limit ?? 200, 1000));
  return rows.map(({ idCard, ...r }) => ({ ...r, idCardMasked: maskIdNumber(idCard) }));
}

/** throws ApiError 400 naming the teacher when one is not assignable */
export async function assertTeachersAssignable(db: Db, orgId: number, teacherIds: number[]): Promise<void> {
  const ids = [...new Set(teacherIds)];
  if (!ids.length) return;
  const rows = await db
    .select({ id: teachers.id, name: teachers.name, auditStatus: teachers.auditStatus, deletedAt: teachers.deletedAt, works: sql<boolean>`${worksFor(orgId)}` })
    .from(teachers)
    .where(inArray(teachers.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const t = byId.get(id);
    if (!t || t.deletedAt) throw ApiError.badRequest(`教师（编号 ${id}）不存在或已删除`);
    if (!t.works) throw ApiError.badRequest(`教师“${t.name}”不在本机构上班，不能排进本机构的培训班`);
    if (t.auditStatus !== TEACHER_AUDIT.APPROVED) throw ApiError.badRequest(`教师“${t.name}”${teacherAuditLabel(t.auditStatus)}，审核通过后才能排进培训班`);
  }
}

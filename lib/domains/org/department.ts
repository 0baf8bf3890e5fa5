// 部门：隶属于机构，新建或修改后待审核；审核通过或驳回（驳回须填意见），每次审核留一条意见记录。
// 数据范围随所属机构（部门的 cityId/areaId 在机构迁移区划时同步更新）。
import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/platform/db/client';
import { fetchPage } from '@/lib/platform/db/paged';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import type { SessionUser, Session } from '@/lib/platform/auth/session';
import { ApiError } from '@/lib/platform/api/errors';
import { assertInScope, inScope, scopeWhere } from '@/lib/platform/auth/scope';
import { formatBeijing } from '@/lib/platform/time';
import { departmentAudits, departments, organisations } from './tables';
import { DEPT_AUDIT_STATUS, type DeptAuditInput, type DeptItem, type DeptSaveInput, type DeptUpdateInput } from './schemas';
import { DEPT_AUDIT } from './codes';
import type { Audit } from '@/lib/platform/api/endpoint';
import { containsPattern } from '@/lib/platform/db/like';

const scopeColumns = { cityId: departments.cityId, countyId: departments.areaId, orgId: departments.orgId };

const columns = {
  id: departments.id,
  orgId: departments.orgId,
  orgName: organisations.name,
  code: departments.code,
  name: departments.name,
  leader: departments.leader,
  phone: departments.phone,
  sort: departments.sort,
  remark: departments.remark,
  areaId: departments.areaId,
  cityId: departments.cityId,
  auditStatus: departments.auditStatus,
  auditOpinion: departments.auditOpinion,
  auditedAt: departments.auditedAt,
  createdAt: departments.createdAt,
};

function baseQuery(db: Db) {
  return db.select(columns).from(departments).innerJoin(organisations, eq(organisations.id, departments.orgId));
}
type Row = Awaited<ReturnType<typeof baseQuery>>[number];

function toItem(r: Row, auditorName: string | null = null): DeptItem {
  return {
    id: r.id,
    orgId: r.orgId,
    orgName: r.orgName,
    code: r.code,
    name: r.name,
    leader: r.leader,
    phone: r.phone,
    sort: r.sort,
    remark: r.remark,
    cityId: r.cityId,
    auditStatus: r.auditStatus,
    auditStatusName: DEPT_AUDIT_STATUS[r.auditStatus] ?? String(r.auditStatus),
    awaitingAudit: r.auditStatus === DEPT_AUDIT.PENDING,
    auditOpinion: r.auditOpinion,
    auditorName,
    auditTime: r.auditedAt ? formatBeijing(r.auditedAt) : null,
    createTime: formatBeijing(r.createdAt),
  };
}

/** 每个部门最近一次审核的审核人（一次查询批量取） */
async function lastAuditors(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectDistinctOn([departmentAudits.departmentId], { departmentId: departmentAudits.departmentId, auditorName: departmentAudits.auditorName })
    .from(departmentAudits)
    .where(inArray(departmentAudits.departmentId, ids))
    .orderBy(departmentAudits.departmentId, desc(departmentAudits.createdAt), desc(departmentAudits.id));
  return new Map(rows.map((r) => [r.departmentId, r.auditorName]));
}

const likeOf = containsPattern;

export interface DeptFilter {
  name?: string;
  orgId?: number;
  orgName?: string;
  auditStatus?: number;
  cityId?: number;
}

export async function listDepartments(db: Db, user: SessionUser, filter: DeptFilter, page: Page): Promise<PageResult<DeptItem>> {
  const conds: (SQL | undefined)[] = [scopeWhere(user, scopeColumns)];
  if (filter.name) conds.push(ilike(departments.name, likeOf(filter.name)));
  if (filter.orgId !== undefined) conds.push(eq(departments.orgId, filter.orgId));
  if (filter.orgName) conds.push(ilike(organisations.name, likeOf(filter.orgName)));
  if (filter.auditStatus !== undefined) conds.push(eq(departments.auditStatus, filter.auditStatus));
  if (filter.cityId !== undefined) conds.push(eq(departments.cityId, filter.cityId));
  const where = and(...conds);
  const { list: rows, total } = await fetchPage(
    page,
    baseQuery(db).where(where).orderBy(asc(organisations.name), asc(departments.sort), asc(departments.id)),
    db.select({ total: count() }).from(departments).innerJoin(organisations, eq(organisations.id, departments.orgId)).where(where),
  );
  const auditors = await lastAuditors(db, rows.map((r) => r.id));
  return { list: rows.map((r) => toItem(r, auditors.get(r.id) ?? null)), total };
}

const scoped = (r: Row) => ({ cityId: r.cityId, countyId: r.areaId, orgId: r.orgId });

async function loadInScope(db: Db, user: SessionUser, id: number): Promise<Row> {
  const [row] = await baseQuery(db).where(eq(departments.id, id));
  assertInScope(user, row && scoped(row), '部门');
  return row;
}

export async function departmentForm(db: Db, user: SessionUser, id: number): Promise<DeptItem> {
  const row = await loadInScope(db, user, id);
  return toItem(row, (await lastAuditors(db, [id])).get(id) ?? null);
}

export async function createDepartment(db: Db, session: Session, input: z.output<typeof DeptSaveInput>, audit: Audit): Promise<DeptItem> {
  const user = session.user;
  const [org] = await db.select().from(organisations).where(eq(organisations.id, input.orgId));
  if (!org || !inScope(user, { cityId: org.cityId, countyId: org.areaId, orgId: org.id })) {
    throw ApiError.badRequest('所属机构不存在或不在您的管辖范围内', { orgId: '所属机构不存在或不在您的管辖范围内' });
  }
  const [dup] = await db.select({ id: departments.id }).from(departments).where(and(eq(departments.orgId, org.id), eq(departments.code, input.code)));
  if (dup) throw ApiError.conflict(`机构「${org.name}」下已有部门编码 ${input.code}`);
  const [{ id }] = await db
    .insert(departments)
    .values({ ...input, areaId: org.areaId, cityId: org.cityId, auditStatus: DEPT_AUDIT.PENDING, createdBy: user.id })
    .returning({ id: departments.id });
  const after = await departmentForm(db, user, id);
  audit({ entity: 'department', entityId: id, after, detail: `新增部门 ${org.name}/${input.name}` });
  return after;
}

/** 修改：已驳回的部门修改后重新待审核；待审核与已通过的保持原状态 */
export async function updateDepartment(db: Db, session: Session, input: z.output<typeof DeptUpdateInput>, audit: Audit): Promise<DeptItem> {
  const user = session.user;
  const current = await loadInScope(db, user, input.id);
  const { id, ...fields } = input;
  await db
    .update(departments)
    .set({ ...fields, ...(current.auditStatus === DEPT_AUDIT.REJECTED ? { auditStatus: DEPT_AUDIT.PENDING } : {}), updatedAt: new Date() })
    .where(eq(departments.id, id));
  const after = await departmentForm(db, user, id);
  audit({ entity: 'department', entityId: id, before: toItem(current), after, detail: `修改部门 ${current.orgName}/${after.name}` });
  return after;
}

export async function removeDepartments(db: Db, session: Session, ids: number[], audit: Audit): Promise<{ removed: number }> {
  const user = session.user;
  const unique = [...new Set(ids)];
  const rows = await baseQuery(db).where(inArray(departments.id, unique));
  for (const id of unique) {
    const row = rows.find((r) => r.id === id);
    assertInScope(user, row && scoped(row), '部门');
  }
  await db.delete(departments).where(inArray(departments.id, unique));
  for (const r of rows) audit({ entity: 'department', entityId: r.id, before: toItem(r), detail: `删除部门 ${r.orgName}/${r.name}` });
  return { removed: unique.length };
}

/** 审核：只有待审核的可以审；驳回须有意见（输入校验已保证）。状态条件写进 update，并发的第二次审核也会被拒。 */
export async function auditDepartment(db: Db, session: Session, input: z.output<typeof DeptAuditInput>, audit: Audit): Promise<DeptItem> {
  const user = session.user;
  const current = await loadInScope(db, user, input.id);
  if (current.auditStatus !== DEPT_AUDIT.PENDING) throw ApiError.badRequest(`该部门已${DEPT_AUDIT_STATUS[current.auditStatus]}，不能重复审核`);
  const now = new Date();
  const opinion = input.auditOpinion || null;
  await db.transaction(async (tx) => {
    const done = await tx
      .update(departments)
      .set({ auditStatus: input.auditStatus, auditOpinion: opinion, auditedBy: user.id, auditedAt: now, updatedAt: now })
      .where(and(eq(departments.id, input.id), eq(departments.auditStatus, DEPT_AUDIT.PENDING)))
      .returning({ id: departments.id });
    if (!done.length) throw ApiError.badRequest('该部门已被审核，不能重复审核');
    await tx.insert(departmentAudits).values({
      departmentId: input.id,
      status: input.auditStatus,
      opinion,
      auditorId: user.id,
      auditorName: user.realName || user.nickName,
      createdAt: now,
    });
  });
  const after = await departmentForm(db, user, input.id);
  audit({
    entity: 'department',
    entityId: input.id,
    before: toItem(current),
    after,
    detail: `审核部门 ${current.orgName}/${current.name}：${DEPT_AUDIT_STATUS[input.auditStatus]}`,
  });
  return after;
}

export interface AuditOpinionItem {
  id: number;
  status: number;
  statusName: string;
  opinion: string | null;
  auditorName: string;
  auditTime: string;
}

/** 审核意见历史，新的在前 */
export async function departmentOpinions(db: Db, user: SessionUser, id: number): Promise<AuditOpinionItem[]> {
  await loadInScope(db, user, id);
  const rows = await db
    .select()
    .from(departmentAudits)
    .where(eq(departmentAudits.departmentId, id))
    .orderBy(desc(departmentAudits.createdAt), desc(departmentAudits.id));
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    statusName: DEPT_AUDIT_STATUS[r.status] ?? String(r.status),
    opinion: r.opinion,
    auditorName: r.auditorName,
    auditTime: formatBeijing(r.createdAt),
  }));
}

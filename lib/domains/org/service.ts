// 机构管理，受数据范围约束：省级看全省，市级看本市，县级看本县区，机构用户只看本机构。
// 范围只取自会话用户（scopeWhere / assertInScope），筛选条件只能在范围内再收窄。
// 机构树随区划树：下级机构的区划在上级机构的区划之内；迁移区划时本机构账号与部门的范围字段同一事务更新。
import { and, asc, count, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '@/lib/platform/db/client';
import { fetchPage } from '@/lib/platform/db/paged';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { SessionUser, Session } from '@/lib/platform/auth/session';
import { ApiError } from '@/lib/platform/api/errors';
import { withUniqueMessage } from '@/lib/platform/db/save-row';
import { assertInScope, inScope, scopeWhere } from '@/lib/platform/auth/scope';
import { formatBeijing } from '@/lib/platform/time';
import { keepIfMasked, maskMobile } from '@/lib/platform/identity';
import { areas } from '../area/tables';
import { resolveRegion, ROOT_AREA_ID } from '../area/service';
import { orgMembers } from './members';
import { departments, organisations, organisationWorks } from './tables';
import {
  ORG_CATEGORIES,
  ORG_STATUS,
  ORG_TYPES,
  type MoveOrgInput,
  type OrgCategory,
  type OrgDetail,
  type OrgItem,
  type OrgSaveInput,
  type OrgUpdateInput,
  type OrgWorkSaveInput,
  type UpdateOwnOrgInput,
} from './schemas';
import { containsPattern } from '@/lib/platform/db/like';

/** ctx.audit */

const area = alias(areas, 'org_area');
const city = alias(areas, 'org_city');
const parent = alias(organisations, 'org_parent');

/** 机构的范围列：县级用户按机构所在区划（县区代码）匹配 */
export const orgScopeColumns = { cityId: organisations.cityId, countyId: organisations.areaId, orgId: organisations.id };

const columns = {
  id: organisations.id,
  code: organisations.code,
  name: organisations.name,
  category: organisations.category,
  orgType: organisations.orgType,
  areaId: organisations.areaId,
  areaName: area.name,
  cityId: organisations.cityId,
  cityName: city.name,
  parentId: organisations.parentId,
  parentName: parent.name,
  unifiedSocialCreditCode: organisations.unifiedSocialCreditCode,
  legalPerson: organisations.legalPerson,
  contactName: organisations.contactName,
  contactPhone: organisations.contactPhone,
  address: organisations.address,
  remark: organisations.remark,
  status: organisations.status,
  createdAt: organisations.createdAt,
  updatedAt: organisations.updatedAt,
};

type Row = Awaited<ReturnType<typeof baseQuery>>[number];

/** 机构所在区划换算成 [省, 市|null, 县区|null] */
function regionOf(r: { areaId: number; cityId: number | null }): [number, number | null, number | null] {
  if (r.cityId === null) return [ROOT_AREA_ID, null, null];
  return [ROOT_AREA_ID, r.cityId, r.areaId === r.cityId ? null : r.areaId];
}

function toItem(r: Row): OrgItem {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    category: r.category,
    categoryName: ORG_CATEGORIES[r.category as OrgCategory] ?? r.category,
    orgType: r.orgType,
    orgTypeName: ORG_TYPES[r.orgType] ?? String(r.orgType),
    areaId: r.areaId,
    areaName: r.areaName,
    cityId: r.cityId,
    cityName: r.cityName,
    region: regionOf(r),
    parentId: r.parentId,
    parentName: r.parentName,
    unifiedSocialCreditCode: r.unifiedSocialCreditCode,
    legalPerson: r.legalPerson,
    contactName: r.contactName,
    contactPhone: r.contactPhone,
    address: r.address,
    remark: r.remark,
    status: r.status,
    statusName: ORG_STATUS[r.status] ?? String(r.status),
    createTime: formatBeijing(r.createdAt),
    updateTime: formatBeijing(r.updatedAt),
  };
}

/** 给当前用户看的机构：联系人手机号只有本机构的人看全，其他人（含管理员）脱敏；修改时原样传回的脱敏值保留原号码 */
function forViewer(item: OrgItem, user: SessionUser): OrgItem {
  return user.orgId === item.id || !item.contactPhone ? item : { ...item, contactPhone: maskMobile(item.contactPhone) };
}

function baseQuery(db: Db) {
  return db
    .select(columns)
    .from(organisations)
    .leftJoin(area, eq(area.id, organisations.areaId))
    .leftJoin(city, eq(city.id, organisations.cityId))
    .leftJoin(parent, eq(parent.id, organisations.parentId));
}

const likeOf = containsPattern;

export interface OrgFilter {
  name?: string;
  code?: string;
  category?: OrgCategory;
  orgType?: number;
  areaId?: number;
  cityId?: number;
  status?: number;
  parentId?: number;
}

export async function listOrganisations(db: Db, user: SessionUser, filter: OrgFilter, page: Page): Promise<PageResult<OrgItem>> {
  const conds: (SQL | undefined)[] = [scopeWhere(user, orgScopeColumns)];
  if (filter.name) conds.push(ilike(organisations.name, likeOf(filter.name)));
  if (filter.code) conds.push(ilike(organisations.code, likeOf(filter.code)));
  if (filter.category) conds.push(eq(organisations.category, filter.category));
  if (filter.orgType !== undefined) conds.push(eq(organisations.orgType, filter.orgType));
  // 区划树上选中的节点：市按所在市、县区按所在县区；省（根）不限
  if (filter.areaId !== undefined && filter.areaId !== ROOT_AREA_ID) {
    conds.push(or(eq(organisations.areaId, filter.areaId), eq(organisations.cityId, filter.areaId)));
  }
  if (filter.cityId !== undefined) conds.push(eq(organisations.cityId, filter.cityId));
  if (filter.status !== undefined) conds.push(eq(organisations.status, filter.status));
  if (filter.parentId !== undefined) conds.push(eq(organisations.parentId, filter.parentId));
  const where = and(...conds);
  return fetchPage(
    page,
    baseQuery(db).where(where).orderBy(asc(organisations.cityId), asc(organisations.name), asc(organisations.id)),
    db.select({ total: count() }).from(organisations).where(where),
    (rows) => rows.map((row) => forViewer(toItem(row), user)),
  );
}

const NOT_FOUND = '机构';
const scoped = (r: { id: number; areaId: number; cityId: number | null }) => ({ cityId: r.cityId, countyId: r.areaId, orgId: r.id });

/** 范围外的与不存在的一样答 404，不透露其存在。 */
async function loadInScope(db: Db, user: SessionUser, where: SQL): Promise<Row> {
  const [row] = await baseQuery(db).where(where);
  assertInScope(user, row && scoped(row), NOT_FOUND);
  return row;
}

export async function getOrganisation(db: Db, user: SessionUser, code: string): Promise<OrgDetail> {
  const row = await loadInScope(db, user, eq(organisations.code, code));
  const [works, counted, [{ childCount }]] = await Promise.all([
    db
      .select({ workCode: organisationWorks.workCode, workName: organisationWorks.workName })
      .from(organisationWorks)
      .where(eq(organisationWorks.orgId, row.id))
      .orderBy(asc(organisationWorks.workCode)),
    orgMembers().countByOrg(db, [row.id]),
    db.select({ childCount: count() }).from(organisations).where(eq(organisations.parentId, row.id)),
  ]);
  return { ...forViewer(toItem(row), user), works, userCount: counted[0]?.n ?? 0, childCount };
}

/** 审计快照：与列表条目相同的形状（带中文名称），变更对比直接可读 */
async function snapshot(db: Db, id: number): Promise<OrgItem> {
  const [row] = await baseQuery(db).where(eq(organisations.id, id));
  return toItem(row);
}

/* ---------- 区划与树 ---------- */

interface Placed {
  areaId: number;
  cityId: number | null;
}

/** 区划值 → 机构的 areaId/cityId；并要求在操作人的管辖范围内 */
async function placeIn(db: Db, user: SessionUser, region: readonly [number, number | null, number | null]): Promise<Placed> {
  const areaId = await resolveRegion(db, region);
  const placed = { areaId, cityId: region[1] };
  if (!inScope(user, { cityId: placed.cityId, countyId: placed.areaId, orgId: null })) {
    throw ApiError.forbidden('所选行政区划不在您的管辖范围内');
  }
  return placed;
}

/** child 的区划在 outer 的区划之内（同级或更低） */
function within(child: Placed, outer: Placed): boolean {
  if (outer.cityId === null) return true; // 省级
  if (outer.areaId === outer.cityId) return child.cityId === outer.cityId; // 市级
  return child.areaId === outer.areaId; // 县区级
}

/** 全部下级机构：逐层查（机构树很浅，每层一次查询） */
async function descendants(db: Db, id: number): Promise<{ id: number; name: string; areaId: number; cityId: number | null }[]> {
  const found: { id: number; name: string; areaId: number; cityId: number | null }[] = [];
  const seen = new Set<number>([id]);
  let frontier = [id];
  while (frontier.length) {
    const level = await db
      .select({ id: organisations.id, name: organisations.name, areaId: organisations.areaId, cityId: organisations.cityId })
      .from(organisations)
      .where(inArray(organisations.parentId, frontier));
    const fresh = level.filter((o) => !seen.has(o.id));
    fresh.forEach((o) => seen.add(o.id));
    found.push(...fresh);
    frontier = fresh.map((o) => o.id);
  }
  return found;
}

/** 上级机构：须在范围内，且本机构的区划在其区划之内 */
async function checkParent(db: Db, user: SessionUser, parentId: number | null, self: Placed & { id?: number }): Promise<void> {
  if (parentId === null) return;
  if (self.id !== undefined && parentId === self.id) throw ApiError.badRequest('上级机构不能是机构本身', { parentId: '上级机构不能是机构本身' });
  const [p] = await db.select().from(organisations).where(eq(organisations.id, parentId));
  if (!p || !inScope(user, scoped(p))) throw ApiError.badRequest('上级机构不存在或不在您的管辖范围内', { parentId: '上级机构不存在或不在您的管辖范围内' });
  if (!within(self, p)) {
    throw ApiError.badRequest(`机构所在区划不在上级机构「${p.name}」的区划范围内`, { parentId: '机构所在区划须在上级机构的区划之内' });
  }
  if (self.id !== undefined && (await descendants(db, self.id)).some((d) => d.id === parentId)) {
    throw ApiError.badRequest('不能把机构移到它自己的下级机构之下', { parentId: '不能选择本机构的下级机构' });
  }
}

/** 区划变更：下级机构须仍在新区划内；本机构账号与部门的范围字段跟着改（调用方在事务内） */
async function applyAreaChange(tx: Db, orgId: number, to: Placed): Promise<void> {
  const outside = (await descendants(tx, orgId)).filter((d) => !within(d, to));
  if (outside.length) {
    throw ApiError.badRequest(`下级机构「${outside[0].name}」不在新的区划范围内，请先调整下级机构`, { region: '下级机构不在新的区划范围内' });
  }
  await orgMembers().followArea(tx, orgId, to);
  await tx.update(departments).set({ areaId: to.areaId, cityId: to.cityId }).where(eq(departments.orgId, orgId));
}

/* ---------- 新增、修改、删除、迁移 ---------- */

/** 机构的增删改与迁移只由管理员做；机构用户只维护本机构的基本信息（updateOrganization） */
function requireAdmin(user: SessionUser): void {
  if (user.level === 'org') throw ApiError.forbidden('机构账号不能管理机构，请在“本机构信息”中维护基本信息');
}

async function assertCreditCodeFree(db: Db, code: string | null, exceptId?: number): Promise<void> {
  if (!code) return;
  const [dup] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(and(eq(organisations.unifiedSocialCreditCode, code), exceptId === undefined ? undefined : sql`${organisations.id} <> ${exceptId}`));
  if (dup) throw ApiError.conflict(`统一社会信用代码已被机构「${dup.name}」使用`);
}


/** 新增与修改共用的字段（编码只在新增时写，状态各有默认） */
const orgFields = (input: z.output<typeof OrgSaveInput> | z.output<typeof OrgUpdateInput>, placed: Awaited<ReturnType<typeof placeIn>>, storedPhone: string | null = null) => ({
  name: input.name,
  category: input.category,
  orgType: input.orgType,
  ...placed,
  parentId: input.parentId,
  unifiedSocialCreditCode: input.unifiedSocialCreditCode,
  legalPerson: input.legalPerson,
  contactName: input.contactName,
  contactPhone: keepIfMasked(input.contactPhone, storedPhone) ?? null,
  address: input.address,
  remark: input.remark,
});

export async function createOrganisation(db: Db, session: Session, input: z.output<typeof OrgSaveInput>, audit: Audit): Promise<OrgItem> {
  const user = session.user;
  requireAdmin(user);
  const placed = await placeIn(db, user, input.region);
  await checkParent(db, user, input.parentId, placed);
  const [exists] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, input.code));
  if (exists) throw ApiError.conflict(`机构编码 ${input.code} 已存在`);
  await assertCreditCodeFree(db, input.unifiedSocialCreditCode);
  const [{ id }] = await withUniqueMessage(`机构编码 ${input.code} 已存在`, () =>
    db
      .insert(organisations)
      .values({ code: input.code, ...orgFields(input, placed), status: input.status ?? 0 })
      .returning({ id: organisations.id }),
  );
  const after = await snapshot(db, id);
  audit({ entity: 'organisation', entityId: id, after, detail: `新增机构 ${input.name}` });
  return forViewer(after, user);
}

export async function updateOrganisation(db: Db, session: Session, input: z.output<typeof OrgUpdateInput>, audit: Audit): Promise<OrgItem> {
  const user = session.user;
  requireAdmin(user);
  const current = await loadInScope(db, user, eq(organisations.id, input.id));
  const placed = await placeIn(db, user, input.region);
  await checkParent(db, user, input.parentId, { ...placed, id: input.id });
  await assertCreditCodeFree(db, input.unifiedSocialCreditCode, input.id);
  const areaChanged = placed.areaId !== current.areaId;
  await db.transaction(async (tx) => {
    await tx
      .update(organisations)
      .set({ ...orgFields(input, placed, current.contactPhone), status: input.status ?? current.status, updatedAt: new Date() })
      .where(eq(organisations.id, input.id));
    if (areaChanged) await applyAreaChange(tx, input.id, placed);
  });
  const after = await snapshot(db, input.id);
  audit({ entity: 'organisation', entityId: input.id, before: toItem(current), after, detail: `修改机构 ${after.name}` });
  return forViewer(after, user);
}

/** 迁移到另一个上级（可同时迁区划）：拒绝环；下级机构随之移动；账号与部门的范围同步 */
export async function moveOrganisation(db: Db, session: Session, input: z.output<typeof MoveOrgInput>, audit: Audit): Promise<OrgItem> {
  const user = session.user;
  requireAdmin(user);
  const current = await loadInScope(db, user, eq(organisations.id, input.id));
  const placed = input.region ? await placeIn(db, user, input.region) : { areaId: current.areaId, cityId: current.cityId };
  await checkParent(db, user, input.parentId, { ...placed, id: input.id });
  await db.transaction(async (tx) => {
    await tx.update(organisations).set({ parentId: input.parentId, ...placed, updatedAt: new Date() }).where(eq(organisations.id, input.id));
    if (placed.areaId !== current.areaId) await applyAreaChange(tx, input.id, placed);
  });
  const after = await snapshot(db, input.id);
  audit({
    entity: 'organisation',
    entityId: input.id,
    before: toItem(current),
    after,
    detail: `迁移机构 ${after.name} 到${after.parentName ? `「${after.parentName}」之下` : '顶级'}`,
  });
  return forViewer(after, user);
}

export async function removeOrganisations(db: Db, session: Session, ids: number[], audit: Audit): Promise<{ removed: number }> {
  const user = session.user;
  requireAdmin(user);
  const unique = [...new Set(ids)];
  const rows = await baseQuery(db).where(inArray(organisations.id, unique));
  for (const id of unique) {
    const row = rows.find((r) => r.id === id);
    assertInScope(user, row && scoped(row), NOT_FOUND);
  }
  const [userCounts, childCounts, deptCounts] = await Promise.all([
    orgMembers().countByOrg(db, unique),
    db.select({ id: organisations.parentId, n: count() }).from(organisations).where(inArray(organisations.parentId, unique)).groupBy(organisations.parentId),
    db.select({ id: departments.orgId, n: count() }).from(departments).where(inArray(departments.orgId, unique)).groupBy(departments.orgId),
  ]);
  const nameOf = (id: number | null) => rows.find((r) => r.id === id)?.name;
  if (userCounts[0]) throw ApiError.badRequest(`机构「${nameOf(userCounts[0].orgId)}」下还有 ${userCounts[0].n} 个账号，请先删除或调走这些账号`);
  if (deptCounts[0]) throw ApiError.badRequest(`机构「${nameOf(deptCounts[0].id)}」下还有 ${deptCounts[0].n} 个部门，请先删除部门`);
  // 上下级一起删时，下级不挡上级；只挡不在本次删除之列的下级
  if (childCounts.length) {
    const [child] = await db
      .select({ parentId: organisations.parentId })
      .from(organisations)
      .where(and(inArray(organisations.parentId, unique), notInArray(organisations.id, unique)))
      .limit(1);
    if (child) throw ApiError.badRequest(`机构「${nameOf(child.parentId)}」下还有下级机构，请先迁移或删除下级机构`);
  }
  await db.delete(organisations).where(inArray(organisations.id, unique));
  for (const r of rows) audit({ entity: 'organisation', entityId: r.id, before: toItem(r), detail: `删除机构 ${r.name}` });
  return { removed: unique.length };
}

/** 工种整体替换 */
export async function saveOrganisationWorks(db: Db, session: Session, input: z.output<typeof OrgWorkSaveInput>, audit: Audit) {
  const user = session.user;
  requireAdmin(user);
  const org = await loadInScope(db, user, eq(organisations.id, input.orgId));
  const before = await db
    .select({ workCode: organisationWorks.workCode, workName: organisationWorks.workName })
    .from(organisationWorks)
    .where(eq(organisationWorks.orgId, org.id))
    .orderBy(asc(organisationWorks.workCode));
  await db.transaction(async (tx) => {
    await tx.delete(organisationWorks).where(eq(organisationWorks.orgId, org.id));
    if (input.works.length) await tx.insert(organisationWorks).values(input.works.map((w) => ({ orgId: org.id, ...w })));
  });
  const after = [...input.works].sort((a, b) => a.workCode.localeCompare(b.workCode));
  audit({ entity: 'organisationWork', entityId: org.id, before, after, detail: `设置机构 ${org.name} 的工种（${after.length} 个）` });
  return { orgId: org.id, works: after };
}

/** 机构用户维护本机构的基本信息：机构取自会话 */
export async function updateOwnOrganisation(db: Db, session: Session, input: z.output<typeof UpdateOwnOrgInput>, audit: Audit): Promise<OrgItem> {
  const user = session.user;
  if (user.orgId === null) throw ApiError.forbidden('当前账号不属于任何机构');
  const before = await snapshot(db, user.orgId);
  await db
    .update(organisations)
    .set({ ...input, ...(input.contactPhone !== undefined ? { contactPhone: keepIfMasked(input.contactPhone, before.contactPhone) ?? null } : {}), updatedAt: new Date() })
    .where(eq(organisations.id, user.orgId));
  const after = await snapshot(db, user.orgId);
  audit({ entity: 'organisation', entityId: user.orgId, before, after, detail: `机构自行修改基本信息 ${after.name}` });
  return after;
}

// 机构查询，受数据范围约束：省级看全省，市级看本市，县级看本县区，机构用户只看本机构。
// 范围只取自会话用户（scopeWhere / assertInScope），筛选条件只能在范围内再收窄。
import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/platform/db/client';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import type { SessionUser } from '@/lib/platform/auth/session';
import { assertInScope, scopeWhere } from '@/lib/platform/auth/scope';
import { formatBeijing } from '@/lib/platform/time';
import { areas } from '../area/tables';
import { organisations } from './tables';
import { ORG_CATEGORIES, ORG_STATUS, ORG_TYPES, type OrgCategory, type OrgItem } from './schemas';

const area = alias(areas, 'org_area');
const city = alias(areas, 'org_city');

/** 机构的范围列：县级用户按机构所在区划（县区代码）匹配 */
const scopeColumns = { cityId: organisations.cityId, countyId: organisations.areaId, orgId: organisations.id };

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
  unifiedSocialCreditCode: organisations.unifiedSocialCreditCode,
  status: organisations.status,
  createdAt: organisations.createdAt,
};

type Row = Awaited<ReturnType<typeof baseQuery>>[number];

function toItem(r: Row): OrgItem {
  return {
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
    unifiedSocialCreditCode: r.unifiedSocialCreditCode,
    status: r.status,
    statusName: ORG_STATUS[r.status] ?? String(r.status),
    createTime: formatBeijing(r.createdAt),
  };
}

function baseQuery(db: Db) {
  return db
    .select(columns)
    .from(organisations)
    .leftJoin(area, eq(area.id, organisations.areaId))
    .leftJoin(city, eq(city.id, organisations.cityId));
}

export interface OrgFilter {
  name?: string;
  category?: OrgCategory;
  cityId?: number;
}

export async function listOrganisations(db: Db, user: SessionUser, filter: OrgFilter, page: Page): Promise<PageResult<OrgItem>> {
  const conds: (SQL | undefined)[] = [scopeWhere(user, scopeColumns)];
  if (filter.name) conds.push(ilike(organisations.name, `%${filter.name.replace(/[\\%_]/g, '\\$&')}%`));
  if (filter.category) conds.push(eq(organisations.category, filter.category));
  if (filter.cityId !== undefined) conds.push(eq(organisations.cityId, filter.cityId));
  const where = and(...conds);
  const [rows, [{ total }]] = await Promise.all([
    baseQuery(db).where(where).orderBy(asc(organisations.cityId), asc(organisations.name), asc(organisations.id)).limit(page.pageSize).offset(page.offset),
    db.select({ total: count() }).from(organisations).where(where),
  ]);
  return { list: rows.map(toItem), total };
}

/** 范围外的编码与不存在的编码一样答 404，不透露其存在。 */
export async function getOrganisation(db: Db, user: SessionUser, code: string): Promise<OrgItem> {
  const [row] = await baseQuery(db).where(eq(organisations.code, code));
  const found = assertInScope(user, row && { ...row, countyId: row.areaId, orgId: row.id }, '机构');
  return toItem(found);
}

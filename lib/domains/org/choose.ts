// 常用机构：每个账号自己的收藏列表（选择机构时置顶快速选取）。只能收藏管辖范围内的机构；
// 机构后来移出范围（迁移、账号调动）时列表里也不再出现。
import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/platform/db/client';
import { fetchPage } from '@/lib/platform/db/paged';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import type { SessionUser, Session } from '@/lib/platform/auth/session';
import { ApiError } from '@/lib/platform/api/errors';
import { inScope, scopeWhere } from '@/lib/platform/auth/scope';
import { formatBeijing } from '@/lib/platform/time';
import { areas } from '../area/tables';
import { organisationChoices, organisations } from './tables';
import { ORG_CATEGORIES, type ChooseAddInput, type ChooseUpdateInput, type OrgCategory } from './schemas';
import type { Audit } from '@/lib/platform/api/endpoint';
import { orgScopeColumns } from './service';
import { containsPattern } from '@/lib/platform/db/like';

export interface ChooseItem {
  id: number;
  orgId: number;
  orgCode: string;
  orgName: string;
  categoryName: string;
  cityName: string | null;
  remark: string | null;
  sort: number;
  createTime: string;
}

export async function listChoices(db: Db, user: SessionUser, filter: { name?: string }, page: Page): Promise<PageResult<ChooseItem>> {
  const where = and(
    eq(organisationChoices.userId, user.id),
    scopeWhere(user, orgScopeColumns),
    filter.name ? ilike(organisations.name, containsPattern(filter.name)) : undefined,
  );
  const { list: rows, total } = await fetchPage(
    page,
    db
      .select({ c: organisationChoices, org: organisations, cityName: areas.name })
      .from(organisationChoices)
      .innerJoin(organisations, eq(organisations.id, organisationChoices.orgId))
      .leftJoin(areas, eq(areas.id, organisations.cityId))
      .where(where)
      .orderBy(asc(organisationChoices.sort), asc(organisationChoices.id)),
    db.select({ total: count() }).from(organisationChoices).innerJoin(organisations, eq(organisations.id, organisationChoices.orgId)).where(where),
  );
  return {
    list: rows.map(({ c, org, cityName }) => ({
      id: c.id,
      orgId: org.id,
      orgCode: org.code,
      orgName: org.name,
      categoryName: ORG_CATEGORIES[org.category as OrgCategory] ?? org.category,
      cityName,
      remark: c.remark,
      sort: c.sort,
      createTime: formatBeijing(c.createdAt),
    })),
    total,
  };
}

export async function addChoice(db: Db, session: Session, input: z.output<typeof ChooseAddInput>, audit: Audit): Promise<{ id: number }> {
  const user = session.user;
  const [org] = await db.select().from(organisations).where(eq(organisations.id, input.orgId));
  if (!org || !inScope(user, { cityId: org.cityId, countyId: org.areaId, orgId: org.id })) throw ApiError.notFound('机构不存在或不在您的管辖范围内');
  const [row] = await db
    .insert(organisationChoices)
    .values({ userId: user.id, orgId: org.id, remark: input.remark, sort: input.sort })
    .onConflictDoNothing()
    .returning({ id: organisationChoices.id });
  if (!row) throw ApiError.conflict(`「${org.name}」已在常用机构中`);
  audit({ entity: 'organisationChoice', entityId: row.id, after: { orgId: org.id, orgName: org.name, remark: input.remark, sort: input.sort }, detail: `添加常用机构 ${org.name}` });
  return row;
}

/** 只能改、删自己的；别人的与不存在的一样答 404 */
export async function updateChoice(db: Db, session: Session, input: z.output<typeof ChooseUpdateInput>, audit: Audit): Promise<{ id: number }> {
  const user = session.user;
  const [before] = await db
    .select()
    .from(organisationChoices)
    .where(and(eq(organisationChoices.id, input.id), eq(organisationChoices.userId, user.id)));
  if (!before) throw ApiError.notFound('常用机构不存在');
  await db.update(organisationChoices).set({ remark: input.remark, sort: input.sort }).where(eq(organisationChoices.id, input.id));
  audit({ entity: 'organisationChoice', entityId: input.id, before, after: { ...before, remark: input.remark, sort: input.sort }, detail: '修改常用机构' });
  return { id: input.id };
}

export async function removeChoices(db: Db, session: Session, ids: number[], audit: Audit): Promise<{ removed: number }> {
  const user = session.user;
  const unique = [...new Set(ids)];
  const own = and(inArray(organisationChoices.id, unique), eq(organisationChoices.userId, user.id));
  const rows = await db.select().from(organisationChoices).where(own);
  // 有不属于自己的（或不存在的）：整体不删
  if (rows.length < unique.length) throw ApiError.notFound('常用机构不存在');
  await db.delete(organisationChoices).where(own);
  for (const r of rows) audit({ entity: 'organisationChoice', entityId: r.id, before: r, detail: '移除常用机构' });
  return { removed: rows.length };
}

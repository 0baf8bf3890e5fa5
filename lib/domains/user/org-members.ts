// 机构下的账号：登记到 org/members.ts（机构详情的账号数、删除机构前的检查、机构换区划时账号跟着换），org 因此不引用 user。
import { and, count, eq, inArray } from 'drizzle-orm';
import { registerOrgMembers } from '../org/members';
import { users } from './tables';

registerOrgMembers({
  async countByOrg(db, orgIds) {
    if (orgIds.length === 0) return [];
    const rows = await db
      .select({ orgId: users.orgId, n: count() })
      .from(users)
      .where(inArray(users.orgId, [...orgIds]))
      .groupBy(users.orgId);
    return rows.flatMap((r) => (r.orgId === null ? [] : [{ orgId: r.orgId, n: r.n }]));
  },
  async followArea(tx, orgId, to) {
    await tx
      .update(users)
      .set({ areaId: to.areaId, cityId: to.cityId, updatedAt: new Date() })
      .where(and(eq(users.orgId, orgId), eq(users.level, 'org')));
  },
});

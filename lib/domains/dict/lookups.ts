// 通用查询（SPEC §7 Common lookups）：培训类型、机构名称查询、用户类型、腾讯云配置、当前用户实名信息。
import { and, asc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import type { SessionUser } from '@/lib/platform/auth/session';
import { scopeWhere } from '@/lib/platform/auth/scope';
import { organisations } from '../org/tables';
import { users } from '../user/tables';
import { like } from './service';

/** 机构名称查询最多返回的条数 */
export const ORG_LOOKUP_LIMIT = 50;

/** 按名称查机构（下拉/联想用）：只含范围内、状态正常的机构，最多 50 条 */
export async function lookupOrganisations(db: Db, user: SessionUser, orgName: string | undefined) {
  const conds: (SQL | undefined)[] = [
    scopeWhere(user, { cityId: organisations.cityId, countyId: organisations.areaId, orgId: organisations.id }),
    eq(organisations.status, 0),
  ];
  if (orgName) conds.push(ilike(organisations.name, like(orgName)));
  return db
    .select({
      id: organisations.id,
      code: organisations.code,
      orgName: organisations.name,
      orgType: organisations.orgType,
      category: organisations.category,
      cityId: organisations.cityId,
      areaId: organisations.areaId,
    })
    .from(organisations)
    .where(and(...conds))
    .orderBy(asc(organisations.name), asc(organisations.id))
    .limit(ORG_LOOKUP_LIMIT);
}

/**
 * 腾讯云（实时音视频/对象存储）前端所需的公开配置。SecretKey 只在服务端使用，从不返回；
 * 未配置 AppId 或 SecretId 时明确告知“未配置”，不返回空值让前端猜。
 */
export function tencentConfig(env: NodeJS.ProcessEnv = process.env) {
  const appId = env.TENCENT_APP_ID?.trim();
  const secretId = env.TENCENT_SECRET_ID?.trim();
  if (!appId || !secretId) throw ApiError.badRequest('腾讯云服务未配置');
  return {
    appId,
    secretId,
    region: env.TENCENT_REGION?.trim() || null,
    bucket: env.TENCENT_COS_BUCKET?.trim() || null,
  };
}

const maskMobile = (m: string | null) => (m && m.length === 11 ? `${m.slice(0, 3)}****${m.slice(7)}` : m);

/** 当前用户的实名信息：姓名、实名说明、脱敏手机号。账号表没有证件号，idCard 为空。 */
export async function realInformation(db: Db, user: SessionUser) {
  const [row] = await db
    .select({ code: users.code, account: users.account, realName: users.realName, realNameDesc: users.realNameDesc, mobile: users.mobile, userType: users.userType })
    .from(users)
    .where(eq(users.id, user.id));
  if (!row) throw ApiError.notFound('用户不存在');
  return { ...row, mobile: maskMobile(row.mobile), idCard: null as string | null, realNameVerified: Boolean(row.realName) };
}

// 机构与企业的自助注册及其审核：写机构与账号，通知管理员（站内消息），通过时授予角色（access）。
// 用到消息与角色，故在账号域而不在 user（user 在它们之下）。
import { blindIndex } from '@/lib/platform/crypto/sealed';
import bcrypt from 'bcrypt';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import { isUniqueViolation } from '@/lib/platform/db/save-row';
import type { SessionUser } from '@/lib/platform/auth/session';
import { assertInScope } from '@/lib/platform/auth/scope';
import { passwordStrength } from '@/lib/platform/auth/password';
import { resolveRegion } from '../area/service';
import { organisations } from '../org/tables';
import { ORG_STATE } from '../org/codes';
import { roles, userRoles } from '../access/tables';
import { notify } from '../message/service';
import { users } from '../user/tables';
import { USER_STATUS } from '../user/status';
import { verifySmsCode } from '../user/sms';
import { CATEGORY_LABEL, type AuditRegisterInput, type RegisterCategory, type RegisterInput } from '../user/schemas';
import { accountExists, accountsByMobile, adminsFor, BCRYPT_ROUNDS, MOBILE_TAKEN, newCode } from '../user/service';

const USER_TYPE_OF: Record<RegisterCategory, string> = { eval: 'RENCAI_ORG', train: 'RENCAI_ORG', enterprise: 'ENTERPRISE' };
/** 机构类型（SPEC §3）：评价机构 3 社会培训评价组织，培训机构 103 民办职业培训机构，企业 0 */
const ORG_TYPE_OF: Record<RegisterCategory, number> = { eval: 3, train: 103, enterprise: 0 };
/** 审核通过后授予的角色（存在才授予） */
const ROLE_OF: Record<RegisterCategory, string> = { eval: 'EVAL_ORG', train: 'TRAIN_ORG', enterprise: 'ENTERPRISE' };

/** 机构或企业自助注册：机构与账号都待审核，同一事务写入 */
export async function registerOrganisation(db: Db, input: z.output<typeof RegisterInput>) {
  if (await accountExists(db, input.account)) throw ApiError.badRequest('账号已存在', { account: '账号已存在' });
  if ((await accountsByMobile(db, input.mobile)).length > 0) throw ApiError.badRequest(MOBILE_TAKEN, { mobile: MOBILE_TAKEN });
  const [dup] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(
      and(
        eq(organisations.unifiedSocialCreditCode, input.unifiedSocialCreditCode),
        // 被驳回的注册不占信用代码；被停用的机构仍然占用
        sql`not exists (select 1 from ${users} where ${users.orgId} = ${organisations.id} and ${users.status} = ${USER_STATUS.REJECTED})`,
      ),
    );
  if (dup) {
    throw ApiError.badRequest('该统一社会信用代码已注册，请勿重复注册', { unifiedSocialCreditCode: '该统一社会信用代码已注册' });
  }
  const [province, city, county] = input.region;
  const areaId = await resolveRegion(db, [province, city, county]);
  // 验证码放在其他检查之后：信息有误时不白白用掉验证码
  await verifySmsCode(db, input.mobile, 'register', input.smsCode);
  const passwordHash = await bcrypt.hash(input.password, BCRYPT_ROUNDS);
  try {
    await db.transaction(async (tx) => {
      const [org] = await tx
        .insert(organisations)
        .values({
          code: newCode('O'),
          name: input.orgName,
          category: input.category,
          orgType: ORG_TYPE_OF[input.category],
          areaId,
          cityId: city,
          unifiedSocialCreditCode: input.unifiedSocialCreditCode,
          status: ORG_STATE.PENDING,
        })
        .returning({ id: organisations.id });
      await tx.insert(users).values({
        code: newCode('U'),
        account: input.account,
        passwordHash,
        nickName: input.contactName,
        realName: input.contactName,
        mobile: input.mobile,
        mobileIndex: blindIndex('mobile', input.mobile),
        userType: USER_TYPE_OF[input.category],
        level: 'org',
        areaId,
        cityId: city,
        orgId: org.id,
        status: USER_STATUS.PENDING,
        passwordStrength: passwordStrength(input.password),
      });
      const admins = await adminsFor(tx, city);
      if (admins.length > 0) {
        await notify(
          tx,
          admins.map((a) => a.id),
          {
            title: '新的注册申请待审核',
            content: `${CATEGORY_LABEL[input.category]}“${input.orgName}”提交了注册申请（账号 ${input.account}，联系人 ${input.contactName}），请及时审核。`,
            kind: 'audit',
          },
        );
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw ApiError.badRequest('账号已存在', { account: '账号已存在' });
    throw err;
  }
  return { account: input.account, status: 'pending' as const };
}

/** 审核注册：只能审核本人管辖范围内的；通过则账号与机构启用并授予对应角色，驳回须有意见；结果发站内消息 */
export async function auditRegister(db: Db, actor: SessionUser, input: z.output<typeof AuditRegisterInput>) {
  const [found] = await db
    .select({ user: users, org: organisations })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.orgId))
    .where(eq(users.code, input.code));
  const target = assertInScope(
    actor,
    found && { cityId: found.user.cityId, countyId: found.user.areaId, orgId: found.user.orgId, ...found },
    '注册申请',
  );
  if (target.user.status !== USER_STATUS.PENDING || !target.org) throw ApiError.conflict('该注册申请已审核，请勿重复审核');
  const org = target.org;
  const category = org.category as RegisterCategory;
  await db.transaction(async (tx) => {
    const done = await tx
      .update(users)
      .set({ status: input.pass ? USER_STATUS.NORMAL : USER_STATUS.REJECTED, updatedAt: new Date() })
      .where(and(eq(users.id, target.user.id), eq(users.status, USER_STATUS.PENDING)))
      .returning({ id: users.id });
    if (done.length === 0) throw ApiError.conflict('该注册申请已审核，请勿重复审核');
    await tx
      .update(organisations)
      .set({ status: input.pass ? ORG_STATE.NORMAL : ORG_STATE.DISABLED })
      .where(eq(organisations.id, org.id));
    if (input.pass && ROLE_OF[category]) {
      const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, ROLE_OF[category]));
      if (role) await tx.insert(userRoles).values({ userId: target.user.id, roleId: role.id }).onConflictDoNothing();
    }
    await notify(tx, [target.user.id], {
      kind: 'audit',
      title: input.pass ? '注册申请已通过' : '注册申请未通过',
      content: input.pass
        ? `您的${CATEGORY_LABEL[category] ?? ''}注册申请（${org.name}）已审核通过，可以登录使用。${input.opinion ? `审核意见：${input.opinion}` : ''}`
        : `您的${CATEGORY_LABEL[category] ?? ''}注册申请（${org.name}）未通过审核。审核意见：${input.opinion}`,
    });
  });
  return { code: input.code, status: input.pass ? ('approved' as const) : ('rejected' as const) };
}

// 登录的准入：账号密码、短信、统一身份认证。先查黑名单（portal），再用身份域的锁定与会话机制；
// 驳回的注册把审核意见（站内消息）告诉登录人。读黑名单与消息，故在账号域而不在 user（user 在它们之下）。
import { maskMobile } from '@/lib/platform/identity';
import bcrypt from 'bcrypt';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/platform/db/client';
import { ApiError, ReturnCode } from '@/lib/platform/api/errors';
import { passwordStrength } from '@/lib/platform/auth/password';
import { messages } from '../message/tables';
import { assertNotBlacklisted } from '../portal/blacklist';
import { users, type User } from '../user/tables';
import { USER_STATUS } from '../user/status';
import { verifySmsCode } from '../user/sms';
import { finishOidcLogin, requireOidcConfig } from '../user/sso';
import type { LoginInput, SmsLoginInput, SsoLoginInput } from '../user/schemas';
import {
  accountsByMobile,
  openSession,
  recordFailure,
  refuseIfLocked,
  reserveAttempt,
  unknownAccountFailure,
  writeLoginLog,
  type ClientMeta,
  type LoginResult,
} from '../user/service';

/** 冻结、待审核、被驳回的账号不能登录 */
async function refuseIfInactive(db: Db, user: User, meta: ClientMeta): Promise<void> {
  let message: string | null = null;
  if (user.status === USER_STATUS.FROZEN) message = '账号已被冻结，请联系管理员';
  else if (user.status === USER_STATUS.PENDING) message = '账号正在审核中，审核通过后即可登录';
  else if (user.status === USER_STATUS.REJECTED) {
    const [last] = await db
      .select({ content: messages.content })
      .from(messages)
      .where(and(eq(messages.userId, user.id), eq(messages.kind, 'audit')))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(1);
    const opinion = last?.content.match(/审核意见：(.+)$/)?.[1];
    message = opinion ? `注册申请未通过审核（审核意见：${opinion}）` : '注册申请未通过审核';
  }
  if (!message) return;
  await writeLoginLog(db, { userId: user.id, account: user.account, kind: 'failure', message }, meta);
  throw ApiError.badRequest(message);
}

/** 账号密码登录（/user/login 与 /user/loginV2） */
export async function passwordLogin(db: Db, input: z.output<typeof LoginInput>, meta: ClientMeta): Promise<LoginResult> {
  await assertNotBlacklisted(db, { account: input.account, ...meta });
  const [user] = await db.select().from(users).where(eq(users.account, input.account));
  if (!user) return unknownAccountFailure(db, input.account, input.password, meta);
  const attempt = await reserveAttempt(db, user, meta);
  if (!(await bcrypt.compare(input.password, user.passwordHash))) await recordFailure(db, user, attempt, meta);
  await refuseIfInactive(db, user, meta);
  // 强度按本次输入的明文计算：规则或评分变了，下次登录即生效
  return openSession(db, user, passwordStrength(input.password), meta, 'login', '账号密码登录');
}

/** 短信验证码登录（/account/sms）：与密码登录相同的锁定与状态规则；错误的验证码计入该验证码的尝试次数 */
export async function smsLogin(db: Db, input: z.output<typeof SmsLoginInput>, meta: ClientMeta): Promise<LoginResult> {
  await assertNotBlacklisted(db, { mobile: input.mobile, ...meta });
  try {
    await verifySmsCode(db, input.mobile, 'login', input.smsCode);
  } catch (err) {
    const [owner] = await accountsByMobile(db, input.mobile);
    const reason = err instanceof ApiError ? err.message : '验证码校验失败';
    await writeLoginLog(db, { userId: owner?.id ?? null, account: owner?.account ?? maskMobile(input.mobile), kind: 'failure', message: `短信登录：${reason}` }, meta);
    throw err;
  }
  const found = await accountsByMobile(db, input.mobile);
  if (found.length === 0) throw ApiError.badRequest('该手机号未绑定账号，请使用账号密码登录');
  if (found.length > 1) throw ApiError.badRequest('该手机号绑定了多个账号，请使用账号密码登录');
  const [user] = found;
  await refuseIfLocked(db, user, meta);
  await refuseIfInactive(db, user, meta);
  return openSession(db, user, user.passwordStrength, meta, 'login', '短信验证码登录');
}

/** 身份尚未确认时（回调或令牌被拒）登录日志里的账号 */
const SSO_UNKNOWN_ACCOUNT = '统一身份认证';

/**
 * 统一身份认证登录（/user/ssoLogin、/user/onePlatformLogin）。stateCookie：/user/ssoConfig 发起时放进
 * oidc_state Cookie 的随机值，对应库里这次登录的 state、nonce 与 PKCE 校验码（sso.ts）。
 */
export async function ssoLogin(
  db: Db,
  input: Pick<z.output<typeof SsoLoginInput>, 'code' | 'redirectUri' | 'state' | 'iss'>,
  meta: ClientMeta,
  stateCookie: string | null,
): Promise<LoginResult> {
  const cfg = requireOidcConfig();
  let identity: Awaited<ReturnType<typeof finishOidcLogin>>;
  try {
    identity = await finishOidcLogin(db, cfg, stateCookie, input);
  } catch (err) {
    // 重放、伪造的令牌、错误的 iss 都记一条失败，便于追查；身份源不可达（502）不是登录失败
    if (err instanceof ApiError && err.returnCode === ReturnCode.BAD_REQUEST) {
      await writeLoginLog(db, { userId: null, account: SSO_UNKNOWN_ACCOUNT, kind: 'failure', message: err.message }, meta);
    }
    throw err;
  }
  const [user] = await db.select().from(users).where(eq(users.account, identity.username));
  if (!user) {
    const message = `统一身份认证账号 ${identity.username} 未绑定本系统账号`;
    await writeLoginLog(db, { userId: null, account: identity.username, kind: 'failure', message }, meta);
    throw ApiError.badRequest(message);
  }
  await assertNotBlacklisted(db, { account: user.account, ...meta });
  await refuseIfLocked(db, user, meta);
  await refuseIfInactive(db, user, meta);
  return openSession(db, user, user.passwordStrength, meta, 'sso', `统一身份认证登录（sub=${identity.sub}）`);
}

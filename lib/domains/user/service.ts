// 身份域的规则：登录的锁定与会话、退出、改密、资料、待审核的注册、用户列表。登录的准入（黑名单、驳回意见）与
// 注册、审核在 account/sign-in.ts、account/register.ts：它们读消息、黑名单、角色，user 在这些领域之下。
// 处理函数只做转接；这里的每条规则都在服务端执行。
import { randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';
import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { fetchPage } from '@/lib/platform/db/paged';
import type { Page } from '@/lib/platform/api/paging';
import { ApiError, ReturnCode } from '@/lib/platform/api/errors';
import { hitRateLimit } from '@/lib/platform/http/rate-limit';
import type { DataLevel, SessionUser } from '@/lib/platform/auth/session';
import { assertInScope, scopeWhere } from '@/lib/platform/auth/scope';
import { passwordStrength } from '@/lib/platform/auth/password';
import { formatBeijing } from '@/lib/platform/time';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { isMaskedValue, maskMobile } from '@/lib/platform/identity';
import { areas } from '../area/tables';
import { organisations } from '../org/tables';
import { loginLogs, userSessions, users, type User } from './tables';
import { insertLoginLog } from './login-log';
import { createSession, hashToken, revokeToken, revokeUserSessions } from './session';
import { USER_STATUS } from './status';
import { issueSmsCode, verifySmsCode } from './sms';
import { CATEGORY_LABEL, type RegisterCategory, type SmsPurpose } from './schemas';
import type { z } from 'zod';
import type {
  PendingRegistersInput,
  RecoverPasswordInput,
  ResetPasswordInput,
  UpdateUserInput,
  UserListInput,
  UserUpdateInput,
} from './schemas';
import { containsPattern } from '@/lib/platform/db/like';

export const BCRYPT_ROUNDS = 10;
export const MAX_LOGIN_FAILURES = 5;
export const LOCK_MINUTES = 15;

export function newCode(prefix: string): string {
  return `${prefix}${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;
}

export interface NewUser {
  account: string;
  password: string;
  nickName: string;
  realName?: string;
  mobile?: string;
  userType: string;
  level: 'province' | 'city' | 'county' | 'org';
  areaId: number | null;
  cityId?: number | null;
  orgId?: number | null;
  passwordStrength?: 3 | 4;
  /** 已算好的 password 的 bcrypt 哈希：种子给同一密码的多个账号只算一次 */
  passwordHash?: string;
}

/** 账号不存在时创建，存在则原样返回（种子可重复执行）。 */
export async function ensureUser(db: Db, input: NewUser): Promise<User> {
  const [existing] = await db.select().from(users).where(eq(users.account, input.account));
  if (existing) return existing;
  const passwordHash = input.passwordHash ?? (await bcrypt.hash(input.password, BCRYPT_ROUNDS));
  const [created] = await db
    .insert(users)
    .values({ passwordStrength: passwordStrength(input.password), ...input, mobileIndex: input.mobile ? blindIndex('mobile', input.mobile) : null, code: newCode('U'), passwordHash })
    .onConflictDoNothing()
    .returning();
  return created ?? (await db.select().from(users).where(eq(users.account, input.account)))[0];
}

// ---------------------------------------------------------------- 用户资料

export interface UserProfile {
  id: number;
  code: string;
  account: string;
  /** 显示名：真实姓名，没有则用户名 */
  name: string;
  nickName: string;
  realName: string | null;
  userType: string;
  mobile: string | null;
  /** 本系统不单独保存座机，与 mobile 相同 */
  telephone: string | null;
  email: string | null;
  avatar: string | null;
  level: DataLevel;
  areaId: number | null;
  cityId: number | null;
  orgId: number | null;
  orgName: string | null;
  passwordStrength: number;
}

/** 登录结果与 getUserAndPermissions 共用的用户形状 */
export async function userProfile(db: Db, userId: number): Promise<UserProfile> {
  const [row] = await db
    .select({ user: users, orgName: organisations.name })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.orgId))
    .where(eq(users.id, userId));
  if (!row) throw ApiError.notFound('用户不存在');
  const u = row.user;
  return {
    id: u.id,
    code: u.code,
    account: u.account,
    name: u.realName || u.nickName,
    nickName: u.nickName,
    realName: u.realName,
    userType: u.userType,
    mobile: u.mobile,
    telephone: u.mobile,
    email: u.email,
    avatar: u.avatar,
    level: u.level as DataLevel,
    areaId: u.areaId,
    cityId: u.cityId,
    orgId: u.orgId,
    orgName: row.orgName,
    passwordStrength: u.passwordStrength,
  };
}

// ---------------------------------------------------------------- 登录

export interface ClientMeta {
  ip?: string;
  userAgent?: string | null;
}

type LogKind = 'login' | 'failure' | 'locked' | 'logout' | 'sso';

export async function writeLoginLog(db: Db, entry: { userId: number | null; account: string; kind: LogKind; message?: string }, meta: ClientMeta) {
  await insertLoginLog(db, {
    userId: entry.userId,
    account: entry.account.slice(0, 64),
    kind: entry.kind,
    message: entry.message?.slice(0, 200) ?? null,
    ip: meta.ip?.slice(0, 64) || null,
    userAgent: meta.userAgent?.slice(0, 300) || null,
  });
}

export const WRONG_CREDENTIALS = '账号或密码错误';
const lockMessage = (minutes: number) => `密码连续输错 ${MAX_LOGIN_FAILURES} 次，账号已锁定，请 ${minutes} 分钟后再试`;

/** 未知账号也做一次 bcrypt 比较，响应时间不泄露账号是否存在 */
let dummyHash: string | undefined;
const getDummyHash = () => (dummyHash ??= bcrypt.hashSync(randomBytes(12).toString('hex'), BCRYPT_ROUNDS));

/** 锁定期间任何方式（密码、短信、统一身份认证）都不能登录 */
export async function refuseIfLocked(db: Db, user: User, meta: ClientMeta): Promise<void> {
  const left = user.lockedUntil ? user.lockedUntil.getTime() - Date.now() : 0;
  if (left <= 0) return;
  const message = lockMessage(Math.ceil(left / 60000));
  await writeLoginLog(db, { userId: user.id, account: user.account, kind: 'failure', message: `锁定期间尝试登录` }, meta);
  throw new ApiError(ReturnCode.TOO_MANY, message, { data: { lockedUntil: user.lockedUntil } });
}

/**
 * 比较密码前先在库里原子地占一次尝试（failed_logins + 1，条件是未锁定且未满 5 次）：
 * 并发的请求、多个实例都经同一行的条件更新，一个锁定窗口内最多比较 5 次密码。
 * 占不到（已锁定，或 5 次尝试都在途）即拒绝，不做比较。
 */
export async function reserveAttempt(db: Db, user: User, meta: ClientMeta): Promise<number> {
  const [slot] = await db
    .update(users)
    .set({ failedLogins: sql`${users.failedLogins} + 1` })
    .where(
      and(
        eq(users.id, user.id),
        sql`(${users.lockedUntil} is null or ${users.lockedUntil} <= now())`,
        sql`${users.failedLogins} < ${MAX_LOGIN_FAILURES}`,
      ),
    )
    .returning({ attempt: users.failedLogins });
  if (slot) return slot.attempt;
  const [now] = await db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.id, user.id));
  const until = now?.lockedUntil && now.lockedUntil.getTime() > Date.now() ? now.lockedUntil : new Date(Date.now() + LOCK_MINUTES * 60000);
  await writeLoginLog(db, { userId: user.id, account: user.account, kind: 'failure', message: '锁定期间尝试登录' }, meta);
  throw new ApiError(ReturnCode.TOO_MANY, lockMessage(Math.ceil((until.getTime() - Date.now()) / 60000)), { data: { lockedUntil: until } });
}

/** 占用的那次尝试确认为密码错误；第 5 次锁定 15 分钟（计数清零，解锁后重新计） */
export async function recordFailure(db: Db, user: User, attempt: number, meta: ClientMeta): Promise<never> {
  if (attempt >= MAX_LOGIN_FAILURES) {
    const [row] = await db
      .update(users)
      .set({ failedLogins: 0, lockedUntil: sql`now() + make_interval(mins => ${LOCK_MINUTES})` })
      .where(eq(users.id, user.id))
      .returning({ lockedUntil: users.lockedUntil });
    await writeLoginLog(db, { userId: user.id, account: user.account, kind: 'locked', message: `连续输错 ${MAX_LOGIN_FAILURES} 次，锁定 ${LOCK_MINUTES} 分钟` }, meta);
    throw new ApiError(ReturnCode.TOO_MANY, lockMessage(LOCK_MINUTES), { data: { lockedUntil: row?.lockedUntil } });
  }
  await writeLoginLog(db, { userId: user.id, account: user.account, kind: 'failure', message: `密码错误（第 ${attempt} 次）` }, meta);
  throw ApiError.badRequest(WRONG_CREDENTIALS);
}

export interface LoginResult {
  authorizationToken: string;
  expiresAt: Date;
  passwordStrength: number;
  user: UserProfile;
}

export async function openSession(db: Db, user: User, strength: number, meta: ClientMeta, kind: 'login' | 'sso', message: string): Promise<LoginResult> {
  await db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: new Date(), passwordStrength: strength })
    .where(eq(users.id, user.id));
  const { token, expiresAt } = await createSession(db, user.id, meta);
  await writeLoginLog(db, { userId: user.id, account: user.account, kind, message }, meta);
  return { authorizationToken: token, expiresAt, passwordStrength: strength, user: await userProfile(db, user.id) };
}

const UNKNOWN_ACCOUNT = '账号不存在';

/**
 * 不存在的账号按与真实账号相同的规则作答：同样比较一次密码（耗时相同），连续第 5 次同样答“已锁定”（429，带 lockedUntil），
 * 锁定的 15 分钟内同样不比较、答剩余分钟数。计数取自登录日志里该账号名的记录（“账号不存在”的失败与“锁定”），
 * 同一账号名的判定以咨询锁串行化。否则试 5 次看锁不锁就能知道账号是否存在。
 */
export async function unknownAccountFailure(db: Db, account: string, password: string, meta: ClientMeta): Promise<never> {
  const name = account.slice(0, 64);
  const lastLock = async (tx: Db) =>
    (
      await tx
        .select({ at: loginLogs.createdAt })
        .from(loginLogs)
        .where(and(eq(loginLogs.account, name), sql`${loginLogs.userId} is null`, eq(loginLogs.kind, 'locked')))
        .orderBy(desc(loginLogs.createdAt))
        .limit(1)
    )[0]?.at;
  const lockedUntil = (at: Date | undefined) => (at ? new Date(at.getTime() + LOCK_MINUTES * 60000) : null);
  const locked = lockedUntil(await lastLock(db));
  if (locked && locked.getTime() > Date.now()) {
    await writeLoginLog(db, { userId: null, account: name, kind: 'failure', message: '锁定期间尝试登录' }, meta);
    throw new ApiError(ReturnCode.TOO_MANY, lockMessage(Math.ceil((locked.getTime() - Date.now()) / 60000)), { data: { lockedUntil: locked } });
  }
  await bcrypt.compare(password, getDummyHash());
  const until = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'login-unknown:' + name}))`);
    const since = await lastLock(tx);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(loginLogs)
      .where(
        and(
          eq(loginLogs.account, name),
          sql`${loginLogs.userId} is null`,
          eq(loginLogs.kind, 'failure'),
          eq(loginLogs.message, UNKNOWN_ACCOUNT),
          since ? sql`${loginLogs.createdAt} > ${since}` : undefined,
        ),
      );
    await writeLoginLog(tx, { userId: null, account: name, kind: 'failure', message: UNKNOWN_ACCOUNT }, meta);
    if (Number(n) + 1 < MAX_LOGIN_FAILURES) return null;
    const row = await insertLoginLog(tx, { userId: null, account: name, kind: 'locked', message: `连续输错 ${MAX_LOGIN_FAILURES} 次，锁定 ${LOCK_MINUTES} 分钟`, ip: meta.ip?.slice(0, 64) || null, userAgent: meta.userAgent?.slice(0, 300) || null });
    return lockedUntil(row.createdAt);
  });
  if (until) throw new ApiError(ReturnCode.TOO_MANY, lockMessage(LOCK_MINUTES), { data: { lockedUntil: until } });
  throw ApiError.badRequest(WRONG_CREDENTIALS);
}

/** 非驳回状态的同号账号（驳回的注册不占手机号，可用同一手机号重新注册） */
export async function accountsByMobile(db: Db, mobile: string): Promise<User[]> {
  // 手机号是密文：经盲索引查找（全角、空格、+86 写法也认）
  return db.select().from(users).where(and(eq(users.mobileIndex, blindIndex('mobile', mobile)), ne(users.status, USER_STATUS.REJECTED))).orderBy(asc(users.id));
}


/** 退出：吊销本次令牌（没有或已失效也照常返回） */
export async function logout(db: Db, token: string | null, meta: ClientMeta): Promise<void> {
  if (!token) return;
  const [row] = await db
    .select({ userId: users.id, account: users.account, revokedAt: userSessions.revokedAt })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(eq(userSessions.tokenHash, hashToken(token)));
  if (!row || row.revokedAt) return;
  await revokeToken(db, token, 'logout');
  await writeLoginLog(db, { userId: row.userId, account: row.account, kind: 'logout', message: '退出登录' }, meta);
}

/** 注册时查重的限流（每个 IP）：每分钟与每小时各有上限，超过答 429 */
export const CHECK_ACCOUNT_LIMITS = [
  { limit: 20, seconds: 60, window: '分钟' },
  { limit: 200, seconds: 3600, window: '小时' },
] as const;

/** 公开的账号查重（/user/checkAccount）：按 IP 限流，防止拿它枚举账号 */
export async function checkAccount(db: Db, account: string, ip: string): Promise<{ exists: boolean }> {
  for (const { limit, seconds, window } of CHECK_ACCOUNT_LIMITS) {
    const r = await hitRateLimit(db, `checkAccount:${seconds}:${ip}`, limit, seconds);
    if (!r.allowed) {
      throw new ApiError(ReturnCode.TOO_MANY, `账号查重过于频繁：每${window}最多 ${limit} 次，请 ${r.retryAfter} 秒后再试`, { data: { retryAfter: r.retryAfter } });
    }
  }
  return { exists: await accountExists(db, account) };
}

export async function accountExists(db: Db, account: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.account, account));
  return Boolean(row);
}

// ---------------------------------------------------------------- 短信

export const MOBILE_TAKEN = '该手机号已被其他账号使用';

/** 公开的发送验证码：登录与找回密码要求手机号已绑定账号，注册要求未被占用 */
export async function sendVerCode(db: Db, mobile: string, purpose: Exclude<SmsPurpose, 'updateMobile'>, ip?: string) {
  const owners = await accountsByMobile(db, mobile);
  if (purpose === 'register' && owners.length > 0) throw ApiError.badRequest(MOBILE_TAKEN, { mobile: MOBILE_TAKEN });
  if (purpose !== 'register' && owners.length === 0) {
    throw ApiError.badRequest('该手机号未绑定账号，请核对手机号或使用账号密码登录', { mobile: '该手机号未绑定账号' });
  }
  return issueSmsCode(db, mobile, purpose, ip);
}

export async function assertMobileFree(db: Db, mobile: string, selfId: number): Promise<void> {
  const owners = await accountsByMobile(db, mobile);
  if (owners.some((u) => u.id !== selfId)) throw ApiError.badRequest(MOBILE_TAKEN, { mobile: MOBILE_TAKEN });
}

async function loadUser(db: Db, id: number): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw ApiError.notFound('用户不存在');
  return user;
}

export async function sendUpdateMobileCode(db: Db, actor: SessionUser, mobile: string, ip?: string) {
  const me = await loadUser(db, actor.id);
  if (me.mobile === mobile) throw ApiError.badRequest('新手机号不能与当前手机号相同', { mobile: '新手机号不能与当前手机号相同' });
  await assertMobileFree(db, mobile, me.id);
  return issueSmsCode(db, mobile, 'updateMobile', ip);
}

export async function updateMobile(db: Db, actor: SessionUser, mobile: string, smsCode: string) {
  const me = await loadUser(db, actor.id);
  if (me.mobile === mobile) throw ApiError.badRequest('新手机号不能与当前手机号相同', { mobile: '新手机号不能与当前手机号相同' });
  await assertMobileFree(db, mobile, me.id);
  await verifySmsCode(db, mobile, 'updateMobile', smsCode);
  await db.update(users).set({ mobile, mobileIndex: blindIndex('mobile', mobile), updatedAt: new Date() }).where(eq(users.id, me.id));
  return { mobile };
}

// ---------------------------------------------------------------- 本人资料与密码

/** 本人资料：不传的字段不改，传空串清空 */
export async function updateOwnProfile(db: Db, actor: SessionUser, input: z.output<typeof UpdateUserInput>): Promise<UserProfile> {
  const set: Partial<typeof users.$inferInsert> = { nickName: input.nickName, updatedAt: new Date() };
  if (input.realName !== undefined) set.realName = input.realName || null;
  if (input.email !== undefined) set.email = input.email || null;
  if (input.avatar !== undefined) set.avatar = input.avatar || null;
  await db.update(users).set(set).where(eq(users.id, actor.id));
  return userProfile(db, actor.id);
}

/** 修改密码：只能改自己的；成功后吊销全部会话，需重新登录 */
export async function changePassword(db: Db, actor: SessionUser, input: z.output<typeof ResetPasswordInput>, meta: ClientMeta) {
  if (input.code !== actor.code) throw ApiError.forbidden('只能修改自己的密码');
  const me = await loadUser(db, actor.id);
  if (!(await bcrypt.compare(input.oldPassword, me.passwordHash))) {
    throw ApiError.badRequest('旧密码不正确', { oldPassword: '旧密码不正确' });
  }
  if (input.password === input.oldPassword) throw ApiError.badRequest('新密码不能与旧密码相同', { password: '新密码不能与旧密码相同' });
  await setPassword(db, me, input.password);
  await writeLoginLog(db, { userId: me.id, account: me.account, kind: 'logout', message: '修改密码，全部会话已失效' }, meta);
  return { relogin: true as const };
}

async function setPassword(db: Db, user: User, password: string): Promise<void> {
  const passwordHash = await bcrypt.hash(password, BCRYPT_ROUNDS);
  await db
    .update(users)
    .set({ passwordHash, passwordStrength: passwordStrength(password), failedLogins: 0, lockedUntil: null, updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await revokeUserSessions(db, user.id, 'password');
}

/** 忘记密码：账号 + 绑定手机的验证码 → 设新密码，并吊销全部会话 */
export async function recoverPassword(db: Db, input: z.output<typeof RecoverPasswordInput>, meta: ClientMeta) {
  await verifySmsCode(db, input.mobile, 'resetPassword', input.smsCode);
  const [user] = await db.select().from(users).where(eq(users.account, input.account));
  if (!user || user.mobileIndex !== blindIndex('mobile', input.mobile)) throw ApiError.badRequest('账号与手机号不匹配', { account: '账号与手机号不匹配' });
  await setPassword(db, user, input.password);
  await writeLoginLog(db, { userId: user.id, account: user.account, kind: 'logout', message: '短信验证找回密码，全部会话已失效' }, meta);
  return { relogin: true as const };
}

export async function getRealNameDesc(db: Db, actor: SessionUser) {
  const me = await loadUser(db, actor.id);
  return { realNameDesc: me.realNameDesc ?? '' };
}

export async function setRealNameDesc(db: Db, actor: SessionUser, realNameDesc: string) {
  await db.update(users).set({ realNameDesc: realNameDesc || null, updatedAt: new Date() }).where(eq(users.id, actor.id));
  return { realNameDesc };
}

// ---------------------------------------------------------------- 注册与审核


/** 区划的管理员：本市的市级管理员与省级管理员 */
export async function adminsFor(db: Db, cityId: number | null) {
  const cityCond = cityId === null ? undefined : and(eq(users.userType, 'RENCAI_SHI'), eq(users.cityId, cityId));
  const provinceCond = and(eq(users.userType, 'RENCAI_ADMIN'), eq(users.level, 'province'));
  return db
    .select({ id: users.id, nickName: users.nickName, realName: users.realName, mobile: users.mobile, level: users.level, areaName: areas.name })
    .from(users)
    .leftJoin(areas, eq(areas.id, users.areaId))
    .where(and(eq(users.status, USER_STATUS.NORMAL), cityCond ? or(cityCond, provinceCond) : provinceCond))
    .orderBy(sql`case when ${users.level} = 'province' then 1 else 0 end`, asc(users.id));
}

const registrantScope = { cityId: users.cityId, countyId: users.areaId, orgId: users.orgId };

export async function pendingRegisters(db: Db, actor: SessionUser, filter: z.output<typeof PendingRegistersInput>, page: Page) {
  const where: (SQL | undefined)[] = [eq(users.status, USER_STATUS.PENDING), eq(users.level, 'org'), scopeWhere(actor, registrantScope)];
  if (filter.orgName) where.push(ilike(organisations.name, containsPattern(filter.orgName)));
  if (filter.category) where.push(eq(organisations.category, filter.category));
  const cond = and(...where);
  const { list: rows, total } = await fetchPage(
    page,
    db
      .select({ user: users, org: organisations, areaName: areas.name })
      .from(users)
      .innerJoin(organisations, eq(organisations.id, users.orgId))
      .leftJoin(areas, eq(areas.id, users.areaId))
      .where(cond)
      .orderBy(desc(users.createdAt), desc(users.id)),
    db.select({ total: count() }).from(users).innerJoin(organisations, eq(organisations.id, users.orgId)).where(cond),
  );
  return {
    list: rows.map(({ user, org, areaName }) => ({
      code: user.code,
      account: user.account,
      orgCode: org.code,
      orgName: org.name,
      category: org.category,
      categoryName: CATEGORY_LABEL[org.category as RegisterCategory] ?? org.category,
      unifiedSocialCreditCode: org.unifiedSocialCreditCode,
      contactName: user.realName,
      mobile: user.mobile ? maskMobile(user.mobile) : null,
      areaId: user.areaId,
      areaName,
      cityId: user.cityId,
      createTime: formatBeijing(user.createdAt),
    })),
    total,
  };
}

async function scopedUser(db: Db, actor: SessionUser, code: string): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.code, code));
  return assertInScope(actor, row && { ...row, countyId: row.areaId }, '用户');
}

// ---------------------------------------------------------------- 管理员联系方式、部门、用户列表

/** "联系我的管理员"：本市的市级管理员，以及省级管理员 */
export async function responsibleAdmins(db: Db, actor: SessionUser) {
  const rows = await adminsFor(db, actor.cityId);
  return rows
    .filter((r) => r.id !== actor.id)
    .map((r) => ({ name: r.realName || r.nickName, mobile: r.mobile, level: r.level, areaName: r.areaName }));
}

interface NamedCode {
  code: string;
  name: string;
}

/** 本人所在的省、市、县区与机构 */
export async function userDepartment(db: Db, actor: SessionUser) {
  const me = await loadUser(db, actor.id);
  const chain: { id: number; pid: number; name: string; level: number }[] = [];
  let next: number | null = me.areaId;
  while (next !== null && chain.length < 4) {
    const [a] = await db.select({ id: areas.id, pid: areas.pid, name: areas.name, level: areas.level }).from(areas).where(eq(areas.id, next));
    if (!a) break;
    chain.push(a);
    next = a.level > 1 ? a.pid : null;
  }
  const at = (level: number): NamedCode | null => {
    const a = chain.find((x) => x.level === level);
    return a ? { code: String(a.id), name: a.name } : null;
  };
  let org: NamedCode | null = null;
  if (me.orgId !== null) {
    const [o] = await db.select({ code: organisations.code, name: organisations.name }).from(organisations).where(eq(organisations.id, me.orgId));
    org = o ?? null;
  }
  return { level: me.level, province: at(1), city: at(2), county: at(3), organisation: org };
}

const listColumns = {
  user: users,
  orgName: organisations.name,
  areaName: areas.name,
};

function toListItem(row: { user: User; orgName: string | null; areaName: string | null }) {
  const u = row.user;
  return {
    code: u.code,
    account: u.account,
    nickName: u.nickName,
    realName: u.realName,
    userType: u.userType,
    // 用户列表里手机号脱敏；修改时原样传回的脱敏值不改（profileChanges）
    mobile: u.mobile ? maskMobile(u.mobile) : null,
    email: u.email,
    level: u.level,
    areaId: u.areaId,
    areaName: row.areaName,
    cityId: u.cityId,
    orgName: row.orgName,
    status: u.status,
    lastLoginTime: u.lastLoginAt ? formatBeijing(u.lastLoginAt) : null,
    createTime: formatBeijing(u.createdAt),
  };
}

/** 管辖范围内的用户分页列表 */
export async function listUsers(db: Db, actor: SessionUser, filter: z.output<typeof UserListInput>, page: Page) {
  const like = containsPattern;
  const where: (SQL | undefined)[] = [scopeWhere(actor, registrantScope)];
  if (filter.account) where.push(ilike(users.account, like(filter.account)));
  if (filter.name) where.push(or(ilike(users.nickName, like(filter.name)), ilike(users.realName, like(filter.name))));
  if (filter.userType) where.push(eq(users.userType, filter.userType));
  if (filter.status !== undefined) where.push(eq(users.status, filter.status));
  const cond = and(...where);
  return fetchPage(
    page,
    db
      .select(listColumns)
      .from(users)
      .leftJoin(organisations, eq(organisations.id, users.orgId))
      .leftJoin(areas, eq(areas.id, users.areaId))
      .where(cond)
      .orderBy(desc(users.createdAt), desc(users.id)),
    db.select({ total: count() }).from(users).where(cond),
    (rows) => rows.map(toListItem),
  );
}

/** 管理员修改管辖范围内用户的资料；范围外一律 404 */
/** 管理员修改资料的字段（用户名、真实姓名、邮箱、手机号）：没给的不改，空串清空；手机号不能被他人占用 */
export async function profileChanges(
  db: Db,
  targetId: number,
  input: { nickName?: string; realName?: string | null; email?: string | null; mobile?: string | null },
): Promise<Partial<typeof users.$inferInsert>> {
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.nickName !== undefined) set.nickName = input.nickName;
  if (input.realName !== undefined) set.realName = input.realName || null;
  if (input.email !== undefined) set.email = input.email || null;
  // 表单传回的脱敏手机号（未改动）不改
  if (input.mobile !== undefined && !isMaskedValue(input.mobile)) {
    if (input.mobile) await assertMobileFree(db, input.mobile, targetId);
    set.mobile = input.mobile || null;
    set.mobileIndex = input.mobile ? blindIndex('mobile', input.mobile) : null;
  }
  return set;
}

export async function updateUserByAdmin(db: Db, actor: SessionUser, input: z.output<typeof UserUpdateInput>) {
  const target = await scopedUser(db, actor, input.code);
  await db.update(users).set(await profileChanges(db, target.id, input)).where(eq(users.id, target.id));
  const [row] = await db
    .select(listColumns)
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.orgId))
    .leftJoin(areas, eq(areas.id, users.areaId))
    .where(eq(users.id, target.id));
  return toListItem(row);
}

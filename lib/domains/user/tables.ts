import { historyColumns, statusHistoryColumns } from '@/lib/platform/workflow/history';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, smallint, timestamp, uuid, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { blindIndexColumn, sealedText } from '@/lib/platform/crypto/columns';
import { areas } from '../area/tables';
import { organisations } from '../org/tables';

/** 登录账号。level + areaId/orgId 决定数据范围。 */
export const users = pgTable(
  'sys_user',
  {
    id: serial('id').primaryKey(),
    /** 对外标识（bizCode） */
    code: varchar('code', { length: 32 }).notNull().unique(),
    account: varchar('account', { length: 64 }).notNull().unique(),
    passwordHash: varchar('password_hash', { length: 100 }).notNull(),
    nickName: varchar('nick_name', { length: 64 }).notNull(),
    realName: varchar('real_name', { length: 64 }),
    mobile: sealedText('mobile', { kind: 'mobile', index: 'mobile_bidx' }),
    /** 盲索引（HMAC-SM3），查找与唯一约束用它；见 docs/SECURITY.md「个人信息加密」 */
    mobileIndex: blindIndexColumn('mobile_bidx'),
    email: varchar('email', { length: 128 }),
    avatar: varchar('avatar', { length: 500 }),
    /** 实名认证说明（/bapi/user/changeUserRealNameDesc） */
    realNameDesc: varchar('real_name_desc', { length: 200 }),
    /** RENCAI_ADMIN / RENCAI_SHI / RENCAI_ORG / ORG_EVAL / ORG_TRAIN / ENTERPRISE / TEACHER / SUPERVISOR / ASSESSOR … */
    userType: varchar('user_type', { length: 32 }).notNull(),
    /** 数据范围层级：province / city / county / org */
    level: varchar('level', { length: 16 }).notNull(),
    /** 所属区划：省级为 130000，市级为市代码，县级为县代码，机构用户为机构所在区划 */
    areaId: integer('area_id').references(() => areas.id),
    /** 所在市，数据范围按市过滤时用 */
    cityId: integer('city_id').references(() => areas.id),
    orgId: integer('org_id').references(() => organisations.id),
    /** 子账号所属的上级账号（/account/addSubAccount）；有子账号的账号不能删除 */
    parentId: integer('parent_id').references((): AnyPgColumn => users.id),
    /** status.ts 的 USER_STATUS：0 正常 1 冻结 2 待审核（自助注册） 3 注册被驳回；冻结与解冻只经状态机（workflow.ts） */
    status: smallint('status').notNull().default(0),
    /** 3 强 4 弱（SPEC §4），登录时按密码计算 */
    passwordStrength: smallint('password_strength').notNull().default(3),
    failedLogins: smallint('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sys_user_level_chk', sql`${t.level} in ('province', 'city', 'county', 'org')`),
    check('sys_user_status_chk', sql`${t.status} in (0, 1, 2, 3)`),
    check('sys_user_strength_chk', sql`${t.passwordStrength} in (3, 4)`),
    index('sys_user_area_idx').on(t.areaId),
    index('sys_user_city_idx').on(t.cityId),
    index('sys_user_org_idx').on(t.orgId),
    index('sys_user_mobile_idx').on(t.mobileIndex),
    index('sys_user_parent_idx').on(t.parentId),
    index('sys_user_created_idx').on(t.createdAt, t.id),
  ],
);

export type User = typeof users.$inferSelect;

/** 会话：令牌只存 SHA-256；吊销（退出、改密、冻结）后下一次请求得到 10005。 */
export const userSessions = pgTable(
  'user_session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout / password / frozen / forced / deleted */
    revokeReason: varchar('revoke_reason', { length: 16 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
  },
  (t) => [index('user_session_user_idx').on(t.userId, t.revokedAt), index('user_session_expires_idx').on(t.expiresAt)],
);

/**
 * 授权版本：一行。会话、账号、角色、授权有会影响已登录会话的改动时，触发器把 epoch 加一
 * （迁移 auth_epoch 里的触发器）。会话查找按令牌缓存结果，每个请求只读这一行比对版本：
 * 吊销、冻结、改角色在下一个请求就生效，多个实例也一样。
 */
export const authEpoch = pgTable('auth_epoch', {
  id: smallint('id').primaryKey(),
  epoch: bigint('epoch', { mode: 'number' }).notNull().default(0),
});

/** 登录日志：成功、失败、锁定、退出。 */
export const loginLogs = pgTable(
  'login_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    account: varchar('account', { length: 64 }).notNull(),
    /** login / failure / locked / logout / sso */
    kind: varchar('kind', { length: 16 }).notNull(),
    message: varchar('message', { length: 200 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 防篡改链（lib/platform/audit/chain.ts）：上一行的 hash 与本行的 SM3；链开始前的旧行为空 */
    prevHash: varchar('prev_hash', { length: 64 }),
    hash: varchar('hash', { length: 64 }),
  },
  (t) => [
    index('login_log_created_idx').on(t.createdAt),
    index('login_log_user_idx').on(t.userId, t.createdAt),
    // 不存在的账号按账号名计失败次数（与真实账号同样锁定）
    index('login_log_account_idx').on(t.account, t.createdAt),
  ],
);

/** 登录日志归档：超过保留期的行由定时任务原样移来（链连续，见 operation_log_archive）；不设外键 */
export const loginLogArchive = pgTable(
  'login_log_archive',
  {
    id: integer('id').primaryKey(),
    userId: integer('user_id'),
    account: varchar('account', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    message: varchar('message', { length: 200 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    prevHash: varchar('prev_hash', { length: 64 }),
    hash: varchar('hash', { length: 64 }),
    archivedAt: timestamp('archived_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_log_archive_created_idx').on(t.createdAt)],
);

/** 短信验证码：只存哈希，限时、限频、限次。 */
export const smsCodes = pgTable(
  'sms_code',
  {
    id: serial('id').primaryKey(),
    mobile: sealedText('mobile', { kind: 'mobile', index: 'mobile_bidx' }).notNull(),
    /** 盲索引（HMAC-SM3），查找与唯一约束用它；见 docs/SECURITY.md「个人信息加密」 */
    mobileIndex: blindIndexColumn('mobile_bidx'),
    /** login / register / updateMobile / resetPassword */
    purpose: varchar('purpose', { length: 16 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    attempts: smallint('attempts').notNull().default(0),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_code_mobile_idx').on(t.mobileIndex, t.purpose, t.createdAt), index('sms_code_ip_idx').on(t.ip, t.createdAt)],
);

/**
 * 统一身份认证（OIDC）发起中的登录：浏览器的 oidc_state Cookie 只带一个随机值，库里存它的 SHA-256 和
 * 这次登录的 state、nonce、PKCE code_verifier。回调时整行删除（只能用一次），10 分钟后过期。
 */
export const oidcLogins = pgTable(
  'oidc_login',
  {
    bindingHash: varchar('binding_hash', { length: 64 }).primaryKey(),
    issuer: varchar('issuer', { length: 500 }).notNull(),
    state: varchar('state', { length: 128 }).notNull(),
    nonce: varchar('nonce', { length: 128 }).notNull(),
    codeVerifier: varchar('code_verifier', { length: 128 }).notNull(),
    redirectUri: varchar('redirect_uri', { length: 2000 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oidc_login_expires_idx').on(t.expiresAt)],
);

/** 账号状态（冻结、解冻）的办理历史 */
export const userStatusHistory = pgTable(
  'sys_user_status_history',
  {
    ...historyColumns(),
    ...statusHistoryColumns(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sys_user_status_history_user_idx').on(t.userId, t.createdAt)],
);

// 身份域的端点：登录、退出、短信、资料与密码、注册与审核、统一身份认证、用户列表（SPEC §7 Auth and user）。
// 规则都在 service.ts；这里只做转接、Cookie 与请求元信息。
import { endpoint, type Ctx, type EndpointTable } from '@/lib/platform/api/endpoint';
import {
  AuditRegisterInput,
  CheckAccountInput,
  LoginInput,
  OnePlatformLoginInput,
  PendingRegistersInput,
  RealNameDescInput,
  RecoverPasswordInput,
  RegisterInput,
  ResetPasswordInput,
  SendUpdateMobileInput,
  SendVerCodeInput,
  SmsLoginInput,
  SsoConfigInput,
  SsoLoginInput,
  UpdateMobileInput,
  UpdateUserInput,
  UserListInput,
  UserUpdateInput,
} from './schemas';
import {
  checkAccount,
  auditRegister,
  changePassword,
  getRealNameDesc,
  listUsers,
  logout,
  passwordLogin,
  pendingRegisters,
  recoverPassword,
  registerOrganisation,
  responsibleAdmins,
  sendUpdateMobileCode,
  sendVerCode,
  setRealNameDesc,
  smsLogin,
  ssoLogin,
  updateMobile,
  updateOwnProfile,
  updateUserByAdmin,
  userDepartment,
  type ClientMeta,
  type LoginResult,
} from './service';
import { clearLoginCookies, cookieValue, secureSuffix, setLoginCookies, tokenFromRequest } from './session';
import { OIDC_LOGIN_TTL_MS, oidcConfig, startOidcLogin } from './sso';

const meta = (ctx: Ctx): ClientMeta => ({ ip: ctx.ip, userAgent: ctx.request.headers.get('user-agent') });

/** 登录成功：下发 Access-Token 与 pwdStrength Cookie，正文同样带令牌（API 客户端放进请求头） */
async function signIn(ctx: Ctx, login: Promise<LoginResult>): Promise<LoginResult> {
  const result = await login;
  setLoginCookies(ctx.responseHeaders, ctx.request, result.authorizationToken, result.passwordStrength);
  return result;
}

/**
 * 发起统一身份认证时的 Cookie（10 分钟，只回传给 /api/user 下的回调接口）：值是随机数，库里按它的 SHA-256
 * 找到这次登录的 state、nonce 与 PKCE 校验码（sso.ts），回调时清除。
 */
const OIDC_STATE_COOKIE = 'oidc_state';
const oidcStateCookie = (ctx: Ctx, value: string, maxAge: number) =>
  `${OIDC_STATE_COOKIE}=${value}; Path=/api/user; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secureSuffix(ctx.request)}`;

function takeOidcState(ctx: Ctx): string | null {
  const binding = cookieValue(ctx.request, OIDC_STATE_COOKIE);
  if (binding) ctx.responseHeaders.append('Set-Cookie', oidcStateCookie(ctx, '', 0));
  return binding;
}

export const userApi: EndpointTable = {
  'POST /user/login': endpoint({
    summary: '账号密码登录：返回 authorizationToken 并设置 Access-Token（httpOnly）与 pwdStrength Cookie；连续输错 5 次锁定 15 分钟',
    permission: 'public',
    input: LoginInput,
    handle: (input, ctx) => signIn(ctx, passwordLogin(ctx.db, input, meta(ctx))),
  }),
  'POST /user/loginV2': endpoint({
    summary: '账号密码登录（v2 客户端），与 /user/login 相同',
    permission: 'public',
    input: LoginInput,
    handle: (input, ctx) => signIn(ctx, passwordLogin(ctx.db, input, meta(ctx))),
  }),
  'POST /account/sms': endpoint({
    summary: '短信验证码登录：与账号密码登录相同的应答、Cookie、锁定与冻结规则',
    permission: 'public',
    input: SmsLoginInput,
    handle: (input, ctx) => signIn(ctx, smsLogin(ctx.db, input, meta(ctx))),
  }),
  'GET /user/ssoConfig': endpoint({
    summary: '统一身份认证是否已配置；给出 redirectUri 时发起登录（state、nonce、PKCE），返回跳转地址并设置 oidc_state Cookie',
    permission: 'public',
    input: SsoConfigInput,
    handle: async ({ redirectUri }, ctx) => {
      const cfg = oidcConfig();
      if (!cfg) return { enabled: false };
      if (!redirectUri) return { enabled: true };
      const { url, binding } = await startOidcLogin(ctx.db, cfg, redirectUri);
      ctx.responseHeaders.append('Set-Cookie', oidcStateCookie(ctx, binding, OIDC_LOGIN_TTL_MS / 1000));
      return { enabled: true, authorizationUrl: url };
    },
  }),
  'POST /user/ssoLogin': endpoint({
    summary: '统一身份认证（OIDC 授权码）回调登录：须带 /user/ssoConfig 设置的 oidc_state Cookie 与回调的 state、iss；未配置 OIDC_ISSUER 时返回说明',
    permission: 'public',
    input: SsoLoginInput,
    handle: (input, ctx) => signIn(ctx, ssoLogin(ctx.db, input, meta(ctx), takeOidcState(ctx))),
  }),
  'POST /user/onePlatformLogin': endpoint({
    summary: '一体化平台登录：code 或 ticket 作为 OIDC 授权码，其余同 /user/ssoLogin',
    permission: 'public',
    input: OnePlatformLoginInput,
    handle: ({ code, ticket, redirectUri, state, iss }, ctx) =>
      signIn(ctx, ssoLogin(ctx.db, { code: (code || ticket)!, redirectUri, state, iss }, meta(ctx), takeOidcState(ctx))),
  }),
  'GET /user/logout': endpoint({
    summary: '退出登录：吊销本次令牌、清除 Cookie；未登录时同样成功',
    permission: 'public',
    changes: true,
    handle: async (_input, ctx) => {
      await logout(ctx.db, tokenFromRequest(ctx.request), meta(ctx));
      clearLoginCookies(ctx.responseHeaders, ctx.request);
      return null;
    },
  }),
  'GET /user/checkAccount': endpoint({
    summary: '账号是否已存在（注册时检查）；每个 IP 每分钟 20 次、每小时 200 次，超过 429',
    permission: 'public',
    input: CheckAccountInput,
    handle: ({ account }, ctx) => checkAccount(ctx.db, account, ctx.ip),
  }),
  'GET /user/sendVerCode': endpoint({
    summary: '发送短信验证码：purpose 为 login、register 或 resetPassword；60 秒一条，每天 10 条，5 分钟有效',
    permission: 'public',
    changes: true,
    input: SendVerCodeInput,
    handle: ({ mobile, purpose }, ctx) => sendVerCode(ctx.db, mobile, purpose, ctx.ip),
  }),
  'POST /user/recoverPassword': endpoint({
    summary: '忘记密码：账号、绑定手机与验证码（purpose=resetPassword）核对后设置新密码，原有会话全部失效',
    permission: 'public',
    input: RecoverPasswordInput,
    handle: (input, ctx) => recoverPassword(ctx.db, input, meta(ctx)),
  }),
  'POST /user/sendUpdateMobileSmsCode': endpoint({
    summary: '更换手机号：向新手机号发送验证码（不能是当前号码，也不能是其他账号在用的号码）',
    permission: 'login',
    input: SendUpdateMobileInput,
    handle: ({ mobile }, ctx) => sendUpdateMobileCode(ctx.db, ctx.user(), mobile, ctx.ip),
  }),
  'POST /user/updateMobile': endpoint({
    summary: '更换手机号：核对新手机号的验证码后保存',
    permission: 'login',
    input: UpdateMobileInput,
    handle: ({ mobile, smsCode }, ctx) => updateMobile(ctx.db, ctx.user(), mobile, smsCode),
  }),
  'POST /user/updateUser': endpoint({
    summary: '修改本人资料（用户名、真实姓名、邮箱、头像）',
    permission: 'login',
    input: UpdateUserInput,
    handle: (input, ctx) => updateOwnProfile(ctx.db, ctx.user(), input),
  }),
  'POST /sys/user/reset/password': endpoint({
    summary: '修改本人密码：成功后全部会话失效、清除 Cookie，需重新登录',
    permission: 'login',
    input: ResetPasswordInput,
    handle: async (input, ctx) => {
      const result = await changePassword(ctx.db, ctx.user(), input, meta(ctx));
      clearLoginCookies(ctx.responseHeaders, ctx.request);
      return result;
    },
  }),
  'POST /user/register': endpoint({
    summary: '评价机构、培训机构或企业自助注册：机构与账号待管理员审核',
    permission: 'public',
    input: RegisterInput,
    handle: (input, { db }) => registerOrganisation(db, input),
  }),
  'POST /user/pendingRegisters': endpoint({
    summary: '管辖范围内待审核的注册申请',
    permission: 'account.edit',
    input: PendingRegistersInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => pendingRegisters(ctx.db, ctx.user(), filter, page),
  }),
  'POST /user/auditRegister': endpoint({
    summary: '审核注册申请：通过则启用账号与机构并授予角色，驳回须填写意见；结果以站内消息通知申请人',
    permission: 'account.edit',
    input: AuditRegisterInput,
    handle: (input, ctx) => auditRegister(ctx.db, ctx.user(), input),
  }),
  'POST /user/byRencaiAdmin': endpoint({
    summary: '负责本人的管理员（本市市级管理员与省级管理员）的联系方式',
    permission: 'login',
    handle: (_input, ctx) => responsibleAdmins(ctx.db, ctx.user()),
  }),
  'POST /bapi/user/changeUserRealNameDesc': endpoint({
    summary: '修改本人的实名认证说明',
    permission: 'login',
    input: RealNameDescInput,
    handle: ({ realNameDesc }, ctx) => setRealNameDesc(ctx.db, ctx.user(), realNameDesc),
  }),
  'POST /bapi/user/getUserRealNameDesc': endpoint({
    summary: '本人的实名认证说明',
    permission: 'login',
    handle: (_input, ctx) => getRealNameDesc(ctx.db, ctx.user()),
  }),
  'POST /bapi/user/list': endpoint({
    summary: '管辖范围内的用户分页列表，可按账号、姓名、用户类型、状态筛选',
    permission: 'account.query',
    input: UserListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listUsers(ctx.db, ctx.user(), filter, page),
  }),
  'POST /bapi/user/update': endpoint({
    summary: '修改管辖范围内用户的资料（范围外 404）',
    permission: 'account.edit',
    input: UserUpdateInput,
    handle: (input, ctx) => updateUserByAdmin(ctx.db, ctx.user(), input),
  }),
  'POST /bapi/user/getUserDepartment': endpoint({
    summary: '本人所在的省、市、县区与机构',
    permission: 'login',
    handle: (_input, ctx) => userDepartment(ctx.db, ctx.user()),
  }),
};

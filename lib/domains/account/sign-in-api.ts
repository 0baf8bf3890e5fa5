// 登录与注册的端点（SPEC §7 Auth and user）：路径仍在 /user、/account 下，规则在 sign-in.ts、register.ts；
// 这里只做转接、Cookie 与请求元信息。其余身份端点在 user/api.ts。
import { endpoint, type Ctx, type EndpointTable } from '@/lib/platform/api/endpoint';
import { AuditRegisterInput, LoginInput, OnePlatformLoginInput, RegisterInput, SmsLoginInput, SsoConfigInput, SsoLoginInput } from '../user/schemas';
import type { ClientMeta, LoginResult } from '../user/service';
import { cookieValue, secureSuffix, setLoginCookies } from '../user/session';
import { OIDC_LOGIN_TTL_MS, oidcConfig, startOidcLogin } from '../user/sso';
import { passwordLogin, smsLogin, ssoLogin } from './sign-in';
import { auditRegister, registerOrganisation } from './register';

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

export const signInApi = {
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
  'POST /user/register': endpoint({
    summary: '评价机构、培训机构或企业自助注册：机构与账号待管理员审核',
    permission: 'public',
    input: RegisterInput,
    handle: (input, { db }) => registerOrganisation(db, input),
  }),
  'POST /user/auditRegister': endpoint({
    summary: '审核注册申请：通过则启用账号与机构并授予角色，驳回须填写意见；结果以站内消息通知申请人',
    permission: 'account.edit',
    input: AuditRegisterInput,
    handle: (input, ctx) => auditRegister(ctx.db, ctx.user(), input),
  }),
} satisfies EndpointTable;

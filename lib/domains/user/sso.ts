// 统一身份认证（OIDC 授权码流程 + PKCE）。协议交给经 OpenID 认证的 openid-client：发现文档、state、nonce、
// PKCE（S256）、id_token 的签名与 iss/aud/exp/nonce、回调里 RFC 9207 的 iss 参数都由库核对，这里不自己解析令牌。
// 本文件只管：发起时把 state/nonce/code_verifier 存进库（oidc_login，浏览器 Cookie 里只有一个随机值），
// 回调时整行取出并删除（只能用一次，10 分钟过期），再把库的校验失败翻译成中文说明。
// 会话仍是本系统自己的可吊销令牌（docs/AUTH.md）。不自动开户：preferred_username（或 sub）必须是已有账号。
import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import { oidcLogins } from './tables';

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

export const OIDC_NOT_CONFIGURED = '未配置统一身份认证（OIDC），请使用账号密码登录';
export const UPSTREAM_DOWN = '统一身份认证服务暂不可用，请稍后重试或使用账号密码登录';
export const LOGIN_EXPIRED = '统一身份认证登录已失效（每次发起只能使用一次，10 分钟内有效），请重新发起登录';
export const STATE_MISMATCH = '统一身份认证状态校验失败，请重新发起登录';
export const CODE_REJECTED = '统一身份认证授权码无效或已过期，请重新登录';
export const ISSUER_MISMATCH = '统一身份认证回调的签发方（iss）与配置的身份源不符，请重新发起登录';
export const ID_TOKEN_REJECTED = '统一身份认证返回的身份令牌未通过校验（签名、签发方、受众或 nonce 不符），请重新发起登录';
const REDIRECT_WITH_QUERY = '回调地址不能带查询参数或 # 片段';

/** 发起到回调的有效期；Cookie 的 Max-Age 与库里的过期时间都用它 */
export const OIDC_LOGIN_TTL_MS = 10 * 60 * 1000;
/** 访问身份源的超时（秒，openid-client 的单位） */
const TIMEOUT_SECONDS = 10;
/** 发现结果（含身份源公钥缓存）保留 10 分钟 */
const DISCOVERY_TTL_MS = 10 * 60 * 1000;
/** 只有本机的身份源（开发与测试）允许 http；其余必须 https，令牌与密钥不走明文 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** 每次调用时读取环境变量（测试与运维改动后无需重启模块） */
export function oidcConfig(): OidcConfig | null {
  // issuer 原样使用（只去掉首尾空白）：库按 OIDC Discovery 逐字核对发现文档里的 issuer
  const issuer = process.env.OIDC_ISSUER?.trim();
  const clientId = process.env.OIDC_CLIENT_ID?.trim();
  const clientSecret = process.env.OIDC_CLIENT_SECRET?.trim();
  if (!issuer || !clientId || !clientSecret) return null;
  return { issuer, clientId, clientSecret, scope: process.env.OIDC_SCOPE?.trim() || 'openid profile' };
}

export function requireOidcConfig(): OidcConfig {
  const cfg = oidcConfig();
  if (!cfg) throw ApiError.badRequest(OIDC_NOT_CONFIGURED);
  return cfg;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * 令牌端点的客户端认证：默认 client_secret_basic；身份源声明只支持 client_secret_post 时改用它
 * （按发现文档在请求时决定，同一份 Configuration 即可）。
 */
function clientAuth(secret: string): oidc.ClientAuth {
  const basic = oidc.ClientSecretBasic(secret);
  const post = oidc.ClientSecretPost(secret);
  return (as, client, body, headers) => {
    const methods = as.token_endpoint_auth_methods_supported;
    const usePost = methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post');
    (usePost ? post : basic)(as, client, body, headers);
  };
}

/** 按身份源与客户端缓存发现结果；失败的发现从缓存移除，下一次请求重新发现 */
const configCache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

async function discover(cfg: OidcConfig): Promise<oidc.Configuration> {
  let issuerUrl: URL;
  try {
    issuerUrl = new URL(cfg.issuer);
  } catch {
    console.error(`[sso] OIDC_ISSUER 不是合法的网址：${cfg.issuer}`);
    throw new ApiError(502, UPSTREAM_DOWN);
  }
  // 令牌端点经 TLS 直连时库默认不验 id_token 的签名（OIDC Core 3.1.3.7 允许）；我们要求验签：
  // 中间的代理或被篡改的应答换不了身份。公钥取自发现文档的 jwks_uri，随 Configuration 缓存。
  const execute = [oidc.enableNonRepudiationChecks];
  if (issuerUrl.protocol === 'http:' && LOOPBACK_HOSTS.has(issuerUrl.hostname)) execute.push(oidc.allowInsecureRequests);
  try {
    return await oidc.discovery(issuerUrl, cfg.clientId, cfg.clientSecret, clientAuth(cfg.clientSecret), { execute, timeout: TIMEOUT_SECONDS });
  } catch (err) {
    console.error(`[sso] 读取或核对 OIDC 发现文档失败：${cfg.issuer}`, err);
    throw new ApiError(502, UPSTREAM_DOWN);
  }
}

async function clientConfiguration(cfg: OidcConfig): Promise<oidc.Configuration> {
  const key = [cfg.issuer, cfg.clientId, sha256(cfg.clientSecret)].join('\n');
  const hit = configCache.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  // 缓存进行中的 Promise：并发的登录只发现一次
  const pending = discover(cfg);
  configCache.set(key, { at: Date.now(), config: pending });
  try {
    return await pending;
  } catch (err) {
    if (configCache.get(key)?.config === pending) configCache.delete(key);
    throw err;
  }
}

/** 测试之间换用不同的身份源时清空缓存 */
export function clearDiscoveryCache(): void {
  configCache.clear();
}

/**
 * 发起登录：生成 state、nonce 与 PKCE code_verifier 存进 oidc_login，返回身份源的授权地址与放进
 * httpOnly Cookie 的随机值（库里只存它的 SHA-256）。
 */
export async function startOidcLogin(db: Db, cfg: OidcConfig, redirectUri: string): Promise<{ url: string; binding: string }> {
  const target = new URL(redirectUri);
  // 库按回调网址去掉查询串后的部分作为令牌请求的 redirect_uri，带查询串的回调地址会与授权请求对不上
  if (target.search || target.hash) throw ApiError.badRequest(REDIRECT_WITH_QUERY, { redirectUri: REDIRECT_WITH_QUERY });
  const config = await clientConfiguration(cfg);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: cfg.scope,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  const binding = randomBytes(32).toString('base64url');
  // 顺手清掉过期未用的发起记录，表里只留 10 分钟内的
  await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, new Date()));
  await db.insert(oidcLogins).values({
    bindingHash: sha256(binding),
    issuer: cfg.issuer,
    state,
    nonce,
    codeVerifier,
    redirectUri,
    expiresAt: new Date(Date.now() + OIDC_LOGIN_TTL_MS),
  });
  return { url: url.href, binding };
}

export interface OidcCallback {
  code: string;
  redirectUri: string;
  state?: string;
  /** RFC 9207：身份源在回调里给出的签发方 */
  iss?: string;
}

export interface OidcIdentity {
  /** 用来匹配本系统账号的名字：preferred_username，没有则 sub */
  username: string;
  sub: string;
}

/** 错误及其 cause 链上的消息（openid-client 把 oauth4webapi 的错误包一层） */
function errorMessages(err: unknown): string {
  const out: string[] = [];
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) out.push(e.message);
  return out.join(' | ');
}

/** 这些失败是身份源或网络的问题（超时、非 200、不是 JSON），不是应答未通过校验 */
const UPSTREAM_FAILURE_CODES = new Set(['OAUTH_TIMEOUT', 'OAUTH_ABORT', 'OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON']);
/** 库对回调 iss 缺失或不符给出的消息（两种都含这一段；测试覆盖，库改了措辞会失败） */
const ISS_PARAMETER_ERROR = /"iss" \(issuer\)/;

/** openid-client 的失败 → 中文说明。身份源明确拒绝（授权码、客户端）与应答校验失败是 400，连不上是 502 */
function translate(err: unknown, step: string): ApiError {
  if (err instanceof ApiError) return err;
  const detail = errorMessages(err);
  if (err instanceof oidc.ResponseBodyError) {
    console.warn(`[sso] ${step}：身份源拒绝（HTTP ${err.status}）${err.error} ${err.error_description ?? ''}`);
    return ApiError.badRequest(CODE_REJECTED);
  }
  if (err instanceof oidc.WWWAuthenticateChallengeError) {
    // 401 + WWW-Authenticate：客户端认证失败（密钥错误）或访问令牌被拒
    console.warn(`[sso] ${step}：身份源拒绝（HTTP ${err.status}）${detail}`);
    return ApiError.badRequest(CODE_REJECTED);
  }
  if (err instanceof oidc.ClientError) {
    const code = err.code ?? '';
    if (ISS_PARAMETER_ERROR.test(detail)) {
      console.warn(`[sso] ${step}：回调的 iss 不符（${detail}）`);
      return ApiError.badRequest(ISSUER_MISMATCH);
    }
    if (!UPSTREAM_FAILURE_CODES.has(code)) {
      console.warn(`[sso] ${step}：应答未通过校验（${code}：${detail}）`);
      return ApiError.badRequest(ID_TOKEN_REJECTED);
    }
  }
  console.error(`[sso] ${step}失败：${detail}`, err);
  return new ApiError(502, UPSTREAM_DOWN);
}

/**
 * 回调：取出并删除浏览器对应的发起记录（只能用一次，过期拒绝），核对 state，交给 openid-client 换取令牌并核对
 * id_token 与 iss，有 userinfo 端点时再读用户信息（其 sub 必须与 id_token 一致）。
 */
export async function finishOidcLogin(db: Db, cfg: OidcConfig, binding: string | null, callback: OidcCallback): Promise<OidcIdentity> {
  const [pending] = binding ? await db.delete(oidcLogins).where(eq(oidcLogins.bindingHash, sha256(binding))).returning() : [];
  if (!pending || pending.expiresAt.getTime() <= Date.now() || pending.issuer !== cfg.issuer) throw ApiError.badRequest(LOGIN_EXPIRED);
  if (callback.state !== pending.state || callback.redirectUri !== pending.redirectUri) throw ApiError.badRequest(STATE_MISMATCH);

  const config = await clientConfiguration(cfg);
  // 还原身份源重定向到的回调网址，让库像处理真实回调一样核对 state 与 iss
  const current = new URL(pending.redirectUri);
  current.searchParams.set('code', callback.code);
  current.searchParams.set('state', callback.state);
  if (callback.iss) current.searchParams.set('iss', callback.iss);

  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
  } catch (err) {
    throw translate(err, '换取令牌');
  }
  const idClaims = tokens.claims();
  if (!idClaims) throw ApiError.badRequest(ID_TOKEN_REJECTED);

  let claims: Record<string, unknown> = idClaims;
  if (config.serverMetadata().userinfo_endpoint) {
    try {
      claims = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    } catch (err) {
      throw translate(err, '读取用户信息');
    }
  }
  const preferred = typeof claims.preferred_username === 'string' ? claims.preferred_username.trim() : '';
  return { username: preferred || idClaims.sub, sub: idClaims.sub };
}

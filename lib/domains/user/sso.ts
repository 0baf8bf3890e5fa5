// 统一身份认证（OIDC 授权码流程），只用 fetch：发现文档 → 换取令牌 → 用户信息。
// 不自动开户：IdP 的 preferred_username（或 sub）必须是本系统已有的账号。
import { randomBytes } from 'node:crypto';
import { ApiError } from '@/lib/platform/api/errors';

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

export const OIDC_NOT_CONFIGURED = '未配置统一身份认证（OIDC），请使用账号密码登录';
const UPSTREAM_DOWN = '统一身份认证服务暂不可用，请稍后重试或使用账号密码登录';
const TIMEOUT_MS = 10_000;

/** 每次调用时读取环境变量（测试与运维改动后无需重启模块） */
export function oidcConfig(): OidcConfig | null {
  const issuer = process.env.OIDC_ISSUER?.trim().replace(/\/+$/, '');
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

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  token_endpoint_auth_methods_supported?: string[];
}

/** 发现文档缓存 10 分钟 */
const discoveryCache = new Map<string, { at: number; doc: Discovery }>();
const DISCOVERY_TTL_MS = 10 * 60 * 1000;

async function fetchJson(url: string, init: RequestInit, what: string): Promise<{ status: number; body: Record<string, unknown> }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), headers: { Accept: 'application/json', ...init.headers } });
  } catch (err) {
    console.error(`[sso] ${what}失败：${url}`, err);
    throw new ApiError(502, UPSTREAM_DOWN);
  }
  let body: Record<string, unknown> = {};
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    if (res.ok) {
      console.error(`[sso] ${what}返回的不是 JSON：${url}`);
      throw new ApiError(502, UPSTREAM_DOWN);
    }
  }
  return { status: res.status, body };
}

export async function discover(issuer: string): Promise<Discovery> {
  const hit = discoveryCache.get(issuer);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.doc;
  const { status, body } = await fetchJson(`${issuer}/.well-known/openid-configuration`, {}, '读取 OIDC 发现文档');
  const doc = body as unknown as Discovery;
  if (status !== 200 || typeof doc.token_endpoint !== 'string' || typeof doc.authorization_endpoint !== 'string') {
    console.error(`[sso] OIDC 发现文档无效（HTTP ${status}）：${issuer}`);
    throw new ApiError(502, UPSTREAM_DOWN);
  }
  // 发现文档声明的 issuer 必须与配置一致（OIDC Discovery 4.3），防止被引到别的身份源
  if (typeof doc.issuer !== 'string' || doc.issuer.replace(/\/+$/, '') !== issuer) {
    console.error(`[sso] 发现文档的 issuer ${doc.issuer} 与配置的 ${issuer} 不一致`);
    throw new ApiError(502, UPSTREAM_DOWN);
  }
  discoveryCache.set(issuer, { at: Date.now(), doc });
  return doc;
}

/** 登录页跳转到身份源的地址；state 由调用方放入 Cookie，回调时核对 */
export async function authorizationUrl(cfg: OidcConfig, redirectUri: string): Promise<{ url: string; state: string }> {
  const doc = await discover(cfg.issuer);
  const state = randomBytes(16).toString('base64url');
  const url = new URL(doc.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', cfg.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', cfg.scope);
  url.searchParams.set('state', state);
  return { url: url.toString(), state };
}

function decodeJwtPayload(jwt: string): Record<string, unknown> | null {
  const part = jwt.split('.')[1];
  if (!part) return null;
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export interface OidcIdentity {
  /** 用来匹配本系统账号的名字：preferred_username，没有则 sub */
  username: string;
  sub: string;
}

/** 授权码 → 身份。令牌端点直连（TLS），故 id_token 可不验签（OIDC Core 3.1.3.7），但仍核对 iss 与 aud。 */
export async function exchangeCode(cfg: OidcConfig, code: string, redirectUri: string): Promise<OidcIdentity> {
  const doc = await discover(cfg.issuer);
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const methods = doc.token_endpoint_auth_methods_supported;
  if (methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')) {
    form.set('client_id', cfg.clientId);
    form.set('client_secret', cfg.clientSecret);
  } else {
    const basic = `${encodeURIComponent(cfg.clientId)}:${encodeURIComponent(cfg.clientSecret)}`;
    headers.Authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
  }
  const token = await fetchJson(doc.token_endpoint, { method: 'POST', headers, body: form }, '换取令牌');
  if (token.status !== 200 || typeof token.body.access_token !== 'string') {
    console.warn(`[sso] 令牌端点拒绝授权码（HTTP ${token.status}）：${String(token.body.error ?? '')} ${String(token.body.error_description ?? '')}`);
    throw ApiError.badRequest('统一身份认证授权码无效或已过期，请重新登录');
  }

  let claims: Record<string, unknown> | null = null;
  if (doc.userinfo_endpoint) {
    const info = await fetchJson(doc.userinfo_endpoint, { headers: { Authorization: `Bearer ${token.body.access_token}` } }, '读取用户信息');
    if (info.status !== 200) {
      console.error(`[sso] 用户信息端点返回 HTTP ${info.status}`);
      throw new ApiError(502, UPSTREAM_DOWN);
    }
    claims = info.body;
  } else if (typeof token.body.id_token === 'string') {
    claims = decodeJwtPayload(token.body.id_token);
    const aud = claims?.aud;
    const audOk = aud === cfg.clientId || (Array.isArray(aud) && aud.includes(cfg.clientId));
    if (!claims || String(claims.iss ?? '').replace(/\/+$/, '') !== cfg.issuer || !audOk) {
      console.error('[sso] id_token 的 iss 或 aud 与配置不符');
      throw new ApiError(502, UPSTREAM_DOWN);
    }
  }
  const sub = typeof claims?.sub === 'string' ? claims.sub : '';
  const preferred = typeof claims?.preferred_username === 'string' ? claims.preferred_username.trim() : '';
  const username = preferred || sub;
  if (!username) {
    console.error('[sso] 身份源没有返回 preferred_username 或 sub');
    throw new ApiError(502, UPSTREAM_DOWN);
  }
  return { username, sub };
}

/** 测试之间换用不同的身份源时清空缓存 */
export function clearDiscoveryCache(): void {
  discoveryCache.clear();
}

// 统一身份认证：测试里在 127.0.0.1 的随机端口起一个真实的 OIDC 身份源（oidc-provider 9），经 HTTP 走完授权码流程
// （登录与授权页面照常提交），由门户的 /user/ssoConfig 发起、/user/ssoLogin 回调。身份源前面挂一个小代理，
// 可以改写令牌端点的应答（伪造 id_token）或整体停摆（发现失败不缓存）。
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CODE_REJECTED,
  ID_TOKEN_REJECTED,
  ISSUER_MISMATCH,
  LOGIN_EXPIRED,
  OIDC_NOT_CONFIGURED,
  STATE_MISMATCH,
  UPSTREAM_DOWN,
  clearDiscoveryCache,
} from '@/lib/domains/user/sso';
import { loginLogs, oidcLogins, userSessions, users } from '@/lib/domains/user/tables';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { auth, makeUser, type LoginData } from './fixtures';

const { db } = setupTestDb();

const CLIENT_ID = 'portal';
const CLIENT_SECRET = 'portal-secret-2026';
const REDIRECT_URI = 'http://localhost:3000/user/sso';
/** 身份源的账号：sub → preferred_username（没有则门户按 sub 匹配）。teacher、assessor 是演示种子里的账号 */
const IDP_ACCOUNTS: Record<string, string | undefined> = {
  'idp-teacher-001': 'teacher',
  assessor: undefined,
  'idp-zhangsan': 'zhang.san',
  'idp-frozen': 't_sso_frozen',
};
const TEACHER_SUB = 'idp-teacher-001';
/** 身份源上各类凭据的有效期（秒） */
const PROVIDER_TTL_SECONDS = 600;
/** 身份源重定向链的最多跳数（授权 → 登录页 → 提交 → 恢复 → 授权页 → 提交 → 恢复 → 回调） */
const MAX_HOPS = 12;
/** 登录日志里身份未确认的失败记在这个账号名下（service.ts） */
const SSO_UNKNOWN_ACCOUNT = '统一身份认证';

// ---------------------------------------------------------------- 身份源与代理

const rsaKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const providerKey = rsaKey();
/** 不属于身份源的密钥：用它签的 id_token 必须被拒绝 */
const attackerKey = rsaKey();
const KEY_ID = 'provider-signing-key';

/** 改写令牌端点应答里的 id_token（null 时原样转发） */
let forgeIdToken: ((idToken: string) => string) | null = null;
/** 身份源整体不可用：代理对一切请求回 503 */
let providerDown = false;
let issuer = '';
let providerServer: http.Server;
let proxyServer: http.Server;

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** 透明代理：保留 Host 头，身份源生成的地址都指向代理（即 issuer） */
function startProxy(targetPort: () => number): http.Server {
  return http.createServer((req, res) => {
    if (providerDown) {
      res.writeHead(503).end();
      return;
    }
    const upstream = http.request({ host: '127.0.0.1', port: targetPort(), method: req.method, path: req.url, headers: req.headers }, async (up) => {
      const forge = forgeIdToken && req.method === 'POST' && req.url === '/token' && up.statusCode === 200 ? forgeIdToken : null;
      if (!forge) {
        res.writeHead(up.statusCode!, up.headers);
        up.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of up) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id_token: string };
      body.id_token = forge(body.id_token);
      const out = JSON.stringify(body);
      const headers = { ...up.headers, 'content-length': String(Buffer.byteLength(out)) };
      delete headers['transfer-encoding'];
      res.writeHead(up.statusCode!, headers);
      res.end(out);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
}

const b64json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
const toB64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const rs256 = (input: string, key: KeyObject) => sign('sha256', Buffer.from(input), key).toString('base64url');

/** 同样的头与声明，但用攻击者的密钥签名（kid 仍写身份源的） */
const resignedByAttacker = (idToken: string) => {
  const [h, p] = idToken.split('.');
  return `${h}.${p}.${rs256(`${h}.${p}`, attackerKey.privateKey)}`;
};
/** 身份源的签名原样保留，声明改成另一个人 */
const claimsSwapped = (idToken: string) => {
  const [h, p, s] = idToken.split('.');
  return `${h}.${toB64({ ...b64json(p), sub: 'assessor' })}.${s}`;
};

beforeAll(async () => {
  let providerPort = 0;
  proxyServer = startProxy(() => providerPort);
  issuer = `http://127.0.0.1:${await listen(proxyServer)}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [REDIRECT_URI],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...providerKey.privateKey.export({ format: 'jwk' }), kid: KEY_ID, use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['sso-test-cookie-key'] },
    claims: { openid: ['sub'], profile: ['preferred_username'] },
    // 身份源也要求 PKCE：门户漏发 code_challenge 或 code_verifier 时登录就走不通
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    // 显式给出有效期（秒），身份源就不在每次登录时提示使用了默认值
    ttl: Object.fromEntries(['Interaction', 'Session', 'Grant', 'AccessToken', 'AuthorizationCode', 'IdToken'].map((k) => [k, PROVIDER_TTL_SECONDS])),
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: () => (IDP_ACCOUNTS[sub] ? { sub, preferred_username: IDP_ACCOUNTS[sub] } : { sub }),
    }),
  });
  providerServer = http.createServer(provider.callback());
  providerPort = await listen(providerServer);
  await makeUser(await db(), { account: 't_sso_frozen' });
});

afterAll(async () => {
  await Promise.all([providerServer, proxyServer].map((s) => new Promise((r) => s.close(r))));
});

const env = { ...process.env };
function configure() {
  process.env.OIDC_ISSUER = issuer;
  process.env.OIDC_CLIENT_ID = CLIENT_ID;
  process.env.OIDC_CLIENT_SECRET = CLIENT_SECRET;
}
afterEach(() => {
  process.env = { ...env };
  forgeIdToken = null;
  providerDown = false;
  vi.restoreAllMocks();
});

// ---------------------------------------------------------------- 浏览器一侧

interface Started {
  authorizationUrl: string;
  /** 发给 /user/ssoLogin 的 Cookie 头 */
  cookie: string;
  setCookie: string;
}

/** 登录页点“统一身份认证登录”：/user/ssoConfig 给出授权地址与 oidc_state Cookie */
async function startLogin(): Promise<Started> {
  const res = await call<{ enabled: boolean; authorizationUrl: string }>('GET', '/user/ssoConfig', { query: { redirectUri: REDIRECT_URI } });
  expect(res.body.returnMsg).toBe('success');
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('oidc_state='))!;
  return { authorizationUrl: res.body.data.authorizationUrl, cookie: setCookie.split(';')[0], setCookie };
}

/**
 * 在身份源上以 login 登录并同意授权（开发用登录页接受任意口令），跟随重定向直到回到门户的回调地址，
 * 返回回调的查询参数（code、state、iss）。
 */
async function authorizeAt(authorizationUrl: string, login: string): Promise<URLSearchParams> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let form: URLSearchParams | null = null;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const res: Response = await fetch(url, {
      redirect: 'manual',
      method: form ? 'POST' : 'GET',
      body: form ?? undefined,
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value && !/expires=Thu, 01 Jan 1970/i.test(c)) jar.set(pair.slice(0, at), value);
      else jar.delete(pair.slice(0, at));
    }
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(REDIRECT_URI)) return next.searchParams;
      url = next.href;
      form = null;
      continue;
    }
    const html: string = await res.text();
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!prompt || !action) throw new Error(`身份源返回了意外的页面（HTTP ${res.status}）：${html.slice(0, 300)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    form = new URLSearchParams({ prompt, login, password: 'any-password' });
  }
  throw new Error('身份源的重定向太多');
}

interface Callback {
  code: string;
  state: string;
  iss: string;
  redirectUri: string;
}

/** 完整的一次发起与身份源登录，得到回调参数与浏览器的 oidc_state Cookie */
async function throughProvider(login: string, editUrl?: (url: URL) => void): Promise<{ callback: Callback; cookie: string }> {
  const started = await startLogin();
  const url = new URL(started.authorizationUrl);
  editUrl?.(url);
  const params = await authorizeAt(url.href, login);
  expect(params.get('error')).toBeNull();
  return {
    callback: { code: params.get('code')!, state: params.get('state')!, iss: params.get('iss')!, redirectUri: REDIRECT_URI },
    cookie: started.cookie,
  };
}

function ssoCallback(body: Partial<Callback> & { ticket?: string }, cookie?: string, path = '/user/ssoLogin') {
  return call<LoginData>('POST', path, { json: body, headers: cookie ? { cookie } : {} });
}

// ---------------------------------------------------------------- 库里的痕迹

async function userId(account: string): Promise<number> {
  const [u] = await (await db()).select({ id: users.id }).from(users).where(eq(users.account, account));
  return u.id;
}
async function sessionCount(account: string): Promise<number> {
  const [row] = await (await db()).select({ n: count() }).from(userSessions).where(eq(userSessions.userId, await userId(account)));
  return row.n;
}
async function logCount(account: string, kind: string): Promise<number> {
  const [row] = await (await db())
    .select({ n: count() })
    .from(loginLogs)
    .where(and(eq(loginLogs.account, account), eq(loginLogs.kind, kind)));
  return row.n;
}
/** 静默并记录服务端日志里拒绝的原因（库给出的英文原因，确认是哪一项校验拦下的） */
function quietWarn() {
  const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
  return { reasons: () => spy.mock.calls.map((c) => String(c[0])).join('\n') };
}
const hasAccessToken = (res: { headers: Headers }) => res.headers.getSetCookie().some((c) => c.startsWith('Access-Token=') && !c.startsWith('Access-Token=;'));

/** 被拒绝：给出中文说明、不下发会话 Cookie、该账号没有新会话、记一条身份未确认的失败 */
async function expectRefused(res: Awaited<ReturnType<typeof ssoCallback>>, message: string, sessionsBefore: number, failuresBefore: number) {
  expect(res.status).toBe(400);
  expect(res.body.returnMsg).toBe(message);
  expect(hasAccessToken(res)).toBe(false);
  expect(await sessionCount('teacher')).toBe(sessionsBefore);
  expect(await logCount(SSO_UNKNOWN_ACCOUNT, 'failure')).toBe(failuresBefore + 1);
}

// ---------------------------------------------------------------- 测试

describe('未配置统一身份认证', () => {
  it('ssoLogin 与 onePlatformLogin 都说明未配置，ssoConfig 报告未启用', async () => {
    for (const path of ['/user/ssoLogin', '/user/onePlatformLogin']) {
      const res = await call('POST', path, { json: { code: 'abc', redirectUri: REDIRECT_URI } });
      expect(res.status).toBe(400);
      expect(res.body.returnMsg).toBe(OIDC_NOT_CONFIGURED);
    }
    expect((await call('GET', '/user/ssoConfig')).body.data).toEqual({ enabled: false });
    expect((await call('GET', '/user/ssoConfig', { query: { redirectUri: REDIRECT_URI } })).body.data).toEqual({ enabled: false });
  });
});

describe('对着真实的 OIDC 身份源登录', () => {
  it('发起：授权地址带 PKCE（S256）、state 与 nonce；Cookie 只带随机值，state 等存在库里', async () => {
    configure();
    const started = await startLogin();
    const url = new URL(started.authorizationUrl);
    expect(url.origin).toBe(issuer);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const state = url.searchParams.get('state')!;
    const nonce = url.searchParams.get('nonce')!;
    expect(state).toBeTruthy();
    expect(nonce).toBeTruthy();
    expect(started.setCookie).toMatch(/^oidc_state=[\w-]+; Path=\/api\/user; Max-Age=600; HttpOnly; SameSite=Lax$/);
    const binding = started.cookie.slice('oidc_state='.length);
    expect([state, nonce]).not.toContain(binding);
    const rows = await (await db()).select().from(oidcLogins).where(eq(oidcLogins.state, state));
    expect(rows).toHaveLength(1);
    expect(rows[0].nonce).toBe(nonce);
    expect(rows[0].bindingHash).not.toBe(binding);
    expect(rows[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    // 回调地址带查询串时令牌请求的 redirect_uri 会对不上，发起时就拒绝
    const withQuery = await call('GET', '/user/ssoConfig', { query: { redirectUri: `${REDIRECT_URI}?next=/x` } });
    expect(withQuery.status).toBe(400);
    expect(withQuery.body.returnMsg).toBe('回调地址不能带查询参数或 # 片段');
  });

  it('完整登录：preferred_username 对应本系统账号，签发本系统的会话与 Cookie，日志记为 sso', async () => {
    configure();
    const sessionsBefore = await sessionCount('teacher');
    const { callback, cookie } = await throughProvider(TEACHER_SUB);
    expect(callback.iss).toBe(issuer);
    const res = await ssoCallback(callback, cookie);
    expect(res.body.returnMsg).toBe('success');
    expect(res.body.data.user.account).toBe('teacher');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('Access-Token=') && c.includes('HttpOnly'))).toBe(true);
    expect(res.headers.getSetCookie()).toContain('oidc_state=; Path=/api/user; Max-Age=0; HttpOnly; SameSite=Lax');
    expect((await call('POST', '/bapi/user/getUserDepartment', auth(res.body.data.authorizationToken))).status).toBe(200);
    expect(await sessionCount('teacher')).toBe(sessionsBefore + 1);
    const [log] = await (await db())
      .select()
      .from(loginLogs)
      .where(and(eq(loginLogs.userId, await userId('teacher')), eq(loginLogs.kind, 'sso')));
    expect(log.message).toContain(TEACHER_SUB);
    expect(await (await db()).select().from(oidcLogins).where(eq(oidcLogins.state, callback.state))).toHaveLength(0);
  });

  it('重放：同一个 state 与 Cookie 再用一次被拒绝，不签发会话', async () => {
    configure();
    const { callback, cookie } = await throughProvider(TEACHER_SUB);
    expect((await ssoCallback(callback, cookie)).body.returnMsg).toBe('success');
    const sessions = await sessionCount('teacher');
    const failures = await logCount(SSO_UNKNOWN_ACCOUNT, 'failure');
    await expectRefused(await ssoCallback(callback, cookie), LOGIN_EXPIRED, sessions, failures);
    // 一体化平台的回调接口同样只认一次
    await expectRefused(await ssoCallback({ ...callback, ticket: callback.code }, cookie, '/user/onePlatformLogin'), LOGIN_EXPIRED, sessions, failures + 1);
  });

  it('没有本站发起的 Cookie（别的浏览器、伪造的跨站回调）或已超过 10 分钟：拒绝', async () => {
    configure();
    const sessions = await sessionCount('teacher');
    const failures = await logCount(SSO_UNKNOWN_ACCOUNT, 'failure');
    const first = await throughProvider(TEACHER_SUB);
    await expectRefused(await ssoCallback(first.callback), LOGIN_EXPIRED, sessions, failures);

    const late = await throughProvider(TEACHER_SUB);
    await (await db()).update(oidcLogins).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oidcLogins.state, late.callback.state));
    await expectRefused(await ssoCallback(late.callback, late.cookie), LOGIN_EXPIRED, sessions, failures + 1);
  });

  it('回调的 state 与本次发起的不符：拒绝', async () => {
    configure();
    const sessions = await sessionCount('teacher');
    const failures = await logCount(SSO_UNKNOWN_ACCOUNT, 'failure');
    const { callback, cookie } = await throughProvider(TEACHER_SUB);
    await expectRefused(await ssoCallback({ ...callback, state: 'forged-state' }, cookie), STATE_MISMATCH, sessions, failures);
  });

  it('伪造的 id_token（别的密钥签名，或改了声明的身份源令牌）：拒绝', async () => {
    configure();
    const warn = quietWarn();
    let failures = await logCount(SSO_UNKNOWN_ACCOUNT, 'failure');
    const sessions = await sessionCount('teacher');
    for (const forge of [resignedByAttacker, claimsSwapped]) {
      const { callback, cookie } = await throughProvider(TEACHER_SUB);
      forgeIdToken = forge;
      await expectRefused(await ssoCallback(callback, cookie), ID_TOKEN_REJECTED, sessions, failures++);
      forgeIdToken = null;
    }
    expect(warn.reasons().match(/JWT signature verification failed/g)).toHaveLength(2);
    expect(await sessionCount('assessor')).toBe(0);
  });

  it('回调里的 iss 不是配置的身份源（RFC 9207 混用攻击）或缺失：拒绝', async () => {
    configure();
    const warn = quietWarn();
    const sessions = await sessionCount('teacher');
    const failures = await logCount(SSO_UNKNOWN_ACCOUNT, 'failure');
    const wrong = await throughProvider(TEACHER_SUB);
    await expectRefused(await ssoCallback({ ...wrong.callback, iss: 'https://idp.attacker.example' }, wrong.cookie), ISSUER_MISMATCH, sessions, failures);
    const missing = await throughProvider(TEACHER_SUB);
    await expectRefused(await ssoCallback({ ...missing.callback, iss: undefined }, missing.cookie), ISSUER_MISMATCH, sessions, failures + 1);
    expect(warn.reasons()).toContain('unexpected "iss" (issuer) response parameter value');
    expect(warn.reasons()).toContain('response parameter "iss" (issuer) missing');
  });

  it('id_token 的 nonce 与本次发起的不符：拒绝', async () => {
    configure();
    const warn = quietWarn();
    const sessions = await sessionCount('teacher');
    const failures = await logCount(SSO_UNKNOWN_ACCOUNT, 'failure');
    // 身份源如实签发带另一个 nonce 的 id_token（例如攻击者换了授权请求里的 nonce）
    const { callback, cookie } = await throughProvider(TEACHER_SUB, (url) => url.searchParams.set('nonce', 'attacker-chosen-nonce'));
    await expectRefused(await ssoCallback(callback, cookie), ID_TOKEN_REJECTED, sessions, failures);
    expect(warn.reasons()).toContain('unexpected ID Token "nonce" claim value');
  });

  it('onePlatformLogin 接受 ticket；没有 preferred_username 时按 sub 匹配账号', async () => {
    configure();
    const { callback, cookie } = await throughProvider('assessor');
    const res = await ssoCallback({ ticket: callback.code, state: callback.state, iss: callback.iss, redirectUri: REDIRECT_URI }, cookie, '/user/onePlatformLogin');
    expect(res.body.returnMsg).toBe('success');
    expect(res.body.data.user.account).toBe('assessor');
    const missing = await call('POST', '/user/onePlatformLogin', { json: { redirectUri: REDIRECT_URI } });
    expect(missing.body.data).toEqual({ fields: { code: '缺少授权码' } });
  });

  it('未绑定的身份源账号不自动开户', async () => {
    configure();
    const { callback, cookie } = await throughProvider('idp-zhangsan');
    const res = await ssoCallback(callback, cookie);
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe('统一身份认证账号 zhang.san 未绑定本系统账号');
    expect(await (await db()).select().from(users).where(eq(users.account, 'zhang.san'))).toHaveLength(0);
    expect(await logCount('zhang.san', 'failure')).toBe(1);
  });

  it('冻结或锁定中的账号经统一身份认证同样不能登录', async () => {
    configure();
    const d = await db();
    await d.update(users).set({ status: 1 }).where(eq(users.account, 't_sso_frozen'));
    const frozen = await throughProvider('idp-frozen');
    expect((await ssoCallback(frozen.callback, frozen.cookie)).body.returnMsg).toBe('账号已被冻结，请联系管理员');

    await d.update(users).set({ lockedUntil: new Date(Date.now() + 10 * 60 * 1000) }).where(eq(users.account, 'teacher'));
    const sessions = await sessionCount('teacher');
    const locked = await throughProvider(TEACHER_SUB);
    const res = await ssoCallback(locked.callback, locked.cookie);
    expect(res.status).toBe(429);
    expect(res.body.returnMsg).toMatch(/账号已锁定，请 \d+ 分钟后再试/);
    expect(await sessionCount('teacher')).toBe(sessions);
    await d.update(users).set({ lockedUntil: null }).where(eq(users.account, 'teacher'));
  });

  it('客户端密钥错误：令牌端点拒绝，给出说明', async () => {
    configure();
    const warn = quietWarn();
    const sessions = await sessionCount('teacher');
    const failures = await logCount(SSO_UNKNOWN_ACCOUNT, 'failure');
    const { callback, cookie } = await throughProvider(TEACHER_SUB);
    process.env.OIDC_CLIENT_SECRET = 'wrong-secret';
    await expectRefused(await ssoCallback(callback, cookie), CODE_REJECTED, sessions, failures);
    expect(warn.reasons()).toContain('HTTP 401');
  });

  it('身份源不可达时 502 并说明；失败的发现不缓存，恢复后立即可用', async () => {
    configure();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    clearDiscoveryCache();
    providerDown = true;
    const down = await call('GET', '/user/ssoConfig', { query: { redirectUri: REDIRECT_URI } });
    expect(down.status).toBe(502);
    expect(down.body.returnMsg).toBe(UPSTREAM_DOWN);
    expect(down.headers.getSetCookie().some((c) => c.startsWith('oidc_state='))).toBe(false);
    providerDown = false;
    const { callback, cookie } = await throughProvider(TEACHER_SUB);
    expect((await ssoCallback(callback, cookie)).body.returnMsg).toBe('success');
  });
});

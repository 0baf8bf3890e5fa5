// 统一身份认证：未配置时给出说明；配置后对着测试内起的假 OIDC 身份源走完授权码流程。
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearDiscoveryCache } from '@/lib/domains/user/sso';
import { loginLogs, users } from '@/lib/domains/user/tables';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { auth, makeUser, type LoginData } from './fixtures';

const { db } = setupTestDb();

/** 假身份源：授权码 → 用户名；记录令牌端点收到的请求 */
const grants = new Map<string, { preferred_username?: string; sub: string }>();
const tokenRequests: { auth: string | undefined; body: URLSearchParams }[] = [];
let issuer = '';
let withUserinfo = true;
const server = http.createServer((req, res) => {
  const url = new URL(req.url!, issuer);
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === '/.well-known/openid-configuration') {
    return json(200, {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      ...(withUserinfo ? { userinfo_endpoint: `${issuer}/userinfo` } : {}),
      token_endpoint_auth_methods_supported: ['client_secret_basic'],
    });
  }
  if (url.pathname === '/token' && req.method === 'POST') {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = new URLSearchParams(raw);
      tokenRequests.push({ auth: req.headers.authorization, body });
      const expected = `Basic ${Buffer.from('portal:s3cret').toString('base64')}`;
      const who = grants.get(body.get('code') ?? '');
      if (req.headers.authorization !== expected) return json(401, { error: 'invalid_client' });
      if (!who || body.get('grant_type') !== 'authorization_code') return json(400, { error: 'invalid_grant' });
      grants.delete(body.get('code')!);
      const idPayload = Buffer.from(JSON.stringify({ iss: issuer, aud: 'portal', ...who })).toString('base64url');
      return json(200, { access_token: `at-${who.sub}`, token_type: 'Bearer', id_token: `e30.${idPayload}.sig` });
    });
    return;
  }
  if (url.pathname === '/userinfo') {
    const token = req.headers.authorization?.replace('Bearer at-', '');
    const who = [...grantsSeen].find((g) => g.sub === token);
    return who ? json(200, who) : json(401, { error: 'invalid_token' });
  }
  json(404, {});
});
const grantsSeen = new Set<{ preferred_username?: string; sub: string }>();
function issue(code: string, who: { preferred_username?: string; sub: string }) {
  grants.set(code, who);
  grantsSeen.add(who);
}

const env = { ...process.env };
const configure = () => {
  process.env.OIDC_ISSUER = issuer;
  process.env.OIDC_CLIENT_ID = 'portal';
  process.env.OIDC_CLIENT_SECRET = 's3cret';
};
const unconfigure = () => {
  delete process.env.OIDC_ISSUER;
  delete process.env.OIDC_CLIENT_ID;
  delete process.env.OIDC_CLIENT_SECRET;
};

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await makeUser(await db(), { account: 't_sso_user', password: 'Sso@2026xy', level: 'city', areaId: 130600, cityId: 130600, userType: 'RENCAI_SHI' });
});
afterAll(async () => {
  process.env = env;
  await new Promise((r) => server.close(r));
});
afterEach(() => {
  unconfigure();
  clearDiscoveryCache();
  withUserinfo = true;
});

const redirectUri = 'http://localhost:3000/user/loginV2';

describe('未配置统一身份认证', () => {
  it('ssoLogin 与 onePlatformLogin 都说明未配置，ssoConfig 报告未启用', async () => {
    unconfigure();
    for (const path of ['/user/ssoLogin', '/user/onePlatformLogin']) {
      const res = await call('POST', path, { json: { code: 'abc', redirectUri } });
      expect(res.status).toBe(400);
      expect(res.body.returnMsg).toBe('未配置统一身份认证（OIDC），请使用账号密码登录');
    }
    expect((await call('GET', '/user/ssoConfig')).body.data).toEqual({ enabled: false });
  });
});

describe('已配置统一身份认证（假身份源）', () => {
  it('授权码换取身份，preferred_username 对应本系统账号：与登录相同的令牌与 Cookie，日志记为 sso', async () => {
    configure();
    issue('code-1', { preferred_username: 't_sso_user', sub: 'idp-001' });
    const res = await call<LoginData>('POST', '/user/ssoLogin', { json: { code: 'code-1', redirectUri } });
    expect(res.body.returnMsg).toBe('success');
    expect(res.body.data.user.account).toBe('t_sso_user');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('Access-Token=') && c.includes('HttpOnly'))).toBe(true);
    expect((await call('POST', '/bapi/user/getUserDepartment', auth(res.body.data.authorizationToken))).status).toBe(200);
    const sent = tokenRequests.at(-1)!;
    expect(sent.body.get('redirect_uri')).toBe(redirectUri);
    expect(sent.body.get('client_secret')).toBeNull();
    const d = await db();
    const [u] = await d.select().from(users).where(eq(users.account, 't_sso_user'));
    const logs = await d.select().from(loginLogs).where(and(eq(loginLogs.userId, u.id), eq(loginLogs.kind, 'sso')));
    expect(logs).toHaveLength(1);
    expect(logs[0].message).toContain('idp-001');
    // 授权码只能用一次
    const again = await call('POST', '/user/ssoLogin', { json: { code: 'code-1', redirectUri } });
    expect(again.body.returnMsg).toBe('统一身份认证授权码无效或已过期，请重新登录');
  });

  it('onePlatformLogin 接受 ticket；没有 preferred_username 时用 sub 匹配', async () => {
    configure();
    issue('ticket-9', { sub: 't_sso_user' });
    const res = await call<LoginData>('POST', '/user/onePlatformLogin', { json: { ticket: 'ticket-9', redirectUri } });
    expect(res.body.data.user.account).toBe('t_sso_user');
    const missing = await call('POST', '/user/onePlatformLogin', { json: { redirectUri } });
    expect(missing.body.data).toEqual({ fields: { code: '缺少授权码' } });
  });

  it('身份源没有 userinfo 端点时读 id_token（核对 iss 与 aud）', async () => {
    configure();
    withUserinfo = false;
    issue('code-idt', { preferred_username: 't_sso_user', sub: 'idp-002' });
    const res = await call<LoginData>('POST', '/user/ssoLogin', { json: { code: 'code-idt', redirectUri } });
    expect(res.body.data.user.account).toBe('t_sso_user');
  });

  it('未绑定的身份源账号不自动开户', async () => {
    configure();
    issue('code-2', { preferred_username: 'zhang.san', sub: 'idp-777' });
    const res = await call('POST', '/user/ssoLogin', { json: { code: 'code-2', redirectUri } });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe('统一身份认证账号 zhang.san 未绑定本系统账号');
    expect(await (await db()).select().from(users).where(eq(users.account, 'zhang.san'))).toHaveLength(0);
  });

  it('冻结的账号经统一身份认证同样不能登录', async () => {
    configure();
    const d = await db();
    const u = await makeUser(d, { account: 't_sso_frozen' });
    await d.update(users).set({ status: 1 }).where(eq(users.id, u.id));
    issue('code-3', { preferred_username: 't_sso_frozen', sub: 'idp-3' });
    expect((await call('POST', '/user/ssoLogin', { json: { code: 'code-3', redirectUri } })).body.returnMsg).toBe('账号已被冻结，请联系管理员');
  });

  it('ssoConfig 给出跳转地址并把 state 放进 Cookie；回调的 state 不符时拒绝', async () => {
    configure();
    const cfg = await call<{ enabled: boolean; authorizationUrl: string }>('GET', '/user/ssoConfig', { query: { redirectUri } });
    expect(cfg.body.data.enabled).toBe(true);
    const url = new URL(cfg.body.data.authorizationUrl);
    expect(url.origin + url.pathname).toBe(`${issuer}/authorize`);
    expect(url.searchParams.get('client_id')).toBe('portal');
    expect(url.searchParams.get('redirect_uri')).toBe(redirectUri);
    const state = url.searchParams.get('state')!;
    const cookie = cfg.headers.getSetCookie()[0];
    expect(cookie).toBe(`oidc_state=${state}; Path=/api/user; Max-Age=600; HttpOnly; SameSite=Lax`);

    issue('code-4', { preferred_username: 't_sso_user', sub: 'idp-4' });
    const forged = await call('POST', '/user/ssoLogin', { json: { code: 'code-4', redirectUri, state: 'forged' }, headers: { cookie: `oidc_state=${state}` } });
    expect(forged.body.returnMsg).toBe('统一身份认证状态校验失败，请重新发起登录');
    const ok = await call('POST', '/user/ssoLogin', { json: { code: 'code-4', redirectUri, state }, headers: { cookie: `oidc_state=${state}` } });
    expect(ok.body.returnCode).toBe(200);
    expect(ok.headers.getSetCookie()).toContain('oidc_state=; Path=/api/user; Max-Age=0; HttpOnly; SameSite=Lax');
  });

  it('身份源不可达或客户端密钥错误时给出明确说明', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    configure();
    process.env.OIDC_ISSUER = 'http://127.0.0.1:1';
    const down = await call('POST', '/user/ssoLogin', { json: { code: 'x', redirectUri } });
    expect(down.status).toBe(502);
    expect(down.body.returnMsg).toBe('统一身份认证服务暂不可用，请稍后重试或使用账号密码登录');
    configure();
    process.env.OIDC_CLIENT_SECRET = 'wrong';
    issue('code-5', { preferred_username: 't_sso_user', sub: 'idp-5' });
    const badClient = await call('POST', '/user/ssoLogin', { json: { code: 'code-5', redirectUri } });
    expect(badClient.body.returnMsg).toBe('统一身份认证授权码无效或已过期，请重新登录');
    error.mockRestore();
    warn.mockRestore();
  });
});

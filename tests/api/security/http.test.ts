// 调度器一处完成的防护：请求体按实际字节限量、跨站请求（CSRF）、转发头只信受信代理、安全响应头、
// 越界输入答 400 而不是 500、操作日志里的身份证号与手机号脱敏。
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '@/lib/domains/org/tables';
import { operationLogs } from '@/lib/domains/ops/tables';
import { blacklist } from '@/lib/domains/portal/tables';
import { loginLogs, users } from '@/lib/domains/user/tables';
import { clientIp, guardForwardingHeaders, installForwardingGuard, setTrustedProxies } from '@/lib/platform/http/client-ip';
import { maskIdNumber, maskMobile } from '@/lib/platform/identity/mask';
import { dispatch } from '@/lib/api';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { login } from '../user/fixtures';

const { db } = setupTestDb();

let adminToken: string;
let cityToken: string;
beforeAll(async () => {
  adminToken = (await login('admin', 'Admin@2026')).token;
  cityToken = (await login('sjz_admin', 'Demo@2026')).token;
});

const cookie = (token: string) => `Access-Token=${encodeURIComponent(token)}`;

/** 不带 Content-Length、分块送出的请求体；记下服务端实际拉走了多少 */
function endlessBody(chunk: string, total: number) {
  const bytes = new TextEncoder().encode(chunk);
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= total) return controller.close();
      state.pulled += bytes.byteLength;
      controller.enqueue(bytes);
    },
  });
  return { stream, state };
}

describe('请求体上限按实际字节计', () => {
  it('300MB 分块 JSON 发往公开的登录接口：读到 2MB 即 413，没有读完', async () => {
    const { stream, state } = endlessBody('{"account":"' + 'a'.repeat(65_530), 300 * 1048576);
    const res = await dispatch(
      new Request('http://localhost/api/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(((await res.json()) as { returnMsg: string }).returnMsg).toBe('请求内容过大，最大 2MB');
    expect(state.pulled).toBeLessThan(3 * 1048576);
  });

  it('分块 multipart 超过 50MB：413，没有读完', async () => {
    const { stream, state } = endlessBody('x'.repeat(1 << 20), 300 * 1048576);
    const res = await dispatch(
      new Request('http://localhost/api/account/impAccount', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=zzz', authorization_token: adminToken },
        body: stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(state.pulled).toBeLessThan(60 * 1048576);
  });
});

describe('跨站请求（CSRF）', () => {
  const evil = { origin: 'http://evil.example' };

  it('凭 Cookie、来自其他站点的表单编码与 text/plain 提交：403，账号没有建出来', async () => {
    const form = await call('POST', '/account/add', {
      urlencoded: { account: 'csrf_form', nickName: 'x', password: 'Abc@12345' },
      headers: { cookie: cookie(cityToken), ...evil },
    });
    expect(form.status).toBe(403);
    expect(form.body.returnMsg).toBe('拒绝跨站请求：请在本系统的页面中操作');
    const plain = await dispatch(
      new Request('http://localhost/api/account/add', {
        method: 'POST',
        headers: { 'content-type': 'text/plain', cookie: cookie(cityToken), 'sec-fetch-site': 'cross-site' },
        body: JSON.stringify({ account: 'csrf_plain', nickName: 'x', password: 'Abc@12345' }),
      }),
    );
    expect(plain.status).toBe(403);
    const made = await (await db()).select().from(users).where(eq(users.account, 'csrf_form'));
    expect(made).toHaveLength(0);
  });

  it('本站页面发起的同样请求照常处理；令牌请求头的 API 客户端不受来源限制', async () => {
    const same = await call('POST', '/account/add', {
      json: { account: 'csrf_same', nickName: 'x', password: 'Abc@12345' },
      headers: { cookie: cookie(cityToken), origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
    });
    expect(same.body.returnMsg).toBe('success');
    const api = await call('POST', '/account/add', {
      json: { account: 'csrf_api', nickName: 'x', password: 'Abc@12345' },
      headers: { authorization_token: cityToken, ...evil },
    });
    expect(api.body.returnMsg).toBe('success');
  });

  it('改数据的 GET（迁移机构、退出）：跨站或没有来源证据的 Cookie 请求被拒绝，机构没有移动、会话仍有效', async () => {
    const d = await db();
    const [org] = await d.select().from(organisations).where(eq(organisations.cityId, 130100)).limit(1);
    const move = await call('GET', '/sys/orgination/updateParentOrg', {
      query: { id: org.id, parentId: 0 },
      headers: { cookie: cookie(adminToken), 'sec-fetch-site': 'cross-site' },
    });
    expect(move.status).toBe(403);
    const bare = await call('GET', '/sys/orgination/updateParentOrg', { query: { id: org.id, parentId: 0 }, headers: { cookie: cookie(adminToken) } });
    expect(bare.status).toBe(403);
    const [after] = await d.select().from(organisations).where(eq(organisations.id, org.id));
    expect(after.parentId).toBe(org.parentId);

    const out = await call('GET', '/user/logout', { headers: { cookie: cookie(adminToken), 'sec-fetch-site': 'cross-site' } });
    expect(out.status).toBe(403);
    const still = await call('GET', '/message/unreadCount', { headers: { authorization_token: adminToken } });
    expect(still.status).toBe(200);
    const own = await call('GET', '/user/logout', { headers: { cookie: cookie(cityToken), 'sec-fetch-site': 'same-origin' } });
    expect(own.status).toBe(200);
  });
});

describe('客户端 IP 只采信受信代理的转发头', () => {
  /** 经真实 HTTP 服务器：对端地址 127.0.0.1，是否受信由 TRUSTED_PROXIES 决定 */
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    installForwardingGuard();
    server = http.createServer(async (req, res) => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      // Next 在转发头缺失时把对端地址写进 X-Forwarded-For；这里照做
      if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', req.socket.remoteAddress ?? '');
      res.end(clientIp(headers));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    setTrustedProxies(process.env.TRUSTED_PROXIES);
    await new Promise((r) => server.close(r));
  });

  it('对端不是受信代理：客户端自带的 X-Forwarded-For 被丢弃，取对端地址', async () => {
    setTrustedProxies(undefined);
    const ip = await (await fetch(base, { headers: { 'x-forwarded-for': '1.2.3.4', 'x-real-ip': '5.6.7.8' } })).text();
    expect(ip).toBe('127.0.0.1');
  });

  it('对端是受信代理：取链上从右数第一个不受信的地址', async () => {
    setTrustedProxies('127.0.0.1,10.0.0.0/8');
    const ip = await (await fetch(base, { headers: { 'x-forwarded-for': '9.9.9.9, 1.2.3.4, 10.1.1.1' } })).text();
    expect(ip).toBe('1.2.3.4');
  });

  it('黑名单里的 IP 不能靠伪造 X-Forwarded-For 绕过', async () => {
    setTrustedProxies(undefined);
    const d = await db();
    await d.insert(blacklist).values({ kind: 'ip', value: '127.0.0.1', reason: '测试', createdByName: '测试' });
    const headers: Record<string, string | string[]> = { 'x-forwarded-for': '1.2.3.4' };
    guardForwardingHeaders(headers, '127.0.0.1');
    const res = await call('POST', '/user/login', { json: { account: 'admin', password: 'Admin@2026' }, headers: headers as Record<string, string> });
    expect(res.body.returnCode).not.toBe(200);
    const [last] = await d.select().from(loginLogs).orderBy(desc(loginLogs.id)).limit(1);
    expect(last.ip).toBe('127.0.0.1');
  });
});

describe('安全响应头', () => {
  it('接口响应带 nosniff、不许嵌入的 CSP、Referrer-Policy；经 HTTPS 时带 HSTS', async () => {
    const res = await call('GET', '/comApi/getAreaByParent', { query: { pid: 130000 } });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    const https = await dispatch(new Request('https://localhost/api/comApi/getAreaByParent?pid=130000'));
    expect(https.headers.get('strict-transport-security')).toContain('max-age=');
  });
});

describe('越界输入答 400，不是 500', () => {
  it.each([
    ['POST', '/user/login', { json: { account: 'adm\u0000in', password: 'x' } }],
    ['GET', '/user/checkAccount', { query: { account: 'a\u0000b' } }],
    ['POST', '/account/userInfo', { json: { id: 2147483648 } }],
    ['GET', '/fil/view/publicFilView', { query: { code: 'a\u0000b' } }],
    ['POST', '/message/read', { json: { ids: [2147483648] } }],
  ] as const)('%s %s', async (method, path, opts) => {
    const res = await call(method, path, { ...opts, headers: { authorization_token: adminToken } });
    expect(res.status).toBe(400);
  });
});

describe('操作日志里的个人信息脱敏', () => {
  it('脱敏规则：身份证号留前 6 后 4，手机号留前 3 后 4', () => {
    expect(maskIdNumber('130102199001011234')).toBe('130102********1234');
    expect(maskMobile('13812345678')).toBe('138****5678');
  });

  it('新建账号的操作日志里手机号是脱敏的', async () => {
    const res = await call('POST', '/account/add', {
      json: { account: 'mask_me', nickName: 'x', password: 'Abc@12345', mobile: '13912345678' },
      headers: { authorization_token: adminToken },
    });
    expect(res.body.returnMsg).toBe('success');
    const [log] = await (await db()).select().from(operationLogs).orderBy(desc(operationLogs.id)).limit(1);
    const stored = JSON.stringify([log.input, log.changes]);
    expect(stored).not.toContain('13912345678');
    expect(stored).toContain('139****5678');
  });
});

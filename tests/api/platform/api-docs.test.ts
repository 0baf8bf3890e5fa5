// /api/docs：开发时公开；生产须系统管理员（未登录转登录页，市级管理员 403）。脚本从本站发出，页面 CSP 只许本站。
import { afterEach, describe, expect, it, vi } from 'vitest';
import { docsResponse } from '@/lib/domains/access/api-docs';
import { GET as script } from '@/app/api/docs/scalar.js/route';
import { setupTestDb } from '../../helpers/db';
import { authHeaders } from '../access/login-helper';

setupTestDb();

const get = (headers: Record<string, string> = {}) => docsResponse(new Request('http://127.0.0.1/api/docs', { headers }));

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('/api/docs', () => {
  it('开发时不登录也能看：页面引用本站的脚本与文档，CSP 只许本站', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    const res = await get();
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-url="/api/openapi.json"');
    expect(html).toContain('<script src="/api/docs/scalar.js"></script>');
    expect(html).not.toMatch(/https?:\/\//);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/https?:|\*/);
  });

  it('生产：未登录转登录页，市级管理员 403，省级管理员（resource.query）可看', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const anonymous = await get();
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/user/login?redirect=%2Fapi%2Fdocs');
    const city = await get(await authHeaders('sjz_admin'));
    expect(city.status).toBe(403);
    expect(await city.text()).toContain('只对系统管理员开放');
    const admin = await get(await authHeaders('admin'));
    expect(admin.status).toBe(200);
    expect(admin.headers.get('content-type')).toContain('text/html');
  });

  it('Scalar 的脚本来自 node_modules，由本站发出', async () => {
    const res = await script(new Request('http://127.0.0.1/api/docs/scalar.js'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
  });
});

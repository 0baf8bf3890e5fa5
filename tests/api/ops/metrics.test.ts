// GET /api/metrics：Prometheus 文本格式；未登录 401，没有服务监控权限 403，有权限的省级会话或 METRICS_TOKEN 令牌 200。
// 调用过的端点以端点表的键为标签计数与计时；没匹配到端点的请求记在 unmatched 下；定时任务的执行按任务、触发方式与结果计数。
import { afterEach, describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { fakeSession } from '../../helpers/session';
import { authHeaders } from '../access/login-helper';
import { GET as metricsRoute } from '@/app/api/metrics/route';
import { authorizeMetrics } from '@/lib/domains/ops/metrics-access';
import { metricsResponse } from '@/lib/platform/ops/metrics';
import { getOpenedDb, DbUnavailableError } from '@/lib/platform/db/client';
import type { SessionLookup } from '@/lib/platform/api/dispatcher';

setupTestDb();

const scrape = (headers: Record<string, string> = {}) => metricsRoute(new Request('http://localhost/api/metrics', { headers }));
/** 以给定的会话查找结果授权（不经数据库里的会话） */
const scrapeAs = (lookup: SessionLookup) =>
  metricsResponse(new Request('http://localhost/api/metrics'), (r) => authorizeMetrics(r, async () => lookup));

/** 指标文本里某个带标签的样本的值 */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

afterEach(() => {
  delete process.env.METRICS_TOKEN;
});

describe('GET /api/metrics 的权限', () => {
  it('未登录 401，JSON 说明', async () => {
    const res = await scrape();
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ returnCode: 401, returnMsg: '未登录或登录已过期，请重新登录' });
  });

  it('没有服务监控权限的用户（市级管理员）403', async () => {
    const res = await scrape(await authHeaders('sjz_admin'));
    expect(res.status).toBe(403);
    expect((await res.json()).returnMsg).toBe('没有访问权限：缺少该操作的权限，请联系管理员');
  });

  it('被授予权限的市级用户仍然 403（与服务器状态同一规则：只给省级）；会话已失效 401', async () => {
    const city = await scrapeAs(fakeSession({ level: 'city', cityId: 130100, areaId: 130100 }, { serverStatus: ['query'] }));
    expect(city.status).toBe(403);
    expect((await city.json()).returnMsg).toBe('服务器状态只有省级管理员可以查看');
    expect((await scrapeAs(fakeSession({ level: 'province' }, { serverStatus: ['query'] }))).status).toBe(200);
    expect((await scrapeAs('invalidated')).status).toBe(401);
  });

  it('英文界面的请求得到英文说明', async () => {
    const res = await scrape({ cookie: 'lang=en-US' });
    expect(res.status).toBe(401);
    expect((await res.json()).returnMsg).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('METRICS_TOKEN：带正确的 Bearer 令牌不登录即可抓取；令牌不对 401；未设置 METRICS_TOKEN 时令牌不起作用', async () => {
    expect((await scrape({ authorization: 'Bearer s3cret-scrape-token' })).status).toBe(401);
    process.env.METRICS_TOKEN = 's3cret-scrape-token';
    const ok = await scrape({ authorization: 'Bearer s3cret-scrape-token' });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('portal_api_requests_total');
    expect((await scrape({ authorization: 'Bearer s3cret-scrape-tokeX' })).status).toBe(401);
    expect((await scrape({ authorization: 'Bearer s3cret' })).status).toBe(401);
  });

  it('令牌抓取不需要数据库：要查会话而数据库不可用时 503', async () => {
    process.env.METRICS_TOKEN = 'db-down-token';
    const down = () => Promise.reject(new DbUnavailableError('无法连接数据库 x'));
    const withToken = new Request('http://localhost/api/metrics', { headers: { authorization: 'Bearer db-down-token' } });
    expect((await metricsResponse(withToken, (r) => authorizeMetrics(r, async () => null, down))).status).toBe(200);
    const noToken = await metricsResponse(new Request('http://localhost/api/metrics'), (r) => authorizeMetrics(r, async () => null, down));
    expect(noToken.status).toBe(503);
  });
});

describe('指标内容', () => {
  it('省级管理员：文本格式，调用过的端点按端点表的键与返回码类别计数、计时；进程默认指标', async () => {
    const admin = await authHeaders('admin');
    const before = await (await scrape(admin)).text();
    const was = sample(before, 'portal_api_requests_total', 'endpoint="POST /account/listUsers",code_class="2xx"') ?? 0;

    expect((await call('POST', '/account/listUsers', { headers: admin, json: { pageNo: 1, pageSize: 10 } })).status).toBe(200);
    expect((await call('POST', '/account/listUsers', { headers: admin, json: { pageNo: 1, pageSize: 10 } })).status).toBe(200);
    expect((await call('POST', '/account/listUsers', { json: {} })).status).toBe(401);
    expect((await call('GET', '/no/such/endpoint/12345')).status).toBe(404);

    const res = await scrape(admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(sample(text, 'portal_api_requests_total', 'endpoint="POST /account/listUsers",code_class="2xx"')).toBe(was + 2);
    expect(sample(text, 'portal_api_requests_total', 'endpoint="POST /account/listUsers",code_class="4xx"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_api_request_duration_seconds_count', 'endpoint="POST /account/listUsers",code_class="2xx"')).toBe(was + 2);
    expect(text).toMatch(/portal_api_request_duration_seconds_bucket\{le="0\.1",endpoint="POST \/account\/listUsers",code_class="2xx"\} \d+/);
    // 不存在的地址不成为标签
    expect(sample(text, 'portal_api_requests_total', 'endpoint="unmatched",code_class="4xx"')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('/no/such/endpoint');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    // 连接池：PostgreSQL 时导出 total/idle/waiting/max，内置 PGlite 没有连接池
    const opened = await getOpenedDb();
    if (opened.kind === 'postgres') {
      expect(sample(text, 'portal_db_pool_connections', 'state="max"')).toBe(4);
      expect(sample(text, 'portal_db_pool_connections', 'state="total"')).toBeGreaterThanOrEqual(1);
    } else {
      expect(sample(text, 'portal_db_pool_connections', 'state="max"')).toBeUndefined();
    }
  });

  it('定时任务的执行按任务、触发方式与结果计数', async () => {
    const admin = await authHeaders('admin');
    const labels = 'job="session.cleanup",trigger="manual",outcome="success"';
    const was = sample(await (await scrape(admin)).text(), 'portal_job_runs_total', labels) ?? 0;
    const run = await call<{ status: string }>('POST', '/sys/job/run', { headers: admin, json: { code: 'session.cleanup' } });
    expect(run.body.data.status).toBe('success');
    expect(sample(await (await scrape(admin)).text(), 'portal_job_runs_total', labels)).toBe(was + 1);
  });
});

// Prometheus 指标（prom-client）：每个端点行的请求数与耗时、数据库连接池用量、定时任务执行次数、进程默认指标。
// GET /api/metrics 以文本格式导出（app/api/metrics/route.ts；谁可以看由调用方的 authorize 决定，见 docs/OPERATIONS.md）。
// 注册表与各指标挂在 globalThis 上：Next 的不同服务端包（API 路由、instrumentation 里的定时器）与开发模式的模块重载共用一份。
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { openedDbIfAny } from '@/lib/platform/db/client';
import { baseSecurityHeaders } from '@/lib/platform/http/headers';
import { localizeErrorReply } from '@/lib/i18n/server-messages';
import { localeOfRequest } from '@/lib/i18n/request';

/** 端点标签：没有匹配到端点表的请求（不存在的地址、错误的方法）都记在这一个值下，免得任意地址撑大标签集 */
export const UNMATCHED_ENDPOINT = 'unmatched';

/** 返回码的类别：200 → 2xx，400/403/409… → 4xx，10005（会话已作废）→ 4xx，500/503 → 5xx */
export function codeClass(returnCode: number): string {
  if (returnCode >= 200 && returnCode < 300) return '2xx';
  if (returnCode >= 500 && returnCode < 600) return '5xx';
  return '4xx';
}

interface Metrics {
  registry: Registry;
  requests: Counter<'endpoint' | 'code_class'>;
  duration: Histogram<'endpoint' | 'code_class'>;
  jobRuns: Counter<'job' | 'trigger' | 'outcome'>;
}

function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'portal_api_requests_total',
    help: 'API 请求数，按端点表的键与返回码类别',
    labelNames: ['endpoint', 'code_class'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'portal_api_request_duration_seconds',
    help: 'API 请求耗时（秒，调度器从收到请求到答复生成），按端点表的键与返回码类别',
    labelNames: ['endpoint', 'code_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'portal_job_runs_total',
    help: '定时任务执行次数，按任务编码、触发方式（schedule/manual）与结果（success/failed；skipped 为别处正在执行或已不到期）',
    labelNames: ['job', 'trigger', 'outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'portal_db_pool_connections',
    help: '本实例 PostgreSQL 连接池的连接数：total 已建立，idle 空闲，waiting 等待连接的查询，max 上限（内置 PGlite 没有连接池，不导出）',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const opened = await openedDbIfAny()?.catch(() => null);
      const stats = opened?.poolStats?.();
      if (!stats) return;
      for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, stats[state]);
    },
  });
  return { registry, requests, duration, jobRuns };
}

const shared = globalThis as typeof globalThis & { __portalMetrics?: Metrics };
const metrics = (shared.__portalMetrics ??= createMetrics());

/** 记一个 API 请求：endpoint 为端点表的键（没匹配到时 UNMATCHED_ENDPOINT） */
export function recordApiRequest(endpoint: string, returnCode: number, seconds: number): void {
  const labels = { endpoint, code_class: codeClass(returnCode) };
  metrics.requests.inc(labels);
  metrics.duration.observe(labels, seconds);
}

/** 记一次定时任务执行：outcome 为 success/failed，或 skipped（别处正在执行或已不到期） */
export function recordJobRun(job: string, trigger: string, outcome: string): void {
  metrics.jobRuns.inc({ job, trigger, outcome });
}

/** 文本格式的全部指标 */
export function metricsText(): Promise<string> {
  return metrics.registry.metrics();
}

/** 是否允许看指标：允许，或拒绝时的 HTTP 状态与说明 */
export type MetricsAccess = { ok: true } | { ok: false; status: 401 | 403 | 503; message: string };

/** GET /api/metrics：authorize 允许时答 Prometheus 文本格式，否则 401/403/503 的 JSON 信封（消息随请求的语言） */
export async function metricsResponse(request: Request, authorize: (request: Request) => Promise<MetricsAccess>): Promise<Response> {
  const headers = { ...baseSecurityHeaders(request), 'Cache-Control': 'no-store' };
  const access = await authorize(request);
  if (!access.ok) {
    const { message } = localizeErrorReply(access.message, null, localeOfRequest(request));
    const body = JSON.stringify({ returnCode: access.status, returnMsg: message, data: null });
    return new Response(body, { status: access.status, headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' } });
  }
  return new Response(await metricsText(), { status: 200, headers: { ...headers, 'Content-Type': metrics.registry.contentType } });
}

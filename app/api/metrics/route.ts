// GET /api/metrics：Prometheus 指标（文本格式）。METRICS_TOKEN 令牌或有服务监控权限的省级会话可看，见 docs/OPERATIONS.md。
// 不经调度器（答复不是信封，Prometheus 直接抓取），不计入 API 请求指标。
import { metricsResponse } from '@/lib/platform/ops/metrics';
import { authorizeMetrics } from '@/lib/domains/ops/metrics-access';
import { resolveSession } from '@/lib/domains/access/session';

export const dynamic = 'force-dynamic';

export const GET = (request: Request) => metricsResponse(request, (r) => authorizeMetrics(r, resolveSession));

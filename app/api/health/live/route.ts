// GET /api/health/live：存活检查，进程在响应即 200（不查数据库）。见 lib/platform/ops/health.ts。
import { livenessResponse } from '@/lib/platform/ops/health';

export const dynamic = 'force-dynamic';

export const GET = (request: Request) => livenessResponse(request);

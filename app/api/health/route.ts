// GET /api/health：就绪检查（数据库、迁移、存储），正常 200、否则 503；不需要登录，不经调度器。见 lib/platform/ops/health.ts。
import { healthResponse } from '@/lib/platform/ops/health';

export const dynamic = 'force-dynamic';

export const GET = (request: Request) => healthResponse(request);

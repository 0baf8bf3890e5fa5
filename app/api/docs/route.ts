// GET /api/docs：交互式接口参考（读 /api/openapi.json）。静态段优先于 app/api/[...path] 的调度器，所以不在端点表里。
// 开发时谁都能看；生产（NODE_ENV=production）须是登录的系统管理员（资源管理的查看权限，与菜单同一个 can）：
// 页面里的“试一试”以看的人的会话发请求。未登录转登录页，登录后回到这里。见 docs/API.md。
import { docsResponse } from '@/lib/domains/access/api-docs';

export const dynamic = 'force-dynamic';

export const GET = (request: Request) => docsResponse(request);

// GET /api/docs：交互式接口参考（读 /api/openapi.json）。静态段优先于 app/api/[...path] 的调度器，所以不在端点表里。
// 开发时谁都能看；生产（NODE_ENV=production）须是登录的系统管理员（资源管理的查看权限 resource.query，与菜单同一个 can）：
// 页面里的“试一试”以看的人的会话发请求。未登录转登录页，登录后回到这里。见 docs/API.md。
import { NextResponse } from 'next/server';
import { getCurrentSession } from '@/lib/domains/access/server-session';
import { can } from '@/lib/platform/auth/session';
import { docsPage } from '@/lib/platform/api/docs-page';

export const dynamic = 'force-dynamic';

/** 生产环境看接口参考所需的权限：系统管理员（省级管理员）才有资源管理 */
const API_DOCS_PERMISSION = 'resource.query';

export async function GET(request: Request) {
  if (process.env.NODE_ENV === 'production') {
    const session = await getCurrentSession();
    if (!session) return NextResponse.redirect(new URL(`/user/login?redirect=${encodeURIComponent('/api/docs')}`, request.url));
    if (!can(session, API_DOCS_PERMISSION)) {
      return new Response('没有访问权限：接口参考只对系统管理员开放', { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    }
  }
  return docsPage(request);
}

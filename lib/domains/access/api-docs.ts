// /api/docs 的访问控制（app/api/docs/route.ts）：开发时公开；生产须登录且有 API_DOCS_PERMISSION。
// 会话与接口相同（Cookie 或令牌请求头，被作废的会话按未登录）。
import { can } from '@/lib/platform/auth/session';
import { docsPage } from '@/lib/platform/api/docs-page';
import { getDb } from '@/lib/platform/db/client';
import { resolveSession } from './session';

/** 生产环境看接口参考所需的权限：资源管理只有系统管理员（省级管理员）有 */
export const API_DOCS_PERMISSION = 'resource.query';
export const API_DOCS_FORBIDDEN = '没有访问权限：接口参考只对系统管理员开放';

export async function docsResponse(request: Request): Promise<Response> {
  if (process.env.NODE_ENV === 'production') {
    const found = await resolveSession(request, await getDb());
    const session = found === 'invalidated' ? null : found;
    if (!session) {
      const login = new URL(`/user/login?redirect=${encodeURIComponent('/api/docs')}`, request.url);
      return new Response(null, { status: 303, headers: { Location: `${login.pathname}${login.search}` } });
    }
    if (!can(session, API_DOCS_PERMISSION)) return new Response(API_DOCS_FORBIDDEN, { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  return docsPage(request);
}

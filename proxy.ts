// 把请求的路径与查询串放进请求头（x-pathname / x-search），服务端布局据此做登录回跳与首屏渲染：
// Next 16 的服务端组件拿不到当前地址。另给每个页面加 CSP（带 nonce）与安全响应头（见 docs/SECURITY.md）。
// 不做鉴权（鉴权在页面与接口里）。
import { NextResponse, type NextRequest } from 'next/server';
import { baseSecurityHeaders, pageCsp } from '@/lib/platform/http/headers';

export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set('x-pathname', request.nextUrl.pathname);
  headers.set('x-search', request.nextUrl.search);
  // 每个页面请求一个新的 nonce：Next 从请求头的 CSP 取出它加到自己的脚本上，其他内联脚本一律不执行
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const csp = pageCsp(nonce, process.env.NODE_ENV === 'development');
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', csp);
  for (const [k, v] of Object.entries(baseSecurityHeaders(request))) response.headers.set(k, v);
  return response;
}

export const config = {
  // 接口、上传的文件（自带响应头，见 lib/domains/file/serve.ts）、静态资源与图片不需要
  matcher: ['/((?!api/|files/|_next/static|_next/image|favicon.ico|.*\\.(?:svg|png|jpg|jpeg|gif|webp|ico|css|js|map|txt|woff2?)$).*)'],
};

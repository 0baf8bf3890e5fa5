// 把请求的路径与查询串放进请求头（x-pathname / x-search），服务端布局据此做登录回跳与首屏渲染：
// Next 16 的服务端组件拿不到当前地址。只转发，不做鉴权（鉴权在页面与接口里）。
import { NextResponse, type NextRequest } from 'next/server';

export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set('x-pathname', request.nextUrl.pathname);
  headers.set('x-search', request.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // 接口、静态资源与图片不需要
  matcher: ['/((?!api/|_next/static|_next/image|favicon.ico|.*\\.(?:svg|png|jpg|jpeg|gif|webp|ico|css|js|map|txt|woff2?)$).*)'],
};

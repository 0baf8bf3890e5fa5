// 跨站请求（CSRF）的判定：凭 Cookie 的改动只接受来自本站页面的请求。
// 浏览器对跨站的非 GET 请求一定带 Origin，新版浏览器对所有请求带 Sec-Fetch-Site；两者都没有的是非浏览器客户端。

/** API 客户端放令牌的请求头：带它们的请求不靠 Cookie，不受 CSRF 影响 */
export const TOKEN_HEADERS = ['authorization_token', 'x-auth-token', 'authorization'] as const;

export function headerToken(request: Request): string | null {
  const h = request.headers;
  const value = h.get('authorization_token') ?? h.get('x-auth-token') ?? h.get('authorization')?.replace(/^Bearer\s+/i, '') ?? null;
  return value?.trim() || null;
}

/** 本站的主机名（含端口）：受信代理给的 X-Forwarded-Host（转发头已按对端整理过），否则 Host */
function ownHost(request: Request): string {
  const h = request.headers;
  return (h.get('x-forwarded-host')?.split(',')[0] ?? h.get('host') ?? new URL(request.url).host).trim().toLowerCase();
}

export type RequestSite = 'same-origin' | 'cross-site' | 'unknown';

/** 请求来自哪里：same-origin 本站页面；cross-site 其他站点（含同站的其他子域）；unknown 没有浏览器的来源信息 */
export function requestSite(request: Request): RequestSite {
  const fetchSite = request.headers.get('sec-fetch-site')?.toLowerCase();
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return 'cross-site';
  const origin = request.headers.get('origin');
  if (origin) {
    let host: string;
    try {
      host = new URL(origin).host.toLowerCase();
    } catch {
      return 'cross-site'; // "null" 等不透明来源
    }
    return host === ownHost(request) ? 'same-origin' : 'cross-site';
  }
  if (fetchSite === 'same-origin' || fetchSite === 'none') return 'same-origin';
  return 'unknown';
}

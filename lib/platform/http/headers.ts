// 安全响应头：页面（proxy.ts，含带 nonce 的 CSP）与接口（调度器）共用这一处。

/** 允许嵌入本站页面的来源（frame-ancestors）；默认只允许本站自己（onlyShowContentView 的内嵌） */
export function frameAncestors(): string {
  return process.env.FRAME_ANCESTORS?.trim() || "'self'";
}

export function isHttps(request: Request): boolean {
  const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  return proto ? proto === 'https' : new URL(request.url).protocol === 'https:';
}

/** 所有响应共有的头 */
export function baseSecurityHeaders(request: Request): Record<string, string> {
  const out: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': frameAncestors() === "'none'" ? 'DENY' : 'SAMEORIGIN',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=()',
  };
  if (isHttps(request)) out['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return out;
}

/**
 * 浏览器直传对象存储（STORAGE_DRIVER=s3）时页面要能连到的来源：S3_PUBLIC_ENDPOINT（浏览器看到的地址）或 S3_ENDPOINT；
 * 不给地址即 AWS（虚拟主机形式）。本地存储时为空。
 */
export function uploadOrigins(): string[] {
  const env = process.env;
  if ((env.STORAGE_DRIVER ?? '').toLowerCase() !== 's3') return [];
  const endpoint = env.S3_PUBLIC_ENDPOINT || env.S3_ENDPOINT;
  const region = env.S3_REGION || 'us-east-1';
  try {
    if (!endpoint) return [`https://${env.S3_BUCKET}.s3.${region}.amazonaws.com`, `https://s3.${region}.amazonaws.com`];
    const u = new URL(endpoint);
    const pathStyle = /^(1|true|yes)$/i.test(env.S3_FORCE_PATH_STYLE ?? '');
    return pathStyle ? [u.origin] : [u.origin, `${u.protocol}//${env.S3_BUCKET}.${u.host}`];
  } catch {
    return [];
  }
}

/** 接口响应（JSON、文件）：不执行任何内容，不许被嵌入 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * 页面的 CSP：脚本只认本次请求的 nonce（Next 从请求头的 CSP 取 nonce 加到它的脚本上）；
 * 样式允许内联：antd 的 CSS-in-JS 与 React 的 style 属性都是内联样式，而样式不能执行代码。
 * 开发模式的热更新需要 eval，生产环境没有 unsafe-eval。
 */
export function pageCsp(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${uploadOrigins().map((o) => ` ${o}`).join('')}${dev ? ' ws: wss:' : ''}`,
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors()}`,
  ].join('; ');
}

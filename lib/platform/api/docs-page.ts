// /api/docs：接入方用的交互式接口参考（Scalar API Reference，读 /api/openapi.json）。
// 页面与脚本都来自本站：脚本是 node_modules 里 @scalar/api-reference 的独立构建，由 /api/docs/scalar.js 发出；
// 不连 CDN、不取外部字体（withDefaultFonts: false），CSP 只许本站，运行时也发不出去。谁能看由 app/api/docs/route.ts 决定。
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { baseSecurityHeaders, frameAncestors } from '@/lib/platform/http/headers';

export const DOCS_SCRIPT_PATH = '/api/docs/scalar.js';
const OPENAPI_PATH = '/api/openapi.json';
/** @scalar/api-reference 的独立构建（包的 exports 没有列出它，按文件路径读；standalone 输出见 next.config.ts） */
const SCALAR_BUNDLE = path.join(process.cwd(), 'node_modules/@scalar/api-reference/dist/browser/standalone.js');

/** 只许本站：Scalar 运行时插入样式（unsafe-inline 仅限样式），请求只发往本站接口 */
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  `frame-ancestors ${frameAncestors()}`,
].join('; ');

/** Scalar 的配置（data-configuration）：不取外部字体、不走 Scalar 的代理、不显示开发者工具与 AI 助手 */
const SCALAR_CONFIG = {
  withDefaultFonts: false,
  hideClientButton: false,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  telemetry: false,
  hideDarkModeToggle: false,
  defaultOpenAllTags: false,
  documentDownloadType: 'json',
  metaData: { title: '接口参考 · 职业技能鉴定与培训管理门户' },
};

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;');

export function docsPage(request: Request): Response {
  // 配置放在 data 属性里，页面没有内联脚本（CSP 不需要 nonce）
  const html = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>接口参考 · 职业技能鉴定与培训管理门户</title>
<link rel="icon" href="/logo.svg" type="image/svg+xml">
</head>
<body>
<script id="api-reference" data-url="${OPENAPI_PATH}" data-configuration="${escapeAttr(JSON.stringify(SCALAR_CONFIG))}"></script>
<script src="${DOCS_SCRIPT_PATH}"></script>
</body>
</html>`;
  return new Response(html, {
    headers: { ...baseSecurityHeaders(request), 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': DOCS_CSP, 'Cache-Control': 'no-store' },
  });
}

let bundle: Promise<Buffer> | undefined;

/** Scalar 的脚本：公开的库代码（不含本系统的数据），浏览器缓存一天 */
export async function docsScript(request: Request): Promise<Response> {
  bundle ??= readFile(SCALAR_BUNDLE);
  const body = await bundle.catch((err: unknown) => {
    bundle = undefined;
    throw err;
  });
  return new Response(new Uint8Array(body), {
    headers: { ...baseSecurityHeaders(request), 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
}

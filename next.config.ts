import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Docker 镜像用 standalone 输出（NEXT_OUTPUT=standalone）；npm start 用常规输出。
  output: process.env.NEXT_OUTPUT === 'standalone' ? 'standalone' : undefined,
  // 允许并行的构建（如基准测试与 e2e）各用各的输出目录。
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // 服务端原生/WASM 依赖按原样从 node_modules 加载，不参与打包（pdfkit 运行时读它自带的字体度量文件；prom-client 每进程一份；pino 在 Next 的默认名单里）。
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'exceljs', 'bcrypt', 'pdfkit', 'prom-client'],
  // 迁移 SQL、种子数据与准考证字体在运行时读取，standalone 输出需带上它们。
  // /api/docs/scalar.js 发出 Scalar 的独立构建（按文件路径读，追踪不到）。
  outputFileTracingIncludes: {
    '/**': ['./db/migrations/**/*', './db/seed/data/**/*', './assets/fonts/**/*'],
    '/api/docs/scalar.js': ['./node_modules/@scalar/api-reference/dist/browser/standalone.js'],
  },
  // 登录后的门户按请求渲染；antd 客户端组件与 cacheComponents 预渲染不兼容，故不开启。
  cacheComponents: false,
  poweredByHeader: false,
  // 剖析浏览器端 CPU 时把客户端代码还原到源文件（bench/README.md「浏览器端剖析」）；平常的构建不发出 .map
  productionBrowserSourceMaps: process.env.BROWSER_SOURCE_MAPS === '1',
  // CI 在构建之前已单独跑过 `npm run typecheck`（同一个 tsc），构建时不再查一遍（SKIP_BUILD_TYPECHECK=1）。
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === '1' },
  // 静态资源也带的安全头；页面的 CSP（带 nonce）在 proxy.ts，接口的在调度器
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        ],
      },
    ];
  },
  // next dev 默认只许 localhost 加载开发资源；以 127.0.0.1 打开时页面否则不会水合。
  allowedDevOrigins: ['127.0.0.1'],
};

export default nextConfig;

// 浏览器基准的基线应用（bench/README.md「浏览器基线」）：与门户同样构建（Next 16、React 19、antd 6、同一主题），
// 只有 Layout + Menu + 十行 Table 的两页，页间客户端导航。依赖从仓库根的 node_modules 解析。
import path from 'node:path';
import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  distDir: process.env.NEXT_DIST_DIR || '.next',
  turbopack: { root: path.resolve(__dirname, '../..') },
  poweredByHeader: false,
};

export default nextConfig;

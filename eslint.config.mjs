import next from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...next,
  ...nextTs,
  { ignores: ['.next*/**', '**/.next*/**', '**/next-env.d.ts', 'node_modules/**', 'data/**', 'db/migrations/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**'] },
  // 分层：lib/platform 是最底层，不引用领域、界面、演示数据与端点表；任何模块之间不成环（只看值导入，import type 不算）。
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    // 不解析依赖包的源码（no-cycle 只看本仓库；否则要把 node_modules 整个读一遍）
    settings: { 'import/ignore': ['node_modules'] },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './lib/platform',
              from: ['./lib/domains', './components', './app', './db', './lib/api.ts', './lib/schema.ts'],
              message: 'lib/platform 不能引用领域、界面、演示数据或端点表：需要领域能力时由调用方注入（见 docs/API.md）',
            },
            { target: './lib', from: ['./components', './app'], message: 'lib 不能引用界面与路由' },
          ],
        },
      ],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
];
export default config;

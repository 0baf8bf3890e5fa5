import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * 改进程级状态的测试文件（vi.mock、vi.stubEnv、改 process.env、换掉短信/存储等模块级实现）：各自在独立的模块环境里跑。
 * 其余文件共用一个 worker 里已加载的模块（isolate: false）：每个文件不再重新加载整个应用，测试快一倍多。
 * 每个文件仍有自己的数据库（tests/helpers/db.ts）。tests/unit/vitest-isolation.test.ts 检查名单没有漏掉。
 */
export const ISOLATED = [
  'tests/api/file/s3-upload.test.ts',
  'tests/api/file/upload.test.ts',
  'tests/api/ops/metrics.test.ts',
  'tests/api/user/sso.test.ts',
  'tests/api/user/sms.test.ts',
  'tests/api/platform/request-log.test.ts',
  'tests/api/platform/first-start.test.ts',
  'tests/api/exaPlan/transitions.test.ts',
  'tests/api/dict/lookups.test.ts',
  'tests/api/score/workflow.test.ts',
  'tests/unit/excel-export.test.ts',
  'tests/unit/dev-pages.test.ts',
  'tests/api/platform/sealed.test.ts',
  'tests/api/task/large-work.test.ts',
  'tests/api/ops/outbox-integrations.test.ts',
  'tests/api/platform/api-docs.test.ts',
];

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(__dirname),
      'server-only': path.resolve(__dirname, 'tests/helpers/empty.ts'),
    },
  },
  test: {
    environment: 'node',
    exclude: ['tests/e2e/**', 'node_modules/**'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/registrations.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'shared', include: ['tests/**/*.test.ts'], exclude: ['tests/e2e/**', 'node_modules/**', ...ISOLATED], isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});

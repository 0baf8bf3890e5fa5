// 端到端测试：Chromium（Debian 的 /usr/bin/chromium）对已构建的应用运行。
// 先 `next build`（可设 NEXT_DIST_DIR 使用单独的输出目录），再 `npm run test:e2e`。
//
// 环境变量：
//   E2E_BASE_URL      被测地址，默认 http://127.0.0.1:3100；指向本机时自动在其端口上 `next start`，
//                     指向其他主机时视为已部署的服务，不启动服务器。
//   E2E_DATABASE_URL  设置时以它作为服务器的 DATABASE_URL（PostgreSQL，空库时写入演示数据）；
//                     否则使用 ./data/e2e-pglite-<端口> 中的内置 PGlite（每次启动前删除，首次启动自动迁移并写入演示数据）。
//   E2E_SMS_CODE      服务器的固定短信验证码（SMS_PROVIDER=fixed），默认 246810。
//   NEXT_DIST_DIR     设置时原样传给 `next start`，与构建时保持一致。
//   CHROMIUM_PATH     浏览器路径，默认 /usr/bin/chromium。
//   LOG_LEVEL         服务器的日志级别，默认 warn（排查时设 info 或 debug）。
import { generateKeyPairSync } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';

const baseURL = process.env.E2E_BASE_URL || 'http://127.0.0.1:3100';
const target = new URL(baseURL);
const isLocal = ['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname);
const port = target.port || (target.protocol === 'https:' ? '443' : '80');

// 内置库按端口各用一份，并在启动服务器前删除：e2e 会改数据（改密、注册），每次运行都从干净的演示数据开始，
// 并行的几个服务器（不同端口）也互不干扰。用 E2E_DATABASE_URL 时请给一个新建的空库。
const pgliteDir = `./data/e2e-pglite-${port}`;
/** 上传的文件同样按端口各一份、启动前清空（演示数据里的图片也写在这里） */
const uploadDir = `./data/e2e-uploads-${port}`;
/** 测试用的固定短信验证码（服务端 SMS_PROVIDER=fixed，仅用于 e2e） */
const E2E_SMS_CODE = process.env.E2E_SMS_CODE || '246810';

const serverEnv: Record<string, string> = {
  ...(process.env.E2E_DATABASE_URL
    ? // 空的 PostgreSQL 库同样在首次启动时写入演示数据（非空时不动）。
      { DATABASE_URL: process.env.E2E_DATABASE_URL, SEED_DEMO_DATA: 'true' }
    : // 置空以免继承外部的 DATABASE_URL；数据库模块把空值视为未设置。
      { DATABASE_URL: '', PGLITE_DIR: pgliteDir }),
  ...(process.env.NEXT_DIST_DIR ? { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR } : {}),
  // 生产构建没有 AUTH_SECRET 不启动；测试用固定值
  AUTH_SECRET: process.env.AUTH_SECRET || 'e2e-only-secret-0123456789abcdef0123456789abcdef',
  // 生产构建没有证书签名私钥同样不启动：每次运行生成一把
  CERT_SIGNING_KEY: process.env.CERT_SIGNING_KEY || generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  // 生产构建没有 PUBLIC_BASE_URL（证书二维码的站点地址）同样不启动：就是被测的地址
  PUBLIC_BASE_URL: baseURL,
  // 个人信息加密的密钥同样必需（生产构建）；测试用固定值
  DATA_KEY: process.env.DATA_KEY || 'e2e:' + 'a1'.repeat(32),
  DATA_INDEX_KEY: process.env.DATA_INDEX_KEY || 'b2'.repeat(32),
  UPLOAD_DIR: uploadDir,
  STORAGE_DRIVER: 'local',
  // 服务器的输出接到测试的输出上：每个请求一行的 info 日志只会淹没失败信息
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
  SMS_PROVIDER: 'fixed',
  SMS_FIXED_CODE: E2E_SMS_CODE,
  SUPPORT_CHAT_TRAIN_URL: 'https://support.example.com/chat/train',
  SUPPORT_CHAT_EVAL_URL: 'https://support.example.com/chat/eval',
};

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // 机器繁忙（2 核）时服务端渲染与路由跳转可能慢上十几秒：等待放宽，通过的用例不会因此变慢
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    // 单个点击、输入等最多等 60 秒：卡住的操作尽早失败并重试，不把整条用例的时限耗完
    actionTimeout: 60_000,
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-quic',
            '--no-first-run',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: isLocal
    ? {
        command: process.env.E2E_DATABASE_URL ? `rm -rf ${uploadDir} && npx next start -p ${port}` : `rm -rf ${pgliteDir} ${uploadDir} && npx next start -p ${port}`,
        // 等到区划接口可用：首次启动的空库在此完成迁移与演示数据写入。
        url: new URL('/api/comApi/getAreaByParent?pid=130000', baseURL).toString(),
        env: serverEnv,
        reuseExistingServer: !process.env.CI,
        timeout: 180_000,
        stdout: 'pipe',
        stderr: 'pipe',
      }
    : undefined,
});

// 浏览器基准：npm run bench:browser [-- --url http://127.0.0.1:3000] [--rounds 3]
// 在 Chromium（/usr/bin/chromium）里以 admin 登录，测 (a) 五个列表页整页加载到表格第一行出现、
// (b) 十次侧边菜单点击到新列表第一行出现，打印 p50/p95 与每页下载的 JS 大小；同一次运行里对基线应用
// （bench/browser-floor：同样构建的 Next + antd，只有 Layout + Menu + 同样十行的 Table）做同样的测量，打印比值并判定。
// 不属于测试。见 bench/README.md。没给 --url 时自己在空闲端口上用内置库（临时目录）启动生产构建（没有构建先构建）。
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { freePort, stopChild } from './processes';

const ROOT = path.resolve(__dirname, '..');
const DIST = process.env.NEXT_DIST_DIR ?? '.next';

/** 目标（issue 31）：与同一次运行里的基线应用之比——整页加载、菜单点击 p50 ≤ 1.3 倍，每页 JS ≤ 1.5 倍 */
const TARGET_TIME_RATIO = 1.3;
const TARGET_JS_RATIO = 1.5;
const FLOOR_DIR = path.join(ROOT, 'bench/browser-floor');

/** 五个列表页（整页加载） */
const FULL_LOAD_PAGES = ['/system/user', '/evaluation/personnel/assessor', '/system/dict', '/evaluation/filing/audit', '/system/ops/log'];
/** 十次菜单点击：[菜单所在的一级目录路径, 要点的叶子的标题, 叶子路径] */
const MENU_CLICKS: [string, string][] = [
  ['用户管理', '/system/user'],
  ['角色管理', '/system/role'],
  ['数据字典', '/system/dict'],
  ['流程规则', '/system/process/rule'],
  ['系统日志', '/system/ops/log'],
  ['定时任务', '/system/ops/job'],
  ['设备管理', '/system/ops/device'],
  ['意见反馈', '/system/portal/feedback'],
  ['友情链接', '/system/portal/friend-link'],
  ['联系方式', '/system/portal/contact'],
];

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0) return process.argv[i + 1];
  const eq = process.argv.find((a) => a.startsWith(`--${name}=`));
  return eq?.slice(name.length + 3);
}

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

interface Site {
  url: string;
  stop: () => Promise<void>;
}

async function waitUp(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('应用进程已退出');
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // 还没起来
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('应用 180 秒内没有起来');
}

async function waitExit(child: ChildProcess, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${what}失败：${code}`)))));
}

async function startApp(): Promise<Site> {
  if (!fs.existsSync(path.join(ROOT, DIST, 'BUILD_ID'))) {
    console.log(`没有 ${DIST}/BUILD_ID，先构建……`);
    await waitExit(spawn('npx', ['next', 'build'], { cwd: ROOT, stdio: 'inherit', env: process.env }), '构建');
  }
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-browser-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), PGLITE_DIR: path.join(dir, 'pglite'), NODE_ENV: 'production' };
  delete env.DATABASE_URL;
  const child = spawn('node', ['scripts/start.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const url = `http://127.0.0.1:${port}`;
  await waitUp(`${url}/user/login`, child);
  return {
    url,
    stop: async () => {
      await stopChild(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** 基线应用：构建目录与门户的同名（在 bench/browser-floor 下），没有构建先构建；行从 rowsFile 读 */
async function startFloor(rowsFile: string): Promise<Site> {
  if (!fs.existsSync(path.join(FLOOR_DIR, DIST, 'BUILD_ID'))) {
    console.log(`没有 bench/browser-floor/${DIST}/BUILD_ID，先构建基线应用……`);
    await waitExit(spawn('npx', ['next', 'build', FLOOR_DIR], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NEXT_DIST_DIR: DIST } }), '基线应用构建');
  }
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_DIST_DIR: DIST, FLOOR_ROWS_FILE: rowsFile, NODE_ENV: 'production' };
  const child = spawn('npx', ['next', 'start', '-p', String(port), FLOOR_DIR], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const url = `http://127.0.0.1:${port}`;
  await waitUp(`${url}/a`, child);
  return { url, stop: () => stopChild(child) };
}

const FIRST_ROW = '.ant-table-tbody tr.ant-table-row';

declare global {
  interface Window {
    __clickToRow?: number;
  }
}

/**
 * 在页面里计时一次菜单点击：从按下鼠标（pointerdown 事件的时间戳）到新界面第一行出现后的下一帧。
 * Playwright 的 click() 在按下之前还要等元素稳定、滚动、命中检查（负载高时几十到上百毫秒），那不是用户感到的时间。
 */
// 以字符串送进页面：tsx 编译函数时会插入页面里没有的辅助函数（__name）
const WATCH_CLICK = `(selector) => {
  window.__clickToRow = undefined;
  let down = 0;
  document.addEventListener('pointerdown', (e) => (down = e.timeStamp), { capture: true, once: true });
  const observer = new MutationObserver(() => {
    if (!down || !document.querySelector(selector)) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (window.__clickToRow = performance.now() - down)));
  });
  observer.observe(document.body, { childList: true, subtree: true });
}`;

/**
 * 整页打开后等到可以点：页面已水合（基线与门户都在 html 上标 data-hydrated），门户的界面也已水合。
 * 行在水合之前就看得见（服务端画出），这时点菜单链接是浏览器自己整页跳转，量到的就不是客户端导航了。
 */
async function waitInteractive(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true' && !document.querySelector('[data-screen-ready="false"]'), null, { timeout: 60_000 });
}

async function login(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/user/loginV2`);
  await page.locator('html[data-hydrated="true"]').waitFor({ timeout: 60_000 });
  await page.getByPlaceholder('请输入账号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('Admin@2026');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/\/dashboard\/workplace/, { timeout: 60_000 });
}

/** 一边（门户或基线）要测的：整页加载的页、从哪页开始点、依次点的菜单项 [标题, 路径] */
interface Plan {
  fullLoad: string[];
  clickStart: string;
  clicks: [string, string][];
}

const APP_PLAN: Plan = { fullLoad: FULL_LOAD_PAGES, clickStart: '/dashboard/workplace', clicks: MENU_CLICKS };
/** 基线：两页来回点，次数与门户相同 */
const FLOOR_PLAN: Plan = {
  fullLoad: ['/a', '/b', '/a', '/b', '/a'],
  clickStart: '/a',
  clicks: Array.from({ length: MENU_CLICKS.length }, (_, i): [string, string] => (i % 2 === 0 ? ['列表乙', '/b'] : ['列表甲', '/a'])),
};

interface Result {
  full: number[];
  clicks: number[];
  harnessClicks: number[];
  /** 每页下载的 JS（冷缓存，未压缩字节），不含空闲时预先下载的其他界面的代码 */
  js: Record<string, number>;
  /** 空闲时预先下载的其他界面的代码（侧栏各叶子，点菜单时不再等下载） */
  preloads: Record<string, number>;
}

async function measure(context: BrowserContext, browser: Browser, url: string, plan: Plan, rounds: number): Promise<Result> {
  const page = await context.newPage();
  // JS 下载量：每个整页加载的页（去重）在冷缓存的新上下文里取到的脚本
  const js: Record<string, number> = {};
  const preloads: Record<string, number> = {};
  {
    const state = await context.storageState();
    for (const pagePath of new Set(plan.fullLoad)) {
      const cold = await browser.newContext({ storageState: state });
      const p = await cold.newPage();
      await p.goto(`${url}${pagePath}`, { waitUntil: 'networkidle' });
      // 门户：界面的代码块在根布局水合之后才请求（按需加载）。负载高时主包执行超过半秒，networkidle 会在那之前就成立，
      // 少算界面自己的代码；所以等界面水合完、空闲预先下载开始（打了 mark）再数。基线没有这些标记，networkidle 即可。
      if (await p.locator('[data-screen-path]').count()) {
        await waitInteractive(p);
        await p.waitForFunction(() => performance.getEntriesByName('preload-screens').length > 0, null, { timeout: 5_000 }).catch(() => undefined);
        await p.waitForLoadState('networkidle');
      }
      // 浏览器记下的每个脚本解压后的大小；空闲时预先下载的其他界面的代码（components/screens/preload.ts 打的 mark 之后开始的）另记
      const [own, preloaded] = (await p.evaluate(`(() => {
        const mark = performance.getEntriesByName('preload-screens')[0]?.startTime ?? Infinity;
        const scripts = performance.getEntriesByType('resource').filter((e) => e.initiatorType === 'script' || /\\.js(\\?|$)/.test(e.name));
        const sum = (list) => list.reduce((n, e) => n + e.decodedBodySize, 0);
        return [sum(scripts.filter((e) => e.startTime < mark)), sum(scripts.filter((e) => e.startTime >= mark))];
      })()`)) as [number, number];
      js[pagePath] = own;
      preloads[pagePath] = preloaded;
      await cold.close();
    }
  }

  // 预热：每页先各走一遍（服务端首次编译路由、连接池）
  for (const pagePath of plan.fullLoad) {
    await page.goto(`${url}${pagePath}`);
    await page.locator(FIRST_ROW).first().waitFor({ timeout: 60_000 });
  }

  const full: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const pagePath of plan.fullLoad) {
      const t0 = Date.now();
      await page.goto(`${url}${pagePath}`, { waitUntil: 'commit' });
      await page.locator(FIRST_ROW).first().waitFor({ timeout: 60_000 });
      full.push(Date.now() - t0);
    }
  }

  const clicks: number[] = [];
  const harnessClicks: number[] = [];
  for (let r = 0; r < rounds; r++) {
    await page.goto(`${url}${plan.clickStart}`);
    await waitInteractive(page);
    for (const [title, leafPath] of plan.clicks) {
      const item = page.locator('[data-testid="side-menu"] .ant-menu-item').filter({ hasText: new RegExp(`^${title}$`) });
      if (!(await item.isVisible())) {
        // 叶子所在的目录未展开：先到该页（不计时），之后的点击都在同一侧边菜单里
        await page.goto(`${url}${leafPath}`);
        await waitInteractive(page);
        continue;
      }
      await page.evaluate(`(${WATCH_CLICK})(${JSON.stringify(`[data-screen-path="${leafPath}"] ${FIRST_ROW}`)})`);
      const t0 = Date.now();
      await item.click();
      try {
        await page.waitForURL((u) => u.pathname === leafPath, { timeout: 30_000 });
        await page.locator(`[data-screen-path="${leafPath}"] ${FIRST_ROW}`).first().waitFor({ timeout: 30_000 });
      } catch (e) {
        throw new Error(`点「${title}」后 ${leafPath} 的第一行没有出现`, { cause: e });
      }
      harnessClicks.push(Date.now() - t0);
      clicks.push(Math.round(await page.waitForFunction(() => window.__clickToRow).then((h) => h.jsonValue() as Promise<number>)));
    }
  }
  await page.close();
  return { full, clicks, harnessClicks, js, preloads };
}

/** 门户用户列表第一页的十行（表头 → 单元格文字），交给基线应用画同样的表 */
async function appRows(context: BrowserContext, url: string): Promise<Record<string, string>[]> {
  const page = await context.newPage();
  await page.goto(`${url}${FULL_LOAD_PAGES[0]}`);
  await page.locator(FIRST_ROW).first().waitFor({ timeout: 60_000 });
  const rows = (await page.evaluate(`(() => {
    const table = document.querySelector('.ant-table');
    const heads = [...table.querySelectorAll('thead th')].map((th, i) => th.textContent.trim() || 'c' + i);
    return [...table.querySelectorAll('tbody tr.ant-table-row')].slice(0, 10).map((tr) =>
      Object.fromEntries([...tr.querySelectorAll('td')].map((td, i) => [heads[i] ?? 'c' + i, td.textContent.trim()])));
  })()`)) as Record<string, string>[];
  await page.close();
  return rows;
}

const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);

async function main() {
  const rounds = Number(arg('rounds') ?? 3);
  const given = arg('url');
  const app: Site = given ? { url: given.replace(/\/$/, ''), stop: async () => {} } : await startApp();
  let floor: Site | undefined;
  const rowsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-floor-')), 'rows.json');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const viewport = { width: 1366, height: 768 };
    const appContext = await browser.newContext({ viewport });
    const loginPage = await appContext.newPage();
    await login(loginPage, app.url);
    await loginPage.close();
    fs.writeFileSync(rowsFile, JSON.stringify(await appRows(appContext, app.url)));
    floor = await startFloor(rowsFile);
    const floorContext = await browser.newContext({ viewport });

    // 两边交替各测一轮，机器负载的起伏落在两边
    const appRuns: Result[] = [];
    const floorRuns: Result[] = [];
    for (let r = 0; r < rounds; r++) {
      appRuns.push(await measure(appContext, browser, app.url, APP_PLAN, 1));
      floorRuns.push(await measure(floorContext, browser, floor.url, FLOOR_PLAN, 1));
    }
    const merge = (runs: Result[]): Result => ({
      full: runs.flatMap((r) => r.full),
      clicks: runs.flatMap((r) => r.clicks),
      harnessClicks: runs.flatMap((r) => r.harnessClicks),
      js: runs[0].js,
      preloads: runs[0].preloads,
    });
    const a = merge(appRuns);
    const f = merge(floorRuns);

    const ms = (v: number[]) => `p50 ${String(pct(v, 50)).padStart(5)} ms  p95 ${String(pct(v, 95)).padStart(5)} ms`;
    const ratio = (x: number[], y: number[]) => pct(x, 50) / Math.max(1, pct(y, 50));
    console.log(`\n浏览器基准（Chromium，1366×768，admin；每边 ${rounds} 轮，交替；负载 ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}）`);
    console.log(`${''.padEnd(30)}${'门户'.padEnd(30)}${'基线'.padEnd(30)}门户/基线（p50）`);
    const row = (name: string, x: number[], y: number[]) => console.log(`${name.padEnd(28)}${ms(x).padEnd(32)}${ms(y).padEnd(32)}${ratio(x, y).toFixed(2)}×`);
    row('(a) 整页加载', a.full, f.full);
    row('(b) 侧边菜单点击', a.clicks, f.clicks);
    row('    （含 Playwright 点击前检查）', a.harnessClicks, f.harnessClicks);

    console.log('\n各页下载的 JS（冷缓存，未压缩；另列空闲时预先下载的侧栏其他界面的代码）');
    for (const [p, b] of Object.entries(a.js)) console.log(`  门户 ${p.padEnd(34)} ${(b / 1024).toFixed(0).padStart(6)} KB   预先下载 ${(a.preloads[p] / 1024).toFixed(0).padStart(5)} KB`);
    for (const [p, b] of Object.entries(f.js)) console.log(`  基线 ${p.padEnd(34)} ${(b / 1024).toFixed(0).padStart(6)} KB`);
    const jsRatio = Math.max(...Object.values(a.js)) / Math.max(1, mean(Object.values(f.js)));

    const judge = (name: string, value: number, target: number) => `${name} ${value.toFixed(2)}× ≤ ${target}×，${value <= target ? '达到' : '未达到'}`;
    console.log(
      `\n目标（与基线之比）：${judge('整页加载 p50', ratio(a.full, f.full), TARGET_TIME_RATIO)}；${judge('菜单点击 p50', ratio(a.clicks, f.clicks), TARGET_TIME_RATIO)}；${judge('每页 JS（最大的一页）', jsRatio, TARGET_JS_RATIO)}`,
    );
  } finally {
    await browser.close();
    await floor?.stop();
    await app.stop();
    fs.rmSync(path.dirname(rowsFile), { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

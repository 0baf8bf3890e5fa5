// 首屏不空白（issue 31 第 4 项）：按计划、班级选择的界面与数据大屏，服务端画出的 HTML 就是最终的版面。
// a. 只有服务端的 HTML（拦下全部脚本文件，页面不会水合；HTML 里 React 的内联脚本照常把流出的界面放进占位处）：
//    选择框里已选好默认的计划（文字与接口的默认项相同），下面是它的列表（与接口的第一页同样多行），没有骨架；
//    数据大屏是深色、按窗口缩放的 1920×1080 版面，计数与各市排行已带着数据。不依赖任何计时。
// b. 开着脚本打开同样的页面：水合后没有控制台错误（水合不一致 #418 等）。
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { ADMIN, expect, test, waitForHydration } from './helpers';

const VIEWPORT = { width: 1366, height: 768 };

type Row = Record<string, unknown>;
interface Picker {
  path: string;
  /** 选项列表接口与请求体（与界面的第一次请求相同） */
  options: { method: 'GET' | 'POST'; path: string; body?: Row };
  /** 界面默认选中的一项（与界面、服务端相同的选法） */
  choose?: (list: Row[]) => Row | undefined;
  /** 默认选中项的列表（第一页随 HTML 带来时）；param 为选中项 id 的参数名 */
  rows?: { path: string; param?: string; pageSize?: number };
}

const first = (list: Row[]) => list[0];
const preferring = (flag: string) => (list: Row[]) => list.find((r) => r[flag] === true) ?? list[0];

const PICKERS: Picker[] = [
  { path: '/evaluation/exam/examinee', options: { method: 'POST', path: '/examaff/student/listExaPlan', body: {} }, rows: { path: '/examaff/student/selectExaPlanStudent', param: 'planId' } },
  { path: '/evaluation/exam/site', options: { method: 'POST', path: '/examaff/site/planList', body: { pageSize: 100 } }, rows: { path: '/examaff/site/getSiteDetailZx', param: 'planId' } },
  { path: '/evaluation/exam/room', options: { method: 'POST', path: '/examaff/site/planList', body: { pageSize: 100 } }, rows: { path: '/examaff/site/placeList', param: 'planId' } },
  // 监控可清空计划（不限计划）：默认不选
  { path: '/evaluation/exam/camera', options: { method: 'POST', path: '/examaff/site/planList', body: { pageSize: 100 } }, choose: () => undefined },
  { path: '/evaluation/exam/affairs', options: { method: 'POST', path: '/exaAff/planList', body: { pageSize: 100 } } },
  { path: '/evaluation/exam/score', options: { method: 'POST', path: '/exaAff/scorePlans', body: {} }, choose: preferring('editable'), rows: { path: '/exaAff/selScoreList', param: 'planId' } },
  { path: '/evaluation/certificate/state-grid', options: { method: 'POST', path: '/examaff/stategrid/getPlans', body: {} }, choose: preferring('canApply') },
  { path: '/train/course/curriculum', options: { method: 'GET', path: '/trainInfo/toTrainInfoList' }, rows: { path: '/class/listOfflineCourse', param: 'classId', pageSize: 50 } },
  // 学员库可选“全部班级”（默认）：第一页是全部学员
  { path: '/train/student', options: { method: 'GET', path: '/trainInfo/toTrainInfoList' }, choose: () => undefined, rows: { path: '/student/listStudent' } },
];

const BIG_SCREENS = [
  { path: '/dashboard/big-screen/eval', api: '/home/bigScreen/eval' },
  { path: '/dashboard/big-screen/train', api: '/home/bigScreen/train' },
];

async function call<T>(ctx: BrowserContext, method: 'GET' | 'POST', path: string, body: Row = {}): Promise<T> {
  const res = method === 'GET' ? await ctx.request.get(`/api${path}`, { params: body as Record<string, string> }) : await ctx.request.post(`/api${path}`, { data: body });
  const json = (await res.json()) as { returnCode: number; data: T };
  expect(json.returnCode, path).toBe(200);
  return json.data;
}

async function adminContext(browser: Browser, hydrate: boolean): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  if (!hydrate) await ctx.route('**/_next/static/**/*.js', (route) => route.abort());
  const res = await ctx.request.post('/api/user/login', { data: { account: ADMIN.account, password: ADMIN.password } });
  expect(((await res.json()) as { returnCode: number }).returnCode).toBe(200);
  return ctx;
}

test('服务端的 HTML（不水合）：选择框已选好默认项、带着它的第一页；大屏已缩放并带着数据', async ({ browser }) => {
  const ctx = await adminContext(browser, false);
  const page = await ctx.newPage();
  for (const p of PICKERS) {
    const raw = await call<Row[] | { list: Row[] }>(ctx, p.options.method, p.options.path, p.options.body);
    const options = Array.isArray(raw) ? raw : raw.list;
    const chosen = (p.choose ?? first)(options);
    await page.goto(p.path);
    const screen = page.locator(`[data-screen-path="${p.path}"]`);
    // 选择框在，不是“加载中”，没有界面代码到来前的骨架
    await expect(screen.getByRole('combobox').first(), p.path).toBeAttached();
    await expect(screen.locator('.ant-select-loading'), p.path).toHaveCount(0);
    await expect(screen.locator('.ant-skeleton'), p.path).toHaveCount(0);
    if (chosen) await expect(screen, p.path).toContainText(String(chosen.name ?? chosen.label));
    if (p.rows && (chosen || !p.rows.param)) {
      const body = { ...(p.rows.param && chosen ? { [p.rows.param]: chosen.id } : {}), pageNo: 1, pageSize: p.rows.pageSize ?? 10 };
      const page1 = await call<{ list: Row[] }>(ctx, 'POST', p.rows.path, body);
      const table = screen.locator('.ant-table').first();
      await expect(table, p.path).toBeVisible();
      await expect(table.locator('tbody tr.ant-table-row'), p.path).toHaveCount(page1.list.length);
    }
  }

  // 页头（水合前 antd 还没收起放不下的菜单项）：看得见的顶部菜单项都在设置按钮左边，不重叠
  const header = await page.evaluate(() => {
    const nav = document.querySelector('[data-testid="top-menu"]')!.getBoundingClientRect();
    const gear = document.querySelector('[data-testid="settings-button"]')!.getBoundingClientRect();
    const shown = [...document.querySelectorAll('[data-testid="top-menu"] li')].map((li) => li.getBoundingClientRect()).filter((r) => r.width > 0 && r.top < nav.bottom);
    return { navRight: nav.right, gearLeft: gear.left, itemsRight: Math.max(...shown.map((r) => r.right)) };
  });
  expect(header.itemsRight, JSON.stringify(header)).toBeLessThanOrEqual(Math.min(header.navRight, header.gearLeft));

  for (const b of BIG_SCREENS) {
    const data = await call<{ counters: unknown[]; cities: unknown[] }>(ctx, 'GET', b.api);
    await page.goto(b.path);
    const frame = page.getByTestId('big-screen');
    await expect(frame).toHaveAttribute('aria-busy', 'false');
    await expect(frame).toHaveCSS('background-color', 'rgb(2, 11, 31)');
    // 按窗口缩放：1920×1080 的版面占满窗口的宽或高（CSS 算缩放，没有脚本）
    // 流式送来的界面替换占位的那一刻节点还不在版面上（boundingBox 为 null）：先等它显示出来再量
    const stageBox = frame.locator('> div');
    await expect(stageBox).toBeVisible();
    const stage = (await stageBox.boundingBox())!;
    expect(Math.round(stage.width) === VIEWPORT.width || Math.round(stage.height) === VIEWPORT.height, `${b.path} ${stage.width}×${stage.height}`).toBe(true);
    expect(stage.width).toBeLessThanOrEqual(VIEWPORT.width + 1);
    await expect(page.getByTestId('city-ranking').locator('> li')).toHaveCount(data.cities.length);
    await expect(page.getByTestId('big-counter-skeleton')).toHaveCount(0);
    // 趋势图在浏览器里量宽度后才画：之前是同样大小的网格线骨架，不是空白
    await expect(page.getByTestId('trend-chart-skeleton')).toBeVisible();
  }
  await ctx.close();
});

test('开着脚本打开这些页面：水合后没有控制台错误', async ({ browser }) => {
  const ctx = await adminContext(browser, true);
  const page: Page = await ctx.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  for (const path of [...PICKERS.map((p) => p.path), ...BIG_SCREENS.map((b) => b.path)]) {
    await page.goto(path);
    await waitForHydration(page);
  }
  expect(errors).toEqual([]);
  await ctx.close();
});

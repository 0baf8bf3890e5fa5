// e2e 公共步骤：像用户一样在登录页登录；演示账号与密码（种子数据，见 README 演示账号）。
import ExcelJS from 'exceljs';
import { test as base, expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { visibleMenuTree, type MenuItem, type MenuNode } from '@/lib/domains/access/menu';

export { expect };
export type { Page };

/**
 * 等页面水合完成（根布局在 <html> 上标 data-hydrated）：水合前的点击、右键不会触发 React 的处理。
 * 客户端界面的代码按需加载，比根布局晚水合：再等界面的 data-screen-ready 标记（ScreenHost）都为 true。
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('[data-screen-ready="false"]')).toHaveCount(0, { timeout: 30_000 });
}

/** page.goto 与 page.reload 在页面加载后再等水合完成（另开的浏览器上下文里的页面也可用） */
export function withHydrationWaits(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const res = await goto(...args);
    await waitForHydration(page);
    return res;
  };
  page.reload = async (...args) => {
    const res = await reload(...args);
    await waitForHydration(page);
    return res;
  };
  return page;
}

/**
 * 各用例用的 test：page 的 goto 与 reload 等水合完成。
 * 机器繁忙时水合可能晚于服务端渲染的内容出现好几秒，不等它的用例会偶发失败。
 */
export const test = base.extend({
  page: async ({ page }, provide) => {
    await provide(withHydrationWaits(page));
  },
});

/** 顶部菜单的一级项（含因宽度不够收进“…”的） */
export async function topMenuTitles(page: Page): Promise<string[]> {
  const items = page.getByTestId('top-menu').locator('li.ant-menu-overflow-item:not(.ant-menu-overflow-item-rest)');
  return (await items.allTextContents()).map((s) => s.trim()).filter(Boolean);
}

/**
 * 悬停菜单（页头账号菜单等）里点一项，直到 done 成立：菜单的出现动画期间点击可能落空，
 * 机器繁忙时就整个重来一次（done 已成立则不再点）。
 */
export async function hoverMenuAction(page: Page, trigger: Locator, item: string | RegExp, done: () => Promise<void>): Promise<void> {
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0) {
      try {
        await done();
        return;
      } catch {
        // 上一次没点成：再悬停、再点
      }
    }
    await trigger.hover({ timeout: 5_000 });
    await page.getByRole('menuitem', { name: item }).click({ timeout: 5_000 });
    await done();
  }).toPass({ timeout: 60_000 });
}

/** antd 选择框（含树选择）里选一项（可先输入搜索）；确认选上为止，选上了就不再点（多选再点会取消）。
 * 下拉展开的动画里点到的项可能不生效，所以点完要看到选择框里出现这一项。 */
export async function chooseOption(page: Page, select: Locator, label: string, search?: string): Promise<void> {
  const box = select.locator('xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  await expect(async () => {
    if ((await box.textContent())?.includes(label)) return;
    await select.click({ timeout: 5_000 });
    if (search) await select.fill(search);
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) :is(.ant-select-item-option, .ant-select-tree-node-content-wrapper)').filter({ hasText: label }).first().click({ timeout: 5_000 });
    await expect(box).toContainText(label, { timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
}

/** 页面顶部弹出的全局提示 */
export async function expectMessage(page: Page, text: string): Promise<void> {
  await expect(page.locator('.ant-message-notice').filter({ hasText: text }).last()).toBeVisible();
}

export const DEMO_PASSWORD = 'Demo@2026';
export const ADMIN = { account: 'admin', password: 'Admin@2026' } as const;
export const WORKPLACE = '/dashboard/workplace';

/**
 * 登录按钮（antd 会在两个汉字之间插空格，这里两种都认）。不锚定开头：提交过一次后，
 * 按钮的无障碍名称里可能还带着已收起的加载图标的 "loading"。
 */
export const LOGIN_BUTTON = /登\s*录$/;

export interface LoginOptions {
  /** 经登录页：loginV2（主入口）或 login（经典）。不给则经登录接口（与登录页调用同一个接口，省去登录页的加载） */
  via?: 'loginV2' | 'login';
  /** 登录后期望到达（经接口时即打开）的路径，默认工作台 */
  expectPath?: string | RegExp;
}

/**
 * 登录并等到落地页（默认 /dashboard/workplace）。登录页本身的填写与跳转由 auth.spec.ts 覆盖（via 指定登录页）；
 * 其余用例经接口登录，Cookie 落在浏览器上下文里，再打开落地页。
 */
export async function loginAs(page: Page, account: string, password: string, opts: LoginOptions = {}): Promise<void> {
  const target = opts.expectPath ?? WORKPLACE;
  if (!opts.via && typeof target === 'string') {
    await apiLogin(page, account, password);
    await page.goto(target);
    await waitForHydration(page);
    return;
  }
  await page.goto(`/user/${opts.via ?? 'loginV2'}`);
  await fillLogin(page, account, password);
  await expect(page).toHaveURL(typeof target === 'string' ? new RegExp(`${escapeRegExp(target)}(\\?|$)`) : target, { timeout: 30_000 });
  await waitForHydration(page);
}

/** 经登录接口登录（不打开页面） */
export async function apiLogin(page: Page, account: string, password: string): Promise<void> {
  const res = await page.request.post('/api/user/login', { data: { account, password } });
  expect(res.status(), `${account} 登录`).toBe(200);
  expect(((await res.json()) as { returnCode: number }).returnCode, `${account} 登录`).toBe(200);
}

/** 只填写并提交账号密码表单（不等待结果），用于断言错误提示 */
export async function fillLogin(page: Page, account: string, password: string): Promise<void> {
  await page.getByPlaceholder('请输入账号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: LOGIN_BUTTON }).click();
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * 按导入模板（与服务端列定义同源）写一个工作簿：模板表头里必填列带“*”，rows 以去掉“*”的列名为键。
 * 返回写好的文件路径与列名，供断言模板的列。
 */
export async function workbookFromTemplate(
  request: APIRequestContext,
  templatePath: string,
  testInfo: TestInfo,
  sheetName: string,
  rows: Record<string, string>[],
): Promise<{ file: string; columns: string[] }> {
  const template = await request.get(templatePath);
  expect(template.status()).toBe(200);
  const templateBook = new ExcelJS.Workbook();
  await templateBook.xlsx.load((await template.body()) as unknown as ArrayBuffer);
  const headers = (templateBook.worksheets[0].getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? ''));
  const columns = headers.map((h) => h.replace(/^\*/, ''));
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(columns.map((c) => r[c] ?? null));
  const file = testInfo.outputPath(`${sheetName}-import.xlsx`);
  await book.xlsx.writeFile(file);
  return { file, columns };
}

/** 列表的“导入”上传一个工作簿，期望全部不导入：错误明细只有一行（行号、列、原因）。返回导入弹窗。 */
export async function importExpectingRowError(
  page: Page,
  list: Locator,
  file: string,
  expected: { title: string; row: number; column: string; reason: string },
): Promise<Locator> {
  await list.getByTestId('list-import').click();
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('import-upload') });
  await expect(dialog).toContainText(expected.title);
  await dialog.locator('input[type=file]').setInputFiles(file);
  const errors = dialog.getByTestId('import-errors');
  await expect(errors).toContainText(`第 ${expected.row} 行`, { timeout: 60_000 });
  await expect(errors).toContainText('未导入任何数据');
  const detail = errors.locator('tbody tr.ant-table-row');
  await expect(detail).toHaveCount(1);
  await expect(detail.locator('td').nth(0)).toHaveText(String(expected.row));
  await expect(detail.locator('td').nth(1)).toHaveText(expected.column);
  await expect(detail.locator('td').nth(2)).toHaveText(expected.reason);
  return dialog;
}

/** 打开着的、含某个元素的对话框 */
export const modalWith = (page: Page, inner: Locator): Locator => page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal').filter({ has: inner });

/**
 * 看全个人信息的理由框（UnmaskDialog）：先不选理由点“确定”被拦下，再选一个理由确定，等它关闭。
 * 对话框的弹出动画里点“确定”可能落空：点到出现“请选择理由”为止。
 */
export async function chooseUnmaskReason(page: Page, reason: string): Promise<void> {
  const ask = modalWith(page, page.getByTestId('unmask-reason'));
  await expect(async () => {
    await ask.getByRole('button', { name: /确\s*定/ }).click();
    await expect(ask).toContainText('请选择理由', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await ask.getByTestId('unmask-reason').getByText(reason).click();
  await ask.getByRole('button', { name: /确\s*定/ }).click();
  await expect(ask).toBeHidden();
}

/** 列表里含某段文字的行 */
export const rowOf = (list: Locator, text: string): Locator => list.locator('tbody tr.ant-table-row').filter({ hasText: text });

/** 点行操作：直接显示的按钮，或“更多”下拉里的一项 */
export async function clickRowAction(page: Page, row: Locator, key: string): Promise<void> {
  const inline = row.getByTestId(`row-action-${key}`);
  const more = row.getByTestId('row-action-more');
  // 行可能还没画出来：count() 不等待，先等到按钮或“更多”之一出现再判断
  await expect(inline.or(more).first()).toBeVisible();
  if (await inline.count()) return inline.click();
  await more.hover();
  const item = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByTestId(`row-action-${key}`);
  await expect(item).toBeVisible();
  await item.click();
}

/** 含某段文字的确认框点“确定”，等它关闭 */
export async function confirmDialog(page: Page, text: string): Promise<void> {
  const box = page.locator('.ant-modal-confirm').filter({ hasText: text });
  await expect(box).toBeVisible();
  await box.getByRole('button', { name: /确\s*定/ }).click();
  await expect(box).toBeHidden();
}

/** 日期框输入 YYYY-MM-DD 并回车（范围选择器回车后焦点移到结束日期） */
export async function typeDate(input: Locator, value: string): Promise<void> {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

interface Envelope<T> {
  returnCode: number;
  returnMsg: string;
  data: T;
}

/** 以当前页面的登录状态调用接口，断言成功（returnCode 200）并返回 data */
export async function api<T>(page: Page, method: 'GET' | 'POST', apiPath: string, data?: Record<string, unknown>): Promise<T> {
  const res = method === 'GET' ? await page.request.get(`/api${apiPath}`, { params: data as Record<string, string> }) : await page.request.post(`/api${apiPath}`, { data });
  const body = (await res.json()) as Envelope<T>;
  expect(body.returnCode, `${apiPath}：${body.returnMsg}`).toBe(200);
  return body.data;
}

/** 以错误状态码答复才对的错误页（状态码由 shell、security 等用例检查） */
const ERROR_PAGES = new Set(['/403', '/404', '/500']);

/**
 * 记下页面的控制台错误与未捕获的异常（含 React 的水合错误 #418/#425 等），每条带出错时的路径。
 * 门户不加载外部资源，控制台里的错误都是本项目的问题；只略过一种：错误页本身以 403/404/500 答复时
 * 浏览器为这个文档记的“Failed to load resource”（状态码正是该有的）。
 */
export function collectConsoleErrors(page: Page, into: string[]): void {
  const where = () => {
    const url = new URL(page.url());
    return url.pathname + url.search;
  };
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const errorPageItself = msg.location().url === page.url() && ERROR_PAGES.has(new URL(page.url()).pathname) && msg.text().startsWith('Failed to load resource');
    if (!errorPageItself) into.push(`${where()}：console.error ${msg.text()}`);
  });
  page.on('pageerror', (err) => into.push(`${where()}：pageerror ${err.message}`));
}

/** 菜单里显示的、有已登记界面的叶子（不含工作台与外链）；页面须已在门户里（框架上有 data-screens） */
export async function screenLeaves(page: Page): Promise<{ path: string; title: string; component: string }[]> {
  const screens = new Set(((await page.locator('[data-screens]').getAttribute('data-screens')) ?? '').split(' ').filter(Boolean));
  const routes = ((await (await page.request.get('/api/index/getUserRouters')).json()) as { data: MenuItem[] }).data;
  const out: { path: string; title: string; component: string }[] = [];
  const walk = (nodes: readonly MenuNode[]) => {
    for (const n of nodes) {
      if (n.children.length > 0 && !n.meta.hideChildren) walk(n.children);
      else if (screens.has(n.component) && n.component !== 'Workplace' && !/^https?:/.test(n.path)) out.push({ path: n.path, title: n.meta.title, component: n.component });
    }
  };
  walk(visibleMenuTree(routes, (item) => screens.has(item.component)));
  return out;
}

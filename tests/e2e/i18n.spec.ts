// 多语言：切换到 English 与繁體中文后，菜单、列表界面（标题、筛选、列、按钮、分页、表单校验）都换成所选语言；
// Português 以英文显示并有提示横幅。截图存到 E2E_SCREENSHOT_DIR（默认 test-results），供检查英文是否溢出。
import { writeFileSync } from 'node:fs';
import { ADMIN, expect, hoverMenuAction, loginAs, test, type Page } from './helpers';

const SHOTS = process.env.E2E_SCREENSHOT_DIR || 'test-results';

async function switchLanguage(page: Page, label: RegExp, lang: string) {
  await hoverMenuAction(page, page.getByTestId('language-menu'), label, () => expect(page.locator('html')).toHaveAttribute('lang', lang, { timeout: 10_000 }));
  // 移开鼠标，语言下拉收起后再截图
  await page.mouse.move(600, 860);
  await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toHaveCount(0);
}

test.describe('多语言', () => {
  test('English 与繁體中文：菜单与用户管理列表都换成所选语言', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, ADMIN.account, ADMIN.password);
    await page.goto('/system/user');
    // 顶部是一级菜单，侧边是当前一级菜单下的子菜单
    const top = page.getByTestId('top-menu');
    const side = page.getByTestId('side-menu');
    const list = page.getByTestId('sysUser-list');
    await expect(list).toContainText('用户管理');
    // 再开一个标签（角色管理）后回来：切换语言后，已开的标签随之改名
    const tabs = page.getByTestId('multi-tab');
    await page.goto('/system/role');
    await expect(tabs).toContainText('角色管理');
    await page.goto('/system/user');
    await expect(list).toContainText('用户管理');

    await switchLanguage(page, /English/, 'en-US');
    await expect(tabs).toContainText('Roles');
    await expect(tabs).toContainText('Users');
    await expect(tabs).not.toContainText('角色管理');
    await expect(top).toContainText('System');
    await expect(top).not.toContainText('系统管理');
    await expect(side).toContainText('Users');
    await expect(side).toContainText('Roles');
    await expect(list.locator('.ant-card-head-title')).toHaveText('Users');
    await expect(list.locator('thead')).toContainText('Account');
    await expect(list.locator('thead')).toContainText('Last sign-in');
    await expect(list.locator('thead')).not.toContainText('账号');
    await expect(page.getByTestId('list-search')).toHaveText('Search');
    await expect(page.getByTestId('list-reset')).toHaveText('Reset');
    await expect(page.getByTestId('list-create')).toHaveText('New account');
    await expect(list.locator('.ant-pagination-total-text')).toHaveText(/^\d+ in total$/);
    // 行内操作与状态名
    await expect(list.locator('tbody').getByTestId('row-action-edit').first()).toHaveText('Edit');
    await expect(list.locator('tbody')).toContainText('Active');
    await page.screenshot({ path: `${SHOTS}/i18n-en-users.png`, fullPage: false });

    // 表单弹窗：标题、标签与前端校验消息
    await page.getByTestId('list-create').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('New account');
    await page.getByTestId('form-dialog-ok').click();
    await expect(dialog).toContainText('Enter Account');
    await page.screenshot({ path: `${SHOTS}/i18n-en-user-form.png`, fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await switchLanguage(page, /繁體中文/, 'zh-TW');
    await expect(top).toContainText('系統管理');
    await expect(side).toContainText('用戶管理');
    await expect(list.locator('.ant-card-head-title')).toHaveText('用戶管理');
    await expect(list.locator('thead')).toContainText('手機號');
    await expect(page.getByTestId('list-search')).toContainText(/查\s*詢/);
    await expect(list.locator('.ant-pagination-total-text')).toHaveText(/^共 \d+ 條$/);
    await page.screenshot({ path: `${SHOTS}/i18n-zh-tw-users.png`, fullPage: false });
    // 测试机的 Chromium 可能没有中文字体，另存一份文字供核对
    writeFileSync(`${SHOTS}/i18n-zh-tw-users.txt`, `${await top.innerText()}\n${await side.innerText()}\n${await list.innerText()}`);

    // Português：以英文显示，并说明原因
    await switchLanguage(page, /Português/, 'pt-BR');
    await expect(page.getByTestId('language-fallback-notice')).toContainText('Tradução em português indisponível');
    await expect(list.locator('.ant-card-head-title')).toHaveText('Users');

    await switchLanguage(page, /简体中文/, 'zh-CN');
    await expect(top).toContainText('系统管理');
    await expect(side).toContainText('用户管理');
    await expect(page.getByTestId('language-fallback-notice')).toHaveCount(0);
  });

  test('接口的校验消息随语言：English 下服务端返回英文', async ({ page }) => {
    await loginAs(page, ADMIN.account, ADMIN.password);
    // 与页面同一个 Cookie：缺少必填的 id 时，字段名与消息按语言返回
    // 在页面里发请求：与门户的接口客户端一样带会话 Cookie 与同源 Origin
    const missingId = () =>
      page.evaluate(async () => {
        const res = await fetch('/api/account/del', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: '{}' });
        return ((await res.json()) as { returnMsg: string }).returnMsg;
      });
    expect(await missingId()).toBe('用户 id：请指定用户 id');
    await switchLanguage(page, /English/, 'en-US');
    expect(await missingId()).toBe('User id: Specify the user id');
  });
});

// 门户框架：各角色的菜单、工作台、多标签栏与右键菜单、铃铛、退出确认、只显示内容、404/403、布局设置、语言。
import { visibleMenuTree, type MenuItem } from '@/lib/domains/access/menu';
import { ADMIN, DEMO_PASSWORD, WORKPLACE, apiLogin, chooseOption, clickRowAction, expect, expectMessage, hoverMenuAction, test, topMenuTitles, type Page } from './helpers';

const ROLES = [
  { account: 'admin', password: ADMIN.password, label: '省级管理员' },
  { account: 'sjz_admin', password: DEMO_PASSWORD, label: '市级管理员（石家庄）' },
  { account: 'eval_org', password: DEMO_PASSWORD, label: '评价机构' },
  { account: 'train_org', password: DEMO_PASSWORD, label: '培训机构' },
  { account: 'enterprise', password: DEMO_PASSWORD, label: '企业' },
  { account: 'teacher', password: DEMO_PASSWORD, label: '教师' },
  { account: 'supervisor', password: DEMO_PASSWORD, label: '督导员' },
  { account: 'assessor', password: DEMO_PASSWORD, label: '考评员' },
] as const;

interface Envelope<T> {
  returnCode: number;
  data: T;
}

/**
 * 经登录接口登录（与登录页调用的是同一个接口，Cookie 落在浏览器上下文里），再打开工作台。
 * 登录页本身的填写与跳转由 auth.spec.ts 覆盖；这里只关心登录之后的门户框架。
 */
async function loginAs(page: Page, account: string, password: string): Promise<void> {
  await apiLogin(page, account, password);
  await page.goto(WORKPLACE);
  await expect(page.getByTestId('global-header').or(page.getByTestId('content-only'))).toBeVisible();
  // 标签栏已把工作台记入 sessionStorage（之后整页跳转时标签栏从这里读回已开的标签）
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('portal-tabs') ?? '')).toContain(WORKPLACE);
}

async function userRouters(page: Page): Promise<MenuItem[]> {
  const res = await page.request.get('/api/index/getUserRouters');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as Envelope<MenuItem[]>;
  expect(body.returnCode).toBe(200);
  return body.data;
}

/** 接口给出的、有已登记界面的一级分组：工作台"我的功能"应与之一致（只列能打开的功能） */
function permittedGroups(routes: MenuItem[], screens: ReadonlySet<string>): string[] {
  return visibleMenuTree(routes, (item) => screens.has(item.component)).map((n) => n.meta.title);
}

function tab(page: Page, title: string) {
  return page.getByTestId('multi-tab').locator('.ant-tabs-tab').filter({ hasText: title });
}

async function tabContextAction(page: Page, title: string, action: string) {
  // 上一个右键菜单收起（含淡出动画）之后再打开下一个，否则页面上同时有两个
  const openMenus = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect(openMenus).toHaveCount(0);
  await tab(page, title).locator('[data-tab-key]').click({ button: 'right' });
  const item = openMenus.getByRole('menuitem', { name: action });
  await expect(item).toBeVisible();
  // 直接派发点击：菜单的出现动画期间，按坐标的点击可能落到下面的面包屑上
  await item.dispatchEvent('click');
  await expect(openMenus).toHaveCount(0);
}

test.describe('各角色的菜单与工作台', () => {
  const groupsByRole = new Map<string, string[]>();
  const topMenuByRole = new Map<string, string[]>();

  for (const role of ROLES) {
    test(`${role.label}（${role.account}）登录后看到自己的菜单与工作台`, async ({ page }) => {
      await loginAs(page, role.account, role.password);
      const routes = await userRouters(page);

      // 顶部菜单 = 接口菜单按同一规则（show、已登记界面、空目录）筛出的一级项
      const shell = page.locator('[data-screens]');
      const screens = new Set(((await shell.getAttribute('data-screens')) ?? '').split(' ').filter(Boolean));
      expect(screens.has('Workplace')).toBe(true);
      const expectedTop = visibleMenuTree(routes, (item) => screens.has(item.component)).map((n) => n.meta.title);
      expect(expectedTop.length).toBeGreaterThan(0);
      await expect.poll(() => topMenuTitles(page)).toEqual(expectedTop);
      topMenuByRole.set(role.account, expectedTop);
      // show:false 的个人设置不在菜单里
      expect(routes.some((r) => r.key === 'user' && !r.meta.show)).toBe(true);
      await expect(page.getByTestId('top-menu')).not.toContainText('个人设置');

      // 工作台"我的功能"列出该角色能打开的业务板块（与菜单一致）
      const expectedGroups = permittedGroups(routes, screens);
      const cards = page.getByTestId('my-functions').locator('[data-testid^="group-"]');
      await expect(cards).toHaveCount(expectedGroups.length);
      const titles = await cards.locator('[data-group-title]').allTextContents();
      expect(titles).toEqual(expectedGroups);
      groupsByRole.set(role.account, titles);

      // 问候语：三类管理/机构用户称真实姓名，其余称昵称
      const info = (await (await page.request.get('/api/bapi/user/getUserAndPermissions')).json()) as Envelope<{
        user: { nickName: string; realName: string | null; userType: string };
      }>;
      const { user } = info.data;
      const name = ['RENCAI_SHI', 'RENCAI_ORG', 'RENCAI_ADMIN'].includes(user.userType) && user.realName ? user.realName : user.nickName;
      await expect(page.getByTestId('account-menu')).toContainText(`您好，${name}`);
      await expect(page.getByTestId('workplace-greeting')).toContainText(name);
      await expect(page.getByTestId('login-records')).toContainText('登录成功');
      await expect(page.getByTestId('account-security')).toContainText('密码强度：强');

      await page.mouse.move(0, 0);
      await page.screenshot({ path: `test-results/shell-workplace-${role.account}.png`, fullPage: true });
    });
  }

  test('不同角色的功能板块不同：省级管理员有系统管理，教师没有', async () => {
    test.skip(groupsByRole.size < ROLES.length, '需要先运行上面各角色的用例');
    expect(groupsByRole.get('admin')).toContain('系统管理');
    expect(groupsByRole.get('teacher')).not.toContain('系统管理');
    // 已有界面的模块进了顶部菜单：省级管理员有系统管理与机构与企业，评价机构有评价业务，教师都没有
    expect(topMenuByRole.get('admin')).toEqual(expect.arrayContaining(['系统管理', '机构与企业', '评价业务']));
    expect(topMenuByRole.get('eval_org')).toContain('评价业务');
    expect(topMenuByRole.get('teacher')).not.toContain('系统管理');
    expect(new Set([...topMenuByRole.values()].map((t) => t.join('|'))).size).toBeGreaterThanOrEqual(3);
    // "我的功能"只列能打开的板块，与顶部菜单一致
    const distinct = new Set([...groupsByRole.values()].map((g) => g.join('|')));
    expect(distinct.size).toBeGreaterThanOrEqual(3);
    for (const [account, groups] of groupsByRole) expect(groups, account).toEqual(topMenuByRole.get(account));
  });
});

test.describe('多标签栏', () => {
  test('打开页面成标签；右键菜单的关闭右侧/左侧/当前/全部及其提示；刷新后标签仍在', async ({ page }) => {
    await loginAs(page, ADMIN.account, ADMIN.password);
    await expect(tab(page, '工作台')).toHaveCount(1);

    // 从页头下拉进入个人设置：多一个标签并成为当前标签
    await hoverMenuAction(page, page.getByTestId('account-menu'), '个人设置', () => expect(page).toHaveURL(/\/account\/settings\/basic$/, { timeout: 10_000 }));
    await expect(tab(page, '基本设置')).toHaveClass(/ant-tabs-tab-active/);
    await expect(page.getByTestId('multi-tab').locator('.ant-tabs-tab')).toHaveCount(2);

    // 刷新：标签保存在 sessionStorage
    await page.reload();
    await expect(page.getByTestId('multi-tab').locator('.ant-tabs-tab')).toHaveCount(2);

    // 最右边的标签上"关闭右侧"
    await tabContextAction(page, '基本设置', '关闭右侧');
    await expectMessage(page, '右侧没有标签页');
    // 最左边的标签上"关闭左侧"
    await tabContextAction(page, '工作台', '关闭左侧');
    await expectMessage(page, '左侧没有标签页');
    await page.screenshot({ path: 'test-results/shell-tabs-context.png' });

    // 点标签切换
    await tab(page, '工作台').click();
    await expect(page).toHaveURL(new RegExp(`${WORKPLACE}$`));
    await tab(page, '基本设置').click();
    await expect(page).toHaveURL(/\/account\/settings\/basic$/);

    // 关闭当前（当前标签）：切到左边的工作台
    await tabContextAction(page, '基本设置', '关闭当前');
    await expect(page).toHaveURL(new RegExp(`${WORKPLACE}$`));
    await expect(page.getByTestId('multi-tab').locator('.ant-tabs-tab')).toHaveCount(1);
    // 只剩一个标签：不能再关，且不显示关闭按钮
    await expect(tab(page, '工作台').locator('.ant-tabs-tab-remove')).toHaveCount(0);
    await tabContextAction(page, '工作台', '关闭当前');
    await expectMessage(page, '这是最后一个标签页，不能再关闭了');
    await tabContextAction(page, '工作台', '关闭全部');
    await expectMessage(page, '这是最后一个标签页，不能再关闭了');

    // 关闭全部：保留工作台并切回
    await page.goto('/account/settings/basic');
    await page.goto('/account/settings/security');
    await expect(page.getByTestId('multi-tab').locator('.ant-tabs-tab')).toHaveCount(3);
    await tabContextAction(page, '安全设置', '关闭全部');
    await expect(page).toHaveURL(new RegExp(`${WORKPLACE}$`));
    await expect(page.getByTestId('multi-tab').locator('.ant-tabs-tab')).toHaveCount(1);

    // 标签上的 × 关闭
    await page.goto('/account/settings/security');
    await expect(page.getByTestId('multi-tab').locator('.ant-tabs-tab')).toHaveCount(2);
    await tab(page, '安全设置').locator('.ant-tabs-tab-remove').click();
    await expect(page).toHaveURL(new RegExp(`${WORKPLACE}$`));
    await expect(page.getByTestId('multi-tab').locator('.ant-tabs-tab')).toHaveCount(1);
  });
});

test.describe('页头', () => {
  test('铃铛：省级管理员未读超过 99 显示 99+，弹层列出消息，点开一条即标为已读', async ({ page }) => {
    await loginAs(page, ADMIN.account, ADMIN.password);
    const before = ((await (await page.request.get('/api/message/unreadCount')).json()) as Envelope<{ count: number }>).data.count;
    expect(before).toBeGreaterThan(99);
    const bell = page.getByTestId('notice-bell');
    await expect(bell.locator('.ant-badge-count')).toHaveAttribute('title', String(before));
    await expect(bell.locator('.ant-badge-count')).toContainText('99+');

    await bell.click();
    const panel = page.getByTestId('notice-panel');
    await expect(panel).toContainText('消息通知');
    await expect(panel).toContainText(`${before} 条未读`);
    const first = panel.locator('.ant-list-item').first();
    await expect(first).toBeVisible();
    await page.screenshot({ path: 'test-results/shell-notice.png' });
    await first.click();
    await expect
      .poll(async () => ((await (await page.request.get('/api/message/unreadCount')).json()) as Envelope<{ count: number }>).data.count)
      .toBe(before - 1);
  });

  test('全部消息：铃铛里“查看全部消息”进入列表，分页、只看未读、逐条与全部标为已读，铃铛随之更新', async ({ page }) => {
    await loginAs(page, ADMIN.account, ADMIN.password);
    const unread = async () => ((await (await page.request.get('/api/message/unreadCount')).json()) as Envelope<{ count: number }>).data.count;
    const before = await unread();
    expect(before).toBeGreaterThan(10);
    const bell = page.getByTestId('notice-bell');
    await bell.click();
    await page.getByTestId('notice-view-all').click();
    await expect(page).toHaveURL(/\/account\/messages$/);
    await expect(page.getByTestId('multi-tab')).toContainText('全部消息');
    const list = page.getByTestId('message-list');
    const rows = list.locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(10);
    // 翻到第 2 页：是另外 10 条
    const firstTitle = await rows.first().locator('td').nth(3).innerText();
    await list.locator('.ant-pagination-item-2').click();
    await expect(rows.first().locator('td').nth(3)).not.toHaveText(firstTitle);
    // 只看未读
    await chooseOption(page, list.getByTestId('list-filters').getByRole('combobox').first(), '只看未读');
    await list.getByTestId('list-search').click();
    await expect.poll(async () => [...new Set(await rows.locator('td:nth-child(2)').allInnerTexts())]).toEqual(['未读']);
    // 逐条标为已读：铃铛的未读数减一
    await clickRowAction(page, rows.first(), 'read');
    await expect.poll(unread).toBe(before - 1);
    await expect(bell.locator('.ant-badge-count')).toHaveAttribute('title', String(before - 1));
    await page.screenshot({ path: 'test-results/shell-messages.png' });
    // 全部标为已读：只看未读的列表为空，铃铛上没有数字
    await list.getByTestId('message-read-all').click();
    await expect.poll(unread).toBe(0);
    await expect(list.locator('.ant-empty')).toBeVisible();
    await expect(bell.locator('.ant-badge-count')).toHaveCount(0);
  });

  test('布局设置抽屉按 Esc 关闭（焦点还在齿轮按钮上）', async ({ page }) => {
    await loginAs(page, 'sjz_admin', DEMO_PASSWORD);
    await page.getByTestId('settings-button').click();
    const drawer = page.getByTestId('settings-drawer');
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test('退出登录先确认：取消则仍在门户，确定后回到登录页且会话失效', async ({ page }) => {
    await loginAs(page, 'sjz_admin', DEMO_PASSWORD);
    const logout = async () => {
      const dialog = page.locator('.ant-modal-confirm');
      await hoverMenuAction(page, page.getByTestId('account-menu'), '退出登录', () => expect(dialog).toContainText('确定要退出登录吗？', { timeout: 5_000 }));
      return dialog;
    };
    let dialog = await logout();
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${WORKPLACE}$`));

    dialog = await logout();
    await page.screenshot({ path: 'test-results/shell-logout-confirm.png' });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page).toHaveURL(/\/user\/login$/);
    // 令牌已在服务端作废：再进门户转登录页
    await page.goto(WORKPLACE);
    await expect(page).toHaveURL(/\/user\/login\?redirect=/);
  });

  test('语言菜单：切到 English 后框架文字变为英文，繁体中文缺的文字回退到简体', async ({ page }) => {
    await loginAs(page, 'teacher', DEMO_PASSWORD);
    await hoverMenuAction(page, page.getByTestId('language-menu'), /English/, () => expect(page.locator('html')).toHaveAttribute('lang', 'en-US', { timeout: 10_000 }));
    await expect(page.getByTestId('account-menu')).toContainText('Hello,');
    await expect(page.getByTestId('my-functions')).toContainText('My functions');

    await hoverMenuAction(page, page.getByTestId('language-menu'), /繁體中文/, () => expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW', { timeout: 10_000 }));
    await expect(page.getByTestId('account-menu')).toContainText('您好，');

    await hoverMenuAction(page, page.getByTestId('language-menu'), /简体中文/, () => expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN', { timeout: 10_000 }));
    await expect(page.getByTestId('my-functions')).toContainText('我的功能');
  });
});

test.describe('页面与布局', () => {
  test('onlyShowContentView=1 只显示页面内容', async ({ page }) => {
    await loginAs(page, 'eval_org', DEMO_PASSWORD);
    await page.goto(`${WORKPLACE}?onlyShowContentView=1`);
    await expect(page.getByTestId('content-only')).toBeVisible();
    await expect(page.getByTestId('workplace')).toBeVisible();
    await expect(page.getByTestId('global-header')).toHaveCount(0);
    await expect(page.getByTestId('multi-tab')).toHaveCount(0);
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/shell-content-only.png' });
    // 去掉参数即恢复完整框架
    await page.goto(WORKPLACE);
    await expect(page.getByTestId('global-header')).toBeVisible();
  });

  test('未知路径重定向到 /404（登录前后都是）；属于菜单但未授权的路径显示 403；/403 /404 /500 页面', async ({ page, browser }) => {
    // 未登录：未知路径直接到 /404，不先去登录；菜单里有的路径仍去登录
    const anonymous = await browser.newContext();
    const visitor = await anonymous.newPage();
    await visitor.goto('/some/unknown/path');
    await expect(visitor).toHaveURL(/\/404$/);
    await expect(visitor.getByTestId('error-404')).toContainText('抱歉，您访问的页面不存在。');
    await visitor.goto('/system/user');
    await expect(visitor).toHaveURL(/\/user\/login\?redirect=%2Fsystem%2Fuser$/);
    await anonymous.close();

    await loginAs(page, 'teacher', DEMO_PASSWORD);
    await page.goto('/some/unknown/path');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByTestId('error-404')).toContainText('抱歉，您访问的页面不存在。');
    await page.screenshot({ path: 'test-results/shell-404.png' });
    await page.getByTestId('error-404').getByRole('link', { name: /返回首页/ }).click();
    await expect(page).toHaveURL(new RegExp(`${WORKPLACE}$`));

    await page.goto('/system/user');
    await expect(page.getByTestId('error-403')).toContainText('抱歉，您无权访问此页面');
    await expect(page.getByTestId('global-header')).toBeVisible();

    await page.goto('/403');
    await expect(page.getByTestId('error-403')).toBeVisible();
    await page.goto('/404');
    await expect(page.getByTestId('error-404')).toBeVisible();
    await page.goto('/500?requestId=req-123');
    await expect(page.getByTestId('error-500')).toContainText('抱歉，服务器出错了');
    await expect(page.getByTestId('error-500')).toContainText('错误编号：req-123');
  });

  test('设置抽屉：切到顶部菜单布局并在刷新后保持（Cookie），恢复默认后回到侧边菜单', async ({ page }) => {
    await loginAs(page, ADMIN.account, ADMIN.password);
    const root = page.locator('[data-layout]');
    await expect(root).toHaveAttribute('data-layout', 'sidemenu');
    await expect(root).toHaveAttribute('data-theme', 'dark');

    await page.getByTestId('settings-button').click();
    const drawer = page.getByTestId('settings-drawer');
    await expect(drawer).toContainText('整体风格');
    await expect(drawer).toContainText('导航模式');
    await page.screenshot({ path: 'test-results/shell-settings-drawer.png' });
    await page.getByTestId('layout-topmenu').click();
    await expect(root).toHaveAttribute('data-layout', 'topmenu');
    await page.getByRole('button', { name: '亮色菜单风格' }).click();
    await expect(root).toHaveAttribute('data-theme', 'light');

    const cookie = (await page.context().cookies()).find((c) => c.name === 'layout-settings');
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({ layout: 'topmenu', navTheme: 'light' });

    // 刷新：服务端按 Cookie 首屏即为顶部菜单（检查未执行脚本的 HTML）
    const html = await (await page.request.get(WORKPLACE)).text();
    expect(html).toContain('data-layout="topmenu"');
    await page.reload();
    await expect(root).toHaveAttribute('data-layout', 'topmenu');
    await expect(root).toHaveAttribute('data-theme', 'light');
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: 'test-results/shell-topmenu-light.png' });

    await page.getByTestId('settings-button').click();
    await page.getByRole('button', { name: /恢复默认设置/ }).click();
    await expect(root).toHaveAttribute('data-layout', 'sidemenu');
    await expect(root).toHaveAttribute('data-theme', 'dark');
  });
});

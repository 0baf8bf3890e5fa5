// 系统管理（issue 4）：管理员建角色（两个资源）与账号，新用户只看到这两项菜单；冻结即结束其会话、解冻后可再登录；
// 账号导入有一行出错时给出错误工作簿且一个账号也不建；操作日志里能查到建角色的记录。
// 每次运行用新的名称（后缀取时间），不依赖之前运行留下的数据；各用例共用场景一的角色与账号，故串行。
import ExcelJS from 'exceljs';
import type { Browser, Locator } from '@playwright/test';
import { ADMIN, chooseOption, expect, expectMessage, fillLogin, loginAs, test, topMenuTitles, waitForHydration, withHydrationWaits, type Page, importExpectingRowError, workbookFromTemplate, clickRowAction, confirmDialog } from './helpers';

const SHOTS = 'test-results';
const SUFFIX = Date.now().toString(36);
const ROLE = { name: `E2E角色${SUFFIX}`, code: `E2E_${SUFFIX.toUpperCase()}` };
const USER = { account: `e2e_${SUFFIX}`, nickName: `E2E用户${SUFFIX}`, password: 'Xy@2026abc' };
const FROZEN = '账号已被冻结，请联系管理员';

interface Envelope<T> {
  returnCode: number;
  returnMsg: string;
  data: T;
}

/** 第二个浏览器（新用户）：独立的 Cookie */
async function openSecondBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return withHydrationWaits(await context.newPage());
}

/** 顶部菜单进入一级分组，再在侧边菜单点开（各级）子项 */
async function openMenu(page: Page, group: string, ...path: string[]) {
  await page.getByTestId('top-menu').getByRole('menuitem', { name: new RegExp(`${group}$`) }).click();
  const side = page.getByTestId('side-menu');
  await expect(side).toBeVisible();
  for (const [i, title] of path.entries()) {
    const last = i === path.length - 1;
    if (last) {
      // 菜单项的无障碍名称前面带着图标名（如“safety 角色管理”）
      await side.getByRole('menuitem', { name: new RegExp(`${title}$`) }).click();
    } else {
      // 子菜单：未展开时点开
      const sub = side.locator('.ant-menu-submenu').filter({ has: page.locator('.ant-menu-submenu-title', { hasText: title }) });
      if (!(await sub.evaluate((el) => el.classList.contains('ant-menu-submenu-open')))) await sub.locator('.ant-menu-submenu-title').click();
    }
  }
}

/** 表单弹窗（筛选栏与弹窗里有同名的字段，输入一律限定在弹窗或筛选栏里，按标签找） */
const formDialog = (page: Page) => page.locator('.ant-modal').filter({ has: page.getByTestId('form-dialog') });

/** 列表按账号筛选后该账号的行 */
async function accountRow(page: Page, account: string): Promise<Locator> {
  const list = page.getByTestId('sysUser-list');
  await list.getByTestId('list-filters').getByLabel('账号', { exact: true }).fill(account);
  await list.getByTestId('list-search').click();
  const row = list.locator('tbody tr.ant-table-row').filter({ hasText: account });
  await expect(row).toHaveCount(1);
  return row;
}

/** 行内操作（超过 4 个时收在“更多”里），确认框点“确定” */
async function rowAction(page: Page, row: Locator, key: string, confirmText: string) {
  await clickRowAction(page, row, key);
  await confirmDialog(page, confirmText);
}

/** 账号行的状态标签（“状态”列是第 5 列，前面还有勾选列） */
const statusTag = (row: Locator) => row.locator('td').nth(5).locator('.ant-tag');

async function listUsers(page: Page, account: string) {
  const res = await page.request.post('/api/account/listUsers', { data: { account, pageNo: 1, pageSize: 50 } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as Envelope<{ list: { account: string; status: number }[]; total: number }>;
  expect(body.returnCode).toBe(200);
  return body.data;
}

test.describe.serial('系统管理：角色、账号、冻结、导入与操作日志', () => {
  // 每个用例都是多步操作、两个浏览器各自登录：机器繁忙时放宽到默认的三倍
  test.slow();

  test('管理员建角色（数据字典、系统日志两项）与账号；新用户只看到这两项菜单，用户管理为 403', async ({ page, browser }) => {
    await loginAs(page, ADMIN.account, ADMIN.password);

    // —— 系统管理 › 角色管理：新增角色，在资源树上只勾两个资源的查询与查看 ——
    await openMenu(page, '系统管理', '角色管理');
    await expect(page).toHaveURL(/\/system\/role$/);
    const roles = page.getByTestId('role-list');
    await roles.getByTestId('list-create').click();
    const roleDialog = formDialog(page);
    await expect(roleDialog).toContainText('新增角色');
    await roleDialog.getByLabel('角色名称').fill(ROLE.name);
    await roleDialog.getByLabel('角色编码').fill(ROLE.code);
    await chooseOption(page, roleDialog.getByLabel('层级'), '省级');
    const editor = roleDialog.getByTestId('role-editor');
    await expect(editor.getByTestId('role-tree')).toBeVisible();
    for (const key of ['dict', 'sysLog']) {
      for (const action of ['query', 'get']) {
        const box = editor.getByTestId(`act-${key}-${action}`);
        await box.check();
        await expect(box).toBeChecked();
      }
      // 只勾了部分动作：资源本身是半选
      await expect(editor.getByTestId(`res-${key}`)).toBeChecked({ indeterminate: true });
    }
    await expect(editor).toContainText('已授权 2 项');
    await page.screenshot({ path: `${SHOTS}/system-role-editor.png` });
    await roleDialog.getByTestId('form-dialog-ok').click();
    await expectMessage(page, '保存成功');
    await expect(roleDialog).toBeHidden();
    await roles.getByTestId('list-filters').getByLabel('角色名称').fill(ROLE.name);
    await roles.getByTestId('list-search').click();
    await expect(roles.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(roles.locator('tbody tr.ant-table-row')).toContainText(ROLE.code);

    // —— 系统管理 › 用户管理：新增账号并给它这个角色 ——
    await openMenu(page, '系统管理', '用户管理');
    await expect(page).toHaveURL(/\/system\/user$/);
    const users = page.getByTestId('sysUser-list');
    await users.getByTestId('list-create').click();
    const userDialog = formDialog(page);
    await expect(userDialog).toContainText('新增账号');
    await userDialog.getByLabel('账号', { exact: true }).fill(USER.account);
    await userDialog.getByLabel('用户名', { exact: true }).fill(USER.nickName);
    await userDialog.getByLabel('初始密码').fill(USER.password);
    await userDialog.getByLabel('确认密码').fill(USER.password);
    await chooseOption(page, userDialog.getByLabel('角色', { exact: true }), ROLE.name, ROLE.name);
    await expect(userDialog.locator('.ant-select-selection-item').filter({ hasText: ROLE.name })).toHaveCount(1);
    // 多选的下拉选完不收起：点一下弹窗标题收起它
    await userDialog.locator('.ant-modal-title').click();
    await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/system-account-create.png` });
    await userDialog.getByTestId('form-dialog-ok').click();
    await expectMessage(page, '账号已创建');
    await expect(userDialog).toBeHidden();
    const row = await accountRow(page, USER.account);
    await expect(row).toContainText(ROLE.name);
    await expect(statusTag(row)).toHaveText('正常');

    // —— 新用户在另一个浏览器里登录：菜单只有系统管理 › 数据字典、运维监控 › 系统日志 ——
    const userPage = await openSecondBrowser(browser);
    try {
      await loginAs(userPage, USER.account, USER.password);
      await expect(userPage.getByTestId('global-header')).toBeVisible();
      await userPage.screenshot({ path: `${SHOTS}/system-new-user-landing.png` });
      // 首页分组里没有任何授权：顶部菜单只有系统管理；工作台（人人可进的落地页）的“我的功能”也只有这一个板块
      await expect.poll(() => topMenuTitles(userPage)).toEqual(['系统管理']);
      await expect(userPage.getByTestId('my-functions').locator('[data-group-title]')).toHaveText(['系统管理']);

      await userPage.goto('/system/ops/log');
      const side = userPage.getByTestId('side-menu');
      await expect(side).toBeVisible();
      await expect(side.locator('.ant-menu-submenu-title')).toHaveText(['运维监控']);
      await expect(side.locator('.ant-menu-item')).toHaveText(['数据字典', '系统日志']);
      await expect(userPage.getByRole('tab', { name: '操作日志' })).toBeVisible();
      await userPage.mouse.move(0, 0);
      await userPage.screenshot({ path: `${SHOTS}/system-new-user-menu.png` });

      // 菜单点进数据字典：页面可用
      await side.getByRole('menuitem', { name: /数据字典$/ }).click();
      await expect(userPage).toHaveURL(/\/system\/dict$/);

      // 未授权的用户管理：403
      await userPage.goto('/system/user');
      await expect(userPage.getByTestId('error-403')).toContainText('抱歉，您无权访问此页面');
      // 接口同样拒绝
      const res = await userPage.request.post('/api/account/listUsers', { data: { pageNo: 1, pageSize: 10 } });
      expect(res.status()).toBe(403);
    } finally {
      await userPage.context().close();
    }
  });

  // 推送通道送来吊销：用户已打开的页面不等下一次操作即说明原因并回到登录页（推送断开时由下一次请求的 10005 兜底）
  test('冻结：用户已打开的页面立即结束会话并回到登录页，再登录提示已冻结；解冻后可再登录', async ({ page, browser }) => {
    // 用户先登录并停在数据字典
    const userPage = await openSecondBrowser(browser);
    try {
      await loginAs(userPage, USER.account, USER.password);
      await userPage.goto('/system/dict');
      await expect(userPage.getByTestId('list-reload')).toBeVisible();

      // 用户页面上说明冻结的对话框只停留约 2 秒就转登录页：冻结之前就开始等它，
      // 免得管理员这边的断言与截图（负载高时要几秒）把它错过（先挂上 catch，失败在下面 await 时再报）
      const revokedDialog = expect(userPage.locator('.ant-modal-confirm')).toContainText('您的账号已被冻结', { timeout: 60_000 });
      revokedDialog.catch(() => undefined);

      // 管理员在用户管理里冻结该账号
      await loginAs(page, ADMIN.account, ADMIN.password);
      await page.goto('/system/user');
      let row = await accountRow(page, USER.account);
      await rowAction(page, row, 'frozen', `确定冻结账号「${USER.account}」吗？`);
      await expectMessage(page, '已冻结');
      await expect(statusTag(row)).toHaveText('冻结');
      await page.screenshot({ path: `${SHOTS}/system-account-frozen.png` });

      // 用户的页面：推送送来冻结，说明原因并回到登录页
      await revokedDialog;
      await userPage.screenshot({ path: `${SHOTS}/system-session-ended.png` });
      await expect(userPage).toHaveURL(/\/user\/login/, { timeout: 30_000 });
      await waitForHydration(userPage);

      // 再登录：被拒绝，提示已冻结
      await fillLogin(userPage, USER.account, USER.password);
      await expect(userPage.getByTestId('login-error')).toContainText(FROZEN);
      await expect(userPage).toHaveURL(/\/user\/login/);
      await userPage.screenshot({ path: `${SHOTS}/system-login-frozen.png` });

      // 解冻后可再登录
      row = await accountRow(page, USER.account);
      await rowAction(page, row, 'unFrozen', `确定解冻账号「${USER.account}」吗？`);
      await expectMessage(page, '已解冻');
      await expect(statusTag(row)).toHaveText('正常');
      await loginAs(userPage, USER.account, USER.password);
      await expect(userPage.getByTestId('global-header')).toBeVisible();
    } finally {
      await userPage.context().close();
    }
  });

  test('账号导入有一行手机号错误：列出行号与原因、可下载错误工作簿，三个账号都没有建', async ({ page }, testInfo) => {
    await loginAs(page, ADMIN.account, ADMIN.password);
    await openMenu(page, '系统管理', '用户管理');
    const users = page.getByTestId('sysUser-list');
    await expect(users).toBeVisible();

    const prefix = `imp_${SUFFIX}`;
    const mobileTail = String(Date.now()).slice(-8);
    // 种子里的“普通用户”角色（只有工作台与个人设置）
    const rows: Record<string, string>[] = [
      { 账号: `${prefix}_a`, 姓名: '导入甲', 手机号: `139${mobileTail}`, 初始密码: 'Ab@2026xy', 角色编码: 'BASIC_USER' },
      { 账号: `${prefix}_b`, 姓名: '导入乙', 手机号: '12345', 初始密码: 'Ab@2026xy', 角色编码: 'BASIC_USER' },
      { 账号: `${prefix}_c`, 姓名: '导入丙', 手机号: `138${mobileTail}`, 初始密码: 'Ab@2026xy', 角色编码: 'BASIC_USER' },
    ];
    // 表头取自模板（与服务端的列定义同源；必填列的表头带“*”）
    const { file, columns } = await workbookFromTemplate(page.request, '/api/account/impAccount/template', testInfo, '账号', rows);
    expect(columns).toEqual(expect.arrayContaining(['账号', '姓名', '手机号', '初始密码', '角色编码']));
    const dialog = await importExpectingRowError(page, users, file, { title: '导入账号', row: 3, column: '手机号', reason: '手机号格式有误，请重新输入' });
    const errors = dialog.getByTestId('import-errors');
    await page.screenshot({ path: `${SHOTS}/system-import-errors.png` });

    const [download] = await Promise.all([page.waitForEvent('download'), errors.getByTestId('import-error-download').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const errorFile = testInfo.outputPath('import-errors.xlsx');
    await download.saveAs(errorFile);
    const errorBook = new ExcelJS.Workbook();
    await errorBook.xlsx.readFile(errorFile);
    const errorText = JSON.stringify(errorBook.worksheets[0].getSheetValues());
    expect(errorText).toContain(`${prefix}_b`);
    expect(errorText).toContain('手机号');

    // 全有或全无：三个账号一个也没有
    expect((await listUsers(page, prefix)).total).toBe(0);
    for (const r of rows) expect((await listUsers(page, r['账号'])).total).toBe(0);
  });

  test('系统日志的操作日志里能查到新增角色的记录', async ({ page }) => {
    await loginAs(page, ADMIN.account, ADMIN.password);
    await openMenu(page, '系统管理', '运维监控', '系统日志');
    await expect(page).toHaveURL(/\/system\/ops\/log$/);
    const filters = page.getByTestId('list-filters').first();
    await filters.getByLabel('账号', { exact: true }).fill(ADMIN.account);
    // 关键字取角色名称（账号名里也含角色编码的那段后缀，按编码查会连账号的日志一起查出）
    await filters.getByLabel('关键字').fill(ROLE.name);
    await filters.getByTestId('list-search').click();
    const rows = page.locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(`新增角色 ${ROLE.name}（${ROLE.code}）`);
    await expect(rows).toContainText('角色管理');
    await expect(rows).toContainText(ADMIN.account);
    await page.screenshot({ path: `${SHOTS}/system-operation-log.png` });

    // 详情：改后的内容含两项授权
    await rows.getByTestId('row-action-detail').click();
    const detail = page.locator('.ant-modal').filter({ hasText: '操作详情' });
    await expect(detail).toContainText('数据变更');
    await expect(detail).toContainText(ROLE.code);
    await expect(detail).toContainText('dict');
    await expect(detail).toContainText('sysLog');
    // 字段以中文名显示
    await expect(detail).toContainText('授权');
    await expect(detail).toContainText('编码');
    await page.screenshot({ path: `${SHOTS}/system-operation-log-detail.png` });
  });
});

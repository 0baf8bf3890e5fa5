import { ADMIN, expect, fillLogin, test, WORKPLACE } from './helpers';

const AREA_API = '/api/comApi/getAreaByParent';

test.describe('公开首页', () => {
  test('未登录时页头与首屏有登录入口；登录后首页改为问候语与“进入系统”，点开进入门户', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('home-enter')).toHaveCount(0);
    await expect(page.getByTestId('hero-enter')).toHaveText('登录系统');
    await page.getByTestId('home-login').click();
    await expect(page).toHaveURL(/\/user\/loginV2$/);

    await fillLogin(page, ADMIN.account, ADMIN.password);
    await expect(page).toHaveURL(new RegExp(`${WORKPLACE}$`));
    await page.goto('/');
    await expect(page.getByTestId('home-login')).toHaveCount(0);
    await expect(page.getByTestId('home-account')).toContainText('您好，');
    await expect(page.getByTestId('hero-enter')).toHaveText('进入系统');
    await page.screenshot({ path: 'test-results/home-signed-in.png' });
    await page.getByTestId('home-enter').click();
    await expect(page).toHaveURL(new RegExp(`${WORKPLACE}$`));
  });

  test('以中文渲染标题与四类评价业务', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);

    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page).toHaveTitle('河北省职业技能鉴定与培训管理平台');
    await expect(page.getByRole('heading', { level: 1, name: '河北省职业技能鉴定与培训管理平台' })).toBeVisible();
    for (const kind of ['职业技能等级认定', '职业资格', '专项能力考核', '机关工勤技能考核']) {
      await expect(page.getByRole('heading', { level: 3, name: kind })).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 2, name: '培训与补贴管理' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '行政区划查询' })).toBeVisible();
    const logo = page.locator('header img[src="/logo.svg"]');
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('主要中文内容在服务端渲染（无需 JavaScript）', async ({ request }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="zh-CN"');
    for (const text of ['河北省职业技能鉴定与培训管理平台', '职业技能等级认定', '机关工勤技能考核', '补贴申领与审批', '行政区划查询']) {
      expect(html).toContain(text);
    }
  });

  test('行政区划选择：河北省 → 按需加载设区市 → 选石家庄市列出其县区', async ({ page }) => {
    const areaRequests: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes(AREA_API)) areaRequests.push(req.url());
    });

    await page.goto('/');
    const region = page.locator('#region');
    await region.scrollIntoViewIfNeeded();
    await expect(region.getByText('请选择设区市，查看其下辖县（市、区）及区划代码')).toBeVisible();

    // 打开选择器：第一级为河北省
    await region.getByRole('combobox').click();
    const province = page.getByRole('menuitemcheckbox', { name: '河北省' });
    await expect(province).toBeVisible();

    // 展开河北省：经区划接口加载设区市
    const citiesLoaded = page.waitForResponse(
      (res) => res.url().includes(`${AREA_API}?pid=130000`) && res.status() === 200,
    );
    await province.click();
    const citiesResponse = await citiesLoaded;
    const body = (await citiesResponse.json()) as { returnCode: number; data: { name: string }[] };
    expect(body.returnCode).toBe(200);
    expect(body.data).toHaveLength(11);

    await expect(page.getByRole('menuitemcheckbox', { name: '石家庄市' })).toBeVisible();
    await expect(page.getByRole('menuitemcheckbox', { name: '保定市' })).toBeVisible();
    expect(areaRequests.some((url) => url.includes('pid=130000'))).toBe(true);
    await page.screenshot({ path: 'test-results/home-region-picker.png' });

    // 选石家庄市：列出其下辖县（市、区）及代码
    await page.getByRole('menuitemcheckbox', { name: '石家庄市' }).click();
    const list = page.getByTestId('region-children');
    await expect(list.getByText('石家庄市 下辖县（市、区）')).toBeVisible();
    const changan = list.getByRole('row', { name: /长安区/ });
    await expect(changan).toBeVisible();
    await expect(changan).toContainText('130102');
    await expect(list.getByRole('row', { name: /正定县/ })).toContainText('130123');
    expect(areaRequests.some((url) => url.includes('pid=130100'))).toBe(true);

    // 继续选长安区：选择器显示完整路径，列表高亮该区
    await page.getByRole('menuitemcheckbox', { name: '长安区' }).click();
    await expect(region.locator('.ant-cascader')).toContainText('河北省 / 石家庄市 / 长安区');
    await expect(region.getByText('130102', { exact: true }).first()).toBeVisible();

    // 地址记下所选区划
    await expect(page).toHaveURL(/[?&]region=130000,130100,130102/);

    await page.mouse.move(0, 0);
    await region.screenshot({ path: 'test-results/home-region.png' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'test-results/home.png', fullPage: true });
  });

  test('带初始值打开：按需加载各级并以名称显示', async ({ page }) => {
    await page.goto('/?region=130000,130100,130102#region');
    const region = page.locator('#region');
    await expect(region.locator('.ant-cascader')).toContainText('河北省 / 石家庄市 / 长安区');
    const list = page.getByTestId('region-children');
    await expect(list.getByText('石家庄市 下辖县（市、区）')).toBeVisible();
    await expect(list.getByRole('row', { name: /长安区/ })).toHaveClass(/activeRow/);

    // 打开选择器：三列已展开，当前路径选中
    await region.getByRole('combobox').click();
    await expect(page.getByRole('menuitemcheckbox', { name: '保定市' })).toBeVisible();
    await expect(page.getByRole('menuitemcheckbox', { name: '长安区' })).toHaveAttribute('aria-checked', 'true');

    // 清除：列表回到空状态
    await page.keyboard.press('Escape');
    await region.locator('.ant-cascader').hover();
    await region.locator('.ant-cascader .ant-select-clear, .ant-cascader [class*="clear"]').first().click();
    await expect(region.getByText('请选择设区市，查看其下辖县（市、区）及区划代码')).toBeVisible();
    await expect(page).not.toHaveURL(/region=/);
  });

  test('区划加载失败时提示', async ({ page }) => {
    await page.route(`**${AREA_API}?pid=130000`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ returnCode: 500, returnMsg: '服务器异常', data: null }) }),
    );
    await page.goto('/');
    const region = page.locator('#region');
    await region.getByRole('combobox').click();
    await page.getByRole('menuitemcheckbox', { name: '河北省' }).click();
    await expect(page.locator('.ant-message').getByText('区划加载失败，请稍后重试')).toBeVisible();

    // 恢复接口后再次展开即重试成功
    await page.unroute(`**${AREA_API}?pid=130000`);
    await page.getByRole('menuitemcheckbox', { name: '河北省' }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: '石家庄市' })).toBeVisible();
  });
});

// 门户内容：管理员在编辑器里写一篇带图片的通知（图片经编辑器上传，另上传封面），保存为草稿、发布；
// 教师登录后在工作台的“通知公告”里看到它，点开门户文章页，图片对其可读；首页的通知公告区块也列出它。
import sharp from 'sharp';
import { ADMIN, DEMO_PASSWORD, WORKPLACE, chooseOption, expect, expectMessage, loginAs, test, clickRowAction, rowOf, modalWith } from './helpers';

const TITLE = `关于举办全省职业技能等级认定考评员培训班的通知 ${Date.now().toString(36)}`;

async function png(color: string, width = 640, height = 360): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

test.describe('通知公告：编写、发布与阅读', () => {
  test('管理员写一篇带图片的通知并发布，教师在工作台看到并打开文章页', async ({ page, browser }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAs(page, ADMIN.account, ADMIN.password);
    await page.goto('/content/notice');
    const list = page.getByTestId('article-list');
    await expect(rowOf(list, '关于开展2026年度职业技能等级认定工作的通知')).toBeVisible();
    await page.screenshot({ path: 'test-results/content-notice-list.png' });

    // 新增：标题、分类、正文（编辑器里加粗、标题、插入经上传的图片）、封面
    await list.getByTestId('list-create').click();
    const form = page.getByTestId('form-dialog');
    const dialog = modalWith(page, form);
    await expect(dialog).toBeVisible();
    await form.getByLabel('标题', { exact: true }).fill(TITLE);
    await chooseOption(page, form.getByLabel('分类', { exact: true }), '通知');
    const editor = form.getByTestId('rich-text-editor');
    const editable = editor.locator('.ProseMirror');
    await expect(editable).toBeVisible();
    await editable.click();
    await page.keyboard.type('培训安排');
    await editor.getByRole('button', { name: '二级标题' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('各市人力资源和社会保障局：为提高考评员业务水平，定于下月举办全省考评员培训班。');
    await page.keyboard.press('Enter');
    await editor.getByRole('button', { name: '粗体' }).click();
    await page.keyboard.type('报名截止：本月 25 日。');
    await editor.getByTestId('rte-image-input').setInputFiles({ name: '培训现场.png', mimeType: 'image/png', buffer: await png('#1677ff') });
    await expect(editable.locator('img[src^="/files/"]')).toHaveCount(1, { timeout: 30_000 });
    await form.locator('.ant-form-item').filter({ hasText: '封面图片' }).locator('input[type=file]').setInputFiles({ name: '封面.png', mimeType: 'image/png', buffer: await png('#13a8a8', 800, 450) });
    await expect(form.locator('.ant-form-item').filter({ hasText: '封面图片' }).locator('img')).toHaveCount(1, { timeout: 30_000 });
    await page.screenshot({ path: 'test-results/content-notice-form.png' });
    await dialog.getByTestId('form-dialog-ok').click();
    await expectMessage(page, '已保存为草稿，发布后在门户展示');

    // 发布（不填时间即立即发布）
    const row = rowOf(list, TITLE);
    await expect(row).toContainText('草稿');
    await clickRowAction(page, row, 'publish');
    const publish = page.locator('.ant-modal').filter({ hasText: '发布时间' });
    await publish.getByTestId('form-dialog-ok').click();
    await expectMessage(page, '已发布');
    await expect(row).toContainText('已发布');
    await expect(row.getByTestId('row-action-edit')).toHaveCount(0);

    // 预览
    await clickRowAction(page, row, 'preview');
    const preview = page.getByTestId('article-preview');
    await expect(preview).toContainText('报名截止：本月 25 日。');
    await expect(preview.locator('strong')).toHaveText('报名截止：本月 25 日。');
    await page.keyboard.press('Escape');

    // 教师：工作台的通知公告里有这篇，点开到门户文章页，正文里的图片能显示
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    const teacher = await context.newPage();
    await loginAs(teacher, 'teacher', DEMO_PASSWORD);
    await expect(teacher).toHaveURL(new RegExp(`${WORKPLACE}$`));
    const card = teacher.getByTestId('workplace-notices');
    const link = card.getByRole('link', { name: TITLE });
    await expect(link).toBeVisible();
    await expect(card.locator('li').filter({ hasText: TITLE })).toContainText('新');
    await teacher.screenshot({ path: 'test-results/content-teacher-workplace.png' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/articles\/notice\/\d+$/);
    await teacher.goto(href!);
    const article = teacher.getByTestId('reader-article');
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(TITLE);
    await expect(article.getByRole('heading', { level: 2, name: '培训安排' })).toBeVisible();
    const image = article.locator('img[src^="/files/"]').last();
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(article.getByTestId('reader-count')).toContainText('阅读 1 次');
    await teacher.screenshot({ path: 'test-results/content-reader-article.png', fullPage: true });
    await context.close();

    // 未登录的访客：首页“通知公告”区块与栏目页都列出它
    const anonymous = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
    const visitor = await anonymous.newPage();
    await visitor.goto('/');
    await expect(visitor.getByTestId('home-news').getByRole('link', { name: TITLE })).toBeVisible();
    await expect(visitor.getByTestId('home-banners')).toBeVisible();
    await visitor.locator('#news').scrollIntoViewIfNeeded();
    await visitor.screenshot({ path: 'test-results/content-home-news.png' });
    await visitor.goto('/articles/notice');
    await expect(visitor.getByTestId('reader-list').getByRole('link', { name: TITLE })).toBeVisible();
    await visitor.screenshot({ path: 'test-results/content-reader-list.png', fullPage: true });
    await anonymous.close();
  });

  test('撤回后门户不再展示，文章页“未找到”', async ({ page, request }) => {
    await loginAs(page, ADMIN.account, ADMIN.password);
    await page.goto('/content/notice');
    const list = page.getByTestId('article-list');
    await list.getByPlaceholder('请输入标题').fill('系统升级维护');
    await list.getByPlaceholder('请输入标题').press('Enter');
    const row = rowOf(list, '关于系统升级维护的公告');
    await expect(row).toBeVisible();
    await expect(list.locator('tbody tr.ant-table-row')).toHaveCount(1);
    const api = await request.get('/api/comApi/announcements?limit=20');
    const before = (await api.json()) as { data: { id: number; title: string }[] };
    const id = before.data.find((n) => n.title === '关于系统升级维护的公告')!.id;
    expect((await request.get(`/articles/notice/${id}`)).status()).toBe(200);

    await clickRowAction(page, row, 'withdraw');
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await expectMessage(page, '已撤回');
    await expect(row).toContainText('已撤回');
    expect((await request.get(`/articles/notice/${id}`)).status()).toBe(404);
  });

  test('轮播图列表有缩略图', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAs(page, ADMIN.account, ADMIN.password);
    await page.goto('/content/banner');
    const list = page.getByTestId('banner-list');
    const thumb = list.locator('tbody img').first();
    await expect(thumb).toBeVisible();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: 'test-results/content-banner-list.png' });
  });
});

// 上传组件：格式提示、前端与服务端的拒绝提示、上传中的进度条（限速后可见）、100×100 图片框与预览、
// 多文件列表显示原名、拖放上传。用轮播图（图片）与通知公告（附件）的新增表单。
import sharp from 'sharp';
import { ADMIN, expect, expectMessage, loginAs, test, type Page } from './helpers';
import type { Locator } from '@playwright/test';

async function noisyPng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = seed >> 16;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

async function openCreate(page: Page, path: string, listId: string): Promise<Locator> {
  await page.goto(path);
  await page.getByTestId(listId).getByTestId('list-create').click();
  const form = page.getByTestId('form-dialog');
  await expect(form).toBeVisible();
  return form;
}

const field = (form: Locator, label: string) => form.locator('.ant-form-item').filter({ has: form.page().locator(`label[title="${label}"]`) });

test.describe('上传组件', () => {
  test('图片：提示、拒绝、进度条、预览，保存后列表里是缩略图', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAs(page, ADMIN.account, ADMIN.password);
    const form = await openCreate(page, '/content/banner', 'banner-list');
    const image = field(form, '图片');
    const uploader = image.getByTestId('uploader');
    await expect(uploader).toContainText('支持 jpg、png、gif、bmp，最大 20M');
    const input = uploader.locator('input[type=file]');

    // 前端按扩展名先拦下；改了扩展名的网页由服务端按内容拒绝
    await input.setInputFiles({ name: '说明.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expectMessage(page, '说明.txt 不是允许的格式（jpg、png、gif、bmp、webp）');
    await input.setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
    await expectMessage(page, '「evil.png」的内容是网页、SVG 或脚本等标记格式，不允许上传');

    // 限速上传一张约 3 MB 的图片：上传中显示进度条
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 300 * 1024 });
    await input.setInputFiles({ name: '横幅.png', mimeType: 'image/png', buffer: await noisyPng(1000, 1000) });
    const progress = uploader.locator('.ant-upload-list-item-progress');
    await expect(progress).toBeVisible();
    await image.screenshot({ path: 'test-results/upload-progress.png' });
    // 上传完成前不能保存（否则保存的值里少了这张图）
    await expect(page.getByTestId('form-dialog-ok')).toBeDisabled();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const thumb = uploader.locator('.ant-upload-list-item img');
    await expect(thumb).toHaveAttribute('src', /^\/files\/.+\?thumb=1$/, { timeout: 60_000 });
    await expect(progress).toHaveCount(0);
    await expect(page.getByTestId('form-dialog-ok')).toBeEnabled();
    // 100×100 的图片框；已满（默认 1 张）时不再显示“上传”
    const box = await uploader.locator('.ant-upload-list-item-container').boundingBox();
    expect(Math.round(box!.width)).toBe(100);
    expect(Math.round(box!.height)).toBe(100);
    await expect(uploader.getByTestId('uploader-trigger')).toHaveCount(0);

    // 预览
    await uploader.locator('.ant-upload-list-item').hover();
    await uploader.locator('.anticon-eye').click();
    const preview = page.locator('.ant-image-preview');
    await expect(preview).toBeVisible();
    await expect(preview.locator('img')).toHaveAttribute('src', /^\/files\/[^?]+$/);
    await page.screenshot({ path: 'test-results/upload-preview.png' });
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    await field(form, '标题').locator('input').fill(`上传组件测试横幅 ${Date.now().toString(36)}`);
    await page.screenshot({ path: 'test-results/upload-image-form.png' });
    await page.getByTestId('form-dialog-ok').click();
    await expectMessage(page, '保存成功');
  });

  test('附件：多个文件显示原名，拖放也能上传，删除后从值里去掉', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAs(page, ADMIN.account, ADMIN.password);
    const form = await openCreate(page, '/content/notice', 'article-list');
    const uploader = field(form, '附件').getByTestId('uploader');
    await expect(uploader).toContainText('支持 pdf、doc、docx、xls、xlsx、ppt、pptx，最大 50M');
    await uploader.locator('input[type=file]').setInputFiles([
      { name: '政策原文.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: '实施细则.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    const names = uploader.locator('.ant-upload-list-item-name');
    await expect(names).toHaveText(['政策原文.pdf', '实施细则.pdf'], { timeout: 30_000 });
    await expect(uploader.locator('a.ant-upload-list-item-name').first()).toHaveAttribute('href', /^\/files\/.+\.pdf$/);

    // 拖放一个文件到上传按钮上
    const dataTransfer = await page.evaluateHandle((bytes) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(bytes)], '拖进来的.pdf', { type: 'application/pdf' }));
      return dt;
    }, [...PDF]);
    const target = uploader.locator('.ant-upload-select > .ant-upload');
    await target.dispatchEvent('dragover', { dataTransfer });
    await target.dispatchEvent('drop', { dataTransfer });
    await expect(names).toHaveText(['政策原文.pdf', '实施细则.pdf', '拖进来的.pdf'], { timeout: 30_000 });
    await field(form, '附件').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/upload-files.png' });

    await uploader.locator('.ant-upload-list-item').filter({ hasText: '实施细则.pdf' }).hover();
    await uploader.locator('.ant-upload-list-item').filter({ hasText: '实施细则.pdf' }).locator('.anticon-delete').click();
    await expect(names).toHaveText(['政策原文.pdf', '拖进来的.pdf']);
  });
});

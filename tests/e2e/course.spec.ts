// 课程资源库（issue 9）：省级管理员新建视频课程，在“章节与课件”里加一章、上传一段视频课件（上传中有进度条，
// 视频时长自动读出），提交审核；在“课程审核”里审核通过；打开预览页，播放器的 <video> 指向上传的视频，章节目录可切换。
// 另在 1366×768 下截取各列表、课程编辑（章节）、审核弹窗与预览页。
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN, chooseOption, expect, loginAs, test, type Page, clickRowAction, rowOf, modalWith } from './helpers';

const SHOTS = 'test-results';
const SUFFIX = Date.now().toString(36);
const COURSE = `低压电工实操（e2e ${SUFFIX}）`;
const CHAPTER = '第一章 低压配电基础';
const WARE = '1.1 配电箱接线演示';

/** 确认框的“确定”（antd 在两个汉字之间插空格） */
const confirmOk = (page: Page) => page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();

/**
 * 几 MB 的视频文件：种子里的 WebM 加上填充（容器头不变，上传服务按内容判定为 webm），让上传持续一会儿、进度条看得见。
 */
function bigVideo(): string {
  const src = fs.readFileSync(path.join(process.cwd(), 'db/seed/data/media/lesson-intro.webm'));
  const file = test.info().outputPath('demo-lesson.webm');
  fs.writeFileSync(file, Buffer.concat([src, Buffer.alloc(3 * 1024 * 1024)]));
  return file;
}

async function courseId(page: Page, name: string): Promise<number> {
  const res = await page.request.post('/api/bks/v1/comCourse/by', { data: { name } });
  const body = (await res.json()) as { data: { list: { id: number; name: string }[] } };
  const row = body.data.list.find((r) => r.name === name);
  expect(row, `找不到课程 ${name}`).toBeTruthy();
  return row!.id;
}

test.describe.serial('课程资源库：建课、章节与课件上传、审核、预览', () => {
  test('管理员新建视频课程，加一章并上传视频课件（进度条可见），提交、审核通过并预览', async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAs(page, ADMIN.account, ADMIN.password);

    // —— 新建视频课程 ——
    await page.goto('/content/course/video');
    const list = page.getByTestId('course-list');
    await expect(list).toContainText('视频课程');
    await expect(list.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/course-video-list.png` });

    await list.getByTestId('list-create').click();
    const form = modalWith(page, page.getByTestId('form-dialog'));
    await expect(form).toContainText('新建视频课程');
    // 必填项的前端校验
    await form.getByTestId('form-dialog-ok').click();
    await expect(form).toContainText('请输入课程名称');
    await form.getByLabel('课程名称').fill(COURSE);
    await chooseOption(page, form.getByTestId('course-type-select'), '电工电子');
    await form.getByLabel('主讲教师').fill('张明远');
    await form.getByLabel('学时').fill('12');
    await form.getByLabel('课程简介').fill('低压配电与安全用电的实操课程，配合视频演示。');
    await form.getByTestId('form-dialog-ok').click();
    await expect(form).toBeHidden();
    const row = rowOf(list, COURSE);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('草稿');

    // —— 章节与课件 ——
    await clickRowAction(page, row, 'chapters');
    const drawer = page.locator('.ant-drawer').filter({ has: page.getByTestId('chapter-add') });
    await expect(drawer).toContainText(`章节与课件：${COURSE}`);
    await drawer.getByTestId('chapter-new-title').fill(CHAPTER);
    await drawer.getByTestId('chapter-add').click();
    const chapter = drawer.getByTestId('chapter-card').filter({ hasText: CHAPTER });
    await expect(chapter).toHaveCount(1);

    await chapter.getByTestId('courseware-add').click();
    const wareForm = modalWith(page, page.getByTestId('courseware-form'));
    await expect(wareForm).toContainText('添加课件');
    await wareForm.getByTestId('courseware-title').fill(WARE);
    // 上行限速（约 1 MB/s）：3 MB 的视频要传几秒，进度条在上传期间可见并前进
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
    await wareForm.locator('input[type=file]').setInputFiles(bigVideo());
    const progress = wareForm.locator('.ant-upload-list-item .ant-progress');
    await expect(progress).toBeVisible();
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 30_000 }).toBeGreaterThan(10);
    await page.screenshot({ path: `${SHOTS}/course-upload-progress.png` });
    // 上传完成：列表里是文件名，进度条消失；视频时长自动读出
    await expect(progress).toHaveCount(0, { timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(wareForm.locator('.ant-upload-list-item')).toContainText('demo-lesson.webm');
    await expect(wareForm.getByTestId('courseware-duration')).toHaveValue(/^[1-9]\d*$/, { timeout: 30_000 });
    await wareForm.getByTestId('courseware-save').click();
    await expect(wareForm).toBeHidden();
    await expect(chapter.getByTestId('courseware-table')).toContainText(WARE);
    await expect(chapter.getByTestId('courseware-table')).toContainText('视频');
    await page.screenshot({ path: `${SHOTS}/course-editor.png` });
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();

    // —— 提交审核 ——
    await expect(row).toContainText('1'); // 课件数刷新
    await clickRowAction(page, row, 'submit');
    await confirmOk(page);
    await expect(row).toContainText('待审核');

    // —— 审核 ——
    await page.goto('/train/course/audit');
    const audit = page.getByTestId('course-audit-list');
    const pending = rowOf(audit, COURSE);
    await expect(pending).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/course-audit-list.png` });
    await clickRowAction(page, pending, 'audit');
    const dialog = modalWith(page, page.getByTestId('course-audit-summary'));
    await expect(dialog).toContainText(`审核课程：${COURSE}`);
    await expect(dialog).toContainText('1 章，1 个课件');
    // 驳回必须填写意见
    await dialog.getByTestId('course-audit-reject').click();
    await dialog.getByTestId('course-audit-submit').click();
    await expect(dialog).toContainText('请填写审核意见');
    await dialog.getByTestId('course-audit-pass').click();
    await dialog.getByTestId('course-audit-opinion').fill('内容完整，同意上架');
    await page.screenshot({ path: `${SHOTS}/course-audit-dialog.png` });
    await dialog.getByTestId('course-audit-submit').click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(audit, COURSE)).toHaveCount(0);

    // —— 预览 ——
    const id = await courseId(page, COURSE);
    await page.goto(`/course/preview/${id}`);
    await expect(page.getByTestId('course-player-title')).toHaveText(COURSE);
    const video = page.getByTestId('course-player-video');
    await expect(video).toHaveAttribute('src', /^\/files\/.+\.webm$/);
    await expect(page.getByTestId('course-player-sections')).toContainText(CHAPTER);
    await expect(page.getByTestId('section-item').filter({ hasText: WARE })).toHaveAttribute('aria-current', 'true');
    // 视频文件可取（支持 Range，浏览器拖动进度条用）
    const src = (await video.getAttribute('src'))!;
    const ranged = await page.request.get(src, { headers: { Range: 'bytes=0-99' } });
    expect(ranged.status()).toBe(206);
    await page.screenshot({ path: `${SHOTS}/course-preview.png` });
  });

  test('种子课程的预览：切换章节里的 PDF 与视频；列表截图', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAs(page, ADMIN.account, ADMIN.password);
    const id = await courseId(page, '电工基础与安全用电');
    await page.goto(`/course/preview/${id}`);
    const items = page.getByTestId('section-item');
    await expect(items).toHaveCount(4);
    await expect(page.getByTestId('course-player-video')).toHaveAttribute('src', /\.webm$/);
    await items.filter({ hasText: '2.2 安全用电规范讲义' }).click();
    await expect(page.getByTestId('course-player-pdf')).toHaveAttribute('src', /\.pdf$/);
    await expect(page.getByTestId('course-player-current')).toHaveText('2.2 安全用电规范讲义');
    await page.getByRole('tab', { name: /评论/ }).click();
    await expect(page.getByTestId('course-comments')).toContainText('讲解很清楚');
    await page.screenshot({ path: `${SHOTS}/course-preview-pdf.png` });

    for (const [url, testId, shot] of [
      ['/train/course/list', 'course-list', 'course-list'],
      ['/train/course/type', 'course-type-list', 'course-type-list'],
      ['/content/course/picture', 'course-list', 'course-picture-list'],
      ['/content/course/courseware', 'courseware-list', 'course-courseware-list'],
      ['/content/course/excellent', 'excellent-list', 'course-excellent-list'],
      ['/content/course/comment', 'comment-list', 'course-comment-list'],
      ['/content/course/tag', 'tag-list', 'course-tag-list'],
    ] as const) {
      await page.goto(url);
      await expect(page.getByTestId(testId).locator('tbody tr.ant-table-row').first()).toBeVisible();
      // 封面缩略图加载完再截图
      await expect.poll(() => page.locator('.ant-image img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete))).toBe(true);
      await page.screenshot({ path: `${SHOTS}/${shot}.png` });
    }
  });
});

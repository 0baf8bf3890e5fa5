// 录像助手（issue 11 第 6 项）：Chromium 的假摄像头（--use-fake-device-for-media-stream，免授权 --use-fake-ui-for-media-stream）。
// a. 评价机构在“考务安排”中的计划上点“录像”：列表里有演示录像且能播放；开始录制，计时走到 3 秒后结束，
//    录像先存在本机（第 4 步），点“保存”上传并保存，提示“保存成功”，列表多一段，播放器加载新录的视频。
// b. 考点管理里某个考点点“录像”（计划不在第 2、4 步）：结束录制后视频先上传，再保存，按考点列出。
// c. 培训机构在“开班申请”里一个已发布的班上点“录像”：结束录制后视频先上传，再保存，按班级列出并可播放。
import type { Locator } from '@playwright/test';
import config from '../../playwright.config';
import { DEMO_PASSWORD, expect, expectMessage, loginAs, test, type Page, clickRowAction } from './helpers';

const project = config.projects?.[0]?.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...project,
    executablePath: project.executablePath ?? '/usr/bin/chromium',
    args: [...(project.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

const SHOTS = 'test-results';

interface Envelope<T> {
  returnCode: number;
  data: T;
}

interface Ctx {
  planCode: string;
  localFirst: boolean;
  canRecord: boolean;
}

/** 只读的查询；服务器恰好关掉空闲连接时（ECONNRESET）再发一次 */
async function api<T>(page: Page, path: string, data: unknown): Promise<T> {
  const post = () => page.request.post(`/api${path}`, { data });
  const res = await post().catch(post);
  const body = (await res.json()) as Envelope<T>;
  expect(body.returnCode, path).toBe(200);
  return body.data;
}

/** 录像列表里“共 N 段录像”的 N */
async function countIn(list: Locator): Promise<number> {
  await expect(list.getByText(/共 \d+ 段录像/)).toBeVisible();
  return Number(/共 (\d+) 段录像/.exec((await list.getByText(/共 \d+ 段录像/).textContent()) ?? '')?.[1]);
}

/** 开始录制，录到 seconds 秒后结束 */
async function record(page: Page, list: Locator, seconds: number) {
  await list.getByTestId('recording-start').click();
  const dialog = page.getByTestId('recording-dialog');
  await expect(dialog).toHaveAttribute('data-phase', 'recording');
  await expect(dialog).toContainText(`录制中 00:0${seconds}`, { timeout: 30_000 });
  return dialog;
}

/** 播放器加载了视频（至少读到元数据） */
async function expectPlayable(list: Locator, url?: string) {
  const player = list.getByTestId('recording-player');
  if (url) await expect(player).toHaveAttribute('src', url);
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 }).toBeGreaterThan(0);
}

test.describe('录像', () => {
  test('a. 考务安排中的计划：列表可播放，录制后先存本机，保存时上传', async ({ page }) => {
    await loginAs(page, 'eval_org', DEMO_PASSWORD);
    // 演示录像挂在本机构一份“考务安排”中的技能等级认定计划上
    const plans = await api<{ list: { code: string }[] }>(page, '/exaPlan/listExaPlan', { kind: 0, step: 4, pageSize: 50 });
    let code = '';
    for (const p of plans.list) {
      const r = await api<{ total: number }>(page, '/recording/list', { planCode: p.code });
      if (r.total > 0) {
        code = p.code;
        break;
      }
    }
    expect(code, '演示录像').not.toBe('');

    await page.goto(`/evaluation/plan/skill?code=${code}`);
    const row = page.getByTestId('plan-list').locator('tbody tr.ant-table-row').filter({ hasText: code });
    await expect(row).toHaveCount(1);
    await clickRowAction(page, row, 'recording');
    const list = page.getByTestId('recording-list');
    const before = await countIn(list);
    await expectPlayable(list);
    await page.screenshot({ path: `${SHOTS}/recording-list-1440.png` });

    const dialog = await record(page, list, 3);
    await expect(dialog).toContainText('先存本机，保存时上传');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: `${SHOTS}/recording-dialog-1366.png` });
    await page.getByTestId('recording-stop').click();
    await expect(page.getByTestId('recording-taken')).toContainText('录像与截图已保存在本机');
    await page.getByTestId('recording-save').click();
    await expectMessage(page, '保存成功');
    await expect(dialog).toBeHidden();
    await expect.poll(() => countIn(list)).toBe(before + 1);
    const newest = await api<{ list: { videoUrl: string; screenshots: unknown[]; videoDuration: number }[] }>(page, '/recording/list', { planCode: code });
    expect(newest.list[0].videoDuration).toBeGreaterThanOrEqual(3);
    expect(newest.list[0].screenshots.length).toBe(1);
    await expectPlayable(list, newest.list[0].videoUrl);
  });

  test('b. 考点的录像：结束后先上传视频，再保存，按考点列出', async ({ page }) => {
    await loginAs(page, 'eval_org', DEMO_PASSWORD);
    // 一份不在第 2、4 步的计划（考点管理只列第 3 步及以后的）
    const plans = await api<{ list: { id: number; code: string; label: string }[] }>(page, '/examaff/site/planList', { pageSize: 100 });
    let plan: { code: string; label: string } | null = null;
    for (const p of plans.list) {
      const c = await api<Ctx>(page, '/recording/context', { planCode: p.code });
      if (c.canRecord && !c.localFirst) {
        plan = p;
        break;
      }
    }
    expect(plan, '第 3、5 步及以后的计划').not.toBeNull();

    await page.goto('/evaluation/exam/site');
    const picker = page.getByTestId('plan-picker');
    const select = picker.locator('.ant-select');
    if (!((await select.textContent()) ?? '').includes(plan!.code)) {
      await select.click();
      await picker.locator('input').fill(plan!.code);
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: plan!.code }).first().click();
    }
    await expect(select).toContainText(plan!.code);
    const row = page.getByTestId('site-list').locator('tbody tr.ant-table-row').first();
    const siteName = (await row.locator('td').first().textContent())!.trim();
    await clickRowAction(page, row, 'recording');
    const list = page.getByTestId('recording-list');
    await expect(page.locator('.ant-modal-title').filter({ hasText: siteName })).toBeVisible();
    const before = await countIn(list);

    const dialog = await record(page, list, 2);
    await expect(dialog).toContainText('结束后先上传视频');
    await page.getByTestId('recording-stop').click();
    await expect(page.getByTestId('recording-taken')).toContainText('视频已上传');
    await page.getByTestId('recording-save').click();
    await expectMessage(page, '保存成功');
    await expect(dialog).toBeHidden();
    await expect.poll(() => countIn(list)).toBe(before + 1);
    await expect(list.locator('tbody tr.ant-table-row').first()).toContainText(siteName);
    await expectPlayable(list);
  });

  test('c. 培训班的录像：开班申请里已发布的班，结束后先上传视频，再保存，按班级列出', async ({ page }) => {
    await loginAs(page, 'train_org', DEMO_PASSWORD);
    const res = await page.request.get('/api/trainInfo/trainInfoList', { params: { status: 4, pageSize: 20 } });
    const classes = ((await res.json()) as Envelope<{ list: { code: string; name: string; actions: string[] }[] }>).data.list;
    const cls = classes.find((c) => c.actions.includes('record'));
    expect(cls, '已发布的班').toBeTruthy();

    await page.goto(`/train/class/apply?code=${cls!.code}`);
    const row = page.getByTestId('class-list').locator('tbody tr.ant-table-row').filter({ hasText: cls!.code });
    await expect(row).toHaveCount(1);
    await clickRowAction(page, row, 'recording');
    const list = page.getByTestId('recording-list');
    await expect(page.locator('.ant-modal-title').filter({ hasText: cls!.name })).toBeVisible();
    const before = await countIn(list);

    const dialog = await record(page, list, 2);
    await expect(dialog).toContainText('班级编号');
    await expect(dialog).toContainText('结束后先上传视频');
    await page.screenshot({ path: `${SHOTS}/recording-class-dialog.png` });
    await page.getByTestId('recording-stop').click();
    await expect(page.getByTestId('recording-taken')).toContainText('视频已上传');
    await page.getByTestId('recording-save').click();
    await expectMessage(page, '保存成功');
    await expect(dialog).toBeHidden();
    await expect.poll(() => countIn(list)).toBe(before + 1);
    await expectPlayable(list);
    await page.screenshot({ path: `${SHOTS}/recording-class-list.png` });
  });
});

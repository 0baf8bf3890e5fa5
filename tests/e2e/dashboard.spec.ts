// 首页分析与数据大屏（issue 15）：
// a. 省级管理员与石家庄市管理员的分析页显示不同的计数（与各自的接口相同），趋势图四条线各 12 个点；
// b. 评价数据大屏在 1920×1080 全屏显示计数、各市方位格（11 市）与排行，截图留档（/tmp/pw-dash/big-screen-eval.png）。
import fs from 'node:fs';
import { DEMO_PASSWORD, apiLogin, expect, test, waitForHydration } from './helpers';

const ADMIN_PASSWORD = 'Admin@2026';

test('分析页：全省与本市的计数不同且与接口一致，趋势图 4 条线各 12 点', async ({ page }) => {
  const seen: Record<string, string> = {};
  for (const [account, password] of [
    ['admin', ADMIN_PASSWORD],
    ['sjz_admin', DEMO_PASSWORD],
  ]) {
    await page.context().clearCookies();
    await apiLogin(page, account, password);
    const api = (await (await page.request.post('/api/home/listHomePageData', { data: {} })).json()) as { data: Record<string, number> };
    await page.goto('/dashboard/analysis');
    await waitForHydration(page);
    await expect(page.getByTestId('counter-openingPlanAmount')).toContainText(api.data.openingPlanAmount.toLocaleString('en-US'));
    await expect(page.getByTestId('counter-assessorsAmount')).toContainText(api.data.assessorsAmount.toLocaleString('en-US'));
    await expect(page.getByTestId('totals')).toContainText(String(api.data.enrollmentAmount));
    const chart = page.getByTestId('line-chart');
    await expect(chart.locator('g[data-series]')).toHaveCount(4);
    for (const g of await chart.locator('g[data-series]').all()) await expect(g.locator('circle')).toHaveCount(12);
    seen[account] = await page.getByTestId('totals').innerText();
  }
  expect(seen.admin).not.toBe(seen.sjz_admin);
});

test('评价数据大屏 1920×1080', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await apiLogin(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/dashboard/big-screen/eval');
  await waitForHydration(page);
  await expect(page.getByTestId('big-screen')).toBeVisible();
  await expect(page.getByTestId('city-grid').locator('[data-city]')).toHaveCount(11);
  await expect(page.getByTestId('city-ranking').locator('> div')).toHaveCount(11);
  await expect(page.getByTestId('big-counter-enrollmentAmount')).toBeVisible();
  fs.mkdirSync('/tmp/pw-dash', { recursive: true });
  await page.screenshot({ path: '/tmp/pw-dash/big-screen-eval.png' });
  await page.goto('/dashboard/big-screen/train');
  await waitForHydration(page);
  await expect(page.getByTestId('city-grid').locator('[data-city]')).toHaveCount(11);
  await page.screenshot({ path: '/tmp/pw-dash/big-screen-train.png' });
  await page.goto('/dashboard/analysis');
  await waitForHydration(page);
  await expect(page.getByTestId('line-chart')).toBeVisible();
  await page.screenshot({ path: '/tmp/pw-dash/analysis.png', fullPage: true });
  // 统计页：合计行与接口的合计相同，导出下载的是工作簿
  const api = (await (await page.request.get('/api/summary/listSummary')).json()) as { data: { totals: Record<string, number> } };
  await page.goto('/statistics/summary');
  await waitForHydration(page);
  const totals = page.getByTestId('stat-summary').getByTestId('totals-row');
  await expect(totals).toContainText(String(api.data.totals.examinees));
  await expect(totals).toContainText(String(api.data.totals.certificates));
  const download = page.waitForEvent('download');
  await page.getByTestId('stat-summary').getByRole('button', { name: /导\s*出/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  await page.screenshot({ path: '/tmp/pw-dash/statistics-summary.png', fullPage: true });
});

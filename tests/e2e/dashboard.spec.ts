// 首页分析、数据大屏与统计页（issue 15、28、31）：
// a. 省级管理员与石家庄市管理员的分析页显示不同的计数（与各自的接口相同）；趋势图（recharts）四条线各 12 个点，
//    纵轴刻度是从 0 起、步长 1/2/5×10ⁿ 的整数，悬停有提示；1366×768 截图；
// b. 两个数据大屏在 1366×768：不等脚本就按窗口缩放（服务端的 HTML 里就是缩放后、带着数据的版面），打开时没有控制台错误（水合不一致 #418），
//    河北地图 11 个市，各市的数与旁边的排行、接口相同，地图与趋势图悬停有提示；截图；
// c. 统计页：合计行与接口相同，横条图（recharts）有刻度与提示，导出下载的是工作簿。
import type { Locator, Page } from '@playwright/test';
import { apiLogin, expect, test } from './helpers';

const ADMIN_PASSWORD = 'Admin@2026';
const VIEWPORT = { width: 1366, height: 768 };

/** 刻度从 0 起、等距，步长是 1、2、5 × 10ⁿ 的整数 */
async function expectNiceTicks(chart: Locator, axis: 'xAxis' | 'yAxis') {
  const labels = chart.locator(`.recharts-${axis}-tick-labels .recharts-cartesian-axis-tick-value`);
  await expect(labels.first()).toBeVisible();
  const ticks = (await labels.allTextContents()).map((s) => Number(s.replace(/,/g, '')));
  expect(ticks.length).toBeGreaterThanOrEqual(3);
  expect(ticks[0]).toBe(0);
  const step = ticks[1] - ticks[0];
  expect(ticks.every((v, i) => v === i * step)).toBe(true);
  const p = 10 ** Math.floor(Math.log10(step));
  expect([1, 2, 5]).toContain(step / p);
}

/** 悬停在图上，recharts 的提示框出现且带文字 */
async function expectTooltipOnHover(page: Page, chart: Locator) {
  const box = (await chart.locator('.recharts-wrapper > svg.recharts-surface').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const tip = chart.locator('.recharts-tooltip-wrapper');
  await expect(tip).toBeVisible();
  await expect(tip).not.toBeEmpty();
}

test('分析页：全省与本市的计数不同且与接口一致，趋势图 4 条线各 12 点、整数刻度、悬停提示', async ({ page }) => {
  await page.setViewportSize(VIEWPORT);
  const seen: Record<string, string> = {};
  for (const [account, password] of [
    ['admin', ADMIN_PASSWORD],
    ['sjz_admin', 'Demo@2026'],
  ]) {
    await page.context().clearCookies();
    await apiLogin(page, account, password);
    const api = (await (await page.request.post('/api/home/listHomePageData', { data: {} })).json()) as { data: Record<string, number> };
    await page.goto('/dashboard/analysis');
    await expect(page.getByTestId('counter-openingPlanAmount')).toContainText(api.data.openingPlanAmount.toLocaleString('en-US'));
    await expect(page.getByTestId('counter-assessorsAmount')).toContainText(api.data.assessorsAmount.toLocaleString('en-US'));
    await expect(page.getByTestId('totals')).toContainText(String(api.data.enrollmentAmount));
    const chart = page.getByTestId('trend-chart');
    await expect(chart.locator('.recharts-line')).toHaveCount(4);
    await expect(chart.locator('.recharts-line-dots')).toHaveCount(4);
    for (const dots of await chart.locator('.recharts-line-dots').all()) await expect(dots.locator('.recharts-line-dot')).toHaveCount(12);
    await expect(chart.locator('.recharts-legend-item')).toHaveCount(4);
    await expectNiceTicks(chart, 'yAxis');
    await expectTooltipOnHover(page, chart);
    if (account === 'admin') await page.screenshot({ path: 'test-results/analysis-1366.png', fullPage: true });
    seen[account] = await page.getByTestId('totals').innerText();
  }
  expect(seen.admin).not.toBe(seen.sjz_admin);
});

interface BigScreenApi {
  cities: { cityId: number; cityName: string; value: number }[];
}

for (const [kind, shot] of [
  ['eval', 'bigscreen-eval-1366'],
  ['train', 'bigscreen-train-1366'],
] as const) {
  test(`数据大屏（${kind}）1366×768：首帧已缩放、无控制台错误、地图 11 市的数与排行相同`, async ({ page }) => {
    await page.setViewportSize(VIEWPORT);
    await apiLogin(page, 'admin', ADMIN_PASSWORD);
    const path = `/dashboard/big-screen/${kind}`;

    // 服务端画出的 HTML 里已是按窗口缩放的版面（CSS 算缩放，不等脚本）与带着数据的排行（数据随页面带来，见 first-paint.spec.ts）
    const html = await (await page.request.get(path)).text();
    expect(html).toContain('atan2(100vw');
    expect(html).toContain('data-testid="city-ranking"');

    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(path);
    const api = ((await (await page.request.get(`/api/home/bigScreen/${kind}`)).json()) as { data: BigScreenApi }).data;
    const map = page.getByTestId('hebei-map');
    const ranking = page.getByTestId('city-ranking');
    await expect(map.locator('path[data-city]')).toHaveCount(11);
    await expect(ranking.locator('> li')).toHaveCount(api.cities.length);
    expect(api.cities).toHaveLength(11);
    // 地图上每个市的数 = 排行里该市的数 = 接口的数
    for (const c of api.cities) {
      await expect(map.locator(`path[data-city="${c.cityName}"]`)).toHaveAttribute('data-value', String(c.value));
      await expect(ranking.locator(`li[data-city="${c.cityName}"]`)).toHaveAttribute('data-value', String(c.value));
      await expect(ranking.locator(`li[data-city="${c.cityName}"]`)).toContainText(c.value.toLocaleString('en-US'));
    }
    // 缩放后占满窗口宽或高
    const stageBox = (await page.getByTestId('big-screen').locator('> div').boundingBox())!;
    expect(Math.round(stageBox.width) === VIEWPORT.width || Math.round(stageBox.height) === VIEWPORT.height).toBe(true);

    const top = api.cities[0];
    // 悬停（React 的 onMouseEnter 由 mouseover 触发；路径的外接框中心未必落在该市里，所以直接在路径上派发）
    await map.locator(`path[data-city="${top.cityName}"]`).dispatchEvent('mouseover');
    await expect(page.getByTestId('hebei-map-tip')).toContainText(top.value.toLocaleString('en-US'));
    const trend = page.getByTestId('trend-chart');
    await expect(trend.locator('.recharts-line')).toHaveCount(2);
    await expectNiceTicks(trend, 'yAxis');
    await expectTooltipOnHover(page, trend);
    await page.screenshot({ path: `test-results/${shot}.png` });
    expect(errors).toEqual([]);
  });
}

test('数据大屏（市级）：地图仍画 11 个市，只有本市有数且等于排行，其余为“无数据”', async ({ page }) => {
  await page.setViewportSize(VIEWPORT);
  await apiLogin(page, 'sjz_admin', 'Demo@2026');
  await page.goto('/dashboard/big-screen/eval');
  const api = ((await (await page.request.get('/api/home/bigScreen/eval')).json()) as { data: BigScreenApi }).data;
  expect(api.cities).toHaveLength(1);
  const [own] = api.cities;
  const map = page.getByTestId('hebei-map');
  await expect(page.getByTestId('city-ranking').locator('> li')).toHaveCount(1);
  await expect(map.locator('path[data-city]')).toHaveCount(11);
  await expect(map.locator('path[data-value]')).toHaveCount(1);
  await expect(map.locator(`path[data-city="${own.cityName}"]`)).toHaveAttribute('data-value', String(own.value));
  await expect(page.getByTestId('hebei-map-legend')).toContainText('无数据');
});

test('统计页：合计行与接口相同，横条图有整数刻度与提示，导出工作簿', async ({ page }) => {
  await page.setViewportSize(VIEWPORT);
  await apiLogin(page, 'admin', ADMIN_PASSWORD);
  const api = (await (await page.request.get('/api/summary/listSummary')).json()) as { data: { totals: Record<string, number> } };
  await page.goto('/statistics/summary');
  const screen = page.getByTestId('stat-summary');
  const totals = screen.getByTestId('totals-row');
  await expect(totals).toContainText(String(api.data.totals.examinees));
  await expect(totals).toContainText(String(api.data.totals.certificates));
  const bars = screen.getByTestId('bar-chart');
  await expect(bars.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expectNiceTicks(bars, 'xAxis');
  await bars.scrollIntoViewIfNeeded();
  await expectTooltipOnHover(page, bars);
  const download = page.waitForEvent('download');
  await screen.getByRole('button', { name: /导\s*出/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  await page.screenshot({ path: 'test-results/statistics-summary-1366.png', fullPage: true });
});

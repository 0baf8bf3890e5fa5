// 水合前的输入（issue 31 第 3 项，docs/HYDRATION.md）：服务端画出的页面一出现就点、就打字，不等水合。
// 为使“水合之前”确实成立，页面的脚本（/_next/static 下的 .js）每个晚到 SCRIPT_DELAY；每次输入的同时记下
// 当时 html 有没有 data-hydrated，断言输入确实落在水合之前。三种输入：列表的行操作（师资审核里的“审核”）、
// 对话框的开启按钮（师资库的“登记教师”）、筛选（师资库按姓名，分别点“查询”与按回车）。
//
// 验证本测试能抓住问题：E2E_NO_INPUT_GUARD=1 时去掉根布局里的内联脚本（id="input-guard"）再跑，应当失败。
import { test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, api, apiLogin, expect } from './helpers';

/** 每个脚本晚到的时间：远大于从 HTML 出现到点下去的时间，点击必在水合之前 */
const SCRIPT_DELAY = 2_500;
const WITHOUT_GUARD = process.env.E2E_NO_INPUT_GUARD === '1';

/** 输入发生时页面的水合状态（在页面自己的脚本之前装上的监听器记下） */
interface Landed {
  type: string;
  hydrated: boolean;
}

async function prepare(page: Page): Promise<void> {
  // 记在 sessionStorage 里：没有防护时回车会按原生表单提交、整页跳走，跳走之后仍看得到之前的输入
  await page.addInitScript(() => {
    const log: { type: string; hydrated: boolean }[] = JSON.parse(sessionStorage.getItem('e2e-landed') ?? '[]');
    for (const type of ['click', 'keydown']) {
      window.addEventListener(
        type,
        () => {
          log.push({ type, hydrated: document.documentElement.getAttribute('data-hydrated') === 'true' });
          sessionStorage.setItem('e2e-landed', JSON.stringify(log));
        },
        true,
      );
    }
  });
  await page.route(
    (url) => url.pathname.startsWith('/_next/static/') && url.pathname.endsWith('.js'),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY));
      await route.continue();
    },
  );
  if (WITHOUT_GUARD) {
    await page.route(
      (url) => !url.pathname.startsWith('/_next/') && !url.pathname.startsWith('/api/'),
      async (route) => {
        if (route.request().resourceType() !== 'document') return route.continue();
        const response = await route.fetch();
        const body = (await response.text()).replace(/<script id="input-guard"[^>]*>[\s\S]*?<\/script>/, '');
        await route.fulfill({ response, body });
      },
    );
  }
}

/** 打开页面，只等 HTML 开始到达（不等加载完，更不等水合） */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'commit' });
}

/** 到现在为止的输入都落在水合之前 */
async function expectLandedBeforeHydration(page: Page): Promise<void> {
  const landed = await page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-landed') ?? '[]') as Landed[]);
  expect(landed.length, '记下了输入').toBeGreaterThan(0);
  expect(landed.filter((l) => l.hydrated), '输入发生在水合之前').toEqual([]);
}

test.describe('水合前的点击与输入不丢', () => {
  test('列表的行操作：师资审核里点“审核”，水合后审核框打开', async ({ page }) => {
    await apiLogin(page, 'sjz_admin', DEMO_PASSWORD);
    await prepare(page);
    await open(page, '/train/teacher/audit');
    const action = page.getByTestId('teacher-audit-list').locator('tbody tr.ant-table-row').first().getByTestId('row-action-audit');
    await action.click();
    await expectLandedBeforeHydration(page);
    await expect(page.getByTestId('teacher-audit-opinion')).toBeVisible();
  });

  test('对话框的开启按钮：师资库点“登记教师”，水合后登记表打开', async ({ page }) => {
    await apiLogin(page, 'train_org', DEMO_PASSWORD);
    await prepare(page);
    await open(page, '/train/teacher/list');
    await page.getByTestId('teacher-create').click();
    await expectLandedBeforeHydration(page);
    await expect(page.getByTestId('teacher-form')).toBeVisible();
  });

  for (const submit of ['点查询', '按回车'] as const) {
    test(`筛选：师资库按姓名输入后${submit}，输入的字还在、列表只剩这个人`, async ({ page }) => {
      await apiLogin(page, 'train_org', DEMO_PASSWORD);
      // 演示数据里明德培训学校的一名教师（不是第一行：筛选前后的列表一定不同）
      const { list } = await api<{ list: { realName: string }[] }>(page, 'GET', '/teacher/list', { pageNo: '1', pageSize: '10' });
      expect(list.length, '演示数据：明德的教师').toBeGreaterThan(2);
      const name = list[2].realName;
      await prepare(page);
      await open(page, '/train/teacher/list');
      const input = page.getByTestId('list-filters').getByLabel('真实姓名');
      // 像用户一样先点进框里：点击要等框真的显示出来。直接 pressSequentially 只是 focus()，框还在流式送达的
      // 隐藏容器里（React 还没把它移到位）时聚焦不上，打的字落到 body 上，不是本测试要测的情形
      await input.click();
      await input.pressSequentially(name);
      if (submit === '点查询') await page.getByTestId('list-search').click();
      else await input.press('Enter');
      await expectLandedBeforeHydration(page);
      const rows = page.getByTestId('teacher-list').locator('tbody tr.ant-table-row');
      await expect(rows.first()).toContainText(name);
      await expect(rows.filter({ hasNotText: name })).toHaveCount(0);
      await expect(input).toHaveValue(name);
      expect(new URL(page.url()).search, '没有按原生表单提交跳走').toBe('');
    });
  }
});

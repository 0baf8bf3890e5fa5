// 列表界面的版式检查（SPEC §2 最小窗口 1366px；issue 28 的版式规则）：九个演示角色（弱密码账号只有工作台）在 1366×768 下，
// 中文与英文界面各走一遍菜单里每个已登记界面的叶子（按接口给出的菜单与框架上的 data-screens 遍历，不是手写清单），
// 凡有表格的页面都检查：
//   1. 筛选栏的各项与查询/重置/展开按钮互不重叠，间距至少 8px；
//   2. 表格单元格的文字没有被截断（被裁掉或被固定的操作列盖住），除非该格以省略号收尾并带 title 或悬停提示；
//   3. 没有一格被挤成一字一行（超过三行且平均每行不到两个字）；
//   4. 表头：文字不被截断、不换行（列不窄于它的标题）；
//   5. 编号（证书、证件、计划、备案、班级、批次号……列表里带 data-identifier 的列，中文表头为“编号/证号/身份证号”等的列）完整显示，
//      连省略号也不许。
// 同一个界面（菜单路径）在各角色下列相同、只是数据不同：每种语言里每个路径只在第一个有它的角色下查一次（角色按下面的顺序，
// 管理员在前），整个遍历才放得进 CI 的时间。每个界面只加载一次，问题按界面汇总后一次报告；另截几张图供人看。
// 另有一例看侧栏背景与换主色后的链接颜色。
import { accessibleToken } from '@/components/shell/accessibleTheme';
import { ADMIN, DEMO_PASSWORD, WORKPLACE, apiLogin, expect, screenLeaves, test, type Page } from './helpers';

const VIEWPORT = { width: 1366, height: 768 };
/** 筛选控件与按钮之间的最小间距 */
const MIN_GAP = 8;
/** 悬停提示最长等多久（antd 的提示有出现延迟，机器忙时更久） */
const TOOLTIP_WAIT = 5_000;
/** 文字比容器宽出这么多才算被截（亚像素取整） */
const TOLERANCE = 1;
/** 截图的界面（组件名） */
const SHOTS = new Set(['ResourceList', 'FilingAudit', 'DeviceList', 'OnlineUserList', 'AssessorList', 'SystemLog', 'CertificateFill', 'CertificatePrint', 'OrganizationList', 'ScorePublicity', 'ApplyList', 'FundAccount']);
/** 走菜单的角色（顺序即去重时的优先顺序）；弱密码账号登录后被强制改密，且只有工作台 */
const ROLES = ['admin', 'sjz_admin', 'bd_admin', 'eval_org', 'train_org', 'enterprise', 'teacher', 'supervisor', 'assessor'] as const;
const passwordOf = (account: string) => (account === ADMIN.account ? ADMIN.password : DEMO_PASSWORD);
const LANGUAGES = ['zh-CN', 'en-US'] as const;

test.use({ viewport: VIEWPORT });

/** 以省略号收尾、没有 title 的格子：标上 data-layout-tip，由测试悬停看是否弹出提示（antd 的 Tooltip 不留 title） */
interface TipCandidate {
  id: number;
  column: string;
  text: string;
}

/** 在页面里量版式，返回问题说明（空数组为通过）与待悬停确认提示的格子 */
function measureLayout({ minGap, tolerance }: { minGap: number; tolerance: number }): { problems: string[]; tips: TipCandidate[] } {
  const problems: string[] = [];
  const tips: TipCandidate[] = [];
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const label = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 24) || el.getAttribute('aria-label') || el.tagName;

  // 1. 筛选栏：每个筛选项（标签 + 输入框）与每个按钮是一个盒子，两两之间的距离不小于 minGap
  for (const bar of document.querySelectorAll('[data-testid="list-filters"]')) {
    const boxes = [...bar.querySelectorAll('.ant-form-item, button')].filter(visible).filter((el) => !el.closest('.ant-form-item')?.contains(el) || el.classList.contains('ant-form-item'));
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i].getBoundingClientRect();
        const b = boxes[j].getBoundingClientRect();
        const dx = Math.max(b.left - a.right, a.left - b.right);
        const dy = Math.max(b.top - a.bottom, a.top - b.bottom);
        const gap = Math.max(dx, dy);
        if (gap < minGap) problems.push(`筛选栏“${label(boxes[i])}”与“${label(boxes[j])}”间距 ${Math.round(gap)}px`);
      }
    }
    // 输入框不超出自己的筛选项（否则会压到旁边的项上）
    for (const item of bar.querySelectorAll('.ant-form-item')) {
      const box = item.getBoundingClientRect();
      for (const control of item.querySelectorAll('.ant-form-item-control-input-content > *')) {
        const r = control.getBoundingClientRect();
        if (r.right > box.right + tolerance) problems.push(`筛选项“${label(item)}”的输入框超出 ${Math.round(r.right - box.right)}px`);
      }
    }
  }

  // 2. 表格单元格
  for (const table of document.querySelectorAll('.ant-table-wrapper')) {
    if (!visible(table)) continue;
    const fixedRight = [...table.querySelectorAll('tbody .ant-table-cell-fix-right, tbody .ant-table-cell-fix-end')].filter(visible);
    const coverLeft = fixedRight.length ? Math.min(...fixedRight.map((c) => c.getBoundingClientRect().left)) : Infinity;
    const body = table.querySelector('.ant-table-body, .ant-table-content');
    // 收窄到下限仍放不下的表格横向滚动：滚动区边上露一半的列是滚动的常态（有滚动条，固定的操作列带阴影提示），
    // 不算截断；但必须真有这个提示
    const scrolls = Boolean(body && body.scrollWidth > body.clientWidth + tolerance);
    if (scrolls && fixedRight.length > 0 && !table.querySelector('.ant-table-cell-fix-end-shadow-show, .ant-table-fix-end-shadow-show, .ant-table-ping-right')) {
      problems.push('表格横向滚动，但固定的操作列没有阴影提示右侧还有内容');
    }
    const bodyRect = scrolls ? undefined : body?.getBoundingClientRect();
    const headerCells = [...table.querySelectorAll('thead th')];
    const headers = headerCells.map((th) => (th.textContent ?? '').trim());
    // 4. 表头：标题文字不被裁掉（含省略号），也不折成两行——列不窄于标题的一行宽
    for (const th of headerCells) {
      const title = (th.textContent ?? '').trim();
      if (!title || !visible(th) || th.classList.contains('ant-table-selection-column')) continue;
      const clipped = [th, ...th.querySelectorAll('*')].find((el) => getComputedStyle(el).overflowX !== 'visible' && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + tolerance);
      if (clipped) {
        problems.push(`表头“${title}”被截断（${clipped.scrollWidth}px 放进 ${clipped.clientWidth}px）`);
        continue;
      }
      // 标题一行的宽度：同样字体的不换行副本
      const probe = document.createElement('span');
      const style = getComputedStyle(th);
      probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font:${style.font};letter-spacing:${style.letterSpacing}`;
      probe.textContent = title;
      document.body.appendChild(probe);
      const natural = probe.getBoundingClientRect().width;
      probe.remove();
      const inner = th.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      // 排序、筛选图标另占位置：标题所在的元素（antd 的 column-title）比自身文字窄才算
      const titleBox = th.querySelector('.ant-table-column-title') ?? th;
      const room = titleBox === th ? inner : titleBox.getBoundingClientRect().width;
      if (natural > room + tolerance) problems.push(`“${title}”列比表头窄（标题 ${Math.round(natural)}px，列内 ${Math.round(room)}px）`);
    }
    // 5. 编号列：列表标出的（data-identifier）与中文表头看得出是编号的
    const identifierColumns = new Set(
      headerCells.flatMap((th, i) => (th.hasAttribute('data-identifier') || /编号|编码|证号|证件号码|身份证号|准考证号|批次号|信用代码/.test(headers[i]) ? [i] : [])),
    );
    for (const row of table.querySelectorAll('tbody tr.ant-table-row')) {
      const cells = [...row.querySelectorAll(':scope > td')];
      cells.forEach((td, index) => {
        if (td.classList.contains('ant-table-selection-column') || !visible(td)) return;
        const column = headers[index] || `第 ${index + 1} 列`;
        const text = (td.textContent ?? '').trim();
        if (!text) return;
        const ellipsis = (el: Element) => getComputedStyle(el).textOverflow === 'ellipsis';
        const titled = (el: Element) => Boolean(el.closest('[title]') ?? el.querySelector('[title]'));
        // 2a. 被裁掉：单元格或其中某个不外溢的元素内容比自身宽；有省略号时须有 title 或悬停提示
        const clips = [td, ...td.querySelectorAll('*')].filter((el) => el === td || getComputedStyle(el).overflowX !== 'visible');
        // 5. 编号不许截断（省略号也不行）
        if (identifierColumns.has(index) || td.hasAttribute('data-identifier')) {
          const cut = clips.find((el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth + tolerance);
          if (cut) problems.push(`编号列“${column}”的“${text.slice(0, 32)}”没有完整显示（${cut.scrollWidth}px 放进 ${cut.clientWidth}px）`);
        }
        for (const el of clips) {
          if (el.scrollWidth <= el.clientWidth + tolerance || el.clientWidth === 0) continue;
          if (!ellipsis(el)) problems.push(`“${column}”列的“${label(el)}”被截断、没有省略号（${el.scrollWidth}px 放进 ${el.clientWidth}px）`);
          else if (!titled(el)) {
            el.setAttribute('data-layout-tip', String(tips.length));
            tips.push({ id: tips.length, column, text: (el.textContent ?? '').trim() });
          }
          break;
        }
        // 2b. 被固定的操作列或表格边缘盖住一部分（整列都在滚动区外的不算：用户横向滚动即可看到）。
        // 文字的可见右缘：文字本身与各层裁剪（overflow 非 visible）的右缘取小
        if (!td.classList.contains('ant-table-cell-fix-right') && !td.classList.contains('ant-table-cell-fix-end') && bodyRect) {
          const range = document.createRange();
          range.selectNodeContents(td);
          const r = range.getBoundingClientRect();
          const shownRight = Math.min(r.right, td.getBoundingClientRect().right, ...clips.filter((el) => el !== td).map((el) => el.getBoundingClientRect().right));
          const rightEdge = Math.min(coverLeft, bodyRect.right);
          if (r.left < rightEdge - tolerance && shownRight > rightEdge + tolerance) {
            problems.push(`“${column}”列的“${text.slice(0, 24)}”被操作列或表格边缘盖住 ${Math.round(shownRight - rightEdge)}px`);
          }
        }
        // 3. 一字一行：单元格里文字的行数远超两行（看单元格高度与字号）
        const lineHeight = parseFloat(getComputedStyle(td).lineHeight) || 22;
        const lines = Math.round((td.getBoundingClientRect().height - 16) / lineHeight);
        if (lines > 3 && text.length <= lines * 2) problems.push(`“${column}”列的“${text.slice(0, 24)}”被挤成 ${lines} 行`);
      });
    }
  }
  return { problems, tips };
}

/** 打开一个叶子，有表格时量版式；返回问题（没有表格为 null） */
async function checkLeaf(page: Page, leaf: { path: string; title: string; component: string }, opts: { hoverTips: boolean }): Promise<string[] | null> {
  await page.goto(leaf.path);
  const content = page.locator('main, .ant-layout-content').first();
  // 列表加载完：表格不在加载中，且有数据行或空状态
  const table = content.locator('.ant-table-wrapper').first();
  if ((await table.count()) === 0) {
    // 非列表界面（如设置页）：等一会儿看是否稍后才出现表格
    await page.waitForTimeout(500);
    if ((await table.count()) === 0) return null;
  }
  await expect(content.locator('.ant-table-wrapper .ant-spin-spinning')).toHaveCount(0);
  await expect(content.locator('.ant-table-wrapper tbody tr.ant-table-row, .ant-table-wrapper .ant-empty').first()).toBeVisible();
  const { problems, tips } = await page.evaluate(measureLayout, { minGap: MIN_GAP, tolerance: TOLERANCE });
  if (!opts.hoverTips) return problems;
  // 省略号收尾、没有 title 的格子：悬停应弹出含全文的提示（每列看一格即可）
  const seen = new Set<string>();
  for (const tip of tips) {
    if (seen.has(tip.column)) continue;
    seen.add(tip.column);
    await page.locator(`[data-layout-tip="${tip.id}"]`).hover();
    const shown = page.locator('.ant-tooltip:not(.ant-tooltip-hidden)').filter({ hasText: tip.text.slice(0, 12) });
    // 提示有出现延迟，机器忙时更久：轮询等它出现，而不是等一个固定时间
    const appeared = await shown
      .first()
      .waitFor({ state: 'visible', timeout: TOOLTIP_WAIT })
      .then(() => true, () => false);
    if (!appeared) problems.push(`“${tip.column}”列的“${tip.text.slice(0, 24)}”以省略号截断，但没有 title 或悬停提示`);
    await page.mouse.move(0, 0);
  }
  return problems;
}

for (const lang of LANGUAGES) {
  test(`${lang}，1366px：各角色菜单里每个列表界面的筛选栏、表头、编号与单元格不重叠、不截断`, async ({ page, context, baseURL }, testInfo) => {
    test.setTimeout(1_500_000);
    const started = Date.now();
    await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
    const checked = new Set<string>();
    const report: string[] = [];
    let tables = 0;
    for (const account of ROLES) {
      await context.clearCookies({ name: 'Access-Token' });
      await apiLogin(page, account, passwordOf(account));
      await page.goto(WORKPLACE);
      const leaves = (await screenLeaves(page)).filter((leaf) => !checked.has(leaf.path));
      if (account === ROLES[0]) await expect(page.locator('html')).toHaveAttribute('lang', lang);
      // 逐页量（不并行开几个页面：后台页面里 antd 的滚动阴影等测量不及时，会误报）
      for (const leaf of leaves) {
        checked.add(leaf.path);
        // 悬停提示只在中文下看一遍（与语言无关，省一半时间）
        const problems = await checkLeaf(page, leaf, { hoverTips: lang === 'zh-CN' });
        if (problems === null) continue;
        tables++;
        for (const text of problems) report.push(`${account} ${leaf.title}（${leaf.path}）：${text}`);
        if (SHOTS.has(leaf.component)) await page.screenshot({ path: testInfo.outputPath(`layout-${lang}-${leaf.component}.png`) });
      }
    }
    console.log(`[layout] ${lang}：${checked.size} 个菜单界面，其中 ${tables} 个有表格，用时 ${Math.round((Date.now() - started) / 1000)} 秒`);
    expect(tables, '应检查到列表界面').toBeGreaterThan(50);
    expect([...new Set(report)]).toEqual([]);
  });
}

/** 英文界面在默认的 1440 宽：列标题、选项文字与操作按钮都更长，列宽按译文估算（1366 由上面的遍历查过） */
const ENGLISH_SCREENS = ['/system/user', '/system/role', '/system/resource', '/system/ops/log', '/org/account', '/org/department', '/evaluation/base/job', '/evaluation/filing/audit', '/evaluation/personnel/assessor', '/system/ops/device'];

for (const width of [1440]) {
  test(`English, ${width}px：几个列表界面的列不被操作列盖住、不截断`, async ({ page, context, baseURL }, testInfo) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: 768 });
    await context.addCookies([{ name: 'lang', value: 'en-US', url: baseURL! }]);
    await apiLogin(page, ADMIN.account, ADMIN.password);
    const report: string[] = [];
    for (const path of ENGLISH_SCREENS) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
      const content = page.locator('main, .ant-layout-content').first();
      await expect(content.locator('.ant-table-wrapper .ant-spin-spinning')).toHaveCount(0);
      await expect(content.locator('.ant-table-wrapper tbody tr.ant-table-row, .ant-table-wrapper .ant-empty').first()).toBeVisible();
      const { problems } = await page.evaluate(measureLayout, { minGap: MIN_GAP, tolerance: TOLERANCE });
      // 表头：英文标题不被操作列盖住（表头单元格的文字右缘不越过固定列的左缘）
      const covered = await page.evaluate(() => {
        const out: string[] = [];
        for (const table of document.querySelectorAll('.ant-table-wrapper')) {
          const fixed = [...table.querySelectorAll('thead .ant-table-cell-fix-right, thead .ant-table-cell-fix-end')];
          if (!fixed.length) continue;
          const body = table.querySelector('.ant-table-body, .ant-table-content');
          if (body && body.scrollWidth > body.clientWidth + 1) continue;
          const edge = Math.min(...fixed.map((c) => c.getBoundingClientRect().left));
          for (const th of table.querySelectorAll('thead th')) {
            if (fixed.includes(th)) continue;
            const range = document.createRange();
            range.selectNodeContents(th);
            const r = range.getBoundingClientRect();
            if (r.width > 0 && r.left < edge && r.right > edge + 1) out.push(`表头“${(th.textContent ?? '').trim()}”被操作列盖住 ${Math.round(r.right - edge)}px`);
          }
        }
        return out;
      });
      for (const p of [...problems, ...covered]) report.push(`${path}：${p}`);
      if (path === '/system/user' || path === '/system/role') await page.screenshot({ path: testInfo.outputPath(`layout-en-${width}-${path.split('/').pop()}.png`) });
    }
    expect([...new Set(report)]).toEqual([]);
  });
}

test('侧栏的深色背景拉满整页；换了主色后链接与操作按钮随之变色', async ({ page, context, baseURL }) => {
  await apiLogin(page, ADMIN.account, ADMIN.password);
  // 主色换成薄暮红（布局偏好存在 Cookie 里，服务端首屏即按它渲染）
  const red = '#F5222D';
  await context.addCookies([{ name: 'layout-settings', value: encodeURIComponent(JSON.stringify({ primaryColor: red })), url: baseURL! }]);
  // 系统日志每页 50 条（种子里有备案办理的操作记录），页面远高于视口：侧栏底边与内容区底边齐平
  await page.goto('/system/ops/log');
  const logs = page.locator('.ant-layout-content');
  await expect(logs.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await logs.locator('.ant-pagination-options .ant-select').first().click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText('50 条/页').click();
  await expect.poll(() => logs.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(20);
  const heights = await page.evaluate(() => ({
    sider: document.querySelector('[data-testid="side-menu"]')!.getBoundingClientRect().bottom + window.scrollY,
    page: document.documentElement.scrollHeight,
    viewport: window.innerHeight,
  }));
  expect(heights.page).toBeGreaterThan(heights.viewport * 2);
  expect(heights.sider).toBeGreaterThanOrEqual(heights.page - 1);
  // 滚到底：侧栏的菜单仍在视口里（固定侧栏）
  await page.mouse.wheel(0, heights.page);
  await expect(page.getByTestId('side-menu').getByRole('menuitem', { name: /系统日志$/ })).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('layout-tall-page.png'), fullPage: true });

  await page.goto('/system/resource');
  const list = page.getByTestId('resource-list');
  await expect(list.locator('tbody tr.ant-table-row').first()).toBeVisible();
  const primary = await list.getByTestId('list-search').evaluate((el) => getComputedStyle(el).backgroundColor);
  // 界面上用的是同一色相、加深到 WCAG AA 对比度的颜色（薄暮红原色上的白字只有 4.0:1，docs/ACCESSIBILITY.md）
  const shown = (accessibleToken(red).colorPrimary as string).toLowerCase();
  const hex = (rgb: string) => `#${(rgb.match(/\d+/g) ?? []).slice(0, 3).map((v) => Number(v).toString(16).padStart(2, '0')).join('')}`;
  expect(hex(primary)).toBe(shown);
  const link = await list.getByTestId('row-action-edit').first().evaluate((el) => getComputedStyle(el).color);
  expect(link).toBe(primary);
  // 框架自己的样式取到的也是当前主色（不是写死的蓝色）
  const cssVar = await page.locator('[data-screens]').evaluate((el) => getComputedStyle(el).getPropertyValue('--ant-color-primary').trim().toLowerCase());
  expect(cssVar).toBe(shown);
  await page.screenshot({ path: test.info().outputPath('layout-theme-red.png') });
});

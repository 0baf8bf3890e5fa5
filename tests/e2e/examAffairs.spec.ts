// 考务安排（issue 11 第 2 部分）：评价机构（eval_org）在“考务安排”里选一份处于第 4 步、还有场次考场没有试卷的计划，
// 上传一份离线试卷（PDF），再把试卷分发到一个还没有试卷的考场（机构有题库试卷时用题库组卷，否则用刚上传的离线试卷），
// 列表里该考场显示试卷名称，开考前只显示开放时间。另存 1366×768 与 1440×900 的截图。
import { DEMO_PASSWORD, chooseOption, expect, expectMessage, loginAs, test, type Page, modalWith } from './helpers';

const SUFFIX = Date.now().toString(36);
const PAPER = `端到端离线试卷${SUFFIX}`;

interface Envelope<T> {
  data: T;
}
interface Plan {
  id: number;
  label: string;
  actions: string[];
}
interface Slot {
  paperName: string | null;
  sessionId: number;
}


/** 本机构第 4 步、还有场次考场没分发试卷的计划 */
async function planWithGap(page: Page): Promise<{ plan: Plan; bank: boolean }> {
  const plans = (await (await page.request.post('/api/exaAff/planList', { data: { pageSize: 100 } })).json()) as Envelope<{ list: Plan[] }>;
  for (const plan of plans.data.list.filter((p) => p.actions.includes('paper'))) {
    const slots = (await (await page.request.post('/api/exaAff/getPaperList', { data: { planId: plan.id, pageSize: 100 } })).json()) as Envelope<{ list: Slot[] }>;
    const gap = slots.data.list.find((s) => s.paperName === null);
    if (!gap) continue;
    const bank = (await (await page.request.post('/api/exaAff/bankPapers', { data: { sessionId: gap.sessionId } })).json()) as Envelope<unknown[]>;
    return { plan, bank: bank.data.length > 0 };
  }
  throw new Error('演示数据里没有第 4 步、尚有考场未分发试卷的计划');
}

function pdf(): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${SUFFIX}\ntrailer<</Root 1 0 R>>\n%%EOF\n`);
}

test('评价机构上传离线试卷并把试卷分发到场次的考场', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, 'eval_org', DEMO_PASSWORD);
  const { plan, bank } = await planWithGap(page);
  await page.goto('/evaluation/exam/affairs');
  const screen = page.getByTestId('exam-affairs-screen');
  await expect(screen).toBeVisible();
  await chooseOption(page, screen.getByTestId('affairs-plan-picker').locator('input'), plan.label);
  await expect(screen.getByTestId('affairs-missing')).toContainText('尚未分发试卷');
  await expect(screen.getByTestId('office-view')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: 'test-results/exam-affairs-office-1366.png' });

  // 离线试卷：上传 PDF
  await screen.getByRole('tab', { name: '离线试卷', exact: true }).click();
  const offline = screen.getByTestId('offline-paper-list');
  await offline.getByTestId('list-create').click();
  const nameInput = page.getByLabel('试卷名称', { exact: true });
  const form = modalWith(page, nameInput);
  await nameInput.fill(PAPER);
  await form.locator('input[type=file]').setInputFiles({ name: `${PAPER}.pdf`, mimeType: 'application/pdf', buffer: pdf() });
  await expect(form.locator('.ant-upload-list-item-done, .ant-upload-list-item').first()).toBeVisible({ timeout: 30_000 });
  await form.getByTestId('form-dialog-ok').click();
  await expectMessage(page, '上传成功');
  await expect(offline.locator('tbody tr.ant-table-row').filter({ hasText: PAPER })).toBeVisible();

  // 试卷：分发到一个还没有试卷的考场
  await screen.getByRole('tab', { name: '试卷', exact: true }).click();
  const papers = screen.getByTestId('room-paper-list');
  const row = papers.locator('tbody tr.ant-table-row').filter({ hasText: '未分发' }).first();
  await expect(row).toBeVisible();
  const key = await row.getAttribute('data-row-key');
  await row.getByTestId('row-action-distribute').click();
  const dialog = modalWith(page, page.getByTestId('distribute-dialog'));
  await expect(dialog).toBeVisible();
  let expected = PAPER;
  if (bank) {
    await dialog.getByText('题库组卷').click();
    await dialog.getByTestId('distribute-paper').click();
    const first = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first();
    expected = ((await first.textContent()) ?? '').replace(/（.*$/, '');
    await first.click();
  } else {
    await dialog.getByText('离线试卷', { exact: true }).click();
    await chooseOption(page, dialog.getByTestId('distribute-paper').locator('input'), PAPER);
  }
  await page.screenshot({ path: 'test-results/exam-affairs-distribute.png' });
  await dialog.getByRole('button', { name: /分\s*发/ }).click();
  await expectMessage(page, '分发成功');
  const done = papers.locator(`tbody tr.ant-table-row[data-row-key="${key}"]`);
  await expect(done).toContainText(expected);
  // 开考前：只有开放时间，没有“查看试卷”
  await expect(done.getByTestId('row-action-preview')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/exam-affairs-1366.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/exam-affairs-1440.png' });
});

test('督导员的督导任务、督导意见与考试异常记录只列分派给自己的计划', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, 'supervisor', DEMO_PASSWORD);
  const assigned = (await (await page.request.post('/api/perSuper/listSuperTask', { data: { pageSize: 100 } })).json()) as Envelope<{ list: { planCode: string; supervisors: string }[] }>;
  expect(assigned.data.list.length).toBeGreaterThan(0);
  expect(assigned.data.list.every((t) => t.supervisors.includes('杨帆'))).toBe(true);

  await page.goto('/evaluation/personnel/supervision');
  const tasks = page.getByTestId('supervision-task-list');
  await expect(tasks.locator('tbody tr.ant-table-row').first()).toContainText(assigned.data.list[0].planCode);
  await page.screenshot({ path: 'test-results/supervision-tasks-1366.png' });
  await page.goto('/evaluation/personnel/opinion');
  await expect(page.getByTestId('opinion-list').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/supervision-opinions-1366.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/evaluation/exam/abnormal');
  const records = page.getByTestId('abnormal-list').locator('tbody tr.ant-table-row');
  await expect(records.first()).toBeVisible();
  const codes = new Set(assigned.data.list.map((t) => t.planCode));
  for (const text of await records.locator('td:first-child').allTextContents()) expect(codes.has(text.trim())).toBe(true);
  await page.screenshot({ path: 'test-results/supervision-abnormal-1440.png' });
});

// 题库与试卷（issue 11 第 1 部分）：评价机构（eval_org）打开技能等级认定题库的工作区（知识点树与试题），新增一道单选题；
// 在“试卷管理”里按规则组卷（固定种子），在列表里看到新试卷，预览（按题型分大题、可显示答案）。
// 试卷与试题名称带时间戳，每次运行新建自己的数据，不改演示数据里已有的。
import { DEMO_PASSWORD, chooseOption, expect, expectMessage, loginAs, test } from './helpers';

const SUFFIX = Date.now().toString(36);
const PAPER = `端到端规则组卷${SUFFIX}`;
const STEM = `端到端新增的单选题${SUFFIX}`;

test('题库工作区：知识点树筛选试题，新增一道单选题', async ({ page }) => {
  await loginAs(page, 'eval_org', DEMO_PASSWORD, { expectPath: '/evaluation/question-bank/skill' });
  const banks = page.getByTestId('bank-list');
  await expect(banks).toContainText('技能等级认定题库');
  await banks.locator('tbody tr.ant-table-row').first().getByRole('button', { name: '试题' }).click();

  const workspace = page.getByTestId('bank-workspace');
  const tree = workspace.getByTestId('knowledge-tree');
  await expect(tree).toContainText('基础知识');
  const questions = workspace.getByTestId('question-list');
  await expect(questions.locator('tbody tr.ant-table-row').first()).toBeVisible();
  // 选中一个知识点：列表只剩该知识点的题
  await tree.getByText('职业道德', { exact: true }).click();
  await expect(questions.locator('tbody tr.ant-table-row').first()).toContainText('职业道德');

  await questions.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.getByTestId('form-dialog');
  await chooseOption(page, form.getByLabel('知识点', { exact: true }), '职业道德');
  await form.getByLabel('题干', { exact: true }).fill(STEM);
  const options = form.getByTestId('question-options').locator('input');
  await options.nth(0).fill('遵守操作规程');
  await options.nth(1).fill('凭经验作业');
  await form.getByLabel('答案', { exact: true }).fill('E');
  await page.getByTestId('form-dialog-ok').click();
  // 服务端的字段消息落在“答案”上
  await expect(form).toContainText('答案「E」不在选项中');
  await form.getByLabel('答案', { exact: true }).fill('A');
  await page.getByTestId('form-dialog-ok').click();
  await expectMessage(page, '保存成功');
  await expect(questions).toContainText(STEM);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: 'test-results/question-bank-workspace-1366.png' });
});

test('按规则组卷并预览', async ({ page }) => {
  await loginAs(page, 'eval_org', DEMO_PASSWORD, { expectPath: '/evaluation/question-bank/paper' });
  const list = page.getByTestId('paper-list');
  await expect(list).toContainText('试卷管理');
  await page.getByTestId('paper-compose').click();

  const form = page.getByTestId('compose-form');
  await chooseOption(page, form.getByTestId('paper-bank').getByRole('combobox'), '技能等级认定');
  await expect(form.getByTestId('paper-subject')).toContainText('理论知识');
  await form.getByTestId('paper-name').fill(PAPER);
  await form.getByTestId('compose-seed').fill('E2E1');
  // 默认规则：单选 20 × 1、多选 10 × 2、判断 10 × 1
  await expect(form.getByTestId('compose-total')).toContainText('合计 40 题，50 分');
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: 'test-results/paper-compose-1366.png' });
  await page.getByTestId('compose-ok').click();
  await expectMessage(page, '组卷成功');

  const row = list.locator('tbody tr').filter({ hasText: PAPER });
  await expect(row).toContainText('按规则组卷');
  await expect(row).toContainText('E2E1');
  await row.getByRole('button', { name: '预览' }).click();
  const preview = page.getByTestId('paper-preview');
  await expect(preview).toContainText(PAPER);
  await expect(preview.getByTestId('paper-section-single')).toContainText('一、单项选择题（共 20 题）');
  await expect(preview.getByTestId('paper-section-judge')).toContainText('三、判断题（共 10 题）');
  await expect(preview).not.toContainText('答案：');
  await page.getByTestId('paper-preview-answers').click();
  await expect(page.getByTestId('paper-preview')).toContainText('答案：');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/paper-preview-1440.png' });
});

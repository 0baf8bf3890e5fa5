// 列表的“显示完整信息”（议题 30；components/privacy/useUnmaskList.tsx，各列表共用）：按钮只照服务端分页答复里的 canUnmask 显示，
// 服务端先取的第一页也带着它（一打开就有按钮）；点了先选理由，列表换成全号并标明已记访问日志，“恢复脱敏”回到默认；没有权限的人没有按钮。
// 成绩公示 › 成绩审核 › 合格考生同样接入：市级管理员看全后，系统管理员在个人信息访问日志里看到这次查看。
import type { Locator } from '@playwright/test';
import { chooseUnmaskReason, ADMIN, DEMO_PASSWORD, api, clickRowAction, expect, loginAs, rowOf, test, type Page } from './helpers';


/** 点“显示完整信息”，先不选理由被拦下，再选一个理由确定 */
async function unmaskWithReason(page: Page, list: Locator, reason: string) {
  await list.getByTestId('list-unmask').click();
  await chooseUnmaskReason(page, reason);
}

/** 列表第一行里身份证号那一格（按表头找列） */
async function firstIdCell(list: Locator): Promise<Locator> {
  await expect(list.locator('tbody tr.ant-table-row').first()).toBeVisible();
  const headers = await list.locator('thead th').allInnerTexts();
  const column = headers.findIndex((h) => h.includes('身份证号'));
  expect(column, '列表有身份证号一列').toBeGreaterThanOrEqual(0);
  return list.locator('tbody tr.ant-table-row').first().locator('td').nth(column);
}

test('考评员管理：第一页就带着 canUnmask；选理由后看全，恢复脱敏回到默认', async ({ page }) => {
  await loginAs(page, 'sjz_admin', DEMO_PASSWORD);
  await page.goto('/evaluation/personnel/assessor');
  const list = page.getByTestId('list-screen');
  const id = await firstIdCell(list);
  await expect(id).toContainText('*');
  await expect(list.getByTestId('list-unmask')).toBeVisible();
  await expect(list.getByTestId('list-export-full')).toBeVisible();
  await unmaskWithReason(page, list, '核对身份');
  await expect(list.getByTestId('unmask-shown')).toBeVisible();
  await expect(id).toHaveText(/^\d{17}[\dX]$/);
  await list.getByTestId('list-mask').click();
  await expect(list.getByTestId('unmask-shown')).toHaveCount(0);
  await expect(id).toContainText('*');
});

test('师资审核：市级管理员（teacher.unmask）有按钮；培训机构的师资库没有（没有 teacher.unmask）', async ({ page }) => {
  await loginAs(page, 'sjz_admin', DEMO_PASSWORD);
  await page.goto('/train/teacher/audit');
  await expect(page.getByTestId('teacher-audit-list').getByTestId('list-unmask')).toBeVisible();

  await loginAs(page, 'train_org', DEMO_PASSWORD);
  await page.goto('/train/teacher/list');
  const list = page.getByTestId('teacher-list');
  await expect(list.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(list.getByTestId('list-unmask')).toHaveCount(0);
  await expect(list.getByTestId('list-export-full')).toHaveCount(0);
});

test('成绩公示 › 合格考生：评价机构没有按钮；市级管理员选理由后看全并记访问日志', async ({ page }) => {
  test.setTimeout(120_000);
  // 评价机构自己的、已出合格考生的计划（所在市的市级管理员也看得到）
  await loginAs(page, 'eval_org', DEMO_PASSWORD);
  const { list: plans } = await api<{ list: { id: number; code: string; name: string; totals: { passed: number } }[] }>(page, 'POST', '/exaPlanAudit/selectPlanScoreList', { pendingOnly: false, pageSize: 100 });
  const plan = plans.find((p) => p.totals.passed > 0)!;
  expect(plan, '演示数据里评价机构有已出合格考生的计划').toBeTruthy();

  const openPassed = async () => {
    await page.goto('/evaluation/exam/publicity');
    const audit = page.getByTestId('score-audit-list');
    await audit.getByPlaceholder('请输入计划编号').fill(plan.code);
    await audit.getByRole('button', { name: /查\s*询/ }).click();
    await clickRowAction(page, rowOf(audit, plan.code), 'cert');
    const passed = page.getByTestId('passed-list');
    await expect(passed.locator('tbody tr.ant-table-row').first()).toBeVisible();
    return passed;
  };

  const own = await openPassed();
  await expect(await firstIdCell(own)).toContainText('*');
  await expect(own.getByTestId('list-unmask')).toHaveCount(0);

  await loginAs(page, 'sjz_admin', DEMO_PASSWORD);
  const passed = await openPassed();
  const id = await firstIdCell(passed);
  await expect(id).toContainText('*');
  await unmaskWithReason(page, passed, '审计检查');
  await expect(passed.getByTestId('unmask-shown')).toBeVisible();
  await expect(id).toHaveText(/^\d{17}[\dX]$/);

  await loginAs(page, ADMIN.account, ADMIN.password);
  await page.goto('/system/ops/data-access-log');
  const entry = rowOf(page.getByTestId('data-access-log'), `合格考生名单 ${plan.name}`).first();
  await expect(entry).toContainText('sjz_admin');
  await expect(entry).toContainText('审计检查');
  await expect(entry).toContainText('查看');
});

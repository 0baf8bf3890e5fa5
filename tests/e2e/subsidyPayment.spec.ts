// 补贴（issue 26）：开班机构在财务审批通过的申请上打印公示海报；生活交通补贴申请表带出同一人此前给过的银行信息；
// 财务的拨付名单证件号默认脱敏，市级管理员选理由后看全，系统管理员在个人信息访问日志里看到这次查看。
import { chooseUnmaskReason, api, ADMIN, DEMO_PASSWORD, chooseOption, clickRowAction, expect, loginAs, rowOf, test, modalWith } from './helpers';

const SHOTS = 'test-results';


interface ApplyRow {
  id: number;
  code: string;
  status: number;
  actions: string[];
}

test('开班机构：已拨付的申请行上有“公示海报”，下载得到 PDF', async ({ page }) => {
  await loginAs(page, 'train_org', DEMO_PASSWORD);
  const { list } = await api<{ list: ApplyRow[] }>(page, 'POST', '/subsidy/listApply', { kind: 'train', step: 'apply', status: 6, pageSize: 10 });
  const paid = list.find((r) => r.actions.includes('poster'))!;
  expect(paid).toBeTruthy();
  await page.goto('/subsidy/train/apply');
  const screen = page.getByTestId('subsidy-train-apply');
  const row = rowOf(screen, paid.code);
  await expect(row).toBeVisible();
  const download = page.waitForEvent('download');
  await clickRowAction(page, row, 'poster');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^\d{14}\.pdf$/); // SPEC §9：文件名为时间戳
  // 草稿的行上没有
  const draft = list.find((r) => r.status === 0);
  if (draft) await expect(rowOf(screen, draft.code).getByTestId('row-action-poster')).toHaveCount(0);
});

test('生活交通补贴申请：选了班，此前给过银行信息的学员自动带出', async ({ page }) => {
  await loginAs(page, 'train_org', DEMO_PASSWORD);
  const [klass] = await api<{ id: number; label: string }[]>(page, 'GET', '/subsidy/eligibleClasses', { kind: 'living' });
  const students = await api<{ id: number; lastBank: { bankName: string | null; bankAccount: string } | null }[]>(page, 'GET', '/subsidy/classStudents', { classId: String(klass.id) });
  const known = students.slice(0, 10).find((s) => s.lastBank)!;
  expect(known, '演示班的前十名里有人在演示批次里给过银行账号').toBeTruthy();
  await page.goto('/subsidy/living/apply');
  await page.getByTestId('subsidy-new').click();
  const form = modalWith(page, page.getByTestId('apply-students'));
  await chooseOption(page, form.getByTestId('apply-class').getByRole('combobox'), klass.label.slice(0, 14));
  await expect(form.getByTestId(`bank-${known.id}`)).toHaveValue(known.lastBank!.bankAccount);
  await page.screenshot({ path: `${SHOTS}/living-bank-prefill.png` });
});

test('拨付名单：默认脱敏；市级管理员选理由后看全；系统管理员在访问日志里看到', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'sjz_admin', DEMO_PASSWORD);
  const { list } = await api<{ list: ApplyRow[] }>(page, 'POST', '/subsidy/listApply', { kind: 'train', step: 'finance', status: 5, pageSize: 10 });
  const approved = list[0];
  expect(approved).toBeTruthy();
  await page.goto('/subsidy/train/finance');
  const row = rowOf(page.getByTestId('subsidy-finance'), approved.code);
  await clickRowAction(page, row, 'payment');
  const dialog = modalWith(page, page.getByTestId('payment-masked'));
  await expect(dialog.getByTestId('payment-masked')).toHaveText('证件号已脱敏');
  const firstId = dialog.locator('tbody tr.ant-table-row').first().locator('td').nth(2);
  await expect(firstId).toContainText('*');
  await dialog.getByTestId('payment-unmask').click();
  await chooseUnmaskReason(page, '银行拨付');
  await expect(dialog.getByTestId('payment-masked')).toHaveText('显示完整证件号（已记访问日志）');
  await expect(firstId).not.toContainText('*');
  await expect(firstId).toHaveText(/^\d{17}[\dX]$/);
  await page.screenshot({ path: `${SHOTS}/payment-unmasked.png` });

  await loginAs(page, ADMIN.account, ADMIN.password);
  await page.goto('/system/ops/data-access-log');
  const log = page.getByTestId('data-access-log');
  const entry = rowOf(log, `拨付名单 ${approved.code}`).first();
  await expect(entry).toContainText('sjz_admin');
  await expect(entry).toContainText('银行拨付');
  await expect(entry).toContainText('查看');
});

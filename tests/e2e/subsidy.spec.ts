// 补贴（issue 14）：明德培训学校（train_org）为已考核的班申请培训补贴（三名学员，其中一名已在演示数据的已拨付批次里）并提交；
// 石家庄市管理员在“补贴审批”里看到这名学员被核查为重复享受，逐人不同意（写原因）后通过其余学员；省级二级审批通过；
// 市级财务审批通过，资金账户的可用余额随之减少批准金额，年度目标的补贴资金完成数随之增加。两个用例接力同一份申请，故串行。
import { api, ADMIN, DEMO_PASSWORD, chooseOption, clickRowAction, confirmDialog, expect, expectMessage, loginAs, rowOf, test, type Page, modalWith } from './helpers';
import { formatMoney } from '@/components/list/values';

const run: { code?: string; dupName?: string; cityId?: number; year?: number } = {};

interface Student {
  id: number;
  name: string;
  attendedHours: number | null;
  completionName: string;
}

/** 打开一行的办理弹窗，办理一步 */
async function handle(page: Page, path: string, testId: string, act: string) {
  await page.goto(path);
  const list = page.getByTestId(testId);
  const row = rowOf(list, run.code!);
  await expect(row).toBeVisible();
  await clickRowAction(page, row, 'handle');
  const dialog = modalWith(page, page.getByTestId('apply-review'));
  await expect(dialog).toBeVisible();
  return { dialog, act: () => dialog.getByTestId(`act-${act}`).click() };
}

test.describe.serial('补贴：申请、核查、三级审批与资金', () => {
  test('培训机构为已考核的班申请补贴并提交', async ({ page }) => {
    test.setTimeout(90_000);
    await loginAs(page, 'train_org', DEMO_PASSWORD);
    const [klass] = await api<{ id: number; label: string }[]>(page, 'GET', '/subsidy/eligibleClasses', { kind: 'train' });
    const students = await api<Student[]>(page, 'GET', '/subsidy/classStudents', { classId: String(klass.id) });
    const dup = students[0];
    const fresh = students.slice(70).filter((s) => s.completionName === '结业').slice(0, 2);
    run.dupName = dup.name;

    await page.goto('/subsidy/train/apply');
    await page.getByTestId('subsidy-new').click();
    const form = modalWith(page, page.getByTestId('apply-students'));
    await chooseOption(page, form.getByTestId('apply-class').getByRole('combobox'), klass.label.slice(0, 14));
    const table = form.getByTestId('apply-students');
    const pick = async (s: Student) => {
      const row = table.locator(`tr[data-row-key="${s.id}"]`);
      await row.locator('.ant-checkbox-input').check();
      await form.getByTestId(`bank-${s.id}`).fill(`621700000000${String(s.id).padStart(6, '0')}`);
    };
    await pick(dup);
    // 第 71 名起的学员不在演示批次里：翻到第 8 页
    for (let i = 0; i < 7; i++) await form.locator('.ant-pagination-next').click();
    await expect(form.locator('.ant-pagination-item-active')).toHaveText('8');
    for (const s of fresh) await pick(s);
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.locator('.ant-message-notice').filter({ hasText: '已保存申请' }).last()).toBeVisible();
    const mine = await api<{ list: { code: string; status: number }[] }>(page, 'POST', '/subsidy/listApply', { kind: 'train', step: 'apply', status: 0 });
    run.code = mine.list[0].code;

    const { act } = await handle(page, '/subsidy/train/apply', 'subsidy-train-apply', 'submit');
    await act();
    await expect(rowOf(page.getByTestId('subsidy-train-apply'), run.code)).toContainText('待市级审核');
  });

  test('市级驳回重复的学员、通过其余的；省级二级审批；市级财务审批，资金账户余额减少', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAs(page, 'sjz_admin', DEMO_PASSWORD);
    const accounts = await api<{ list: { id: number; cityId: number; year: number; available: number }[] }>(page, 'POST', '/fundAccount/list', {});
    const { dialog, act } = await handle(page, '/subsidy/train/approve', 'subsidy-train-audit', 'cityApprove');
    await expect(dialog.getByTestId('apply-flag-alert')).toBeVisible();
    const dupRow = dialog.locator('tr.ant-table-row').filter({ hasText: run.dupName! });
    await expect(dupRow).toContainText('同工种同等级的培训补贴');
    await dupRow.locator('.ant-checkbox-input').check();
    await dialog.getByTestId('decide-reason').fill('已享受过同工种同等级的培训补贴');
    await dialog.getByTestId('decide-reject').click();
    await expect(dupRow).toContainText('不同意');
    await act();
    const row = rowOf(page.getByTestId('subsidy-train-audit'), run.code!);
    await page.getByTestId('subsidy-train-audit').getByRole('combobox').first().click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: '全部' }).click();
    await page.getByTestId('subsidy-train-audit').getByRole('button', { name: /查\s*询/ }).click();
    await expect(row).toContainText('待二级审批');
    const approved = (await api<{ list: { code: string; approvedAmount: number; year: number; cityId: number }[] }>(page, 'POST', '/subsidy/listApply', { kind: 'train', step: 'search', code: run.code })).list[0];
    expect(approved.approvedAmount).toBeGreaterThan(0);

    await loginAs(page, ADMIN.account, ADMIN.password);
    await (await handle(page, '/subsidy/train/review', 'subsidy-train-review', 'reviewApprove')).act();
    await expect(page.locator('.ant-message-notice').filter({ hasText: '待财务审批' }).last()).toBeVisible();

    await loginAs(page, 'sjz_admin', DEMO_PASSWORD);
    const account = accounts.list.find((a) => a.cityId === approved.cityId && a.year === approved.year)!;
    const targetOf = async () =>
      (await api<{ list: { countyId: number | null; cityId: number; actualSubsidy: number; budget: number }[] }>(page, 'POST', '/annualTarget/list', { year: approved.year })).list.find((t) => t.countyId === null && t.cityId === approved.cityId)!;
    const target = await targetOf();
    await (await handle(page, '/subsidy/train/finance', 'subsidy-finance', 'financeApprove')).act();
    await expect(page.locator('.ant-message-notice').filter({ hasText: '已批准待拨付' }).last()).toBeVisible();
    await page.goto('/subsidy/fund-account');
    // 金额按千分位、两位小数显示
    const accountRow = rowOf(page.getByTestId('fund-account-list'), String(account.year)).filter({ hasText: formatMoney(account.available - approved.approvedAmount) });
    await expect(accountRow).toBeVisible();
    // 年度目标的补贴资金完成数随之增加
    await page.goto('/subsidy/standard/annual-target');
    await expect(page.getByTestId('annual-target-list')).toContainText(`${formatMoney(target.actualSubsidy + approved.approvedAmount)} / ${formatMoney(target.budget)}`);
  });
});

test('台账：机构登记已结业的班并提交，市级审批通过，查询里为已审批、明细逐人列出', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'train_org', DEMO_PASSWORD);
  const [klass] = await api<{ id: number; code: string; label: string }[]>(page, 'GET', '/standingBook/eligibleClasses');
  await page.goto('/train/ledger/manage');
  const manage = page.getByTestId('standing-book-manage');
  await manage.getByTestId('list-create').click();
  const form = page.getByTestId('form-dialog');
  await chooseOption(page, form.getByRole('combobox').first(), klass.code);
  await form.getByRole('textbox').fill('按签到表登记');
  await page.getByTestId('form-dialog-ok').click();
  await expectMessage(page, '已登记');
  const row = rowOf(manage, klass.code);
  await expect(row).toContainText('草稿');
  await clickRowAction(page, row, 'submit');
  await confirmDialog(page, '提交前将按班级实际情况重新汇总');
  await expect(row).toContainText('待审批');

  await loginAs(page, 'sjz_admin', DEMO_PASSWORD);
  await page.goto('/train/ledger/approve');
  const approve = page.getByTestId('standing-book-approve');
  const pending = rowOf(approve, klass.code);
  await clickRowAction(page, pending, 'approve');
  await page.getByTestId('form-dialog').getByRole('textbox').fill('台账与签到表一致');
  await page.getByTestId('form-dialog-ok').click();
  await expect(pending).toBeHidden();

  await page.goto('/train/ledger/search');
  const search = page.getByTestId('standing-book-search');
  const done = rowOf(search, klass.code);
  await expect(done).toContainText('已审批');
  await expect(done).toContainText('台账与签到表一致');
  await clickRowAction(page, done, 'view');
  const detail = page.getByTestId('standing-book-detail');
  await expect(detail.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(detail.locator('tbody tr.ant-table-row').first()).toContainText('*');
  await page.screenshot({ path: '/tmp/pw-sub/standing-book-detail.png' });
});

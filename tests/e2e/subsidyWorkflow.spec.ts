// issue 27 的两处走查：
// 1. 生活交通补贴到了待财务审批，石家庄市管理员在“财务审批”（两种补贴都在这里）里办理财务审批通过，再登记拨付；
// 2. 省级管理员在“年度目标任务”的弹窗里新建一条年度目标（选市），再修改它，然后下达。
import { api, ADMIN, DEMO_PASSWORD, clickRowAction, confirmDialog, expect, loginAs, rowOf, test, modalWith } from './helpers';


interface ApplyRow {
  id: number;
  code: string;
  kind: string;
  cityId: number | null;
  status: number;
  actions: string[];
}

const run: { code?: string } = {};

test.describe.serial('生活交通补贴的财务审批与拨付', () => {
  test('省级二级审批通过一份石家庄的生活交通补贴申请', async ({ page }) => {
    await loginAs(page, ADMIN.account, ADMIN.password);
    const { list } = await api<{ list: ApplyRow[] }>(page, 'POST', '/subsidy/listApply', { kind: 'living', step: 'review', pageSize: 50 });
    const pending = list.find((r) => r.cityId === 130100 && r.actions.includes('reviewApprove'));
    const later = list.find((r) => r.cityId === 130100 && r.status === 4);
    const target = pending ?? later;
    expect(target, '演示数据里石家庄有一份待二级审批的生活交通补贴').toBeTruthy();
    if (pending) await api(page, 'POST', '/subsidy/updateApplyStatus', { id: pending.id, action: 'reviewApprove', opinion: '同意' });
    run.code = target!.code;
  });

  test('市级财务在“财务审批”里看到这份生活交通补贴，审批通过并登记拨付', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAs(page, 'sjz_admin', DEMO_PASSWORD);
    const open = async () => {
      await page.goto('/subsidy/train/finance');
      const list = page.getByTestId('subsidy-finance');
      const row = rowOf(list, run.code!);
      await expect(row).toBeVisible();
      await expect(row).toContainText('生活交通补贴');
      await clickRowAction(page, row, 'handle');
      const dialog = modalWith(page, page.getByTestId('apply-review'));
      await expect(dialog).toBeVisible();
      return { row, dialog };
    };
    const first = await open();
    await expect(first.row).toContainText('待财务审批');
    await first.dialog.getByTestId('apply-opinion').fill('资金已落实，同意');
    await first.dialog.getByTestId('act-financeApprove').click();
    await expect(page.locator('.ant-message-notice').filter({ hasText: '已批准待拨付' }).last()).toBeVisible();

    const second = await open();
    await expect(second.row).toContainText('已批准待拨付');
    await second.dialog.getByTestId('act-pay').click();
    await expect(page.locator('.ant-message-notice').filter({ hasText: '已拨付' }).last()).toBeVisible();
    const { list } = await api<{ list: ApplyRow[] }>(page, 'POST', '/subsidy/listApply', { step: 'finance', code: run.code, pageSize: 10 });
    expect(list.map((r) => [r.kind, r.status])).toEqual([['living', 6]]);
  });
});

test.describe('年度目标任务', () => {
  test('省级在弹窗里新建一条年度目标（选市），修改后下达', async ({ page }) => {
    test.setTimeout(120_000);
    // 演示数据没有的年度（重试时换一个，不与上一次的撞上每市每年度一条）
    const year = 2040 + Math.floor(Math.random() * 50);
    await loginAs(page, ADMIN.account, ADMIN.password);
    await page.goto('/subsidy/standard/annual-target');
    const list = page.getByTestId('annual-target-list');
    await expect(list).toBeVisible();
    await list.getByTestId('list-create').click();
    const form = page.getByTestId('form-dialog');
    await expect(form).toBeVisible();
    await form.getByLabel('年度').fill(String(year));
    await form.locator('#region').click();
    await page.getByRole('menuitemcheckbox', { name: '河北省' }).click();
    await page.getByRole('menuitemcheckbox', { name: '石家庄市' }).click();
    await page.keyboard.press('Escape');
    await expect(form.locator('.ant-cascader')).toContainText('河北省 / 石家庄市');
    await form.getByLabel('培训人数').fill('1200');
    await form.getByLabel('取证人数').fill('800');
    await form.getByLabel('补贴资金（元）').fill('500000');
    await page.getByTestId('form-dialog-ok').click();
    await expect(form).toBeHidden();

    // 列表按年度倒序：新建的这一年在最前面
    const row = rowOf(list, '石家庄市').filter({ hasText: String(year) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('/ 1,200'); // 完成数 / 目标，千分位
    await expect(row).toContainText('草稿');

    await clickRowAction(page, row, 'edit');
    const edit = page.getByTestId('form-dialog');
    await expect(edit.getByLabel('培训人数')).toHaveValue('1200');
    await expect(edit.locator('.ant-cascader')).toContainText('石家庄市');
    await edit.getByLabel('培训人数').fill('1500');
    await page.getByTestId('form-dialog-ok').click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('/ 1,500');

    await clickRowAction(page, row, 'issue');
    await confirmDialog(page, '下达后下级即可看到');
    await expect(row).toContainText('已下达');
  });
});

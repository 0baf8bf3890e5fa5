// 机构备案（issue 5）：评价机构在职业资格备案里经工种选择器选两个工种、保存并提交；市级管理员驳回须填意见、填意见后初审通过；
// 省级管理员复审通过；机构看到“审核完成”、办理历史与铃铛消息；免登录的公开页显示摘要。
// 另有督导员导入：一行身份证号有误时弹窗列出行号与原因，一个人也不建。
// 各步骤接力同一份备案，故串行。种子里评价机构（eval_org）的职业资格备案是空的；开发库里若有以前运行留下的，
// 先经接口把它走完作废流程（或删除未提交的），不依赖之前运行的数据。
import { request, type APIRequestContext, type Locator } from '@playwright/test';
import { idCheckChar } from '@/lib/platform/identity/id-number';
import { ADMIN, DEMO_PASSWORD, chooseOption, expect, expectMessage, loginAs, test, type Page, importExpectingRowError, workbookFromTemplate, clickRowAction, rowOf, modalWith } from './helpers';

const SHOTS = 'test-results';
const SUFFIX = Date.now().toString(36);
const KIND = 1; // 职业资格
const WORKS = [
  { name: '电工', code: '6-31-01-03' },
  { name: '焊工', code: '6-18-02-04' },
] as const;
const CITY_OPINION = `材料齐全，同意初审（${SUFFIX}）`;
const PROVINCE_OPINION = `复审通过，准予备案（${SUFFIX}）`;
const CITY_ADMIN = { account: 'sjz_admin', password: DEMO_PASSWORD };
const ORG = { account: 'eval_org', password: DEMO_PASSWORD };

interface Envelope<T> {
  returnCode: number;
  returnMsg: string;
  data: T;
}

interface FilingRow {
  id: number;
  code: string;
  /** 公示页的地址码（备案生效后才有） */
  publicCode: string | null;
  orgName: string;
  status: number;
  workCount: number;
}

/** 本次运行建的备案（a 中建立，后续用例接力） */
let filing: FilingRow | null = null;
const current = (): FilingRow => {
  expect(filing, '需要先运行“评价机构新建并提交职业资格备案”').not.toBeNull();
  return filing!;
};

// ---------- 接口（准备数据与核对结果） ----------

async function apiAs(account: string, password: string): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL: test.info().project.use.baseURL });
  const res = await ctx.post('/api/user/login', { data: { account, password } });
  expect(res.status(), `${account} 登录`).toBe(200);
  return ctx;
}

async function call<T>(ctx: APIRequestContext | Page['request'], path: string, data: unknown): Promise<T> {
  const res = await ctx.post(`/api${path}`, { data });
  const body = (await res.json()) as Envelope<T>;
  expect(body.returnCode, `${path}：${body.returnMsg}`).toBe(200);
  return body.data;
}

const qualificationFilings = async (ctx: APIRequestContext | Page['request']) =>
  (await call<{ list: FilingRow[] }>(ctx, '/fil/view/filView', { kind: KIND, pageNo: 1, pageSize: 100 })).list;

/**
 * 以前运行留下的本机构职业资格备案（未作废的）：未提交过的删除，其余按转换表走到“已作废”
 * （提交 → 初审通过 → 复审通过 → 申请作废 → 同意作废 → 确认作废），之后才能新建。
 */
async function clearOldFilings() {
  const org = await apiAs(ORG.account, ORG.password);
  const city = await apiAs(CITY_ADMIN.account, CITY_ADMIN.password);
  const province = await apiAs(ADMIN.account, ADMIN.password);
  try {
    for (const old of (await qualificationFilings(org)).filter((f) => f.status !== 6)) {
      for (let step = 0; step < 10; step++) {
        const status = (await qualificationFilings(org)).find((f) => f.id === old.id)?.status;
        if (status === undefined || status === 6) break;
        const review = (ctx: APIRequestContext) => call(ctx, '/filInfoAudit/updateStatus', { id: old.id, result: 'pass', opinion: 'e2e 清理' });
        if (status === -1) await call(org, '/fil/info/delFilInfo', { id: old.id });
        else if ([1, 3].includes(status)) await call(org, '/fil/modify/submitAudit', { id: old.id });
        else if ([7, 8].includes(status)) await call(org, '/fil/modify/voidApply', { id: old.id, opinion: 'e2e 清理' });
        else if ([0, 4].includes(status)) await review(city);
        else if ([2, 5].includes(status)) await review(province);
      }
    }
    expect((await qualificationFilings(org)).filter((f) => f.status !== 6)).toEqual([]);
  } finally {
    await Promise.all([org.dispose(), city.dispose(), province.dispose()]);
  }
}

// ---------- 界面操作 ----------

/** 顶部菜单进入一级分组，再在侧边菜单点开（各级）子项 */
async function openMenu(page: Page, group: string, ...path: string[]) {
  await page.getByTestId('top-menu').getByRole('menuitem', { name: new RegExp(`${group}$`) }).click();
  const side = page.getByTestId('side-menu');
  await expect(side).toBeVisible();
  for (const [i, title] of path.entries()) {
    if (i === path.length - 1) {
      await side.getByRole('menuitem', { name: new RegExp(`${title}$`) }).click();
    } else {
      const sub = side.locator('.ant-menu-submenu').filter({ has: page.locator('.ant-menu-submenu-title', { hasText: title }) });
      if (!(await sub.evaluate((el) => el.classList.contains('ant-menu-submenu-open')))) await sub.locator('.ant-menu-submenu-title').click();
    }
  }
}

/** 打开的弹窗（按其中的内容找） */

/** 工种选择器：按名称搜索，点“选择” */
async function pickWork(dialog: Locator, work: (typeof WORKS)[number]) {
  await dialog.getByTestId('work-picker-search').locator('input').fill(work.name);
  await dialog.getByTestId('work-picker-search').locator('input').press('Enter');
  const pick = dialog.getByTestId(`work-pick-${work.code}`);
  await expect(pick).toBeVisible();
  await expect(dialog.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await pick.click();
}

/** 审核列表里打开某备案的审核弹窗 */
async function openReview(page: Page, code: string): Promise<Locator> {
  const list = page.getByTestId('filing-audit-list');
  const row = rowOf(list, code);
  await expect(row).toHaveCount(1);
  await clickRowAction(page, row, 'review');
  const dialog = modalWith(page, page.getByTestId('review-result'));
  await expect(dialog).toContainText(`审核：${current().orgName} 职业资格备案`);
  return dialog;
}

test.describe.serial('机构备案：新建、提交、两级审核、历史与公开页', () => {
  test.beforeAll(async () => {
    await clearOldFilings();
  });

  test('a. 评价机构新建职业资格备案：选择器里选两个工种（重复选择提示已添加），保存并提交，状态为待初审', async ({ page }) => {
    await loginAs(page, ORG.account, ORG.password);
    await openMenu(page, '评价业务', '机构备案', '职业资格备案');
    await expect(page).toHaveURL(/\/evaluation\/filing\/qualification$/);
    const list = page.getByTestId('filing-list');
    await expect(list).toContainText('职业资格备案');

    await list.getByTestId('list-create').click();
    const form = modalWith(page, page.getByTestId('form-dialog'));
    await expect(form).toContainText('新建职业资格备案');
    await chooseOption(page, form.getByLabel('机构类型'), '社会培训评价组织');
    await form.getByLabel('联系人').fill('陈静');
    await form.getByLabel('联系电话').fill('13912345678');
    await form.getByLabel('地址').fill('石家庄市长安区中山东路 1 号');

    // 不选工种不能保存
    await form.getByTestId('form-dialog-ok').click();
    await expect(form).toContainText('请选择备案工种');

    // 工种选择器：按名称搜索，每行“选择”；同一工种再选提示“已添加”
    await form.getByTestId('work-picker-open').click();
    const picker = page.locator('.ant-modal').filter({ has: page.getByTestId('work-picker-search') });
    await expect(picker).toContainText('选择备案工种');
    await pickWork(picker, WORKS[0]);
    await pickWork(picker, WORKS[1]);
    await picker.getByTestId(`work-pick-${WORKS[1].code}`).click();
    await expectMessage(page, '已添加');
    await expect(picker).toContainText(WORKS[0].name);
    await page.screenshot({ path: `${SHOTS}/filing-picker.png` });
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await expect(picker).toBeHidden();
    for (const w of WORKS) await expect(form.getByTestId(`work-tag-${w.code}`)).toHaveText(w.name);
    await page.screenshot({ path: `${SHOTS}/filing-form.png` });

    await form.getByTestId('form-dialog-ok').click();
    await expect(form).toBeHidden();
    await expectMessage(page, '保存成功');

    // 新备案：未备案，两个工种
    const mine = (await qualificationFilings(page.request)).filter((f) => f.status !== 6);
    expect(mine).toHaveLength(1);
    filing = mine[0];
    expect(filing.status).toBe(-1);
    const row = rowOf(list, filing.code);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('filing-status--1')).toHaveText('未备案');
    expect(filing.workCount).toBe(2);

    // 场所与人员：在“考点”页签新增一个考点；证件号不对的考务人员被拦下
    await clickRowAction(page, row, 'data');
    const data = page.getByTestId('filing-data');
    await expect(modalWith(page, data)).toContainText('场所与人员');
    await data.getByRole('tab', { name: '考点' }).click();
    const sites = data.getByTestId('filing-data-examSite');
    await sites.getByTestId('list-create').click();
    const siteForm = modalWith(page, page.getByTestId('form-dialog'));
    await siteForm.getByLabel('名称').fill('华元评价第一考点');
    await siteForm.getByLabel('地址').fill('石家庄市长安区中山东路 1 号三楼');
    await siteForm.getByTestId('form-dialog-ok').click();
    await expect(siteForm).toBeHidden();
    await expect(sites.locator('.ant-table-row').filter({ hasText: '华元评价第一考点' })).toHaveCount(1);
    await data.getByRole('tab', { name: '考务人员' }).click();
    const staff = data.getByTestId('filing-data-examStaff');
    await staff.getByTestId('list-create').click();
    const staffForm = modalWith(page, page.getByTestId('form-dialog'));
    await staffForm.getByLabel('姓名').fill('赵明');
    await staffForm.getByLabel('身份证号').fill('130102199001011235');
    await staffForm.getByLabel('手机号').fill('13912345670');
    await staffForm.getByTestId('form-dialog-ok').click();
    await expect(staffForm).toContainText('身份证号校验位不正确');
    await staffForm.getByRole('button', { name: /取\s*消/ }).click();
    await page.screenshot({ path: `${SHOTS}/filing-data.png` });
    await modalWith(page, data).locator('.ant-modal-close').click();
    await expect(data).toBeHidden();

    // 提交审核：先确认
    await clickRowAction(page, row, 'submit');
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm).toContainText(`确定提交备案 ${filing.code} 吗？提交后不能修改。`);
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await expectMessage(page, '已提交，等待市级初审');
    await expect(row.getByTestId('filing-status-0')).toHaveText('待初审');
    // 审核中：不能再编辑、删除或提交
    for (const key of ['edit', 'delete', 'submit']) await expect(row.getByTestId(`row-action-${key}`)).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/filing-submitted.png` });
  });

  test('b. 市级管理员：驳回不填意见被拦下，填意见后初审通过，状态为待复审', async ({ page }) => {
    const { code } = current();
    await loginAs(page, CITY_ADMIN.account, CITY_ADMIN.password);
    await openMenu(page, '评价业务', '机构备案', '备案审核');
    const list = page.getByTestId('filing-audit-list');
    await expect(rowOf(list, code).getByTestId('filing-status-0')).toBeVisible();

    const dialog = await openReview(page, code);
    await dialog.getByRole('radio', { name: '驳回' }).check();
    await dialog.getByTestId('review-submit').click();
    await expect(dialog).toContainText('请输入审核意见');
    await page.screenshot({ path: `${SHOTS}/filing-reject-needs-opinion.png` });
    // 未提交：仍待初审
    expect((await call<FilingRow>(page.request, '/fil/info/filInfoView', { id: current().id })).status).toBe(0);

    await dialog.getByRole('radio', { name: '通过' }).check();
    await dialog.getByLabel('审核意见').fill(CITY_OPINION);
    await dialog.getByTestId('review-submit').click();
    await expect(dialog).toBeHidden();
    // 默认只列待我审核的：初审通过后不再列出；看全部时为待复审
    await expect(rowOf(list, code)).toHaveCount(0);
    await chooseOption(page, list.getByTestId('list-filters').getByLabel('范围'), '全部');
    await chooseOption(page, list.getByTestId('list-filters').getByLabel('备案类别'), '职业资格');
    await list.getByTestId('list-search').click();
    await expect(rowOf(list, code).getByTestId('filing-status-2')).toHaveText('待复审');

    // 复审由省级办理：市级的这一行只剩“办理历史”，接口也拒绝
    await expect(rowOf(list, code).getByTestId('row-action-review')).toHaveCount(0);
    await expect(rowOf(list, code).getByTestId('row-action-history')).toBeVisible();
    const refused = (await (await page.request.post('/api/filInfoAudit/updateStatus', { data: { id: current().id, result: 'pass' } })).json()) as Envelope<unknown>;
    expect(refused.returnMsg).toContain('须由省级管理员办理');
  });

  test('c. 省级管理员复审通过，状态为审核完成', async ({ page }) => {
    const { code } = current();
    await loginAs(page, ADMIN.account, ADMIN.password);
    await openMenu(page, '评价业务', '机构备案', '备案审核');
    const list = page.getByTestId('filing-audit-list');
    await expect(rowOf(list, code).getByTestId('filing-status-2')).toBeVisible();

    const dialog = await openReview(page, code);
    await dialog.getByLabel('审核意见').fill(PROVINCE_OPINION);
    await dialog.getByTestId('review-submit').click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(list, code)).toHaveCount(0);
    await chooseOption(page, list.getByTestId('list-filters').getByLabel('范围'), '全部');
    await chooseOption(page, list.getByTestId('list-filters').getByLabel('备案类别'), '职业资格');
    await list.getByTestId('list-search').click();
    await expect(rowOf(list, code).getByTestId('filing-status-8')).toHaveText('审核完成');
    await page.screenshot({ path: `${SHOTS}/filing-completed-admin.png` });
  });

  test('d. 评价机构看到审核完成、办理历史（提交、初审含意见与审核人、复审）与铃铛消息', async ({ page }) => {
    const { code } = current();
    await loginAs(page, ORG.account, ORG.password);

    // 铃铛：复审通过的消息
    await page.getByTestId('notice-bell').click();
    const panel = page.getByTestId('notice-panel');
    const notice = panel.locator('.ant-list-item').filter({ hasText: `职业资格备案 ${code}：复审通过` });
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText('当前状态：审核完成');
    await expect(panel.locator('.ant-list-item').filter({ hasText: `职业资格备案 ${code}：初审通过` })).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/filing-bell.png` });
    // 点消息：打开职业资格备案列表，按该备案编号筛选
    await notice.click();
    await expect(page).toHaveURL(new RegExp(`/evaluation/filing/qualification\\?code=${code}$`));
    const list = page.getByTestId('filing-list');
    await expect(list.getByTestId('list-filters').getByLabel('备案编号')).toHaveValue(code);
    await expect(list.locator('tbody tr.ant-table-row')).toHaveCount(1);
    const row = rowOf(list, code);
    await expect(row.getByTestId('filing-status-8')).toHaveText('审核完成');
    await expect(row).toContainText(PROVINCE_OPINION);

    await clickRowAction(page, row, 'history');
    const history = page.getByTestId('filing-history');
    await expect(history).toBeVisible();
    const items = history.getByTestId('filing-history-item');
    // 新建、提交、初审通过、复审通过（按时间先后）
    await expect(items).toHaveCount(4);
    await expect(items.nth(1)).toContainText('提交');
    await expect(items.nth(1)).toContainText('未备案 → 待初审');
    await expect(items.nth(2)).toContainText('初审通过');
    await expect(items.nth(2)).toContainText('待初审 → 待复审');
    await expect(items.nth(2)).toContainText(`意见：${CITY_OPINION}`);
    await expect(items.nth(2)).toContainText(await displayName(CITY_ADMIN));
    await expect(items.nth(3)).toContainText(await displayName(ADMIN));
    await expect(items.nth(3)).toContainText('复审通过');
    await expect(items.nth(3)).toContainText('待复审 → 审核完成');
    await expect(items.nth(3)).toContainText(`意见：${PROVINCE_OPINION}`);
    await page.screenshot({ path: `${SHOTS}/filing-history.png` });
  });

  test('e. 公开页免登录显示备案摘要', async ({ browser }) => {
    const { id, code, orgName } = current();
    // 列表行只在备案生效后给出公示码（界面的“公示页”按它打开）
    const org = await apiAs(ORG.account, ORG.password);
    const publicCode = (await qualificationFilings(org)).find((f) => f.id === id)?.publicCode;
    expect(publicCode, '审核完成的备案有公示页').toBeTruthy();
    await org.dispose();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`/institutionalFiling/filingRover/single?code=${publicCode}`);
    const view = page.getByTestId('filing-public');
    await expect(view).toContainText('机构备案信息');
    await expect(view).toContainText(code);
    await expect(view).toContainText(orgName);
    await expect(view).toContainText('职业资格');
    await expect(view).toContainText('审核完成');
    for (const w of WORKS) {
      await expect(view).toContainText(w.code);
      await expect(view).toContainText(w.name);
    }
    // 不需要登录：没有跳到登录页
    await expect(page).toHaveURL(/\/institutionalFiling\/filingRover\/single\?code=/);
    await page.screenshot({ path: `${SHOTS}/filing-public.png`, fullPage: true });
    await context.close();
  });
});

/** 账号的姓名（历史里记的审核人：有真实姓名用真实姓名，否则昵称） */
async function displayName(who: { account: string; password: string }): Promise<string> {
  const ctx = await apiAs(who.account, who.password);
  try {
    const body = (await (await ctx.get('/api/bapi/user/getUserAndPermissions')).json()) as Envelope<{ user: { realName: string | null; nickName: string } }>;
    return body.data.user.realName || body.data.user.nickName;
  } finally {
    await ctx.dispose();
  }
}

/** 合法的 18 位身份证号（石家庄长安区；出生日期与顺序码随机，不与库里已有的人重号） */
function validIdNumber(): string {
  const rand = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));
  const pad = (n: number, len: number) => String(n).padStart(len, '0');
  const first17 = `130102${rand(1960, 1999)}${pad(rand(1, 12), 2)}${pad(rand(1, 28), 2)}${pad(rand(0, 999), 3)}`;
  return first17 + idCheckChar(first17);
}

test.describe('督导员导入', () => {
  test('f. 一行身份证号有误：弹窗列出行号与原因，一个督导员也没有建', async ({ page }, testInfo) => {
    await loginAs(page, ADMIN.account, ADMIN.password);
    await openMenu(page, '评价业务', '评价人员', '督导员管理');
    await expect(page).toHaveURL(/\/evaluation\/personnel\/supervisor$/);

    const names = [`导入甲${SUFFIX}`, `导入乙${SUFFIX}`];
    const mobileTail = String(Date.now()).slice(-8);
    // 第 3 行（表头下第二行）：校验位错误的身份证号
    const good = validIdNumber();
    const wrongCheck = good.slice(0, 17) + (good.endsWith('0') ? '1' : '0');
    const rows: Record<string, string>[] = [
      { 姓名: names[0], 身份证号: validIdNumber(), 手机号: `139${mobileTail}`, 所在市: '石家庄市', 工作单位: '石家庄市职业技能鉴定指导中心' },
      { 姓名: names[1], 身份证号: wrongCheck, 手机号: `138${mobileTail}`, 所在市: '石家庄市', 工作单位: '石家庄职业技术学院' },
    ];
    // 表头取自模板（与服务端的列定义同源）
    const { file, columns } = await workbookFromTemplate(page.request, '/api/perSuper/importTemplate', testInfo, '督导员', rows);
    expect(columns).toEqual(expect.arrayContaining(['姓名', '身份证号', '手机号', '所在市']));
    const dialog = await importExpectingRowError(page, page.getByTestId('list-screen'), file, {
      title: '导入督导员',
      row: 3,
      column: '身份证号',
      reason: '身份证号校验位不正确',
    });
    const errors = dialog.getByTestId('import-errors');
    await expect(errors.getByTestId('import-error-download')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/filing-supervisor-import-errors.png` });

    // 全有或全无：两个人都没有建
    for (const name of names) {
      const found = await call<{ total: number }>(page.request, '/perSuper/listSuper', { name, pageNo: 1, pageSize: 10 });
      expect(found.total, name).toBe(0);
    }
  });
});

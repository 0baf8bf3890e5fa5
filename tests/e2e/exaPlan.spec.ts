// 考试计划（issue 10）：评价机构（eval_org，石家庄）制定技能等级认定计划（工种与等级取自本机构已完成的备案）并提交；
// 石家庄市管理员在“计划审核”里填意见通过；机构进入“导入考生”，按导入模板写工作簿导入三名考生（预览里恰有一条报考资格提示），
// 确认写入，上传以身份证号命名的照片压缩包，申请审核，市级通过；机构在“编排考场”里按备案同步考点、新增理论考场与场次、
// 自动编排座位、按配比分派考务人员与督导员、下载准考证（PDF：渲染第 1 页，文字含考生姓名与“准考证”），进入“考务安排”。
// 各步骤接力同一份计划，故串行。计划名称带时间戳，每次运行新建自己的计划，不改演示数据里已有的计划；
// 考试日期取提前天数之后的随机一天，重复运行时工作人员不与上次的场次冲突。
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import sharp from 'sharp';
import type { Locator } from '@playwright/test';
import { idCheckChar } from '@/lib/platform/identity/id-number';
import { DEMO_PASSWORD, chooseOption, expect, expectMessage, loginAs, test, type Page, workbookFromTemplate, clickRowAction, confirmDialog, rowOf, typeDate, modalWith } from './helpers';

const SHOTS = 'test-results';
const SUFFIX = Date.now().toString(36);
const PLAN_NAME = `端到端技能等级认定计划${SUFFIX}`;
const CITY_OPINION = `计划材料齐全，同意实施（${SUFFIX}）`;
const ROSTER_OPINION = `考生名单已核对，同意（${SUFFIX}）`;
const ORG = { account: 'eval_org', password: DEMO_PASSWORD };
const CITY_ADMIN = { account: 'sjz_admin', password: DEMO_PASSWORD };
const ROOM_NAME = `理论考场${SUFFIX}`;
const SESSION_NAME = `理论考试${SUFFIX}`;
/** 不在演示数据里挂着铃铛任务的人（杨帆是督导员演示账号本人） */
const AVOID = ['杨帆'];

interface Envelope<T> {
  returnCode: number;
  returnMsg: string;
  data: T;
}

interface PlanRow {
  id: number;
  code: string;
  name: string;
  cityName: string | null;
  step: number;
  state: number;
  positionName: string;
  examStartDate: string;
}

interface FiledWork {
  workCode: string;
  workName: string;
  levels: number[];
  levelNames: string[];
}

interface Examinee {
  name: string;
  idNumber: string;
  mobile: string;
  /** 空着的从业年限使该考生得到一条“提示” */
  workYears: string;
}

/** 接力的数据（a 中建立） */
const run: { plan?: PlanRow; work?: FiledWork; level?: number; levelName?: string; examDate?: string; examinees?: Examinee[] } = {};
const plan = (): PlanRow => {
  expect(run.plan, '需要先运行 a（制定并提交计划）').toBeTruthy();
  return run.plan!;
};

// ---------- 接口（读取与核对） ----------

async function call<T>(page: Page, apiPath: string, data: unknown): Promise<T> {
  const res = await page.request.post(`/api${apiPath}`, { data });
  const body = (await res.json()) as Envelope<T>;
  expect(body.returnCode, `${apiPath}：${body.returnMsg}`).toBe(200);
  return body.data;
}

async function planNow(page: Page): Promise<PlanRow> {
  const { list } = await call<{ list: PlanRow[] }>(page, '/exaPlan/listExaPlan', { kind: 0, code: plan().code, pageNo: 1, pageSize: 10 });
  expect(list).toHaveLength(1);
  return list[0];
}

// ---------- 数据 ----------

/** 北京时间的今天之后第 days 天 */
function beijingDay(days: number): string {
  return new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

const rand = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));

/** 合法的 18 位身份证号（石家庄长安区；1985–2000 年出生，考试时 25–41 周岁） */
function validIdNumber(): string {
  const pad = (n: number, len: number) => String(n).padStart(len, '0');
  const first17 = `130102${rand(1985, 2000)}${pad(rand(1, 12), 2)}${pad(rand(1, 28), 2)}${pad(rand(0, 999), 3)}`;
  return first17 + idCheckChar(first17);
}

/** 证件照样式的 JPEG（120×160） */
async function photo(color: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="160"><rect width="120" height="160" fill="${color}"/><circle cx="60" cy="62" r="30" fill="#f5f5f5"/><path d="M12 160 C 14 112, 106 112, 108 160 Z" fill="#f5f5f5"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

// ---------- 界面操作 ----------

/** 顶部菜单进入一级分组，再在侧边菜单点开（各级）子项 */
async function openMenu(page: Page, group: string, ...menuPath: string[]) {
  await page.getByTestId('top-menu').getByRole('menuitem', { name: new RegExp(`${group}$`) }).click();
  const side = page.getByTestId('side-menu');
  await expect(side).toBeVisible();
  for (const [i, title] of menuPath.entries()) {
    if (i === menuPath.length - 1) {
      await side.getByRole('menuitem', { name: new RegExp(`${title}$`) }).click();
    } else {
      const sub = side.locator('.ant-menu-submenu').filter({ has: page.locator('.ant-menu-submenu-title', { hasText: title }) });
      if (!(await sub.evaluate((el) => el.classList.contains('ant-menu-submenu-open')))) await sub.locator('.ant-menu-submenu-title').click();
    }
  }
}

/** 打开的弹窗（按其中的内容找） */
const modalTitled = (page: Page, title: string) => page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

/** 考试计划列表里本计划的一行（技能等级认定计划界面） */
async function openPlanList(page: Page): Promise<Locator> {
  await page.goto('/evaluation/plan/skill');
  const list = page.getByTestId('plan-list');
  await expect(list).toContainText('技能等级认定考试计划');
  return list;
}

/** 考点、考场界面顶部的计划选择：选上本计划 */
async function pickPlan(page: Page, screen: Locator) {
  const picker = screen.getByTestId('plan-picker');
  const { code } = plan();
  await expect(picker.locator('.ant-select')).toBeVisible();
  if (!((await picker.textContent()) ?? '').includes(code)) await chooseOption(page, picker.getByRole('combobox'), code, code);
  await expect(picker).toContainText(code);
  await expect(picker).toContainText('编排考场');
}

/**
 * 接口登录（与浏览器共用 Cookie），省去登录页与工作台：每个账号的第一次登录走登录页（a、b），之后的用例用它。
 */
async function apiLogin(page: Page, who: { account: string; password: string }): Promise<void> {
  const res = await page.request.post('/api/user/login', { data: { account: who.account, password: who.password } });
  expect(res.status(), `${who.account} 登录`).toBe(200);
  expect(((await res.json()) as Envelope<unknown>).returnCode).toBe(200);
}

/** 审核员在“计划审核”里打开本计划的审核弹窗并填写意见（firstLogin：经登录页与菜单进入） */
async function cityApproves(page: Page, opinion: string, expectStep: string, firstLogin: boolean) {
  const { code } = plan();
  if (firstLogin) {
    await loginAs(page, CITY_ADMIN.account, CITY_ADMIN.password);
    await openMenu(page, '评价业务', '考试计划', '计划审核');
    await expect(page).toHaveURL(/\/evaluation\/plan\/audit$/);
  } else {
    await apiLogin(page, CITY_ADMIN);
    await page.goto('/evaluation/plan/audit');
  }
  const list = page.getByTestId('plan-audit-list');
  const row = rowOf(list, code);
  await expect(row.getByTestId('plan-state-1')).toHaveText('待市级审核');
  await expect(row).toContainText(expectStep);
  await clickRowAction(page, row, 'review');
  const dialog = modalWith(page, page.getByTestId('plan-review-summary'));
  await expect(dialog).toContainText(`审核考试计划：${PLAN_NAME}`);
  await expect(dialog.getByTestId('plan-review-summary')).toContainText(code);
  await expect(dialog.getByTestId('plan-review-summary')).toContainText(`${expectStep} · 待市级审核`);
  await dialog.getByTestId('plan-review-opinion').fill(opinion);
  return { list, row, dialog };
}

test.use({ viewport: { width: 1366, height: 768 } });

test.describe.serial('考试计划：制定、审核、导入考生、编排考场、准考证、进入考务安排', () => {
  test('a. 评价机构制定技能等级认定计划：工种与等级取自备案，提交审核', async ({ page }) => {
    await loginAs(page, ORG.account, ORG.password);
    // 评价机构在石家庄（计划的所在市随机构）
    const me = (await (await page.request.get('/api/bapi/user/getUserAndPermissions')).json()) as Envelope<{ user: { cityId: number | null } }>;
    expect(me.data.user.cityId).toBe(130100);

    const filed = await call<{ filingCode: string; works: FiledWork[] }>(page, '/exaPlan/filedWorks', { kind: 0 });
    // 五级的申报条件是“累计从业 1 年”：不填从业年限得到一条提示；没有五级时取四级（从业 6 年即可）
    const work = filed.works.find((w) => w.levels.includes(5)) ?? filed.works.find((w) => w.levels.includes(4));
    expect(work, '华元评价的技能等级认定备案里有五级或四级的工种').toBeTruthy();
    run.work = work!;
    run.level = work!.levels.includes(5) ? 5 : 4;
    run.levelName = work!.levelNames[work!.levels.indexOf(run.level)];
    // 提前天数取服务端的（EXAM_PLAN_LEAD_DAYS，默认 7），再往后随机几个月
    const { leadDays } = await call<{ leadDays: number }>(page, '/exaPlan/dictDetailInfo', {});
    run.examDate = beijingDay(leadDays + rand(30, 300));
    const endDate = new Date(new Date(`${run.examDate}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);

    await openMenu(page, '评价业务', '考试计划', '技能等级认定计划');
    await expect(page).toHaveURL(/\/evaluation\/plan\/skill$/);
    const list = page.getByTestId('plan-list');
    await expect(list).toContainText('技能等级认定考试计划');
    await expect(page.getByTestId('plan-step-tabs')).toContainText('编排考场');
    await page.screenshot({ path: `${SHOTS}/exaplan-list.png` });

    await list.getByTestId('list-create').click();
    const form = modalWith(page, page.getByTestId('form-dialog'));
    await expect(form).toContainText('制定技能等级认定考试计划');
    // 工种与等级：表格列出备案里的工种，每个工种勾选等级
    const works = form.getByTestId('plan-works');
    await expect(works).toContainText(filed.filingCode);
    await expect(works).toContainText(work!.workName);
    await form.getByLabel('计划名称').fill(PLAN_NAME);
    await works.getByTestId(`plan-work-${work!.workCode}`).getByLabel(run.levelName).check();
    await chooseOption(page, form.getByLabel('考试安排类型'), '理论知识考试');
    const dates = form.locator('.ant-picker-range input');
    await typeDate(dates.nth(0), run.examDate);
    await typeDate(dates.nth(1), endDate);
    await expect(dates.nth(0)).toHaveValue(run.examDate);
    await expect(dates.nth(1)).toHaveValue(endDate);
    await form.getByLabel('计划人数').fill('3');
    await form.getByLabel('考试费（元/人）').fill('120');
    await form.getByLabel('联系人').fill('陈静');
    await form.getByLabel('联系电话').fill('13831100004');
    await page.screenshot({ path: `${SHOTS}/exaplan-form.png` });
    await form.getByTestId('form-dialog-ok').click();
    await expect(form).toBeHidden();

    const { list: mine } = await call<{ list: PlanRow[] }>(page, '/exaPlan/listExaPlan', { kind: 0, name: PLAN_NAME, pageNo: 1, pageSize: 10 });
    expect(mine).toHaveLength(1);
    run.plan = mine[0];
    expect(mine[0].cityName).toBe('石家庄市');
    expect(mine[0].positionName).toBe('制定计划 · 办理中');
    const row = rowOf(list, plan().code);
    await expect(row).toContainText(PLAN_NAME);
    await expect(row).toContainText(`${work!.workName}（${run.levelName}）`);

    await clickRowAction(page, row, 'submit');
    await confirmDialog(page, `确定提交考试计划 ${plan().code} 吗？`);
    await expectMessage(page, '已提交，等待市级审核');
    await expect(row.getByTestId('plan-state-1')).toHaveText('待市级审核');
    for (const key of ['edit', 'delete', 'submit']) await expect(row.getByTestId(`row-action-${key}`)).toHaveCount(0);
  });

  test('b. 石家庄市管理员在计划审核里填写意见通过，计划进入“实施计划”', async ({ page }) => {
    const { dialog, list } = await cityApproves(page, CITY_OPINION, '制定计划', true);
    await page.screenshot({ path: `${SHOTS}/exaplan-review.png` });
    await dialog.getByTestId('plan-review-submit').click();
    await expect(dialog).toBeHidden();
    // 默认只列待我审核的：通过后不再列出
    await expect(rowOf(list, plan().code)).toHaveCount(0);
    const now = await planNow(page);
    expect(now.positionName).toBe('实施计划 · 办理中');
  });

  test('c. 评价机构进入“导入考生”：工作簿预览恰有一条提示，确认写入，上传照片，申请审核', async ({ page }, testInfo) => {
    const { code } = plan();
    const work = run.work!;
    await apiLogin(page, ORG);
    let list = await openPlanList(page);
    let row = rowOf(list, code);
    await expect(row.getByTestId('plan-state-0')).toBeVisible();
    await expect(row).toContainText('实施计划');
    await clickRowAction(page, row, 'advance');
    await confirmDialog(page, '确定完成「实施计划」并进入下一步吗？');
    await expectMessage(page, '已进入下一步');
    await expect(row).toContainText('导入考生');

    // 考生管理：本计划（第 2 步的排在前面）
    await page.goto('/evaluation/exam/examinee');
    const screen = page.getByTestId('examinee-screen');
    const planSelect = screen.getByTestId('examinee-plan');
    await expect(planSelect.locator('.ant-select-content, .ant-select-selection-item').first()).not.toBeEmpty();
    if (!((await planSelect.textContent()) ?? '').includes(code)) await chooseOption(page, planSelect.getByRole('combobox'), code, code);
    await expect(planSelect).toContainText(code);
    await expect(screen).toContainText('可导入与修改考生');

    // 工作簿：按导入模板的表头，三名考生；第三名不填从业年限 → 报考资格“提示”
    const tail = String(Date.now()).slice(-6);
    run.examinees = [
      { name: '王晓明', idNumber: validIdNumber(), mobile: `13900${tail}`, workYears: '8' },
      { name: '李红梅', idNumber: validIdNumber(), mobile: `13700${tail}`, workYears: '8' },
      { name: '赵国强', idNumber: validIdNumber(), mobile: `13600${tail}`, workYears: '' },
    ];
    const rows = run.examinees.map((e) => ({ 姓名: e.name, 身份证号: e.idNumber, 手机号: e.mobile, 工种: work.workName, 等级: run.levelName!, 学历: '高中', 从事本职业年限: e.workYears, 工作单位: '石家庄市长安区' }));
    const { file, columns } = await workbookFromTemplate(page.request, '/api/examaff/student/importTemplate', testInfo, '考生', rows);
    expect(columns).toEqual(expect.arrayContaining(['姓名', '身份证号', '手机号', '工种', '等级', '从事本职业年限']));

    await screen.getByTestId('examinee-import-open').click();
    const dialog = modalWith(page, page.getByTestId('examinee-import'));
    await dialog.locator('input[type=file]').setInputFiles(file);
    const preview = dialog.getByTestId('import-preview');
    await expect(preview).toContainText('共 3 行，全部校验通过，尚未写入', { timeout: 60_000 });
    await expect(preview).toContainText('提示 1 人，不符合 0 人');
    const warnings = preview.locator('tbody tr.ant-table-row');
    await expect(warnings).toHaveCount(1);
    await expect(warnings.locator('td').nth(0)).toHaveText('4');
    await expect(warnings.locator('td').nth(1)).toHaveText('提示');
    await expect(warnings.locator('td').nth(2)).toContainText('未填写从业年限');
    await expect(dialog.getByTestId('import-errors')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/exaplan-import-preview.png` });
    // 预览不写考生
    const before = await call<{ total: number }>(page, '/examaff/student/selectExaPlanStudent', { planId: plan().id, pageNo: 1, pageSize: 10 });
    expect(before.total).toBe(0);
    await dialog.getByTestId('import-commit').click();
    await expectMessage(page, '已写入 3 名考生');
    await expect(dialog).toBeHidden();

    const roster = screen.getByTestId('list-screen');
    // 列表里身份证号脱敏显示：按姓名找
    for (const e of run.examinees) await expect(rowOf(roster, e.name)).toHaveCount(1);
    await expect(rowOf(roster, '赵国强')).toContainText('提示');
    await expect(rowOf(roster, '王晓明')).toContainText('符合');

    // 照片压缩包：以身份证号命名，按身份证号匹配本计划的考生
    const zip = new JSZip();
    const colors = ['#5B8FF9', '#5AD8A6', '#F6BD16'];
    for (const [i, e] of run.examinees.entries()) zip.file(`${e.idNumber}.jpg`, await photo(colors[i]));
    const zipFile = testInfo.outputPath('photos.zip');
    writeFileSync(zipFile, await zip.generateAsync({ type: 'nodebuffer' }));
    await screen.getByRole('button', { name: '上传照片' }).click();
    const photos = modalTitled(page, '批量上传照片');
    await photos.locator('input[type=file]').setInputFiles(zipFile);
    const result = photos.getByTestId('photo-zip-result');
    await expect(result).toContainText('共 3 个文件：匹配 3 人，未匹配 0 个', { timeout: 60_000 });
    for (const e of run.examinees) await expect(result).toContainText(e.name);
    await photos.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
    await expect(photos).toBeHidden();
    const detail = await call<{ photoUrl: string | null }>(page, '/examaff/student/selectStudentPer', {
      id: (await call<{ list: { id: number }[] }>(page, '/examaff/student/selectExaPlanStudent', { planId: plan().id, name: '王晓明', pageNo: 1, pageSize: 10 })).list[0].id,
    });
    expect(detail.photoUrl).toBeTruthy();
    await page.screenshot({ path: `${SHOTS}/exaplan-examinees.png` });

    // “导入考生”须经市级审核（默认的步骤审核配置）：申请审核
    list = await openPlanList(page);
    row = rowOf(list, code);
    await expect(row.getByTestId('row-action-advance')).toHaveCount(0);
    await clickRowAction(page, row, 'applyAudit');
    const apply = modalWith(page, page.getByTestId('form-dialog'));
    await apply.getByLabel('说明').fill('三名考生，照片齐全');
    await apply.getByTestId('form-dialog-ok').click();
    await expect(apply).toBeHidden();
    await expectMessage(page, '已申请审核，等待市级审核');
    await expect(row.getByTestId('plan-state-1')).toHaveText('待市级审核');
  });

  test('d. 石家庄市管理员通过考生名单，计划进入“编排考场”', async ({ page }) => {
    const { dialog } = await cityApproves(page, ROSTER_OPINION, '导入考生', false);
    await dialog.getByTestId('plan-review-submit').click();
    await expect(dialog).toBeHidden();
    expect((await planNow(page)).positionName).toBe('编排考场 · 办理中');
  });

  test('e. 评价机构编排考场：同步考点、新增考场与场次、自动编排、分派人员、下载准考证，进入“考务安排”', async ({ page }, testInfo) => {
    const { code } = plan();
    const examinees = run.examinees!;
    await apiLogin(page, ORG);

    // 考点：按备案同步（华元评价的技能等级认定备案登记了“第一考点”）
    await page.goto('/evaluation/exam/site');
    let screen = page.getByTestId('exam-site-screen');
    await pickPlan(page, screen);
    const sites = screen.getByTestId('site-list');
    await expect(sites).toContainText('暂无考点');
    await sites.getByTestId('site-sync').click();
    await expectMessage(page, '同步完成：新增 1 个');
    await expect(rowOf(sites, '第一考点')).toContainText('有效备案考点');

    // 考场：理论考场 30 座
    await page.goto('/evaluation/exam/room');
    screen = page.getByTestId('exam-room-screen');
    await pickPlan(page, screen);
    const rooms = screen.getByTestId('room-list');
    await rooms.getByTestId('list-create').click();
    let form = modalWith(page, page.getByTestId('form-dialog'));
    await chooseOption(page, form.getByLabel('考点'), '第一考点');
    await form.getByLabel('考场名称').fill(ROOM_NAME);
    await chooseOption(page, form.getByLabel('考场类型'), '理论考场');
    await form.getByLabel('容量（座位数）').fill('30');
    await form.getByTestId('form-dialog-ok').click();
    await expect(form).toBeHidden();
    await expect(rowOf(rooms, ROOM_NAME)).toContainText('第一考点');
    await page.screenshot({ path: `${SHOTS}/exaplan-rooms.png` });

    // 场次：考试首日 09:00–10:30 的理论知识考试
    await page.goto('/evaluation/exam/site');
    screen = page.getByTestId('exam-site-screen');
    await pickPlan(page, screen);
    await screen.getByRole('tab', { name: '场次与编排' }).click();
    const sessions = screen.getByTestId('session-list');
    await sessions.getByTestId('list-create').click();
    form = modalWith(page, page.getByTestId('form-dialog'));
    await expect(form).toContainText('新增场次');
    await form.getByLabel('场次名称').fill(SESSION_NAME);
    await chooseOption(page, form.getByLabel('科目'), '理论知识考试');
    await typeDate(form.getByLabel('考试日期'), run.examDate!);
    await form.getByLabel('开始时间').fill('09:00');
    await form.getByLabel('结束时间').fill('10:30');
    await form.getByTestId('form-dialog-ok').click();
    await expect(form).toBeHidden();
    const sessionRow = rowOf(sessions, SESSION_NAME);
    await expect(sessionRow).toContainText(run.examDate!);
    await expect(sessionRow).toContainText('09:00–10:30');

    // 自动编排：三名考生（“提示”的也编排，只有“不符合”的不编排）
    await sessions.getByTestId('auto-seat-all').click();
    const info = page.locator('.ant-modal-confirm').filter({ hasText: '自动编排完成：安排 3 个座位' });
    await expect(info).toBeVisible({ timeout: 60_000 });
    await info.getByRole('button', { name: '知道了' }).click();
    await expect(sessionRow.locator('td').nth(2)).toHaveText('3');
    await expect(sessionRow.locator('td').nth(3)).toHaveText('0');
    // 还没有工作人员：配比有问题
    await expect(sessionRow).toContainText('处问题');

    // 分派人员：理论考试 3 名考生 → 至少 1 名考务人员、1 名督导员（本机构在岗的考务人员、本市在岗的督导员，时间不冲突）
    const { list: sessionList } = await call<{ list: { id: number; name: string }[] }>(page, '/examaff/site/dateExamination', { planId: plan().id, pageNo: 1, pageSize: 50 });
    const sessionId = sessionList.find((s) => s.name === SESSION_NAME)!.id;
    const pick = async (role: string) => {
      const list = await call<{ name: string; busy: string | null }[]>(page, '/examaff/site/getMonitors', { sessionId, role });
      const free = list.filter((c) => !c.busy);
      const chosen = free.find((c) => !AVOID.includes(c.name)) ?? free[0];
      expect(chosen, `有可分派的${role}`).toBeTruthy();
      return chosen.name;
    };
    const staffName = await pick('examStaff');
    const supervisorName = await pick('supervisor');
    await clickRowAction(page, sessionRow, 'staff');
    const staff = page.getByTestId('staff-dialog').locator('xpath=ancestor-or-self::*[contains(@class, "ant-modal")][1]');
    await expect(staff).toContainText(`分派工作人员：${SESSION_NAME}`);
    await staff.getByTestId('staff-add-row').click();
    await staff.getByTestId('staff-add-row').click();
    const boxes = staff.getByRole('combobox');
    // 第一行：考务人员（默认角色）、人员、考场；第二行改为督导员（督导员不选考场）
    await expect(boxes).toHaveCount(6);
    await chooseOption(page, boxes.nth(3), '督导员');
    await expect(boxes).toHaveCount(5);
    await chooseOption(page, boxes.nth(1), staffName);
    await chooseOption(page, boxes.nth(2), ROOM_NAME);
    await chooseOption(page, boxes.nth(4), supervisorName);
    await page.screenshot({ path: `${SHOTS}/exaplan-staff.png` });
    await staff.getByRole('button', { name: /保\s*存/ }).click();
    await expect(staff).toBeHidden();
    await expectMessage(page, '保存成功');
    // 工作人员一格里每个角色一行
    await expect(sessionRow).toContainText('督导员 1');
    await expect(sessionRow).toContainText('考务人员 1');
    await expect(sessionRow.getByText('满足')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/exaplan-sessions.png` });
    // 工作人员页签：两人，考务人员负责本考场
    await screen.getByRole('tab', { name: '工作人员' }).click();
    const staffList = screen.getByTestId('staff-list');
    await expect(rowOf(staffList, staffName)).toContainText(ROOM_NAME);
    await expect(rowOf(staffList, supervisorName)).toContainText('督导员');

    // 准考证：本考场本场次的全部考生，每人一页
    await screen.getByTestId('ticket-download').click();
    const tickets = modalTitled(page, '下载考场准考证');
    await chooseOption(page, tickets.getByRole('combobox').nth(0), SESSION_NAME);
    await chooseOption(page, tickets.getByRole('combobox').nth(1), ROOM_NAME);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), tickets.getByRole('button', { name: /下\s*载/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = testInfo.outputPath('tickets.pdf');
    await download.saveAs(pdf);
    await expect(tickets).toBeHidden();
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain('准考证');
    for (const e of examinees) expect(text).toContain(e.name);
    const pages = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }).match(/Pages:\s+(\d+)/)?.[1];
    expect(pages).toBe('3');
    // 第 1 页渲染成图片：有内容（不是空白页），且首页的文字就含第一位考生的姓名
    const firstPage = execFileSync('pdftotext', ['-f', '1', '-l', '1', pdf, '-'], { encoding: 'utf8' });
    expect(firstPage).toContain('准考证');
    expect(examinees.some((e) => firstPage.includes(e.name))).toBe(true);
    const prefix = testInfo.outputPath('ticket-page');
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdf, prefix]);
    const png = readdirSync(path.dirname(prefix))
      .filter((f) => f.startsWith('ticket-page') && f.endsWith('.png'))
      .map((f) => path.join(path.dirname(prefix), f))[0];
    expect(png && existsSync(png), '第 1 页渲染为 PNG').toBeTruthy();
    expect(statSync(png).size).toBeGreaterThan(2_000);
    const stats = await sharp(png).stats();
    // 白底上有文字、照片与二维码：不是整页一种颜色
    expect(stats.channels[0].stdev).toBeGreaterThan(10);
    await testInfo.attach('ticket-page-1', { path: png, contentType: 'image/png' });

    // 进入“考务安排”（“编排考场”不须审核）：条件（全部考生有座位、考点在备案内、配比满足）已满足
    const list = await openPlanList(page);
    const row = rowOf(list, code);
    await expect(row).toContainText('编排考场');
    await clickRowAction(page, row, 'advance');
    await confirmDialog(page, '确定完成「编排考场」并进入下一步吗？');
    await expectMessage(page, '已进入下一步');
    await page.getByTestId('plan-step-tabs').getByRole('tab', { name: /考务安排/ }).click();
    await expect(row).toContainText('考务安排');
    await expect(row.getByTestId('plan-state-0')).toHaveText('办理中');
    expect((await planNow(page)).positionName).toBe('考务安排 · 办理中');
    await page.screenshot({ path: `${SHOTS}/exaplan-step4.png` });
  });
});

// 证书（issue 12）：
// a. 华元评价（eval_org）把第 7 步（进入时已发证）的技能等级认定计划办到第 9 步：在“证书填报”里选计划，资料不全时提交被拒并看到说明，
//    补填缺的资料（给缺照片的证书上传照片），石家庄市管理员审核待审的更正（接口）后提交进入第 8 步；再套打校准页、下载计划的电子证书
//    （PDF 首页渲染成 PNG，文字含中文姓名与编号）、打印整份计划、组批并上报，市级登记“全部接收”（接口），机构进入第 9 步；
// b. 访客不登录，在 390 px 宽的手机视口里用 /certificateView 按编号查到证书，再打开证书二维码的链接（签名核验通过），改过的链接显示不是本系统签发；
//    新印的签名二维码（?c=）显示“签名有效”与签名的字段，改过等级的显示“签名无效”；公钥在 /.well-known/certificate-keys.json。
// c. 考生在手机上打开机构发的报名信息链接，更正从业年限并提交，回执页显示新的信息。
// d. 访客在门户首页的“证书查询”对话框里查到脱敏的证书、查不到时“暂无数据”，查得太频繁时看到限流的说明（放在最后：本 IP 随后一分钟被限流）。
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import JSZip from 'jszip';
import sharp from 'sharp';
import { viewPath } from '../../lib/domains/certificate/rules';
import { DEMO_PASSWORD, apiLogin, chooseOption, clickRowAction, expect, rowOf, test, waitForHydration, type Page } from './helpers';

// 与 playwright.config.ts 给服务端的密钥相同：二维码签名由它派生
process.env.AUTH_SECRET ||= 'e2e-only-secret-0123456789abcdef0123456789abcdef';

interface Envelope<T> {
  returnCode: number;
  returnMsg: string;
  data: T;
}
interface PlanRow {
  id: number;
  code: string;
  step: number;
  canApply: boolean;
  rejected: number;
}
interface BatchRow {
  id: number;
  batchNo: string;
  status: number;
}
interface Cert {
  id: number;
  cerCode: string;
  name: string;
  status: number;
  education: string | null;
  company: string | null;
  mobile: string | null;
  photoUrl: string | null;
  complete: boolean;
  pendingCorrection: boolean;
}

async function call<T>(request: APIRequestContext, apiPath: string, data: unknown): Promise<T> {
  const res = await request.post(`/api${apiPath}`, { data });
  const body = (await res.json()) as Envelope<T>;
  expect(body.returnCode, `${apiPath}：${body.returnMsg}`).toBe(200);
  return body.data;
}

async function confirm(page: Page) {
  const dialog = page.locator('.ant-modal-confirm');
  await expect(async () => {
    if (!(await dialog.isVisible())) return;
    await dialog.getByRole('button', { name: /确\s*定/ }).click({ timeout: 3_000 });
    await expect(dialog).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** 证件照（90×120 的 PNG） */
const photo = () => sharp({ create: { width: 90, height: 120, channels: 3, background: '#5B8FF9' } }).png().toBuffer();

/** 证书填报：选第 7 步的计划，资料不全时提交被拒；补填缺的资料（含照片），市级审核待审的更正后提交进入第 8 步 */
async function fillAndSubmit(page: Page, cityPage: Page, plan: PlanRow) {
  const certs = (await call<{ list: Cert[] }>(page.request, '/certificate/listCertificate', { planId: plan.id, status: 0, pageNo: 1, pageSize: 500 })).list;
  const incomplete = certs.filter((c) => !c.complete);
  expect(incomplete.length, '演示数据：第 7 步的计划有资料不全的证书').toBeGreaterThan(0);
  expect(incomplete.some((c) => !c.photoUrl), '演示数据：有缺照片的证书').toBe(true);

  await page.goto('/evaluation/certificate/fill');
  const list = page.getByTestId('cert-fill-list');
  await chooseOption(page, page.getByTestId('cert-fill-plan'), plan.code);
  // 资料不全：提交被拒，提示说明缺什么、到哪里补
  await page.getByTestId('cert-fill-submit').click();
  await expect(page.locator('.ant-modal-confirm')).toBeVisible();
  await confirm(page);
  await expect(page.locator('.ant-notification-notice').filter({ hasText: `尚有 ${incomplete.length} 张证书的资料不全` })).toBeVisible();

  // 只看资料不全的证书（筛选项收在“展开”里），逐张补填
  const expand = list.getByRole('button', { name: /展\s*开/ });
  if (await expand.isVisible()) await expand.click();
  await chooseOption(page, list.getByLabel('资料', { exact: true }), '资料不全');
  await list.getByRole('button', { name: /查\s*询/ }).click();
  await expect(list.locator('tbody tr.ant-table-row')).toHaveCount(incomplete.length);
  for (const c of incomplete) {
    const row = rowOf(list, c.cerCode);
    await clickRowAction(page, row, 'fill');
    const form = page.getByTestId('form-dialog');
    await expect(form).toBeVisible();
    if (!c.education) await chooseOption(page, form.getByLabel('文化程度', { exact: true }), '高中');
    if (!c.company) await form.getByLabel('工作单位', { exact: true }).fill('石家庄华元机械制造有限公司');
    if (!c.mobile) await form.getByLabel('手机号', { exact: true }).fill('13903110000');
    if (!c.photoUrl) {
      await form.locator('input[type=file]').setInputFiles({ name: `${c.name}.png`, mimeType: 'image/png', buffer: await photo() });
      await expect(form.locator('.ant-upload-list-item-done')).toHaveCount(1);
    }
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/certificate/fillCertificate'));
    await page.getByTestId('form-dialog-ok').click();
    const body = (await (await saved).json()) as Envelope<{ complete: boolean }>;
    expect(body.returnCode, body.returnMsg).toBe(200);
    expect(body.data.complete).toBe(true);
    await expect(form).toBeHidden();
    await expect(row).toHaveCount(0);
  }
  await page.screenshot({ path: test.info().outputPath('certificate-fill.png') });

  // 市级审核待审的更正（通过）
  for (const c of certs.filter((x) => x.pendingCorrection)) {
    const pending = await call<{ list: { id: number; status: number }[] }>(cityPage.request, '/certificate/listCorrection', { cerCode: c.cerCode, status: 0, pageNo: 1, pageSize: 10 });
    for (const x of pending.list) await call(cityPage.request, '/certificate/reviewCorrection', { id: x.id, result: 'pass', opinion: '核对身份证复印件无误' });
  }

  await page.getByTestId('cert-fill-submit').click();
  await expect(page.locator('.ant-modal-confirm')).toBeVisible();
  await confirm(page);
  await expect(page.locator('.ant-message')).toContainText('办理成功');
  const after = await call<PlanRow[]>(page.request, '/examaff/stategrid/getPlans', {});
  expect(after.find((p) => p.id === plan.id)?.step).toBe(8);
}

test('机构把计划从第 7 步办到第 9 步：补填证书资料（含照片）并提交、校准、电子证书 PDF、打印、上报并被接收', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await apiLogin(page, 'eval_org', DEMO_PASSWORD);
  const plans = await call<PlanRow[]>(page.request, '/examaff/stategrid/getPlans', {});
  // 重试时计划可能已过第 7 步：接着从第 8 步办
  const plan = plans.find((p) => p.step === 7) ?? (test.info().retry > 0 ? plans.find((p) => p.step === 8 && p.canApply) : undefined);
  expect(plan, '演示数据：华元评价第 7 步的计划').toBeTruthy();
  const city = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const cityPage = await city.newPage();
  await apiLogin(cityPage, 'sjz_admin', DEMO_PASSWORD);
  if (plan!.step === 7) await fillAndSubmit(page, cityPage, plan!);
  // 演示数据里已有的未了结批次先办完
  for (const b of await call<BatchRow[]>(page.request, '/examaff/stategrid/getBatches', { planId: plan!.id })) {
    if (b.status === 0) await call(page.request, '/examaff/stategrid/generateConfirm', { batchId: b.id });
    if (b.status <= 1) await call(page.request, '/examaff/stategrid/girdSubmit', { batchId: b.id });
    if (b.status <= 2) await call(cityPage.request, '/examaff/stategrid/answer', { batchId: b.id, rejections: [] });
  }

  // 证书打印：套打校准页与计划的电子证书
  await page.goto('/evaluation/certificate/print');
  await waitForHydration(page);
  await page.getByTestId('cert-calibrate').click();
  const cal = page.waitForEvent('download');
  await page.getByTestId('cert-calibration-page').click();
  expect((await cal).suggestedFilename()).toMatch(/\.pdf$/);
  await page.keyboard.press('Escape');
  await chooseOption(page, page.getByTestId('cert-print-plan'), plan!.code);
  const pdfDownload = page.waitForEvent('download');
  await page.getByTestId('cert-plan-pdf').click();
  const file = path.join(os.tmpdir(), `cert-e2e-${Date.now()}.pdf`);
  await (await pdfDownload).saveAs(file);
  const { list } = await call<{ list: Cert[] }>(page.request, '/certificate/listCertificate', { planId: plan!.id, status: 0, pageNo: 1, pageSize: 100 });
  const first = [...list].sort((a, b) => a.cerCode.localeCompare(b.cerCode))[0];
  execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '60', '-png', file, file.replace(/\.pdf$/, '')]);
  expect(fs.existsSync(file.replace(/\.pdf$/, '-1.png')) || fs.existsSync(file.replace(/\.pdf$/, '-01.png'))).toBe(true);
  const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', file, '-']).toString();
  expect(text).toContain(first.name);
  expect(text).toContain(first.cerCode);
  // 压缩包：每张有效证书一个 PDF
  const zipDownload = page.waitForEvent('download');
  await page.getByTestId('cert-plan-zip').click();
  const zipFile = path.join(os.tmpdir(), `cert-e2e-${Date.now()}.zip`);
  await (await zipDownload).saveAs(zipFile);
  const zip = await JSZip.loadAsync(fs.readFileSync(zipFile));
  expect(Object.keys(zip.files)).toHaveLength(list.length);
  expect(Object.keys(zip.files)).toContain(`${first.cerCode}-${first.name}.pdf`);
  // 打印整份计划是后台任务（tests/e2e/tasks.spec.ts 详测）：进度框里完成后下载
  await page.getByTestId('cert-print-plan-full').click();
  await expect(page.getByTestId('task-download')).toBeVisible({ timeout: 120_000 });
  const printed = page.waitForEvent('download');
  await page.getByTestId('task-download').click();
  await printed;
  await page.keyboard.press('Escape');

  // 国网数据上报：没有要上报的人时组批会被拒绝，有则组批、确认、上报，市级登记接收
  await page.goto('/evaluation/certificate/state-grid');
  await waitForHydration(page);
  await chooseOption(page, page.getByTestId('state-grid-plan'), plan!.code);
  const ledger = await call<{ list: { itemStatus: number | null }[] }>(page.request, '/examaff/stategrid/list', { planId: plan!.id, pageNo: 1, pageSize: 100 });
  if (ledger.list.some((r) => r.itemStatus === null || r.itemStatus === 3)) {
    // 组批、确认、上报各有一个确认框
    await page.getByTestId('state-grid-apply').click();
    await confirm(page);
    await page.getByTestId('state-grid-confirm').click();
    await confirm(page);
    await page.getByTestId('state-grid-submit').click();
    await confirm(page);
    await expect(page.getByTestId('state-grid-submit')).toHaveCount(0);
    for (const b of await call<BatchRow[]>(page.request, '/examaff/stategrid/getBatches', { planId: plan!.id })) {
      if (b.status === 2) await call(cityPage.request, '/examaff/stategrid/answer', { batchId: b.id, rejections: [] });
    }
  }
  await city.close();
  await page.getByTestId('state-grid-next').click();
  await confirm(page);
  await expect(page.locator('.ant-message')).toContainText('办理成功');
  const after = await call<PlanRow[]>(page.request, '/examaff/stategrid/getPlans', {});
  expect(after.find((p) => p.id === plan!.id)?.step).toBe(9);
});

test('访客在手机视口里查证书并打开二维码链接；改过的链接显示不是本系统签发', async ({ browser, page }) => {
  test.setTimeout(60_000);
  await apiLogin(page, 'eval_org', DEMO_PASSWORD);
  const { list } = await call<{ list: Cert[] }>(page.request, '/certificate/listCertificate', { status: 0, pageNo: 1, pageSize: 1 });
  const cert = list[0];
  const qrLink = viewPath(cert.cerCode);

  const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const visitor = await phone.newPage();
  await visitor.goto('/certificateView');
  await waitForHydration(visitor);
  await visitor.getByTestId('cert-lookup-code').fill(cert.cerCode);
  await visitor.getByTestId('cert-lookup-submit').click();
  await expect(visitor.getByTestId('cert-public-code')).toHaveText(cert.cerCode);
  await expect(visitor.getByTestId('cert-lookup-result')).not.toContainText(cert.name.length > 1 ? cert.name : '\u0000');
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await visitor.goto(qrLink);
  await expect(visitor.getByTestId('cert-public-code')).toHaveText(cert.cerCode);
  await expect(visitor.getByTestId('cert-public-status')).toBeVisible();
  const forged = qrLink.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAA');
  await visitor.goto(forged);
  await expect(visitor.getByTestId('cert-view-forged')).toBeVisible();

  // 新印的二维码：Ed25519 签名的载荷，页面显示“签名有效”与签名的字段；改了载荷里的等级即“签名无效”
  const { qrLink: signedLink } = await call<{ qrLink: string }>(page.request, '/certificate/getCertificate', { id: cert.id });
  expect(signedLink).toMatch(/^\/certificateView\?c=[\w-]+\.[\w-]+\.[\w-]+$/);
  await visitor.goto(signedLink);
  await expect(visitor.getByTestId('cert-signed-valid')).toContainText('签名有效');
  await expect(visitor.getByTestId('cert-signed-no')).toHaveText(cert.cerCode);
  await expect(visitor.getByTestId('cert-public-code')).toHaveText(cert.cerCode);
  const [h, p, sig] = new URL(signedLink, 'http://x').searchParams.get('c')!.split('.');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, string>;
  const tampered = Buffer.from(JSON.stringify({ ...claims, level: '一级/高级技师' === claims.level ? '五级/初级工' : '一级/高级技师' })).toString('base64url');
  await visitor.goto(`/certificateView?c=${h}.${tampered}.${sig}`);
  await expect(visitor.getByTestId('cert-signed-invalid')).toContainText('签名无效');
  await expect(visitor.getByTestId('cert-public-code')).toHaveCount(0);
  // 公钥免登录公布
  const keys = (await (await phone.request.get('/.well-known/certificate-keys.json')).json()) as { keys: { kid: string; alg: string }[] };
  expect(keys.keys[0]).toMatchObject({ alg: 'EdDSA', kid: JSON.parse(Buffer.from(h, 'base64url').toString('utf8')).kid });
  await phone.close();
});

test('考生在手机上凭链接更正报名信息，回执显示新的信息', async ({ browser, page }) => {
  test.setTimeout(60_000);
  await apiLogin(page, 'eval_org', DEMO_PASSWORD);
  const plans = await call<{ id: number; editable: boolean }[]>(page.request, '/examaff/student/listExaPlan', {});
  const plan = plans.find((p) => p.editable);
  expect(plan, '演示数据：华元评价处于导入考生步骤的计划').toBeTruthy();
  const { list } = await call<{ list: { id: number; name: string }[] }>(page.request, '/examaff/student/selectExaPlanStudent', { planId: plan!.id, pageNo: 1, pageSize: 1 });
  const links = await call<{ informnationForm: string; informationBack: string }>(page.request, '/certificate/candidateLinks', { examineeId: list[0].id });

  const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const visitor = await phone.newPage();
  await visitor.goto(links.informnationForm);
  await waitForHydration(visitor);
  await expect(visitor.getByTestId('single-form')).toContainText(list[0].name);
  await visitor.getByTestId('single-years').fill('17');
  await visitor.getByTestId('single-submit').click();
  await expect(visitor.getByTestId('single-saved')).toBeVisible();
  await visitor.screenshot({ path: test.info().outputPath('informnationForm.png'), fullPage: true });
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await visitor.goto(links.informationBack);
  await expect(visitor.getByTestId('single-back')).toContainText('17');
  await expect(visitor.getByTestId('single-qualification')).toBeVisible();
  // 改过的令牌
  await visitor.goto(links.informationBack.replace(/token=\d+/, 'token=999999'));
  await expect(visitor.getByTestId('single-error')).toContainText('链接无效');
  await phone.close();
});

test('门户首页的证书查询对话框：查到脱敏的证书、查不到“暂无数据”、太频繁时说明限流', async ({ browser, page }) => {
  test.setTimeout(60_000);
  await apiLogin(page, 'eval_org', DEMO_PASSWORD);
  const { list } = await call<{ list: Cert[] }>(page.request, '/certificate/listCertificate', { status: 0, pageNo: 1, pageSize: 1 });
  const cert = list[0];
  const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const visitor = await ctx.newPage();
  await visitor.goto('/');
  await waitForHydration(visitor);
  await visitor.getByTestId('home-cert-lookup').click();
  const dialog = visitor.locator('.ant-modal').filter({ has: visitor.getByTestId('cert-lookup-form') });
  await dialog.getByTestId('cert-lookup-code').fill(cert.cerCode);
  await dialog.getByTestId('cert-lookup-submit').click();
  await expect(dialog.getByTestId('cert-public-code')).toHaveText(cert.cerCode);
  await expect(dialog.getByTestId('cert-public-status')).toBeVisible();
  await expect(dialog.getByTestId('cert-lookup-result')).not.toContainText(cert.name.length > 1 ? cert.name : '\u0000');
  await visitor.screenshot({ path: test.info().outputPath('home-lookup.png') });
  await dialog.getByTestId('cert-lookup-code').fill('S000013999999269999999');
  await dialog.getByTestId('cert-lookup-submit').click();
  await expect(dialog.getByTestId('cert-lookup-result')).toContainText('暂无数据');
  // 用完本分钟的次数，对话框里看到限流的说明
  for (let i = 0; i < 25; i++) {
    const r = await visitor.request.post('/api/comApi/getAllCertificate', { data: { cerCode: cert.cerCode } });
    if (r.status() === 429) break;
  }
  await dialog.getByTestId('cert-lookup-submit').click();
  await expect(dialog.getByTestId('cert-lookup-error')).toContainText('查询过于频繁');
  await ctx.close();
});

test('证书打印：选了计划，列表只列该计划的证书（清除后恢复全部）', async ({ page }) => {
  test.setTimeout(90_000);
  await apiLogin(page, 'eval_org', DEMO_PASSWORD);
  const plans = await call<PlanRow[]>(page.request, '/examaff/stategrid/getPlans', {});
  // 列表默认按发证先后倒排：选一份不是最新证书所在的第 9 步计划，不选计划时第一页就有别的计划的证书
  const all = await call<{ total: number; list: { planCode: string }[] }>(page.request, '/certificate/listCertificate', { pageNo: 1, pageSize: 1 });
  const plan = plans.find((p) => p.step === 9 && p.code !== all.list[0].planCode);
  expect(plan, '演示数据：华元评价第 9 步的计划').toBeTruthy();
  const mine = await call<{ total: number }>(page.request, '/certificate/listCertificate', { planId: plan!.id, pageNo: 1, pageSize: 1 });
  expect(all.total).toBeGreaterThan(mine.total);

  await page.goto('/evaluation/certificate/print');
  await waitForHydration(page);
  const list = page.getByTestId('cert-print-list');
  const rows = list.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  // 不选计划：列表里有别的计划的证书
  await expect(rows.filter({ hasNotText: plan!.code }).first()).toBeVisible();
  const listed = page.waitForResponse((r) => r.url().endsWith('/api/certificate/listCertificate') && (r.request().postData() ?? '').includes(`"planId":${plan!.id}`));
  await chooseOption(page, page.getByTestId('cert-print-plan'), plan!.code);
  const body = (await (await listed).json()) as Envelope<{ total: number }>;
  expect(body.data.total).toBe(mine.total);
  await expect(rows.filter({ hasNotText: plan!.code })).toHaveCount(0);
  await expect(rows.filter({ hasText: plan!.code }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('certificate-print-plan.png') });
  // 清除计划：又列出全部
  const select = page.getByTestId('cert-print-plan').locator('xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  await select.hover();
  await select.locator('.ant-select-clear').click();
  await expect(rows.filter({ hasNotText: plan!.code }).first()).toBeVisible();
});

test('国网数据上报：组批、确认、上报之前都有确认框说明会发生什么；取消则什么也不做', async ({ page }) => {
  test.setTimeout(90_000);
  await apiLogin(page, 'eval_org', DEMO_PASSWORD);
  const plans = await call<PlanRow[]>(page.request, '/examaff/stategrid/getPlans', {});
  // 演示数据：第 8 步的计划有一人被国网退回、待改正重报
  const plan = plans.find((p) => p.step === 8 && p.canApply && p.rejected > 0);
  expect(plan, '演示数据：华元评价第 8 步、有被退回人员的计划').toBeTruthy();
  const batches = async () => call<BatchRow[]>(page.request, '/examaff/stategrid/getBatches', { planId: plan!.id });
  const before = (await batches()).length;

  await page.goto('/evaluation/certificate/state-grid');
  await waitForHydration(page);
  await chooseOption(page, page.getByTestId('state-grid-plan'), plan!.code);
  const dialog = page.locator('.ant-modal-confirm');

  // 组织上报批次：先说明，取消则不组批
  await page.getByTestId('state-grid-apply').click();
  await expect(dialog).toContainText('确定组织上报批次吗？');
  await expect(dialog).toContainText('被国网退回的有效证书');
  await page.screenshot({ path: test.info().outputPath('state-grid-apply-confirm.png') });
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toBeHidden();
  expect(await batches()).toHaveLength(before);
  await page.getByTestId('state-grid-apply').click();
  await confirm(page);
  await expect(page.locator('.ant-message')).toContainText('已组批');
  const created = (await batches())[0];
  expect(created.status).toBe(0);

  // 确认：说明确认后名单不能再改
  await page.getByTestId('state-grid-confirm').click();
  await expect(dialog).toContainText(`确定确认批次 ${created.batchNo} 吗？`);
  await expect(dialog).toContainText('不能再增减');
  await confirm(page);
  await expect(page.locator('.ant-message')).toContainText('已确认');

  // 上报：只能一次、不能撤回
  await page.getByTestId('state-grid-submit').click();
  await expect(dialog).toContainText(`确定上报批次 ${created.batchNo} 吗？`);
  await expect(dialog).toContainText('上报后不能撤回');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  expect((await batches()).find((b) => b.id === created.id)?.status).toBe(1);
  await page.getByTestId('state-grid-submit').click();
  await confirm(page);
  await expect(page.locator('.ant-message')).toContainText('已上报');
  await expect(page.getByTestId('state-grid-submit')).toHaveCount(0);
  expect((await batches()).find((b) => b.id === created.id)?.status).toBe(2);
});

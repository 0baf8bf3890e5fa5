// 师资库（issue 13）：培训机构（train_org，明德培训学校）在“师资库”登记一名教师——上传头像、选“职业院校讲师”后证书栏预置一行
// “讲师证明”、身份证号写错时提示“请输入正确的身份证号”、主管单位随区划加载——保存后提示“系统消息”“操作成功！”；
// 石家庄市管理员在“师资审核”里填意见审核通过。两步接力同一名教师（姓名带时间戳，每次运行新建），故串行。
import sharp from 'sharp';
import { idCheckChar } from '@/lib/platform/identity/id-number';
import { DEMO_PASSWORD, chooseOption, expect, loginAs, test } from './helpers';

const SUFFIX = Date.now().toString(36);
const NAME = `端到端教师${SUFFIX}`;
const SHOTS = 'test-results';

/** 每次运行不同的合法身份证号（新华区、1985 年出生，顺序码取时间） */
function idCard(): string {
  const body = `130105198507${String(10 + (Date.now() % 18))}${String(Date.now() % 1000).padStart(3, '0')}`;
  return body + idCheckChar(body);
}

const png = (color: string) =>
  sharp({ create: { width: 120, height: 160, channels: 3, background: color } })
    .png()
    .toBuffer();

test.describe.configure({ mode: 'serial' });

test('培训机构登记教师：头像、讲师证明预置、身份证号校验、主管单位', async ({ page }) => {
  await loginAs(page, 'train_org', DEMO_PASSWORD, { expectPath: '/train/teacher/list' });
  await expect(page.getByTestId('teacher-list')).toBeVisible();
  await page.getByTestId('teacher-create').click();
  const form = page.getByTestId('teacher-form');
  await expect(form).toBeVisible();

  await form.locator('input[type=file]').first().setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: await png('#5B8FF9') });
  await page.getByTestId('teacher-nickName').fill(`e2e${SUFFIX}`);
  await page.getByTestId('teacher-realName').fill(NAME);

  // 教师类型 2（职业院校讲师）：证书栏预置一行“讲师证明”
  await chooseOption(page, form.getByLabel('教师类型', { exact: true }), '职业院校讲师或高级讲师');
  await expect(page.getByTestId('teacher-cert-row')).toHaveCount(1);
  await expect(page.getByTestId('teacher-cert-row').first()).toContainText('讲师证明');
  await page.getByTestId('teacher-cert-row').first().locator('input[type=file]').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: await png('#F6BD16') });

  // 身份证号写错：离开输入框即提示
  const card = page.getByTestId('teacher-cardNo');
  await card.fill('130105198507101235');
  await card.blur();
  await expect(form.getByText('请输入正确的身份证号')).toBeVisible();
  await card.fill(idCard());
  await card.blur();
  await expect(form.getByText('请输入正确的身份证号')).toHaveCount(0);

  await page.getByTestId('teacher-userPhone').fill('13912300001');
  await page.getByTestId('teacher-userEmail').fill('e2e-teacher@example.com');
  await chooseOption(page, form.getByLabel('师资类型', { exact: true }), '技能培训师资');
  // 区划默认为本机构所在的新华区，主管单位按它加载
  await chooseOption(page, form.getByLabel('主管单位', { exact: true }), '石家庄市新华区人力资源和社会保障局');
  await page.getByTestId('teacher-content').fill('从事电工培训十年，擅长实操指导。');
  await page.screenshot({ path: `${SHOTS}/teacher-form.png` });

  await page.getByTestId('teacher-form-ok').click();
  await expect(page.getByText('操作成功！')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('系统消息')).toBeVisible();
  await expect(page.getByTestId('teacher-list').getByText(NAME)).toBeVisible();
  await expect(page.getByTestId('teacher-list').locator('tr', { hasText: NAME }).getByTestId('teacher-audit-tag')).toHaveText('待审核');
});

test('市级管理员审核通过这名教师', async ({ page }) => {
  await loginAs(page, 'sjz_admin', DEMO_PASSWORD, { expectPath: '/train/teacher/audit' });
  const list = page.getByTestId('teacher-audit-list');
  const row = list.locator('tr', { hasText: NAME });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.getByTestId('row-action-audit').click();
  // 意见必填
  await page.getByTestId('teacher-audit-submit').click();
  await expect(page.getByText('请输入审核意见')).toBeVisible();
  await page.getByTestId('teacher-audit-opinion').fill('资料齐全，讲师证明清晰，同意');
  await page.getByTestId('teacher-audit-submit').click();
  await expect(page.getByText('操作成功！')).toBeVisible({ timeout: 30_000 });
  // 审核通过后不再在待审核列表里
  await expect(row).toHaveCount(0);
  const res = await page.request.get(`/api/teacher/list?realName=${encodeURIComponent(NAME)}`);
  const body = (await res.json()) as { data: { list: { auditStatus: number; auditStatusName: string }[] } };
  expect(body.data.list.map((t) => t.auditStatusName)).toEqual(['审核通过']);
  await page.screenshot({ path: `${SHOTS}/teacher-audit.png` });
});

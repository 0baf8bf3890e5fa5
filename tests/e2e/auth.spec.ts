// 登录、注册、账号设置与强制改密：在 Chromium 中像用户一样操作。
// 服务器由 playwright.config.ts 以全新的内置库、固定短信验证码（SMS_PROVIDER=fixed）启动。
import { isUnifiedSocialCreditCode } from '@/lib/domains/user/schemas';
import { ADMIN, DEMO_PASSWORD, LOGIN_BUTTON, WORKPLACE, expect, fillLogin, loginAs, test, type Page } from './helpers';

const SMS_CODE = process.env.E2E_SMS_CODE || '246810';
const SHOTS = 'test-results';

/** 生成一个校验位正确的统一社会信用代码（GB 32100-2015） */
function creditCode(): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const body = `91130100${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const sum = [...body].reduce((acc, ch, i) => acc + chars.indexOf(ch) * weights[i], 0);
  return body + chars[(31 - (sum % 31)) % 31];
}

const loginError = (page: Page) => page.getByTestId('login-error');

test.describe('登录页', () => {
  test('loginV2（主入口）以中文渲染：标志、平台名称、两个在线客服、两种登录方式', async ({ page }) => {
    await page.goto('/user');
    await expect(page).toHaveURL(/\/user\/loginV2$/);
    await expect(page).toHaveTitle(/用户登录/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('heading', { level: 1, name: '河北省职业技能鉴定与培训管理平台' })).toBeVisible();
    await expect(page.locator('header img[src="/logo.svg"]')).toBeVisible();
    await expect(page.getByRole('link', { name: '培训系统在线客服' })).toHaveAttribute('href', /^https?:\/\//);
    await expect(page.getByRole('link', { name: '评价系统在线客服' })).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('tab', { name: '账号密码登录' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: '手机验证码登录' })).toBeVisible();
    await expect(page.getByPlaceholder('请输入账号')).toBeVisible();
    await expect(page.getByRole('button', { name: LOGIN_BUTTON })).toBeVisible();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SHOTS}/auth-loginV2.png` });

    // 空表单提交：规则来自服务端同一份 zod
    await page.getByRole('button', { name: LOGIN_BUTTON }).click();
    await expect(page.getByText('请输入账号', { exact: true })).toBeVisible();
    await expect(page.getByText('请输入密码', { exact: true })).toBeVisible();
  });

  test('经典登录页 /user/login 同样完整', async ({ page }) => {
    await page.goto('/user/login');
    await expect(page.getByRole('heading', { level: 1, name: /职业技能鉴定与培训管理平台/ })).toBeVisible();
    await expect(page.getByRole('tab', { name: '账号密码登录' })).toBeVisible();
    await page.getByRole('tab', { name: '手机验证码登录' }).click();
    await expect(page.getByPlaceholder('请输入手机号')).toBeVisible();
    await expect(page.getByRole('button', { name: '获取验证码' })).toBeVisible();
    // 手机号格式（SPEC §5）
    await page.getByPlaceholder('请输入手机号').fill('12345');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('手机号格式有误，请重新输入')).toBeVisible();
    await page.getByRole('tab', { name: '账号密码登录' }).click();
    await expect(page.getByPlaceholder('请输入账号')).toBeVisible();
    await expect(page.locator('.ant-message-notice')).toHaveCount(0);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SHOTS}/auth-login.png` });
  });

  test('密码错误显示"账号或密码错误"，未知账号同样的提示', async ({ page }) => {
    await page.goto('/user/loginV2');
    await fillLogin(page, 'assessor', 'Wrong@2026');
    await expect(loginError(page)).toHaveText('账号或密码错误');
    await fillLogin(page, 'no_such_account', 'Wrong@2026');
    await expect(loginError(page)).toHaveText('账号或密码错误');
    await expect(page).toHaveURL(/\/user\/loginV2$/);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SHOTS}/auth-login-error.png` });
  });

  test('管理员登录进入工作台；已登录再开登录页转到工作台；记住账号', async ({ page }) => {
    await page.goto('/user/loginV2');
    await page.getByText('记住账号').click();
    await fillLogin(page, ADMIN.account, ADMIN.password);
    await expect(page).toHaveURL(new RegExp(`${WORKPLACE}$`));
    // Access-Token 是 httpOnly，页面脚本读不到；强度标记可读
    const cookies = await page.context().cookies();
    const token = cookies.find((c) => c.name === 'Access-Token');
    expect(token?.httpOnly).toBe(true);
    expect(cookies.find((c) => c.name === 'pwdStrength')?.value).toBe('3');
    expect(await page.evaluate(() => document.cookie)).not.toContain('Access-Token');

    for (const path of ['/user/login', '/user/loginV2', '/user']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${WORKPLACE}$`));
    }

    // 退出后回到登录页时账号已填好
    await page.context().clearCookies();
    await page.goto('/user/loginV2');
    await expect(page.getByPlaceholder('请输入账号')).toHaveValue('admin');
    await expect(page.getByRole('checkbox', { name: '记住账号' })).toBeChecked();
  });

  test('未登录打开需登录的页面 → 登录页带回原路径，登录后回到该页；站外地址不跳', async ({ page }) => {
    await page.goto('/account/settings/security');
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Faccount%2Fsettings%2Fsecurity/);
    await fillLogin(page, 'sjz_admin', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/account\/settings\/security$/);
    await page.context().clearCookies();

    await page.goto('/user/loginV2?redirect=https://evil.example.com/');
    await fillLogin(page, 'sjz_admin', DEMO_PASSWORD);
    await expect(page).toHaveURL(new RegExp(`${WORKPLACE}$`));
  });

  test('手机验证码登录（60 秒倒计时）', async ({ page }) => {
    await page.goto('/user/loginV2');
    await page.getByRole('tab', { name: '手机验证码登录' }).click();
    // 企业演示账号绑定的手机号
    await page.getByPlaceholder('请输入手机号').fill('13831100006');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('验证码已发送，请注意查收')).toBeVisible();
    await expect(page.getByTestId('sms-send')).toBeDisabled();
    await expect(page.getByTestId('sms-send')).toHaveText(/\d+ 秒后重新获取/);
    await page.getByPlaceholder('请输入 6 位验证码').fill('000000');
    await page.getByRole('button', { name: LOGIN_BUTTON }).click();
    await expect(page.getByText(/验证码错误，还可尝试 \d+ 次/)).toBeVisible();
    await page.getByPlaceholder('请输入 6 位验证码').fill(SMS_CODE);
    await page.getByRole('button', { name: LOGIN_BUTTON }).click();
    await expect(page).toHaveURL(new RegExp(`${WORKPLACE}$`));
  });
});

test.describe('机构注册', () => {
  test('填写注册信息 → 提交 → 结果页；待审核账号不能登录', async ({ page }) => {
    const account = `e2e_org_${Date.now().toString(36)}`;
    const mobile = `139${String(Date.now()).slice(-8)}`;
    const uscc = creditCode();
    expect(isUnifiedSocialCreditCode(uscc)).toBe(true);

    await page.goto('/user/loginV2');
    await page.getByRole('link', { name: '立即注册' }).click();
    await expect(page).toHaveURL(/\/user\/register$/);
    await expect(page.getByRole('heading', { name: '机构 / 企业注册' })).toBeVisible();

    // 空提交：各项提示
    await page.getByRole('button', { name: '提交注册申请' }).click();
    await expect(page.getByText('请输入单位名称')).toBeVisible();
    await expect(page.getByText('请选择行政区划').first()).toBeVisible();
    await expect(page.getByText('请输入联系人姓名')).toBeVisible();

    await page.getByText('培训机构', { exact: true }).click();
    await page.getByLabel('单位名称').fill('石家庄市新华区启航职业技能培训学校');
    await page.getByLabel('统一社会信用代码').fill(uscc.toLowerCase());
    await expect(page.getByLabel('统一社会信用代码')).toHaveValue(uscc);

    // 行政区划：河北省 / 石家庄市 / 新华区
    await page.locator('#region').click();
    await page.getByRole('menuitemcheckbox', { name: '河北省' }).click();
    await page.getByRole('menuitemcheckbox', { name: '石家庄市' }).click();
    await page.getByRole('menuitemcheckbox', { name: '新华区' }).click();
    await expect(page.locator('.ant-cascader')).toContainText('河北省 / 石家庄市 / 新华区');

    await page.getByLabel('联系人', { exact: true }).fill('刘晓明');
    await page.getByLabel('联系人手机号').fill(mobile);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('验证码已发送，请注意查收')).toBeVisible();
    await page.getByPlaceholder('请输入 6 位验证码').fill(SMS_CODE);

    // 账号查重（离开输入框时）
    const accountInput = page.getByLabel('登录账号');
    await accountInput.fill('admin');
    await accountInput.blur();
    await expect(page.getByText('账号已存在')).toBeVisible();
    await accountInput.fill(account);
    await accountInput.blur();
    await expect(page.getByText('账号已存在')).toHaveCount(0);

    // 密码规则与强度
    await page.getByLabel('登录密码').fill('abc');
    await expect(page.getByText('密码必须是6到18位数字、字母、特殊符号的组合')).toBeVisible();
    await expect(page.getByTestId('password-strength')).toContainText('密码强度：弱');
    await page.getByLabel('登录密码').fill('Qh#2026start');
    await expect(page.getByTestId('password-strength')).toContainText('密码强度：强');
    await page.getByLabel('确认密码').fill('Qh#2026star');
    await expect(page.getByText('两次输入密码不一致')).toBeVisible();
    await page.getByLabel('确认密码').fill('Qh#2026start');
    await expect(page.getByText('两次输入密码不一致')).toHaveCount(0);

    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SHOTS}/auth-register.png`, fullPage: true });

    await page.getByRole('button', { name: '提交注册申请' }).click();
    await expect(page).toHaveURL(new RegExp(`/user/register-result\\?account=${account}$`));
    await expect(page.locator('.ant-result-title')).toHaveText('注册申请已提交，请等待管理员审核');
    await expect(page.getByText(`登录账号：${account}`)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/auth-register-result.png` });

    // 审核前不能登录
    await page.getByRole('link', { name: '返回登录' }).click();
    await fillLogin(page, account, 'Qh#2026start');
    await expect(loginError(page)).toHaveText('账号正在审核中，审核通过后即可登录');
  });
});

test.describe('个人设置', () => {
  test('基本设置与安全设置：修改资料、更换手机、实名说明', async ({ page }) => {
    await loginAs(page, 'supervisor', DEMO_PASSWORD);
    await page.goto('/account');
    await expect(page).toHaveURL(/\/account\/settings\/basic$/);
    const settings = page.getByTestId('account-settings');
    await expect(settings.getByRole('menuitem', { name: '基本设置' })).toBeVisible();
    await expect(settings.getByRole('heading', { name: '基本设置' })).toBeVisible();
    await expect(page.getByLabel('用户名')).toHaveValue('杨帆');

    await page.getByLabel('邮箱').fill('not-an-email');
    await page.getByRole('button', { name: '更新基本信息' }).click();
    await expect(page.getByText('邮箱格式不正确')).toBeVisible();
    await page.getByLabel('邮箱').fill('yangfan@example.com');
    await page.getByRole('button', { name: '更新基本信息' }).click();
    await expect(page.getByText('基本信息已更新')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('邮箱')).toHaveValue('yangfan@example.com');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SHOTS}/auth-account-basic.png` });

    await settings.getByRole('menuitem', { name: '安全设置' }).click();
    await expect(page).toHaveURL(/\/account\/settings\/security$/);
    await expect(page.getByTestId('security-password')).toContainText('当前密码强度：强');
    await expect(page.getByTestId('security-mobile')).toContainText('已绑定手机：138****0008');

    // 更换手机：新号码 + 验证码
    await page.getByTestId('security-mobile').getByRole('button', { name: '修改' }).click();
    const dialog = page.getByRole('dialog', { name: '更换绑定手机' });
    await dialog.getByLabel('新手机号').fill('13831100008');
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(dialog.getByText('新手机号不能与当前手机号相同')).toBeVisible();
    await dialog.getByLabel('新手机号').fill('13931188008');
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('验证码已发送，请注意查收')).toBeVisible();
    await dialog.getByPlaceholder('请输入 6 位验证码').fill(SMS_CODE);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('手机号已更换')).toBeVisible();
    await expect(page.getByTestId('security-mobile')).toContainText('已绑定手机：139****8008');

    // 实名说明
    await expect(page.getByTestId('security-realName')).toContainText('未填写实名认证说明');
    await page.getByTestId('security-realName').getByRole('button', { name: '修改' }).click();
    const desc = page.getByRole('dialog', { name: '修改实名说明' });
    await desc.getByLabel('实名认证说明').fill('本账号由石家庄市职业技能鉴定中心督导员杨帆使用');
    await desc.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('实名说明已保存')).toBeVisible();
    await expect(page.getByTestId('security-realName')).toContainText('本账号由石家庄市职业技能鉴定中心督导员杨帆使用');
    await page.reload();
    await expect(page.getByTestId('security-realName')).toContainText('本账号由石家庄市职业技能鉴定中心督导员杨帆使用');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SHOTS}/auth-account-security.png` });
  });

  // 推送通道送来吊销（revoked）：不等下一次操作，页面即说明原因并回到登录页。推送断开时由下一次请求的 10005 兜底（tests/api/push）。
  test('会话在服务端被作废后，页面立即提示并退出到登录页', async ({ page, playwright, baseURL }) => {
    await loginAs(page, 'train_org', DEMO_PASSWORD);
    await page.goto('/account/settings/basic');
    // 用另一个客户端以令牌请求头退出：服务端吊销该令牌，浏览器里仍留着 Cookie
    const token = (await page.context().cookies()).find((c) => c.name === 'Access-Token')!.value;
    const api = await playwright.request.newContext({ baseURL });
    const out = await api.get('/api/user/logout', { headers: { authorization_token: token } });
    expect(out.status()).toBe(200);
    await api.dispose();

    await expect(page.locator('.ant-modal-confirm')).toContainText('您已在其他页面退出登录', { timeout: 10_000 });
    await expect(page).toHaveURL(/\/user\/login/, { timeout: 10_000 });
  });
});

test.describe('强制修改弱密码', () => {
  test('weak_user 登录 → 约 1.5 秒后弹出不可关闭的改密框 → 改密后须重新登录', async ({ page }) => {
    const newPassword = 'Zx9#mK2$pL7q';
    await loginAs(page, 'weak_user', 'abc123', { via: 'loginV2' });
    expect((await page.context().cookies()).find((c) => c.name === 'pwdStrength')?.value).toBe('4');
    const shownAfter = Date.now();
    const dialog = page.getByRole('dialog', { name: '请修改密码' });
    await expect(dialog).toBeVisible({ timeout: 5_000 });
    expect(Date.now() - shownAfter).toBeGreaterThanOrEqual(1000);

    // 不能关闭：没有关闭按钮，Esc 与点遮罩都无效
    await expect(dialog.getByRole('button', { name: /close|关闭/i })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(20, 20);
    await page.waitForTimeout(500);
    await expect(dialog).toBeVisible();

    // SPEC §5 的消息
    await dialog.getByRole('button', { name: '确认修改' }).click();
    await expect(dialog.getByText('请输入旧密码')).toBeVisible();
    await expect(dialog.getByText('请输入密码', { exact: true })).toBeVisible();
    await dialog.getByLabel('新密码').fill('123456');
    await expect(dialog.getByText('密码必须是6到18位数字、字母、特殊符号的组合')).toBeVisible();
    await dialog.getByLabel('新密码').fill(newPassword);
    await dialog.getByLabel('确认密码').fill(`${newPassword}x`);
    await expect(dialog.getByText('两次输入密码不一致')).toBeVisible();
    await dialog.getByLabel('确认密码').fill(newPassword);
    await dialog.getByLabel('旧密码').fill('abc124');
    await dialog.getByRole('button', { name: '确认修改' }).click();
    await expect(dialog.getByText('旧密码不正确')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/auth-forced-dialog.png` });

    await dialog.getByLabel('旧密码').fill('abc123');
    await dialog.getByRole('button', { name: '确认修改' }).click();
    await expect(page.getByText('密码已修改，请重新登录')).toBeVisible();
    // 1 秒后刷新：会话已失效，回到登录页
    await expect(page).toHaveURL(/\/user\/login/, { timeout: 10_000 });
    expect((await page.context().cookies()).find((c) => c.name === 'pwdStrength')).toBeUndefined();

    // 旧密码不再可用，新密码可以，且不再弹框
    await fillLogin(page, 'weak_user', 'abc123');
    await expect(loginError(page)).toHaveText('账号或密码错误');
    await fillLogin(page, 'weak_user', newPassword);
    await expect(page).toHaveURL(new RegExp(`${WORKPLACE}$`));
    expect((await page.context().cookies()).find((c) => c.name === 'pwdStrength')?.value).toBe('3');
    await page.waitForTimeout(2_000);
    await expect(page.getByRole('dialog', { name: '请修改密码' })).toHaveCount(0);
  });
});

test.describe('忘记密码', () => {
  test('账号 + 绑定手机验证码重置密码后用新密码登录', async ({ page }) => {
    const newPassword = 'Rc#8vN2qLw5z';
    await page.goto('/user/loginV2');
    await page.getByRole('button', { name: '忘记密码？' }).click();
    const dialog = page.getByRole('dialog', { name: '找回密码' });
    await dialog.getByLabel('登录账号').fill('weak_user');
    await dialog.getByLabel('绑定手机号').fill('13900000000');
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(dialog.getByText('该手机号未绑定账号')).toBeVisible();
    await dialog.getByLabel('绑定手机号').fill('13831100010');
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('验证码已发送，请注意查收')).toBeVisible();
    await dialog.getByPlaceholder('请输入 6 位验证码').fill(SMS_CODE);
    await dialog.getByLabel('新密码').fill(newPassword);
    await dialog.getByLabel('确认密码').fill(newPassword);
    await dialog.getByRole('button', { name: '重置密码' }).click();
    await expect(page.getByText('密码已重置，请使用新密码登录')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByPlaceholder('请输入账号')).toHaveValue('weak_user');
    await page.getByPlaceholder('请输入密码').fill(newPassword);
    await page.getByRole('button', { name: LOGIN_BUTTON }).click();
    await expect(page).toHaveURL(new RegExp(`${WORKPLACE}$`));
  });
});

// 推送（docs/PUSH.md）：另一个用户的操作产生的消息不刷新页面就出现在铃铛上；账号被冻结时，开着的页面说明原因并转到登录页。
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, expect, loginAs, test } from './helpers';

const USER = 'enterprise';

interface Envelope<T> {
  returnCode: number;
  data: T;
}

async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  const res = await ctx.post('/api/user/login', { data: { account: ADMIN.account, password: ADMIN.password } });
  expect(((await res.json()) as Envelope<unknown>).returnCode).toBe(200);
  return ctx;
}

test('管理员回复意见反馈：对方铃铛上的未读数不刷新页面即加一；冻结账号：对方页面说明原因并转到登录页', async ({ page, baseURL }) => {
  // 推送连接的答复头一到（200，事件流）就说明连上了；流本身不结束
  const pushOpened = page.waitForResponse((r) => r.url().includes('/api/push') && r.status() === 200, { timeout: 60_000 });
  await loginAs(page, USER, DEMO_PASSWORD);
  await pushOpened;
  const before = ((await (await page.request.get('/api/message/unreadCount')).json()) as Envelope<{ count: number }>).data.count;
  const badge = page.getByTestId('notice-bell').locator('.ant-badge-count');
  if (before > 0) await expect(badge).toHaveAttribute('title', String(before));
  // 整页没有重新加载：这个标记一直在
  await page.evaluate(() => {
    (window as unknown as { __pushMarker: number }).__pushMarker = 1;
  });

  const submitted = await page.request.post('/api/feedback/submit', { data: { type: 'suggestion', content: '推送端到端测试的建议' } });
  const { id } = ((await submitted.json()) as Envelope<{ id: number }>).data;
  const admin = await adminApi(baseURL!);
  try {
    const replied = await admin.post('/api/sys/feedback/reply', { data: { id, reply: '已收到，谢谢' } });
    expect(((await replied.json()) as Envelope<unknown>).returnCode).toBe(200);

    // 铃铛的轮询是 60 秒：10 秒内变化只能是推送送来的
    await expect(badge).toHaveAttribute('title', String(before + 1), { timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { __pushMarker?: number }).__pushMarker)).toBe(1);
    await page.getByTestId('notice-bell').click();
    await expect(page.getByTestId('notice-panel')).toContainText('您提交的建议已收到回复');
    await page.screenshot({ path: 'test-results/push-bell.png' });
    await page.keyboard.press('Escape');

    const me = ((await (await page.request.get('/api/bapi/user/getUserAndPermissions')).json()) as Envelope<{ user: { id: number } }>).data.user.id;
    const frozen = await admin.post('/api/account/frozen', { data: { id: me } });
    expect(((await frozen.json()) as Envelope<unknown>).returnCode).toBe(200);
    try {
      await expect(page.locator('.ant-modal-confirm')).toContainText('您的账号已被冻结', { timeout: 10_000 });
      await page.screenshot({ path: 'test-results/push-revoked.png' });
      await expect(page).toHaveURL(/\/user\/login/, { timeout: 10_000 });
    } finally {
      await admin.post('/api/account/unFrozen', { data: { id: me } });
    }
  } finally {
    await admin.dispose();
  }
});

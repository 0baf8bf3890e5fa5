// 浏览器里的安全头：页面带每次不同的 CSP nonce，Next 的脚本照常执行（页面水合、能登录），
// 没有任何内联脚本或样式被 CSP 拦下；接口响应不许被嵌入。
import { ADMIN, WORKPLACE, expect, loginAs, test } from './helpers';

test('登录页与工作台：CSP 带 nonce、安全头齐全，页面照常水合且没有 CSP 拦截', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (execute|apply|load)/i.test(msg.text())) violations.push(msg.text());
  });
  const first = await page.goto('/user/login');
  const csp = first!.headers()['content-security-policy'];
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp).not.toContain('unsafe-eval');
  expect(first!.headers()['x-content-type-options']).toBe('nosniff');
  expect(first!.headers()['x-frame-options']).toBe('SAMEORIGIN');
  const second = await page.reload();
  expect(second!.headers()['content-security-policy']).not.toBe(csp);

  await loginAs(page, ADMIN.account, ADMIN.password, { via: 'login' });
  await expect(page).toHaveURL(new RegExp(WORKPLACE));
  expect(violations).toEqual([]);

  const api = await page.request.get('/api/comApi/getAreaByParent?pid=130000');
  expect(api.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
});

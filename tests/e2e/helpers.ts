// e2e 公共步骤：像用户一样在登录页登录；演示账号与密码（种子数据，见 README 演示账号）。
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@2026';
export const ADMIN = { account: 'admin', password: 'Admin@2026' } as const;
export const WORKPLACE = '/dashboard/workplace';

/**
 * 登录按钮（antd 会在两个汉字之间插空格，这里两种都认）。不锚定开头：提交过一次后，
 * 按钮的无障碍名称里可能还带着已收起的加载图标的 "loading"。
 */
export const LOGIN_BUTTON = /登\s*录$/;

export interface LoginOptions {
  /** 登录页：loginV2（默认，主入口）或 login（经典） */
  via?: 'loginV2' | 'login';
  /** 登录后期望到达的路径，默认工作台 */
  expectPath?: string | RegExp;
}

/** 在登录页输入账号密码并登录，等到落地页（默认 /dashboard/workplace）。 */
export async function loginAs(page: Page, account: string, password: string, opts: LoginOptions = {}): Promise<void> {
  await page.goto(`/user/${opts.via ?? 'loginV2'}`);
  await fillLogin(page, account, password);
  const target = opts.expectPath ?? WORKPLACE;
  await expect(page).toHaveURL(typeof target === 'string' ? new RegExp(`${escapeRegExp(target)}(\\?|$)`) : target, { timeout: 30_000 });
}

/** 只填写并提交账号密码表单（不等待结果），用于断言错误提示 */
export async function fillLogin(page: Page, account: string, password: string): Promise<void> {
  await page.getByPlaceholder('请输入账号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: LOGIN_BUTTON }).click();
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

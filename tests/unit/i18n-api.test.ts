// 接口按 Cookie lang 的语言返回：菜单标题（getUserRouters、getUserAndPermissions）与校验消息（字段名、消息、拼接格式）。
// 没有 Cookie 时与原来一样是简体中文。
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDb } from '../helpers/db';
import { call } from '../helpers/api';
import { authHeaders } from '../api/access/login-helper';
import type { MenuItem } from '@/lib/domains/access/menu';
import type { UserAndPermissions } from '@/lib/domains/access/service';

setupTestDb();

let auth: Record<string, string>;
beforeAll(async () => {
  auth = await authHeaders('admin');
});

const withLang = (lang?: string) => (lang ? { ...auth, cookie: `theme=dark; lang=${lang}` } : auth);
const titleOf = (routes: MenuItem[], key: string) => routes.find((r) => r.key === key)?.meta.title;

describe('菜单标题随语言', () => {
  it.each([
    [undefined, '系统管理', '用户管理'],
    ['en-US', 'System', 'Users'],
    ['zh-TW', '系統管理', '用戶管理'],
    ['pt-BR', 'System', 'Users'],
  ])('lang=%s', async (lang, system, users) => {
    const { body } = await call<MenuItem[]>('GET', '/index/getUserRouters', { headers: withLang(lang) });
    expect(titleOf(body.data, 'system')).toBe(system);
    expect(titleOf(body.data, 'sysUser')).toBe(users);
    const info = await call<UserAndPermissions>('GET', '/bapi/user/getUserAndPermissions', { headers: withLang(lang) });
    expect(titleOf(info.body.data.routes, 'sysUser')).toBe(users);
  });
});

describe('校验消息随语言', () => {
  it.each([
    [undefined, '用户 id：请指定用户 id'],
    ['en-US', 'User id: Specify the user id'],
    ['zh-TW', '用戶 id：請指定用戶 id'],
  ])('lang=%s：缺少必填项', async (lang, message) => {
    const { body } = await call('POST', '/account/del', { headers: withLang(lang), json: {} });
    expect(body.returnMsg).toBe(message);
  });

  it('zod 内置消息也换成所选语言，多项按该语言拼接', async () => {
    const zh = await call('POST', '/account/add', { headers: withLang(), json: {} });
    const en = await call('POST', '/account/add', { headers: withLang('en-US'), json: {} });
    expect(zh.body.returnMsg).toMatch(/不能为空|请输入/);
    expect(en.body.returnMsg).not.toMatch(/不能为空/);
    expect(en.body.returnMsg).toMatch(/Required|Please enter/);
  });

  it.each([
    [undefined, '回调地址：回调地址格式不正确'],
    ['en-US', 'Redirect URI: The redirect URI is not a valid URL'],
  ])('lang=%s：统一身份认证回调的校验消息', async (lang, message) => {
    const { body } = await call('POST', '/user/ssoLogin', { headers: lang ? { cookie: `lang=${lang}` } : {}, json: { code: 'abc', redirectUri: '不是网址' } });
    expect(body.returnMsg).toBe(message);
  });
});

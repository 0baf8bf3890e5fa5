// 越权：没有人能扩大自己的权限或范围——不能改自己的角色，只能分配自己持有全部授权的角色，
// 不能在账号管理里绕过旧密码重置自己的密码。
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { roles, userRoles } from '@/lib/domains/access/tables';
import { loadPermissions } from '@/lib/domains/access/session';
import { users } from '@/lib/domains/user/tables';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { auth, login } from '../user/fixtures';

const { db } = setupTestDb();

const roleIds: Record<string, number> = {};
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};

beforeAll(async () => {
  const d = await db();
  for (const r of await d.select({ id: roles.id, code: roles.code }).from(roles)) roleIds[r.code] = r.id;
  for (const account of ['eval_org', 'sjz_admin', 'admin']) {
    tokens[account] = (await login(account, account === 'admin' ? 'Admin@2026' : 'Demo@2026')).token;
    const [u] = await d.select({ id: users.id }).from(users).where(eq(users.account, account));
    userIds[account] = u.id;
  }
});

const permissionCount = async (userId: number) => {
  const perms = await loadPermissions(await db(), userId);
  return [...perms.values()].reduce((n, s) => n + s.size, 0);
};
const rolesOf = async (userId: number) =>
  (await (await db()).select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.roleId).sort();

describe('不能改自己的角色', () => {
  it('机构用户给自己加上其他角色：403，权限不变', async () => {
    const before = await permissionCount(userIds.eval_org);
    const codes = ['EVAL_ORG', 'TRAIN_ORG', 'ENTERPRISE', 'TEACHER', 'SUPERVISOR', 'ASSESSOR'];
    const res = await call('POST', '/account/update', {
      json: { id: userIds.eval_org, roleIds: codes.map((c) => roleIds[c]) },
      ...auth(tokens.eval_org),
    });
    expect(res.status).toBe(403);
    expect(res.body.returnMsg).toBe('不能修改自己的角色，请由上级管理员调整');
    expect(await permissionCount(userIds.eval_org)).toBe(before);
  });

  it('市级管理员给自己加督导员角色：403；批量修改里含本人也 403', async () => {
    const had = await rolesOf(userIds.sjz_admin);
    const res = await call('POST', '/account/update', {
      json: { id: userIds.sjz_admin, roleIds: [roleIds.CITY_ADMIN, roleIds.SUPERVISOR] },
      ...auth(tokens.sjz_admin),
    });
    expect(res.status).toBe(403);
    const batch = await call('POST', '/sys/user/batch/update', {
      json: { ids: [userIds.sjz_admin], roleIds: [roleIds.SUPERVISOR], roleMode: 'add' },
      ...auth(tokens.sjz_admin),
    });
    expect(batch.status).toBe(403);
    expect(await rolesOf(userIds.sjz_admin)).toEqual(had);
  });

  it('修改本人资料时原样带回自己的角色可以保存', async () => {
    const res = await call('POST', '/account/update', {
      json: { id: userIds.sjz_admin, nickName: '石家庄市管理员', roleIds: await rolesOf(userIds.sjz_admin) },
      ...auth(tokens.sjz_admin),
    });
    expect(res.body.returnMsg).toBe('success');
  });
});

describe('只能分配自己持有全部授权的角色', () => {
  it('评价机构新建账号并分配培训机构、企业、教师角色：403，未建账号', async () => {
    for (const code of ['TRAIN_ORG', 'ENTERPRISE', 'TEACHER']) {
      const account = `esc_${code.toLowerCase()}`;
      const res = await call('POST', '/account/add', {
        json: { account, nickName: '越权', password: 'Abc@12345', roleIds: [roleIds[code]] },
        ...auth(tokens.eval_org),
      });
      expect(res.status, code).toBe(403);
      expect(res.body.returnMsg).toMatch(/^不能分配角色「.+」：其中有您本人没有的权限/);
      expect(await (await db()).select().from(users).where(eq(users.account, account))).toHaveLength(0);
    }
  });

  it('评价机构可以分配本机构角色（持有其全部授权）', async () => {
    const res = await call('POST', '/account/add', {
      json: { account: 'esc_ok_eval', nickName: '同角色', password: 'Abc@12345', roleIds: [roleIds.EVAL_ORG] },
      ...auth(tokens.eval_org),
    });
    expect(res.body.returnMsg).toBe('success');
  });

  it('市级管理员导入账号时角色中有本人没有的权限：该行报错，一个账号也不建', async () => {
    const { xlsxFile } = await import('../../helpers/xlsx');
    const form = new FormData();
    const header = ['*账号', '*姓名', '手机号', '邮箱', '*初始密码', '*角色编码', '机构编码', '区划代码'];
    const file = await xlsxFile([header, ['esc_imp_ok', '甲', null, null, 'Abc@12345', 'CITY_ADMIN'], ['esc_imp_bad', '乙', null, null, 'Abc@12345', 'TEACHER']]);
    form.set('file', file, 'accounts.xlsx');
    const res = await call('POST', '/account/impAccount', { form, ...auth(tokens.sjz_admin) });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toContain('不能分配角色「教师」');
    const made = await (await db()).select().from(users).where(inArray(users.account, ['esc_imp_ok', 'esc_imp_bad']));
    expect(made).toHaveLength(0);
  });
});

describe('重置密码', () => {
  it('在账号管理里重置自己的密码：403（须在个人设置里核对旧密码）', async () => {
    const res = await call('POST', '/account/resetPwd', { json: { id: userIds.sjz_admin, password: 'New@20261' }, ...auth(tokens.sjz_admin) });
    expect(res.status).toBe(403);
    expect(res.body.returnMsg).toBe('不能在账号管理中重置自己的密码，请在个人设置中修改密码');
    await login('sjz_admin', 'Demo@2026');
  });
});

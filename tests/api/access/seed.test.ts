// 演示数据：账号、角色、机构与消息齐全；种子可重复执行，第二次运行不改变任何计数。
import fs from 'node:fs';
import path from 'node:path';
import bcrypt from 'bcrypt';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { DEMO_ACCOUNTS, DEMO_ROLES, seed } from '@/db/seed';
import { creditCode } from '@/db/seed/accounts';
import { resources, roleResources, roles, userRoles } from '@/lib/domains/access/tables';
import { messages } from '@/lib/domains/message/tables';
import { organisations } from '@/lib/domains/org/tables';
import { users } from '@/lib/domains/user/tables';
import { loadPermissions } from '@/lib/domains/access/session';
import type { Db } from '@/lib/platform/db/client';

const { db } = setupTestDb();

async function counts(d: Db) {
  const n = async (table: PgTable) => (await d.select({ n: count() }).from(table))[0].n;
  return {
    resources: await n(resources),
    roles: await n(roles),
    roleResources: await n(roleResources),
    users: await n(users),
    userRoles: await n(userRoles),
    organisations: await n(organisations),
    messages: await n(messages),
  };
}

describe('演示数据', () => {
  it('每个演示账号都存在、密码可用、角色正确，弱密码账号标记为弱', async () => {
    const d = await db();
    for (const a of DEMO_ACCOUNTS) {
      const [u] = await d.select().from(users).where(eq(users.account, a.account));
      expect(u, a.account).toBeDefined();
      expect(await bcrypt.compare(a.password, u.passwordHash)).toBe(true);
      expect(u).toMatchObject({ userType: a.userType, level: a.level, areaId: a.areaId, cityId: a.cityId, status: 0 });
      expect(u.passwordStrength).toBe(a.account === 'weak_user' ? 4 : 3);
      const codes = await d.select({ code: roles.code }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, u.id));
      expect(codes.map((c) => c.code)).toEqual([...a.roles]);
      // 每个角色都有工作台与个人设置
      const perms = await loadPermissions(d, u.id);
      expect(perms.get('dashboard')?.has('query')).toBe(true);
      expect([...(perms.get('user') ?? [])].sort()).toEqual(['edit', 'get']);
    }
  });

  it('账号与合同一致：省、两个市、三类机构账号各在其位', async () => {
    const d = await db();
    const rows = await d
      .select({ account: users.account, level: users.level, cityId: users.cityId, category: organisations.category, orgCity: organisations.cityId })
      .from(users)
      .leftJoin(organisations, eq(organisations.id, users.orgId));
    const by = Object.fromEntries(rows.map((r) => [r.account, r]));
    expect(by.admin).toMatchObject({ level: 'province', cityId: null, category: null });
    expect(by.sjz_admin).toMatchObject({ level: 'city', cityId: 130100 });
    expect(by.bd_admin).toMatchObject({ level: 'city', cityId: 130600 });
    expect(by.eval_org).toMatchObject({ level: 'org', category: 'eval', orgCity: 130100 });
    expect(by.train_org).toMatchObject({ level: 'org', category: 'train', orgCity: 130100 });
    expect(by.enterprise).toMatchObject({ level: 'org', category: 'enterprise', orgCity: 130100 });
  });

  it('机构有真实形态的名称与合法的统一社会信用代码', async () => {
    const orgs = await (await db()).select().from(organisations);
    expect(orgs.length).toBeGreaterThanOrEqual(6);
    for (const o of orgs) {
      expect(o.unifiedSocialCreditCode).toMatch(/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/);
      expect(creditCode(o.unifiedSocialCreditCode!.slice(0, 17))).toBe(o.unifiedSocialCreditCode);
      // 省厅这类省级管理单位不属于任何市
      if (o.cityId !== null) expect(String(o.areaId).slice(0, 4) + '00').toBe(String(o.cityId));
      else expect(o.category).toBe('admin');
    }
    // 已知的真实代码：校验位算法与国家标准一致
    expect(creditCode('91110000600037341')).toBe('91110000600037341L');
  });

  it('每个账号都有消息，有已读有未读；省级管理员 120 条未读', async () => {
    const d = await db();
    for (const a of DEMO_ACCOUNTS) {
      const [u] = await d.select({ id: users.id }).from(users).where(eq(users.account, a.account));
      const [{ total }] = await d.select({ total: count() }).from(messages).where(eq(messages.userId, u.id));
      const [{ unread }] = await d.select({ unread: count() }).from(messages).where(and(eq(messages.userId, u.id), isNull(messages.readAt)));
      expect(total, a.account).toBeGreaterThan(unread);
      expect(unread, a.account).toBeGreaterThan(0);
      if (a.account === 'admin') expect(unread).toBe(120);
    }
  });

  it('README 的演示账号表列出每个账号及其密码', () => {
    const readme = fs.readFileSync(path.join(process.cwd(), 'README.md'), 'utf8');
    for (const a of DEMO_ACCOUNTS) expect(readme).toContain(`| \`${a.account}\` | \`${a.password}\` |`);
  });

  it('演示角色齐全', async () => {
    const rows = await (await db()).select({ code: roles.code, name: roles.name }).from(roles);
    for (const r of DEMO_ROLES) expect(rows).toContainEqual({ code: r.code, name: r.name });
  });

  it('种子可重复执行：再运行两次，各表计数不变', async () => {
    const d = await db();
    const before = await counts(d);
    expect(before.resources).toBeGreaterThan(100);
    await seed(d);
    await seed(d);
    expect(await counts(d)).toEqual(before);
  });
});

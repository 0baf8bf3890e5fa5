// 身份域测试的数据准备：直接写库建账号、角色与资源（不依赖演示种子的内容），以及登录与取验证码的小工具。
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '@/lib/platform/db/client';
import type { SessionUser, DataLevel } from '@/lib/platform/auth/session';
import { ensureUser } from '@/lib/domains/user/service';
import { users, type User } from '@/lib/domains/user/tables';
import { resources, roleResources, roles, userRoles } from '@/lib/domains/access/tables';
import { organisations } from '@/lib/domains/org/tables';
import { setSmsSender } from '@/lib/domains/user/sms';
import { call } from '../../helpers/api';

let mobileSeq = Math.floor(Math.random() * 1_000_000);
/** 各测试文件互不相同、也不与演示数据冲突的手机号（199 号段） */
export function uniqueMobile(): string {
  mobileSeq = (mobileSeq + 7919) % 100_000_000;
  return `199${String(mobileSeq).padStart(8, '0')}`;
}

export interface TestUser {
  account: string;
  password?: string;
  userType?: string;
  level?: DataLevel;
  areaId?: number | null;
  cityId?: number | null;
  orgId?: number | null;
  mobile?: string;
  nickName?: string;
  realName?: string;
}

export async function makeUser(db: Db, u: TestUser): Promise<User> {
  return ensureUser(db, {
    account: u.account,
    password: u.password ?? 'Test@2026x',
    nickName: u.nickName ?? u.account,
    realName: u.realName,
    mobile: u.mobile,
    userType: u.userType ?? 'RENCAI_ORG',
    level: u.level ?? 'province',
    areaId: u.areaId === undefined ? 130000 : u.areaId,
    cityId: u.cityId ?? null,
    orgId: u.orgId ?? null,
  });
}

/** 给账号授予 permissionId → 动作（资源不存在则建一个，角色按 code 复用） */
export async function grant(db: Db, userId: number, roleCode: string, perms: Record<string, string[]>, level: DataLevel = 'province') {
  await db.insert(roles).values({ code: roleCode, name: roleCode, level }).onConflictDoNothing();
  const [role] = await db.select().from(roles).where(eq(roles.code, roleCode));
  for (const [key, actions] of Object.entries(perms)) {
    await db
      .insert(resources)
      .values({ key, name: key, title: key, component: 'RouteView', path: `/${key}`, actions })
      .onConflictDoNothing();
    const [res] = await db.select().from(resources).where(eq(resources.key, key));
    await db.insert(roleResources).values({ roleId: role.id, resourceId: res.id, actions }).onConflictDoUpdate({
      target: [roleResources.roleId, roleResources.resourceId],
      set: { actions },
    });
  }
  await db.insert(userRoles).values({ userId, roleId: role.id }).onConflictDoNothing();
  return role;
}

export async function makeOrg(db: Db, o: { name: string; category: 'eval' | 'train' | 'enterprise'; areaId: number; cityId: number }) {
  const [org] = await db
    .insert(organisations)
    .values({ code: `O${o.name}${Math.random().toString(36).slice(2, 8)}`, name: o.name, category: o.category, areaId: o.areaId, cityId: o.cityId })
    .returning();
  return org;
}

export function sessionUserOf(u: User): SessionUser {
  return {
    id: u.id,
    code: u.code,
    account: u.account,
    nickName: u.nickName,
    realName: u.realName,
    userType: u.userType,
    level: u.level as DataLevel,
    areaId: u.areaId,
    cityId: u.cityId,
    orgId: u.orgId,
    passwordStrength: u.passwordStrength,
  };
}

export async function reload(db: Db, id: number): Promise<User> {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u;
}

export interface LoginData {
  authorizationToken: string;
  expiresAt: string;
  passwordStrength: number;
  user: Record<string, unknown> & { code: string; account: string };
}

/** 登录并断言成功，返回令牌与应答 */
export async function login(account: string, password: string) {
  const res = await call<LoginData>('POST', '/user/login', { json: { account, password } });
  expect(res.body.returnMsg).toBe('success');
  return { token: res.body.data.authorizationToken, data: res.body.data, res };
}

export const auth = (token: string) => ({ headers: { authorization_token: token } });

/** 记录发出的短信；code(mobile) 取该号码最近一条的验证码 */
export function captureSms() {
  const sent: { mobile: string; text: string }[] = [];
  setSmsSender({
    async send(mobile, text) {
      sent.push({ mobile, text });
    },
  });
  return {
    sent,
    code(mobile: string): string {
      const last = sent.filter((m) => m.mobile === mobile).at(-1);
      if (!last) throw new Error(`没有发给 ${mobile} 的短信`);
      return last.text.match(/\d{6}/)![0];
    },
  };
}

/** GB 32100 校验位（与被测实现独立写一遍，单元测试另用真实代码核对） */
export function makeUscc(body17: string): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const w = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const sum = [...body17].reduce((s, ch, i) => s + chars.indexOf(ch) * w[i], 0);
  return body17 + chars[(31 - (sum % 31)) % 31];
}

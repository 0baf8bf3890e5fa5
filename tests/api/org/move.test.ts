// 迁移机构（updateParentOrg）：拒绝环、拒绝越出上级区划；迁区划时本机构账号与部门的范围同步，下级随之移动。
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { departments, organisations } from '@/lib/domains/org/tables';
import { users } from '@/lib/domains/user/tables';
import type { OrgItem } from '@/lib/domains/org/schemas';

const { db } = setupTestDb();

const h: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  for (const a of ['admin', 'sjz_admin', 'bd_admin']) h[a] = await authHeaders(a);
});

const post = <T = unknown>(account: string, path: string, json: unknown) => call<T>('POST', path, { headers: h[account], json });
const idOf = async (code: string) => (await (await db()).select({ id: organisations.id }).from(organisations).where(eq(organisations.code, code)))[0].id;
const save = async (account: string, code: string, name: string, region: (number | null)[], parentId?: number) => {
  const r = await post<OrgItem>(account, '/sys/orgination/save', { code, name, category: 'admin', orgType: 0, region, parentId });
  expect(r.status).toBe(200);
  return r.body.data.id;
};
const move = (account: string, body: Record<string, unknown>) => post<OrgItem>(account, '/sys/orgination/updateParentOrg', body);

describe('迁移机构', () => {
  let sjzTop: number;
  let sjzMid: number;
  let bdTop: number;
  beforeAll(async () => {
    sjzTop = await save('admin', 'T_SJZ_TOP', '石家庄市人社局', [130000, 130100, null]);
    sjzMid = await save('admin', 'T_SJZ_MID', '长安区人社局', [130000, 130100, 130102], sjzTop);
    bdTop = await save('admin', 'T_BD_TOP', '保定市人社局', [130000, 130600, null]);
  });

  it('不能迁到自己或自己的下级之下', async () => {
    const self = await move('admin', { id: sjzTop, parentId: sjzTop });
    expect(self.status).toBe(400);
    expect(self.body.returnMsg).toBe('上级机构不能是机构本身');
    const cycle = await move('admin', { id: sjzTop, parentId: sjzMid });
    expect(cycle.status).toBe(400);
    // 长安区的区划在石家庄之内，但它是下级：环
    expect(cycle.body.returnMsg).toMatch(/不在上级机构|下级机构之下/);
    const deep = await save('admin', 'T_SJZ_DEEP', '长安区某街道', [130000, 130100, 130102], sjzMid);
    const cycle2 = await move('admin', { id: sjzMid, parentId: deep });
    expect(cycle2.status).toBe(400);
    expect(cycle2.body.returnMsg).toBe('不能把机构移到它自己的下级机构之下');
  });

  it('机构的区划须在新上级的区划之内', async () => {
    const r = await move('admin', { id: sjzMid, parentId: bdTop });
    expect(r.status).toBe(400);
    expect(r.body.returnMsg).toBe('机构所在区划不在上级机构「保定市人社局」的区划范围内');
    // 县级的上级不能收市级的下级
    const upward = await move('admin', { id: sjzTop, parentId: sjzMid });
    expect(upward.status).toBe(400);
  });

  it('市级管理员不能把机构迁到对方城市的上级之下', async () => {
    const r = await move('sjz_admin', { id: await idOf('ORG130102001'), parentId: bdTop, region: [130000, 130600, 130606] });
    expect(r.status).toBe(403);
    expect((await move('sjz_admin', { id: bdTop, parentId: null })).status).toBe(404);
  });

  it('迁到另一市的上级并迁区划：账号与部门的范围随之更新，下级机构仍挂在它之下', async () => {
    const evalId = await idOf('ORG130102001');
    const child = await save('admin', 'T_EVAL_BRANCH', '华元评价长安分部', [130000, 130100, 130102], evalId);
    // 下级还在石家庄：整体迁到保定会让下级越出区划，拒绝
    const blocked = await move('admin', { id: evalId, parentId: bdTop, region: [130000, 130600, 130606] });
    expect(blocked.status).toBe(400);
    expect(blocked.body.returnMsg).toBe('下级机构「华元评价长安分部」不在新的区划范围内，请先调整下级机构');
    const d = await db();
    expect((await d.select().from(users).where(eq(users.orgId, evalId))).every((u) => u.cityId === 130100)).toBe(true);

    // 迁到石家庄市人社局之下（区划不变）：下级随之移动
    const ok = await move('sjz_admin', { id: evalId, parentId: sjzTop });
    expect(ok.status).toBe(200);
    expect(ok.body.data.parentName).toBe('石家庄市人社局');
    const [branch] = await d.select().from(organisations).where(eq(organisations.id, child));
    expect(branch.parentId).toBe(evalId);

    // 先把下级迁走，再整体迁到保定
    await post('admin', '/sys/orgination/batch/remove', { ids: [child] });
    const moved = await move('admin', { id: evalId, parentId: bdTop, region: [130000, 130600, 130606] });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ cityId: 130600, areaId: 130606, parentName: '保定市人社局' });
    const orgUsers = await d.select().from(users).where(eq(users.orgId, evalId));
    expect(orgUsers.map((u) => u.account).sort()).toEqual(['assessor', 'eval_org']);
    expect(orgUsers.every((u) => u.cityId === 130600 && u.areaId === 130606)).toBe(true);
    const depts = await d.select().from(departments).where(eq(departments.orgId, evalId));
    expect(depts.length).toBeGreaterThan(0);
    expect(depts.every((x) => x.cityId === 130600 && x.areaId === 130606)).toBe(true);

    // 范围随之变化：石家庄管理员看不到了，保定管理员看得到
    const detail = (account: string) => call('GET', '/sys/orgination/detail', { headers: h[account], query: { code: 'ORG130102001' } });
    expect((await detail('sjz_admin')).status).toBe(404);
    expect((await detail('bd_admin')).status).toBe(200);
  });
});

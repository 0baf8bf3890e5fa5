// 管理员新建培训班：先选开班机构（范围内可以开班的机构），班主任与授课教师列出该机构可排的教师；
// 不选机构时教师列表与保存都给出明确的消息；机构用户照旧为本机构（送来的 orgId 不收）。
import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import type { Db } from '@/lib/platform/db/client';
import { organisations } from '@/lib/domains/org/tables';
import { trainClasses, trainClassTeachers } from '@/lib/domains/trainClass/tables';
import { MAIN_ORG_CODE } from '@/lib/domains/subsidy/seed';
import { call } from '../../helpers/api';
import { classBody, freshDay, h, login, ok, refused, teachersOf, type Teacher } from './helpers';

const { db: getDb } = setupTestDb();
let db: Db;
let mainOrgId: number;

beforeAll(async () => {
  db = await getDb();
  await login('admin', 'sjz_admin', 'train_org', 'enterprise');
  [{ id: mainOrgId }] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, MAIN_ORG_CODE));
});

const getTeachers = (account: string, query: Record<string, string>) => call<Teacher[]>('GET', '/class/selectTeacherList', { headers: h[account], query });

describe('管理员新建培训班', () => {
  it('教师列表：不给机构或班级时 400 并说明；给了开班机构列出该机构可排的教师（与机构自己看到的相同）', async () => {
    const bare = await getTeachers('admin', {});
    expect(bare.status).toBe(400);
    expect(bare.body.returnMsg).toBe('请先选择开班机构或班级');
    const own = await teachersOf('train_org');
    expect(own.length).toBeGreaterThan(0);
    const picked = await getTeachers('admin', { orgId: String(mainOrgId) });
    expect(picked.status).toBe(200);
    expect(picked.body.data.map((t) => t.id).sort()).toEqual(own.map((t) => t.id).sort());
    // 不能开班的机构（管理单位）：400
    const [adminOrg] = await db.select().from(organisations).where(eq(organisations.category, 'admin')).limit(1);
    const wrong = await getTeachers('admin', { orgId: String(adminOrg.id) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.returnMsg).toBe(`「${adminOrg.name}」不是培训机构或企业，不能开班`);
  });

  it('可以开班的机构：范围内正常状态的培训机构与企业', async () => {
    const orgs = await ok<{ id: number; name: string }[]>('admin', '/trainInfo/classOrgs', {}, 'GET');
    expect(orgs.map((o) => o.id)).toContain(mainOrgId);
    const rows = await db.select({ id: organisations.id, category: organisations.category, status: organisations.status }).from(organisations);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(orgs.every((o) => ['train', 'enterprise'].includes(byId.get(o.id)!.category) && byId.get(o.id)!.status === 0)).toBe(true);
    // 市级管理员没有新建班级的权限
    expect((await call('GET', '/trainInfo/classOrgs', { headers: h.sjz_admin })).status).toBe(403);
  });

  it('保存：不选机构 400；选了机构，班级属于该机构、教师须是该机构可排的；机构用户送来的 orgId 不收', async () => {
    const teachers = await teachersOf('train_org');
    await refused('admin', '/trainInfo/saveTrainInfo', classBody(freshDay()), 400, '请选择开班机构');
    const saved = await ok<{ id: number; orgId: number; headTeacherName: string | null }>('admin', '/trainInfo/saveTrainInfo', {
      ...classBody(freshDay()),
      orgId: mainOrgId,
      headTeacherId: teachers[0].id,
      teacherIds: [teachers[0].id],
    });
    expect(saved.orgId).toBe(mainOrgId);
    expect(saved.headTeacherName).toBe(teachers[0].name);
    const [row] = await db.select().from(trainClasses).where(eq(trainClasses.id, saved.id));
    expect([row.orgId, row.status]).toEqual([mainOrgId, 0]);
    expect((await db.select().from(trainClassTeachers).where(eq(trainClassTeachers.classId, saved.id))).map((t) => t.teacherId)).toEqual([teachers[0].id]);
    // 新班出现在该机构的开班申请里，由机构接着办理
    const list = await ok<{ list: { id: number; actions: string[] }[] }>('train_org', '/trainInfo/trainInfoList', { pageSize: '50' }, 'GET');
    expect(list.list.find((c) => c.id === saved.id)?.actions).toContain('edit');

    // 别的机构的教师：拒绝，一个班也不建
    const enterpriseId = (await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.category, 'enterprise')).limit(1))[0].id;
    const classesOf = async () => (await db.select({ n: count() }).from(trainClasses).where(eq(trainClasses.orgId, enterpriseId)))[0].n;
    const before = await classesOf();
    const r = await call<unknown>('POST', '/trainInfo/saveTrainInfo', { headers: h.admin, json: { ...classBody(freshDay()), orgId: enterpriseId, headTeacherId: teachers[0].id } });
    expect(r.status).toBe(400);
    expect(await classesOf()).toBe(before);

    // 机构用户：班级属于本机构，送来的 orgId 不收
    const own = await ok<{ orgId: number }>('train_org', '/trainInfo/saveTrainInfo', { ...classBody(freshDay()), orgId: enterpriseId });
    expect(own.orgId).toBe(mainOrgId);
  });
});

// 课程类型树、标签与分类：被使用的不能删除并说明原因，树不能成环，名称不重复，校验消息，权限。
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { courseClassifies, courses, courseTags, courseTypes } from '@/lib/domains/course/tables';
import type { Db } from '@/lib/platform/db/client';

const { db: getDb } = setupTestDb();
let db: Db;
const h: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  db = await getDb();
  for (const a of ['admin', 'sjz_admin', 'teacher', 'train_org']) h[a] = await authHeaders(a);
});

interface Node {
  id: number;
  name: string;
  courseCount: number;
  children?: Node[];
}

describe('课程类型树', () => {
  it('树按上下级给出，带课程数；按名称筛选保留上级', async () => {
    const { status, body } = await call<{ list: Node[] }>('POST', '/bks/v1/comCourseType/by', { headers: h.train_org, json: {} });
    expect(status).toBe(200);
    const skill = body.data.list.find((n) => n.name === '专业技能')!;
    expect(skill.children!.map((c) => c.name)).toEqual(['电工电子', '机械加工', '信息技术', '生活服务']);
    expect(skill.children!.find((c) => c.name === '电工电子')!.courseCount).toBeGreaterThan(0);
    const filtered = await call<{ list: Node[] }>('POST', '/bks/v1/comCourseType/by', { headers: h.admin, json: { name: '机械' } });
    expect(filtered.body.data.list).toHaveLength(1);
    expect(filtered.body.data.list[0].name).toBe('专业技能');
    expect(filtered.body.data.list[0].children!.map((c) => c.name)).toEqual(['机械加工']);
  });

  it('有子类型的不能删除，说明原因', async () => {
    const [top] = await db.select().from(courseTypes).where(eq(courseTypes.name, '专业技能'));
    const { status, body } = await call('POST', '/bks/v1/comCourseType/del', { headers: h.admin, json: { id: top.id } });
    expect(status).toBe(400);
    expect(body.returnMsg).toBe('课程类型「专业技能」下还有 4 个子类型，不能删除');
  });

  it('有课程使用的不能删除，说明有几门课', async () => {
    const [t] = await db.select().from(courseTypes).where(eq(courseTypes.name, '安全生产'));
    const n = (await db.select().from(courses).where(eq(courses.typeId, t.id))).length;
    const { status, body } = await call('POST', '/bks/v1/comCourseType/del', { headers: h.admin, json: { id: t.id } });
    expect(status).toBe(400);
    expect(body.returnMsg).toBe(`课程类型「安全生产」已有 ${n} 门课程使用，不能删除`);
  });

  it('新增、改名、删除空类型；同一上级下不能重名；上级不能是自己的下级', async () => {
    const [top] = await db.select().from(courseTypes).where(eq(courseTypes.name, '创业就业'));
    const added = await call<{ id: number }>('POST', '/bks/v1/comCourseType/add', { headers: h.admin, json: { parentId: top.id, name: '直播带货', sort: 9 } });
    expect(added.status).toBe(200);
    const dup = await call('POST', '/bks/v1/comCourseType/add', { headers: h.admin, json: { parentId: top.id, name: '直播带货' } });
    expect(dup.status).toBe(400);
    expect(dup.body.data).toMatchObject({ fields: { name: '同一上级下已有同名的课程类型' } });
    // 顶层之间同样不重名（parent_id 为空）
    const dupTop = await call('POST', '/bks/v1/comCourseType/add', { headers: h.admin, json: { parentId: 0, name: '职业素养' } });
    expect(dupTop.status).toBe(400);
    const cycle = await call('POST', '/bks/v1/comCourseType/update', { headers: h.admin, json: { id: top.id, parentId: added.body.data.id, name: '创业就业' } });
    expect(cycle.status).toBe(400);
    expect(cycle.body.returnMsg).toBe('上级类型不能是自己的下级');
    const removed = await call('POST', '/bks/v1/comCourseType/del', { headers: h.admin, json: { id: added.body.data.id } });
    expect(removed.status).toBe(200);
  });

  it('名称必填，校验消息是中文', async () => {
    const { status, body } = await call('POST', '/bks/v1/comCourseType/add', { headers: h.admin, json: { name: ' ' } });
    expect(status).toBe(400);
    expect(body.data).toMatchObject({ fields: { name: '请输入类型名称' } });
  });

  it('市级管理员只能查看课程类型，不能维护', async () => {
    const { status } = await call('POST', '/bks/v1/comCourseType/add', { headers: h.sjz_admin, json: { name: '越权类型' } });
    expect(status).toBe(403);
  });
});

describe('标签与分类', () => {
  it('被课程使用的标签不能删除，说明几门课在用；没用的可以删除', async () => {
    const [used] = await db.select().from(courseTags).where(eq(courseTags.name, '安全'));
    const refused = await call('POST', '/bks/v1/comTag/del', { headers: h.admin, json: { ids: [used.id] } });
    expect(refused.status).toBe(400);
    expect(refused.body.returnMsg).toMatch(/^标签「安全」已有 \d+ 门课程使用，不能删除$/);
    const added = await call<{ id: number }>('POST', '/bks/v1/comTag/add', { headers: h.admin, json: { name: '临时标签' } });
    const removed = await call('POST', '/bks/v1/comTag/del', { headers: h.admin, json: { ids: [added.body.data.id] } });
    expect(removed.status).toBe(200);
    expect(await db.select().from(courseTags).where(eq(courseTags.id, added.body.data.id))).toHaveLength(0);
  });

  it('标签不能重名', async () => {
    const { status, body } = await call('POST', '/bks/v1/comTag/add', { headers: h.admin, json: { name: '入门' } });
    expect(status).toBe(409);
    expect(body.returnMsg).toBe('已有同名的标签');
  });

  it('被课程使用的分类不能删除', async () => {
    const [used] = await db.select().from(courseClassifies).where(eq(courseClassifies.name, '公共课'));
    const { status, body } = await call('POST', '/bks/v1/comClassify/del', { headers: h.admin, json: { ids: [used.id] } });
    expect(status).toBe(400);
    expect(body.returnMsg).toMatch(/^分类「公共课」已有 \d+ 门课程使用，不能删除$/);
  });

  it('列表带使用的课程数；教师可查看不可维护', async () => {
    const { body } = await call<{ list: { name: string; courseCount: number }[] }>('POST', '/bks/v1/comClassify/by', { headers: h.teacher, json: {} });
    expect(body.data.list.find((c) => c.name === '公共课')!.courseCount).toBeGreaterThan(0);
    const refused = await call('POST', '/bks/v1/comClassify/add', { headers: h.teacher, json: { name: '教师分类' } });
    expect(refused.status).toBe(403);
  });

  it('培训类型来自字典', async () => {
    const { body } = await call<{ value: string; label: string }[]>('GET', '/bks/v1/trainType/trainTypeList', { headers: h.teacher });
    expect(body.data.map((o) => o.label)).toContain('就业技能培训');
  });
});

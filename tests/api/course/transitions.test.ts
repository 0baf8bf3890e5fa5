// 课程状态机：由 transitions.ts 的同一张表逐一生成“允许”与“拒绝”的用例；另测审核员规则（只有市级、省级，
// 机构不能审核自己的课程）、驳回须填意见、提交前须有课件、被培训班使用的课程不能撤回修改，以及列表行上的 actions。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { COURSE_STATUS, COURSE_STATUS_LABEL, TRANSITIONS as STEPS } from '@/lib/domains/course/transitions';

/** 课程的转换都是单列、去向一个状态 */
type Transition = (typeof STEPS)[number] & { from: readonly number[]; to: number };
const TRANSITIONS = STEPS as readonly Transition[];
import { classCourses, courseHistory, courses, courseTypes } from '@/lib/domains/course/tables';
import { organisations } from '@/lib/domains/org/tables';
import { demoUserId } from '@/db/seed';
import type { Db } from '@/lib/platform/db/client';

const { db: getDb } = setupTestDb();
let db: Db;
const h: Record<string, Record<string, string>> = {};
/** 明德培训（石家庄）的一门视频课程：机构维护，石家庄管理员审核 */
let courseId = 0;
const VIDEO = '/files/seed-course/course_video_lesson_intro.webm';

/** 每步由谁办理：维护方为课程所属机构，审核方为本市管理员 */
const ACCOUNT = { owner: 'train_org', auditor: 'sjz_admin' } as const;

beforeAll(async () => {
  db = await getDb();
  for (const a of ['admin', 'sjz_admin', 'bd_admin', 'train_org', 'teacher', 'eval_org']) h[a] = await authHeaders(a);
  const [type] = await db.select({ id: courseTypes.id }).from(courseTypes).limit(1);
  const created = await call<{ id: number }>('POST', '/bks/v1/comCourse/add', {
    headers: h.train_org,
    json: { kind: 'video', name: '转换测试课程', typeId: type.id, teacherName: '张明远', hours: 4 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  courseId = created.body.data.id;
  const chapter = await call<{ id: number }>('POST', '/bks/v1/courseChapter/add', { headers: h.train_org, json: { courseId, title: '第一章' } });
  expect(chapter.status, JSON.stringify(chapter.body)).toBe(200);
  const ware = await call('POST', '/bks/v1/chapterCourseware/add', { headers: h.train_org, json: { chapterId: chapter.body.data.id, title: '1.1 导学', url: VIDEO, duration: 8 } });
  expect(ware.status, JSON.stringify(ware.body)).toBe(200);
});

const setStatus = (status: number) => db.update(courses).set({ status }).where(eq(courses.id, courseId));

function perform(t: Transition, account: string, opinion: string | null = '意见') {
  const headers = h[account];
  switch (t.action) {
    case 'approve':
      return call('POST', '/bks/v1/comCourse/audit', { headers, json: { id: courseId, result: 'pass', opinion } });
    case 'reject':
      return call('POST', '/bks/v1/comCourse/audit', { headers, json: { id: courseId, result: 'reject', opinion } });
    case 'onShelf':
      return call('POST', '/bks/v1/comCourse/arraigned', { headers, json: { id: courseId, arraigned: true } });
    case 'offShelf':
      return call('POST', '/bks/v1/comCourse/arraigned', { headers, json: { id: courseId, arraigned: false, opinion } });
    default:
      return call('POST', `/bks/v1/comCourse/${t.action}`, { headers, json: { id: courseId } });
  }
}

/** 上架只有内容管理员（视频课程的启用权限）能做，用省级管理员；下架另有审核员（本市管理员）可做。机构两者都没有 */
const actorFor = (t: Transition) => (t.action === 'onShelf' ? 'admin' : t.action === 'offShelf' ? 'sjz_admin' : ACCOUNT[t.actor]);
const ALL = Object.values(COURSE_STATUS);

describe('转换表：每个允许的转换', () => {
  for (const t of TRANSITIONS) {
    for (const from of t.from) {
      it(`${t.verb}：${COURSE_STATUS_LABEL[from]} → ${COURSE_STATUS_LABEL[t.to]}（${actorFor(t)}）`, async () => {
        await setStatus(from);
        const { status, body } = await perform(t, actorFor(t));
        expect(status, JSON.stringify(body)).toBe(200);
        const [c] = await db.select().from(courses).where(eq(courses.id, courseId));
        expect(c.status).toBe(t.to);
        const [last] = await db.select().from(courseHistory).where(eq(courseHistory.courseId, courseId)).orderBy(sql`${courseHistory.id} desc`).limit(1);
        expect(last).toMatchObject({ action: t.action, fromStatus: from, toStatus: t.to, actorId: await demoUserId(db, actorFor(t)) });
      });
    }
  }
});

describe('转换表：其他状态一律拒绝，且不改变任何东西', () => {
  for (const t of TRANSITIONS) {
    for (const from of ALL.filter((s) => !t.from.includes(s))) {
      it(`${t.verb}：从「${COURSE_STATUS_LABEL[from]}」拒绝`, async () => {
        await setStatus(from);
        const { status, body } = await perform(t, actorFor(t));
        expect(status).toBe(409);
        expect(body.returnMsg).toBe(`课程当前为「${COURSE_STATUS_LABEL[from]}」，不能${t.verb}`);
        const [c] = await db.select().from(courses).where(eq(courses.id, courseId));
        expect(c.status).toBe(from);
      });
    }
  }
});

describe('审核员', () => {
  it('机构不能审核（没有审核权限，调度器 403）', async () => {
    await setStatus(COURSE_STATUS.SUBMITTED);
    const { status } = await call('POST', '/bks/v1/comCourse/audit', { headers: h.train_org, json: { id: courseId, result: 'pass' } });
    expect(status).toBe(403);
  });

  it('机构即使被授予审核权限，也不能审核自己的课程', async () => {
    await setStatus(COURSE_STATUS.SUBMITTED);
    const [c] = await db.select().from(courses).where(eq(courses.id, courseId));
    const { actorsOf } = await import('@/lib/domains/course/transitions');
    expect(actorsOf({ level: 'org', orgId: c.orgId }, { kind: 'video', status: c.status, orgId: c.orgId })).not.toContain('auditor');
    expect(actorsOf({ level: 'city', orgId: null }, { kind: 'video', status: c.status, orgId: c.orgId })).toContain('auditor');
    // 服务端同一条规则：给机构账号的会话加上审核权限再调用
    const { applyCourseTransition } = await import('@/lib/domains/course/service');
    const { fakeSession } = await import('../../helpers/session');
    const [org] = await db.select().from(organisations).where(eq(organisations.id, c.orgId!));
    const session = fakeSession({ level: 'org', orgId: org.id, cityId: org.cityId }, { courseAudit: ['query', 'get', 'edit'], course: ['query', 'edit'] });
    await expect(applyCourseTransition(db, session, { id: courseId, action: 'approve' }, () => {})).rejects.toMatchObject({ returnCode: 403, message: '「审核通过」须由审核员办理' });
    expect((await db.select().from(courses).where(eq(courses.id, courseId)))[0].status).toBe(COURSE_STATUS.SUBMITTED);
  });

  it('其他市的管理员看不到这门课程（404），不能审核', async () => {
    await setStatus(COURSE_STATUS.SUBMITTED);
    const { status, body } = await call('POST', '/bks/v1/comCourse/audit', { headers: h.bd_admin, json: { id: courseId, result: 'pass' } });
    expect(status).toBe(404);
    expect(body.returnMsg).toBe('课程不存在或不在您的管辖范围内');
  });

  it('驳回须填写意见；通过可不填', async () => {
    await setStatus(COURSE_STATUS.SUBMITTED);
    const rejected = await call('POST', '/bks/v1/comCourse/audit', { headers: h.sjz_admin, json: { id: courseId, result: 'reject', opinion: '  ' } });
    expect(rejected.status).toBe(400);
    expect(rejected.body.returnMsg).toBe('审核驳回须填写意见');
    const passed = await call<{ status: number; lastOpinion: string | null }>('POST', '/bks/v1/comCourse/audit', { headers: h.sjz_admin, json: { id: courseId, result: 'pass' } });
    expect(passed.status).toBe(200);
    expect(passed.body.data.status).toBe(COURSE_STATUS.APPROVED);
  });

  it('驳回的意见留在课程上，机构在列表里看得到', async () => {
    await setStatus(COURSE_STATUS.SUBMITTED);
    await call('POST', '/bks/v1/comCourse/audit', { headers: h.sjz_admin, json: { id: courseId, result: 'reject', opinion: '请补充第二章' } });
    const list = await call<{ list: { id: number; lastOpinion: string; statusName: string; actions: string[] }[] }>('POST', '/bks/v1/comCourse/by', { headers: h.train_org, json: { name: '转换测试课程' } });
    const row = list.body.data.list.find((r) => r.id === courseId)!;
    expect(row).toMatchObject({ lastOpinion: '请补充第二章', statusName: '已驳回' });
    expect(row.actions).toEqual(expect.arrayContaining(['revise', 'delete']));
    expect(row.actions).not.toContain('edit');
  });
});

describe('提交与撤回的附加规则', () => {
  it('没有课件的课程不能提交审核', async () => {
    const [type] = await db.select({ id: courseTypes.id }).from(courseTypes).limit(1);
    const empty = await call<{ id: number }>('POST', '/bks/v1/comCourse/add', { headers: h.train_org, json: { kind: 'picture', name: '空课程', typeId: type.id, teacherName: '张明远', hours: 1 } });
    const { status, body } = await call('POST', '/bks/v1/comCourse/submit', { headers: h.train_org, json: { id: empty.body.data.id } });
    expect(status).toBe(409);
    expect(body.returnMsg).toBe('不能提交审核：课程还没有课件，请先添加章节与课件再提交审核');
  });

  it('被培训班使用的课程不能撤回修改', async () => {
    await setStatus(COURSE_STATUS.OFF_SHELF);
    await db.insert(classCourses).values([{ classId: 9001, courseId }, { classId: 9002, courseId }]);
    const { status, body } = await call('POST', '/bks/v1/comCourse/revise', { headers: h.train_org, json: { id: courseId } });
    expect(status).toBe(409);
    expect(body.returnMsg).toBe('不能撤回修改：课程已被 2 个培训班使用');
    await db.delete(classCourses).where(and(eq(classCourses.courseId, courseId)));
  });

  it('审核列表默认只列待审核的，行上标出审核员能做的操作', async () => {
    await setStatus(COURSE_STATUS.SUBMITTED);
    const { body } = await call<{ list: { id: number; status: number; actions: string[] }[] }>('POST', '/bks/v1/comCourse/auditList', { headers: h.sjz_admin, json: { pendingOnly: true, pageSize: 100 } });
    expect(body.data.list.every((r) => r.status === COURSE_STATUS.SUBMITTED)).toBe(true);
    const row = body.data.list.find((r) => r.id === courseId)!;
    expect(row.actions).toEqual(expect.arrayContaining(['approve', 'reject']));
    // 机构自己看同一门课：只有撤回提交
    const own = await call<{ list: { id: number; actions: string[] }[] }>('POST', '/bks/v1/comCourse/by', { headers: h.train_org, json: { name: '转换测试课程' } });
    expect(own.body.data.list.find((r) => r.id === courseId)!.actions).toEqual(['withdraw']);
  });
});

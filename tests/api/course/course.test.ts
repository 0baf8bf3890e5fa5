// 课程的录入、范围、删除、章节与课件、播放页、精品课程与评论。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, notExists } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { chapterCoursewares, classCourses, courseChapters, courseComments, courses, courseTypes, excellentCourses } from '@/lib/domains/course/tables';
import { COURSE_STATUS } from '@/lib/domains/course/transitions';
import { organisations } from '@/lib/domains/org/tables';
import { operationLogs } from '@/lib/domains/ops/tables';
import { fileRefs, fileUploads } from '@/lib/domains/file/tables';
import type { Db } from '@/lib/platform/db/client';

const { db: getDb } = setupTestDb();
let db: Db;
const h: Record<string, Record<string, string>> = {};
const VIDEO = '/files/seed-course/course_video_lesson_intro.webm';
const PDF = '/files/seed-course/course_seed_01_c1_w2_handout_pdf.pdf';
let typeId = 0;

const byName = async (name: string) => (await db.select().from(courses).where(eq(courses.name, name)))[0];

beforeAll(async () => {
  db = await getDb();
  for (const a of ['admin', 'sjz_admin', 'bd_admin', 'train_org', 'teacher', 'eval_org', 'enterprise', 'weak_user']) h[a] = await authHeaders(a);
  [{ id: typeId }] = await db.select({ id: courseTypes.id }).from(courseTypes).where(eq(courseTypes.name, '电工电子'));
});

async function newCourse(account: string, name: string, kind: 'picture' | 'video' = 'video') {
  const res = await call<{ id: number; code: string; orgId: number | null; cityId: number | null; status: number }>('POST', '/bks/v1/comCourse/add', {
    headers: h[account],
    json: { kind, name, typeId, teacherName: '张明远', hours: 6, workCode: undefined },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('录入与归属', () => {
  it('机构建的课程属于本机构（取自会话，不取请求），编号 KC+年份+序号，状态为草稿', async () => {
    const res = await call<{ id: number; code: string; orgId: number; cityId: number; status: number; orgName: string }>('POST', '/bks/v1/comCourse/add', {
      headers: h.train_org,
      json: { kind: 'video', name: '机构归属测试', typeId, teacherName: '张明远', hours: 6, orgId: 999, cityId: 130600 },
    });
    expect(res.status).toBe(200);
    const [org] = await db.select().from(organisations).where(eq(organisations.code, 'ORG130105001'));
    expect(res.body.data).toMatchObject({ orgId: org.id, cityId: 130100, status: COURSE_STATUS.DRAFT, orgName: org.name });
    expect(res.body.data.code).toMatch(/^KC\d{4}\d{6}$/);
  });

  it('校验消息：名称、类型、学时、封面地址', async () => {
    const { status, body } = await call('POST', '/bks/v1/comCourse/add', { headers: h.train_org, json: { kind: 'video', name: '', hours: 0, teacherName: '张', cover: 'http://evil.example/x.png' } });
    expect(status).toBe(400);
    expect(body.data).toMatchObject({
      fields: { name: '请输入课程名称', typeId: '请选择课程类型', hours: '学时不能小于 1', cover: '封面图片须为上传服务返回的地址' },
    });
  });

  it('不存在的分类、标签、工种、培训类型都按字段报错', async () => {
    const res = await call('POST', '/bks/v1/comCourse/add', { headers: h.train_org, json: { kind: 'video', name: '引用测试', typeId, teacherName: '张', hours: 1, workCode: 'NOPE-001' } });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe('工种 NOPE-001 不存在或已停用');
    const tags = await call('POST', '/bks/v1/comCourse/add', { headers: h.train_org, json: { kind: 'video', name: '引用测试', typeId, teacherName: '张', hours: 1, tagIds: [999999] } });
    expect(tags.body.data).toMatchObject({ fields: { tagIds: '所选标签有的已不存在，请重新选择' } });
    const tt = await call('POST', '/bks/v1/comCourse/add', { headers: h.train_org, json: { kind: 'video', name: '引用测试', typeId, teacherName: '张', hours: 1, trainType: '99' } });
    expect(tt.body.data).toMatchObject({ fields: { trainType: '培训类型不正确' } });
  });

  it('教师只能维护图文与视频课程（内容资源），种类不能改', async () => {
    const c = await newCourse('teacher', '教师的图文课', 'picture');
    const res = await call('POST', '/bks/v1/comCourse/update', { headers: h.teacher, json: { id: c.id, kind: 'video', name: '教师的图文课', typeId, teacherName: '张明远', hours: 6 } });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe('课程种类不能修改');
  });

  it('非草稿的课程不能修改资料', async () => {
    const c = await byName('电工基础与安全用电');
    const res = await call('POST', '/bks/v1/comCourse/update', { headers: h.train_org, json: { id: c.id, kind: 'video', name: c.name, typeId, teacherName: '张明远', hours: 6 } });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe('课程「电工基础与安全用电」当前为「已上架」，不能修改；请先撤回为草稿');
  });
});

describe('数据范围', () => {
  it('机构只看本机构的课程，市级只看本市，省级看全部', async () => {
    const list = async (account: string) =>
      (await call<{ list: { orgName: string | null; cityId: number | null }[]; total: number }>('POST', '/bks/v1/comCourse/by', { headers: h[account], json: { pageSize: 100 } })).body.data;
    const org = await list('train_org');
    expect(org.list.length).toBeGreaterThan(0);
    expect(new Set(org.list.map((r) => r.orgName))).toEqual(new Set(['石家庄市新华区明德职业培训学校']));
    const city = await list('sjz_admin');
    expect(city.list.every((r) => r.cityId === 130100)).toBe(true);
    const bd = await list('bd_admin');
    expect(bd.list.every((r) => r.cityId === 130600)).toBe(true);
    const all = await list('admin');
    expect(all.total).toBeGreaterThanOrEqual(city.total + bd.total);
  });

  it('范围外的课程：详情、修改、删除、提交、章节一律 404，数据不变', async () => {
    const md = await byName('网络创业实务'); // 明德的草稿
    const before = await byName('网络创业实务');
    // 保定的市级管理员：看不到
    expect((await call('POST', '/bks/v1/comCourse/detail', { headers: h.bd_admin, json: { id: md.id } })).status).toBe(404);
    // 明德看不到保定机构与省级的课程
    for (const name of ['数控车床操作实训', '安全生产基础知识']) {
      const c = await byName(name);
      for (const [path, json] of [
        ['/bks/v1/comCourse/detail', { id: c.id }],
        ['/bks/v1/comCourse/update', { id: c.id, kind: c.kind, name: '篡改', typeId, teacherName: '某', hours: 1 }],
        ['/bks/v1/comCourse/del', { id: c.id }],
        ['/bks/v1/comCourse/withdraw', { id: c.id }],
        ['/bks/v1/courseChapter/add', { courseId: c.id, title: '篡改' }],
      ] as const) {
        const res = await call('POST', path, { headers: h.train_org, json });
        expect(res.status, `${name} ${path}`).toBe(404);
        expect(res.body.returnMsg).toBe('课程不存在或不在您的管辖范围内');
      }
      expect(await byName(name)).toEqual(c);
    }
    // 保定的培训机构（服务层直接以其会话调用）改明德的课程：404
    const { saveCourse } = await import('@/lib/domains/course/service');
    const { fakeSession } = await import('../../helpers/session');
    const [bdOrg] = await db.select().from(organisations).where(eq(organisations.code, 'ORG130602001'));
    const bd = fakeSession({ level: 'org', orgId: bdOrg.id, cityId: 130600 }, { course: ['query', 'get', 'edit', 'add', 'delete'] });
    await expect(saveCourse(db, bd, { id: md.id, kind: 'video', name: '篡改', typeId, cover: null, intro: null, teacherName: '某', hours: 1 }, () => {})).rejects.toMatchObject({ returnCode: 404 });
    expect(await byName('网络创业实务')).toEqual(before);
    // 同一机构的教师可以改本机构草稿的章节
    const [ch] = await db.select().from(courseChapters).where(eq(courseChapters.courseId, md.id));
    expect((await call('POST', '/bks/v1/courseChapter/update', { headers: h.teacher, json: { id: ch.id, title: ch.title } })).status).toBe(200);
  });

  it('市级管理员拿其他市课程的章节与课件 id：404', async () => {
    const bdCourse = await byName('数控车床操作实训');
    const [ch] = await db.select().from(courseChapters).where(eq(courseChapters.courseId, bdCourse.id)).orderBy(asc(courseChapters.sort));
    const [ware] = await db.select().from(chapterCoursewares).where(eq(chapterCoursewares.chapterId, ch.id));
    const section = await call('GET', '/circle/course/getSectionList', { headers: h.sjz_admin, query: { courseId: bdCourse.id } });
    expect(section.status).toBe(404);
    const wares = await call('POST', '/chapterCourseware/byComChapterCourseware', { headers: h.sjz_admin, json: { chapterId: ch.id } });
    expect(wares.status).toBe(404);
    const del = await call('POST', '/bks/v1/chapterCourseware/del', { headers: h.sjz_admin, json: { id: ware.id } });
    expect([403, 404]).toContain(del.status);
    expect(await db.select().from(chapterCoursewares).where(eq(chapterCoursewares.id, ware.id))).toHaveLength(1);
  });
});

describe('删除', () => {
  it('被培训班使用的课程不能删除，说明有几个班在用', async () => {
    const c = await newCourse('train_org', '被引用的课程');
    await db.insert(classCourses).values([{ classId: 101, courseId: c.id }, { classId: 102, courseId: c.id }, { classId: 103, courseId: c.id }]);
    const { status, body } = await call('POST', '/bks/v1/comCourse/del', { headers: h.train_org, json: { id: c.id } });
    expect(status).toBe(400);
    expect(body.returnMsg).toBe('课程已被 3 个培训班使用，不能删除');
    expect(await byName('被引用的课程')).toBeTruthy();
    const list = await call<{ list: { id: number; classCount: number }[] }>('POST', '/bks/v1/comCourse/by', { headers: h.train_org, json: { name: '被引用的课程' } });
    expect(list.body.data.list[0].classCount).toBe(3);
  });

  it('已上架的课程不能删除，提示先下架', async () => {
    // 没有培训班在用的已上架课程（在用的先答“被 N 个培训班使用”）
    const [org] = await db.select().from(organisations).where(eq(organisations.code, 'ORG130105001'));
    const [c] = await db
      .select()
      .from(courses)
      .where(and(eq(courses.orgId, org.id), eq(courses.status, COURSE_STATUS.APPROVED), notExists(db.select().from(classCourses).where(eq(classCourses.courseId, courses.id)))))
      .limit(1);
    expect(c).toBeTruthy();
    const { status, body } = await call('POST', '/bks/v1/comCourse/del', { headers: h.train_org, json: { id: c.id } });
    expect(status).toBe(400);
    expect(body.returnMsg).toBe('课程当前为「已上架」，不能删除；请先下架');
  });

  it('草稿连同章节、课件一起删除，并记操作日志', async () => {
    const c = await newCourse('train_org', '要删除的课程');
    const ch = await call<{ id: number }>('POST', '/bks/v1/courseChapter/add', { headers: h.train_org, json: { courseId: c.id, title: '第一章' } });
    await call('POST', '/bks/v1/chapterCourseware/add', { headers: h.train_org, json: { chapterId: ch.body.data.id, title: '视频', url: VIDEO } });
    const { status } = await call('POST', '/bks/v1/comCourse/del', { headers: h.train_org, json: { id: c.id } });
    expect(status).toBe(200);
    expect(await db.select().from(courseChapters).where(eq(courseChapters.courseId, c.id))).toHaveLength(0);
    expect(await db.select().from(chapterCoursewares).where(eq(chapterCoursewares.courseId, c.id))).toHaveLength(0);
    const logs = await db.select().from(operationLogs).where(eq(operationLogs.endpoint, 'POST /bks/v1/comCourse/del'));
    expect(logs.length).toBeGreaterThan(0);
  });
});

describe('章节与课件', () => {
  it('章节按顺序，上移下移持久保存', async () => {
    const c = await newCourse('train_org', '章节排序课程');
    for (const t of ['甲', '乙', '丙']) await call('POST', '/bks/v1/courseChapter/add', { headers: h.train_org, json: { courseId: c.id, title: t } });
    const titles = async () => (await call<{ title: string; id: number }[]>('POST', '/bks/v1/courseChapter/by', { headers: h.train_org, json: { courseId: c.id } })).body.data;
    const first = await titles();
    expect(first.map((x) => x.title)).toEqual(['甲', '乙', '丙']);
    await call('POST', '/bks/v1/courseChapter/changeOrder', { headers: h.train_org, json: { id: first[2].id, direction: 'up' } });
    expect((await titles()).map((x) => x.title)).toEqual(['甲', '丙', '乙']);
    // 已在最前：不动
    const top = await call<{ moved: boolean }>('POST', '/bks/v1/courseChapter/changeOrder', { headers: h.train_org, json: { id: first[0].id, direction: 'up' } });
    expect(top.body.data.moved).toBe(false);
  });

  it('课件类型由文件决定（不信客户端）；图文课程不收视频；地址须来自上传服务', async () => {
    const pic = await newCourse('train_org', '图文课件测试', 'picture');
    const ch = await call<{ id: number }>('POST', '/bks/v1/courseChapter/add', { headers: h.train_org, json: { courseId: pic.id, title: '第一章' } });
    const video = await call('POST', '/bks/v1/chapterCourseware/add', { headers: h.train_org, json: { chapterId: ch.body.data.id, title: '视频', url: VIDEO, kind: 'pdf' } });
    expect(video.status).toBe(400);
    expect(video.body.data).toMatchObject({ fields: { url: '图文课程不能添加视频课件' } });
    const outside = await call('POST', '/bks/v1/chapterCourseware/add', { headers: h.train_org, json: { chapterId: ch.body.data.id, title: '外链', url: 'https://example.com/a.pdf' } });
    expect(outside.status).toBe(400);
    expect(outside.body.data).toMatchObject({ fields: { url: '课件须为上传服务返回的地址' } });
    const pdf = await call<{ kind: string; duration: number | null }>('POST', '/bks/v1/chapterCourseware/add', { headers: h.train_org, json: { chapterId: ch.body.data.id, title: '讲义', url: PDF, duration: 30 } });
    expect(pdf.status).toBe(200);
    expect(pdf.body.data).toMatchObject({ kind: 'pdf', duration: null });
  });

  it('课件文件须是本系统上传过的；保存时登记引用并记下大小，删除时撤销引用', async () => {
    const c = await newCourse('train_org', '文件引用测试');
    const ch = await call<{ id: number }>('POST', '/bks/v1/courseChapter/add', { headers: h.train_org, json: { courseId: c.id, title: '第一章' } });
    const missing = await call('POST', '/bks/v1/chapterCourseware/add', { headers: h.train_org, json: { chapterId: ch.body.data.id, title: '不存在', url: '/files/seed-course/no_such_file_uploaded.pdf' } });
    expect(missing.status).toBe(400);
    expect(missing.body.returnMsg).toBe('文件不存在或不能使用：/files/seed-course/no_such_file_uploaded.pdf（请重新上传）');
    const added = await call<{ id: number; fileSize: number | null }>('POST', '/bks/v1/chapterCourseware/add', { headers: h.train_org, json: { chapterId: ch.body.data.id, title: '讲义', url: PDF } });
    expect(added.status).toBe(200);
    const [file] = await db.select().from(fileUploads).where(eq(fileUploads.storageKey, PDF.slice('/files/'.length)));
    expect(added.body.data.fileSize).toBe(file.size);
    const refs = () => db.select().from(fileRefs).where(and(eq(fileRefs.entity, 'courseware'), eq(fileRefs.entityId, added.body.data.id)));
    expect(await refs()).toHaveLength(1);
    await call('POST', '/bks/v1/chapterCourseware/del', { headers: h.train_org, json: { id: added.body.data.id } });
    expect(await refs()).toHaveLength(0);
  });

  it('不能拿别的机构的私有文件（附件）当封面', async () => {
    const [bdOrg] = await db.select().from(organisations).where(eq(organisations.code, 'ORG130602001'));
    const key = 'bd-private/other_org_private_file.pdf';
    await db.insert(fileUploads).values({ storageKey: key, originalName: '内部资料.pdf', ext: 'pdf', mime: 'application/pdf', kind: 'document', purpose: 'attachment', size: 100, orgId: bdOrg.id, cityId: 130600 });
    const res = await call('POST', '/bks/v1/comCourse/add', { headers: h.train_org, json: { kind: 'picture', name: '私有文件测试', typeId, teacherName: '张', hours: 1, cover: `/files/${key}` } });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe(`文件不存在或不能使用：/files/${key}（请重新上传）`);
    expect(await byName('私有文件测试')).toBeUndefined();
  });

  it('课程提交后章节与课件不能再改', async () => {
    const c = await byName('养老护理员职业技能'); // 待审核
    const res = await call('POST', '/bks/v1/courseChapter/add', { headers: h.train_org, json: { courseId: c.id, title: '追加' } });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe('课程「养老护理员职业技能」当前为「待审核」，不能修改；请先撤回为草稿');
  });

  it('课件管理列出范围内各课程的课件，标出能否修改', async () => {
    const { body } = await call<{ list: { courseName: string; chapterTitle: string; editable: boolean; kind: string }[]; total: number }>('POST', '/bks/v1/chapterCourseware/by', {
      headers: h.teacher,
      json: { pageSize: 100 },
    });
    expect(body.data.total).toBeGreaterThan(0);
    expect(new Set(body.data.list.map((r) => r.courseName))).not.toContain('数控车床操作实训'); // 保定的
    expect(body.data.list.find((r) => r.courseName === '电工基础与安全用电')!.editable).toBe(false);
    const videos = await call<{ list: { kind: string }[] }>('POST', '/bks/v1/chapterCourseware/by', { headers: h.teacher, json: { kind: 'video' } });
    expect(videos.body.data.list.every((r) => r.kind === 'video')).toBe(true);
  });
});

describe('播放页', () => {
  it('已上架的课程任何登录用户都能看：章节与课件按顺序，带评分', async () => {
    const c = await byName('电子商务运营基础'); // 保定的，已上架
    const { status, body } = await call<{ course: { name: string }; rating: { average: number; count: number }; sections: { title: string; coursewares: { kind: string; url: string }[] }[] }>(
      'GET',
      '/circle/course/getSectionList',
      { headers: h.weak_user, query: { courseId: c.id } },
    );
    expect(status).toBe(200);
    expect(body.data.course.name).toBe('电子商务运营基础');
    expect(body.data.sections.map((s) => s.title)).toEqual(['第一章 网店运营', '第二章 数据分析']);
    expect(body.data.sections[1].coursewares.map((w) => w.kind)).toEqual(['video', 'pdf']);
    expect(body.data.rating.count).toBeGreaterThan(0);
  });

  it('未上架的课程只有范围内、有查看权限的人能看', async () => {
    const c = await byName('养老护理员职业技能'); // 明德，待审核
    expect((await call('GET', '/circle/course/getSectionList', { headers: h.weak_user, query: { courseId: c.id } })).status).toBe(404);
    expect((await call('GET', '/circle/course/getSectionList', { headers: h.bd_admin, query: { courseId: c.id } })).status).toBe(404);
    expect((await call('GET', '/circle/course/getSectionList', { headers: h.sjz_admin, query: { courseId: c.id } })).status).toBe(200);
  });
});

describe('精品课程', () => {
  const order = async () =>
    (await call<{ list: { id: number; courseName: string }[] }>('POST', '/bks/v1/comExcellentCourse/by', { headers: h.admin, json: { pageSize: 100 } })).body.data.list;

  it('调整顺序后重新查询仍是新顺序（持久保存）', async () => {
    const before = await order();
    expect(before.length).toBeGreaterThanOrEqual(3);
    const moved = await call<{ moved: boolean }>('POST', '/bks/v1/comExcellentCourse/changeOrder', { headers: h.admin, json: { id: before[2].id, direction: 'up' } });
    expect(moved.body.data.moved).toBe(true);
    const after = await order();
    expect(after.map((r) => r.id)).toEqual([before[0].id, before[2].id, before[1].id, ...before.slice(3).map((r) => r.id)]);
    await call('POST', '/bks/v1/comExcellentCourse/changeOrder', { headers: h.admin, json: { id: before[0].id, direction: 'down' } });
    const again = await order();
    expect(again.map((r) => r.id).slice(0, 3)).toEqual([before[2].id, before[0].id, before[1].id]);
    const rows = await db.select().from(excellentCourses).orderBy(asc(excellentCourses.sort), asc(excellentCourses.id));
    expect(rows.map((r) => r.id).slice(0, 3)).toEqual(again.map((r) => r.id).slice(0, 3));
  });

  it('只收已上架的课程；同一门课不能重复；新加的排在最后', async () => {
    const draft = await byName('网络创业实务');
    const refused = await call('POST', '/bks/v1/comExcellentCourse/add', { headers: h.admin, json: { courseId: draft.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toMatchObject({ fields: { courseId: '只有已上架的课程可以设为精品课程' } });
    const ok = await byName('电子商务运营基础');
    const added = await call<{ code: string }>('POST', '/bks/v1/comExcellentCourse/add', { headers: h.admin, json: { courseId: ok.id, recommendation: '保定热门课程' } });
    expect(added.status).toBe(200);
    expect(added.body.data.code).toMatch(/^JP\d{6}$/);
    expect((await order()).at(-1)!.courseName).toBe('电子商务运营基础');
    const dup = await call('POST', '/bks/v1/comExcellentCourse/add', { headers: h.admin, json: { courseId: ok.id } });
    expect(dup.status).toBe(400);
    expect(dup.body.returnMsg).toBe('课程「电子商务运营基础」已是精品课程');
  });

  it('展示位下架后对外按编号查不到，再上架又能查到', async () => {
    const [row] = await order();
    const [e] = await db.select().from(excellentCourses).where(eq(excellentCourses.id, row.id));
    expect((await call('POST', '/bks/v1/comExcellentCourse/arraigned', { headers: h.admin, json: { id: e.id, arraigned: false } })).status).toBe(200);
    expect((await call('POST', '/bks/v1/comExcellentCourse/byCode', { headers: h.weak_user, json: { code: e.code } })).status).toBe(404);
    expect((await call('POST', '/bks/v1/comExcellentCourse/byCode', { headers: h.admin, json: { code: e.code } })).status).toBe(200);
    expect((await call('POST', '/bks/v1/comExcellentCourse/arraigned', { headers: h.admin, json: { id: e.id, arraigned: true } })).status).toBe(200);
    expect((await call('POST', '/bks/v1/comExcellentCourse/byCode', { headers: h.weak_user, json: { code: e.code } })).status).toBe(200);
  });

  it('教师只能查看精品课程，不能调整', async () => {
    const [row] = await order();
    expect((await call('POST', '/bks/v1/comExcellentCourse/changeOrder', { headers: h.teacher, json: { id: row.id, direction: 'down' } })).status).toBe(403);
  });
});

describe('评论', () => {
  it('登录用户可评论已上架的课程，每人每门一条；未上架的不能评论', async () => {
    const c = await byName('职业道德与职业素养');
    const first = await call('POST', '/bks/v1/comCourseComment/add', { headers: h.enterprise, json: { courseId: c.id, rating: 5, content: '很好的公共课' } });
    expect(first.status).toBe(200);
    const again = await call('POST', '/bks/v1/comCourseComment/add', { headers: h.enterprise, json: { courseId: c.id, rating: 4, content: '再评一次' } });
    expect(again.status).toBe(409);
    expect(again.body.returnMsg).toBe('您已评价过这门课程');
    const bad = await call('POST', '/bks/v1/comCourseComment/add', { headers: h.enterprise, json: { courseId: c.id, rating: 6, content: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toMatchObject({ fields: { rating: '评分不能大于 5', content: '请输入评论内容' } });
    const offShelf = await byName('焊工安全技术');
    const refused = await call('POST', '/bks/v1/comCourseComment/add', { headers: h.sjz_admin, json: { courseId: offShelf.id, rating: 3, content: '下架的课' } });
    expect(refused.status).toBe(400);
    expect(refused.body.returnMsg).toBe('课程未上架，不能评论');
  });

  it('审阅列表按范围；删除范围外的评论答 404 且不删', async () => {
    const c = await byName('电子商务运营基础'); // 保定
    const [cm] = await db.select().from(courseComments).where(eq(courseComments.courseId, c.id));
    const list = await call<{ list: { courseName: string }[] }>('POST', '/bks/v1/comCourseComment/by', { headers: h.admin, json: { pageSize: 100 } });
    expect(list.body.data.list.map((r) => r.courseName)).toContain('电子商务运营基础');
    const refused = await call('POST', '/bks/v1/comCourseComment/del', { headers: h.sjz_admin, json: { ids: [cm.id] } });
    expect([403, 404]).toContain(refused.status);
    expect(await db.select().from(courseComments).where(eq(courseComments.id, cm.id))).toHaveLength(1);
    const removed = await call('POST', '/bks/v1/comCourseComment/del', { headers: h.admin, json: { ids: [cm.id] } });
    expect(removed.status).toBe(200);
    expect(await db.select().from(courseComments).where(and(eq(courseComments.id, cm.id)))).toHaveLength(0);
  });
});

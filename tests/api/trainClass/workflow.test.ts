// 培训班状态机：转换表里每个班级转换在每个状态下的允许与拒绝（办理方、状态、意见），各条件（课程、学员、日期、结业登记），
// 作废与驳回作废回到原状态，延期开班与信息更正两种附带申请的每一步，以及范围（别的机构、别的市 404）。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import type { Db } from '@/lib/platform/db/client';
import { trainClasses, trainClassHistory, trainClassRequests, trainLessons, trainStudents } from '@/lib/domains/trainClass/tables';
import { CLASS_STATUS, CLASS_TRANSITIONS, classStatusLabel, REQUEST_STATUS } from '@/lib/domains/trainClass/transitions';
import type { ClassItem, RequestItem } from '@/lib/domains/trainClass/schemas';
import { messages } from '@/lib/domains/message/tables';
import { createClass, day, freshDay, lessonBody, login, ok, readyClass, refused, setClass, statusOf, studentBody, teachersOf, type Teacher } from './helpers';

const { db: getDb } = setupTestDb();
let db: Db;
let teachers: Teacher[];
/** 开班与结业都是今天：各条件同时满足（开班日期未过、已到开班日期、已到结业日期） */
let today: ClassItem;

const ACCOUNT = { org: 'train_org', city: 'sjz_admin' } as const;
const ALL_STATUSES = Object.values(CLASS_STATUS);
const classTransitions = CLASS_TRANSITIONS.map((t) => ({ ...t, from: t.from as readonly number[] }));

beforeAll(async () => {
  db = await getDb();
  await login('train_org', 'sjz_admin', 'bd_admin', 'admin', 'enterprise', 'teacher');
  teachers = await teachersOf();
  expect(teachers.length).toBeGreaterThan(1);
  today = await createClass(day(0));
  await ok('train_org', '/class/addOrUpdateOfflineCourse', lessonBody(today.id, day(0), teachers[0].id));
  const s = await ok<{ id: number }>('train_org', '/student/save', studentBody(today.id, 1));
  await db.update(trainStudents).set({ completion: 1 }).where(eq(trainStudents.id, s.id));
});

const target = (t: (typeof classTransitions)[number]) => (typeof t.to === 'number' ? t.to : CLASS_STATUS.PUBLISHED);

describe('转换表：每个班级转换在每个状态下', () => {
  for (const t of classTransitions) {
    it(`${t.action}（${t.verb}，${t.actor === 'org' ? '机构' : '市级'}）：只在 ${t.from.map(classStatusLabel).join('、')} 时可办`, async () => {
      // 结业须在最后一节课结束之后：这一步把今天的课挪到一小时前，办完再挪回
      const lessons = await db.select().from(trainLessons).where(eq(trainLessons.classId, today.id));
      if (t.action === 'finish') await db.update(trainLessons).set({ startAt: new Date(Date.now() - 2 * 3600_000), endAt: new Date(Date.now() - 3600_000) }).where(eq(trainLessons.classId, today.id));
      for (const s of ALL_STATUSES) {
        await setClass(db, today.id, { status: s, statusBeforeDiscard: CLASS_STATUS.PUBLISHED });
        const body = { id: today.id, action: t.action, opinion: '测试意见' };
        if (t.from.includes(s)) {
          await ok(ACCOUNT[t.actor], '/trainInfo/updateTrainInfoStatus', body);
          expect(await statusOf(db, today.id), `${t.action} 自 ${classStatusLabel(s)}`).toBe(target(t));
        } else {
          await refused(ACCOUNT[t.actor], '/trainInfo/updateTrainInfoStatus', body, 409, `培训班当前为「${classStatusLabel(s)}」，不能${t.verb}`);
          expect(await statusOf(db, today.id)).toBe(s);
        }
      }
      for (const l of lessons) await db.update(trainLessons).set({ startAt: l.startAt, endAt: l.endAt }).where(eq(trainLessons.id, l.id));
    });
  }

  it('办理方不对：机构不能审核、发布、考核、作废审核，市级不能提交、开班、结业、申请作废（403）；省级与别的机构、别的市都不能办', async () => {
    for (const t of classTransitions) {
      await setClass(db, today.id, { status: t.from[0], statusBeforeDiscard: CLASS_STATUS.PUBLISHED });
      const other = t.actor === 'org' ? 'sjz_admin' : 'train_org';
      await refused(other, '/trainInfo/updateTrainInfoStatus', { id: today.id, action: t.action, opinion: '意见' }, 403, `没有${t.verb}的权限`);
      // 省级有全部权限，但不是这个班的办理方
      await refused('admin', '/trainInfo/updateTrainInfoStatus', { id: today.id, action: t.action, opinion: '意见' }, 403, `「${t.verb}」须由${t.actor === 'org' ? '开班机构' : '市级管理员'}办理`);
      // 范围外：别的机构、别的市看不到这个班
      await refused(t.actor === 'org' ? 'enterprise' : 'bd_admin', '/trainInfo/updateTrainInfoStatus', { id: today.id, action: t.action, opinion: '意见' }, 404, '培训班不存在或不在您的管辖范围内');
      expect(await statusOf(db, today.id)).toBe(t.from[0]);
    }
  });

  it('教师账号只能查看：没有办理权限（403）', async () => {
    await setClass(db, today.id, { status: CLASS_STATUS.DRAFT });
    await refused('teacher', '/trainInfo/submitReview', { id: today.id }, 403);
    const list = await ok<{ list: ClassItem[] }>('teacher', '/trainInfo/trainInfoList', { code: today.code }, 'GET');
    expect(list.list.map((c) => c.id)).toEqual([today.id]);
    expect(list.list[0].actions).toEqual([]);
  });
});

describe('意见与条件', () => {
  it('驳回与作废驳回须填意见，申请作废须填原因', async () => {
    await setClass(db, today.id, { status: CLASS_STATUS.SUBMITTED });
    await refused('sjz_admin', '/trainInfo/updateAuditStatus', { id: today.id, result: 'reject' }, 400, '请输入审核意见');
    await setClass(db, today.id, { status: CLASS_STATUS.DISCARD_PENDING });
    await refused('sjz_admin', '/trainInfo/derelictTrainInfoEfficacy', { id: today.id, result: 'reject', opinion: ' ' }, 400, '请输入审核意见');
    await setClass(db, today.id, { status: CLASS_STATUS.PUBLISHED });
    await refused('train_org', '/trainInfo/derelictTrainInfo', { id: today.id, reason: '' }, 400, /请输入作废原因/);
    await refused('train_org', '/trainInfo/updateTrainInfoStatus', { id: today.id, action: 'discard' }, 400, '请输入作废原因');
  });

  it('作废：申请时记下原状态，驳回回到它，生效后已作废；每一步都有办理记录', async () => {
    await setClass(db, today.id, { status: CLASS_STATUS.IN_TRAINING, statusBeforeDiscard: null });
    await ok('train_org', '/trainInfo/derelictTrainInfo', { id: today.id, reason: '场地不可用' });
    expect(await statusOf(db, today.id)).toBe(CLASS_STATUS.DISCARD_PENDING);
    await ok('sjz_admin', '/trainInfo/derelictTrainInfoEfficacy', { id: today.id, result: 'reject', opinion: '请先安排学员转班' });
    expect(await statusOf(db, today.id)).toBe(CLASS_STATUS.IN_TRAINING);
    await ok('train_org', '/trainInfo/derelictTrainInfo', { id: today.id, reason: '场地不可用' });
    await ok('sjz_admin', '/trainInfo/derelictTrainInfoEfficacy', { id: today.id, result: 'pass' });
    expect(await statusOf(db, today.id)).toBe(CLASS_STATUS.DISCARDED);
    const history = await ok<{ action: string; fromStatusName: string; toStatusName: string; opinion: string | null }[]>('train_org', '/trainInfo/toOperationRecord', { id: today.id });
    expect(history.slice(-4).map((r) => [r.action, r.fromStatusName, r.toStatusName])).toEqual([
      ['discard', '培训中', '作废待审核'],
      ['discardReject', '作废待审核', '培训中'],
      ['discard', '培训中', '作废待审核'],
      ['discardApprove', '作废待审核', '已作废'],
    ]);
  });

  it('提交审核：没有课程与学员时逐条说明原因', async () => {
    const c = await createClass();
    await refused('train_org', '/trainInfo/submitReview', { id: c.id }, 409, '不能提交审核：还没有排课程（线下课程或线上课程）；还没有学员');
  });

  it('提交审核：课程总学时少于班级学时、学员超过计划人数、有检查不通过的学员、开班日期已过', async () => {
    const date = freshDay();
    const c = await readyClass(date, { hours: 4, capacity: 1 });
    await ok('train_org', '/student/save', studentBody(c.id, 77, { idNumber: minorId() }));
    await refused('train_org', '/trainInfo/submitReview', { id: c.id }, 409, /课程体系的总学时 2 少于班级学时 4.*学员人数 2 超过计划人数 1.*有 1 名学员身份核验或培训资格不通过，请移出后再提交/);
    await setClass(db, c.id, { startDate: day(-1), hours: 2, capacity: 10 });
    await db.delete(trainStudents).where(and(eq(trainStudents.classId, c.id), eq(trainStudents.name, '学员77')));
    await refused('train_org', '/trainInfo/submitReview', { id: c.id }, 409, /开班日期 .+ 已过/);
  });

  it('提交之后：撤回回到草稿；审核通过、发布；开班须到开班日期，结业须到结业日期并登记每名学员的结业情况', async () => {
    const date = freshDay();
    const c = await readyClass(date);
    await ok('train_org', '/trainInfo/submitReview', { id: c.id });
    await ok('train_org', '/trainInfo/updateTrainInfoStatus', { id: c.id, action: 'withdraw' });
    expect(await statusOf(db, c.id)).toBe(CLASS_STATUS.DRAFT);
    await ok('train_org', '/trainInfo/submitReview', { id: c.id });
    await ok('sjz_admin', '/trainInfo/updateAuditStatus', { id: c.id, result: 'pass', opinion: '同意' });
    await ok('sjz_admin', '/trainInfo/updateTrainInfoStatus', { id: c.id, action: 'publish' });
    await refused('train_org', '/trainInfo/updateTrainInfoStatus', { id: c.id, action: 'start' }, 409, `不能开班：未到开班日期 ${date}`);
    await setClass(db, c.id, { startDate: day(-2), endDate: day(1) });
    await ok('train_org', '/trainInfo/updateTrainInfoStatus', { id: c.id, action: 'start' });
    await refused('train_org', '/trainInfo/submitCourseReview', { id: c.id }, 409, /未到结业日期 .+；还有 1 名学员未登记结业情况/);
    await setClass(db, c.id, { endDate: day(0) });
    const [s] = await db.select().from(trainStudents).where(eq(trainStudents.classId, c.id));
    await refused('train_org', '/class/saveRemark', { id: s.id, attendedHours: 3, completion: 1 }, 400, '出勤学时不能超过班级学时 2');
    await ok('train_org', '/class/saveRemark', { id: s.id, attendedHours: 2, completion: 1, remark: '全勤' });
    // 课还没上（排在以后的日子）：不能结业；课上完之后可以
    await refused('train_org', '/trainInfo/submitCourseReview', { id: c.id }, 409, /^不能结业提交：最后一节课「安全用电」.+ 才结束，课上完之后才能结业$/);
    await db.update(trainLessons).set({ startAt: new Date(Date.now() - 2 * 3600_000), endAt: new Date(Date.now() - 3600_000) }).where(eq(trainLessons.classId, c.id));
    await ok('train_org', '/trainInfo/submitCourseReview', { id: c.id });
    await ok('sjz_admin', '/trainInfo/updateTrainInfoStatus', { id: c.id, action: 'assess', opinion: '合格' });
    expect(await statusOf(db, c.id)).toBe(CLASS_STATUS.ASSESSED);
    // 机构收到审核结果的铃铛消息
    const notes = await db.select({ title: messages.title }).from(messages).where(eq(messages.title, `培训班 ${c.code}「${c.name}」：考核确认`));
    expect(notes.length).toBeGreaterThan(0);
  });

  it('审核通过之后不能再改班级资料、课程与学员', async () => {
    const c = await readyClass();
    await ok('train_org', '/trainInfo/submitReview', { id: c.id });
    await refused('train_org', '/trainInfo/saveTrainInfo', { ...(await ok<Record<string, unknown>>('train_org', '/trainInfo/toEditTrainInfo', { id: c.id })), id: c.id, teacherIds: undefined }, 409, '培训班当前为「待审核」，不能修改班级');
    await refused('train_org', '/student/save', studentBody(c.id, 5), 409, '培训班当前为「待审核」，不能修改学员名单');
    await refused('train_org', '/class/addOrUpdateOfflineCourse', lessonBody(c.id, c.startDate, teachers[1].id, { startTime: '20:00', endTime: '21:30' }), 409, '培训班当前为「待审核」，不能修改课程体系');
    await refused('train_org', '/trainInfo/deleteBatch', { ids: [c.id] }, 409, '培训班当前为「待审核」，不能删除班级');
  });
});

function minorId(): string {
  const y = Number(day(0).slice(0, 4)) - 12;
  const body = `130102${y}0101555`;
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((n, ch, i) => n + Number(ch) * w[i], 0);
  return body + '10X98765432'[sum % 11];
}

describe('延期开班', () => {
  it('只在审核通过或已发布时可申请；同一班同时只有一份待审核', async () => {
    const c = await readyClass();
    const body = (id: number) => ({ classId: id, newStartDate: day(3000), newEndDate: day(3000), reason: '学员农忙' });
    for (const s of ALL_STATUSES) {
      await setClass(db, c.id, { status: s });
      if (s === CLASS_STATUS.APPROVED || s === CLASS_STATUS.PUBLISHED) continue;
      await refused('train_org', '/trainInfoExamine/addPostponeClassExamine', body(c.id), 409, `培训班当前为「${classStatusLabel(s)}」，不能申请延期开班`);
    }
    await setClass(db, c.id, { status: CLASS_STATUS.PUBLISHED });
    await refused('sjz_admin', '/trainInfoExamine/addPostponeClassExamine', body(c.id), 403);
    await refused('train_org', '/trainInfoExamine/addPostponeClassExamine', { ...body(c.id), newStartDate: c.startDate, newEndDate: c.startDate }, 400, `延期后的开班日期须晚于原开班日期 ${c.startDate}`);
    const r = await ok<RequestItem>('train_org', '/trainInfoExamine/addPostponeClassExamine', body(c.id));
    expect(r.statusName).toBe('待审核');
    await refused('train_org', '/trainInfoExamine/addPostponeClassExamine', body(c.id), 409, '该班级已有待审核的延期开班申请，请等待审核或先撤回');
    // 列表行上不再给“申请延期”
    const [row] = (await ok<{ list: ClassItem[] }>('train_org', '/trainInfo/trainInfoList', { code: c.code }, 'GET')).list;
    expect(row.actions).not.toContain('postponeApply');
    expect(row.actions).toContain('correctApply');
  });

  it('通过：班级日期改为新日期，课程整体平移；驳回须填意见；撤回只由机构在待审核时办理', async () => {
    const date = freshDay();
    const c = await readyClass(date);
    await setClass(db, c.id, { status: CLASS_STATUS.APPROVED });
    const newDate = freshDay();
    const r = await ok<RequestItem>('train_org', '/trainInfoExamine/addPostponeClassExamine', { classId: c.id, newStartDate: newDate, newEndDate: newDate, reason: '实训设备检修' });
    await refused('train_org', '/trainInfoExamine/postponeClassExamine', { id: r.id, result: 'pass' }, 403);
    await refused('sjz_admin', '/trainInfoExamine/withdrawItem', { id: r.id }, 403);
    await refused('sjz_admin', '/trainInfoExamine/postponeClassExamine', { id: r.id, result: 'reject' }, 400, '请输入审核意见');
    const done = await ok<RequestItem>('sjz_admin', '/trainInfoExamine/postponeClassExamine', { id: r.id, result: 'pass', opinion: '同意' });
    expect(done.statusName).toBe('已通过');
    const [after] = await db.select().from(trainClasses).where(eq(trainClasses.id, c.id));
    expect([after.startDate, after.endDate, after.status]).toEqual([newDate, newDate, CLASS_STATUS.APPROVED]);
    const lessons = await db.select().from(trainLessons).where(eq(trainLessons.classId, c.id));
    expect(lessons.map((l) => new Date(l.startAt.getTime() + 8 * 3600_000).toISOString().slice(0, 10))).toEqual([newDate]);
    await refused('sjz_admin', '/trainInfoExamine/postponeClassExamine', { id: r.id, result: 'pass' }, 409, '延期开班申请当前为「已通过」，不能同意延期');
    // 再申请一次并撤回
    const again = await ok<RequestItem>('train_org', '/trainInfoExamine/addPostponeClassExamine', { classId: c.id, newStartDate: freshDay(), newEndDate: freshDay(), reason: '再延' });
    const withdrawn = await ok<RequestItem>('train_org', '/trainInfoExamine/withdrawItem', { id: again.id });
    expect(withdrawn.statusName).toBe('已撤回');
    await refused('train_org', '/trainInfoExamine/withdrawItem', { id: again.id }, 409, '延期开班申请当前为「已撤回」，不能撤回延期申请');
    const detail = await ok<{ history: { action: string }[] }>('train_org', '/trainInfoExamine/itemDetail', { id: again.id }, 'GET');
    expect(detail.history.map((x) => x.action)).toEqual(['postponeApply', 'postponeWithdraw']);
  });

  it('延期后与别的班的课冲突时不能通过（说明冲突的课）', async () => {
    const [d1, d2] = [freshDay(), freshDay()];
    const a = await readyClass(d1);
    const b = await readyClass(d2);
    // b 的课与 a 同一教师、同一时刻：a 延期到 d2 就冲突
    await setClass(db, a.id, { status: CLASS_STATUS.PUBLISHED });
    const r = await ok<RequestItem>('train_org', '/trainInfoExamine/addPostponeClassExamine', { classId: a.id, newStartDate: d2, newEndDate: d2, reason: '延期' });
    await refused('sjz_admin', '/trainInfoExamine/postponeClassExamine', { id: r.id, result: 'pass' }, 400, new RegExp(`^教师「${teachers[0].name}」在 ${d2} 22:00–23:30 已有课程「安全用电」（班级 ${b.code}`));
    expect((await db.select().from(trainClassRequests).where(eq(trainClassRequests.id, r.id)))[0].status).toBe(REQUEST_STATUS.PENDING);
  });
});

describe('信息更正', () => {
  it('审核通过之后、结业之前可申请；没有不同的内容时拒绝；通过后写到班级上', async () => {
    const c = await readyClass();
    await setClass(db, c.id, { status: CLASS_STATUS.DRAFT });
    await refused('train_org', '/trainInfoExamine/addInfoCorrect', { classId: c.id, reason: '改地点', place: '新地点' }, 409, '培训班当前为「草稿」，不能申请信息更正');
    await setClass(db, c.id, { status: CLASS_STATUS.IN_TRAINING });
    await refused('train_org', '/trainInfoExamine/addInfoCorrect', { classId: c.id, reason: '无变化', place: c.place }, 400, /没有要更正的内容/);
    const r = await ok<RequestItem>('train_org', '/trainInfoExamine/addInfoCorrect', { classId: c.id, reason: '换教室', place: '新校区实训楼 502', headTeacherId: teachers[1].id });
    expect(r.changes.map((x) => [x.label, x.to])).toEqual([
      ['培训地点', '新校区实训楼 502'],
      ['班主任', teachers[1].name],
    ]);
    await refused('bd_admin', '/trainInfoExamine/infoCorrectExamine', { id: r.id, result: 'pass' }, 404, '申请不存在或不在您的管辖范围内');
    await refused('sjz_admin', '/trainInfoExamine/postponeClassExamine', { id: r.id, result: 'pass' }, 404, '延期开班申请不存在');
    await ok('sjz_admin', '/trainInfoExamine/infoCorrectExamine', { id: r.id, result: 'pass', opinion: '同意' });
    const [after] = await db.select().from(trainClasses).where(eq(trainClasses.id, c.id));
    expect([after.place, after.headTeacherId, after.headTeacherName]).toEqual(['新校区实训楼 502', teachers[1].id, teachers[1].name]);
    const r2 = await ok<RequestItem>('train_org', '/trainInfoExamine/addInfoCorrect', { classId: c.id, reason: '改名', name: '改后的名字' });
    await ok('sjz_admin', '/trainInfoExamine/infoCorrectExamine', { id: r2.id, result: 'reject', opinion: '名称不规范' });
    const history = await db.select().from(trainClassHistory).where(eq(trainClassHistory.requestId, r2.id)).orderBy(asc(trainClassHistory.id));
    expect(history.map((x) => [x.action, x.opinion])).toEqual([
      ['correctApply', '改名'],
      ['correctReject', '名称不规范'],
    ]);
    expect((await db.select().from(trainClasses).where(eq(trainClasses.id, c.id)))[0].name).toBe(c.name);
  });
});

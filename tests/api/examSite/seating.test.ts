// 场次与座位：日期与科目的检查；自动编排均衡、座号与准考证号唯一；容量、考生时间冲突、考场时段冲突被拒绝；同一时段可共用考场。
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { examinees } from '@/lib/domains/examinee/tables';
import { examSeats, examSessions } from '@/lib/domains/examSite/tables';
import type { SeatItem, SessionItem } from '@/lib/domains/examSite/schemas';
import { addExaminees, addSession, login, makePlan, post, siteWithRooms, WORK_A, WORK_B, type Paged } from './helpers';

const { db } = setupTestDb();

beforeAll(async () => {
  await login('eval_org', 'sjz_admin');
});

describe('场次', () => {
  it('日期须在计划的考试日期内、科目须是计划的考试安排、结束晚于开始、工种须是计划的工种', async () => {
    const d = await db();
    const plan = await makePlan(d);
    const base = { planId: plan.id, name: '理论', subject: 1, examDate: plan.examStartDate, startTime: '09:00', endTime: '10:30' };
    expect((await post('eval_org', '/examaff/site/addExamination', base)).status).toBe(200);
    const late = await post('eval_org', '/examaff/site/addExamination', { ...base, examDate: '2031-04-01' });
    expect(late.status).toBe(400);
    expect(late.body.returnMsg).toContain('须在计划的考试日期 2031-03-10 至 2031-03-11 之内');
    const defence = await post('eval_org', '/examaff/site/addExamination', { ...base, subject: 3 });
    expect(defence.body.returnMsg).toContain('计划的考试安排没有「综合评审（答辩）」');
    const backwards = await post('eval_org', '/examaff/site/addExamination', { ...base, startTime: '11:00', endTime: '10:00' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.returnMsg).toContain('结束时间须晚于开始时间');
    const work = await post('eval_org', '/examaff/site/addExamination', { ...base, workCode: '9-99-99-99' });
    expect(work.body.returnMsg).toContain('所选工种不在计划的工种中');
    const synced = await post<{ added: number }>('eval_org', '/examaff/site/synExamination', { planId: plan.id });
    expect(synced.body.data.added).toBe(1); // 只补上缺少的“操作技能考核”
    const byWork = await post<{ added: number }>('eval_org', '/examaff/site/addExaminationZx', { planId: plan.id, subject: 2, examDate: plan.examEndDate, startTime: '09:00', endTime: '11:00' });
    expect(byWork.body.data.added).toBe(2);
    const list = await post<Paged<SessionItem>>('eval_org', '/examaff/site/dateExamination', { planId: plan.id });
    expect(list.body.data.total).toBe(4);
  });
});

describe('自动编排', () => {
  it('各考场均衡、按工种成组、座号与准考证号唯一；不符合资格的考生不安排', async () => {
    const d = await db();
    const plan = await makePlan(d);
    const { roomIds } = await siteWithRooms(d, plan, [
      { name: 'A101', roomType: 1, capacity: 10 },
      { name: 'A102', roomType: 1, capacity: 10 },
      { name: 'A103', roomType: 1, capacity: 12 },
      { name: 'B201', roomType: 2, capacity: 30 },
    ]);
    const list = await addExaminees(d, plan, [
      ...Array.from({ length: 15 }, (_, i) => ({ name: `甲${i + 1}`, work: WORK_A })),
      ...Array.from({ length: 10 }, (_, i) => ({ name: `乙${i + 1}`, work: WORK_B, qualification: i === 0 ? 1 : 0 })),
      { name: '不符合', qualification: 2 },
    ]);
    const sessionId = await addSession(plan, { name: '理论知识考试', subject: 1, startTime: '09:00', endTime: '10:30' });
    const res = await post<{ seated: number; message: string }>('eval_org', '/examaff/site/autoSeat', { planId: plan.id, sessionId });
    expect(res.status).toBe(200);
    expect(res.body.data.seated).toBe(25);

    const seats = await d.select().from(examSeats).where(eq(examSeats.sessionId, sessionId));
    const perRoom = roomIds.slice(0, 3).map((r) => seats.filter((s) => s.roomId === r).length);
    expect(perRoom.reduce((a, b) => a + b, 0)).toBe(25);
    expect(Math.max(...perRoom) - Math.min(...perRoom)).toBeLessThanOrEqual(1);
    expect(seats.some((s) => s.roomId === roomIds[3])).toBe(false); // 实操考场不用于理论考试
    for (const r of roomIds) {
      const numbers = seats.filter((s) => s.roomId === r).map((s) => s.seatNo);
      expect(new Set(numbers).size).toBe(numbers.length);
    }
    // 按工种成组：每个考场至多两个工种（成组顺排，只在交界处混合）
    const byId = new Map(list.map((e) => [e.id, e]));
    for (const r of roomIds.slice(0, 3)) expect(new Set(seats.filter((s) => s.roomId === r).map((s) => byId.get(s.examineeId)!.workCode)).size).toBeLessThanOrEqual(2);

    const after = await d.select().from(examinees).where(eq(examinees.planId, plan.id));
    const tickets = after.filter((e) => e.ticketNo).map((e) => e.ticketNo!);
    expect(tickets.length).toBe(25);
    expect(new Set(tickets).size).toBe(25);
    expect(tickets.every((t) => new RegExp(`^${plan.code}\\d{4}$`).test(t))).toBe(true);
    expect(after.find((e) => e.name === '不符合')!.ticketNo).toBeNull();

    // 再编排一次不重复安排；还没有座位的考生列表为空
    const again = await post<{ seated: number }>('eval_org', '/examaff/site/autoSeat', { planId: plan.id, sessionId });
    expect(again.body.data.seated).toBe(0);
    const unseated = await post<Paged<SeatItem>>('eval_org', '/examaff/site/getPlaceStudents', { sessionId, unseated: true });
    expect(unseated.body.data.total).toBe(0);
    const roomSeats = await post<Paged<SeatItem>>('eval_org', '/examaff/site/getPlaceStudents', { sessionId, roomId: roomIds[0], pageSize: 50 });
    expect(roomSeats.body.data.total).toBe(perRoom[0]);
    expect(roomSeats.body.data.list[0].idNumber).toContain('*');
  });

  it('座位不足时安排能安排的，说明还差多少', async () => {
    const d = await db();
    const plan = await makePlan(d);
    await siteWithRooms(d, plan, [{ name: 'C101', roomType: 1, capacity: 5 }]);
    await addExaminees(d, plan, Array.from({ length: 8 }, (_, i) => ({ name: `丙${i + 1}` })));
    await addSession(plan, { name: '理论知识考试', subject: 1, startTime: '09:00', endTime: '10:30' });
    const res = await post<{ seated: number; message: string }>('eval_org', '/examaff/site/autoSeat', { planId: plan.id });
    expect(res.body.data.seated).toBe(5);
    expect(res.body.data.message).toContain('3 名考生因座位不足未安排');
  });
});

describe('手工安排与冲突', () => {
  it('容量已满、座号已占、考场类型不符被拒绝', async () => {
    const d = await db();
    const plan = await makePlan(d);
    const { siteId, roomIds } = await siteWithRooms(d, plan, [
      { name: 'D101', roomType: 1, capacity: 2 },
      { name: 'D201', roomType: 2, capacity: 10 },
    ]);
    const [a, b, c] = await addExaminees(d, plan, [{ name: '丁一' }, { name: '丁二' }, { name: '丁三' }]);
    const sessionId = await addSession(plan, { name: '理论知识考试', subject: 1, startTime: '09:00', endTime: '10:30' });
    expect((await post('eval_org', '/examaff/site/moveSeat', { sessionId, examineeId: a.id, roomId: roomIds[0], seatNo: 2 })).status).toBe(200);
    const taken = await post('eval_org', '/examaff/site/moveSeat', { sessionId, examineeId: b.id, roomId: roomIds[0], seatNo: 2 });
    expect(taken.status).toBe(400);
    expect(taken.body.returnMsg).toContain('2 号座位已有考生「丁一」');
    expect((await post('eval_org', '/examaff/site/moveSeat', { sessionId, examineeId: b.id, roomId: roomIds[0] })).status).toBe(200);
    const full = await post('eval_org', '/examaff/site/moveSeat', { sessionId, examineeId: c.id, roomId: roomIds[0] });
    expect(full.status).toBe(400);
    expect(full.body.returnMsg).toContain('容量 2 座已满');
    const wrongType = await post('eval_org', '/examaff/site/moveSeat', { sessionId, examineeId: c.id, roomId: roomIds[1] });
    expect(wrongType.body.returnMsg).toContain('须安排在理论考场');
    // 容量不能改到小于已安排的座位
    const shrink = await post('eval_org', '/examaff/site/savePlace', { id: roomIds[0], siteId, name: 'D101', roomType: 1, capacity: 1 });
    expect(shrink.status).toBe(400);
    // 调出后可再安排
    expect((await post('eval_org', '/examaff/site/removeSeat', { sessionId, examineeId: a.id })).status).toBe(200);
    expect((await post('eval_org', '/examaff/site/moveSeat', { sessionId, examineeId: c.id, roomId: roomIds[0] })).status).toBe(200);
  });

  it('考生在时间重叠的两个场次：拒绝并点名冲突的场次', async () => {
    const d = await db();
    const plan = await makePlan(d);
    const { roomIds } = await siteWithRooms(d, plan, [
      { name: 'E101', roomType: 1, capacity: 10 },
      { name: 'E201', roomType: 2, capacity: 10 },
    ]);
    const [a] = await addExaminees(d, plan, [{ name: '戊一' }]);
    const knowledge = await addSession(plan, { name: '上午理论', subject: 1, startTime: '09:00', endTime: '10:30' });
    const onSite = await addSession(plan, { name: '上午实操', subject: 2, startTime: '10:00', endTime: '11:30' });
    expect((await post('eval_org', '/examaff/site/moveSeat', { sessionId: knowledge, examineeId: a.id, roomId: roomIds[0] })).status).toBe(200);
    const clash = await post('eval_org', '/examaff/site/moveSeat', { sessionId: onSite, examineeId: a.id, roomId: roomIds[1] });
    expect(clash.status).toBe(400);
    expect(clash.body.returnMsg).toBe('考生「戊一」已安排在场次「上午理论」（2031-03-10 09:00–10:30），与本场次时间重叠');
    // 自动编排跳过冲突的考生并说明
    const auto = await post<{ seated: number; message: string }>('eval_org', '/examaff/site/autoSeat', { planId: plan.id, sessionId: onSite });
    expect(auto.body.data.seated).toBe(0);
    expect(auto.body.data.message).toContain('戊一与其他场次时间冲突');
    // 把实操改到不重叠的时间后可以安排；再改回重叠时间被拒绝
    const moved = await post('eval_org', '/examaff/site/updateExamination', { id: onSite, name: '下午实操', subject: 2, examDate: plan.examStartDate, startTime: '13:30', endTime: '15:00' });
    expect(moved.status).toBe(200);
    expect((await post('eval_org', '/examaff/site/moveSeat', { sessionId: onSite, examineeId: a.id, roomId: roomIds[1] })).status).toBe(200);
    const back = await post('eval_org', '/examaff/site/updateExamination', { id: onSite, name: '下午实操', subject: 2, examDate: plan.examStartDate, startTime: '10:00', endTime: '11:30' });
    expect(back.status).toBe(400);
    expect(back.body.returnMsg).toContain('与本场次时间重叠');
  });

  it('考场被时间重叠的另一时段占用：拒绝；同一时段（同日同时同科目）的场次可共用考场，座号接着排', async () => {
    const d = await db();
    const plan = await makePlan(d);
    const { roomIds } = await siteWithRooms(d, plan, [{ name: 'F101', roomType: 1, capacity: 10 }]);
    const [a, b, c] = await addExaminees(d, plan, [
      { name: '己一', work: WORK_A },
      { name: '己二', work: WORK_B },
      { name: '己三', work: WORK_B },
    ]);
    const first = await addSession(plan, { name: '电工理论', subject: 1, workCode: WORK_A.workCode, startTime: '09:00', endTime: '10:30' });
    const partial = await addSession(plan, { name: '烹调理论（错时）', subject: 1, workCode: WORK_B.workCode, startTime: '10:00', endTime: '11:30' });
    const together = await addSession(plan, { name: '烹调理论（同时）', subject: 1, workCode: WORK_B.workCode, startTime: '09:00', endTime: '10:30' });
    expect((await post('eval_org', '/examaff/site/moveSeat', { sessionId: first, examineeId: a.id, roomId: roomIds[0] })).status).toBe(200);
    const clash = await post('eval_org', '/examaff/site/moveSeat', { sessionId: partial, examineeId: b.id, roomId: roomIds[0] });
    expect(clash.status).toBe(400);
    expect(clash.body.returnMsg).toBe('考场「F101」在 2031-03-10 09:00–10:30 已用于场次「电工理论」，与场次「烹调理论（错时）」时间重叠，不能同时使用');
    const shared = await post<{ seatNo: number }>('eval_org', '/examaff/site/moveSeat', { sessionId: together, examineeId: c.id, roomId: roomIds[0] });
    expect(shared.status).toBe(200);
    expect(shared.body.data.seatNo).toBe(2);
    // 工种不符的考生不能进限定工种的场次
    const wrongWork = await post('eval_org', '/examaff/site/moveSeat', { sessionId: first, examineeId: b.id, roomId: roomIds[0] });
    expect(wrongWork.body.returnMsg).toContain('不考考生「己二」报考的工种');
    const rows = await d.select().from(examSessions).where(inArray(examSessions.id, [first, partial, together]));
    expect(rows.length).toBe(3);
  });
});

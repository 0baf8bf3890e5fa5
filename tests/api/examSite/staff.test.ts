// 工作人员与第 3 → 4 步的条件：停用、他机构、不能考评该工种的人员被拒绝；同一人不能在重叠的场次；配比规则的原因；考务记录。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { examPlans, type ExamPlan } from '@/lib/domains/exaPlan/tables';
import { examSites } from '@/lib/domains/examSite/tables';
import { PLAN_STEP } from '@/lib/domains/exaPlan/transitions';
import { personAssignments, personWorks } from '@/lib/domains/personnel/tables';
import { roomsReady } from '@/lib/domains/examSite/gates';
import type { CandidateItem, StaffItem } from '@/lib/domains/examSite/schemas';
import { addExaminees, addSession, login, makePlan, personId, post, siteWithRooms, WORK_A, type Paged } from './helpers';

const { db } = setupTestDb();

beforeAll(async () => {
  await login('eval_org', 'sjz_admin');
});

const reload = async (plan: ExamPlan) => (await (await db()).select().from(examPlans).where(eq(examPlans.id, plan.id)))[0];
const staff = (sessionId: number, list: { personId: number; role: string; roomId?: number }[]) => post('eval_org', '/examaff/site/addExaminationPersonnel', { sessionId, staff: list });

describe('工作人员与配比', () => {
  it('从缺少人员到满足配比：每步的原因、拒绝与考务记录', async () => {
    const d = await db();
    const plan = await makePlan(d);
    const { roomIds } = await siteWithRooms(d, plan, [
      { name: 'K101', roomType: 1, capacity: 40 },
      { name: 'S201', roomType: 2, capacity: 20 },
      { name: 'S202', roomType: 2, capacity: 20 },
    ]);
    const [, S201, S202] = roomIds;
    await addExaminees(d, plan, Array.from({ length: 35 }, (_, i) => ({ name: `考生${i + 1}`, work: WORK_A })));

    // 还没有场次
    expect(await roomsReady(d, await reload(plan))).toBe('尚未安排「理论知识考试」的场次；尚未安排「操作技能考核」的场次');
    const knowledge = await addSession(plan, { name: '理论知识考试', subject: 1, startTime: '09:00', endTime: '10:30' });
    const onSite = await addSession(plan, { name: '操作技能考核', subject: 2, startTime: '13:30', endTime: '15:00' });
    const beforeSeats = await roomsReady(d, await reload(plan));
    expect(beforeSeats).toContain('考生考生1、考生2、考生3等 35 人尚未安排「理论知识考试」的考场');

    expect((await post('eval_org', '/examaff/site/autoSeat', { planId: plan.id })).status).toBe(200);
    const noStaff = await roomsReady(d, await reload(plan));
    expect(noStaff).toContain('场次「理论知识考试」至少需要 1 名督导员');
    expect(noStaff).toContain('场次「理论知识考试」有 35 名考生，至少需要 2 名考务人员（每 30 名考生 1 名），现有 0 名');
    expect(noStaff).toContain('场次「操作技能考核」至少需要 1 名督导员；另有 2 处工作人员配比问题');

    const ids = {
      sup: await personId(d, 'supervisor', '杨帆'),
      staffA: await personId(d, 'examStaff', '赵文静'),
      staffB: await personId(d, 'examStaff', '孙浩然'),
      stopped: await personId(d, 'assessor', '张卫东'),
      bd: await personId(d, 'assessor', '韩立平'),
      cook: await personId(d, 'assessor', '马秀英'),
      wu: await personId(d, 'assessor', '吴国栋'),
      liu: await personId(d, 'assessor', '刘建军'),
      gao: await personId(d, 'assessor', '高志明'),
      li: await personId(d, 'assessor', '李淑芬'),
    };

    // 拒绝：停用的、其他机构的、不能考评该工种的、实操考评员没有考场
    const stopped = await staff(onSite, [{ personId: ids.stopped, role: 'assessor', roomId: S201 }]);
    expect(stopped.status).toBe(400);
    expect(stopped.body.returnMsg).toBe('考评员张卫东已停用，不能分派');
    const other = await staff(onSite, [{ personId: ids.bd, role: 'assessor', roomId: S201 }]);
    expect(other.body.returnMsg).toBe('考评员「韩立平」不属于本机构，不能分派');
    const cook = await staff(onSite, [{ personId: ids.cook, role: 'assessor', roomId: S201 }]);
    expect(cook.body.returnMsg).toBe(`考评员「马秀英」不能考评工种「${WORK_A.workName}」（考场「S201」）`);
    const noRoom = await staff(onSite, [{ personId: ids.wu, role: 'assessor' }]);
    expect(noRoom.body.returnMsg).toBe('请为考评员「吴国栋」选择考场');
    const wrongRole = await staff(onSite, [{ personId: ids.wu, role: 'supervisor' }]);
    expect(wrongRole.status).toBe(404);

    // 部分分派：第 3 步允许，条件给出剩下的原因
    expect((await staff(knowledge, [{ personId: ids.sup, role: 'supervisor' }, { personId: ids.staffA, role: 'examStaff', roomId: roomIds[0] }])).status).toBe(200);
    expect((await staff(onSite, [{ personId: ids.sup, role: 'supervisor' }, { personId: ids.wu, role: 'assessor', roomId: S201 }, { personId: ids.liu, role: 'assessor', roomId: S201 }])).status).toBe(200);
    const partial = await roomsReady(d, await reload(plan));
    expect(partial).toBe('场次「理论知识考试」有 35 名考生，至少需要 2 名考务人员（每 30 名考生 1 名），现有 1 名；场次「操作技能考核」考场「S202」至少需要 2 名考评员，现有 0 名');

    // 同一人不能在时间重叠的另一场次
    const overlapping = await addSession(plan, { name: '补考理论', subject: 1, startTime: '10:00', endTime: '11:00' });
    const clash = await staff(overlapping, [{ personId: ids.staffA, role: 'examStaff' }]);
    expect(clash.status).toBe(400);
    expect(clash.body.returnMsg).toBe(`考务人员「赵文静」已安排在 2031-03-10 09:00–10:30 的场次「理论知识考试」（${plan.name}），与本场次时间重叠`);
    const candidates = await post<CandidateItem[]>('eval_org', '/examaff/site/getMonitors', { sessionId: overlapping, role: 'examStaff' });
    expect(candidates.body.data.find((c) => c.id === ids.staffA)!.busy).toContain('理论知识考试');
    expect(candidates.body.data.find((c) => c.id === ids.staffB)!.busy).toBeNull();
    await post('eval_org', '/examaff/site/deleteExamination', { id: overlapping });

    // 补齐：第二名考务人员、S202 两名考评员（给他们加上可考评的工种）
    await d
      .insert(personWorks)
      .values([ids.gao, ids.li].map((p) => ({ personId: p, workCode: WORK_A.workCode, levelCode: 3 })))
      .onConflictDoNothing();
    expect((await staff(knowledge, [{ personId: ids.sup, role: 'supervisor' }, { personId: ids.staffA, role: 'examStaff', roomId: roomIds[0] }, { personId: ids.staffB, role: 'examStaff', roomId: roomIds[0] }])).status).toBe(200);
    expect(
      (
        await staff(onSite, [
          { personId: ids.sup, role: 'supervisor' },
          { personId: ids.wu, role: 'assessor', roomId: S201 },
          { personId: ids.liu, role: 'assessor', roomId: S201 },
          { personId: ids.gao, role: 'assessor', roomId: S202 },
          { personId: ids.li, role: 'assessor', roomId: S202 },
        ])
      ).status,
    ).toBe(200);
    expect(await roomsReady(d, await reload(plan))).toBeNull();

    const list = await post<Paged<StaffItem>>('eval_org', '/examaff/site/byExaPlanExamaffPersonnel', { planId: plan.id, pageSize: 50 });
    expect(list.body.data.total).toBe(8);
    const assignments = await d.select().from(personAssignments).where(eq(personAssignments.planCode, plan.code));
    expect(assignments.map((a) => `${a.personId}:${a.role}`).sort()).toEqual(
      [`${ids.sup}:督导员`, `${ids.staffA}:考务人员`, `${ids.staffB}:考务人员`, ...[ids.wu, ids.liu, ids.gao, ids.li].map((p) => `${p}:考评员`)].sort(),
    );

    // 第 4 步：仍可调整人员，但配比须仍满足；考点不能再改
    await d.update(examPlans).set({ step: PLAN_STEP.EXAM_AFFAIRS }).where(eq(examPlans.id, plan.id));
    const breaks = await staff(knowledge, [{ personId: ids.staffA, role: 'examStaff', roomId: roomIds[0] }, { personId: ids.staffB, role: 'examStaff', roomId: roomIds[0] }]);
    expect(breaks.status).toBe(400);
    expect(breaks.body.returnMsg).toBe('计划已进入考务安排，工作人员须满足配比规则：场次「理论知识考试」至少需要 1 名督导员');
    const swap = await staff(knowledge, [
      { personId: await personId(d, 'supervisor', '胡立新'), role: 'supervisor' },
      { personId: ids.staffA, role: 'examStaff', roomId: roomIds[0] },
      { personId: ids.staffB, role: 'examStaff', roomId: roomIds[0] },
    ]);
    expect(swap.status).toBe(200);
    const moveSite = await post('eval_org', '/examaff/site/deleteSite', { id: (await d.select().from(examSites).where(eq(examSites.planId, plan.id)))[0].id });
    expect(moveSite.status).toBe(400);
    // 市级管理员不能分派
    expect((await post('sjz_admin', '/examaff/site/addExaminationPersonnel', { sessionId: knowledge, staff: [] })).status).toBe(403);
    // 考务记录随之更新：杨帆仍在实操场次，胡立新新增
    const sup = await d
      .select()
      .from(personAssignments)
      .where(and(eq(personAssignments.planCode, plan.code), eq(personAssignments.role, '督导员')));
    expect(sup.length).toBe(2);
  });

  it('考点不再是有效备案的考点时，条件点名考场', async () => {
    const d = await db();
    const plan = await makePlan(d, undefined, { arrangeTypes: [0] });
    await siteWithRooms(d, plan, [{ name: 'Z101', roomType: 1, capacity: 10 }]);
    expect(await roomsReady(d, await reload(plan))).toBeNull();
    await d.update(examSites).set({ filingSiteId: 99_999_999 }).where(eq(examSites.planId, plan.id));
    expect(await roomsReady(d, await reload(plan))).toMatch(/^考场「.+ Z101」所在的考点不是本机构有效备案的考点$/);
  });
});

describe('人员选择的工种显示名称', () => {
  it('可分派的考评员（吴国栋）：worksText 是工种名称，不是工种编码；works 仍是编码', async () => {
    const d = await db();
    const plan = await makePlan(d);
    const onSite = await addSession(plan, { name: '操作技能考核', subject: 2, startTime: '13:30', endTime: '15:00' });
    const wu = await personId(d, 'assessor', '吴国栋');
    const codes = (await d.select({ workCode: personWorks.workCode }).from(personWorks).where(eq(personWorks.personId, wu))).map((w) => w.workCode);
    expect(codes.length).toBeGreaterThan(0);
    const r = await post<CandidateItem[]>('eval_org', '/examaff/site/getMonitors', { sessionId: onSite, role: 'assessor' });
    expect(r.status).toBe(200);
    const item = r.body.data.find((c) => c.id === wu)!;
    expect(item.works.sort()).toEqual(codes.sort());
    expect(item.worksText).toContain(WORK_A.workName);
    for (const code of codes) expect(item.worksText).not.toContain(code);
    expect(r.body.data.every((c) => !/\d-\d{2}-\d{2}/.test(c.worksText))).toBe(true);
  });
});

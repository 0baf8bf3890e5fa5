// 考务安排与督导测试的共用准备：一份编排好（考场、考生座位、工作人员满足配比）的计划，直接放到第 4 步；
// 一份题库试卷（直接写入题库的表）；离线试卷用的小 PDF。
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { examPlans, type ExamPlan } from '@/lib/domains/exaPlan/tables';
import { examSessions } from '@/lib/domains/examSite/tables';
import { PLAN_STATE, PLAN_STEP } from '@/lib/domains/exaPlan/transitions';
import { knowledgePoints, paperQuestions, papers, questionBanks, questions, questionSubjects } from '@/lib/domains/questionBank/tables';
import { roomsReady } from '@/lib/domains/examSite/gates';
import { addExaminees, addSession, makePlan, personId, post, siteWithRooms, WORK_A, SJZ_EVAL } from '../examSite/helpers';

export { login, post, get, personId, WORK_A, SJZ_EVAL, BD_EVAL, type Paged } from '../examSite/helpers';

export interface Arranged {
  plan: ExamPlan;
  knowledge: number;
  onSite: number;
  rooms: { K101: number; S201: number };
}

/** 编排好的计划（理论 + 实操各一场次、10 名考生），放到第 4 步办理中。同一人员不能在同一时间的两个场次：几份计划用不同的考试日期 */
export async function arrangedPlan(db: Db, examDate = '2031-03-10', supervisor = '杨帆', orgCode = SJZ_EVAL): Promise<Arranged> {
  const plan = await makePlan(db, orgCode, { examStartDate: examDate, examEndDate: examDate });
  const { roomIds } = await siteWithRooms(db, plan, [
    { name: 'K101', roomType: 1, capacity: 40 },
    { name: 'S201', roomType: 2, capacity: 20 },
  ]);
  const [K101, S201] = roomIds;
  await addExaminees(
    db,
    plan,
    Array.from({ length: 10 }, (_, i) => ({ name: `考务考生${i + 1}`, work: WORK_A })),
  );
  const knowledge = await addSession(plan, { name: '理论知识考试', subject: 1, startTime: '09:00', endTime: '10:30' });
  const onSite = await addSession(plan, { name: '操作技能考核', subject: 2, startTime: '13:30', endTime: '15:00' });
  const seat = await post('eval_org', '/examaff/site/autoSeat', { planId: plan.id });
  if (seat.status !== 200) throw new Error(seat.body.returnMsg);
  const ids = {
    sup: await personId(db, 'supervisor', supervisor),
    staff: await personId(db, 'examStaff', '赵文静'),
    wu: await personId(db, 'assessor', '吴国栋'),
    liu: await personId(db, 'assessor', '刘建军'),
  };
  for (const [sessionId, staff] of [
    [knowledge, [{ personId: ids.sup, role: 'supervisor' }, { personId: ids.staff, role: 'examStaff', roomId: K101 }]],
    [onSite, [{ personId: ids.sup, role: 'supervisor' }, { personId: ids.wu, role: 'assessor', roomId: S201 }, { personId: ids.liu, role: 'assessor', roomId: S201 }]],
  ] as const) {
    const res = await post('eval_org', '/examaff/site/addExaminationPersonnel', { sessionId, staff });
    if (res.status !== 200) throw new Error(res.body.returnMsg);
  }
  const [fresh] = await db.select().from(examPlans).where(eq(examPlans.id, plan.id));
  const ready = await roomsReady(db, fresh);
  if (ready) throw new Error(ready);
  const [atStep4] = await db.update(examPlans).set({ step: PLAN_STEP.EXAM_AFFAIRS, state: PLAN_STATE.WORKING }).where(eq(examPlans.id, plan.id)).returning();
  return { plan: atStep4, knowledge, onSite, rooms: { K101, S201 } };
}

/** 把场次挪到某天（测试开考前后） */
export async function moveSession(db: Db, sessionId: number, examDate: string): Promise<void> {
  await db.update(examSessions).set({ examDate }).where(eq(examSessions.id, sessionId));
}

export async function setStep(db: Db, plan: ExamPlan, step: number, state: number = PLAN_STATE.WORKING): Promise<void> {
  await db.update(examPlans).set({ step, state }).where(eq(examPlans.id, plan.id));
}

let bankSeq = 0;
/** 机构的一份题库试卷（两道题），工种为 workCode */
export async function bankPaper(db: Db, plan: ExamPlan, workCode = WORK_A.workCode, workName = WORK_A.workName): Promise<number> {
  bankSeq++;
  const [bank] = await db
    .insert(questionBanks)
    .values({ kind: plan.kind, orgId: plan.orgId, cityId: plan.cityId, name: `考务测试题库${bankSeq}`, workCode, workName, level: 1 + (bankSeq % 5) })
    .returning();
  const [subject] = await db.insert(questionSubjects).values({ bankId: bank.id, orgId: plan.orgId, cityId: plan.cityId, name: '理论知识' }).returning();
  const [kp] = await db.insert(knowledgePoints).values({ orgId: plan.orgId, cityId: plan.cityId, workCode, name: `安全用电${bankSeq}` }).returning();
  const qs = await db
    .insert(questions)
    .values([
      { bankId: bank.id, orgId: plan.orgId, cityId: plan.cityId, subjectId: subject.id, kpId: kp.id, type: 'judge', difficulty: 2, stem: '停电检修前须验电。', answer: '正确', score: '2' },
      {
        bankId: bank.id,
        orgId: plan.orgId,
        cityId: plan.cityId,
        subjectId: subject.id,
        kpId: kp.id,
        type: 'single',
        difficulty: 3,
        stem: '我国工频交流电的频率是（ ）。',
        options: [
          { key: 'A', text: '50 Hz' },
          { key: 'B', text: '60 Hz' },
        ],
        answer: 'A',
        score: '3',
      },
    ])
    .returning();
  const [paper] = await db
    .insert(papers)
    .values({ bankId: bank.id, subjectId: subject.id, kind: plan.kind, orgId: plan.orgId, cityId: plan.cityId, workCode, workName, level: bank.level, name: `电工理论试卷${bankSeq}`, mode: 1, totalScore: '5', questionCount: 2, durationMinutes: 90 })
    .returning();
  await db.insert(paperQuestions).values(qs.map((q, i) => ({ paperId: paper.id, questionId: q.id, sort: i + 1, score: q.score })));
  return paper.id;
}

/** 最小的 PDF（上传服务按内容判定格式） */
export function tinyPdf(text = 'paper'): Uint8Array {
  const body = `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

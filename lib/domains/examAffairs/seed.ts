// 演示考务安排：第 4 步及以后（未取消）的每份计划设立考务办公室（本机构的考务人员），有考生的场次考场都分发试卷——
// 机构有适用的题库试卷就用题库试卷（经 usePaper 记下使用），否则用各科目一份离线试卷（生成的 PDF）；
// 第 5 步及以后的计划另有一份签到表。第 4 步的计划留最后一个场次不分发试卷，演示进入下一步前还缺的。
// 按计划是否已有考务办公室幂等。须在考点考场（与题库）的种子之后运行。
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { attachFiles } from '../file/service';
import { people } from '../personnel/tables';
import { STATUS_ACTIVE } from '../personnel/service';
import { examPlanWorks, type ExamPlan } from '../exaPlan/tables';
import { examSessions } from '../examSite/tables';
import { PLAN_STEP } from '../exaPlan/transitions';
import { papersForOrg, usePaper as recordPaperUse } from '../questionBank/usage';
import { SUBJECT_LABEL } from '../examSite/schemas';
import { seatedSlots } from './context';
import { examAffairAttaches, examOffices, examOfficeStaff, examOfflinePapers, examRoomPapers } from './tables';
import { eachUnseededPlan, simplePdf, storeSeedPdf } from './seed-files';
import { PAPER_SOURCE } from './schemas';

async function seedPlan(db: Db, plan: ExamPlan): Promise<void> {
  const slots = await seatedSlots(db, plan.id);
  if (!slots.length) return;
  const sessions = await db.select().from(examSessions).where(eq(examSessions.planId, plan.id)).orderBy(asc(examSessions.examDate), asc(examSessions.startTime), asc(examSessions.id));
  const staff = await db
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.orgId, plan.orgId), eq(people.library, 'examStaff'), eq(people.status, STATUS_ACTIVE)))
    .orderBy(asc(people.id))
    .limit(2);
  const [office] = await db
    .insert(examOffices)
    .values({
      planId: plan.id,
      orgId: plan.orgId,
      cityId: plan.cityId,
      place: `${slots[0].siteName}一楼考务办公室`,
      contactName: plan.contactName,
      contactPhone: plan.contactPhone,
      remark: '考前 60 分钟开放，负责试卷保管、分发与回收',
    })
    .onConflictDoNothing()
    .returning();
  if (!office) return;
  if (staff.length) await db.insert(examOfficeStaff).values(staff.map((s) => ({ officeId: office.id, personId: s.id })));

  // 第 4 步：最后一个场次留着不分发
  const skip = plan.step === PLAN_STEP.EXAM_AFFAIRS && sessions.length > 1 ? sessions[sessions.length - 1].id : null;
  const works = new Set((await db.select({ workCode: examPlanWorks.workCode }).from(examPlanWorks).where(eq(examPlanWorks.planId, plan.id))).map((w) => w.workCode));
  const bank = (await papersForOrg(db, plan.orgId, {})).filter((p) => works.has(p.workCode));
  const offline = new Map<number, number>();
  for (const s of sessions) {
    if (s.id === skip) continue;
    const mine = slots.filter((x) => x.sessionId === s.id);
    if (!mine.length) continue;
    const fromBank = s.subject === 1 ? bank.find((p) => s.workCode === null || p.workCode === s.workCode) : undefined;
    if (fromBank) {
      await db
        .insert(examRoomPapers)
        .values(mine.map((x) => ({ planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, sessionId: s.id, roomId: x.roomId, source: PAPER_SOURCE.BANK, paperId: fromBank.id })))
        .onConflictDoNothing();
      for (const x of mine) await recordPaperUse(db, { paperId: fromBank.id, orgId: plan.orgId, planId: plan.id, sessionId: s.id, roomId: x.roomId });
      continue;
    }
    if (!offline.has(s.subject)) {
      const title = `${plan.name} ${SUBJECT_LABEL[s.subject]}试卷`;
      const file = await storeSeedPdf(db, {
        dir: 'seed-affairs',
        name: `paper-${plan.code}-s${s.subject}`.replace(/[^A-Za-z0-9-]/g, ''),
        originalName: `${SUBJECT_LABEL[s.subject]}试卷.pdf`,
        orgId: plan.orgId,
        cityId: plan.cityId,
        make: () =>
          simplePdf(title, [
            { heading: '考生须知', lines: ['请在答题卡上填写姓名与准考证号。', '考试开始 30 分钟后不得入场，考试结束前 30 分钟方可交卷。'] },
            { heading: s.subject === 1 ? '试题' : '考核任务', lines: s.subject === 1 ? ['（试题见纸质试卷）'] : ['按评分表完成规定的操作任务，注意安全操作规程。'] },
          ]),
      });
      const [p] = await db
        .insert(examOfflinePapers)
        .values({ planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, name: `${SUBJECT_LABEL[s.subject]}试卷（离线）`, subject: s.subject, fileUrl: file.url, fileName: `${SUBJECT_LABEL[s.subject]}试卷.pdf`, size: file.size })
        .returning();
      await attachFiles(db, { entity: 'exam_offline_paper', entityId: p.id }, [file.url]);
      offline.set(s.subject, p.id);
    }
    await db
      .insert(examRoomPapers)
      .values(mine.map((x) => ({ planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, sessionId: s.id, roomId: x.roomId, source: PAPER_SOURCE.OFFLINE, offlinePaperId: offline.get(s.subject)! })))
      .onConflictDoNothing();
  }

  if (plan.step >= PLAN_STEP.SCORES && sessions[0]) {
    const file = await storeSeedPdf(db, {
      dir: 'seed-affairs',
      name: `signin-${plan.code}`.replace(/[^A-Za-z0-9-]/g, ''),
      originalName: '签到表.pdf',
      orgId: plan.orgId,
      cityId: plan.cityId,
      make: () => simplePdf(`${plan.name} 考生签到表`, [{ heading: sessions[0].name, lines: ['（签到表扫描件）'] }]),
    });
    const [a] = await db
      .insert(examAffairAttaches)
      .values({ planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, sessionId: sessions[0].id, roomId: slots.find((x) => x.sessionId === sessions[0].id)?.roomId ?? null, kind: 'signIn', name: '签到表.pdf', url: file.url, size: file.size, createdByName: plan.contactName })
      .returning();
    await attachFiles(db, { entity: 'exam_affair_attach', entityId: a.id }, [file.url]);
  }
}

export async function seedExamAffairs(db: Db): Promise<void> {
  await eachUnseededPlan(
    db,
    async (ids) => (await db.select({ planId: examOffices.planId }).from(examOffices).where(inArray(examOffices.planId, ids))).map((o) => o.planId),
    seedPlan,
  );
}

// 演示督导记录：第 4 步及以后（未取消）、有督导员的计划——每份计划一条督导意见（担任督导的督导员，对其第一个场次）、
// 一两条考试异常记录（违纪、设备故障），第 5 步及以后的另有对评价机构的评价与一份已提交的报送全国网的督导报告。
// 填写人对应的登录账号按手机号找（演示督导员“杨帆”即账号 supervisor）。按计划是否已有督导意见幂等。须在考务安排的种子之后运行。
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { attachFiles } from '../file/service';
import { people } from '../personnel/tables';
import { type ExamPlan } from '../exaPlan/tables';
import { examinees } from '../examinee/tables';
import { examSeats, examSessions, examSessionStaff } from '../examSite/tables';
import { PLAN_STEP } from '../exaPlan/transitions';
import { eachUnseededPlan, simplePdf, storeSeedPdf } from '../examAffairs/seed-files';
import { abnormalRecords, chinaNetworkFiles, supervisorOpinions, supervisorOrgOpinions } from './tables';
import { ABNORMAL_KIND, NETWORK_FILE_STATUS, OPINION_CONCLUSION } from './schemas';
import { sessionStarted } from './time-gates';

const OPINIONS = [
  { conclusion: OPINION_CONCLUSION.COMPLIANT, content: '考场布置规范，考生身份核验严格，监考人员到岗及时，试卷启封与回收程序完整。' },
  { conclusion: OPINION_CONCLUSION.MOSTLY, content: '考务组织基本规范；个别考场座次标识不清，已现场督促整改。建议考前统一检查考场标识。' },
  { conclusion: OPINION_CONCLUSION.COMPLIANT, content: '实操考核设备完好，评分表填写完整，考评员按评分细则独立评分。' },
];

const minutesAfter = (date: string, time: string, minutes: number) => new Date(new Date(`${date}T${time}:00+08:00`).getTime() + minutes * 60_000);

async function seedPlan(db: Db, plan: ExamPlan): Promise<void> {
  const assigned = await db
    .select({ session: examSessions, personId: examSessionStaff.personId, name: people.name, userId: people.userId })
    .from(examSessionStaff)
    .innerJoin(examSessions, eq(examSessions.id, examSessionStaff.sessionId))
    .innerJoin(people, eq(people.id, examSessionStaff.personId))
    .where(and(eq(examSessions.planId, plan.id), eq(examSessionStaff.role, 'supervisor')))
    .orderBy(asc(examSessions.examDate), asc(examSessions.startTime), asc(examSessions.id));
  if (!assigned.length) return;
  const first = assigned[0];
  // 督导意见与异常记录只在开考之后（time-gates.ts）：考试还在将来的计划（第 4 步）不造
  if (!sessionStarted(first.session)) return;
  const author = { personId: first.personId, userId: first.userId, authorName: first.name };
  const pick = OPINIONS[plan.id % OPINIONS.length];
  await db.insert(supervisorOpinions).values({ planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, sessionId: first.session.id, ...author, ...pick });

  // 异常记录：一名考生违纪；第 5 步及以后另有一次设备故障
  const [seat] = await db
    .select({ roomId: examSeats.roomId, examineeId: examinees.id, name: examinees.name, ticketNo: examinees.ticketNo })
    .from(examSeats)
    .innerJoin(examinees, eq(examinees.id, examSeats.examineeId))
    .where(eq(examSeats.sessionId, first.session.id))
    .orderBy(asc(examSeats.seatNo))
    .limit(1);
  const reporter = { reporterId: author.userId, reporterName: author.authorName };
  const base = { planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, sessionId: first.session.id };
  const rows: (typeof abnormalRecords.$inferInsert)[] = [];
  if (seat) {
    rows.push({
      ...base,
      ...reporter,
      roomId: seat.roomId,
      examineeId: seat.examineeId,
      examineeName: seat.name,
      ticketNo: seat.ticketNo,
      kind: ABNORMAL_KIND.VIOLATION,
      occurredAt: minutesAfter(first.session.examDate, first.session.startTime, 25),
      description: '考生在考试中携带手机，被监考人员发现。',
      handling: '手机已暂扣并登记，考后归还；考生签字确认。',
    });
  }
  if (plan.step >= PLAN_STEP.SCORES) {
    rows.push({
      ...base,
      ...reporter,
      roomId: seat?.roomId ?? null,
      kind: ABNORMAL_KIND.EQUIPMENT,
      occurredAt: minutesAfter(first.session.examDate, first.session.startTime, 50),
      description: '考场一台监控摄像头短时中断（约 5 分钟）。',
      handling: '技术人员现场恢复，期间由两名监考人员加强巡视。',
    });
  }
  if (rows.length) await db.insert(abnormalRecords).values(rows);

  if (plan.step < PLAN_STEP.SCORES) return;
  await db
    .insert(supervisorOrgOpinions)
    .values({ planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, ...author, rating: plan.id % 4 === 0 ? 2 : 1, content: '机构考务组织有序，人员配备符合要求，考场秩序良好。', suggestion: '进一步规范考场标识与考生须知的张贴。' })
    .onConflictDoNothing();
  const file = await storeSeedPdf(db, {
    dir: 'seed-supervision',
    name: `report-${plan.code}`.replace(/[^A-Za-z0-9-]/g, ''),
    originalName: '督导报告.pdf',
    orgId: plan.orgId,
    cityId: plan.cityId,
    make: () => simplePdf(`${plan.name} 督导报告`, [{ heading: '督导情况', lines: [pick.content] }]),
  });
  const [f] = await db
    .insert(chinaNetworkFiles)
    .values({
      planId: plan.id,
      orgId: plan.orgId,
      cityId: plan.cityId,
      name: '督导报告',
      fileType: 1,
      url: file.url,
      status: NETWORK_FILE_STATUS.COMMITTED,
      committedAt: minutesAfter(first.session.examDate, first.session.endTime, 120),
      committedBy: author.authorName,
      createdBy: author.userId,
      createdByName: author.authorName,
    })
    .returning();
  await attachFiles(db, { entity: 'china_network_file', entityId: f.id }, [file.url]);
}

export async function seedSupervision(db: Db): Promise<void> {
  await eachUnseededPlan(
    db,
    async (ids) => (await db.selectDistinct({ planId: supervisorOpinions.planId }).from(supervisorOpinions).where(inArray(supervisorOpinions.planId, ids))).map((o) => o.planId),
    seedPlan,
  );
}

// 演示考点考场：第 3 步及以后（未取消）的每份计划取其机构有效备案的考点，按考生人数与可用人员建考场与场次；
// 第 4 步及以后的计划把资格不是“不符合”的考生全部编排座位、生成准考证号，并按配比规则分派工作人员；另有几个摄像头。
// 机构人员不够按配比排开时，补几名演示考评员、考务人员（市里没有督导员时补一名督导员）。已有考点的计划不动（可重复执行）。
// 须在考试计划与考生的种子之后运行。
import { and, asc, count, eq, gte, inArray, ne } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { areas } from '../area/tables';
import { organisations } from '../org/tables';
import { examPlans, type ExamPlan } from '../exaPlan/tables';
import { examCameras, examRooms, examSessions, examSessionStaff, examSites } from './tables';
import { PLAN_STATE, PLAN_STEP } from '../exaPlan/transitions';
import { people, personWorks } from '../personnel/tables';
import { assignPerson, STATUS_ACTIVE } from '../personnel/service';
import { seedPeople, type SeedPerson } from '../personnel/seed';
import { filedExamSites, loadLayout, qualifiedExaminees } from './context';
import { assignTickets, seatSession } from './seating';
import { planSubjects } from './sessions';
import { RATIO, ROOM_TYPE_LABEL, STAFF_ROLE_LABEL, SUBJECT, SUBJECT_LABEL, type StaffRole } from './schemas';

/** 每天的考试时段（各科目、各批依次占用，互不重叠） */
const SLOTS: readonly [string, string][] = [
  ['08:30', '10:00'],
  ['10:30', '12:00'],
  ['13:30', '15:00'],
  ['15:30', '17:00'],
  ['17:30', '19:00'],
];
/** 演示考场的容量（理论 30 座即每个理论考场 1 名考务人员） */
const ROOM_CAPACITY: Record<number, number> = { [SUBJECT.KNOWLEDGE]: RATIO.EXAMINEES_PER_EXAM_STAFF, [SUBJECT.ON_SITE]: 20, [SUBJECT.DEFENCE]: 15 };
const TOP_UP_NAMES = ['赵建平', '钱玉芬', '孙志强', '李春梅', '周国华', '吴秀云', '郑立军', '王丽娜', '冯建国', '陈桂英', '褚明亮', '卫红霞', '蒋文涛', '沈玉兰', '韩志刚', '杨淑华'];

const dayList = (start: string, end: string): string[] => {
  const out: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
};

async function activePeople(db: Db, library: StaffRole, where: ReturnType<typeof eq>) {
  return db
    .select({ id: people.id, name: people.name })
    .from(people)
    .where(and(eq(people.library, library), eq(people.status, STATUS_ACTIVE), where))
    .orderBy(asc(people.id));
}

let topUpSeq = 0;

/** 机构人员不够时补演示人员（按 库 + 身份证号 幂等） */
async function topUp(db: Db, plan: ExamPlan, need: { assessor: number; examStaff: number; supervisor: number }, siteName: string) {
  const [org] = await db.select().from(organisations).where(eq(organisations.id, plan.orgId));
  const cityId = plan.cityId ?? org.cityId;
  if (!cityId) return;
  const [city] = await db.select({ name: areas.name }).from(areas).where(eq(areas.id, cityId));
  const have = {
    assessor: (await activePeople(db, 'assessor', eq(people.orgId, plan.orgId))).length,
    examStaff: (await activePeople(db, 'examStaff', eq(people.orgId, plan.orgId))).length,
    supervisor: (await activePeople(db, 'supervisor', eq(people.cityId, cityId))).length,
  };
  const make = (n: number, title: string, post: string): SeedPerson[] =>
    Array.from({ length: Math.max(0, n) }, () => {
      const k = topUpSeq++;
      return {
        name: TOP_UP_NAMES[k % TOP_UP_NAMES.length],
        area: org.areaId,
        birth: `19${70 + (k % 25)}${String(1 + (k % 12)).padStart(2, '0')}${String(1 + (k % 28)).padStart(2, '0')}`,
        seq: 700 + (k % 290),
        mobile: `1393${String(2000000 + k).padStart(7, '0')}`,
        education: '大学本科',
        title,
        post,
        workUnit: post === '督导员' ? `${city?.name ?? ''}职业技能鉴定指导中心` : undefined,
      };
    });
  const assessors = make(need.assessor - have.assessor, '中级', '考评员');
  const examStaff = make(need.examStaff - have.examStaff, '初级', '监考员');
  const supervisors = make(need.supervisor - have.supervisor, '中级', '督导员');
  if (!assessors.length && !examStaff.length && !supervisors.length) return;
  await seedPeople(
    db,
    { assessors: { [org.code]: assessors }, examStaff: { [org.code]: examStaff }, supervisors: supervisors.length ? { [cityId]: supervisors } : {} },
    { [cityId]: { city: city?.name ?? '', site: siteName } },
  );
}

async function seedPlan(db: Db, plan: ExamPlan): Promise<void> {
  const filed = await filedExamSites(db, plan.orgId);
  if (!filed.length) return;
  const sites = await db
    .insert(examSites)
    .values(filed.map((f) => ({ planId: plan.id, orgId: plan.orgId, cityId: plan.cityId, filingSiteId: f.id, name: f.name, address: f.address, contactName: f.contactName, contactPhone: f.contactPhone })))
    .onConflictDoNothing()
    .returning();
  if (!sites.length) return;
  const examineeList = await qualifiedExaminees(db, plan.id);
  const n = examineeList.length;
  const subjects = planSubjects(plan);
  const days = dayList(plan.examStartDate, plan.examEndDate);
  const batchesEach = Math.max(1, Math.floor((days.length * SLOTS.length) / Math.max(1, subjects.length)));
  const wanted = new Map(subjects.map((s) => [s, Math.max(1, Math.ceil(Math.max(1, n) / ROOM_CAPACITY[s] / batchesEach))]));
  const seating = plan.step >= PLAN_STEP.EXAM_AFFAIRS && n > 0;
  if (seating) {
    await topUp(
      db,
      plan,
      {
        assessor: Math.max(RATIO.ASSESSORS_PER_ROOM[SUBJECT.ON_SITE] * (wanted.get(SUBJECT.ON_SITE) ?? 0), RATIO.ASSESSORS_PER_ROOM[SUBJECT.DEFENCE] * (wanted.get(SUBJECT.DEFENCE) ?? 0)),
        examStaff: wanted.get(SUBJECT.KNOWLEDGE) ?? 0,
        supervisor: RATIO.SUPERVISORS_PER_SESSION,
      },
      sites[0].name,
    );
  }
  const assessors = await activePeople(db, 'assessor', eq(people.orgId, plan.orgId));
  const examStaff = await activePeople(db, 'examStaff', eq(people.orgId, plan.orgId));
  const supervisors = plan.cityId ? await activePeople(db, 'supervisor', eq(people.cityId, plan.cityId)) : [];
  const staffLimit: Record<number, number> = {
    [SUBJECT.KNOWLEDGE]: examStaff.length,
    [SUBJECT.ON_SITE]: Math.floor(assessors.length / RATIO.ASSESSORS_PER_ROOM[SUBJECT.ON_SITE]),
    [SUBJECT.DEFENCE]: Math.floor(assessors.length / RATIO.ASSESSORS_PER_ROOM[SUBJECT.DEFENCE]),
  };

  // 考场：各科目每批所需的考场，轮流放在各考点
  let slot = 0;
  for (const subject of subjects) {
    const perBatch = Math.max(1, seating ? Math.min(wanted.get(subject)!, staffLimit[subject] || 1) : wanted.get(subject)!);
    const rooms = await db
      .insert(examRooms)
      .values(
        Array.from({ length: perBatch }, (_, k) => ({
          planId: plan.id,
          siteId: sites[k % sites.length].id,
          orgId: plan.orgId,
          cityId: plan.cityId,
          name: `${ROOM_TYPE_LABEL[subject]}${String(k + 1).padStart(2, '0')}`,
          roomType: subject,
          capacity: ROOM_CAPACITY[subject],
        })),
      )
      .onConflictDoNothing()
      .returning();
    const batches = Math.max(1, Math.ceil(n / (rooms.length * ROOM_CAPACITY[subject])));
    for (let b = 0; b < batches && slot < days.length * SLOTS.length; b++, slot++) {
      const [startTime, endTime] = SLOTS[slot % SLOTS.length];
      await db.insert(examSessions).values({
        planId: plan.id,
        orgId: plan.orgId,
        cityId: plan.cityId,
        name: batches > 1 ? `${SUBJECT_LABEL[subject]}（第 ${b + 1} 批）` : SUBJECT_LABEL[subject],
        subject,
        workCode: null,
        examDate: days[Math.floor(slot / SLOTS.length)],
        startTime,
        endTime,
      });
    }
  }

  // 摄像头：每个计划前两个考场各一个
  const allRooms = await db.select().from(examRooms).where(eq(examRooms.planId, plan.id)).orderBy(asc(examRooms.id)).limit(2);
  if (allRooms.length) {
    await db.insert(examCameras).values(
      allRooms.map((r, i) => ({
        planId: plan.id,
        roomId: r.id,
        orgId: plan.orgId,
        cityId: plan.cityId,
        name: `${r.name}${i === 0 ? '前' : '后'}方摄像头`,
        streamUrl: i === 0 ? `rtsp://10.13.${plan.id % 250}.${10 + i}:554/Streaming/Channels/101` : `https://live.hbskills.example/exam/${plan.code}/${r.id}.m3u8`,
        status: 0,
      })),
    );
  }
  if (!seating) return;

  const layout = await loadLayout(db, plan.id);
  for (const s of layout.sessions) await seatSession(db, s, layout, examineeList);
  await assignTickets(db, plan);

  // 工作人员：每个场次 1 名督导员；理论考场每个考场 1 名考务人员；实操、答辩考场按配比的考评员（补上他们可考评的工种）
  for (const s of layout.sessions) {
    const seats = layout.seats.filter((x) => x.sessionId === s.id);
    if (!seats.length) continue;
    const roomIds = [...new Set(seats.map((x) => x.roomId))];
    const rows: { personId: number; role: StaffRole; roomId: number | null }[] = [];
    if (supervisors[0]) rows.push({ personId: supervisors[0].id, role: 'supervisor', roomId: null });
    roomIds.forEach((roomId, k) => {
      if (s.subject === SUBJECT.KNOWLEDGE) {
        const need = Math.ceil(seats.filter((x) => x.roomId === roomId).length / RATIO.EXAMINEES_PER_EXAM_STAFF);
        for (let j = 0; j < need && examStaff[k * need + j]; j++) rows.push({ personId: examStaff[k * need + j].id, role: 'examStaff', roomId });
      } else {
        const per = RATIO.ASSESSORS_PER_ROOM[s.subject];
        for (let j = 0; j < per && assessors[k * per + j]; j++) rows.push({ personId: assessors[k * per + j].id, role: 'assessor', roomId });
      }
    });
    if (!rows.length) continue;
    await db.insert(examSessionStaff).values(rows.map((r) => ({ ...r, sessionId: s.id }))).onConflictDoNothing();
    for (const r of rows) {
      if (r.role === 'assessor') {
        const works = [...new Set(seats.filter((x) => x.roomId === r.roomId).map((x) => x.workCode))];
        await db
          .insert(personWorks)
          .values(works.map((workCode) => ({ personId: r.personId, workCode, levelCode: 2 })))
          .onConflictDoNothing();
      }
      const siteName = sites.find((x) => x.id === layout.rooms.find((room) => room.id === r.roomId)?.siteId)?.name ?? sites[0].name;
      await assignPerson(db, r.role, r.personId, { planCode: plan.code, planName: plan.name, role: STAFF_ROLE_LABEL[r.role], siteName, examDate: s.examDate });
    }
  }
}

export async function seedExamSites(db: Db): Promise<void> {
  const plans = await db
    .select()
    .from(examPlans)
    .where(and(gte(examPlans.step, PLAN_STEP.ARRANGE_ROOMS), ne(examPlans.state, PLAN_STATE.CANCELLED)))
    .orderBy(asc(examPlans.id));
  if (!plans.length) return;
  const withSites = await db
    .select({ planId: examSites.planId, n: count() })
    .from(examSites)
    .where(
      inArray(
        examSites.planId,
        plans.map((p) => p.id),
      ),
    )
    .groupBy(examSites.planId);
  const done = new Set(withSites.map((w) => w.planId));
  for (const plan of plans) if (!done.has(plan.id)) await seedPlan(db, plan);
}

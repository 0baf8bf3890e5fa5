// 演示数据：培训机构与企业的培训班，每个状态都有（明德培训学校——演示账号 train_org——十个状态各一至两个），
// 每班有课程体系（线下课程：授课教师取自师资库里审核通过的、在该机构上班的教师，教师与地点互不冲突；部分班关联线上课程）
// 与学员（共约三千名，已结业、已考核的班登记了出勤与结业），延期开班与信息更正申请（待审核、已通过、已驳回、已撤回），以及每一步的办理记录。
// 日期相对种子当天。已有培训班时不再写入（可重复执行）。机构在师资库里没有审核通过的教师时不给它开班（教师由师资库的种子写入）。
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { idCheckChar } from '@/lib/platform/identity';
import { blindIndex, seal } from '@/lib/platform/crypto/sealed';
import { beijingDate } from '@/lib/platform/time';
import { organisations } from '../org/tables';
import { users } from '../user/tables';
import { baseWorkLevels, baseWorks } from '../catalog/tables';
import { classCourses, courses } from '../course/tables';
import { COURSE_STATUS } from '../course/transitions';
import { LEVEL_NAMES } from '../catalog/schemas';
import { teacherOptions } from '../teacher/assignable';
import { trainClasses, trainClassHistory, trainClassRequests, trainClassTeachers, trainLessons, trainStudents } from './tables';
import { CLASS_STATUS, REQUEST_STATUS, type TransitionAction } from './transitions';
import { COMPLETION, EXAMINE } from './schemas';
import { numberClass } from './service';
import { beijingInstant, placeKeyOf } from './curriculum';
import { recheckClass } from './checks';

const S = CLASS_STATUS;
const DAY = 86_400_000;

/** 每个状态的班：开班日相对今天、培训天数、学员数 */
interface ClassPlan {
  status: number;
  start: number;
  days: number;
  students: number;
  name: string;
}

/** 明德（train_org）的班：十个状态都有，草稿两个（一个可以直接提交，一个学员有检查问题） */
const MAIN_PLANS: ClassPlan[] = [
  { status: S.DRAFT, start: 21, days: 10, students: 40, name: '就业技能培训班' },
  { status: S.DRAFT, start: 35, days: 12, students: 30, name: '岗前培训班' },
  { status: S.SUBMITTED, start: 14, days: 10, students: 120, name: '岗位技能提升班' },
  { status: S.REJECTED, start: 28, days: 10, students: 60, name: '就业技能培训班' },
  { status: S.APPROVED, start: 10, days: 8, students: 150, name: '就业技能培训班' },
  { status: S.PUBLISHED, start: 6, days: 10, students: 200, name: '岗位技能提升班' },
  { status: S.PUBLISHED, start: 16, days: 8, students: 120, name: '周末班' },
  { status: S.IN_TRAINING, start: -4, days: 12, students: 250, name: '新型学徒制培训班' },
  { status: S.FINISHED, start: -40, days: 12, students: 300, name: '职业技能等级认定前培训班' },
  { status: S.ASSESSED, start: -80, days: 12, students: 300, name: '就业技能培训班' },
  { status: S.DISCARD_PENDING, start: 9, days: 8, students: 80, name: '创业培训班' },
  { status: S.DISCARDED, start: 30, days: 8, students: 40, name: '创业培训班' },
];

/** 其他机构的班 */
const OTHER_PLANS: ClassPlan[] = [
  { status: S.SUBMITTED, start: 12, days: 8, students: 60, name: '岗位技能提升班' },
  { status: S.PUBLISHED, start: 7, days: 8, students: 80, name: '就业技能培训班' },
  { status: S.IN_TRAINING, start: -3, days: 10, students: 90, name: '新型学徒制培训班' },
  { status: S.ASSESSED, start: -60, days: 10, students: 70, name: '等级认定前培训班' },
];

/** 每个状态走过的步骤（办理记录） */
const PATH: Record<number, TransitionAction[]> = {
  [S.DRAFT]: [],
  [S.SUBMITTED]: ['submit'],
  [S.REJECTED]: ['submit', 'reject'],
  [S.APPROVED]: ['submit', 'approve'],
  [S.PUBLISHED]: ['submit', 'approve', 'publish'],
  [S.IN_TRAINING]: ['submit', 'approve', 'publish', 'start'],
  [S.FINISHED]: ['submit', 'approve', 'publish', 'start', 'finish'],
  [S.ASSESSED]: ['submit', 'approve', 'publish', 'start', 'finish', 'assess'],
  [S.DISCARD_PENDING]: ['submit', 'approve', 'publish', 'discard'],
  [S.DISCARDED]: ['submit', 'approve', 'discard', 'discardApprove'],
};
const STATUS_AFTER: Record<string, number> = {
  submit: S.SUBMITTED,
  reject: S.REJECTED,
  approve: S.APPROVED,
  publish: S.PUBLISHED,
  start: S.IN_TRAINING,
  finish: S.FINISHED,
  assess: S.ASSESSED,
  discard: S.DISCARD_PENDING,
  discardApprove: S.DISCARDED,
};
const OPINION: Partial<Record<TransitionAction, string>> = {
  reject: '课程体系中实操课时偏少，请补充实训课程后再提交',
  approve: '同意开班',
  assess: '考核合格，资料齐全',
  discard: '报名人数不足，无法按期开班',
  discardApprove: '同意作废',
};

const SLOTS: [string, string][] = [
  ['08:30', '11:30'],
  ['14:00', '17:00'],
  ['18:30', '21:30'],
];
const LESSON_NAMES = ['职业道德与安全生产', '专业理论知识', '基本操作技能', '实训操作（一）', '实训操作（二）', '综合实训', '典型案例分析', '考前辅导'];
const SURNAMES = '王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段';
const GIVEN = ['伟', '芳', '娜', '秀英', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀兰', '霞', '平', '刚', '桂英', '建华', '文', '华', '红', '建国', '玉兰', '海燕'];
const EDUCATIONS = ['高中', '中专/技校', '初中及以下', '大学专科', '大学本科'];

/** 学员 n 的证件号：出生日期取 1968-01-01 之后第 n % 9000 天，顺序码由 n / 9000 与 n 的奇偶定：n 不同则号码不同 */
function studentId(areaId: number, n: number): string {
  const birth = new Date(Date.UTC(1968, 0, 1) + (n % 9000) * DAY).toISOString().slice(0, 10).replace(/-/g, '');
  // 顺序码末位的奇偶即性别：男女相间
  const body = `${areaId}${birth}${100 + 2 * Math.floor(n / 9000) + (n % 2)}`;
  return body + idCheckChar(body);
}

interface Booking {
  teacherId: number;
  start: number;
  end: number;
}

export async function seedTrainClasses(db: Db): Promise<void> {
  const [existing] = await db.select({ id: trainClasses.id }).from(trainClasses).limit(1);
  if (existing) return;
  const orgs = await db
    .select({ id: organisations.id, code: organisations.code, name: organisations.name, cityId: organisations.cityId, areaId: organisations.areaId, address: organisations.address })
    .from(organisations)
    .where(and(inArray(organisations.category, ['train', 'enterprise']), eq(organisations.status, 0)))
    .orderBy(asc(organisations.id));
  const works = await db
    .selectDistinct({ code: baseWorks.code, name: baseWorks.name, level: baseWorkLevels.levelCode })
    .from(baseWorks)
    .innerJoin(baseWorkLevels, eq(baseWorkLevels.workId, baseWorks.id))
    .where(eq(baseWorks.status, 0))
    .orderBy(asc(baseWorks.code), asc(baseWorkLevels.levelCode))
    .limit(40);
  if (!works.length) return;
  const onlineCourses = await db.select({ id: courses.id }).from(courses).where(eq(courses.status, COURSE_STATUS.APPROVED)).orderBy(asc(courses.id)).limit(6);
  const cityAdmins = await db.select({ id: users.id, cityId: users.cityId, name: users.realName }).from(users).where(eq(users.level, 'city'));
  const orgUsers = await db.select({ id: users.id, orgId: users.orgId, name: users.realName }).from(users).where(eq(users.level, 'org'));
  const today = beijingDate(new Date());
  const dayOf = (offset: number) => beijingDate(new Date(), offset);
  const bookings: Booking[] = [];
  let person = 0;

  for (const org of orgs) {
    const teachers = await teacherOptions(db, org.id, { limit: 50 });
    if (!teachers.length) continue;
    const main = org.code === 'ORG130105001';
    const plans = main ? MAIN_PLANS : OTHER_PLANS.slice(0, 2 + (org.id % 3));
    const admin = cityAdmins.find((a) => a.cityId === org.cityId);
    const staff = orgUsers.find((u) => u.orgId === org.id);
    for (const [k, plan] of plans.entries()) {
      // 明德的第二个草稿班与已结业的班同工种同等级（演示培训资格检查）
      const work = works[((main && k === 1 ? 8 : k) * 3 + org.id) % works.length];
      const startDate = dayOf(plan.start);
      const endDate = dayOf(plan.start + plan.days - 1);
      const lessonDays = Math.min(plan.days, 8);
      const hours = lessonDays * 4;
      const head = teachers[k % teachers.length];
      const place = `${org.address ?? org.name}（实训楼 ${k + 1}0${1 + (k % 3)} 室）`;
      // 名称：工种（等级）+ 班型，如“电工（四级）就业技能培训班”
      const name = `${work.name}（${LEVEL_NAMES[work.level].split('/')[0]}）${plan.name}`;
      const created = new Date(Date.now() + Math.min(plan.start - 30, -1) * DAY);
      const [row] = await db
        .insert(trainClasses)
        .values({
          ...(await numberClass(db, startDate)),
          name: name.slice(0, 100),
          orgId: org.id,
          cityId: org.cityId,
          countyId: org.areaId,
          workCode: work.code,
          workName: work.name,
          level: work.level,
          trainType: String(1 + (k % 5)),
          startDate,
          endDate,
          hours,
          place,
          capacity: plan.students + 20,
          headTeacherId: head.id,
          headTeacherName: head.name,
          contactName: staff?.name ?? '孙立新',
          contactPhone: `1390311${String(1000 + org.id * 10 + k).slice(-4)}`,
          status: plan.status,
          statusBeforeDiscard: plan.status === S.DISCARD_PENDING ? S.PUBLISHED : null,
          lastOpinion: plan.status === S.REJECTED ? OPINION.reject : null,
          discardReason: plan.status === S.DISCARD_PENDING || plan.status === S.DISCARDED ? OPINION.discard : null,
          submittedAt: plan.status === S.DRAFT ? null : new Date(created.getTime() + DAY),
          approvedAt: PATH[plan.status].includes('approve') ? new Date(created.getTime() + 3 * DAY) : null,
          publishedAt: PATH[plan.status].includes('publish') ? new Date(created.getTime() + 4 * DAY) : null,
          createdBy: staff?.id ?? null,
          createdAt: created,
          updatedAt: created,
        })
        .returning();

      // 授课教师与课程：每天一节，教师与时段避开已排的课（含别的机构的班：有的教师在几个单位上班）
      const used = new Set<number>([head.id]);
      const lessons: (typeof trainLessons.$inferInsert)[] = [];
      for (let d = 0; d < lessonDays; d++) {
        const date = dayOf(plan.start + d);
        let booked = false;
        for (let s = 0; s < SLOTS.length * teachers.length && !booked; s++) {
          const [from, to] = SLOTS[s % SLOTS.length];
          const t = teachers[(k + d + Math.floor(s / SLOTS.length)) % teachers.length];
          const start = beijingInstant(date, from).getTime();
          const end = beijingInstant(date, to).getTime();
          if (bookings.some((b) => b.teacherId === t.id && b.start < end && start < b.end)) continue;
          bookings.push({ teacherId: t.id, start, end });
          used.add(t.id);
          lessons.push({
            classId: row.id,
            orgId: org.id,
            cityId: org.cityId,
            name: LESSON_NAMES[d % LESSON_NAMES.length],
            startAt: new Date(start),
            endAt: new Date(end),
            place,
            placeKey: placeKeyOf(place),
            teacherId: t.id,
            teacherName: t.name,
            hours: 4,
            content: `${work.name}${LESSON_NAMES[d % LESSON_NAMES.length]}`,
            createdBy: staff?.id ?? null,
          });
          booked = true;
        }
      }
      if (lessons.length) await db.insert(trainLessons).values(lessons);
      await db.insert(trainClassTeachers).values([...used].map((id) => ({ classId: row.id, teacherId: id, teacherName: teachers.find((t) => t.id === id)!.name })));
      if (onlineCourses.length && k % 2 === 0) await db.insert(classCourses).values(onlineCourses.slice(0, 2).map((c) => ({ classId: row.id, courseId: c.id }))).onConflictDoNothing();

      // 学员：已结业、已考核的登记了出勤与结业；审核通过之后的学员都审核通过
      const finished = plan.status === S.FINISHED || plan.status === S.ASSESSED;
      const examined = PATH[plan.status].includes('approve');
      const n = plan.students;
      const ids = Array.from({ length: n }, (_, i) => person + i);
      person += n;
      const col = <T,>(pick: (p: number, i: number) => T) => sql.param(ids.map(pick));
      const idNumbers = ids.map((p) => studentId(org.areaId, p + 1));
      // 原生 sql 不经列类型：证件号与手机号在这里加密并算盲索引；性别与出生日期由号码推出（库里读不到明文）
      await db.execute(sql`insert into ${trainStudents} (class_id, org_id, city_id, name, id_number, id_number_bidx, gender, birth_date, mobile, education, company, examine, attended_hours, completion, created_by, created_at)
        select ${row.id}::int, ${org.id}::int, ${org.cityId}::int, u.name, u.id_number, u.id_index, u.gender, u.birth_date,
          u.mobile, u.education, u.company, ${examined ? EXAMINE.PASSED : EXAMINE.PENDING}::smallint,
          u.hours, u.completion, ${staff?.id ?? null}::int, ${created}::timestamptz
        from unnest(
          ${col((p) => SURNAMES[p % SURNAMES.length] + GIVEN[(p * 7) % GIVEN.length])}::varchar[],
          ${sql.param(idNumbers.map(seal))}::text[],
          ${sql.param(idNumbers.map((v) => blindIndex('idNumber', v)))}::varchar[],
          ${sql.param(idNumbers.map((v) => (Number(v[16]) % 2 === 1 ? '男' : '女')))}::varchar[],
          ${sql.param(idNumbers.map((v) => `${v.slice(6, 10)}-${v.slice(10, 12)}-${v.slice(12, 14)}`))}::date[],
          ${col((p) => seal(`13${String(500000000 + p * 37).slice(-9)}`))}::text[],
          ${col((p) => EDUCATIONS[p % EDUCATIONS.length])}::varchar[],
          ${col((p) => (p % 3 === 0 ? org.name : null))}::varchar[],
          ${col((_p, i) => (finished ? (i % 17 === 5 ? Math.floor(hours / 2) : hours) : null))}::smallint[],
          ${col((_p, i) => (finished ? (i % 17 === 5 ? COMPLETION.NOT_COMPLETED : COMPLETION.COMPLETED) : COMPLETION.NONE))}::smallint[]
        ) as u(name, id_number, id_index, gender, birth_date, mobile, education, company, hours, completion)`);
      await db.update(trainClasses).set({ studentCount: n }).where(eq(trainClasses.id, row.id));

      // 办理记录
      const history: (typeof trainClassHistory.$inferInsert)[] = [{ classId: row.id, subject: 'class', action: 'create', fromStatus: null, toStatus: S.DRAFT, actorId: staff?.id ?? null, actorName: staff?.name ?? org.name, createdAt: created }];
      let from: number = S.DRAFT;
      PATH[plan.status].forEach((action, i) => {
        const to = STATUS_AFTER[action];
        const byCity = ['reject', 'approve', 'publish', 'assess', 'discardApprove'].includes(action);
        history.push({
          classId: row.id,
          subject: 'class',
          action,
          fromStatus: from,
          toStatus: to,
          opinion: OPINION[action] ?? null,
          actorId: byCity ? (admin?.id ?? null) : (staff?.id ?? null),
          actorName: (byCity ? admin?.name : staff?.name) ?? org.name,
          createdAt: new Date(created.getTime() + (i + 1) * DAY),
        });
        from = to;
      });
      await db.insert(trainClassHistory).values(history);

      // 附带申请
      const request = async (kind: 'postpone' | 'correct', status: number, values: Partial<typeof trainClassRequests.$inferInsert>) => {
        const at = new Date(created.getTime() + 6 * DAY);
        const [r] = await db
          .insert(trainClassRequests)
          .values({ classId: row.id, orgId: org.id, cityId: org.cityId, kind, status, reason: '', createdBy: staff?.id ?? null, createdAt: at, updatedAt: at, ...values })
          .returning();
        const reviewed = status === REQUEST_STATUS.APPROVED || status === REQUEST_STATUS.REJECTED;
        if (reviewed) await db.update(trainClassRequests).set({ reviewerId: admin?.id ?? null, reviewerName: admin?.name ?? null, reviewedAt: new Date(at.getTime() + DAY) }).where(eq(trainClassRequests.id, r.id));
        await db.insert(trainClassHistory).values([
          { classId: row.id, subject: kind, requestId: r.id, action: `${kind}Apply`, fromStatus: null, toStatus: REQUEST_STATUS.PENDING, opinion: r.reason, actorId: staff?.id ?? null, actorName: staff?.name ?? org.name, createdAt: at },
          ...(status === REQUEST_STATUS.PENDING
            ? []
            : [
                {
                  classId: row.id,
                  subject: kind,
                  requestId: r.id,
                  action: `${kind}${status === REQUEST_STATUS.APPROVED ? 'Approve' : status === REQUEST_STATUS.REJECTED ? 'Reject' : 'Withdraw'}`,
                  fromStatus: REQUEST_STATUS.PENDING,
                  toStatus: status,
                  opinion: values.opinion ?? null,
                  actorId: reviewed ? (admin?.id ?? null) : (staff?.id ?? null),
                  actorName: (reviewed ? admin?.name : staff?.name) ?? org.name,
                  createdAt: new Date(at.getTime() + DAY),
                },
              ]),
        ]);
      };
      const shifted = (days: number) => ({ oldStartDate: startDate, oldEndDate: endDate, newStartDate: dayOf(plan.start + days), newEndDate: dayOf(plan.start + plan.days - 1 + days) });
      if (plan.status === S.PUBLISHED && plan.start < 10) await request('postpone', REQUEST_STATUS.PENDING, { reason: '部分学员因农忙无法按期参训，申请延期一周开班', ...shifted(7) });
      if (plan.status === S.APPROVED) {
        await request('postpone', REQUEST_STATUS.APPROVED, { reason: '实训场地改造，申请延期 5 天', opinion: '同意延期', oldStartDate: dayOf(plan.start - 5), oldEndDate: dayOf(plan.start + plan.days - 6), newStartDate: startDate, newEndDate: endDate });
        await request('correct', REQUEST_STATUS.PENDING, { reason: '联系人岗位调整', changes: { contactName: { from: staff?.name ?? '孙立新', to: '李春燕' }, contactPhone: { from: '13903110000', to: '13903118888' } } });
      }
      if (plan.status === S.IN_TRAINING) {
        await request('correct', main ? REQUEST_STATUS.PENDING : REQUEST_STATUS.APPROVED, { reason: '培训地点变更为新校区实训楼', ...(main ? {} : { opinion: '同意更正' }), changes: { place: { from: `${org.name}（旧址）`, to: place } } });
        await request('postpone', REQUEST_STATUS.REJECTED, { reason: '申请延期三天', opinion: '已开班，不能延期', ...shifted(3) });
      }
      if (plan.status === S.PUBLISHED && plan.start >= 10) await request('correct', REQUEST_STATUS.REJECTED, { reason: '更正班级名称', opinion: '名称与培训工种不符', changes: { name: { from: name, to: `${name}（周末班）` } } });
      if (plan.status === S.SUBMITTED && main) {
        // 审核期间不能申请延期：这里只有一份已撤回的更正（之前的状态下申请过）
        await request('correct', REQUEST_STATUS.WITHDRAWN, { reason: '备注填写有误', changes: { remark: { from: null, to: '周末上课' } } });
      }
    }
  }

  // 明德第二个草稿班：加入一名开班时未满 16 周岁的学员，与几名本年度已在别的同工种同等级班里的学员，检查结果随之算出
  const mainOrg = orgs.find((o) => o.code === 'ORG130105001');
  if (!mainOrg) return;
  const drafts = await db.select().from(trainClasses).where(and(eq(trainClasses.orgId, mainOrg.id), eq(trainClasses.status, S.DRAFT))).orderBy(asc(trainClasses.id));
  const draft = drafts[1];
  if (!draft) return;
  const minorBirth = `${Number(today.slice(0, 4)) - 15}0315`;
  const minorBody = `${mainOrg.areaId}${minorBirth}888`;
  await db.insert(trainStudents).values({
    classId: draft.id,
    orgId: mainOrg.id,
    cityId: mainOrg.cityId,
    name: '刘小雨',
    idNumber: minorBody + idCheckChar(minorBody),
    idNumberIndex: blindIndex('idNumber', minorBody + idCheckChar(minorBody)),
    gender: '女',
    birthDate: `${minorBirth.slice(0, 4)}-${minorBirth.slice(4, 6)}-${minorBirth.slice(6)}`,
    mobile: '13900001234',
    education: '初中及以下',
  });
  const [done] = await db.select({ id: trainClasses.id }).from(trainClasses).where(and(eq(trainClasses.orgId, mainOrg.id), eq(trainClasses.status, S.FINISHED))).limit(1);
  if (done) {
    await db.execute(sql`insert into ${trainStudents} (class_id, org_id, city_id, name, id_number, id_number_bidx, gender, birth_date, mobile, education, company)
      select ${draft.id}::int, org_id, city_id, name, id_number, id_number_bidx, gender, birth_date, mobile, education, company from ${trainStudents}
      where class_id = ${done.id} and completion = ${COMPLETION.COMPLETED} order by id limit 3`);
  }
  await db.update(trainClasses).set({ studentCount: sql`(select count(*) from ${trainStudents} where ${trainStudents.classId} = ${draft.id})` }).where(eq(trainClasses.id, draft.id));
  await recheckClass(db, draft);
}

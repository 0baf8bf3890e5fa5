// 数据大屏（BigScreenTrain、BigScreenEval）：计数、当年 12 个月趋势、各市排行与各市活跃度（地图格的颜色）。
// 都是按范围过滤的分组计数；各市名称取自本地区划表（不从外网取地图或数据）。
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { SessionUser } from '@/lib/platform/auth/session';
import { areas } from '../area/tables';
import { ROOT_AREA_ID } from '../area/schemas';
import { examinees } from '../exaPlan/tables';
import { certificates } from '../certificate/tables';
import { trainClasses, trainStudents } from '../trainClass/tables';
import { CLASS_STATUS } from '../trainClass/transitions';
import { COMPLETION } from '../trainClass/schemas';
import { CERT_VALID } from './codes';
import { homePageData, twelveMonths } from './home';
import { beijingMonth, currentYear, inYear, num, scoped } from './scope';
import type { MonthAmount } from './schemas';

export interface CityActivity {
  cityId: number;
  cityName: string;
  /** 排行与着色所用的数（评价：报名人数；培训：培训人次） */
  value: number;
  /** 第二个数（评价：取证人数；培训：培训班数） */
  second: number;
}

export interface BigScreenData {
  year: number;
  counters: { key: string; label: string; value: number }[];
  /** 当年各月：主序列与次序列 */
  trend: { label: string; points: MonthAmount[] }[];
  cities: CityActivity[];
  refreshedAt: string;
}

async function cityList(db: Db, user: SessionUser) {
  const conds = [eq(areas.pid, ROOT_AREA_ID)];
  if (user.level !== 'province') conds.push(eq(areas.id, user.cityId ?? -1));
  return db.select({ id: areas.id, name: areas.name }).from(areas).where(and(...conds)).orderBy(asc(areas.sort), asc(areas.id));
}

const monthMap = (rows: { month: number; n: number }[]) => new Map(rows.map((r) => [num(r.month), num(r.n)]));

function citiesOf(list: { id: number; name: string }[], first: { k: number | null; n: number }[], second: { k: number | null; n: number }[]): CityActivity[] {
  const a = new Map(first.map((r) => [r.k, num(r.n)]));
  const b = new Map(second.map((r) => [r.k, num(r.n)]));
  return list.map((c) => ({ cityId: c.id, cityName: c.name, value: a.get(c.id) ?? 0, second: b.get(c.id) ?? 0 })).sort((x, y) => y.value - x.value || x.cityId - y.cityId);
}

/** 评价数据大屏 */
export async function evalBigScreen(db: Db, user: SessionUser, now = new Date()): Promise<BigScreenData> {
  const year = currentYear(now);
  const home = await homePageData(db, user, now);
  const examineeMonth = beijingMonth(examinees.createdAt);
  const certMonth = beijingMonth(certificates.createdAt);
  const examineeScope = scoped(user, { cityId: examinees.cityId, orgId: examinees.orgId });
  const certScope = and(eq(certificates.status, CERT_VALID), scoped(user, { cityId: certificates.cityId, orgId: certificates.orgId }));
  const [enrolled, certified, byCity, certByCity, list] = await Promise.all([
    db.select({ month: examineeMonth, n: sql<number>`count(*)::int` }).from(examinees).where(and(examineeScope, inYear(examinees.createdAt, year))).groupBy(examineeMonth),
    db.select({ month: certMonth, n: sql<number>`count(*)::int` }).from(certificates).where(and(certScope, inYear(certificates.createdAt, year))).groupBy(certMonth),
    db.select({ k: examinees.cityId, n: sql<number>`count(*)::int` }).from(examinees).where(examineeScope).groupBy(examinees.cityId),
    db.select({ k: certificates.cityId, n: sql<number>`count(*)::int` }).from(certificates).where(certScope).groupBy(certificates.cityId),
    cityList(db, user),
  ]);
  return {
    year,
    counters: [
      { key: 'openingPlanAmount', label: '开考计划', value: home.openingPlanAmount },
      { key: 'enrollmentAmount', label: '报名人数', value: home.enrollmentAmount },
      { key: 'forensicsAmount', label: '取证人数', value: home.forensicsAmount },
      { key: 'recordedBusinessAmount', label: '有效备案', value: home.recordedBusinessAmount },
      { key: 'assessorsAmount', label: '考评员', value: home.assessorsAmount },
      { key: 'supervisorsAmount', label: '督导员', value: home.supervisorsAmount },
    ],
    trend: [
      { label: '报名人数', points: twelveMonths(monthMap(enrolled)) },
      { label: '取证人数', points: twelveMonths(monthMap(certified)) },
    ],
    cities: citiesOf(list, byCity, certByCity),
    refreshedAt: now.toISOString(),
  };
}

/** 培训数据大屏 */
export async function trainBigScreen(db: Db, user: SessionUser, now = new Date()): Promise<BigScreenData> {
  const year = currentYear(now);
  const live = ne(trainClasses.status, CLASS_STATUS.DISCARDED);
  const classScope = and(live, scoped(user, { cityId: trainClasses.cityId, orgId: trainClasses.orgId, countyId: trainClasses.countyId }));
  const studentMonth = beijingMonth(trainStudents.createdAt);
  const classMonth = beijingMonth(trainClasses.createdAt);
  const [[totals], students, classes, byCity, classCount, list] = await Promise.all([
    db
      .select({
        classes: sql<number>`count(distinct ${trainClasses.id})::int`,
        training: sql<number>`(count(distinct ${trainClasses.id}) filter (where ${trainClasses.status} = ${CLASS_STATUS.IN_TRAINING}))::int`,
        students: sql<number>`count(${trainStudents.id})::int`,
        completed: sql<number>`(count(${trainStudents.id}) filter (where ${trainStudents.completion} = ${COMPLETION.COMPLETED}))::int`,
        orgs: sql<number>`count(distinct ${trainClasses.orgId})::int`,
      })
      .from(trainClasses)
      .leftJoin(trainStudents, eq(trainStudents.classId, trainClasses.id))
      .where(classScope),
    db
      .select({ month: studentMonth, n: sql<number>`count(*)::int` })
      .from(trainStudents)
      .innerJoin(trainClasses, eq(trainClasses.id, trainStudents.classId))
      .where(and(classScope, inYear(trainStudents.createdAt, year)))
      .groupBy(studentMonth),
    db.select({ month: classMonth, n: sql<number>`count(*)::int` }).from(trainClasses).where(and(classScope, inYear(trainClasses.createdAt, year))).groupBy(classMonth),
    db
      .select({ k: trainClasses.cityId, n: sql<number>`count(${trainStudents.id})::int` })
      .from(trainClasses)
      .leftJoin(trainStudents, eq(trainStudents.classId, trainClasses.id))
      .where(classScope)
      .groupBy(trainClasses.cityId),
    db.select({ k: trainClasses.cityId, n: sql<number>`count(*)::int` }).from(trainClasses).where(classScope).groupBy(trainClasses.cityId),
    cityList(db, user),
  ]);
  return {
    year,
    counters: [
      { key: 'classes', label: '培训班', value: num(totals?.classes) },
      { key: 'training', label: '培训中的班', value: num(totals?.training) },
      { key: 'students', label: '培训人次', value: num(totals?.students) },
      { key: 'completed', label: '结业人次', value: num(totals?.completed) },
      { key: 'orgs', label: '开班机构', value: num(totals?.orgs) },
    ],
    trend: [
      { label: '培训人次', points: twelveMonths(monthMap(students)) },
      { label: '新开培训班', points: twelveMonths(monthMap(classes)) },
    ],
    cities: citiesOf(list, byCity, classCount),
    refreshedAt: now.toISOString(),
  };
}

// 数据大屏（BigScreenTrain、BigScreenEval）：计数、当年 12 个月趋势、各市排行与各市活跃度（地图格的颜色）。
// 各月序列与各市排行读按日汇总表 dashboard_daily（今天之前）加今天的实时数（daily.ts）；各市名称取自本地区划表（不从外网取地图或数据）。
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { SessionUser } from '@/lib/platform/auth/session';
import { areas } from '../area/tables';
import { ROOT_AREA_ID } from '../area/schemas';
import { trainClasses } from '../trainClass/tables';
import { CLASS_STATUS } from '../trainClass/transitions';
import { DAILY_METRIC, dailySeries, type DailySeries } from './daily';
import { homeQueries, toHomeData, twelveMonths } from './home';
import { countWhere, currentYear, num, scoped, sevenDays } from './scope';
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

/** 排行：范围内的各市，按主数从大到小 */
function citiesOf(list: { id: number; name: string }[], first: DailySeries, second: DailySeries): CityActivity[] {
  return list
    .map((c) => ({ cityId: c.id, cityName: c.name, value: first.cities.get(c.id) ?? 0, second: second.cities.get(c.id) ?? 0 }))
    .sort((x, y) => y.value - x.value || x.cityId - y.cityId);
}

/**
 * 评价数据大屏：计划、备案、人员三个计数与首页同一组查询（实时）；报名与取证的累计、各月与各市读按日汇总（今天实时），
 * 不再数一遍百万行的考生与证书。全部在同一个 Promise.all 里。
 */
export async function evalBigScreen(db: Db, user: SessionUser, now = new Date()): Promise<BigScreenData> {
  const year = currentYear(now);
  const [planQuery, filingQuery, personQuery] = homeQueries(db, user, sevenDays(now).since);
  const [[plan], [filing], [person], enrolled, certified, list] = await Promise.all([
    planQuery,
    filingQuery,
    personQuery,
    dailySeries(db, user, DAILY_METRIC.ENROLLED, year, now),
    dailySeries(db, user, DAILY_METRIC.CERTIFIED, year, now),
    cityList(db, user),
  ]);
  const home = toHomeData([plan, filing, person], '', '');
  return {
    year,
    counters: [
      { key: 'openingPlanAmount', label: '开考计划', value: home.openingPlanAmount },
      { key: 'enrollmentAmount', label: '报名人数', value: enrolled.total },
      { key: 'forensicsAmount', label: '取证人数', value: certified.total },
      { key: 'recordedBusinessAmount', label: '有效备案', value: home.recordedBusinessAmount },
      { key: 'assessorsAmount', label: '考评员', value: home.assessorsAmount },
      { key: 'supervisorsAmount', label: '督导员', value: home.supervisorsAmount },
    ],
    trend: [
      { label: '报名人数', points: twelveMonths(enrolled.months) },
      { label: '取证人数', points: twelveMonths(certified.months) },
    ],
    cities: citiesOf(list, enrolled, certified),
    refreshedAt: now.toISOString(),
  };
}

/**
 * 培训数据大屏：培训班、培训中的班、开班机构数 train_class（表小）实时一条聚合；
 * 培训人次、结业人次与各月、各市读按日汇总（今天实时，数学员自己的范围列，不连接培训班）。
 */
export async function trainBigScreen(db: Db, user: SessionUser, now = new Date()): Promise<BigScreenData> {
  const year = currentYear(now);
  const classScope = and(ne(trainClasses.status, CLASS_STATUS.DISCARDED), scoped(user, { cityId: trainClasses.cityId, orgId: trainClasses.orgId, countyId: trainClasses.countyId }));
  const [[totals], students, completed, classes, list] = await Promise.all([
    db
      .select({
        classes: sql<number>`count(*)::int`,
        training: countWhere(eq(trainClasses.status, CLASS_STATUS.IN_TRAINING)),
        orgs: sql<number>`count(distinct ${trainClasses.orgId})::int`,
      })
      .from(trainClasses)
      .where(classScope),
    dailySeries(db, user, DAILY_METRIC.STUDENTS, year, now),
    dailySeries(db, user, DAILY_METRIC.COMPLETED, year, now),
    dailySeries(db, user, DAILY_METRIC.CLASSES, year, now),
    cityList(db, user),
  ]);
  return {
    year,
    counters: [
      { key: 'classes', label: '培训班', value: num(totals?.classes) },
      { key: 'training', label: '培训中的班', value: num(totals?.training) },
      { key: 'students', label: '培训人次', value: students.total },
      { key: 'completed', label: '结业人次', value: completed.total },
      { key: 'orgs', label: '开班机构', value: num(totals?.orgs) },
    ],
    trend: [
      { label: '培训人次', points: twelveMonths(students.months) },
      { label: '新开培训班', points: twelveMonths(classes.months) },
    ],
    cities: citiesOf(list, students, classes),
    refreshedAt: now.toISOString(),
  };
}

// 按日汇总表 dashboard_daily 的维护与读取（数据大屏的各月序列、各市排行与培训人次）。
// 维护：定时任务“刷新看板汇总”每 REFRESH_INTERVAL_MINUTES 分钟重算今天、昨天与最近改过的行（updated_at）所在的日期，
// 表为空时（新库、首次运行）全量重算；“重建看板汇总”每夜全量重算一次（补上删除的行）。选调度器而不用触发器的理由见 docs/DASHBOARD.md。
// 读取：今天之前的数读汇总表，今天（北京时间）的数实时数（按创建时间的索引范围，行少）；两者相加。
import { and, eq, gte, lt, ne, sql, type Column, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { SessionUser } from '@/lib/platform/auth/session';
import { beijingDate } from '@/lib/platform/time';
import { examPlans } from '../exaPlan/tables';
import { examinees } from '../examinee/tables';
import { certificates } from '../certificate/tables';
import { trainClasses, trainStudents } from '../trainClass/tables';
import { CLASS_STATUS } from '../trainClass/transitions';
import { COMPLETION } from '../trainClass/schemas';
import { CERT_VALID } from './codes';
import { TZ, beijingMidnight, num, scoped } from './scope';
import { dashboardDaily } from './tables';

export const DAILY_METRIC = {
  /** 报名人数：考生行，按创建日；kind = 计划类别 */
  ENROLLED: 'examinee',
  /** 取证人数：有效证书，按创建（发证入库）日；kind = 证书类别 */
  CERTIFIED: 'certificate',
  /** 培训人次：不含已作废的班的学员名单行，按学员创建日；市、县区、机构取班级的 */
  STUDENTS: 'train_student',
  /** 结业人次：其中结业的 */
  COMPLETED: 'train_completed',
  /** 新开培训班：不含已作废的班，按班级创建日 */
  CLASSES: 'train_class',
} as const;
export type DailyMetric = (typeof DAILY_METRIC)[keyof typeof DAILY_METRIC];

/** 增量刷新的周期（分钟）：大屏的历史数（今天之前）最多这么旧 */
export const REFRESH_INTERVAL_MINUTES = 5;
/** 增量刷新回看多久以内改过的行（作废证书、作废培训班、登记结业等）：比周期宽，漏跑几轮也能补上 */
export const REFRESH_LOOKBACK_MINUTES = 60;
/** 每夜全量重算的周期（分钟） */
export const REBUILD_INTERVAL_MINUTES = 24 * 60;

const DISCARDED = CLASS_STATUS.DISCARDED;
const dayOf = (col: Column): SQL => sql`(${col} at time zone ${sql.raw(`'${TZ}'`)})::date`;

/** 时间列落在这些北京时间日期之一（每天一个 [零点, 次日零点) 区间，走创建时间索引）；days 为 null 表示不限 */
function onDays(col: Column, days: readonly string[] | null): SQL {
  if (days === null) return sql`true`;
  if (!days.length) return sql`false`;
  const ranges = days.map((d) => sql`(${col} >= ${beijingMidnight(d).toISOString()}::timestamptz and ${col} < ${beijingMidnight(nextDay(d)).toISOString()}::timestamptz)`);
  return sql`(${sql.join(ranges, sql` or `)})`;
}

const nextDay = (day: string) => beijingDate(beijingMidnight(day), 1);

/** 某指标的汇总行（day, metric, city_id, county_id, org_id, kind, n） */
function sourceRows(metric: DailyMetric, days: readonly string[] | null): SQL {
  switch (metric) {
    case DAILY_METRIC.ENROLLED:
      return sql`select ${dayOf(examinees.createdAt)}, ${metric}, ${examinees.cityId}, null::int, ${examinees.orgId}, ${examPlans.kind}, count(*)::int
        from ${examinees} join ${examPlans} on ${examPlans.id} = ${examinees.planId}
        where ${onDays(examinees.createdAt, days)} group by 1, 3, 5, 6`;
    case DAILY_METRIC.CERTIFIED:
      return sql`select ${dayOf(certificates.createdAt)}, ${metric}, ${certificates.cityId}, null::int, ${certificates.orgId}, ${certificates.cerType}, count(*)::int
        from ${certificates} where ${certificates.status} = ${CERT_VALID} and ${onDays(certificates.createdAt, days)} group by 1, 3, 5, 6`;
    case DAILY_METRIC.STUDENTS:
    case DAILY_METRIC.COMPLETED: {
      const completed = metric === DAILY_METRIC.COMPLETED ? sql`and ${trainStudents.completion} = ${COMPLETION.COMPLETED}` : sql``;
      return sql`select ${dayOf(trainStudents.createdAt)}, ${metric}, ${trainClasses.cityId}, ${trainClasses.countyId}, ${trainClasses.orgId}, null::smallint, count(*)::int
        from ${trainStudents} join ${trainClasses} on ${trainClasses.id} = ${trainStudents.classId}
        where ${trainClasses.status} <> ${DISCARDED} ${completed} and ${onDays(trainStudents.createdAt, days)} group by 1, 3, 4, 5`;
    }
    case DAILY_METRIC.CLASSES:
      return sql`select ${dayOf(trainClasses.createdAt)}, ${metric}, ${trainClasses.cityId}, ${trainClasses.countyId}, ${trainClasses.orgId}, null::smallint, count(*)::int
        from ${trainClasses} where ${trainClasses.status} <> ${DISCARDED} and ${onDays(trainClasses.createdAt, days)} group by 1, 3, 4, 5`;
  }
}

const METRICS = Object.values(DAILY_METRIC);

async function insertRows(db: Db, days: readonly string[] | null): Promise<number> {
  let rows = 0;
  for (const m of METRICS) {
    const r = await db.execute(sql`insert into ${dashboardDaily} (day, metric, city_id, county_id, org_id, kind, n) ${sourceRows(m, days)}`);
    rows += num((r as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (r as unknown as { affectedRows?: number }).affectedRows);
  }
  return rows;
}

/** 全量重算（每夜、表为空时、演示数据写入后、测试）：返回写入的汇总行数 */
export async function rebuildDashboardDaily(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${dashboardDaily}`);
    return insertRows(tx, null);
  });
}

/** 重算这些日期（北京时间）的汇总行 */
export async function recomputeDays(db: Db, days: readonly string[]): Promise<number> {
  if (!days.length) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${dashboardDaily} where ${dashboardDaily.day} in (${sql.join(
      days.map((d) => sql`${d}::date`),
      sql`, `,
    )})`);
    return insertRows(tx, days);
  });
}

/** since 以后改过的行（含作废的证书、作废班的学员、登记结业的学员）的创建日期 */
async function touchedDays(db: Db, since: Date): Promise<string[]> {
  const s = sql`${since.toISOString()}::timestamptz`;
  const r = await db.execute(sql`select distinct d::text d from (
      select ${dayOf(examinees.createdAt)} d from ${examinees} where ${examinees.updatedAt} >= ${s}
      union all select ${dayOf(certificates.createdAt)} from ${certificates} where ${certificates.updatedAt} >= ${s}
      union all select ${dayOf(trainClasses.createdAt)} from ${trainClasses} where ${trainClasses.updatedAt} >= ${s}
      union all select ${dayOf(trainStudents.createdAt)} from ${trainStudents}
        where ${trainStudents.updatedAt} >= ${s} or ${trainStudents.classId} in (select ${trainClasses.id} from ${trainClasses} where ${trainClasses.updatedAt} >= ${s})
    ) x`);
  const rows = (r as unknown as { rows?: { d: string }[] }).rows ?? (r as unknown as { d: string }[]);
  return rows.map((x) => x.d);
}

/** 定时任务“刷新看板汇总”：表为空时全量重算；否则重算今天、昨天与最近改过的行所在的日期。返回写入的汇总行数 */
export async function refreshDashboardDaily(db: Db, now = new Date()): Promise<number> {
  const [any] = await db.select({ day: dashboardDaily.day }).from(dashboardDaily).limit(1);
  if (!any) return rebuildDashboardDaily(db);
  const days = new Set([beijingDate(now), beijingDate(now, -1), ...(await touchedDays(db, new Date(now.getTime() - REFRESH_LOOKBACK_MINUTES * 60_000)))]);
  return recomputeDays(db, [...days].sort());
}

// ---------------------------------------------------------------- 读取

const dailyScope = (user: SessionUser) => scoped(user, { cityId: dashboardDaily.cityId, countyId: dashboardDaily.countyId, orgId: dashboardDaily.orgId });

/** 培训学员的范围：市、机构用学员自己的 city_id / org_id（与班级相同，免去连接）；县区经班级的 county_id */
function studentScope(user: SessionUser): SQL {
  if (user.level === 'county') {
    return user.areaId === null ? sql`false` : sql`${trainStudents.classId} in (select ${trainClasses.id} from ${trainClasses} where ${trainClasses.countyId} = ${user.areaId})`;
  }
  return scoped(user, { cityId: trainStudents.cityId, orgId: trainStudents.orgId });
}
const liveClass = sql`${trainStudents.classId} not in (select ${trainClasses.id} from ${trainClasses} where ${trainClasses.status} = ${DISCARDED})`;

/** 今天（北京时间零点起）的实时数，按市分组 */
function liveToday(db: Db, user: SessionUser, metric: DailyMetric, from: Date) {
  const n = sql<number>`count(*)::int`;
  switch (metric) {
    case DAILY_METRIC.ENROLLED:
      return db
        .select({ k: examinees.cityId, n })
        .from(examinees)
        .where(and(scoped(user, { cityId: examinees.cityId, orgId: examinees.orgId }), gte(examinees.createdAt, from)))
        .groupBy(examinees.cityId);
    case DAILY_METRIC.CERTIFIED:
      return db
        .select({ k: certificates.cityId, n })
        .from(certificates)
        .where(and(eq(certificates.status, CERT_VALID), scoped(user, { cityId: certificates.cityId, orgId: certificates.orgId }), gte(certificates.createdAt, from)))
        .groupBy(certificates.cityId);
    case DAILY_METRIC.STUDENTS:
    case DAILY_METRIC.COMPLETED:
      return db
        .select({ k: trainStudents.cityId, n })
        .from(trainStudents)
        .where(
          and(
            studentScope(user),
            liveClass,
            gte(trainStudents.createdAt, from),
            metric === DAILY_METRIC.COMPLETED ? eq(trainStudents.completion, COMPLETION.COMPLETED) : undefined,
          ),
        )
        .groupBy(trainStudents.cityId);
    case DAILY_METRIC.CLASSES:
      return db
        .select({ k: trainClasses.cityId, n })
        .from(trainClasses)
        .where(
          and(
            ne(trainClasses.status, DISCARDED),
            scoped(user, { cityId: trainClasses.cityId, orgId: trainClasses.orgId, countyId: trainClasses.countyId }),
            gte(trainClasses.createdAt, from),
          ),
        )
        .groupBy(trainClasses.cityId);
  }
}

export interface DailySeries {
  /** 当年各月（1–12）的数 */
  months: Map<number, number>;
  /** 各市（city_id，可为 null：不属任何市）的累计数 */
  cities: Map<number | null, number>;
  /** 范围内的累计数 */
  total: number;
}

/**
 * 某指标在用户范围内的当年各月、各市累计与总数：今天之前读汇总表（三条小查询），今天实时数（一条按创建时间的范围查询）。
 * 三条查询并行；year 为北京时间的当年。
 */
export async function dailySeries(db: Db, user: SessionUser, metric: DailyMetric, year: number, now = new Date()): Promise<DailySeries> {
  const today = beijingDate(now);
  const from = beijingMidnight(today);
  const where = and(eq(dashboardDaily.metric, metric), dailyScope(user), lt(dashboardDaily.day, today));
  const month = sql<number>`extract(month from ${dashboardDaily.day})::int`;
  const sum = sql<number>`sum(${dashboardDaily.n})::int`;
  const [byMonth, byCity, live] = await Promise.all([
    db
      .select({ month, n: sum })
      .from(dashboardDaily)
      .where(and(where, gte(dashboardDaily.day, `${year}-01-01`), lt(dashboardDaily.day, `${year + 1}-01-01`)))
      .groupBy(month),
    db.select({ k: dashboardDaily.cityId, n: sum }).from(dashboardDaily).where(where).groupBy(dashboardDaily.cityId),
    liveToday(db, user, metric, from),
  ]);
  const months = new Map(byMonth.map((r) => [num(r.month), num(r.n)]));
  const cities = new Map<number | null, number>(byCity.map((r) => [r.k, num(r.n)]));
  let todayTotal = 0;
  for (const r of live) {
    cities.set(r.k, (cities.get(r.k) ?? 0) + num(r.n));
    todayTotal += num(r.n);
  }
  if (Number(today.slice(0, 4)) === year && todayTotal) {
    const m = Number(today.slice(5, 7));
    months.set(m, (months.get(m) ?? 0) + todayTotal);
  }
  let total = 0;
  for (const v of cities.values()) total += v;
  return { months, cities, total };
}

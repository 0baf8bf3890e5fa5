// 看板的按日汇总表：数据大屏的各月序列与各市排行读它，不在每次打开大屏时数上百万行。
// 由调度器维护（lib/domains/dashboard/daily.ts：每几分钟重算今天、昨天与最近有改动的日期，每夜全量重算），口径与取舍见 docs/DASHBOARD.md。
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';

/**
 * 一行 = 某天（北京时间）某指标在某市、县区、机构、类别上的条数。
 * metric 见 daily.ts 的 DAILY_METRIC；kind：报名为计划类别（0–3）、取证为证书类别，培训为 null。
 * 没有主键：刷新按天整段删除再插入，从不逐行改。
 */
export const dashboardDaily = pgTable(
  'dashboard_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: varchar('metric', { length: 32 }).notNull(),
    cityId: integer('city_id'),
    countyId: integer('county_id'),
    orgId: integer('org_id'),
    kind: smallint('kind'),
    n: integer('n').notNull(),
  },
  (t) => [
    // 全省：某指标某年各月；市级、县级、机构：加范围列
    index('dashboard_daily_metric_day_idx').on(t.metric, t.day),
    index('dashboard_daily_city_idx').on(t.metric, t.cityId, t.day),
    index('dashboard_daily_county_idx').on(t.metric, t.countyId, t.day),
    index('dashboard_daily_org_idx').on(t.metric, t.orgId, t.day),
    check('dashboard_daily_n_chk', sql`${t.n} > 0`),
  ],
);

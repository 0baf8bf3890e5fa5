// 统计页的三个固定路径（SPEC §2）：/v2/train/count/renci（路由 countRenci）与 /v2/train/count/uploadRenci（countUploadRenci）免登录，
// /v2/count/uploadRencixitong 须登录。服务端渲染一张按市汇总的表（与菜单里的统计页、/api/v2/... 端点同一个函数、同一口径）。
// 免登录的两页是全省各市的汇总数：每行只有地市名称与班数、人次，不带任何人的姓名、证件号或手机号，也不给机构、工种筛选；
// 须登录的一页按本人的数据范围，要有“上报人次统计”的查看权限（与端点相同）。
import type { Db } from '@/lib/platform/db/client';
import type { DataScope } from '@/lib/platform/auth/scope';
import { STAT_SPECS, type StatKey } from './columns';
import { trainCountStatistics, uploadStateGridStatistics, uploadTrainStatistics, type StatRow } from './statistics';
import { yearField, type StatFilter, type StatTable } from './schemas';

export interface StatPage {
  path: string;
  key: StatKey;
  /** 须登录时所需的权限；null 为免登录 */
  permission: string | null;
  table: (db: Db, scope: DataScope, f: StatFilter) => Promise<StatTable<StatRow>>;
}

export const STAT_PAGES = {
  renci: { path: '/v2/train/count/renci', key: 'trainCount', permission: null, table: trainCountStatistics },
  uploadRenci: { path: '/v2/train/count/uploadRenci', key: 'uploadTrain', permission: null, table: uploadTrainStatistics },
  uploadRencixitong: { path: '/v2/count/uploadRencixitong', key: 'uploadStateGrid', permission: 'uploadCount.query', table: uploadStateGridStatistics },
} as const satisfies Record<string, StatPage>;
export type StatPageName = keyof typeof STAT_PAGES;
/** 免登录的页 */
export type PublicStatPage = { [K in StatPageName]: (typeof STAT_PAGES)[K]['permission'] extends null ? K : never }[StatPageName];

/** 免登录页的范围：全省 */
const PROVINCE: DataScope = { level: 'province', areaId: null, cityId: null, orgId: null };

/** 地址里的年度（?year=2026）：2000–2100 的整数；没给或写错为不限年度 */
export function pageYear(raw: string | string[] | undefined): number | undefined {
  const r = yearField.safeParse(Array.isArray(raw) ? raw[0] : raw);
  return r.success ? r.data : undefined;
}

/** 表的每行只留名称列与数字列（不带 id 之类），合计行同样 */
function aggregateOnly(key: StatKey, table: StatTable<StatRow>): StatTable<StatRow> {
  const spec = STAT_SPECS[key];
  const keep = (r: StatRow): StatRow => Object.fromEntries([spec.label, ...spec.numbers].map((c) => [c.key, r[c.key] ?? null]));
  return { list: table.list.map(keep), totals: keep(table.totals) };
}

/** 免登录页的表：不论谁打开（登录与否）都是全省各市的汇总数；只按年度筛选 */
export async function publicStatTable(db: Db, name: PublicStatPage, year: number | undefined): Promise<StatTable<StatRow>> {
  const page = STAT_PAGES[name];
  return aggregateOnly(page.key, await page.table(db, PROVINCE, { year, workCode: undefined }));
}

/** 须登录页的表：按本人的数据范围（调用方已查过 permission）；只按年度筛选 */
export async function scopedStatTable(db: Db, name: StatPageName, scope: DataScope, year: number | undefined): Promise<StatTable<StatRow>> {
  const page = STAT_PAGES[name];
  return aggregateOnly(page.key, await page.table(db, scope, { year, workCode: undefined }));
}

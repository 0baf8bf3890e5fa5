// 统计页（SPEC §7 Statistics 与 /v2/train/count/renci）：按范围与筛选（年度、地市、类别、工种、机构）做分组计数，
// 每张表一行一个分组、末尾一行合计（= 各行之和）。界面与导出调同一个函数，导出的数与界面相同。
import { and, asc, eq, inArray, ne, sql, type Column, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { DataScope } from '@/lib/platform/auth/scope';
import { FileResult } from '@/lib/platform/api/files';
import { exportXlsx, type ExportColumn } from '@/lib/platform/excel/export';
import { areas } from '../area/tables';
import { ROOT_AREA_ID } from '../area/schemas';
import { examPlans, examPlanWorks } from '../exaPlan/tables';
import { examinees } from '../examinee/tables';
import { PLAN_STATE, PLAN_STEP, STEP_LABEL } from '../exaPlan/transitions';
import { filings } from '../filing/tables';
import { FILING_IN_FORCE } from '../filing/transitions';
import { people } from '../personnel/tables';
import { certificates, stateGridItems } from '../certificate/tables';
import { ITEM_STATUS } from '../certificate/stategrid-rules';
import { organisations } from '../org/tables';
import { ORG_TYPES } from '../org/codes';
import { trainClasses, trainStudents } from '../trainClass/tables';
import { CLASS_STATUS } from '../trainClass/transitions';
import { COMPLETION } from '../trainClass/schemas';
import { CERT_VALID, PERSON_ACTIVE } from './codes';
import { NO_CITY_LABEL, STAT_SPECS, TOTAL_LABEL, type StatKey } from './columns';
import { countWhere, dateInYear, inYear, num, scoped } from './scope';
import type { StatFilter, StatTable } from './schemas';

export type StatRow = Record<string, string | number | null>;

const KIND_KEYS = ['skillLevel', 'qualification', 'specialAbility', 'organWork'] as const;
const inForce = inArray(filings.status, [...FILING_IN_FORCE]);
const opened = sql`${examPlans.state} <> ${PLAN_STATE.CANCELLED} and ${examPlans.step} >= ${PLAN_STEP.IMPLEMENT}`;

/** 合计行：名称列写“合计”，数字列求和 */
export function withTotals(key: StatKey, list: StatRow[]): StatTable<StatRow> {
  const spec = STAT_SPECS[key];
  const totals: StatRow = { id: 'total', [spec.label.key]: TOTAL_LABEL };
  for (const c of spec.numbers) totals[c.key] = list.reduce((a, r) => a + num(r[c.key]), 0);
  return { list, totals };
}

/** 导出：同一张表（行 + 合计行），表头取 columns.ts */
export function exportStat(key: StatKey, table: StatTable<StatRow>): Promise<FileResult> {
  const spec = STAT_SPECS[key];
  const columns: ExportColumn<StatRow>[] = [
    { header: spec.label.title, key: spec.label.key, width: 28 },
    ...spec.numbers.map((c) => ({ header: c.title, key: c.key, width: 14 })),
  ];
  return exportXlsx({ sheetName: spec.title, columns, rows: [...table.list, table.totals] });
}

// ---------- 共用的条件 ----------

/** 范围、地市与机构筛选 */
function where(user: DataScope, cols: { cityId: Column; orgId: Column; countyId?: Column }, f: StatFilter): SQL[] {
  const conds: SQL[] = [scoped(user, cols)];
  if (f.cityId !== undefined) conds.push(eq(cols.cityId, f.cityId));
  if (f.orgId !== undefined) conds.push(eq(cols.orgId, f.orgId));
  return conds;
}

interface CityRef {
  id: number | null;
  name: string;
}

/** 行：本省各市（市级与机构只有本市）；另有不属任何市的数据时加一行“省直” */
async function cityRows(db: Db, user: DataScope, f: Pick<StatFilter, 'cityId'>, hasNoCity: boolean): Promise<CityRef[]> {
  const conds = [eq(areas.pid, ROOT_AREA_ID)];
  if (user.level !== 'province') conds.push(eq(areas.id, user.cityId ?? -1));
  if (f.cityId !== undefined) conds.push(eq(areas.id, f.cityId));
  const list: CityRef[] = await db.select({ id: areas.id, name: areas.name }).from(areas).where(and(...conds)).orderBy(asc(areas.sort), asc(areas.id));
  if (hasNoCity) list.push({ id: null, name: NO_CITY_LABEL });
  return list;
}

type Grouped = Map<number | null, Record<string, number>>;
const grouped = (rows: Record<string, unknown>[], keyOf: (r: Record<string, unknown>) => number | null): Grouped => {
  const m: Grouped = new Map();
  for (const r of rows) {
    const k = keyOf(r);
    const cur = m.get(k) ?? {};
    for (const [name, v] of Object.entries(r)) if (name !== 'k') cur[name] = (cur[name] ?? 0) + num(v);
    m.set(k, cur);
  }
  return m;
};
const cityKey = (r: Record<string, unknown>) => (r.k === null || r.k === undefined ? null : Number(r.k));

/** 把几组按市分组的计数拼成一张表 */
async function byCity(db: Db, user: DataScope, f: StatFilter, key: StatKey, groups: Grouped[]): Promise<StatTable<StatRow>> {
  const hasNoCity = groups.some((g) => g.has(null));
  const cities = await cityRows(db, user, f, hasNoCity);
  const list = cities.map((c) => {
    const row: StatRow = { id: c.id ?? 0, cityId: c.id, cityName: c.name };
    for (const col of STAT_SPECS[key].numbers) row[col.key] = 0;
    for (const g of groups) Object.assign(row, g.get(c.id) ?? {});
    return row;
  });
  return withTotals(key, list);
}

// ---------- 机构类型统计 ----------

/** 各机构类型在四类业务的有效备案机构数（按备案时登记的机构类型；年度按备案完成时间） */
export async function orgTypeStatistics(db: Db, user: DataScope, f: StatFilter): Promise<StatTable<StatRow>> {
  const conds = [inForce, inYear(filings.completedAt, f.year), ...where(user, filings, f)];
  if (f.kind !== undefined) conds.push(eq(filings.kind, f.kind));
  const rows = await db
    .select({ orgType: filings.orgType, kind: filings.kind, n: sql<number>`count(distinct ${filings.orgId})::int` })
    .from(filings)
    .where(and(...conds))
    .groupBy(filings.orgType, filings.kind);
  const list = Object.entries(ORG_TYPES).map(([type, name]) => {
    const row: StatRow = { id: Number(type), orgType: Number(type), orgTypeName: name };
    KIND_KEYS.forEach((k, kind) => (row[k] = num(rows.find((r) => r.orgType === Number(type) && r.kind === kind)?.n)));
    row.total = KIND_KEYS.reduce((a, k) => a + num(row[k]), 0);
    return row;
  });
  return withTotals('orgType', list);
}

// ---------- 鉴定汇总 ----------

const planConds = (user: DataScope, f: StatFilter): SQL[] => {
  const c = [...where(user, examPlans, f), inYear(examPlans.createdAt, f.year)];
  if (f.kind !== undefined) c.push(eq(examPlans.kind, f.kind));
  if (f.workCode) c.push(sql`exists (select 1 from ${examPlanWorks} where ${examPlanWorks.planId} = ${examPlans.id} and ${examPlanWorks.workCode} = ${f.workCode})`);
  return c;
};

/** 各市：有效备案机构、开考计划、报名、取证、在岗考评员与督导员 */
export async function summaryStatistics(db: Db, user: DataScope, f: StatFilter): Promise<StatTable<StatRow>> {
  const filingConds = [inForce, ...where(user, filings, f)];
  if (f.kind !== undefined) filingConds.push(eq(filings.kind, f.kind));
  const examineeConds = [...where(user, examinees, f), inYear(examinees.createdAt, f.year)];
  if (f.kind !== undefined) examineeConds.push(sql`exists (select 1 from ${examPlans} where ${examPlans.id} = ${examinees.planId} and ${examPlans.kind} = ${f.kind})`);
  if (f.workCode) examineeConds.push(eq(examinees.workCode, f.workCode));
  const certConds = [eq(certificates.status, CERT_VALID), ...where(user, certificates, f), dateInYear(certificates.cerDate, f.year)];
  if (f.kind !== undefined) certConds.push(eq(certificates.cerType, f.kind));
  if (f.workCode) certConds.push(eq(certificates.workCode, f.workCode));
  const personConds = [eq(people.status, PERSON_ACTIVE), ...where(user, { cityId: people.cityId, orgId: people.orgId, countyId: people.countyId }, f)];
  if (f.kind !== undefined) personConds.push(sql`(${people.library} <> 'assessor' or ${people.filingType} = ${f.kind + 1})`);

  const [orgRows, planRows, examineeRows, certRows, personRows] = await Promise.all([
    db.select({ k: filings.cityId, evalOrgs: sql<number>`count(distinct ${filings.orgId})::int` }).from(filings).where(and(...filingConds)).groupBy(filings.cityId),
    db.select({ k: examPlans.cityId, plans: countWhere(opened) }).from(examPlans).where(and(...planConds(user, f))).groupBy(examPlans.cityId),
    db.select({ k: examinees.cityId, examinees: sql<number>`count(*)::int` }).from(examinees).where(and(...examineeConds)).groupBy(examinees.cityId),
    db.select({ k: certificates.cityId, certificates: sql<number>`count(*)::int` }).from(certificates).where(and(...certConds)).groupBy(certificates.cityId),
    db
      .select({ k: people.cityId, assessors: countWhere(sql`${people.library} = 'assessor'`), supervisors: countWhere(sql`${people.library} = 'supervisor'`) })
      .from(people)
      .where(and(...personConds))
      .groupBy(people.cityId),
  ]);
  return byCity(db, user, f, 'summary', [orgRows, planRows, examineeRows, certRows, personRows].map((rows) => grouped(rows, cityKey)));
}

/** 各评价机构（范围内有过备案的机构）：有效备案数、开考计划、报名、取证 */
export async function evalOrgStatistics(db: Db, user: DataScope, f: StatFilter): Promise<StatTable<StatRow>> {
  const filingConds = [...where(user, filings, f)];
  if (f.kind !== undefined) filingConds.push(eq(filings.kind, f.kind));
  const examineeConds = [...where(user, examinees, f), inYear(examinees.createdAt, f.year)];
  if (f.kind !== undefined) examineeConds.push(sql`exists (select 1 from ${examPlans} where ${examPlans.id} = ${examinees.planId} and ${examPlans.kind} = ${f.kind})`);
  if (f.workCode) examineeConds.push(eq(examinees.workCode, f.workCode));
  const certConds = [eq(certificates.status, CERT_VALID), ...where(user, certificates, f), dateInYear(certificates.cerDate, f.year)];
  if (f.kind !== undefined) certConds.push(eq(certificates.cerType, f.kind));
  if (f.workCode) certConds.push(eq(certificates.workCode, f.workCode));

  const [orgRows, planRows, examineeRows, certRows] = await Promise.all([
    db
      .select({ k: filings.orgId, orgName: organisations.name, cityName: areas.name, filings: countWhere(inForce) })
      .from(filings)
      .innerJoin(organisations, eq(organisations.id, filings.orgId))
      .leftJoin(areas, eq(areas.id, organisations.cityId))
      .where(and(...filingConds))
      .groupBy(filings.orgId, organisations.name, areas.name)
      .orderBy(asc(organisations.name)),
    db.select({ k: examPlans.orgId, plans: countWhere(opened) }).from(examPlans).where(and(...planConds(user, f))).groupBy(examPlans.orgId),
    db.select({ k: examinees.orgId, examinees: sql<number>`count(*)::int` }).from(examinees).where(and(...examineeConds)).groupBy(examinees.orgId),
    db.select({ k: certificates.orgId, certificates: sql<number>`count(*)::int` }).from(certificates).where(and(...certConds)).groupBy(certificates.orgId),
  ]);
  const maps = [planRows, examineeRows, certRows].map((rows) => grouped(rows, cityKey));
  const list = orgRows.map((o) => {
    const row: StatRow = { id: o.k, orgId: o.k, orgName: o.orgName, cityName: o.cityName ?? NO_CITY_LABEL, filings: num(o.filings), plans: 0, examinees: 0, certificates: 0 };
    for (const m of maps) Object.assign(row, m.get(o.k) ?? {});
    return row;
  });
  return withTotals('evalOrgs', list);
}

/** 各市四类业务的有效备案机构数 */
export async function evalOrgsByCity(db: Db, user: DataScope, f: StatFilter): Promise<StatTable<StatRow>> {
  const conds = [inForce, inYear(filings.completedAt, f.year), ...where(user, filings, f)];
  if (f.kind !== undefined) conds.push(eq(filings.kind, f.kind));
  const rows = await db
    .select({
      k: filings.cityId,
      ...Object.fromEntries(KIND_KEYS.map((key, kind) => [key, sql<number>`(count(distinct ${filings.orgId}) filter (where ${filings.kind} = ${kind}))::int`])),
    })
    .from(filings)
    .where(and(...conds))
    .groupBy(filings.cityId);
  const table = await byCity(db, user, f, 'evalOrgsByCity', [grouped(rows, cityKey)]);
  for (const r of table.list) r.total = KIND_KEYS.reduce((a, k) => a + num(r[k]), 0);
  return withTotals('evalOrgsByCity', table.list);
}

/** 各市考评员（按业务类型筛选）与督导员：全部与在岗 */
export async function evaluatorStatistics(db: Db, user: DataScope, f: StatFilter): Promise<StatTable<StatRow>> {
  const conds = [inArray(people.library, ['assessor', 'supervisor']), ...where(user, { cityId: people.cityId, orgId: people.orgId, countyId: people.countyId }, f)];
  if (f.kind !== undefined) conds.push(sql`(${people.library} <> 'assessor' or ${people.filingType} = ${f.kind + 1})`);
  const assessor = sql`${people.library} = 'assessor'`;
  const supervisor = sql`${people.library} = 'supervisor'`;
  const active = sql`${people.status} = ${PERSON_ACTIVE}`;
  const rows = await db
    .select({
      k: people.cityId,
      assessors: countWhere(assessor),
      assessorsActive: countWhere(sql`${assessor} and ${active}`),
      supervisors: countWhere(supervisor),
      supervisorsActive: countWhere(sql`${supervisor} and ${active}`),
    })
    .from(people)
    .where(and(...conds))
    .groupBy(people.cityId);
  return byCity(db, user, f, 'evaluators', [grouped(rows, cityKey)]);
}

// ---------- 流程数据 ----------

/** 各流程步骤上的计划数：办理中、待市级审核、待省级审核、驳回、在该步取消 */
export async function processStatistics(db: Db, user: DataScope, f: StatFilter): Promise<StatTable<StatRow>> {
  const s = examPlans.state;
  const rows = await db
    .select({
      step: examPlans.step,
      working: countWhere(sql`${s} = ${PLAN_STATE.WORKING}`),
      cityReview: countWhere(sql`${s} = ${PLAN_STATE.CITY_REVIEW}`),
      provinceReview: countWhere(sql`${s} = ${PLAN_STATE.PROVINCE_REVIEW}`),
      rejected: countWhere(sql`${s} = ${PLAN_STATE.REJECTED}`),
      cancelled: countWhere(sql`${s} = ${PLAN_STATE.CANCELLED}`),
      total: sql<number>`count(*)::int`,
    })
    .from(examPlans)
    .where(and(...planConds(user, f)))
    .groupBy(examPlans.step);
  const list = STEP_LABEL.map((name, step) => {
    const r = rows.find((x) => x.step === step);
    return { id: step, step, stepName: name, working: num(r?.working), cityReview: num(r?.cityReview), provinceReview: num(r?.provinceReview), rejected: num(r?.rejected), cancelled: num(r?.cancelled), total: num(r?.total) };
  });
  return withTotals('process', list);
}

// ---------- 培训人次 ----------

/** 各市的培训班数与培训人次（学员名单行数；同一人参加两个班算两人次），结业与未结业；不含已作废的班。年度按开班日期 */
export async function trainCountStatistics(db: Db, user: DataScope, f: StatFilter): Promise<StatTable<StatRow>> {
  const conds = [ne(trainClasses.status, CLASS_STATUS.DISCARDED), ...where(user, { cityId: trainClasses.cityId, orgId: trainClasses.orgId, countyId: trainClasses.countyId }, f), dateInYear(trainClasses.startDate, f.year)];
  if (f.workCode) conds.push(eq(trainClasses.workCode, f.workCode));
  const rows = await db
    .select({
      k: trainClasses.cityId,
      classes: sql<number>`count(distinct ${trainClasses.id})::int`,
      students: sql<number>`count(${trainStudents.id})::int`,
      completed: sql<number>`(count(${trainStudents.id}) filter (where ${trainStudents.completion} = ${COMPLETION.COMPLETED}))::int`,
      notCompleted: sql<number>`(count(${trainStudents.id}) filter (where ${trainStudents.completion} <> ${COMPLETION.COMPLETED}))::int`,
    })
    .from(trainClasses)
    .leftJoin(trainStudents, eq(trainStudents.classId, trainClasses.id))
    .where(and(...conds))
    .groupBy(trainClasses.cityId);
  return byCity(db, user, f, 'trainCount', [grouped(rows, cityKey)]);
}


// ---------- 上报人次 ----------

/** 已上报的培训班：已提交审核且没有被驳回或作废（含审核中、通过后的各状态与作废待生效） */
export const CLASS_REPORTED: readonly number[] = [
  CLASS_STATUS.SUBMITTED,
  CLASS_STATUS.APPROVED,
  CLASS_STATUS.PUBLISHED,
  CLASS_STATUS.IN_TRAINING,
  CLASS_STATUS.FINISHED,
  CLASS_STATUS.ASSESSED,
  CLASS_STATUS.DISCARD_PENDING,
];
/** 上报并经市级审核通过的培训班 */
export const CLASS_APPROVED: readonly number[] = CLASS_REPORTED.filter((s) => s !== CLASS_STATUS.SUBMITTED);

/**
 * 培训上报人次（/v2/train/count/uploadRenci）：各市不含已作废的班的学员名单行数（培训人次），其中班已上报（提交审核）的、
 * 经审核通过的、还没上报（草稿或被驳回）的人次，与已上报的班数。年度按开班日期。
 */
export async function uploadTrainStatistics(db: Db, user: DataScope, f: StatFilter): Promise<StatTable<StatRow>> {
  const conds = [ne(trainClasses.status, CLASS_STATUS.DISCARDED), ...where(user, { cityId: trainClasses.cityId, orgId: trainClasses.orgId, countyId: trainClasses.countyId }, f), dateInYear(trainClasses.startDate, f.year)];
  if (f.workCode) conds.push(eq(trainClasses.workCode, f.workCode));
  const reported = inArray(trainClasses.status, [...CLASS_REPORTED]);
  const approved = inArray(trainClasses.status, [...CLASS_APPROVED]);
  const students = (cond: SQL) => sql<number>`(count(${trainStudents.id}) filter (where ${cond}))::int`;
  const rows = await db
    .select({
      k: trainClasses.cityId,
      classes: sql<number>`(count(distinct ${trainClasses.id}) filter (where ${reported}))::int`,
      students: sql<number>`count(${trainStudents.id})::int`,
      reported: students(reported),
      approved: students(approved),
      notReported: students(sql`not ${reported}`),
    })
    .from(trainClasses)
    .leftJoin(trainStudents, eq(trainStudents.classId, trainClasses.id))
    .where(and(...conds))
    .groupBy(trainClasses.cityId);
  return byCity(db, user, f, 'uploadTrain', [grouped(rows, cityKey)]);
}

/** 证书在国网台账里有某状态的行（走 state_grid_item_live_uq：certificate_id 上不是“被退回”的行） */
const ledgerHas = (statuses: number[]): SQL =>
  sql`exists (select 1 from ${stateGridItems} where ${stateGridItems.certificateId} = ${certificates.id} and ${stateGridItems.status} <> ${ITEM_STATUS.REJECTED} and ${inArray(stateGridItems.status, statuses)})`;

/**
 * 国网上报人次（/v2/count/uploadRencixitong）：各市的有效证书（取证人次），其中已上报国网（台账行已上报或已接收）、
 * 已被国网接收、还没上报（没有台账行、待上报或被退回待重报）的人次。年度按发证日期。
 */
export async function uploadStateGridStatistics(db: Db, user: DataScope, f: StatFilter): Promise<StatTable<StatRow>> {
  const conds = [eq(certificates.status, CERT_VALID), ...where(user, certificates, f), dateInYear(certificates.cerDate, f.year)];
  if (f.kind !== undefined) conds.push(eq(certificates.cerType, f.kind));
  if (f.workCode) conds.push(eq(certificates.workCode, f.workCode));
  const submitted = ledgerHas([ITEM_STATUS.SUBMITTED, ITEM_STATUS.ACCEPTED]);
  const rows = await db
    .select({
      k: certificates.cityId,
      certificates: sql<number>`count(*)::int`,
      submitted: countWhere(submitted),
      accepted: countWhere(ledgerHas([ITEM_STATUS.ACCEPTED])),
      notReported: countWhere(sql`not ${submitted}`),
    })
    .from(certificates)
    .where(and(...conds))
    .groupBy(certificates.cityId);
  return byCity(db, user, f, 'uploadStateGrid', [grouped(rows, cityKey)]);
}

// ---------- 筛选项 ----------

/** 地市筛选项：范围内的市 */
export async function cityOptions(db: Db, user: DataScope) {
  return (await cityRows(db, user, {}, false)).map((c) => ({ value: c.id, label: c.name }));
}

/** 机构筛选项：范围内有过备案或开过培训班的机构（评价机构与培训机构） */
export async function orgOptions(db: Db, user: DataScope) {
  return db
    .select({ value: organisations.id, label: organisations.name })
    .from(organisations)
    .where(
      and(
        scoped(user, { cityId: organisations.cityId, orgId: organisations.id }),
        sql`(exists (select 1 from ${filings} where ${filings.orgId} = ${organisations.id}) or exists (select 1 from ${trainClasses} where ${trainClasses.orgId} = ${organisations.id}))`,
      ),
    )
    .orderBy(asc(organisations.name))
    .limit(500);
}

/** 流程数据的机构筛选项：范围内开过考试计划的机构 */
export async function processObjectOptions(db: Db, user: DataScope) {
  return db
    .select({ value: organisations.id, label: organisations.name })
    .from(organisations)
    .where(sql`exists (select 1 from ${examPlans} where ${examPlans.orgId} = ${organisations.id} and ${scoped(user, examPlans)})`)
    .orderBy(asc(organisations.name))
    .limit(500);
}

/** 流程数据的工种筛选项：范围内考试计划里的工种（编码与名称，去重） */
export async function processJobNameOptions(db: Db, user: DataScope) {
  const rows = await db
    .selectDistinct({ value: examPlanWorks.workCode, name: examPlanWorks.workName })
    .from(examPlanWorks)
    .innerJoin(examPlans, eq(examPlans.id, examPlanWorks.planId))
    .where(scoped(user, examPlans))
    .orderBy(asc(examPlanWorks.workCode), asc(examPlanWorks.workName))
    .limit(1000);
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.value) && seen.add(r.value)).map((r) => ({ value: r.value, label: `${r.name}（${r.value}）` }));
}

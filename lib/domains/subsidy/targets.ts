// 年度目标任务（AnnualTarget）：省级给各市下达培训人数、取证人数与补贴资金，市级分解到本市各县区（分解之和不超过本市目标）；
// 完成情况由实际数据算出（不存）：培训人数 = 当年结业的班（已结业、已考核）里结业的学员；取证人数 = 当年发的有效证书；
// 补贴资金 = 当年度财务审批通过（已批准待拨付、已拨付）的补贴批准额。县区的取证人数没有县区维度，不统计。
// 下达与撤回交给工作流引擎（声明在 target-transitions.ts）：草稿只有下达方看得到，完成情况只统计已下达的目标。
import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import type { Session, SessionUser } from '@/lib/platform/auth/session';
import { defineWorkflow } from '@/lib/platform/workflow';
import { fetchPage } from '@/lib/platform/db/paged';
import { exportXlsx } from '@/lib/platform/excel/export';
import { withUniqueMessage } from '@/lib/platform/db/save-row';
import { areas } from '@/lib/domains/area/tables';
import { certificates } from '@/lib/domains/certificate/tables';
import { trainClasses, trainStudents } from '@/lib/domains/trainClass/tables';
import { CLASS_STATUS } from '@/lib/domains/trainClass/transitions';
import { COMPLETION } from '@/lib/domains/trainClass/schemas';
import { annualTargetHistory, annualTargets, subsidyApplies, type AnnualTarget } from './tables';
import { APPLY_STATUS } from './transitions';
import { TARGET_OPERATIONS, TARGET_STATUS, TARGET_STATUS_LABEL, TARGET_TRANSITIONS, type TargetAction, type TargetOperation } from './target-transitions';

export interface TargetItem {
  id: number;
  year: number;
  cityId: number;
  cityName: string;
  countyId: number | null;
  countyName: string | null;
  trained: number;
  certified: number;
  budget: number;
  actualTrained: number;
  actualCertified: number | null;
  actualSubsidy: number;
  remark: string | null;
  status: number;
  statusName: string;
  actions: (TargetAction | TargetOperation)[];
}

/** 目标所在范围的实际完成数：按市或按县区，一次查一批 */
async function actuals(db: Db, year: number, by: 'city' | 'county', ids: number[]) {
  const out = new Map<number, { trained: number; certified: number | null; subsidy: number }>();
  if (!ids.length) return out;
  const classCol = by === 'city' ? trainClasses.cityId : trainClasses.countyId;
  const trained = await db
    .select({ id: classCol, n: count() })
    .from(trainStudents)
    .innerJoin(trainClasses, eq(trainClasses.id, trainStudents.classId))
    .where(and(inArray(classCol, ids), inArray(trainClasses.status, [CLASS_STATUS.FINISHED, CLASS_STATUS.ASSESSED]), sql`extract(year from ${trainClasses.endDate}) = ${year}`, eq(trainStudents.completion, COMPLETION.COMPLETED)))
    .groupBy(classCol);
  const applyCol = by === 'city' ? subsidyApplies.cityId : subsidyApplies.countyId;
  const subsidy = await db
    .select({ id: applyCol, total: sql<number>`coalesce(sum(${subsidyApplies.approvedAmount}), 0)::bigint` })
    .from(subsidyApplies)
    .where(and(inArray(applyCol, ids), eq(subsidyApplies.year, year), inArray(subsidyApplies.status, [APPLY_STATUS.APPROVED, APPLY_STATUS.PAID])))
    .groupBy(applyCol);
  const certified =
    by === 'city'
      ? await db
          .select({ id: certificates.cityId, n: count() })
          .from(certificates)
          .where(and(inArray(certificates.cityId, ids), eq(certificates.issueYear, year), eq(certificates.status, 0)))
          .groupBy(certificates.cityId)
      : [];
  for (const id of ids) {
    out.set(id, {
      trained: Number(trained.find((r) => r.id === id)?.n ?? 0),
      certified: by === 'city' ? Number(certified.find((r) => r.id === id)?.n ?? 0) : null,
      subsidy: Number(subsidy.find((r) => r.id === id)?.total ?? 0),
    });
  }
  return out;
}

/** 看得到的目标：范围内，且已下达或自己是下达方（省级下达市的目标，市级分解到县区） */
function targetScope(u: SessionUser): SQL | undefined {
  const issued = eq(annualTargets.status, TARGET_STATUS.ISSUED);
  if (u.level === 'province') return or(isNull(annualTargets.countyId), issued);
  if (u.level === 'city') return and(eq(annualTargets.cityId, u.cityId ?? -1), or(isNotNull(annualTargets.countyId), issued));
  if (u.level === 'county') return and(eq(annualTargets.countyId, u.areaId ?? -1), issued);
  return eq(annualTargets.id, -1);
}

/** 谁能改、下达：市的目标由省级，县区的分解由本市市级 */
const ownerOf = (u: SessionUser, t: Pick<AnnualTarget, 'cityId' | 'countyId'>) => (t.countyId === null ? u.level === 'province' : u.level === 'city' && u.cityId === t.cityId);

async function loadTarget(db: Db, user: SessionUser, id: number): Promise<AnnualTarget> {
  const [row] = await db.select().from(annualTargets).where(and(eq(annualTargets.id, id), targetScope(user)));
  if (!row) throw ApiError.notFound('年度目标不存在或不在您的管辖范围内');
  return row;
}

export const targetWorkflow = defineWorkflow<AnnualTarget, TargetAction, 'owner', 'parentIssued' | 'noBreakdown', TargetOperation>({
  key: 'annualTarget',
  label: '年度目标',
  entity: 'annual_target',
  table: annualTargets,
  id: annualTargets.id,
  position: { status: annualTargets.status },
  updatedAt: annualTargets.updatedAt,
  labels: { status: TARGET_STATUS_LABEL },
  actors: { owner: '下达方（市的目标由省级，县区的分解由本市市级）' },
  actorLevels: { owner: ['province', 'city'] },
  actorsOf: (user, t) => (ownerOf(user, t) ? ['owner'] : []),
  transitions: TARGET_TRANSITIONS,
  operations: TARGET_OPERATIONS,
  gates: {
    parentIssued: {
      label: '县区的分解：本市目标已下达',
      source: '年度目标逐级下达：省级下达到市，市级再分解到县区（docs/SUBSIDIES.md 年度目标任务）',
      check: async (db, t) => {
        if (t.parentId === null) return null;
        const [parent] = await db.select({ status: annualTargets.status }).from(annualTargets).where(eq(annualTargets.id, t.parentId));
        return parent?.status === TARGET_STATUS.ISSUED ? null : `本市 ${t.year} 年度的目标尚未下达`;
      },
    },
    noBreakdown: {
      label: '市的目标：还没有分解到县区',
      source: '已分解的目标撤回会让县区的分解失去依据（docs/SUBSIDIES.md 年度目标任务）',
      check: async (db, t) => {
        const [child] = await db.select({ id: annualTargets.id }).from(annualTargets).where(eq(annualTargets.parentId, t.id)).limit(1);
        return child ? '该目标已分解到县区，请先删除县区的分解' : null;
      },
    },
  },
  load: loadTarget,
  describe: (t) => `${t.year} 年度目标`,
  history: { table: annualTargetHistory, values: (t) => ({ targetId: t.id }) },
});

/** 下达或撤回 */
export async function transitionTarget(db: Db, session: Session, req: { id: number; action: TargetAction; opinion?: string | null }, audit: Audit) {
  const r = await targetWorkflow.apply(db, session, req, audit);
  return { id: r.id, status: r.to.status, statusName: r.positionName };
}

/** 目标与完成情况（市的在前，县区跟在本市之后） */
export async function listTargets(db: Db, session: Session, f: { year?: number }, page: Page): Promise<PageResult<TargetItem>> {
  const where = and(targetScope(session.user), f.year ? eq(annualTargets.year, f.year) : undefined);
  const county = sql<string | null>`(select ${areas.name} from ${areas} where ${areas.id} = ${annualTargets.countyId})`;
  return fetchPage(
    page,
    db
      .select({ t: annualTargets, cityName: areas.name, countyName: county })
      .from(annualTargets)
      .leftJoin(areas, eq(areas.id, annualTargets.cityId))
      .where(where)
      .orderBy(desc(annualTargets.year), annualTargets.cityId, sql`${annualTargets.countyId} nulls first`),
    db.select({ total: count() }).from(annualTargets).where(where),
    async (rows) => {
      const out: TargetItem[] = [];
      const years = [...new Set(rows.map((r) => r.t.year))];
      const byYear = new Map<number, { city: Awaited<ReturnType<typeof actuals>>; county: Awaited<ReturnType<typeof actuals>> }>();
      for (const y of years) {
        const ys = rows.filter((r) => r.t.year === y);
        byYear.set(y, {
          city: await actuals(db, y, 'city', ys.filter((r) => r.t.countyId === null).map((r) => r.t.cityId)),
          county: await actuals(db, y, 'county', ys.filter((r) => r.t.countyId !== null).map((r) => r.t.countyId!)),
        });
      }
      for (const { t, cityName, countyName } of rows) {
        const a = t.countyId === null ? byYear.get(t.year)!.city.get(t.cityId)! : byYear.get(t.year)!.county.get(t.countyId)!;
        out.push({
          id: t.id,
          year: t.year,
          cityId: t.cityId,
          cityName: cityName ?? '',
          countyId: t.countyId,
          countyName,
          trained: t.trained,
          certified: t.certified,
          budget: t.budget,
          actualTrained: a.trained,
          actualCertified: a.certified,
          actualSubsidy: a.subsidy,
          remark: t.remark,
          status: t.status,
          statusName: TARGET_STATUS_LABEL[t.status] ?? String(t.status),
          actions: targetWorkflow.availableActions(t, session),
        });
      }
      return out;
    },
  );
}


interface TargetInput {
  id?: number;
  year: number;
  cityId?: number;
  countyId?: number;
  trained: number;
  certified: number;
  budget: number;
  remark: string | null;
}

const METRICS = [
  ['trained', '培训人数'],
  ['certified', '取证人数'],
  ['budget', '补贴资金'],
] as const;

/** 保存（新建为草稿，下达另办）：省级给市、市级分解到本市县区（须本市目标已下达）；县区分解之和不超过本市目标，市的目标不能低于已分解之和 */
export async function saveTarget(db: Db, session: Session, input: TargetInput, audit: Audit) {
  const u = session.user;
  return db.transaction(async (tx) => {
    let cityId: number;
    let countyId: number | null = null;
    if (u.level === 'province') {
      if (input.countyId) throw ApiError.badRequest('省级给各市下达目标；县区的分解由市级办理');
      if (!input.cityId) throw ApiError.badRequest('请选择市', { cityId: '请选择市' });
      cityId = input.cityId;
    } else if (u.level === 'city') {
      if (!input.countyId) throw ApiError.badRequest('请选择要分解到的县区', { countyId: '请选择县区' });
      const [county] = await tx.select().from(areas).where(eq(areas.id, input.countyId));
      if (!county || county.pid !== u.cityId) throw ApiError.notFound('县区不存在或不在您的管辖范围内');
      cityId = u.cityId!;
      countyId = county.id;
    } else throw ApiError.forbidden('年度目标由省级下达、市级分解');
    const before = input.id ? await loadTarget(tx, u, input.id) : undefined;
    if (before) targetWorkflow.assertOperation(before, session, 'edit');
    const [parent] = await tx.select().from(annualTargets).where(and(eq(annualTargets.year, input.year), eq(annualTargets.cityId, cityId), isNull(annualTargets.countyId))).for('update');
    if (countyId !== null) {
      if (!parent || parent.status !== TARGET_STATUS.ISSUED) throw ApiError.badRequest(`本市 ${input.year} 年度的目标尚未下达，不能分解`);
      const [sums] = await tx
        .select({ trained: sql<number>`coalesce(sum(${annualTargets.trained}), 0)::int`, certified: sql<number>`coalesce(sum(${annualTargets.certified}), 0)::int`, budget: sql<number>`coalesce(sum(${annualTargets.budget}), 0)::bigint` })
        .from(annualTargets)
        .where(and(eq(annualTargets.parentId, parent.id), input.id ? sql`${annualTargets.id} <> ${input.id}` : undefined));
      for (const [key, label] of METRICS) {
        const left = parent[key] - Number(sums[key]);
        if (input[key] > left) throw ApiError.badRequest(`${label}超出本市目标：本市 ${parent[key]}，其他县区已分解 ${Number(sums[key])}，还可分解 ${left}`);
      }
    } else if (before) {
      const [sums] = await tx
        .select({ trained: sql<number>`coalesce(sum(${annualTargets.trained}), 0)::int`, certified: sql<number>`coalesce(sum(${annualTargets.certified}), 0)::int`, budget: sql<number>`coalesce(sum(${annualTargets.budget}), 0)::bigint` })
        .from(annualTargets)
        .where(eq(annualTargets.parentId, before.id));
      for (const [key, label] of METRICS) {
        if (input[key] < Number(sums[key])) throw ApiError.badRequest(`${label}不能低于已分解到各县区之和 ${Number(sums[key])}`);
      }
    }
    const values = { year: input.year, cityId, countyId, parentId: countyId !== null ? parent!.id : null, trained: input.trained, certified: input.certified, budget: input.budget, remark: input.remark };
    const [row] = await withUniqueMessage(countyId !== null ? `该县区 ${input.year} 年度已有分解的目标` : `该市 ${input.year} 年度的目标已下达`, () =>
      before
        ? tx.update(annualTargets).set({ ...values, updatedAt: new Date() }).where(eq(annualTargets.id, before.id)).returning()
        : tx.insert(annualTargets).values({ ...values, status: TARGET_STATUS.DRAFT, createdBy: u.id }).returning(),
    );
    audit({ entity: 'annual_target', entityId: row.id, before, after: row, detail: `${before ? '修改' : countyId !== null ? '分解（草稿）' : '新建（草稿）'} ${input.year} 年度目标` });
    return { id: row.id };
  });
}

export async function deleteTargets(db: Db, session: Session, input: { ids: number[] }, audit: Audit) {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(annualTargets).where(and(inArray(annualTargets.id, input.ids), targetScope(session.user)));
    for (const id of input.ids) {
      const r = rows.find((x) => x.id === id);
      if (!r) throw ApiError.notFound('年度目标不存在或不在您的管辖范围内');
      targetWorkflow.assertOperation(r, session, 'delete');
    }
    const [child] = await tx.select({ id: annualTargets.id }).from(annualTargets).where(inArray(annualTargets.parentId, input.ids)).limit(1);
    if (child) throw ApiError.badRequest('该目标已分解到县区，请先删除县区的分解');
    await tx.delete(annualTargets).where(inArray(annualTargets.id, input.ids));
    for (const r of rows) audit({ entity: 'annual_target', entityId: r.id, before: r, detail: `删除 ${r.year} 年度目标` });
    return { count: rows.length };
  });
}

// ---------- 年度任务完成情况（YearTaskProgress） ----------

export interface ProgressRow {
  /** 行键：city-市代码 或 county-县区代码 */
  key: string;
  year: number;
  cityId: number;
  countyId: number | null;
  name: string;
  trained: number;
  actualTrained: number;
  trainedRate: number;
  certified: number;
  actualCertified: number | null;
  certifiedRate: number | null;
  budget: number;
  actualSubsidy: number;
  subsidyRate: number;
  children?: ProgressRow[];
}

const rate = (actual: number, target: number) => (target > 0 ? Math.round((actual * 1000) / target) / 10 : 0);

/**
 * 某年度各市的目标与完成情况（各市一行，分解了的县区作为下级行），完成数由实际数据算出（与年度目标列表同一算法）；
 * 省级看全部市，市级看本市，县区看本县区。一年最多十几个市与其县区，一次查完不分页。
 */
export async function yearTaskProgress(db: Db, session: Session, f: { year?: number }, page?: Page): Promise<PageResult<ProgressRow>> {
  const year = f.year ?? new Date().getFullYear();
  const county = sql<string | null>`(select ${areas.name} from ${areas} where ${areas.id} = ${annualTargets.countyId})`;
  const rows = await db
    .select({ t: annualTargets, cityName: areas.name, countyName: county })
    .from(annualTargets)
    .leftJoin(areas, eq(areas.id, annualTargets.cityId))
    .where(and(targetScope(session.user), eq(annualTargets.year, year), eq(annualTargets.status, TARGET_STATUS.ISSUED)))
    .orderBy(annualTargets.cityId, sql`${annualTargets.countyId} nulls first`);
  const cityActual = await actuals(db, year, 'city', rows.filter((r) => r.t.countyId === null).map((r) => r.t.cityId));
  const countyActual = await actuals(db, year, 'county', rows.filter((r) => r.t.countyId !== null).map((r) => r.t.countyId!));
  const toRow = (r: (typeof rows)[number]): ProgressRow => {
    const a = r.t.countyId === null ? cityActual.get(r.t.cityId)! : countyActual.get(r.t.countyId)!;
    return {
      key: r.t.countyId === null ? `city-${r.t.cityId}` : `county-${r.t.countyId}`,
      year,
      cityId: r.t.cityId,
      countyId: r.t.countyId,
      name: (r.t.countyId === null ? r.cityName : r.countyName) ?? '',
      trained: r.t.trained,
      actualTrained: a.trained,
      trainedRate: rate(a.trained, r.t.trained),
      certified: r.t.certified,
      actualCertified: a.certified,
      certifiedRate: a.certified === null ? null : rate(a.certified, r.t.certified),
      budget: r.t.budget,
      actualSubsidy: a.subsidy,
      subsidyRate: rate(a.subsidy, r.t.budget),
    };
  };
  const list: ProgressRow[] = [];
  const byCity = new Map<number, ProgressRow>();
  for (const r of rows.filter((x) => x.t.countyId === null)) {
    const row = toRow(r);
    byCity.set(r.t.cityId, row);
    list.push(row);
  }
  for (const r of rows.filter((x) => x.t.countyId !== null)) {
    const row = toRow(r);
    const parent = byCity.get(r.t.cityId);
    if (parent) (parent.children ??= []).push(row);
    else list.push(row); // 县区用户只看得到本县区
  }
  return { list: page ? list.slice(page.offset, page.offset + page.pageSize) : list, total: list.length };
}

/** 导出：给了年度导出该年度，否则导出范围内的各年度（新的在前） */
export async function exportYearTaskProgress(db: Db, session: Session, f: { year?: number }) {
  const years = f.year
    ? [f.year]
    : (await db.selectDistinct({ year: annualTargets.year }).from(annualTargets).where(and(targetScope(session.user), eq(annualTargets.status, TARGET_STATUS.ISSUED))).orderBy(desc(annualTargets.year))).map((r) => r.year);
  const list: ProgressRow[] = [];
  for (const year of years) list.push(...(await yearTaskProgress(db, session, { year })).list);
  const rows = list.flatMap((r) => [r, ...(r.children ?? []).map((c) => ({ ...c, name: `　${c.name}` }))]);
  return exportXlsx<ProgressRow>({
    sheetName: '年度任务完成情况',
    columns: [
      { header: '年度', key: 'year' },
      { header: '市 / 县区', key: 'name', width: 18 },
      { header: '培训人数目标', key: 'trained' },
      { header: '培训人数完成', key: 'actualTrained' },
      { header: '完成率（%）', key: 'trainedRate' },
      { header: '取证人数目标', key: 'certified' },
      { header: '取证人数完成', key: 'actualCertified', format: (v) => (v === null ? '不统计' : (v as number)) },
      { header: '完成率（%）', key: 'certifiedRate', format: (v) => (v === null ? '不统计' : (v as number)) },
      { header: '补贴资金目标（元）', key: 'budget', width: 18 },
      { header: '补贴资金完成（元）', key: 'actualSubsidy', width: 18 },
      { header: '完成率（%）', key: 'subsidyRate' },
    ],
    rows,
  });
}

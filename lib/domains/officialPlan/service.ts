// 年度评价计划（省里制定）：某年可开展评价的工种（职业目录的工种与等级）与机构。草稿 → 发布；同一年度只有一份已发布的计划。
// 改动只由省级管理员办理（市级可查看）；机构可看列入本机构的已发布计划。机构的考试计划提交时据此算出审核提示（officialPlanWarning）。
import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { fetchPage } from '@/lib/platform/db/paged';
import { ApiError } from '@/lib/platform/api/errors';
import { can, type Session } from '@/lib/platform/auth/session';
import { formatBeijing } from '@/lib/platform/time';
import { containsPattern } from '@/lib/platform/db/like';
import { areas } from '../area/tables';
import { organisations } from '../org/tables';
import { baseJobs, baseWorkLevels, baseWorks } from '../catalog/tables';
import { LEVEL_NAMES } from '../catalog/schemas';
import { filings } from '../filing/tables';
import { FILING_IN_FORCE } from '../filing/transitions';
import { officialPlanJobs, officialPlanOrgs, officialPlans } from './tables';
import { OFFICIAL_STATUS, OFFICIAL_STATUS_LABEL } from './schemas';

type OfficialPlan = typeof officialPlans.$inferSelect;
export type OfficialAction = 'edit' | 'delete' | 'submit';

const levelNames = (levels: readonly number[]) => levels.map((l) => LEVEL_NAMES[l] ?? String(l));

/** 改动年度计划：省级管理员，且有相应权限（端点已查权限） */
function assertProvince(session: Session): void {
  if (session.user.level !== 'province') throw ApiError.forbidden('年度评价计划只能由省级管理员制定');
}

function actionsOf(session: Session, p: OfficialPlan): OfficialAction[] {
  if (session.user.level !== 'province' || p.status !== OFFICIAL_STATUS.DRAFT) return [];
  const out: OfficialAction[] = [];
  if (can(session, 'officialPlan.edit')) out.push('edit', 'submit');
  if (can(session, 'officialPlan.delete')) out.push('delete');
  return out;
}

async function loadOfficial(db: Db, id: number): Promise<OfficialPlan> {
  const [p] = await db.select().from(officialPlans).where(eq(officialPlans.id, id));
  if (!p) throw ApiError.notFound('年度评价计划不存在');
  return p;
}

async function loadDraft(db: Db, session: Session, id: number, what: string): Promise<OfficialPlan> {
  assertProvince(session);
  const p = await loadOfficial(db, id);
  if (p.status !== OFFICIAL_STATUS.DRAFT) throw ApiError.badRequest(`年度评价计划已发布，不能${what}`);
  return p;
}

async function toItems(db: Db, session: Session, rows: OfficialPlan[]) {
  const ids = rows.map((r) => r.id);
  const [jobs, orgs] = ids.length
    ? await Promise.all([
        db.select({ planId: officialPlanJobs.planId, n: count() }).from(officialPlanJobs).where(inArray(officialPlanJobs.planId, ids)).groupBy(officialPlanJobs.planId),
        db.select({ planId: officialPlanOrgs.planId, n: count() }).from(officialPlanOrgs).where(inArray(officialPlanOrgs.planId, ids)).groupBy(officialPlanOrgs.planId),
      ])
    : [[], []];
  const jobCount = new Map(jobs.map((j) => [j.planId, Number(j.n)]));
  const orgCount = new Map(orgs.map((o) => [o.planId, Number(o.n)]));
  return rows.map((p) => ({
    id: p.id,
    year: p.year,
    name: p.name,
    status: p.status,
    statusName: OFFICIAL_STATUS_LABEL[p.status],
    remark: p.remark,
    jobCount: jobCount.get(p.id) ?? 0,
    orgCount: orgCount.get(p.id) ?? 0,
    actions: actionsOf(session, p),
    submitTime: p.submittedAt ? formatBeijing(p.submittedAt) : null,
    createTime: formatBeijing(p.createdAt),
  }));
}

export type OfficialItem = Awaited<ReturnType<typeof toItems>>[number];

export async function listOfficialPlans(db: Db, session: Session, filter: { year?: number; name?: string; status?: number }, page: Page): Promise<PageResult<OfficialItem>> {
  const conds: (SQL | undefined)[] = [];
  if (filter.year !== undefined) conds.push(eq(officialPlans.year, filter.year));
  if (filter.name) conds.push(ilike(officialPlans.name, containsPattern(filter.name)));
  if (filter.status !== undefined) conds.push(eq(officialPlans.status, filter.status));
  const where = and(...conds);
  return fetchPage(
    page,
    db.select().from(officialPlans).where(where).orderBy(desc(officialPlans.year), desc(officialPlans.id)),
    db.select({ total: count() }).from(officialPlans).where(where),
    (rows) => toItems(db, session, rows),
  );
}

/** 当前用户相关的已发布计划：机构只看列入本机构的，管理员看全部 */
export async function officialPlansOfCurrentUser(db: Db, session: Session) {
  const { user } = session;
  const mine =
    user.level === 'org'
      ? inArray(officialPlans.id, db.select({ id: officialPlanOrgs.planId }).from(officialPlanOrgs).where(eq(officialPlanOrgs.orgId, user.orgId ?? -1)))
      : undefined;
  const rows = await db
    .select()
    .from(officialPlans)
    .where(and(eq(officialPlans.status, OFFICIAL_STATUS.PUBLISHED), mine))
    .orderBy(desc(officialPlans.year), desc(officialPlans.id));
  return toItems(db, session, rows);
}

async function jobsOf(db: Db, planId: number) {
  const rows = await db.select().from(officialPlanJobs).where(eq(officialPlanJobs.planId, planId)).orderBy(asc(officialPlanJobs.workCode));
  return rows.map((j) => ({ id: j.id, workCode: j.workCode, workName: j.workName, levels: j.levels, levelNames: levelNames(j.levels) }));
}

async function orgsOf(db: Db, planId: number) {
  return db
    .select({ id: officialPlanOrgs.id, orgId: organisations.id, orgName: organisations.name, orgCode: organisations.code, cityId: organisations.cityId, cityName: areas.name })
    .from(officialPlanOrgs)
    .innerJoin(organisations, eq(organisations.id, officialPlanOrgs.orgId))
    .leftJoin(areas, eq(areas.id, organisations.cityId))
    .where(eq(officialPlanOrgs.planId, planId))
    .orderBy(asc(organisations.cityId), asc(organisations.name));
}

/** 机构能看的只有列入本机构的已发布计划；其他人（有查看权限的管理员）看全部 */
async function viewable(db: Db, session: Session, id: number): Promise<OfficialPlan> {
  const p = await loadOfficial(db, id);
  const { user } = session;
  if (user.level === 'org') {
    const [listed] = await db
      .select({ id: officialPlanOrgs.id })
      .from(officialPlanOrgs)
      .where(and(eq(officialPlanOrgs.planId, id), eq(officialPlanOrgs.orgId, user.orgId ?? -1)));
    if (p.status !== OFFICIAL_STATUS.PUBLISHED || !listed) throw ApiError.notFound('年度评价计划不存在');
  }
  return p;
}

export async function officialPlanDetail(db: Db, session: Session, id: number) {
  const p = await viewable(db, session, id);
  const [[item], jobs, orgs] = await Promise.all([toItems(db, session, [p]), jobsOf(db, id), orgsOf(db, id)]);
  return { ...item, jobs, orgs };
}

export async function officialPlanJobsOf(db: Db, session: Session, planId: number) {
  await viewable(db, session, planId);
  return jobsOf(db, planId);
}

/** 计划里的机构（机构页签） */
export async function officialPlanOrgsOf(db: Db, session: Session, planId: number) {
  await viewable(db, session, planId);
  return orgsOf(db, planId);
}

/** 计划里的机构按市分布（各市的鉴定机构数与名单） */
export async function officialPlanOrgsByCity(db: Db, session: Session, planId: number) {
  await viewable(db, session, planId);
  const orgs = await orgsOf(db, planId);
  const byCity = new Map<number | null, { cityId: number | null; cityName: string | null; count: number; orgNames: string[] }>();
  for (const o of orgs) {
    const c = byCity.get(o.cityId) ?? { cityId: o.cityId, cityName: o.cityName, count: 0, orgNames: [] };
    c.count += 1;
    c.orgNames.push(o.orgName);
    byCity.set(o.cityId, c);
  }
  return [...byCity.values()];
}

// ---------- 目录与机构的选择 ----------

/** 职业（目录的细类）按名称或编码搜索 */
export async function searchJobs(db: Db, name: string | undefined) {
  const like = name ? or(ilike(baseJobs.name, containsPattern(name)), ilike(baseJobs.code, containsPattern(name))) : undefined;
  return db
    .select({ code: baseJobs.code, name: baseJobs.name, category: baseJobs.category })
    .from(baseJobs)
    .where(and(eq(baseJobs.status, 0), like))
    .orderBy(asc(baseJobs.code))
    .limit(50);
}

async function worksWithLevels(db: Db, where: SQL | undefined, limit = 100) {
  const works = await db
    .select({ id: baseWorks.id, code: baseWorks.code, name: baseWorks.name, jobCode: baseJobs.code, jobName: baseJobs.name })
    .from(baseWorks)
    .innerJoin(baseJobs, eq(baseJobs.id, baseWorks.jobId))
    .where(and(eq(baseWorks.status, 0), where))
    .orderBy(asc(baseWorks.code))
    .limit(limit);
  const levels = works.length
    ? await db.select({ workId: baseWorkLevels.workId, level: baseWorkLevels.levelCode }).from(baseWorkLevels).where(inArray(baseWorkLevels.workId, works.map((w) => w.id)))
    : [];
  return works.map((w) => {
    const ls = levels
      .filter((l) => l.workId === w.id)
      .map((l) => l.level)
      .sort((a, b) => b - a);
    return { workCode: w.code, workName: w.name, jobCode: w.jobCode, jobName: w.jobName, levels: ls, levelNames: levelNames(ls) };
  });
}

/** 工种（可按职业编码、名称筛选），带已开设的等级 */
export async function catalogueWorks(db: Db, filter: { jobCode?: string; name?: string }) {
  return worksWithLevels(
    db,
    and(filter.jobCode ? eq(baseJobs.code, filter.jobCode) : undefined, filter.name ? or(ilike(baseWorks.name, containsPattern(filter.name)), ilike(baseWorks.code, containsPattern(filter.name))) : undefined),
  );
}

export async function workLevels(db: Db, workCode: string) {
  const [w] = await worksWithLevels(db, eq(baseWorks.code, workCode), 1);
  if (!w) throw ApiError.badRequest(`工种 ${workCode} 不存在或已停用`);
  return w.levels.map((level) => ({ level, levelName: LEVEL_NAMES[level] ?? String(level) }));
}

/** 还没列入计划的工种 */
export async function selectableWorks(db: Db, session: Session, input: { planId?: number; name?: string }) {
  const taken = input.planId ? (await db.select({ code: officialPlanJobs.workCode }).from(officialPlanJobs).where(eq(officialPlanJobs.planId, input.planId))).map((r) => r.code) : [];
  if (input.planId) await viewable(db, session, input.planId);
  return worksWithLevels(
    db,
    and(
      taken.length ? notInArray(baseWorks.code, taken) : undefined,
      input.name ? or(ilike(baseWorks.name, containsPattern(input.name)), ilike(baseWorks.code, containsPattern(input.name))) : undefined,
    ),
    50,
  );
}

/** 可列入计划的机构：有有效备案的机构，未列入该计划的 */
export async function searchOrgs(db: Db, input: { planId?: number; name?: string }) {
  const taken = input.planId ? (await db.select({ orgId: officialPlanOrgs.orgId }).from(officialPlanOrgs).where(eq(officialPlanOrgs.planId, input.planId))).map((r) => r.orgId) : [];
  const filed = db.selectDistinct({ orgId: filings.orgId }).from(filings).where(inArray(filings.status, FILING_IN_FORCE));
  return db
    .select({ orgId: organisations.id, orgName: organisations.name, orgCode: organisations.code, cityId: organisations.cityId, cityName: areas.name })
    .from(organisations)
    .leftJoin(areas, eq(areas.id, organisations.cityId))
    .where(
      and(
        inArray(organisations.id, filed),
        taken.length ? notInArray(organisations.id, taken) : undefined,
        input.name ? ilike(organisations.name, containsPattern(input.name)) : undefined,
      ),
    )
    .orderBy(asc(organisations.cityId), asc(organisations.name))
    .limit(50);
}

// ---------- 改动（省级） ----------

export async function saveOfficialPlan(db: Db, session: Session, input: { id?: number; year: number; name: string; remark: string | null }, audit: Audit) {
  assertProvince(session);
  const fields = { year: input.year, name: input.name, remark: input.remark };
  let row: OfficialPlan;
  let before: OfficialPlan | null = null;
  if (input.id) {
    before = await loadDraft(db, session, input.id, '修改');
    [row] = await db
      .update(officialPlans)
      .set({ ...fields, updatedAt: new Date() })
      .where(and(eq(officialPlans.id, input.id), eq(officialPlans.status, OFFICIAL_STATUS.DRAFT)))
      .returning();
    if (!row) throw ApiError.conflict('年度评价计划已被他人更新，请刷新后重试');
  } else {
    [row] = await db
      .insert(officialPlans)
      .values({ ...fields, status: OFFICIAL_STATUS.DRAFT, createdBy: session.user.id })
      .returning();
  }
  audit({ entity: 'official_plan', entityId: row.id, before, after: row, detail: `${before ? '修改' : '新建'}年度评价计划「${row.name}」` });
  return (await toItems(db, session, [row]))[0];
}

export async function deleteOfficialPlan(db: Db, session: Session, input: { id: number }, audit: Audit) {
  const p = await loadDraft(db, session, input.id, '删除');
  await db.delete(officialPlans).where(and(eq(officialPlans.id, p.id), eq(officialPlans.status, OFFICIAL_STATUS.DRAFT)));
  audit({ entity: 'official_plan', entityId: p.id, before: p, detail: `删除年度评价计划「${p.name}」` });
  return { removed: 1 };
}

/** 加入工种（已在计划里的工种改为给出的等级）；等级须是目录里该工种已开设的 */
export async function saveOfficialJobs(db: Db, session: Session, input: { planId: number; jobs: { workCode: string; levels: number[] }[] }, audit: Audit) {
  const p = await loadDraft(db, session, input.planId, '修改');
  const codes = [...new Set(input.jobs.map((j) => j.workCode))];
  if (codes.length !== input.jobs.length) throw ApiError.badRequest('同一工种不能重复添加');
  const known = await worksWithLevels(db, inArray(baseWorks.code, codes), codes.length);
  const byCode = new Map(known.map((w) => [w.workCode, w]));
  const rows = input.jobs.map((j) => {
    const w = byCode.get(j.workCode);
    if (!w) throw ApiError.badRequest(`工种 ${j.workCode} 不存在或已停用`);
    const bad = j.levels.filter((l) => !w.levels.includes(l));
    if (bad.length) throw ApiError.badRequest(`工种「${w.workName}」未开设等级：${bad.map((l) => LEVEL_NAMES[l] ?? l).join('、')}`);
    return { planId: p.id, workCode: w.workCode, workName: w.workName, levels: [...new Set(j.levels)].sort((a, b) => b - a) };
  });
  await db
    .insert(officialPlanJobs)
    .values(rows)
    .onConflictDoUpdate({ target: [officialPlanJobs.planId, officialPlanJobs.workCode], set: { levels: sql.raw('excluded.levels'), workName: sql.raw('excluded.work_name') } });
  await db.update(officialPlans).set({ updatedAt: new Date() }).where(eq(officialPlans.id, p.id));
  audit({ entity: 'official_plan', entityId: p.id, after: rows, detail: `年度评价计划「${p.name}」加入工种：${rows.map((r) => r.workName).join('、')}` });
  return jobsOf(db, p.id);
}

export async function deleteOfficialJob(db: Db, session: Session, input: { planId: number; id: number }, audit: Audit) {
  return removeFromDraft(db, session, input, audit, {
    remove: (planId) => db.delete(officialPlanJobs).where(and(eq(officialPlanJobs.id, input.id), eq(officialPlanJobs.planId, planId))).returning(),
    notFound: '计划里没有这个工种',
    detail: (name, gone) => `年度评价计划「${name}」移除工种 ${gone.workName}`,
  });
}

/** 从草稿计划里移除一行（工种或机构）并记日志 */
async function removeFromDraft<R>(
  db: Db,
  session: Session,
  input: { planId: number },
  audit: Audit,
  what: { remove: (planId: number) => Promise<R[]>; notFound: string; detail: (planName: string, gone: R) => string },
) {
  const p = await loadDraft(db, session, input.planId, '修改');
  const [gone] = await what.remove(p.id);
  if (!gone) throw ApiError.notFound(what.notFound);
  audit({ entity: 'official_plan', entityId: p.id, before: gone, detail: what.detail(p.name, gone) });
  return { removed: 1 };
}

export async function saveOfficialOrgs(db: Db, session: Session, input: { planId: number; orgIds: number[] }, audit: Audit) {
  const p = await loadDraft(db, session, input.planId, '修改');
  const ids = [...new Set(input.orgIds)];
  const found = await db.select({ id: organisations.id, name: organisations.name }).from(organisations).where(inArray(organisations.id, ids));
  if (found.length !== ids.length) throw ApiError.badRequest('所选机构不存在');
  await db
    .insert(officialPlanOrgs)
    .values(ids.map((orgId) => ({ planId: p.id, orgId })))
    .onConflictDoNothing();
  await db.update(officialPlans).set({ updatedAt: new Date() }).where(eq(officialPlans.id, p.id));
  audit({ entity: 'official_plan', entityId: p.id, after: ids, detail: `年度评价计划「${p.name}」加入机构：${found.map((o) => o.name).join('、')}` });
  return orgsOf(db, p.id);
}

export async function deleteOfficialOrg(db: Db, session: Session, input: { planId: number; id: number }, audit: Audit) {
  const [org] = await db.select({ name: organisations.name }).from(officialPlanOrgs).innerJoin(organisations, eq(organisations.id, officialPlanOrgs.orgId)).where(eq(officialPlanOrgs.id, input.id));
  return removeFromDraft(db, session, input, audit, {
    remove: (planId) => db.delete(officialPlanOrgs).where(and(eq(officialPlanOrgs.id, input.id), eq(officialPlanOrgs.planId, planId))).returning(),
    notFound: '计划里没有这个机构',
    detail: (name) => `年度评价计划「${name}」移除机构 ${org?.name ?? input.id}`,
  });
}

/** 发布：至少一个工种与一个机构；同一年度只能有一份已发布的计划 */
export async function submitOfficialPlan(db: Db, session: Session, input: { id: number }, audit: Audit) {
  const p = await loadDraft(db, session, input.id, '发布');
  const [[{ jobs }], [{ orgs }]] = await Promise.all([
    db.select({ jobs: count() }).from(officialPlanJobs).where(eq(officialPlanJobs.planId, p.id)),
    db.select({ orgs: count() }).from(officialPlanOrgs).where(eq(officialPlanOrgs.planId, p.id)),
  ]);
  if (Number(jobs) === 0) throw ApiError.badRequest('请先加入工种再发布');
  if (Number(orgs) === 0) throw ApiError.badRequest('请先加入机构再发布');
  const [other] = await db
    .select({ name: officialPlans.name })
    .from(officialPlans)
    .where(and(eq(officialPlans.year, p.year), eq(officialPlans.status, OFFICIAL_STATUS.PUBLISHED)));
  if (other) throw ApiError.conflict(`${p.year} 年度已有已发布的年度评价计划「${other.name}」`);
  const [row] = await db
    .update(officialPlans)
    .set({ status: OFFICIAL_STATUS.PUBLISHED, submittedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(officialPlans.id, p.id), eq(officialPlans.status, OFFICIAL_STATUS.DRAFT)))
    .returning();
  if (!row) throw ApiError.conflict('年度评价计划已被他人更新，请刷新后重试');
  audit({ entity: 'official_plan', entityId: p.id, before: { status: p.status }, after: { status: row.status }, detail: `发布 ${p.year} 年度评价计划「${p.name}」` });
  return (await toItems(db, session, [row]))[0];
}

// ---------- 考试计划的审核提示 ----------

/**
 * 机构的考试计划与考试开始日期所在年度的已发布年度计划对照：没有该年度的计划、机构未列入、工种或等级不在计划内，
 * 各给一句提示（“；”连接）；都在则为空。只是提示，不挡提交与审核。
 */
export async function officialPlanWarning(db: Db, plan: { orgId: number; examStartDate: string; works: readonly { workCode: string; workName: string; level: number }[] }): Promise<string | null> {
  const year = Number(plan.examStartDate.slice(0, 4));
  const [official] = await db
    .select()
    .from(officialPlans)
    .where(and(eq(officialPlans.year, year), eq(officialPlans.status, OFFICIAL_STATUS.PUBLISHED)))
    .limit(1);
  if (!official) return `${year} 年度没有已发布的年度评价计划`;
  const reasons: string[] = [];
  const [listed] = await db
    .select({ id: officialPlanOrgs.id })
    .from(officialPlanOrgs)
    .where(and(eq(officialPlanOrgs.planId, official.id), eq(officialPlanOrgs.orgId, plan.orgId)));
  if (!listed) reasons.push(`机构未列入 ${year} 年度评价计划`);
  const jobs = await db.select().from(officialPlanJobs).where(eq(officialPlanJobs.planId, official.id));
  const levelsOf = new Map(jobs.map((j) => [j.workCode, j.levels]));
  const outside = plan.works.filter((w) => !levelsOf.get(w.workCode)?.includes(w.level)).map((w) => `${w.workName}（${LEVEL_NAMES[w.level] ?? w.level}）`);
  if (outside.length) reasons.push(`工种不在 ${year} 年度评价计划内：${[...new Set(outside)].join('、')}`);
  return reasons.length ? reasons.join('；') : null;
}

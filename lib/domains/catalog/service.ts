// 职业工种目录：职业、工种、等级与申报条件的维护与各处查询。目录全省统一，不按数据范围过滤；
// 涉及机构的查询（开展某工种的机构、已备案/已开展的工种）按会话的数据范围过滤。
// 机构开展的工种取自机构域的 organisation_work（按工种编码关联）。
import { and, asc, count, eq, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/platform/db/client';
import { fetchPage } from '@/lib/platform/db/paged';
import { isUniqueViolation } from '@/lib/platform/db/save-row';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import type { Session, SessionUser } from '@/lib/platform/auth/session';
import { assertInScope, scopeWhere } from '@/lib/platform/auth/scope';
import { exportXlsx, keysetBatches } from '@/lib/platform/excel/export';
import { organisations, organisationWorks } from '../org/tables';
import { baseJobs, baseJobSpecialSkills, baseWorkLevels, baseWorks } from './tables';
import {
  JOB_CATEGORIES,
  LEVEL_NAMES,
  LIMIT_TYPES,
  STATUS_NAMES,
  type JobItem,
  type JobListInput,
  type JobSaveInput,
  type LevelRestrictionsInput,
  type WorkItem,
  type WorkLevelItem,
  type WorkListInput,
  type WorkOption,
} from './schemas';
import { containsPattern } from '@/lib/platform/db/like';


const like = containsPattern;

/** 新开设等级的默认申报条件（国家职业技能标准的通行写法；可在“等级条件”中修改） */
export function defaultRestriction(levelCode: number, lowest: boolean): Omit<WorkLevelItem, 'levelName' | 'limitTypeName' | 'levelCode'> {
  if (lowest) {
    const years = { 5: 1, 4: 6, 3: 10, 2: 13, 1: 17 }[levelCode] ?? 1;
    return {
      limitType: 1,
      minYears: years,
      prereqLevel: null,
      prereqYears: null,
      requirement:
        levelCode === 5
          ? '累计从事本职业或相关职业工作 1 年（含）以上；或本职业或相关职业学徒期满。'
          : `累计从事本职业或相关职业工作 ${years} 年（含）以上。`,
    };
  }
  const prereq = levelCode + 1;
  const prereqYears = { 4: 4, 3: 5, 2: 4, 1: 4 }[levelCode] ?? 4;
  const minYears = levelCode === 4 ? 6 : null;
  return {
    limitType: 2,
    minYears,
    prereqLevel: prereq,
    prereqYears,
    requirement:
      `取得本职业或相关职业${LEVEL_NAMES[prereq]}职业资格证书（技能等级证书）后，累计从事本职业或相关职业工作 ${prereqYears} 年（含）以上` +
      (minYears ? `；或累计从事本职业或相关职业工作 ${minYears} 年（含）以上。` : '。'),
  };
}

const levelItem = (l: typeof baseWorkLevels.$inferSelect): WorkLevelItem => ({
  levelCode: l.levelCode,
  levelName: LEVEL_NAMES[l.levelCode],
  limitType: l.limitType,
  limitTypeName: LIMIT_TYPES[l.limitType],
  minYears: l.minYears,
  prereqLevel: l.limitType === 2 ? l.prereqLevel : null,
  prereqYears: l.limitType === 2 ? l.prereqYears : null,
  requirement: l.requirement,
});

/** 工种编码 → 开展它的机构数（可限定数据范围） */
export async function orgCountsByWork(db: Db, codes: string[], scope?: SQL): Promise<Map<string, number>> {
  if (!codes.length) return new Map();
  const rows = await db
    .select({ code: organisationWorks.workCode, n: count() })
    .from(organisationWorks)
    .innerJoin(organisations, eq(organisations.id, organisationWorks.orgId))
    .where(and(inArray(organisationWorks.workCode, codes), scope))
    .groupBy(organisationWorks.workCode);
  return new Map(rows.map((r) => [r.code, Number(r.n)]));
}

/** 一批职业的工种（含等级与开展机构数），一次查询工种、一次查询等级、一次统计机构 */
async function worksOfJobs(db: Db, jobIds: number[]): Promise<Map<number, WorkItem[]>> {
  const out = new Map<number, WorkItem[]>();
  if (!jobIds.length) return out;
  const works = await db.select().from(baseWorks).where(inArray(baseWorks.jobId, jobIds)).orderBy(asc(baseWorks.code));
  const workIds = works.map((w) => w.id);
  const [levels, orgCounts] = await Promise.all([
    workIds.length ? db.select().from(baseWorkLevels).where(inArray(baseWorkLevels.workId, workIds)).orderBy(sql`${baseWorkLevels.levelCode} desc`) : [],
    orgCountsByWork(
      db,
      works.map((w) => w.code),
    ),
  ]);
  const levelsOf = new Map<number, WorkLevelItem[]>();
  for (const l of levels) levelsOf.set(l.workId, [...(levelsOf.get(l.workId) ?? []), levelItem(l)]);
  for (const w of works) {
    const item: WorkItem = {
      id: w.id,
      jobId: w.jobId,
      code: w.code,
      name: w.name,
      status: w.status,
      statusName: STATUS_NAMES[w.status],
      skillStandardUrl: w.skillStandardUrl,
      levels: levelsOf.get(w.id) ?? [],
      orgCount: orgCounts.get(w.code) ?? 0,
    };
    out.set(w.jobId, [...(out.get(w.jobId) ?? []), item]);
  }
  return out;
}

const jobItem = (j: typeof baseJobs.$inferSelect, works: WorkItem[]): JobItem => ({
  id: j.id,
  code: j.code,
  name: j.name,
  category: j.category,
  categoryName: JOB_CATEGORIES[j.category],
  description: j.description,
  status: j.status,
  statusName: STATUS_NAMES[j.status],
  works,
  updatedAt: j.updatedAt.toISOString(),
});

function jobFilter(f: z.output<typeof JobListInput>): SQL | undefined {
  const conds: SQL[] = [];
  if (f.keyword) {
    const k = like(f.keyword);
    const workMatch = sql`exists (select 1 from ${baseWorks} where ${baseWorks.jobId} = ${baseJobs.id} and (${baseWorks.name} ilike ${k} or ${baseWorks.code} ilike ${k}))`;
    conds.push(or(ilike(baseJobs.name, k), ilike(baseJobs.code, k), workMatch)!);
  }
  if (f.category !== undefined) conds.push(eq(baseJobs.category, f.category));
  if (f.status !== undefined) conds.push(eq(baseJobs.status, f.status));
  return conds.length ? and(...conds) : undefined;
}
export async function listJobs(db: Db, filter: z.output<typeof JobListInput>, page: Page): Promise<PageResult<JobItem>> {
  const where = jobFilter(filter);
  const { list: rows, total } = await fetchPage(
    page,
    db.select().from(baseJobs).where(where).orderBy(asc(baseJobs.code)),
    db.select({ total: count() }).from(baseJobs).where(where),
  );
  const works = await worksOfJobs(
    db,
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => jobItem(r, works.get(r.id) ?? [])), total: Number(total) };
}

/** 导出：职业 × 工种一行，按编码分批读取 */
async function jobExportBatch(db: Db, filter: z.output<typeof JobListInput>, afterCode: string | null, limit: number) {
  const jobs = await db
    .select()
    .from(baseJobs)
    .where(and(jobFilter(filter), afterCode === null ? undefined : sql`${baseJobs.code} > ${afterCode}`))
    .orderBy(asc(baseJobs.code))
    .limit(limit);
  const works = await worksOfJobs(
    db,
    jobs.map((j) => j.id),
  );
  return jobs.map((j) => jobItem(j, works.get(j.id) ?? []));
}

export async function jobInfo(db: Db, ref: { id?: number; code?: string }): Promise<JobItem> {
  const [row] = await db
    .select()
    .from(baseJobs)
    .where(ref.id !== undefined ? eq(baseJobs.id, ref.id) : eq(baseJobs.code, ref.code!));
  if (!row) throw ApiError.notFound('职业不存在');
  const works = await worksOfJobs(db, [row.id]);
  return jobItem(row, works.get(row.id) ?? []);
}

/** 被机构使用的工种不能删除或改编码 */
async function refuseWorksInUse(db: Db, codes: string[], action: string): Promise<void> {
  const used = await orgCountsByWork(db, codes);
  if (!used.size) return;
  const [[code, n]] = [...used];
  const [work] = await db.select({ name: baseWorks.name }).from(baseWorks).where(eq(baseWorks.code, code));
  throw ApiError.conflict(`工种「${work?.name ?? code}」（${code}）已有 ${n} 家机构开展，不能${action}${used.size > 1 ? `（共 ${used.size} 个工种在用）` : ''}`);
}

/** 新增或修改职业及其工种与等级（工种整体替换；在用的工种不能去掉，等级条件保留已有的） */
/** 职业编码与工种编码没有被别的职业占用；否则 409 并说出被谁占用 */
async function assertCodesFree(db: Db, input: z.output<typeof JobSaveInput>): Promise<void> {
  const [dupJob] = await db
    .select({ id: baseJobs.id, name: baseJobs.name })
    .from(baseJobs)
    .where(and(eq(baseJobs.code, input.code), input.id !== undefined ? ne(baseJobs.id, input.id) : undefined));
  if (dupJob) throw ApiError.conflict(`职业编码 ${input.code} 已存在（${dupJob.name}）`);
  const taken = await db
    .select({ code: baseWorks.code, jobName: baseJobs.name })
    .from(baseWorks)
    .innerJoin(baseJobs, eq(baseJobs.id, baseWorks.jobId))
    .where(and(inArray(baseWorks.code, input.works.map((w) => w.code)), input.id !== undefined ? ne(baseWorks.jobId, input.id) : undefined));
  if (taken.length) throw ApiError.conflict(`工种编码 ${taken[0].code} 已属于职业「${taken[0].jobName}」`);
}

export async function saveJob(db: Db, _session: Session, input: z.output<typeof JobSaveInput>, audit: Audit): Promise<JobItem> {
  const before = input.id !== undefined ? await jobInfo(db, { id: input.id }) : null;
  await assertCodesFree(db, input);
  const codes = input.works.map((w) => w.code);
  if (before) {
    const dropped = before.works.map((w) => w.code).filter((c) => !codes.includes(c));
    await refuseWorksInUse(db, dropped, '删除或修改编码');
  }

  let jobId: number;
  try {
    jobId = await db.transaction(async (tx) => {
      const values = { code: input.code, name: input.name, category: Number(input.code[0]), description: input.description || null, status: input.status };
      let id: number;
      if (input.id !== undefined) {
        await tx.update(baseJobs).set({ ...values, updatedAt: new Date() }).where(eq(baseJobs.id, input.id));
        id = input.id;
      } else {
        [{ id }] = await tx.insert(baseJobs).values(values).returning({ id: baseJobs.id });
      }
      const existing = await tx.select({ id: baseWorks.id, code: baseWorks.code }).from(baseWorks).where(eq(baseWorks.jobId, id));
      const gone = existing.filter((w) => !codes.includes(w.code)).map((w) => w.id);
      if (gone.length) await tx.delete(baseWorks).where(inArray(baseWorks.id, gone));
      for (const w of input.works) {
        // 只改本职业的工种：同一编码若刚被另一职业同时建出，不更新它（不返回行），整个保存回滚
        const [saved] = await tx
          .insert(baseWorks)
          .values({ jobId: id, code: w.code, name: w.name, status: w.status, skillStandardUrl: w.skillStandardUrl || null })
          .onConflictDoUpdate({
            target: baseWorks.code,
            set: { name: w.name, status: w.status, skillStandardUrl: w.skillStandardUrl || null, updatedAt: new Date() },
            setWhere: eq(baseWorks.jobId, id),
          })
          .returning({ workId: baseWorks.id });
        if (!saved) throw new CodeTakenMeanwhile();
        await setWorkLevels(tx, saved.workId, w.levels);
      }
      return id;
    });
  } catch (err) {
    // 检查之后、写入之前，同样的编码被同时提交的另一次保存占用了：再查一次，给出与检查相同的具体提示
    if (!(err instanceof CodeTakenMeanwhile) && !isUniqueViolation(err)) throw err;
    await assertCodesFree(db, input);
    throw ApiError.conflict('职业或工种编码刚被同时提交的另一次保存占用，请刷新后重试');
  }
  const after = await jobInfo(db, { id: jobId });
  audit({ entity: 'base_job', entityId: jobId, before, after, detail: `${before ? '修改' : '新增'}职业 ${after.code} ${after.name}（${after.works.length} 个工种）` });
  return after;
}

/** 工种编码在检查之后被另一职业占用（upsert 没有更新别人的行） */
class CodeTakenMeanwhile extends Error {}

/** 设置工种开设的等级：去掉不在列表的，新增的按默认申报条件 */
async function setWorkLevels(tx: Db, workId: number, levels: number[]): Promise<void> {
  await tx.delete(baseWorkLevels).where(and(eq(baseWorkLevels.workId, workId), sql`${baseWorkLevels.levelCode} not in ${levels}`));
  const lowest = Math.max(...levels);
  await tx
    .insert(baseWorkLevels)
    .values(levels.map((levelCode) => ({ workId, levelCode, ...defaultRestriction(levelCode, levelCode === lowest) })))
    .onConflictDoNothing();
}

export async function removeJobs(db: Db, _session: Session, ids: number[], audit: Audit): Promise<{ removed: number }> {
  const jobs = await db.select().from(baseJobs).where(inArray(baseJobs.id, ids));
  if (jobs.length !== new Set(ids).size) throw ApiError.notFound('职业不存在');
  const works = await db.select({ code: baseWorks.code }).from(baseWorks).where(inArray(baseWorks.jobId, ids));
  await refuseWorksInUse(
    db,
    works.map((w) => w.code),
    '删除',
  );
  await db.delete(baseJobs).where(inArray(baseJobs.id, ids));
  for (const j of jobs) audit({ entity: 'base_job', entityId: j.id, before: j, detail: `删除职业 ${j.code} ${j.name}` });
  return { removed: jobs.length };
}

export async function saveLevelRestrictions(db: Db, _session: Session, input: z.output<typeof LevelRestrictionsInput>, audit: Audit): Promise<WorkLevelItem[]> {
  const work = await workByCode(db, input.workCode);
  const before = await db.select().from(baseWorkLevels).where(eq(baseWorkLevels.workId, work.id));
  const have = new Set(before.map((l) => l.levelCode));
  const missing = input.levels.filter((l) => !have.has(l.levelCode));
  if (missing.length) throw ApiError.badRequest(`工种「${work.name}」没有开设${missing.map((l) => LEVEL_NAMES[l.levelCode]).join('、')}，请先在职业中添加该等级`);
  await db.transaction(async (tx) => {
    for (const l of input.levels) {
      await tx
        .update(baseWorkLevels)
        .set({
          limitType: l.limitType,
          minYears: l.limitType === 0 ? null : (l.minYears ?? null),
          prereqLevel: l.limitType === 2 ? l.levelCode + 1 : null,
          prereqYears: l.limitType === 2 ? (l.prereqYears ?? null) : null,
          requirement: l.requirement || null,
          updatedAt: new Date(),
        })
        .where(and(eq(baseWorkLevels.workId, work.id), eq(baseWorkLevels.levelCode, l.levelCode)));
    }
  });
  const after = await levelsOfWork(db, work.id);
  audit({ entity: 'base_work_level', entityId: work.id, before: before.map(levelItem), after, detail: `修改工种 ${work.code} ${work.name} 的等级申报条件` });
  return after;
}

async function levelsOfWork(db: Db, workId: number): Promise<WorkLevelItem[]> {
  const rows = await db.select().from(baseWorkLevels).where(eq(baseWorkLevels.workId, workId)).orderBy(sql`${baseWorkLevels.levelCode} desc`);
  return rows.map(levelItem);
}

export async function workByCode(db: Db, code: string) {
  const [row] = await db
    .select({ id: baseWorks.id, code: baseWorks.code, name: baseWorks.name, status: baseWorks.status, skillStandardUrl: baseWorks.skillStandardUrl, jobCode: baseJobs.code, jobName: baseJobs.name })
    .from(baseWorks)
    .innerJoin(baseJobs, eq(baseJobs.id, baseWorks.jobId))
    .where(eq(baseWorks.code, code));
  if (!row) throw ApiError.notFound(`工种 ${code} 不存在`);
  return row;
}

export async function workDetail(db: Db, code: string) {
  const w = await workByCode(db, code);
  return { ...w, statusName: STATUS_NAMES[w.status], levels: await levelsOfWork(db, w.id) };
}

export async function workLevelDetail(db: Db, workCode: string, levelCode: number): Promise<WorkLevelItem & { workCode: string; workName: string }> {
  const w = await workByCode(db, workCode);
  const [row] = await db
    .select()
    .from(baseWorkLevels)
    .where(and(eq(baseWorkLevels.workId, w.id), eq(baseWorkLevels.levelCode, levelCode)));
  if (!row) throw ApiError.notFound(`工种「${w.name}」没有开设${LEVEL_NAMES[levelCode]}`);
  return { workCode: w.code, workName: w.name, ...levelItem(row) };
}

export async function workLevelRequirements(db: Db, workCode: string, levelCode?: number) {
  const w = await workByCode(db, workCode);
  const levels = await levelsOfWork(db, w.id);
  const list = levelCode === undefined ? levels : levels.filter((l) => l.levelCode === levelCode);
  if (levelCode !== undefined && !list.length) throw ApiError.notFound(`工种「${w.name}」没有开设${LEVEL_NAMES[levelCode]}`);
  return list.map((l) => ({ workCode: w.code, workName: w.name, ...l }));
}

// ---------- 工种列表与各下拉 ----------

/** 工种 + 所属职业，按工种编码排序 */
const workRows = (db: Db, where: SQL | undefined) =>
  db
    .select({ id: baseWorks.id, workCode: baseWorks.code, workName: baseWorks.name, jobCode: baseJobs.code, jobName: baseJobs.name })
    .from(baseWorks)
    .innerJoin(baseJobs, eq(baseJobs.id, baseWorks.jobId))
    .where(where)
    .orderBy(asc(baseWorks.code));

/** 工种 + 所属职业 + 开设等级（不分页） */
async function workOptions(db: Db, where: SQL | undefined): Promise<WorkOption[]> {
  return withLevels(db, await workRows(db, where));
}

/** 补上各工种开设的等级 */
async function withLevels(db: Db, rows: Awaited<ReturnType<typeof workRows>>): Promise<WorkOption[]> {
  const levels = rows.length
    ? await db
        .select({ workId: baseWorkLevels.workId, levelCode: baseWorkLevels.levelCode })
        .from(baseWorkLevels)
        .where(
          inArray(
            baseWorkLevels.workId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const levelsOf = new Map<number, number[]>();
  for (const l of levels) levelsOf.set(l.workId, [...(levelsOf.get(l.workId) ?? []), l.levelCode]);
  return rows.map(({ id, ...r }) => ({ ...r, levels: (levelsOf.get(id) ?? []).sort((a, b) => b - a) }));
}

function workFilter(f: z.output<typeof WorkListInput>): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (f.keyword) {
    const k = like(f.keyword);
    conds.push(or(ilike(baseWorks.name, k), ilike(baseWorks.code, k), ilike(baseJobs.name, k)));
  }
  if (f.jobCode) conds.push(eq(baseJobs.code, f.jobCode));
  if (f.jobId !== undefined) conds.push(eq(baseWorks.jobId, f.jobId));
  if (f.status !== undefined) conds.push(eq(baseWorks.status, f.status));
  return and(...conds);
}

/** 工种分页（工种选择器） */
export async function pageWorks(db: Db, filter: z.output<typeof WorkListInput>, page: Page): Promise<PageResult<WorkOption>> {
  const where = workFilter(filter);
  return fetchPage(
    page,
    workRows(db, where),
    db.select({ total: count() }).from(baseWorks).innerJoin(baseJobs, eq(baseJobs.id, baseWorks.jobId)).where(where),
    (rows) => withLevels(db, rows),
  );
}

/** 全部启用的工种（可按职业、关键字） */
export function allWorks(db: Db, filter: { jobCode?: string; keyword?: string } = {}): Promise<WorkOption[]> {
  return workOptions(db, and(eq(baseWorks.status, 0), eq(baseJobs.status, 0), workFilter(filter)));
}

export async function allJobs(db: Db, keyword?: string) {
  const rows = await db
    .select({ id: baseJobs.id, code: baseJobs.code, name: baseJobs.name, category: baseJobs.category })
    .from(baseJobs)
    .where(and(eq(baseJobs.status, 0), keyword ? or(ilike(baseJobs.name, like(keyword)), ilike(baseJobs.code, like(keyword))) : undefined))
    .orderBy(asc(baseJobs.code));
  return rows.map((r) => ({ ...r, categoryName: JOB_CATEGORIES[r.category] }));
}

/** 职业及其工种的树（级联选择用） */
export async function allJobTree(db: Db) {
  const [jobs, works] = await Promise.all([allJobs(db), allWorks(db)]);
  const worksOf = new Map<string, WorkOption[]>();
  for (const w of works) worksOf.set(w.jobCode, [...(worksOf.get(w.jobCode) ?? []), w]);
  return jobs.map((j) => ({ ...j, works: worksOf.get(j.code) ?? [] }));
}

const levelOptions = (codes: Iterable<number>) =>
  [...new Set(codes)].sort((a, b) => b - a).map((levelCode) => ({ levelCode, levelName: LEVEL_NAMES[levelCode] }));

/** 工种开设的等级；不指定工种时为全部五个等级 */
export async function allWorkLevels(db: Db, workCode?: string) {
  if (!workCode) return levelOptions([5, 4, 3, 2, 1]);
  const w = await workByCode(db, workCode);
  return (await levelsOfWork(db, w.id)).map((l) => ({ levelCode: l.levelCode, levelName: l.levelName }));
}

// ---------- 机构开展的工种 ----------

/** 会话范围内的机构条件：机构用户为本机构，市级为本市，省级不限 */
const orgScope = (user: SessionUser) => scopeWhere(user, { cityId: organisations.cityId, orgId: organisations.id });

/** 范围内机构开展的工种（可限定某机构）。目前备案数据尚未建立，“已备案”以机构开展的工种（organisation_work）为准。 */
async function filledWorkOptions(db: Db, user: SessionUser, orgId?: number): Promise<WorkOption[]> {
  // 机构用户只看本机构，传入的机构不起作用
  if (user.level === 'org') orgId = undefined;
  const scoped = db
    .select({ code: organisationWorks.workCode })
    .from(organisationWorks)
    .innerJoin(organisations, eq(organisations.id, organisationWorks.orgId))
    .where(and(orgScope(user), orgId !== undefined ? eq(organisationWorks.orgId, orgId) : undefined));
  return workOptions(db, inArray(baseWorks.code, scoped));
}

export async function filledWorks(db: Db, user: SessionUser, orgId?: number) {
  return filledWorkOptions(db, user, orgId);
}

export async function filledJobs(db: Db, user: SessionUser, orgId?: number) {
  const works = await filledWorkOptions(db, user, orgId);
  const seen = new Map<string, { code: string; name: string }>();
  for (const w of works) if (!seen.has(w.jobCode)) seen.set(w.jobCode, { code: w.jobCode, name: w.jobName });
  return [...seen.values()];
}

export async function filledWorkLevels(db: Db, user: SessionUser, orgId?: number) {
  const works = await filledWorkOptions(db, user, orgId);
  return levelOptions(works.flatMap((w) => w.levels));
}

/** 开展某工种的机构（数据范围内） */
export async function orgsByWorkCode(db: Db, user: SessionUser, workCode: string, page: Page) {
  const work = await workByCode(db, workCode);
  const where = and(eq(organisationWorks.workCode, workCode), orgScope(user));
  const base = () => db.select().from(organisationWorks).innerJoin(organisations, eq(organisations.id, organisationWorks.orgId));
  const { list: rows, total } = await fetchPage(
    page,
    base().where(where).orderBy(asc(organisations.code)),
    db.select({ total: count() }).from(organisationWorks).innerJoin(organisations, eq(organisations.id, organisationWorks.orgId)).where(where),
  );
  return {
    work: { code: work.code, name: work.name },
    list: rows.map(({ organisation: o, organisation_work: ow }) => ({
      orgId: o.id,
      orgCode: o.code,
      orgName: o.name,
      orgType: o.orgType,
      cityId: o.cityId,
      since: ow.createdAt.toISOString(),
    })),
    total: Number(total),
  };
}

/** 机构列表及各自开展的工种数（数据范围内） */
export async function orgWorkCounts(db: Db, user: SessionUser, orgName: string | undefined, page: Page) {
  const where = and(orgScope(user), orgName ? ilike(organisations.name, like(orgName)) : undefined);
  const n = sql<number>`(select count(*)::int from ${organisationWorks} where ${organisationWorks.orgId} = ${organisations.id})`;
  const { list: list, total } = await fetchPage(
    page,
    db
      .select({ orgId: organisations.id, orgCode: organisations.code, orgName: organisations.name, orgType: organisations.orgType, cityId: organisations.cityId, workCount: n })
      .from(organisations)
      .where(where)
      .orderBy(asc(organisations.code)),
    db.select({ total: count() }).from(organisations).where(where),
  );
  return { list, total: Number(total) };
}

/** 机构开展的工种及其等级；机构用户只能看本机构，其他用户须指定范围内的机构 */
export async function orgWorkLevels(db: Db, user: SessionUser, orgId?: number) {
  const id = user.level === 'org' ? user.orgId : orgId;
  if (id === null || id === undefined) throw ApiError.badRequest('请选择机构');
  const [org] = await db.select({ id: organisations.id, name: organisations.name, cityId: organisations.cityId }).from(organisations).where(eq(organisations.id, id));
  assertInScope(user, org && { ...org, orgId: org.id }, '机构');
  const works = await workOptions(db, inArray(baseWorks.code, db.select({ code: organisationWorks.workCode }).from(organisationWorks).where(eq(organisationWorks.orgId, id))));
  return { orgId: id, orgName: org.name, works: works.map((w) => ({ ...w, levelList: levelOptions(w.levels) })) };
}

/** 某年度本机构可开展的工种：该年末之前已开展的启用工种；非机构用户为全部启用工种 */
export async function worksByUserAndYear(db: Db, user: SessionUser, year: number): Promise<WorkOption[]> {
  if (user.level !== 'org' || user.orgId === null) return allWorks(db);
  const yearEnd = new Date(`${year + 1}-01-01T00:00:00+08:00`);
  const codes = db
    .select({ code: organisationWorks.workCode })
    .from(organisationWorks)
    .where(and(eq(organisationWorks.orgId, user.orgId), lte(organisationWorks.createdAt, yearEnd)));
  return workOptions(db, and(inArray(baseWorks.code, codes), eq(baseWorks.status, 0)));
}

export async function skillStandardOutline(db: Db, code: string) {
  const w = await workByCode(db, code);
  if (!w.skillStandardUrl) throw ApiError.notFound(`工种「${w.name}」尚未上传技能标准大纲`);
  return { workCode: w.code, workName: w.name, url: w.skillStandardUrl };
}

/** 工种各等级的申报限制类型 */
export async function limitTypes(db: Db, code: string) {
  const w = await workByCode(db, code);
  const levels = await levelsOfWork(db, w.id);
  return levels.map((l) => ({
    levelCode: l.levelCode,
    levelName: l.levelName,
    limitType: l.limitType,
    limitTypeName: l.limitTypeName,
    minYears: l.minYears,
    prereqLevel: l.prereqLevel,
    prereqYears: l.prereqYears,
  }));
}

export async function specialSkills(db: Db, keyword?: string) {
  return db
    .select({ id: baseJobSpecialSkills.id, code: baseJobSpecialSkills.code, name: baseJobSpecialSkills.name, description: baseJobSpecialSkills.description, jobCode: baseJobs.code, jobName: baseJobs.name })
    .from(baseJobSpecialSkills)
    .leftJoin(baseJobs, eq(baseJobs.id, baseJobSpecialSkills.jobId))
    .where(and(eq(baseJobSpecialSkills.status, 0), keyword ? or(ilike(baseJobSpecialSkills.name, like(keyword)), ilike(baseJobSpecialSkills.code, like(keyword))) : undefined))
    .orderBy(asc(baseJobSpecialSkills.code));
}

interface ExportRow {
  job: JobItem;
  work: WorkItem | null;
}

/** 导出：每个工种一行（没有工种的职业也占一行），按职业编码的键集分批读取 */
export function exportJobs(db: Db, filter: z.output<typeof JobListInput>) {
  async function* rows(): AsyncGenerator<ExportRow> {
    for await (const job of keysetBatches((last: string | null, limit) => jobExportBatch(db, filter, last, limit), (j) => j.code, 200)) {
      if (!job.works.length) yield { job, work: null };
      for (const work of job.works) yield { job, work };
    }
  }
  return exportXlsx<ExportRow>({
    sheetName: '职业工种',
    columns: [
      { header: '大类', width: 14, format: (_v, r) => r.job.categoryName },
      { header: '职业编码', width: 14, format: (_v, r) => r.job.code },
      { header: '职业名称', width: 18, format: (_v, r) => r.job.name },
      { header: '工种编码', width: 16, format: (_v, r) => r.work?.code },
      { header: '工种名称', width: 18, format: (_v, r) => r.work?.name },
      { header: '等级', width: 40, format: (_v, r) => r.work?.levels.map((l) => l.levelName).join('、') },
      { header: '开展机构数', width: 12, format: (_v, r) => r.work?.orgCount },
      { header: '状态', width: 8, format: (_v, r) => (r.work ?? r.job).statusName },
    ],
    rows: rows(),
  });
}

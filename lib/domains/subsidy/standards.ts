// 补贴标准（TrainTypeSubsidy、TrainWorkSubsidy、生活交通补贴的日标准）：按市、按年度、有有效期、分版本。
// 同一市同一对象（培训类型 / 工种 × 等级 / 人员类别）的各版本有效期不重叠；被申请用过的版本不能改也不能删，只能新建下一版。
import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { assertInScope, scopeWhere } from '@/lib/platform/auth/scope';
import { can, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { beijingDate } from '@/lib/platform/time';
import { fetchPage } from '@/lib/platform/db/paged';
import { withUniqueMessage } from '@/lib/platform/db/save-row';
import { areas } from '@/lib/domains/area/tables';
import { baseWorks } from '@/lib/domains/catalog/tables';
import { LEVEL_NAMES } from '@/lib/domains/catalog/schemas';
import { dictItems } from '@/lib/domains/dict/tables';
import { DICT } from '@/lib/domains/dict/codes';
import { trainClasses } from '@/lib/domains/trainClass/tables';
import { subsidyApplies, subsidyItems, subsidyStandards, type SubsidyStandard } from './tables';
import { STANDARD_KIND_LABEL, SUBSIDY_GROUP_DICT, type StandardItem, type StandardKind, type StandardSave } from './schemas';

export const STANDARD_RESOURCE: Record<StandardKind, string> = { type: 'trainTypeSubsidy', work: 'trainWorkSubsidy', living: 'trainTypeSubsidy' };

const dayBefore = (d: string) => beijingDate(new Date(`${d}T12:00:00+08:00`), -1);

/** 标准属于哪个市：市级只能是本市，省级须指定 */
function cityOf(user: SessionUser, cityId: number | undefined): number {
  if (user.level === 'city') {
    if (cityId !== undefined && cityId !== user.cityId) throw ApiError.notFound('市不存在或不在您的管辖范围内');
    return user.cityId!;
  }
  if (user.level === 'province') {
    if (cityId === undefined) throw ApiError.badRequest('请选择适用的市', { cityId: '请选择适用的市' });
    return cityId;
  }
  throw ApiError.forbidden('补贴标准由省级或市级管理员制定');
}

async function dictLabel(db: Db, type: string, value: string): Promise<string | null> {
  const [row] = await db.select({ label: dictItems.label }).from(dictItems).where(and(eq(dictItems.typeCode, type), eq(dictItems.value, value), eq(dictItems.status, 0)));
  return row?.label ?? null;
}

/** 标准的对象：培训类型 / 工种:等级 / 人员类别，校验并给出显示名 */
async function subjectOf(db: Db, input: StandardSave): Promise<{ subject: string; values: Partial<SubsidyStandard> }> {
  switch (input.kind) {
    case 'type': {
      if (!input.trainType) throw ApiError.badRequest('请选择培训类型', { trainType: '请选择培训类型' });
      if (!(await dictLabel(db, DICT.TRAIN_TYPE, input.trainType))) throw ApiError.badRequest('培训类型不存在', { trainType: '培训类型不存在' });
      return { subject: input.trainType, values: { trainType: input.trainType, workCode: null, workName: null, level: null, groupCode: null } };
    }
    case 'work': {
      if (!input.workCode) throw ApiError.badRequest('请选择工种', { workCode: '请选择工种' });
      if (!input.level) throw ApiError.badRequest('请选择等级', { level: '请选择等级' });
      const [w] = await db.select({ name: baseWorks.name }).from(baseWorks).where(eq(baseWorks.code, input.workCode));
      if (!w) throw ApiError.badRequest(`工种 ${input.workCode} 不在职业目录中`, { workCode: '工种不存在' });
      return { subject: `${input.workCode}:${input.level}`, values: { trainType: null, workCode: input.workCode, workName: w.name, level: input.level, groupCode: null } };
    }
    case 'living': {
      if (!input.groupCode) throw ApiError.badRequest('请选择人员类别', { groupCode: '请选择人员类别' });
      if (!(await dictLabel(db, SUBSIDY_GROUP_DICT, input.groupCode))) throw ApiError.badRequest('人员类别不存在', { groupCode: '人员类别不存在' });
      return { subject: input.groupCode, values: { trainType: null, workCode: null, workName: null, level: null, groupCode: input.groupCode } };
    }
  }
}

/** 有几名学员的申请按这一版算了金额 */
export async function usesOf(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: subsidyItems.standardId, n: count() }).from(subsidyItems).where(inArray(subsidyItems.standardId, ids)).groupBy(subsidyItems.standardId);
  return new Map(rows.map((r) => [r.id!, Number(r.n)]));
}

async function assertNoOverlap(db: Db, s: { kind: string; cityId: number; subject: string; validFrom: string; validTo: string }, exceptId?: number) {
  const [other] = await db
    .select()
    .from(subsidyStandards)
    .where(
      and(
        eq(subsidyStandards.kind, s.kind),
        eq(subsidyStandards.cityId, s.cityId),
        eq(subsidyStandards.subject, s.subject),
        lte(subsidyStandards.validFrom, s.validTo),
        gte(subsidyStandards.validTo, s.validFrom),
        exceptId ? ne(subsidyStandards.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (other) throw ApiError.badRequest(`与已有的第 ${other.version} 版（${other.validFrom} 至 ${other.validTo}）有效期重叠；调整金额请在那一版上“新建版本”`);
}


async function loadStandard(db: Db, user: SessionUser, id: number): Promise<SubsidyStandard> {
  const [row] = await db.select().from(subsidyStandards).where(eq(subsidyStandards.id, id));
  return assertInScope(user, row, '补贴标准');
}

function assertPermission(session: Session, kind: StandardKind, action: 'add' | 'edit' | 'delete') {
  if (!can(session, `${STANDARD_RESOURCE[kind]}.${action}`)) throw ApiError.forbidden(`没有维护${STANDARD_KIND_LABEL[kind]}的权限`);
}

export async function listStandards(db: Db, session: Session, f: { kind: StandardKind; year?: number; cityId?: number; subject?: string }, page: Page): Promise<PageResult<StandardItem>> {
  const { user } = session;
  const where = and(
    eq(subsidyStandards.kind, f.kind),
    scopeWhere(user, { cityId: subsidyStandards.cityId }),
    f.year ? eq(subsidyStandards.year, f.year) : undefined,
    f.cityId ? eq(subsidyStandards.cityId, f.cityId) : undefined,
    f.subject ? eq(subsidyStandards.subject, f.subject) : undefined,
  );
  return fetchPage(
    page,
    db
      .select({ s: subsidyStandards, cityName: areas.name })
      .from(subsidyStandards)
      .leftJoin(areas, eq(areas.id, subsidyStandards.cityId))
      .where(where)
      .orderBy(desc(subsidyStandards.year), asc(subsidyStandards.cityId), asc(subsidyStandards.subject), desc(subsidyStandards.version)),
    db.select({ total: count() }).from(subsidyStandards).where(where),
    async (rows) => {
      const uses = await usesOf(db, rows.map((r) => r.s.id));
      const labels = await subjectLabels(db, f.kind, rows.map((r) => r.s));
      const latest = await latestVersions(db, rows.map((r) => r.s));
      const mayEdit = can(session, `${STANDARD_RESOURCE[f.kind]}.edit`);
      const mayDelete = can(session, `${STANDARD_RESOURCE[f.kind]}.delete`);
      const mayAdd = can(session, `${STANDARD_RESOURCE[f.kind]}.add`);
      const editor = user.level === 'province' || user.level === 'city';
      return rows.map(({ s, cityName }) => {
        const inUse = (uses.get(s.id) ?? 0) > 0;
        const actions: StandardItem['actions'] = [];
        if (editor && !inUse && mayEdit) actions.push('edit');
        if (editor && !inUse && mayDelete) actions.push('delete');
        if (editor && mayAdd && latest.get(`${s.kind}|${s.cityId}|${s.subject}`) === s.version) actions.push('newVersion');
        return {
          id: s.id,
          kind: s.kind as StandardKind,
          cityId: s.cityId,
          cityName: cityName ?? '',
          year: s.year,
          subject: s.subject,
          subjectName: labels.get(s.subject) ?? s.subject,
          trainType: s.trainType,
          workCode: s.workCode,
          workName: s.workName,
          level: s.level,
          groupCode: s.groupCode,
          amount: s.amount,
          minAttendance: s.minAttendance,
          validFrom: s.validFrom,
          validTo: s.validTo,
          version: s.version,
          inUse,
          remark: s.remark,
          actions,
        };
      });
    },
  );
}

async function subjectLabels(db: Db, kind: StandardKind, rows: SubsidyStandard[]): Promise<Map<string, string>> {
  if (kind === 'work') return new Map(rows.map((r) => [r.subject, `${r.workName ?? r.workCode}（${LEVEL_NAMES[r.level ?? 0] ?? r.level}）`]));
  const type = kind === 'type' ? DICT.TRAIN_TYPE : SUBSIDY_GROUP_DICT;
  const items = await db.select({ value: dictItems.value, label: dictItems.label }).from(dictItems).where(eq(dictItems.typeCode, type));
  return new Map(items.map((i) => [i.value, i.label]));
}

async function latestVersions(db: Db, rows: SubsidyStandard[]): Promise<Map<string, number>> {
  if (!rows.length) return new Map();
  const subjects = [...new Set(rows.map((r) => r.subject))];
  const found = await db
    .select({ kind: subsidyStandards.kind, cityId: subsidyStandards.cityId, subject: subsidyStandards.subject, v: sql<number>`max(${subsidyStandards.version})::int` })
    .from(subsidyStandards)
    .where(and(eq(subsidyStandards.kind, rows[0].kind), inArray(subsidyStandards.subject, subjects)))
    .groupBy(subsidyStandards.kind, subsidyStandards.cityId, subsidyStandards.subject);
  return new Map(found.map((r) => [`${r.kind}|${r.cityId}|${r.subject}`, Number(r.v)]));
}

/** 新增或修改（修改只限没被申请用过的版本） */
export async function saveStandard(db: Db, session: Session, input: StandardSave, audit: Audit) {
  const { user } = session;
  assertPermission(session, input.kind, input.id ? 'edit' : 'add');
  // 有效期（同一年度、不倒置）由 StandardSaveInput 校验
  const { subject, values } = await subjectOf(db, input);
  return db.transaction(async (tx) => {
    const now = new Date();
    if (input.id) {
      const before = await loadStandard(tx, user, input.id);
      if (before.kind !== input.kind) throw ApiError.badRequest('不能改变标准的种类');
      const used = (await usesOf(tx, [before.id])).get(before.id) ?? 0;
      if (used > 0) throw ApiError.badRequest(`该标准已被补贴申请使用（${used} 名学员），不能修改；调整金额请“新建版本”`);
      const cityId = cityOf(user, input.cityId ?? before.cityId);
      const row = { cityId, subject, ...values, year: Number(input.validFrom.slice(0, 4)), amount: input.amount, minAttendance: input.minAttendance ?? before.minAttendance, validFrom: input.validFrom, validTo: input.validTo, remark: input.remark };
      await assertNoOverlap(tx, { kind: before.kind, ...row }, before.id);
      const [after] = await withUniqueMessage('同一对象的这一版本已存在', () => tx.update(subsidyStandards).set({ ...row, updatedAt: now }).where(eq(subsidyStandards.id, before.id)).returning());
      audit({ entity: 'subsidy_standard', entityId: before.id, before, after, detail: `修改${STANDARD_KIND_LABEL[input.kind]}（第 ${before.version} 版）` });
      return { id: before.id };
    }
    const cityId = cityOf(user, input.cityId);
    const row = { kind: input.kind, cityId, subject, ...values, year: Number(input.validFrom.slice(0, 4)), amount: input.amount, minAttendance: input.minAttendance ?? 80, validFrom: input.validFrom, validTo: input.validTo, remark: input.remark };
    await assertNoOverlap(tx, row);
    const [{ v }] = await tx
      .select({ v: sql<number>`coalesce(max(${subsidyStandards.version}), 0)::int` })
      .from(subsidyStandards)
      .where(and(eq(subsidyStandards.kind, input.kind), eq(subsidyStandards.cityId, cityId), eq(subsidyStandards.subject, subject)));
    const [created] = await withUniqueMessage('同一对象的这一版本已存在，请刷新后重试', () => tx.insert(subsidyStandards).values({ ...row, version: Number(v) + 1, createdBy: user.id }).returning());
    audit({ entity: 'subsidy_standard', entityId: created.id, after: created, detail: `新增${STANDARD_KIND_LABEL[input.kind]}` });
    return { id: created.id };
  });
}

/** 新建下一版：上一版到新版生效的前一天为止（已按上一版申请的班级不受影响） */
export async function newStandardVersion(db: Db, session: Session, input: { id: number; amount: number; minAttendance?: number; validFrom: string; remark: string | null }, audit: Audit) {
  const { user } = session;
  return db.transaction(async (tx) => {
    const old = await loadStandard(tx, user, input.id);
    assertPermission(session, old.kind as StandardKind, 'add');
    cityOf(user, old.cityId);
    const [later] = await tx
      .select({ version: subsidyStandards.version })
      .from(subsidyStandards)
      .where(and(eq(subsidyStandards.kind, old.kind), eq(subsidyStandards.cityId, old.cityId), eq(subsidyStandards.subject, old.subject), sql`${subsidyStandards.version} > ${old.version}`))
      .limit(1);
    if (later) throw ApiError.badRequest(`已有更新的第 ${later.version} 版，请在最新一版上新建版本`);
    if (input.validFrom <= old.validFrom || input.validFrom > old.validTo) {
      throw ApiError.badRequest(`新版本的生效日期须在 ${old.validFrom} 之后、不晚于 ${old.validTo}`, { validFrom: '生效日期不在上一版的有效期内' });
    }
    // 已按上一版算过金额的班级：其结业日期须早于新版本的生效日期（不能溯及既往）
    const [used] = await tx
      .select({ endDate: sql<string>`max(${trainClasses.endDate})` })
      .from(subsidyItems)
      .innerJoin(subsidyApplies, eq(subsidyApplies.id, subsidyItems.applyId))
      .innerJoin(trainClasses, eq(trainClasses.id, subsidyApplies.classId))
      .where(eq(subsidyItems.standardId, old.id));
    if (used?.endDate && used.endDate >= input.validFrom) {
      throw ApiError.badRequest(`已有结业于 ${used.endDate} 的班级按第 ${old.version} 版申请了补贴，新版本的生效日期须晚于 ${used.endDate}（标准不溯及既往）`, { validFrom: `须晚于 ${used.endDate}` });
    }
    const now = new Date();
    await tx.update(subsidyStandards).set({ validTo: dayBefore(input.validFrom), updatedAt: now }).where(eq(subsidyStandards.id, old.id));
    const [created] = await tx
      .insert(subsidyStandards)
      .values({
        kind: old.kind,
        cityId: old.cityId,
        year: old.year,
        subject: old.subject,
        trainType: old.trainType,
        workCode: old.workCode,
        workName: old.workName,
        level: old.level,
        groupCode: old.groupCode,
        amount: input.amount,
        minAttendance: input.minAttendance ?? old.minAttendance,
        validFrom: input.validFrom,
        validTo: old.validTo,
        version: old.version + 1,
        previousId: old.id,
        remark: input.remark,
        createdBy: user.id,
      })
      .returning();
    audit({ entity: 'subsidy_standard', entityId: created.id, before: { id: old.id, validTo: old.validTo }, after: created, detail: `${STANDARD_KIND_LABEL[old.kind as StandardKind]}新建第 ${created.version} 版（${input.validFrom} 起 ${input.amount} 元）` });
    return { id: created.id, version: created.version };
  });
}

export async function deleteStandards(db: Db, session: Session, input: { ids: number[] }, audit: Audit) {
  const { user } = session;
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(subsidyStandards).where(inArray(subsidyStandards.id, input.ids));
    for (const id of input.ids) {
      const row = assertInScope(user, rows.find((r) => r.id === id), '补贴标准');
      assertPermission(session, row.kind as StandardKind, 'delete');
    }
    const uses = await usesOf(tx, input.ids);
    const used = rows.find((r) => (uses.get(r.id) ?? 0) > 0);
    if (used) throw ApiError.badRequest(`第 ${used.version} 版（${used.validFrom} 起）已被补贴申请使用，不能删除`);
    await tx.delete(subsidyStandards).where(inArray(subsidyStandards.id, input.ids));
    for (const r of rows) audit({ entity: 'subsidy_standard', entityId: r.id, before: r, detail: `删除${STANDARD_KIND_LABEL[r.kind as StandardKind]}（第 ${r.version} 版）` });
    return { count: rows.length };
  });
}

/** 一个班结业日期适用的标准：按 (kind, 市, 对象) 找有效期含该日期的版本 */
export async function standardsFor(db: Db, cityId: number | null, date: string, wanted: { kind: StandardKind; subject: string }[]): Promise<Map<string, SubsidyStandard>> {
  const out = new Map<string, SubsidyStandard>();
  if (cityId === null || !wanted.length) return out;
  const conds: SQL[] = wanted.map((w) => and(eq(subsidyStandards.kind, w.kind), eq(subsidyStandards.subject, w.subject))!);
  const rows = await db
    .select()
    .from(subsidyStandards)
    .where(and(eq(subsidyStandards.cityId, cityId), lte(subsidyStandards.validFrom, date), gte(subsidyStandards.validTo, date), sql`(${sql.join(conds, sql` or `)})`));
  for (const r of rows) out.set(`${r.kind}|${r.subject}`, r);
  return out;
}

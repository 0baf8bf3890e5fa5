// 人员库的业务规则：范围（机构管本机构、市管本市、省管全部）、同库身份证号唯一、性别与出生日期由身份证号推出、
// 停用的人不能再分派（assertAssignable）。三个库共用这些函数，按 library 区分。
import { and, asc, count, desc, eq, exists, gt, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { fetchPage } from '@/lib/platform/db/paged';
import { ApiError } from '@/lib/platform/api/errors';
import { withUniqueMessage } from '@/lib/platform/db/save-row';
import type { Ctx } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { inScope, scopeWhere } from '@/lib/platform/auth/scope';
import { can, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { formatBeijing } from '@/lib/platform/time';
import { beijingToday, keepIfMasked, maskMobile, parseIdNumber } from '@/lib/platform/identity';
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { canUnmask, unmaskedView } from '@/lib/domains/privacy/service';
import { ACCESS_ACTION, type AccessAction, type UnmaskRequest } from '@/lib/domains/privacy/schemas';
import { areas } from '@/lib/domains/area/tables';
import { organisations } from '@/lib/domains/org/tables';
import { baseJobs, baseWorkLevels, baseWorks } from '@/lib/domains/catalog/tables';
import { LEVEL_NAMES } from '@/lib/domains/catalog/schemas';
import { filings } from '@/lib/domains/filing/tables';
import { FILING_IN_FORCE } from '@/lib/domains/filing/transitions';
import { users } from '@/lib/domains/user/tables';
import { people, personAssignments, personCerts, personPhotos, personWorks, type Person } from './tables';
import {
  FILING_TYPES,
  hasAccounts,
  LIBRARY_NAMES,
  PERSON_ACTIONS,
  PERSON_STATE,
  statusPermission,
  PERSON_STATUS,
  type AssignmentItem,
  type Library,
  type PersonCertItem,
  type PersonDetail,
  type PersonFilter,
  type PersonAction,
  type PersonItem,
  type PersonSave,
  type PersonWorkItem,
} from './schemas';

export const STATUS_ACTIVE = PERSON_STATE.ACTIVE;
export const STATUS_STOPPED = PERSON_STATE.STOPPED;

export const FULL_ID_NUMBER = '请输入完整的身份证号';
export const FULL_MOBILE = '请输入完整的手机号';

/** 同库重复的统一消息 */
export const duplicateMessage = (library: Library) => `该身份证号已在${LIBRARY_NAMES[library]}库中`;

const scopeOf = (user: SessionUser) => scopeWhere(user, { cityId: people.cityId, countyId: people.countyId, orgId: people.orgId });

/** 列表里的身份证号脱敏：前 6 位与后 4 位 */
export function maskIdNumber(v: string): string {
  return v.length <= 10 ? v.slice(0, 2) + '*'.repeat(Math.max(0, v.length - 4)) + v.slice(-2) : v.slice(0, 6) + '*'.repeat(v.length - 10) + v.slice(-4);
}

function ageOf(birthDate: string | null): number | null {
  if (!birthDate) return null;
  const today = beijingToday();
  let age = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  if (today.slice(5) < birthDate.slice(5)) age--;
  return age;
}

// ---------- 查询 ----------

const itemColumns = {
  person: people,
  orgName: organisations.name,
  cityName: areas.name,
  hasPhoto: sql<boolean>`exists (select 1 from ${personPhotos} where ${personPhotos.personId} = ${people.id})`,
  accountName: users.account,
  accountRealName: users.realName,
};

function baseQuery(db: Db) {
  return db
    .select(itemColumns)
    .from(people)
    .leftJoin(organisations, eq(organisations.id, people.orgId))
    .leftJoin(areas, eq(areas.id, people.cityId))
    .leftJoin(users, eq(users.id, people.userId));
}

/** 判断当前用户有无某权限（行内操作用）；导出等不需要操作的场合用 noActions */
type Allowed = (permission: string) => boolean;
const noActions: Allowed = () => false;
const allowedBy = (session: Session): Allowed => (p) => can(session, p);

/**
 * 行内操作：考评员库、督导员库的人员可“绑定账号”（尚未绑定时）或“解除绑定”（已绑定时），权限为该库的 edit。
 * 考务人员库没有账号绑定。绑定与解除的规则在 ./accounts.ts。
 */
export function personActions(p: Pick<Person, 'library' | 'userId' | 'status'>, allowed: Allowed): PersonAction[] {
  const library = p.library as Library;
  const out: PersonAction[] = [];
  if (p.status === STATUS_ACTIVE && allowed(statusPermission(library, 'stop'))) out.push(PERSON_ACTIONS.STOP);
  if (p.status === STATUS_STOPPED && allowed(statusPermission(library, 'start'))) out.push(PERSON_ACTIONS.START);
  if (hasAccounts(library) && allowed(`${library}.edit`)) out.push(p.userId === null ? PERSON_ACTIONS.BIND_ACCOUNT : PERSON_ACTIONS.UNBIND_ACCOUNT);
  return out;
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

function filterWhere(user: SessionUser, library: Library, f: PersonFilter): SQL | undefined {
  const worksOf = (cond: SQL) => sql`exists (select 1 from ${personWorks} where ${personWorks.personId} = ${people.id} and ${cond})`;
  return and(
    eq(people.library, library),
    scopeOf(user),
    f.name ? ilike(people.name, `%${f.name}%`) : undefined,
    // 加密列只能按完整号码经盲索引精确查找
    f.idNumber ? eq(people.idNumberIndex, blindIndex('idNumber', f.idNumber)) : undefined,
    f.mobile ? eq(people.mobileIndex, blindIndex('mobile', f.mobile)) : undefined,
    f.orgId !== undefined ? eq(people.orgId, f.orgId) : undefined,
    f.cityId !== undefined ? eq(people.cityId, f.cityId) : undefined,
    f.status !== undefined ? eq(people.status, f.status) : undefined,
    f.workCode ? worksOf(sql`${personWorks.workCode} = ${f.workCode}`) : undefined,
    f.jobCode
      ? worksOf(
          sql`${personWorks.workCode} in (select ${baseWorks.code} from ${baseWorks} join ${baseJobs} on ${baseJobs.id} = ${baseWorks.jobId} where ${baseJobs.code} = ${f.jobCode})`,
        )
      : undefined,
  );
}

/** 一批人员的工种（连同工种名），按人员分组；避免逐行查询（考务的人员选择也用它显示工种名） */
export async function worksOf(db: Db, personIds: number[]): Promise<Map<number, PersonWorkItem[]>> {
  const map = new Map<number, PersonWorkItem[]>();
  if (!personIds.length) return map;
  const rows = await db
    .select({ id: personWorks.id, personId: personWorks.personId, workCode: personWorks.workCode, workName: baseWorks.name, levelCode: personWorks.levelCode })
    .from(personWorks)
    .leftJoin(baseWorks, eq(baseWorks.code, personWorks.workCode))
    .where(inArray(personWorks.personId, personIds))
    .orderBy(asc(personWorks.id));
  for (const r of rows) {
    const list = map.get(r.personId) ?? [];
    list.push({ id: r.id, workCode: r.workCode, workName: r.workName ?? r.workCode, levelCode: r.levelCode, levelName: LEVEL_NAMES[r.levelCode] });
    map.set(r.personId, list);
  }
  return map;
}

function toItem(r: Row, works: PersonWorkItem[], mask: boolean, allowed: Allowed): PersonItem {
  const p = r.person;
  return {
    id: p.id,
    library: p.library as Library,
    name: p.name,
    idNumber: mask ? maskIdNumber(p.idNumber) : p.idNumber,
    gender: p.gender,
    birthDate: p.birthDate,
    age: ageOf(p.birthDate),
    mobile: mask ? maskMobile(p.mobile) : p.mobile,
    orgId: p.orgId,
    orgName: r.orgName,
    cityId: p.cityId,
    cityName: r.cityName,
    workUnit: p.workUnit ?? r.orgName,
    post: p.post,
    education: p.education,
    title: p.title,
    filingType: p.filingType,
    filingTypeName: p.filingType ? FILING_TYPES[p.filingType] : null,
    status: p.status,
    statusName: PERSON_STATUS[p.status],
    stopReason: p.stopReason,
    remark: p.remark,
    hasPhoto: Boolean(r.hasPhoto),
    worksText: works.map((w) => `${w.workName}（${w.levelName}）`).join('、'),
    createTime: formatBeijing(p.createdAt),
    userId: p.userId,
    accountName: r.accountName,
    accountRealName: r.accountRealName,
    actions: personActions(p, allowed),
  };
}

/** 看全身份证号与手机号的请求（列表与导出）：须有 `<库>.unmask` 并给出理由，每次记访问日志 */
export interface PersonUnmask extends UnmaskRequest {
  unmask?: boolean;
  ip?: string | null;
}

/** 看全时经 unmaskedView（权限、理由、访问日志，与取数据同一事务之前）；返回是否脱敏 */
async function maskedUnless(db: Db, session: Session, library: Library, req: PersonUnmask, action: AccessAction, recordIds: number[], detail: string, audit: Ctx['audit']): Promise<boolean> {
  if (!req.unmask) return true;
  await unmaskedView(db, session, { resource: library, action, entity: 'person', entityId: recordIds[0] ?? 0, detail, recordIds, reason: req.reason, reasonNote: req.reasonNote, ip: req.ip }, audit);
  return false;
}

export async function listPeople(
  db: Db,
  session: Session,
  library: Library,
  filter: PersonFilter,
  page: Page,
  req: PersonUnmask = {},
  audit: Ctx['audit'] = () => {},
): Promise<PageResult<PersonItem> & { masked: boolean; canUnmask: boolean }> {
  const where = filterWhere(session.user, library, filter);
  return db.transaction(async (tx) => {
    const { list: rows, total } = await fetchPage(
      page,
      baseQuery(tx).where(where).orderBy(desc(people.id)),
      tx.select({ total: count() }).from(people).where(where),
    );
    const ids = rows.map((r) => r.person.id);
    const mask = await maskedUnless(tx, session, library, req, ACCESS_ACTION.VIEW, ids, `${LIBRARY_NAMES[library]}列表（第 ${page.pageNo} 页，${ids.length} 人）`, audit);
    const works = await worksOf(tx, ids);
    const allowed = allowedBy(session);
    return { list: rows.map((r) => toItem(r, works.get(r.person.id) ?? [], mask, allowed)), total: Number(total), masked: mask, canUnmask: canUnmask(session, library) };
  });
}

/** 范围内的一个人员；范围外与不存在一样答 404 */
export async function loadPerson(db: Db, user: SessionUser, library: Library, id: number): Promise<Person> {
  const [p] = await db
    .select()
    .from(people)
    .where(and(eq(people.id, id), eq(people.library, library)));
  if (!p || !inScope(user, p)) throw ApiError.notFound(`${LIBRARY_NAMES[library]}不存在或不在您的管辖范围内`);
  return p;
}

export async function personDetail(db: Db, session: Session, library: Library, id: number): Promise<PersonDetail> {
  return detailOf(db, session.user, library, id, allowedBy(session));
}

async function detailOf(db: Db, user: SessionUser, library: Library, id: number, allowed: Allowed): Promise<PersonDetail> {
  await loadPerson(db, user, library, id);
  const [row] = await baseQuery(db).where(eq(people.id, id));
  const works = (await worksOf(db, [id])).get(id) ?? [];
  const certs: PersonCertItem[] = await db
    .select({ id: personCerts.id, certName: personCerts.certName, certNo: personCerts.certNo, issuedBy: personCerts.issuedBy, issuedAt: personCerts.issuedAt })
    .from(personCerts)
    .where(eq(personCerts.personId, id))
    .orderBy(asc(personCerts.id));
  // 详情（编辑表单）也脱敏：保存时未改动的脱敏值保留库里的号码（savePerson 的 keepIfMasked）
  return { ...toItem(row, works, true, allowed), works, certs };
}

/** 可分派的人员（在岗、范围内，可按机构与工种），供考务选择 */
export async function assignablePeople(db: Db, session: Session, library: Library, filter: { name?: string; orgId?: number; workCode?: string }, page: Page) {
  return listPeople(db, session, library, { ...filter, status: STATUS_ACTIVE }, page);
}

// ---------- 新增与修改 ----------

interface Owner {
  orgId: number | null;
  cityId: number | null;
  countyId: number | null;
}

/** 人员归属：机构用户为本机构；市级为本市（考评员、考务人员须选本市的评价机构）；省级任选。 */
async function resolveOwner(db: Db, user: SessionUser, library: Library, input: { orgId?: number; cityId?: number }): Promise<Owner> {
  const orgId = user.level === 'org' ? user.orgId : input.orgId;
  if (orgId !== undefined && orgId !== null) {
    const [org] = await db.select().from(organisations).where(eq(organisations.id, orgId));
    if (!org || !inScope(user, { cityId: org.cityId, countyId: org.areaId, orgId: org.id })) throw ApiError.notFound('所属机构不存在或不在您的管辖范围内');
    if (library !== 'supervisor' && org.category !== 'eval') throw ApiError.badRequest(`${LIBRARY_NAMES[library]}须属于评价机构，所选机构「${org.name}」不是评价机构`);
    return { orgId: org.id, cityId: org.cityId, countyId: org.areaId };
  }
  if (library !== 'supervisor') throw ApiError.badRequest('请选择所属机构', { orgId: '请选择所属机构' });
  // 督导员由市里管理，可不属于机构
  if (user.level === 'city' || user.level === 'county') return { orgId: null, cityId: user.cityId, countyId: user.level === 'county' ? user.areaId : null };
  if (!input.cityId) throw ApiError.badRequest('请选择所在市', { cityId: '请选择所在市' });
  const [city] = await db.select().from(areas).where(eq(areas.id, input.cityId));
  if (!city || city.level !== 2) throw ApiError.badRequest('所在市不正确', { cityId: '所在市不正确' });
  return { orgId: null, cityId: city.id, countyId: null };
}

/** 身份证号推出性别与出生日期（通行证号码推不出，为空） */
function identityOf(idNumber: string) {
  const parsed = parseIdNumber(idNumber);
  if (!parsed) throw ApiError.badRequest('身份证号格式不正确', { idNumber: '身份证号格式不正确' });
  return { idNumber: parsed.normalised, gender: parsed.gender, birthDate: parsed.birthDate };
}

async function assertNotInLibrary(db: Db, library: Library, idNumber: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.library, library), eq(people.idNumberIndex, blindIndex('idNumber', idNumber)), exceptId ? ne(people.id, exceptId) : undefined));
  if (dup) throw ApiError.conflict(duplicateMessage(library));
}

export type WorkLevels = Map<string, { name: string; levels: Set<number> }>;

/** 一批工种编码在目录中的名称与开设的等级 */
export async function loadWorkLevels(db: Db, codes: string[]): Promise<WorkLevels> {
  const map: WorkLevels = new Map();
  if (!codes.length) return map;
  const rows = await db
    .select({ code: baseWorks.code, name: baseWorks.name, levelCode: baseWorkLevels.levelCode })
    .from(baseWorks)
    .leftJoin(baseWorkLevels, eq(baseWorkLevels.workId, baseWorks.id))
    .where(inArray(baseWorks.code, [...new Set(codes)]));
  for (const r of rows) {
    const w = map.get(r.code) ?? { name: r.name, levels: new Set<number>() };
    if (r.levelCode !== null) w.levels.add(r.levelCode);
    map.set(r.code, w);
  }
  return map;
}

/** 工种须在目录中、等级须为该工种开设的等级，不能重复；返回第一处问题或 null */
export function worksProblem(known: WorkLevels, works: readonly { workCode: string; levelCode: number }[]): string | null {
  const seen = new Set<string>();
  for (const w of works) {
    const k = known.get(w.workCode);
    if (!k) return `工种 ${w.workCode} 不在职业目录中`;
    if (seen.has(w.workCode)) return `工种「${k.name}」重复`;
    seen.add(w.workCode);
    if (!k.levels.has(w.levelCode)) return `工种「${k.name}」没有开设${LEVEL_NAMES[w.levelCode]}`;
  }
  return null;
}


export async function savePerson(db: Db, ctx: Pick<Ctx, 'user' | 'audit'>, library: Library, input: PersonSave): Promise<PersonDetail> {
  const user = ctx.user();
  const stored = input.id ? await loadPerson(db, user, library, input.id) : null;
  // 编辑表单传回的脱敏值（未改动）保留库里的号码
  const idNumber = keepIfMasked(input.idNumber, stored?.idNumber ?? null);
  const mobile = keepIfMasked(input.mobile, stored?.mobile ?? null);
  if (!idNumber) throw ApiError.badRequest(FULL_ID_NUMBER, { idNumber: FULL_ID_NUMBER });
  if (!mobile) throw ApiError.badRequest(FULL_MOBILE, { mobile: FULL_MOBILE });
  const identity = identityOf(idNumber);
  const before = input.id ? await detailOf(db, user, library, input.id, noActions) : null;
  const owner = await resolveOwner(db, user, library, {
    orgId: input.orgId ?? before?.orgId ?? undefined,
    cityId: input.cityId ?? before?.cityId ?? undefined,
  });
  await assertNotInLibrary(db, library, identity.idNumber, input.id);
  if (input.works) {
    const problem = worksProblem(await loadWorkLevels(db, input.works.map((w) => w.workCode)), input.works);
    if (problem) throw ApiError.badRequest(problem, { works: problem });
  }
  const values = {
    name: input.name,
    ...identity,
    idNumberIndex: blindIndex('idNumber', identity.idNumber),
    mobile,
    mobileIndex: blindIndex('mobile', mobile),
    ...owner,
    workUnit: input.workUnit ?? null,
    post: input.post ?? null,
    education: input.education ?? null,
    title: input.title ?? null,
    filingType: library === 'assessor' ? (input.filingType ?? null) : null,
    remark: input.remark ?? null,
    updatedAt: new Date(),
  };
  const duplicate = input.certs ? `${duplicateMessage(library)}，或证书编号重复` : duplicateMessage(library);
  const id = await withUniqueMessage(duplicate, () =>
    db.transaction(async (tx) => {
      let personId: number;
      if (input.id) {
        await tx.update(people).set(values).where(eq(people.id, input.id));
        personId = input.id;
      } else {
        const [row] = await tx
          .insert(people)
          .values({ ...values, library, createdBy: user.id })
          .returning({ id: people.id });
        personId = row.id;
      }
      if (input.works) {
        await tx.delete(personWorks).where(eq(personWorks.personId, personId));
        if (input.works.length) await tx.insert(personWorks).values(input.works.map((w) => ({ personId, workCode: w.workCode, levelCode: w.levelCode })));
      }
      if (input.certs) {
        await tx.delete(personCerts).where(eq(personCerts.personId, personId));
        if (input.certs.length) await tx.insert(personCerts).values(input.certs.map((c) => ({ personId, ...c, issuedBy: c.issuedBy ?? null, issuedAt: c.issuedAt ?? null })));
      }
      return personId;
    }),
  );
  const after = await detailOf(db, user, library, id, noActions);
  ctx.audit({
    entity: 'person',
    entityId: id,
    before,
    after,
    detail: `${before ? '修改' : '新增'}${LIBRARY_NAMES[library]} ${after.name}`,
  });
  return after;
}

// ---------- 停用、启用、删除 ----------

async function loadMany(db: Db, user: SessionUser, library: Library, ids: number[]): Promise<Person[]> {
  const rows = await db
    .select()
    .from(people)
    .where(and(inArray(people.id, ids), eq(people.library, library), scopeOf(user)));
  if (rows.length !== new Set(ids).size) throw ApiError.notFound(`所选${LIBRARY_NAMES[library]}不存在或不在您的管辖范围内`);
  return rows;
}

export async function setStatus(db: Db, ctx: Pick<Ctx, 'user' | 'audit'>, library: Library, ids: number[], status: number, reason?: string) {
  const rows = await loadMany(db, ctx.user(), library, ids);
  const changing = rows.filter((p) => p.status !== status);
  if (!changing.length) throw ApiError.badRequest(`所选${LIBRARY_NAMES[library]}已是${PERSON_STATUS[status]}状态`);
  const stopped = status === STATUS_STOPPED;
  await db
    .update(people)
    .set({ status, stopReason: stopped ? (reason ?? null) : null, stoppedAt: stopped ? new Date() : null, updatedAt: new Date() })
    .where(
      inArray(
        people.id,
        changing.map((p) => p.id),
      ),
    );
  for (const p of changing) {
    ctx.audit({
      entity: 'person',
      entityId: p.id,
      before: { status: p.status },
      after: { status, stopReason: stopped ? (reason ?? null) : null },
      detail: `${stopped ? '停用' : '启用'}${LIBRARY_NAMES[library]} ${p.name}${stopped && reason ? `：${reason}` : ''}`,
    });
  }
  return { changed: changing.length };
}

export async function deletePeople(db: Db, ctx: Pick<Ctx, 'user' | 'audit'>, library: Library, ids: number[]) {
  const rows = await loadMany(db, ctx.user(), library, ids);
  const [used] = await db
    .select({ name: people.name })
    .from(personAssignments)
    .innerJoin(people, eq(people.id, personAssignments.personId))
    .where(inArray(personAssignments.personId, ids))
    .limit(1);
  if (used) throw ApiError.badRequest(`${used.name}已参与考务安排，不能删除，可改为停用`);
  await db.delete(people).where(inArray(people.id, ids));
  for (const p of rows) ctx.audit({ entity: 'person', entityId: p.id, before: p, detail: `删除${LIBRARY_NAMES[library]} ${p.name}` });
  return { deleted: rows.length };
}

/** 删除人员的一条工种或证书记录（按记录 id，人员须在范围内） */
export async function deletePart(db: Db, ctx: Pick<Ctx, 'user' | 'audit'>, library: Library, part: 'work' | 'cert', id: number) {
  const table = part === 'work' ? personWorks : personCerts;
  const [row] = await db.select().from(table).where(eq(table.id, id));
  const what = part === 'work' ? '工种记录' : '证书记录';
  if (!row) throw ApiError.notFound(`${what}不存在`);
  const person = await loadPerson(db, ctx.user(), library, row.personId);
  await db.delete(table).where(eq(table.id, id));
  ctx.audit({ entity: part === 'work' ? 'person_work' : 'person_cert', entityId: id, before: row, detail: `删除${LIBRARY_NAMES[library]} ${person.name} 的${what}` });
  return { deleted: 1 };
}

// ---------- 分派（考务流程用） ----------

/**
 * 考务分派前的检查：人员须在该库中且在岗。停用的人答 400“……已停用，不能分派”。
 * 考务流程（考务安排、监考、督导任务）分派人员时必须先调用它（或直接用 assignPerson）。
 */
export async function assertAssignable(db: Db, library: Library, personId: number): Promise<Person> {
  const [p] = await db
    .select()
    .from(people)
    .where(and(eq(people.id, personId), eq(people.library, library)));
  if (!p) throw ApiError.notFound(`${LIBRARY_NAMES[library]}不存在`);
  if (p.status !== STATUS_ACTIVE) throw ApiError.badRequest(`${LIBRARY_NAMES[library]}${p.name}已停用，不能分派`);
  return p;
}

/** 把人员分派到一次考试（同一计划同一角色只记一次） */
export async function assignPerson(
  db: Db,
  library: Library,
  personId: number,
  info: { planCode: string; planName: string; role: string; siteName?: string; examDate?: string },
): Promise<void> {
  await assertAssignable(db, library, personId);
  await db
    .insert(personAssignments)
    .values({ personId, planCode: info.planCode, planName: info.planName, role: info.role, siteName: info.siteName ?? null, examDate: info.examDate ?? null })
    .onConflictDoNothing();
}

export async function listAssignments(db: Db, user: SessionUser, library: Library, personId: number, page: Page): Promise<PageResult<AssignmentItem>> {
  await loadPerson(db, user, library, personId);
  const where = eq(personAssignments.personId, personId);
  const { list: rows, total } = await fetchPage(
    page,
    db.select().from(personAssignments).where(where).orderBy(desc(personAssignments.examDate), desc(personAssignments.id)),
    db.select({ total: count() }).from(personAssignments).where(where),
  );
  return {
    list: rows.map((r) => ({ id: r.id, planCode: r.planCode, planName: r.planName, role: r.role, siteName: r.siteName, examDate: r.examDate, createTime: formatBeijing(r.createdAt) })),
    total: Number(total),
  };
}

// ---------- 下拉 ----------

/** 备案仍然有效的状态：审核完成，以及作废待审核、作废驳回（尚未作废） */

/** 备案单位（人员的所属机构下拉）：范围内、有有效备案的评价机构 */
export async function filingUnits(db: Db, user: SessionUser) {
  return db
    .select({ id: organisations.id, code: organisations.code, name: organisations.name, cityId: organisations.cityId })
    .from(organisations)
    .where(
      and(
        eq(organisations.category, 'eval'),
        scopeWhere(user, { cityId: organisations.cityId, countyId: organisations.areaId, orgId: organisations.id }),
        exists(db.select({ one: sql`1` }).from(filings).where(and(eq(filings.orgId, organisations.id), inArray(filings.status, FILING_IN_FORCE)))),
      ),
    )
    .orderBy(asc(organisations.name));
}

// ---------- 导出 ----------

/** 导出前：请求看全时检查权限与理由并记访问日志（涉及筛选出的全部人员）；返回是否脱敏 */
export async function exportMasked(db: Db, session: Session, library: Library, filter: PersonFilter, req: PersonUnmask, audit: Ctx['audit']): Promise<boolean> {
  if (!req.unmask) return true;
  const ids = (await db.select({ id: people.id }).from(people).where(filterWhere(session.user, library, filter)).orderBy(asc(people.id))).map((r) => r.id);
  return maskedUnless(db, session, library, req, ACCESS_ACTION.EXPORT, ids, `导出${LIBRARY_NAMES[library]}名单（${ids.length} 人）`, audit);
}

/** 导出用：范围与筛选同列表，按 id 键集分批 */
export function exportBatch(db: Db, user: SessionUser, library: Library, filter: PersonFilter, mask = true) {
  const where = filterWhere(user, library, filter);
  return async (last: number | null, limit: number): Promise<PersonItem[]> => {
    const rows = await baseQuery(db)
      .where(and(where, last !== null ? gt(people.id, last) : undefined))
      .orderBy(asc(people.id))
      .limit(limit);
    const works = await worksOf(
      db,
      rows.map((r) => r.person.id),
    );
    return rows.map((r) => toItem(r, works.get(r.person.id) ?? [], mask, noActions));
  };
}

// ---------- 照片 ----------

export async function personPhoto(db: Db, user: SessionUser, library: Library, id: number) {
  await loadPerson(db, user, library, id);
  const [photo] = await db.select().from(personPhotos).where(eq(personPhotos.personId, id));
  if (!photo) throw ApiError.notFound('该人员还没有照片');
  return photo;
}

export async function savePhoto(db: Db, personId: number, content: Buffer, contentType: string) {
  await db
    .insert(personPhotos)
    .values({ personId, content, contentType, size: content.length })
    .onConflictDoUpdate({ target: personPhotos.personId, set: { content, contentType, size: content.length, updatedAt: new Date() } });
}

/** 范围内按身份证号找人（照片压缩包匹配用） */
export async function peopleByIdNumbers(db: Db, user: SessionUser, library: Library, idNumbers: string[]) {
  if (!idNumbers.length) return [];
  return db
    .select({ id: people.id, name: people.name, idNumber: people.idNumber })
    .from(people)
    .where(and(eq(people.library, library), inArray(people.idNumberIndex, idNumbers.map((v) => blindIndex('idNumber', v))), scopeOf(user)));
}

// 机构备案：录入、状态转换（唯一入口 applyTransition）、增量备案、列表（每行带当前用户可做的操作）、历史与公开摘要。
// 数据范围：机构只看本机构，市级只看本市，省级看全省；范围外的备案一律答 404。
// 签名：(db, session, input, audit)——端点只做转接（docs/API.md“服务函数”）。
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { exportXlsx, keysetBatches } from '@/lib/platform/excel/export';
import { fetchPage } from '@/lib/platform/db/paged';
import { businessCode, nextId } from '@/lib/platform/db/codes';
import { ApiError } from '@/lib/platform/api/errors';
import { can, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { assertInScope, scopeWhere } from '@/lib/platform/auth/scope';
import { formatBeijing } from '@/lib/platform/time';
import { containsPattern } from '@/lib/platform/db/like';
import { maskMobile } from '@/lib/platform/identity';
import { areas } from '../area/tables';
import { organisations } from '../org/tables';
import { ORG_TYPES } from '../org/codes';
import { baseWorkLevels, baseWorks } from '../catalog/tables';
import { LEVEL_NAMES } from '../catalog/schemas';
import { filingHistory, filingIncrements, filingPeople, filings, filingSites, filingWorks } from './tables';
import {
  EDITABLE_STATUSES,
  FILING_CLOSED,
  FILING_IN_FORCE,
  FILING_KINDS,
  FILING_STATUS,
  kindResource,
  pendingStatuses,
  REVIEW_ACTIONS,
  reviewStepsFrom,
  statusLabel,
  verbOf,
  type Actor,
  type FilingAction,
  type Subject,
  type TransitionAction,
} from './transitions';
import { filingWorkflow, incrementWorkflow, loadFiling, loadIncrement, openIncrement } from './workflow';
import type { FilingAuditItem, FilingHistoryItem, FilingItem, FilingWorkItem } from './schemas';

type Filing = typeof filings.$inferSelect;
export interface WorkChoice {
  workCode: string;
  levels: number[];
}

export function actorOf(user: SessionUser): Actor | null {
  if (user.level === 'org') return 'org';
  if (user.level === 'city') return 'city';
  if (user.level === 'province') return 'province';
  return null;
}

const { NOT_FILED, COMPLETED } = FILING_STATUS;

/** 按类别检查资源权限（端点已按“任一类别”放行，这里落到具体类别） */
export function assertKindPermission(session: Session, kind: number, action: string): void {
  if (!can(session, `${kindResource(kind)}.${action}`)) throw ApiError.forbidden(`没有${FILING_KINDS[kind]}备案的相应权限`);
}

/** 某个端点只受理部分类别（技能等级认定与其他三类分开的端点） */
export function assertKindAccepted(kinds: readonly number[] | undefined, kind: number): void {
  if (kinds && !kinds.includes(kind)) throw ApiError.badRequest(`本接口只受理${kinds.map((k) => FILING_KINDS[k]).join('、')}备案`);
}

/** 列表按类别筛选时须有该类别的查询权限（审核员可看全部类别） */
function assertListKind(session: Session, kind: number | undefined) {
  if (kind !== undefined && !can(session, 'filingAudit.query')) assertKindPermission(session, kind, 'query');
}

const scopeOf = (user: SessionUser) => scopeWhere(user, { cityId: filings.cityId, orgId: filings.orgId });

export { loadFiling };

function assertEditable(f: { status: number }, what = '修改'): void {
  if (!EDITABLE_STATUSES.includes(f.status)) throw ApiError.badRequest(`当前状态为「${statusLabel(f.status)}」，不能${what}`);
}

function assertOwnOrgEditor(session: Session, f: Filing, what: string): void {
  if (!actorOf(session.user)) throw ApiError.forbidden();
  assertKindPermission(session, f.kind, 'edit');
  assertEditable(f, what);
}

// ---------- 列表与详情 ----------

const orgName = organisations.name;

export interface FilingFilter {
  kind?: number;
  status?: number;
  orgName?: string;
  code?: string;
  pendingOnly?: boolean;
}

function filingWhere(user: SessionUser, filter: FilingFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [scopeOf(user)];
  if (filter.kind !== undefined) conds.push(eq(filings.kind, filter.kind));
  if (filter.status !== undefined) conds.push(eq(filings.status, filter.status));
  if (filter.orgName) conds.push(ilike(orgName, containsPattern(filter.orgName)));
  if (filter.code) conds.push(ilike(filings.code, containsPattern(filter.code)));
  if (filter.pendingOnly) {
    const actor = actorOf(user);
    // 待办：备案本身在我的审核环节，或其增量在我的审核环节（由转换表推出）
    const pending = actor && actor !== 'org' ? pendingStatuses(actor, 'filing') : [];
    const incPending = actor && actor !== 'org' ? pendingStatuses(actor, 'increment') : [];
    conds.push(
      or(
        pending.length ? inArray(filings.status, [...pending]) : sql`false`,
        incPending.length
          ? sql`exists (select 1 from ${filingIncrements} where ${filingIncrements.filingId} = ${filings.id} and ${inArray(filingIncrements.status, incPending)})`
          : sql`false`,
      ),
    );
  }
  return and(...conds);
}

const listRows = (db: Db) =>
  db
    .select({ f: filings, orgName, cityName: areas.name })
    .from(filings)
    .innerJoin(organisations, eq(organisations.id, filings.orgId))
    .leftJoin(areas, eq(areas.id, filings.cityId));

/** 分页列表；每行带当前用户此刻可做的操作（actions、incrementActions），界面照此显示按钮 */
export async function listFilings(db: Db, session: Session, filter: FilingFilter, page: Page): Promise<PageResult<FilingItem>> {
  assertListKind(session, filter.kind);
  const where = filingWhere(session.user, filter);
  return fetchPage(
    page,
    listRows(db).where(where).orderBy(desc(filings.updatedAt), desc(filings.id)),
    db.select({ total: count() }).from(filings).innerJoin(organisations, eq(organisations.id, filings.orgId)).where(where),
    (rows) => toItems(db, session, rows),
  );
}

/** 审核列表：另标出当前用户此刻能否审核备案本身与其增量（由每行的操作推出） */
export async function listFilingsForReview(db: Db, session: Session, filter: FilingFilter, page: Page): Promise<PageResult<FilingAuditItem>> {
  const result = await listFilings(db, session, filter, page);
  return {
    ...result,
    list: result.list.map((r) => ({
      ...r,
      reviewable: r.actions.some(isReviewAction),
      incrementReviewable: r.status === COMPLETED && r.incrementActions.some(isReviewAction),
    })),
  };
}

/** 导出用：按 id 键集分批 */
async function filingsAfter(db: Db, session: Session, filter: FilingFilter, lastId: number | null, limit: number): Promise<FilingItem[]> {
  const rows = await listRows(db)
    .where(and(filingWhere(session.user, filter), lastId !== null ? gt(filings.id, lastId) : undefined))
    .orderBy(asc(filings.id))
    .limit(limit);
  return toItems(db, session, rows);
}

const EXPORT_COLUMNS = [
  { header: '备案编号', key: 'code', width: 20 },
  { header: '机构名称', key: 'orgName', width: 32 },
  { header: '所在市', key: 'cityName', width: 12 },
  { header: '备案类别', key: 'kindName', width: 14 },
  { header: '机构类型', key: 'orgTypeName', width: 18 },
  { header: '状态', key: 'statusName', width: 12 },
  { header: '工种数', key: 'workCount', width: 8 },
  { header: '联系人', key: 'contactName', width: 12 },
  { header: '联系电话', key: 'contactPhone', width: 14 },
  { header: '提交时间', key: 'submitTime', width: 20 },
  { header: '完成时间', key: 'completeTime', width: 20 },
] as const satisfies readonly { header: string; key: keyof FilingItem; width: number }[];

/** 按列表的筛选导出（按 id 键集分批读取，内存占用不随条数增长） */
export function exportFilings(db: Db, session: Session, filter: FilingFilter) {
  assertListKind(session, filter.kind);
  return exportXlsx({
    columns: EXPORT_COLUMNS,
    sheetName: '机构备案',
    rows: keysetBatches<FilingItem, number>((last, limit) => filingsAfter(db, session, filter, last, limit), (r) => r.id),
  });
}

async function toItems(db: Db, session: Session, rows: { f: Filing; orgName: string; cityName: string | null }[]): Promise<FilingItem[]> {
  const ids = rows.map((r) => r.f.id);
  const [workCounts, incs] = ids.length
    ? await Promise.all([
        db.select({ filingId: filingWorks.filingId, n: count() }).from(filingWorks).where(inArray(filingWorks.filingId, ids)).groupBy(filingWorks.filingId),
        db
          .select({ id: filingIncrements.id, filingId: filingIncrements.filingId, status: filingIncrements.status })
          .from(filingIncrements)
          .where(and(inArray(filingIncrements.filingId, ids), notInArray(filingIncrements.status, [COMPLETED]))),
      ])
    : [[], []];
  const nWorks = new Map(workCounts.map((w) => [w.filingId, w.n]));
  const incOf = new Map(incs.map((i) => [i.filingId, i]));
  return rows.map(({ f, orgName, cityName }) => {
    const inc = incOf.get(f.id);
    return {
    id: f.id,
    code: f.code,
    // 公示页只给在效的备案（公示接口同样只认它们）
    publicCode: FILING_IN_FORCE.includes(f.status) ? f.publicCode : null,
    orgId: f.orgId,
    orgName,
    cityId: f.cityId,
    cityName,
    kind: f.kind,
    kindName: FILING_KINDS[f.kind],
    status: f.status,
    statusName: statusLabel(f.status),
    orgType: f.orgType,
    orgTypeName: ORG_TYPES[f.orgType] ?? String(f.orgType),
    contactName: f.contactName,
    // 联系人手机号：本机构的人（编辑备案的人）看全，其他人脱敏
    contactPhone: session.user.orgId === f.orgId ? f.contactPhone : maskMobile(f.contactPhone),
    workCount: nWorks.get(f.id) ?? 0,
    incrementStatus: inc?.status ?? null,
    ...rowActions(session, f, inc),
    lastOpinion: f.lastOpinion,
    submitTime: f.submittedAt ? formatBeijing(f.submittedAt) : null,
    completeTime: f.completedAt ? formatBeijing(f.completedAt) : null,
    createTime: formatBeijing(f.createdAt),
    };
  });
}

/** 当前用户此刻对一份备案（actions）与其进行中的增量（incrementActions）能做的事：引擎按声明算出，界面照此显示按钮 */
function rowActions(session: Session, f: Filing, inc: { id: number; status: number } | undefined): { actions: FilingAction[]; incrementActions: TransitionAction[] } {
  return {
    actions: filingWorkflow.availableActions({ ...f, incrementStatus: inc?.status ?? null }, session),
    incrementActions: inc ? incrementWorkflow.availableActions({ id: inc.id, filingId: f.id, status: inc.status, kind: f.kind, orgId: f.orgId, cityId: f.cityId, filing: f }, session) : [],
  };
}

const isReviewAction = (a: string) => (REVIEW_ACTIONS as readonly string[]).includes(a);

async function filingItem(db: Db, session: Session, f: Filing): Promise<FilingItem> {
  const [row] = await db
    .select({ orgName, cityName: areas.name })
    .from(organisations)
    .leftJoin(areas, eq(areas.id, organisations.cityId))
    .where(eq(organisations.id, f.orgId));
  return (await toItems(db, session, [{ f, orgName: row?.orgName ?? '', cityName: row?.cityName ?? null }]))[0];
}

async function worksOf(db: Db, filingId: number): Promise<FilingWorkItem[]> {
  const rows = await db
    .select({ w: filingWorks, incStatus: filingIncrements.status })
    .from(filingWorks)
    .leftJoin(filingIncrements, eq(filingIncrements.id, filingWorks.incrementId))
    .where(eq(filingWorks.filingId, filingId))
    .orderBy(asc(filingWorks.id));
  const [f] = await db.select({ status: filings.status }).from(filings).where(eq(filings.id, filingId));
  const mainFiled = FILING_IN_FORCE.includes(f?.status ?? NOT_FILED);
  return rows.map(({ w, incStatus }) => ({
    id: w.id,
    workCode: w.workCode,
    workName: w.workName,
    levels: w.levels,
    levelNames: w.levels.map((l) => LEVEL_NAMES[l] ?? String(l)),
    incrementId: w.incrementId,
    filed: w.incrementId === null ? mainFiled : incStatus === COMPLETED,
  }));
}

/** 备案的办理历史：与详情相同，须有该类备案的查看权限（四类各自一个权限），审核员可看全部类别 */
export async function filingHistoryOf(db: Db, session: Session, id: number): Promise<FilingHistoryItem[]> {
  const f = await loadFiling(db, session.user, id);
  if (!can(session, 'filingAudit.get')) assertKindPermission(session, f.kind, 'get');
  const rows = await db.select().from(filingHistory).where(eq(filingHistory.filingId, id)).orderBy(asc(filingHistory.createdAt), asc(filingHistory.id));
  return rows.map((h) => ({
    id: h.id,
    incrementId: h.incrementId,
    action: h.action,
    actionName: actionName(h.action),
    fromStatus: h.fromStatus,
    fromStatusName: statusLabel(h.fromStatus),
    toStatus: h.toStatus,
    toStatusName: statusLabel(h.toStatus),
    opinion: h.opinion,
    actorName: h.actorName,
    createTime: formatBeijing(h.createdAt),
  }));
}

const actionName = (action: string) => {
  if (action === 'create') return '创建备案';
  if (action === 'incrementAdd') return '增量备案';
  return verbOf(action) ?? action;
};

/** 详情：备案、工种、场地、人员，以及当前用户此刻可做的操作。须有备案所属类别的查看权限，或审核权限 */
export async function filingDetail(db: Db, session: Session, id: number) {
  const f = await loadFiling(db, session.user, id);
  if (!can(session, 'filingAudit.get')) assertKindPermission(session, f.kind, 'get');
  const [item, works, sites, people, increment] = await Promise.all([
    filingItem(db, session, f),
    worksOf(db, id),
    db.select().from(filingSites).where(eq(filingSites.filingId, id)).orderBy(asc(filingSites.id)),
    db.select().from(filingPeople).where(eq(filingPeople.filingId, id)).orderBy(asc(filingPeople.id)),
    openIncrement(db, id),
  ]);
  return {
    ...item,
    address: f.address,
    description: f.description,
    works,
    sites: sites.map((s) => ({ ...s, createdAt: undefined })),
    people: people.map((p) => ({ ...p, createdAt: undefined })),
    increment: increment ? { id: increment.id, status: increment.status, statusName: statusLabel(increment.status), lastOpinion: increment.lastOpinion } : null,
    editable: item.actions.includes('edit'),
  };
}

/** 无需登录的公开摘要：机构、类别、状态与已备案工种，不含人员等个人信息 */
/**
 * 免登录的备案公示：只按随机的公示码查，只公示有效的备案（审核完成、作废在审或作废被驳回）；
 * 在审、被驳回、已作废的与不存在的一样答 404。
 */
export async function publicSummary(db: Db, publicCode: string) {
  const [row] = await db
    .select({ f: filings, orgName, cityName: areas.name })
    .from(filings)
    .innerJoin(organisations, eq(organisations.id, filings.orgId))
    .leftJoin(areas, eq(areas.id, filings.cityId))
    .where(and(eq(filings.publicCode, publicCode), inArray(filings.status, FILING_IN_FORCE)));
  if (!row) throw ApiError.notFound('备案不存在或未在公示期内');
  const works = (await worksOf(db, row.f.id)).filter((w) => w.incrementId === null || w.filed);
  return {
    code: row.f.code,
    orgName: row.orgName,
    cityName: row.cityName,
    kindName: FILING_KINDS[row.f.kind],
    orgTypeName: ORG_TYPES[row.f.orgType] ?? '',
    status: row.f.status,
    statusName: statusLabel(row.f.status),
    completeTime: row.f.completedAt ? formatBeijing(row.f.completedAt) : null,
    works: works.map((w) => ({ workCode: w.workCode, workName: w.workName, levelNames: w.levelNames })),
  };
}

// ---------- 录入 ----------

/** 工种须在目录中且启用，等级须为该工种已开设的等级；返回带名称的工种 */
export async function resolveWorks(db: Db, choices: readonly WorkChoice[]): Promise<{ workCode: string; workName: string; levels: number[] }[]> {
  if (!choices.length) return [];
  const codes = [...new Set(choices.map((c) => c.workCode))];
  if (codes.length !== choices.length) throw ApiError.badRequest('同一工种不能重复添加');
  const rows = await db
    .select({ code: baseWorks.code, name: baseWorks.name, status: baseWorks.status, level: baseWorkLevels.levelCode })
    .from(baseWorks)
    .leftJoin(baseWorkLevels, eq(baseWorkLevels.workId, baseWorks.id))
    .where(inArray(baseWorks.code, codes));
  const byCode = new Map<string, { name: string; status: number; levels: Set<number> }>();
  for (const r of rows) {
    const w = byCode.get(r.code) ?? { name: r.name, status: r.status, levels: new Set<number>() };
    if (r.level !== null) w.levels.add(r.level);
    byCode.set(r.code, w);
  }
  return choices.map((c) => {
    const w = byCode.get(c.workCode);
    if (!w || w.status !== 0) throw ApiError.badRequest(`工种 ${c.workCode} 不存在或已停用`);
    const bad = c.levels.filter((l) => !w.levels.has(l));
    if (bad.length) throw ApiError.badRequest(`工种「${w.name}」未开设等级：${bad.map((l) => LEVEL_NAMES[l] ?? l).join('、')}`);
    return { workCode: c.workCode, workName: w.name, levels: [...new Set(c.levels)].sort((a, b) => b - a) };
  });
}

/** 备案编号 BA + 年份 + 类别 + 6 位序号（取自主键，先以临时编号插入再改写，免并发撞号） */
/** 新备案的主键与编号（BA + 年份 + 类别 + 序号），插入时一并写入 */
export async function numberFiling(db: Db, kind: number, at = new Date()): Promise<{ id: number; code: string }> {
  const id = await nextId(db, filings);
  return { id, code: businessCode({ prefix: 'BA', year: at.getFullYear(), kind, serial: id }) };
}

export interface SaveFilingInput {
  id?: number;
  kind: number;
  orgId?: number;
  orgType: number;
  contactName: string;
  contactPhone: string;
  address: string | null;
  description: string | null;
  works?: WorkChoice[];
  /** 端点只受理的类别（不填则四类都受理） */
  acceptKinds?: readonly number[];
}

/**
 * 新建或修改备案。机构用户的机构取自会话；管理员代录时机构须在其范围内。
 * 同一机构同一类别只能有一份未作废的备案。
 */
export async function saveFiling(db: Db, session: Session, input: SaveFilingInput, audit: Audit): Promise<FilingItem> {
  const { user } = session;
  assertKindAccepted(input.acceptKinds, input.kind);
  assertKindPermission(session, input.kind, input.id ? 'edit' : 'add');
  const works = input.works ? await resolveWorks(db, input.works) : undefined;
  const fields = {
    orgType: input.orgType,
    contactName: input.contactName,
    contactPhone: input.contactPhone,
    address: input.address,
    description: input.description,
  };
  return db.transaction(async (tx) => {
    let f: Filing;
    let before: Filing | null = null;
    if (input.id) {
      before = await loadFiling(tx, user, input.id);
      if (before.kind !== input.kind) throw ApiError.badRequest('备案类别不能修改');
      assertEditable(before);
      [f] = await tx.update(filings).set({ ...fields, updatedAt: new Date() }).where(eq(filings.id, input.id)).returning();
    } else {
      const orgId = user.level === 'org' ? user.orgId : input.orgId;
      if (!orgId) throw ApiError.badRequest('请选择备案机构');
      const [org] = await tx.select().from(organisations).where(eq(organisations.id, orgId));
      assertInScope(user, org && { cityId: org.cityId, orgId: org.id, countyId: org.areaId }, '机构');
      const [dup] = await tx
        .select({ code: filings.code, status: filings.status })
        .from(filings)
        .where(and(eq(filings.orgId, orgId), eq(filings.kind, input.kind), notInArray(filings.status, [...FILING_CLOSED])));
      if (dup) throw ApiError.conflict(`该机构已有${FILING_KINDS[input.kind]}备案（${dup.code}，${statusLabel(dup.status)}），请在原备案上修改或增量备案`);
      [f] = await tx
        .insert(filings)
        .values({ ...fields, ...(await numberFiling(tx, input.kind)), orgId, cityId: org.cityId, kind: input.kind, status: NOT_FILED, createdBy: user.id })
        .returning();
      await tx.insert(filingHistory).values({
        filingId: f.id,
        action: 'create',
        fromStatus: NOT_FILED,
        toStatus: NOT_FILED,
        actorId: user.id,
        actorName: user.realName || user.nickName,
      });
    }
    if (works) {
      await tx.delete(filingWorks).where(and(eq(filingWorks.filingId, f.id), isNull(filingWorks.incrementId)));
      if (works.length) await tx.insert(filingWorks).values(works.map((w) => ({ ...w, filingId: f.id })));
    }
    audit({
      entity: 'filing',
      entityId: f.id,
      before,
      after: { ...f, works },
      detail: `${before ? '修改' : '新建'}${FILING_KINDS[f.kind]}备案 ${f.code}`,
    });
    return filingItem(tx, session, f);
  });
}

/** 删除：只能删除从未提交过的（未备案）备案 */
export async function deleteFiling(db: Db, session: Session, id: number, audit: Audit): Promise<{ removed: number }> {
  const f = await loadFiling(db, session.user, id);
  assertKindPermission(session, f.kind, 'delete');
  if (f.status !== NOT_FILED) throw ApiError.badRequest(`当前状态为「${statusLabel(f.status)}」，不能删除`);
  await db.delete(filings).where(eq(filings.id, id));
  audit({ entity: 'filing', entityId: id, before: f, detail: `删除备案 ${f.code}` });
  return { removed: 1 };
}

/** 同一机构同一类别是否已有进行中的备案（新建前提示） */
export async function hasOngoing(db: Db, session: Session, kind: number) {
  const { user } = session;
  if (user.level !== 'org' || !user.orgId) return { has: false, id: null, status: null, statusName: null };
  const [f] = await db
    .select({ id: filings.id, status: filings.status })
    .from(filings)
    .where(and(eq(filings.orgId, user.orgId), eq(filings.kind, kind), notInArray(filings.status, [...FILING_CLOSED])));
  return { has: !!f, id: f?.id ?? null, status: f?.status ?? null, statusName: f ? statusLabel(f.status) : null };
}

// ---------- 状态转换：经工作流引擎（workflow.ts 的两份声明） ----------

export interface TransitionRequest {
  id: number;
  incrementId?: number;
  action: TransitionAction;
  opinion?: string | null;
  /** 端点只受理的类别（提交端点按类别分开） */
  acceptKinds?: readonly number[];
}

/** 增量须属于这份备案（别的备案的增量答 404） */
async function incrementOf(db: Db, user: SessionUser, filingId: number, incrementId: number) {
  const inc = await loadIncrement(db, user, incrementId);
  if (inc.filingId !== filingId) throw ApiError.notFound('增量备案不存在');
  return inc;
}

/** 预检：当前用户此刻能否做这一步；不能则抛出与真正执行时相同的错误（不查意见） */
export async function checkTransition(db: Db, session: Session, req: TransitionRequest) {
  if (req.incrementId) {
    const inc = await incrementOf(db, session.user, req.id, req.incrementId);
    assertKindAccepted(req.acceptKinds, inc.kind);
    incrementWorkflow.check(inc, session, req.action as (typeof incrementWorkflow.actions)[number]);
  } else {
    const f = await loadFiling(db, session.user, req.id);
    assertKindAccepted(req.acceptKinds, f.kind);
    filingWorkflow.check({ ...f, incrementStatus: (await openIncrement(db, f.id))?.status ?? null }, session, req.action);
  }
  return { can: true };
}

/** 备案与增量的一切状态变更：引擎办理（锁行、权限、办理方、状态、意见、条件、机构已备案工种、历史、通知、操作日志） */
export async function applyTransition(db: Db, session: Session, req: TransitionRequest, audit: Audit) {
  const { id, incrementId, action, opinion } = req;
  if (incrementId) {
    const inc = await incrementOf(db, session.user, id, incrementId);
    assertKindAccepted(req.acceptKinds, inc.kind);
    if (!incrementWorkflow.actions.includes(action as (typeof incrementWorkflow.actions)[number])) throw ApiError.badRequest(`增量备案不能${verbOf(action) ?? action}`);
    const r = await incrementWorkflow.apply(db, session, { id: incrementId, action: action as (typeof incrementWorkflow.actions)[number], opinion }, audit);
    return { id, incrementId, status: r.to.status, statusName: r.positionName };
  }
  if (req.acceptKinds) assertKindAccepted(req.acceptKinds, (await loadFiling(db, session.user, id)).kind);
  const r = await filingWorkflow.apply(db, session, { id, action, opinion }, audit);
  return { id, incrementId: null, status: r.to.status, statusName: r.positionName };
}

export { KIND_PATHS } from './workflow';

/**
 * 审核：按备案（或增量）当前状态取审核员此刻可办的那一步（查转换表）：通过取去向非驳回的一步，驳回取去向为驳回的一步。
 * 同一状态下审核员只有一对“通过/驳回”（确认作废只有通过），故结果唯一。
 */
export function reviewAction(status: number, subject: Subject, result: 'pass' | 'reject'): TransitionAction | null {
  const step = reviewStepsFrom(status, subject).find((t) => (t.opinion === 'required') === (result === 'reject'));
  return step?.action ?? null;
}

export async function review(
  db: Db,
  session: Session,
  input: { id: number; incrementId?: number; result?: 'pass' | 'reject'; action?: TransitionAction; opinion: string | null },
  audit: Audit,
) {
  const f = await loadFiling(db, session.user, input.id);
  const status = input.incrementId ? (await incrementOf(db, session.user, f.id, input.incrementId)).status : f.status;
  const action = input.action ?? reviewAction(status, input.incrementId ? 'increment' : 'filing', input.result ?? 'pass');
  if (!action) throw ApiError.conflict(`当前状态为「${statusLabel(status)}」，不能审核`);
  return applyTransition(db, session, { id: input.id, incrementId: input.incrementId, action, opinion: input.opinion }, audit);
}

// ---------- 增量备案 ----------

/**
 * 给已完成的备案追加工种：建一条增量（或沿用未提交/被驳回的那条），工种挂在增量下。
 * 备案本身保持“审核完成”，已备案工种不动；增量审核完成后其工种即为已备案。
 */
export async function incrementAdd(db: Db, session: Session, input: { id: number; works: WorkChoice[] }, audit: Audit) {
  const { user } = session;
  const f = await loadFiling(db, user, input.id);
  assertKindPermission(session, f.kind, 'edit');
  if (actorOf(user) !== 'org') throw ApiError.forbidden('增量备案须由备案机构本身办理');
  if (f.status !== COMPLETED) throw ApiError.badRequest(`当前状态为「${statusLabel(f.status)}」，不能增量备案（须为审核完成）`);
  const works = await resolveWorks(db, input.works);
  return db.transaction(async (tx) => {
    let inc = await openIncrement(tx, f.id);
    if (inc && !EDITABLE_STATUSES.includes(inc.status)) throw ApiError.badRequest(`增量备案当前状态为「${statusLabel(inc.status)}」，不能再添加工种`);
    const existing = await tx.select({ code: filingWorks.workCode, incrementId: filingWorks.incrementId }).from(filingWorks).where(eq(filingWorks.filingId, f.id));
    const taken = new Set(existing.filter((e) => !inc || e.incrementId !== inc.id).map((e) => e.code));
    const dup = works.filter((w) => taken.has(w.workCode));
    if (dup.length) throw ApiError.conflict(`工种已备案：${dup.map((d) => d.workName).join('、')}`);
    if (!inc) {
      [inc] = await tx.insert(filingIncrements).values({ filingId: f.id, status: NOT_FILED }).returning();
      await tx.insert(filingHistory).values({
        filingId: f.id,
        incrementId: inc.id,
        action: 'incrementAdd',
        fromStatus: NOT_FILED,
        toStatus: NOT_FILED,
        actorId: user.id,
        actorName: user.realName || user.nickName,
      });
    }
    await tx.delete(filingWorks).where(eq(filingWorks.incrementId, inc.id));
    await tx.insert(filingWorks).values(works.map((w) => ({ ...w, filingId: f.id, incrementId: inc.id })));
    audit({ entity: 'filing_increment', entityId: inc.id, after: works, detail: `备案 ${f.code} 增量工种：${works.map((w) => w.workName).join('、')}` });
    return { incrementId: inc.id, status: inc.status, statusName: statusLabel(inc.status), works };
  });
}

export async function currentIncrementId(db: Db, user: SessionUser, id: number, incrementId?: number): Promise<number> {
  if (incrementId) return incrementId;
  const f = await loadFiling(db, user, id);
  const inc = await openIncrement(db, f.id);
  if (!inc) throw ApiError.badRequest('该备案没有待提交的增量备案');
  return inc.id;
}

// ---------- 资料（场地、考点、工种、人员）：只在可编辑状态下由机构维护 ----------

export async function editableFiling(db: Db, session: Session, filingId: number, what: string): Promise<Filing> {
  const f = await loadFiling(db, session.user, filingId);
  assertOwnOrgEditor(session, f, what);
  return f;
}

export async function viewableFiling(db: Db, session: Session, filingId: number): Promise<Filing> {
  const f = await loadFiling(db, session.user, filingId);
  if (!can(session, [`${kindResource(f.kind)}.query`, 'filingAudit.query'])) throw ApiError.forbidden();
  return f;
}

/**
 * 已备案的场所（考点、考场）：排考时选择。只列有效备案的场所，按范围过滤；机构用户只看本机构的，
 * 可按机构、类别、场所类型与名称筛选。
 */
export async function filedSites(db: Db, user: SessionUser, filter: { orgId?: number; kind?: number; siteType?: 'site' | 'examSite'; name?: string }) {
  const rows = await db
    .select({
      id: filingSites.id,
      siteType: filingSites.siteType,
      name: filingSites.name,
      address: filingSites.address,
      seats: filingSites.seats,
      filingId: filings.id,
      filingCode: filings.code,
      kind: filings.kind,
      orgId: organisations.id,
      orgName: organisations.name,
    })
    .from(filingSites)
    .innerJoin(filings, eq(filings.id, filingSites.filingId))
    .innerJoin(organisations, eq(organisations.id, filings.orgId))
    .where(
      and(
        scopeOf(user),
        inArray(filings.status, FILING_IN_FORCE),
        filter.orgId === undefined ? undefined : eq(filings.orgId, filter.orgId),
        filter.kind === undefined ? undefined : eq(filings.kind, filter.kind),
        filter.siteType ? eq(filingSites.siteType, filter.siteType) : undefined,
        filter.name ? ilike(filingSites.name, containsPattern(filter.name)) : undefined,
      ),
    )
    .orderBy(asc(organisations.name), asc(filingSites.siteType), asc(filingSites.name))
    .limit(500);
  return rows.map((r) => ({ ...r, label: `${r.orgName} · ${r.name}` }));
}

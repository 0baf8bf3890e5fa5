// 考试计划：列表（每行带当前用户可做的操作与进度）、各步计数、详情、制定与修改、删除、办理历史、附件、可选工种。
// 状态变更只经 workflow.ts 的工作流声明（引擎）。数据范围：机构只看本机构，市级只看本市，省级看全省；范围外答 404。
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { fetchPage } from '@/lib/platform/db/paged';
import { ApiError } from '@/lib/platform/api/errors';
import { can, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { scopeWhere } from '@/lib/platform/auth/scope';
import { actorName } from '@/lib/platform/workflow';
import { beijingDate, formatBeijing } from '@/lib/platform/time';
import { businessCode, nextId } from '@/lib/platform/db/codes';
import { containsPattern } from '@/lib/platform/db/like';
import { areas } from '../area/tables';
import { organisations } from '../org/tables';
import { LEVEL_NAMES } from '../catalog/schemas';
import { fileRefs, fileUploads } from '../file/tables';
import { attachFiles, detachFiles, displayName, fileUrl } from '../file/service';
import { examPlanHistory, examPlans, examPlanWorks, type ExamPlan } from './tables';
import {
  ARRANGE_TYPE_LABEL,
  isCancelled,
  isRejected,
  kindResource,
  LAST_STEP,
  OPERATIONS,
  PLAN_KINDS,
  PLAN_STATE,
  PLAN_STEP,
  pendingStates,
  positionLabel,
  stateLabel,
  STEP_LABEL,
  stepLabel,
  verbOf,
} from './transitions';
import { actorOf, loadPlan } from './access';
import { filedWorks, filingInForce, uncoveredWork } from './filed';
import { exaPlanWorkflow, loadPlanSubject, planActions } from './workflow';
import type { PlanHistoryItem, PlanItem, PlanWorkItem } from './schemas';

/** 计划附件在上传服务里登记的实体名 */
export const PLAN_FILE_ENTITY = 'exam_plan';

export { actorOf };

const kindPermission = (kind: number, action: string) => `${kindResource(kind)}.${action}`;

export function assertKindPermission(session: Session, kind: number, action: string): void {
  if (!can(session, kindPermission(kind, action))) throw ApiError.forbidden(`没有${PLAN_KINDS[kind]}计划的相应权限`);
}

/** 查看一份计划：该类计划的查看权限，或计划审核的查看权限 */
function assertViewable(session: Session, plan: ExamPlan, action: 'query' | 'get'): void {
  if (!can(session, `exaPlanAudit.${action}`)) assertKindPermission(session, plan.kind, action);
}

/** 机构本身对本机构的计划 */
function assertOwnOrg(user: SessionUser, plan: ExamPlan, what: string): void {
  if (user.level !== 'org' || user.orgId !== plan.orgId) throw ApiError.forbidden(`只有计划所属的评价机构可以${what}`);
}

const levelNames = (levels: readonly number[]) => levels.map((l) => LEVEL_NAMES[l] ?? String(l));

// ---------- 列表 ----------

export interface PlanFilter {
  kind?: number;
  name?: string;
  code?: string;
  orgName?: string;
  step?: number;
  state?: number;
  dateStart?: string;
  dateEnd?: string;
  pendingOnly?: boolean;
}

/** 当前用户能看的计划类别：审核员看全部，其余按各类计划的查看权限 */
function visibleKinds(session: Session): number[] {
  if (can(session, 'exaPlanAudit.query')) return [0, 1, 2, 3];
  return [0, 1, 2, 3].filter((k) => can(session, kindPermission(k, 'query')));
}

function planWhere(session: Session, filter: PlanFilter, withStep = true): SQL | undefined {
  const { user } = session;
  if (filter.kind !== undefined && !visibleKinds(session).includes(filter.kind)) assertKindPermission(session, filter.kind, 'query');
  const conds: (SQL | undefined)[] = [scopeWhere(user, { cityId: examPlans.cityId, orgId: examPlans.orgId }), inArray(examPlans.kind, visibleKinds(session))];
  if (filter.kind !== undefined) conds.push(eq(examPlans.kind, filter.kind));
  if (filter.name) conds.push(ilike(examPlans.name, containsPattern(filter.name)));
  if (filter.code) conds.push(ilike(examPlans.code, containsPattern(filter.code)));
  if (filter.orgName) conds.push(ilike(organisations.name, containsPattern(filter.orgName)));
  if (filter.dateStart) conds.push(gte(examPlans.examStartDate, filter.dateStart));
  if (filter.dateEnd) conds.push(lte(examPlans.examStartDate, filter.dateEnd));
  if (withStep && filter.step !== undefined) {
    conds.push(eq(examPlans.step, filter.step));
    // 按步骤看的是进行中的计划；已取消的计划用状态“已取消”筛选
    if (filter.state === undefined) conds.push(ne(examPlans.state, PLAN_STATE.CANCELLED));
  }
  if (withStep && filter.state !== undefined) conds.push(eq(examPlans.state, filter.state));
  if (filter.pendingOnly) {
    const actor = actorOf(user);
    const states = actor && actor !== 'org' ? pendingStates(actor) : [];
    conds.push(states.length ? inArray(examPlans.state, states) : eq(examPlans.id, -1));
  }
  return and(...conds);
}

const listRows = (db: Db) =>
  db
    .select({ p: examPlans, orgName: organisations.name, cityName: areas.name })
    .from(examPlans)
    .innerJoin(organisations, eq(organisations.id, examPlans.orgId))
    .leftJoin(areas, eq(areas.id, examPlans.cityId));

export async function listPlans(db: Db, session: Session, filter: PlanFilter, page: Page): Promise<PageResult<PlanItem>> {
  const where = planWhere(session, filter);
  return fetchPage(
    page,
    listRows(db).where(where).orderBy(desc(examPlans.updatedAt), desc(examPlans.id)),
    db.select({ total: count() }).from(examPlans).innerJoin(organisations, eq(organisations.id, examPlans.orgId)).where(where),
    (rows) => toItems(db, session, rows),
  );
}

/**
 * 列表头部各页签的计数：每个数 = 以同样的筛选点开该页签时列表的总数。页签的参数与筛选合并的方式与界面相同
 * （筛选里的办理状态优先）：“全部”不限步骤与状态（含已取消的计划）；第 n 步是该步进行中的计划（筛选了办理状态时为该状态的）；
 * “已取消”是已取消的计划（筛选了办理状态时为该状态的）。一条 group by 按步骤与状态分组，各页签从中相加。
 */
export async function planHead(db: Db, session: Session, filter: PlanFilter) {
  const rows = await db
    .select({ step: examPlans.step, state: examPlans.state, n: count() })
    .from(examPlans)
    .innerJoin(organisations, eq(organisations.id, examPlans.orgId))
    .where(planWhere(session, filter, false))
    .groupBy(examPlans.step, examPlans.state);
  const sum = (keep: (r: (typeof rows)[number]) => boolean) => rows.filter(keep).reduce((a, r) => a + Number(r.n), 0);
  const { state } = filter;
  const inStep = (r: (typeof rows)[number]) => (state !== undefined ? r.state === state : r.state !== PLAN_STATE.CANCELLED);
  return {
    total: sum((r) => state === undefined || r.state === state),
    cancelled: sum((r) => r.state === (state ?? PLAN_STATE.CANCELLED)),
    steps: STEP_LABEL.map((name, step) => ({ step, name, count: sum((r) => r.step === step && inStep(r)) })),
  };
}

async function worksByPlan(db: Db, ids: readonly number[]): Promise<Map<number, PlanWorkItem[]>> {
  const out = new Map<number, PlanWorkItem[]>();
  if (!ids.length) return out;
  const rows = await db
    .select()
    .from(examPlanWorks)
    .where(inArray(examPlanWorks.planId, [...ids]))
    .orderBy(asc(examPlanWorks.workCode), desc(examPlanWorks.level));
  for (const r of rows) {
    const list = out.get(r.planId) ?? [];
    let w = list.find((x) => x.workCode === r.workCode);
    if (!w) {
      w = { workCode: r.workCode, workName: r.workName, levels: [], levelNames: [] };
      list.push(w);
    }
    w.levels.push(r.level);
    w.levelNames.push(LEVEL_NAMES[r.level] ?? String(r.level));
    out.set(r.planId, list);
  }
  return out;
}

export const progressOf = (step: number): number => Math.round(((step + 1) / (LAST_STEP + 1)) * 100);

async function toItems(db: Db, session: Session, rows: { p: ExamPlan; orgName: string; cityName: string | null }[]): Promise<PlanItem[]> {
  const [works, actions] = await Promise.all([
    worksByPlan(db, rows.map((r) => r.p.id)),
    planActions(
      db,
      session,
      rows.map((r) => r.p),
    ),
  ]);
  return rows.map(({ p, orgName, cityName }) => {
    const w = works.get(p.id) ?? [];
    return {
      id: p.id,
      code: p.code,
      kind: p.kind,
      kindName: PLAN_KINDS[p.kind],
      name: p.name,
      orgId: p.orgId,
      orgName,
      cityId: p.cityId,
      cityName,
      step: p.step,
      stepName: stepLabel(p.step),
      state: p.state,
      stateName: stateLabel(p.state),
      positionName: positionLabel(p),
      progress: progressOf(p.step),
      arrangeTypes: p.arrangeTypes,
      arrangeTypeNames: p.arrangeTypes.map((a) => ARRANGE_TYPE_LABEL[a] ?? String(a)),
      examStartDate: p.examStartDate,
      examEndDate: p.examEndDate,
      expectedCount: p.expectedCount,
      fee: p.fee,
      contactName: p.contactName,
      contactPhone: p.contactPhone,
      works: w,
      workSummary: w.map((x) => `${x.workName}（${x.levelNames.join('、')}）`).join('；'),
      lastOpinion: p.lastOpinion,
      officialPlanWarning: p.officialPlanWarning,
      actions: actions.get(p.id) ?? [],
      // 界面的标记（界面不比较状态号）
      cancelled: isCancelled(p),
      rejected: isRejected(p),
      submitTime: p.submittedAt ? formatBeijing(p.submittedAt) : null,
      approveTime: p.approvedAt ? formatBeijing(p.approvedAt) : null,
      createTime: formatBeijing(p.createdAt),
    };
  });
}

export async function planItem(db: Db, session: Session, p: ExamPlan): Promise<PlanItem> {
  const [row] = await db
    .select({ orgName: organisations.name, cityName: areas.name })
    .from(organisations)
    .leftJoin(areas, eq(areas.id, organisations.cityId))
    .where(eq(organisations.id, p.orgId));
  return (await toItems(db, session, [{ p, orgName: row?.orgName ?? '', cityName: row?.cityName ?? null }]))[0];
}

// ---------- 详情、附件、历史 ----------

export async function planFiles(db: Db, planId: number) {
  const rows = await db
    .select({ key: fileUploads.storageKey, originalName: fileUploads.originalName, ext: fileUploads.ext, size: fileUploads.size })
    .from(fileRefs)
    .innerJoin(fileUploads, eq(fileUploads.id, fileRefs.fileId))
    .where(and(eq(fileRefs.entity, PLAN_FILE_ENTITY), eq(fileRefs.entityId, planId)))
    .orderBy(asc(fileRefs.id));
  return rows.map((r) => ({ url: fileUrl(r.key), name: displayName(r), size: r.size }));
}

export async function planFilesOf(db: Db, session: Session, id: number) {
  const plan = await loadPlan(db, session.user, id);
  assertViewable(session, plan, 'get');
  return planFiles(db, plan.id);
}

/** 详情：计划、工种、附件、取消信息与当前用户此刻可做的操作 */
export async function planDetail(db: Db, session: Session, id: number) {
  const plan = await loadPlan(db, session.user, id);
  assertViewable(session, plan, 'get');
  const [item, files] = await Promise.all([planItem(db, session, plan), planFiles(db, plan.id)]);
  return {
    ...item,
    filingId: plan.filingId,
    remark: plan.remark,
    attachments: files.map((f) => f.url),
    files,
    cancelReason: plan.cancelReason,
    cancelTime: plan.cancelledAt ? formatBeijing(plan.cancelledAt) : null,
    editable: item.actions.includes('edit'),
  };
}

const historyActionName = (action: string): string => (action === 'create' ? '制定计划' : (verbOf(action) ?? action));

export async function planHistory(db: Db, session: Session, id: number): Promise<PlanHistoryItem[]> {
  const plan = await loadPlan(db, session.user, id);
  assertViewable(session, plan, 'get');
  const rows = await db.select().from(examPlanHistory).where(eq(examPlanHistory.planId, id)).orderBy(asc(examPlanHistory.createdAt), asc(examPlanHistory.id));
  return rows.map((h) => ({
    id: h.id,
    action: h.action,
    actionName: historyActionName(h.action),
    fromStep: h.fromStep,
    toStep: h.toStep,
    fromState: h.fromState,
    toState: h.toState,
    fromStatusName: positionLabel({ step: h.fromStep, state: h.fromState }),
    toStatusName: positionLabel({ step: h.toStep, state: h.toState }),
    color: isRejected({ state: h.toState }) || isCancelled({ state: h.toState }) ? 'red' : h.toStep > h.fromStep ? 'green' : 'blue',
    opinion: h.opinion,
    actorName: h.actorName,
    createTime: formatBeijing(h.createdAt),
  }));
}

/** 取消信息：是否已取消、原因、时间与办理人；未取消时给出能否取消 */
export async function cancelInfo(db: Db, session: Session, id: number) {
  const plan = await loadPlan(db, session.user, id);
  assertViewable(session, plan, 'get');
  const item = await planItem(db, session, plan);
  const h = (
    await db
      .select({ actorName: examPlanHistory.actorName })
      .from(examPlanHistory)
      .where(and(eq(examPlanHistory.planId, id), eq(examPlanHistory.action, 'cancel')))
      .orderBy(desc(examPlanHistory.id))
      .limit(1)
  ).at(0);
  return {
    id: plan.id,
    code: plan.code,
    cancelled: isCancelled(plan),
    cancelReason: plan.cancelReason,
    cancelTime: plan.cancelledAt ? formatBeijing(plan.cancelledAt) : null,
    cancelledBy: h?.actorName ?? null,
    canCancel: item.actions.includes('cancel'),
    positionName: item.positionName,
  };
}

// ---------- 可选工种 ----------

/** 本机构某类有效备案里可以制定计划的工种与等级（机构以外的用户为空） */
export async function planFiledWorks(db: Db, session: Session, kind: number) {
  const { user } = session;
  if (user.level !== 'org' || !user.orgId) return { filingId: null, filingCode: null, works: [] };
  const filing = await filingInForce(db, user.orgId, kind);
  if (!filing) return { filingId: null, filingCode: null, works: [] };
  const works = await filedWorks(db, filing.id);
  return { filingId: filing.id, filingCode: filing.code, works: works.map((w) => ({ ...w, levelNames: levelNames(w.levels) })) };
}

// ---------- 制定与修改、删除 ----------

export interface SavePlanInput {
  id?: number;
  kind: number;
  name: string;
  works: { workCode: string; levels: number[] }[];
  arrangeTypes: number[];
  examStartDate: string;
  examEndDate: string;
  expectedCount: number;
  fee: number;
  contactName: string;
  contactPhone: string;
  remark: string | null;
  attachments: string[];
}

/** 新计划的主键与编号 JH + 年份（北京时间）+ 类别 + 6 位序号（取自主键），以最终编号插入 */
export async function newPlanCode(tx: Db, kind: number, at = new Date()): Promise<{ id: number; code: string }> {
  const id = await nextId(tx, examPlans);
  return { id, code: businessCode({ prefix: 'JH', year: beijingDate(at).slice(0, 4), kind, serial: id }) };
}

/**
 * 制定或修改计划（第 0 步办理中或被驳回）：只由评价机构办理，机构取自会话；工种与等级须在本机构该类有效备案内，
 * 不在的按名称拒绝；考试开始日期不能在过去（提交时另按提前天数检查）。
 */
export async function savePlan(db: Db, session: Session, input: SavePlanInput, audit: Audit): Promise<PlanItem> {
  const { user } = session;
  assertKindPermission(session, input.kind, input.id ? 'edit' : 'add');
  if (user.level !== 'org' || !user.orgId) throw ApiError.forbidden('考试计划须由评价机构制定');
  const orgId = user.orgId;
  if (input.examStartDate < beijingDate(new Date())) throw ApiError.badRequest('考试开始日期不能早于今天', { examStartDate: '考试开始日期不能早于今天' });
  const dup = input.works.map((w) => w.workCode).find((c, i, all) => all.indexOf(c) !== i);
  if (dup) throw ApiError.badRequest(`工种 ${dup} 重复，请合并为一项`);
  return db.transaction(async (tx) => {
    let before: ExamPlan | null = null;
    if (input.id) {
      const subject = await loadPlanSubject(tx, user, input.id);
      assertOwnOrg(user, subject, '修改计划');
      if (subject.kind !== input.kind) throw ApiError.badRequest('计划类型不能修改');
      exaPlanWorkflow.assertOperation(subject, session, 'edit');
      before = subject;
    }
    const filing = await filingInForce(tx, orgId, input.kind);
    if (!filing) throw ApiError.badRequest(`本机构没有有效的${PLAN_KINDS[input.kind]}备案，不能制定该类考试计划`);
    const filed = await filedWorks(tx, filing.id);
    const wanted = input.works.flatMap((w) => [...new Set(w.levels)].map((level) => ({ workCode: w.workCode, level })));
    const missing = uncoveredWork(wanted, filed, PLAN_KINDS[input.kind]);
    if (missing) throw ApiError.badRequest(missing, { works: missing });
    const nameOf = new Map(filed.map((w) => [w.workCode, w.workName]));
    const fields = {
      name: input.name,
      filingId: filing.id,
      arrangeTypes: [...new Set(input.arrangeTypes)].sort(),
      examStartDate: input.examStartDate,
      examEndDate: input.examEndDate,
      expectedCount: input.expectedCount,
      fee: input.fee.toFixed(2),
      contactName: input.contactName,
      contactPhone: input.contactPhone,
      remark: input.remark,
    };
    let plan: ExamPlan;
    const now = new Date();
    if (before) {
      [plan] = await tx
        .update(examPlans)
        .set({ ...fields, updatedAt: now })
        .where(and(eq(examPlans.id, before.id), eq(examPlans.step, before.step), eq(examPlans.state, before.state)))
        .returning();
      if (!plan) throw ApiError.conflict('计划状态已被他人更新，请刷新后重试');
      await tx.delete(examPlanWorks).where(eq(examPlanWorks.planId, plan.id));
    } else {
      const [org] = await tx.select({ cityId: organisations.cityId }).from(organisations).where(eq(organisations.id, orgId));
      [plan] = await tx
        .insert(examPlans)
        .values({ ...fields, ...(await newPlanCode(tx, input.kind, now)), kind: input.kind, orgId, cityId: org?.cityId ?? null, step: PLAN_STEP.DRAFT, state: PLAN_STATE.WORKING, createdBy: user.id })
        .returning();
      const s = { step: PLAN_STEP.DRAFT, state: PLAN_STATE.WORKING };
      await tx.insert(examPlanHistory).values({
        planId: plan.id,
        action: 'create',
        fromStep: s.step,
        fromState: s.state,
        toStep: s.step,
        toState: s.state,
        actorId: user.id,
        actorName: actorName(user),
      });
    }
    await tx.insert(examPlanWorks).values(wanted.map((w) => ({ planId: plan.id, workCode: w.workCode, workName: nameOf.get(w.workCode) ?? w.workCode, level: w.level })));
    await attachFiles(tx, { entity: PLAN_FILE_ENTITY, entityId: plan.id }, input.attachments, { by: user });
    audit({
      entity: 'exam_plan',
      entityId: plan.id,
      before,
      after: { ...plan, works: wanted, attachments: input.attachments },
      detail: `${before ? '修改' : '制定'}${PLAN_KINDS[plan.kind]}考试计划 ${plan.code}`,
    });
    return planItem(tx, session, plan);
  });
}

/** 删除：只能删除第 0 步办理中或被驳回、且从未审核通过的计划（审核通过过的计划只能取消） */
export async function deletePlan(db: Db, session: Session, input: { id: number }, audit: Audit): Promise<{ removed: number }> {
  const { user } = session;
  const plan = await loadPlanSubject(db, user, input.id);
  assertKindPermission(session, plan.kind, 'delete');
  assertOwnOrg(user, plan, '删除计划');
  // 位置可删而曾审核通过：说明原因（引擎只会说“不能删除”）
  if (plan.approvedAt && exaPlanWorkflow.isAt(exaPlanWorkflow.positionOf(plan), OPERATIONS.delete.from)) throw ApiError.badRequest('计划曾审核通过，不能删除，可以取消计划');
  exaPlanWorkflow.assertOperation(plan, session, 'delete');
  await db.transaction(async (tx) => {
    await detachFiles(tx, { entity: PLAN_FILE_ENTITY, entityId: plan.id });
    await tx.delete(examPlans).where(eq(examPlans.id, plan.id));
  });
  audit({ entity: 'exam_plan', entityId: plan.id, before: plan, detail: `删除考试计划 ${plan.code}` });
  return { removed: 1 };
}

// 培训班与其附带申请的一切状态变更都经这里：查转换表（transitions.ts）→ 权限、办理方、当前状态、意见 → 条件（gates）→
// 条件更新（防并发）→ 历史 → 铃铛通知 → 操作日志。
// 延期开班通过时：班级日期改为新的日期，已排的课整体平移同样的天数（平移后教师与地点不得与别的班冲突，学员不得与别的班日期重叠）；
// 信息更正通过时：把申请里的字段写到班级上。
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import type { Page, PageResult } from '@/lib/platform/api/paging';
import { assertInScope, scopeWhere } from '@/lib/platform/auth/scope';
import { can, type Session, type SessionUser } from '@/lib/platform/auth/session';
import { containsPattern } from '@/lib/platform/db/like';
import { withUniqueMessage } from '@/lib/platform/db/save-row';
import { beijingDate, formatBeijing } from '@/lib/platform/time';
import { users } from '@/lib/domains/user/tables';
import { resources, roleResources, userRoles } from '@/lib/domains/access/tables';
import { notify } from '@/lib/domains/message/service';
import { releaseForClasses } from '@/lib/domains/subsidy/coupons';
import { organisations } from '@/lib/domains/org/tables';
import { assertTeachersAssignable } from '@/lib/domains/teacher/assignable';
import { teachers } from '@/lib/domains/teacher/tables';
import { trainClasses, trainClassHistory, trainClassRequests, trainLessons, trainStudents, type TrainClass, type TrainClassRequest } from './tables';
import { loadClass } from './access';
import { recheckClass, overlapsOf, studentOverlapMessage } from './checks';
import { clashOf, curriculumSummary, lessonsOf, placeKeyOf } from './curriculum';
import { pendingStudentImport } from './roster';
import { pendingAttendanceImport } from './imports';
import {
  ACTOR_LABEL,
  actorFor,
  CLASS_STATUS,
  classStatusLabel,
  isApply,
  pendingStatuses,
  REQUEST_KIND_LABEL,
  REQUEST_STATUS,
  requestActions,
  requestStatusLabel,
  transitionOf,
  TRANSITIONS,
  type GateKey,
  type RequestKind,
  type Transition,
  type TransitionAction,
} from './transitions';
import { CHECK, COMPLETION, CORRECTABLE_FIELDS, CORRECTABLE_LABEL, EXAMINE, type CorrectableField, type RequestItem } from './schemas';

const actorName = (user: SessionUser) => user.realName || user.nickName;
const OPINION_MESSAGE: Partial<Record<TransitionAction, string>> = { discard: '请输入作废原因' };

/** 各界面的路由（通知里的链接） */
const PATHS: Record<'apply' | 'approve' | 'postponeApply' | 'postponeApprove' | 'correctApply' | 'correctApprove', string> = {
  apply: '/train/class/apply',
  approve: '/train/class/approve',
  postponeApply: '/train/class/postpone-apply',
  postponeApprove: '/train/class/postpone-approve',
  correctApply: '/train/class/correct-apply',
  correctApprove: '/train/class/correct-approve',
};

// ---------- 条件 ----------

async function gateFailures(tx: Db, c: TrainClass, gates: readonly GateKey[]): Promise<string[]> {
  const out: string[] = [];
  const today = beijingDate(new Date());
  for (const gate of gates) {
    switch (gate) {
      case 'curriculum': {
        const s = await curriculumSummary(tx, c);
        if (s.lessons + s.online === 0) out.push('还没有排课程（线下课程或线上课程）');
        else if (s.lessonHours + s.onlineHours < c.hours) out.push(`课程体系的总学时 ${s.lessonHours + s.onlineHours} 少于班级学时 ${c.hours}`);
        if (s.outside > 0) out.push(`有 ${s.outside} 节课不在开班日期内`);
        break;
      }
      case 'students': {
        const [row] = await tx
          .select({ n: count(), refused: sql<number>`count(*) filter (where ${trainStudents.idCheck} = ${CHECK.REFUSED} or ${trainStudents.qualification} = ${CHECK.REFUSED})::int` })
          .from(trainStudents)
          .where(eq(trainStudents.classId, c.id));
        const n = Number(row?.n ?? 0);
        if (n === 0) out.push('还没有学员');
        if (n > c.capacity) out.push(`学员人数 ${n} 超过计划人数 ${c.capacity}`);
        if (Number(row?.refused ?? 0) > 0) out.push(`有 ${row.refused} 名学员身份核验或培训资格不通过，请移出后再提交`);
        const pending = await pendingStudentImport(tx, c.id);
        if (pending) out.push(`有未确认的学员导入「${pending.fileName}」`);
        break;
      }
      case 'startNotPassed':
        if (c.startDate < today) out.push(`开班日期 ${c.startDate} 已过`);
        break;
      case 'startReached':
        if (today < c.startDate) out.push(`未到开班日期 ${c.startDate}`);
        break;
      case 'endReached':
        if (today < c.endDate) out.push(`未到结业日期 ${c.endDate}`);
        break;
      case 'lessonsHeld': {
        // 最后一节线下课结束之后才能结业（结业日期当天的课也要上完）
        const [last] = await tx.select({ name: trainLessons.name, endAt: trainLessons.endAt }).from(trainLessons).where(eq(trainLessons.classId, c.id)).orderBy(desc(trainLessons.endAt)).limit(1);
        if (last && last.endAt.getTime() > Date.now()) out.push(`最后一节课「${last.name}」${formatBeijing(last.endAt).slice(0, 16)} 才结束，课上完之后才能结业`);
        break;
      }
      case 'completionRecorded': {
        const [row] = await tx
          .select({ n: count() })
          .from(trainStudents)
          .where(and(eq(trainStudents.classId, c.id), eq(trainStudents.completion, COMPLETION.NONE), ne(trainStudents.examine, EXAMINE.REJECTED)));
        if (Number(row?.n ?? 0) > 0) out.push(`还有 ${row.n} 名学员未登记结业情况`);
        const pending = await pendingAttendanceImport(tx, c.id);
        if (pending) out.push(`有未确认的出勤导入「${pending.fileName}」`);
        break;
      }
    }
  }
  return out;
}

// ---------- 共用 ----------

/** 一步转换前的检查：权限与办理方 403、状态 400、意见。of 为班级（状态为班级状态）或申请 */
function guard(session: Session, t: Transition, of: { kind: 'class' | 'request'; orgId: number; cityId: number | null; status: number }, opinion: string | null | undefined) {
  if (!can(session, t.permission)) throw ApiError.forbidden(`没有${t.verb}的权限`);
  if (actorFor(session.user, of) !== t.actor) throw ApiError.forbidden(`「${t.verb}」须由${ACTOR_LABEL[t.actor]}办理`);
  if (!t.from.includes(of.status)) {
    throw ApiError.badRequest(of.kind === 'class' ? `班级当前为「${classStatusLabel(of.status)}」，不能${t.verb}` : `申请当前为「${requestStatusLabel(of.status)}」，不能${t.verb}`);
  }
  if (t.opinion === 'required' && !opinion?.trim()) {
    const message = OPINION_MESSAGE[t.action] ?? '请输入审核意见';
    throw ApiError.badRequest(message, { opinion: message });
  }
}

/** 持有某审批资源 edit 权限的本市市级用户 */
async function reviewersOf(tx: Db, resource: string, cityId: number | null): Promise<number[]> {
  if (cityId === null) return [];
  const rows = await tx
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roleResources, eq(roleResources.roleId, userRoles.roleId))
    .innerJoin(resources, eq(resources.id, roleResources.resourceId))
    .where(and(eq(users.level, 'city'), eq(users.cityId, cityId), eq(resources.key, resource), sql`'edit' = any(${roleResources.actions})`));
  return rows.map((r) => r.id);
}

async function orgUsers(tx: Db, orgId: number): Promise<number[]> {
  return (await tx.select({ id: users.id }).from(users).where(eq(users.orgId, orgId))).map((r) => r.id);
}

const link = (path: string, code: string) => `${path}?code=${encodeURIComponent(code)}`;

// ---------- 班级 ----------

export interface ClassTransitionRequest {
  id: number;
  action: TransitionAction;
  opinion?: string | null;
}

/** 班级的一步转换（提交、撤回、审核、发布、开班、结业、考核、作废、作废审核） */
export async function applyClassTransition(db: Db, session: Session, req: ClassTransitionRequest, audit: Audit) {
  const { user } = session;
  const t = transitionOf(req.action);
  if (t.subject !== 'class') throw ApiError.badRequest('操作不正确');
  return db.transaction(async (tx) => {
    const c = await loadClass(tx, user, req.id);
    guard(session, t, { kind: 'class', ...c }, req.opinion);
    if (t.action === 'submit') await recheckClass(tx, c);
    if (t.gates) {
      const reasons = await gateFailures(tx, c, t.gates);
      if (reasons.length) throw ApiError.badRequest(`不能${t.verb}：${reasons.join('；')}`);
    }
    const to = t.to === 'previous' ? (c.statusBeforeDiscard ?? CLASS_STATUS.APPROVED) : t.to;
    const opinion = t.opinion === 'none' ? null : req.opinion?.trim() || null;
    const now = new Date();
    const stamp = {
      ...(t.action === 'submit' ? { submittedAt: now } : {}),
      ...(t.action === 'approve' ? { approvedAt: now } : {}),
      ...(t.action === 'publish' ? { publishedAt: now } : {}),
      ...(t.action === 'discard' ? { discardReason: opinion, statusBeforeDiscard: c.status } : {}),
      ...(t.action === 'discardReject' ? { statusBeforeDiscard: null } : {}),
      ...(t.actor === 'city' ? { lastOpinion: opinion } : {}),
    };
    const [updated] = await tx
      .update(trainClasses)
      .set({ status: to, updatedAt: now, ...stamp })
      .where(and(eq(trainClasses.id, c.id), eq(trainClasses.status, c.status)))
      .returning({ id: trainClasses.id });
    if (!updated) throw ApiError.conflict('班级状态已被他人更新，请刷新后重试');
    await tx.insert(trainClassHistory).values({ classId: c.id, subject: 'class', action: t.action, fromStatus: c.status, toStatus: to, opinion, actorId: user.id, actorName: actorName(user), createdAt: now });
    // 作废生效：核销到本班的培训券退回为未使用（否则券随作废的班一起丢失）
    const couponsReleased = to === CLASS_STATUS.DISCARDED ? await releaseForClasses(tx, [c.id]) : [];

    const what = `培训班 ${c.code}「${c.name}」`;
    const content = `当前：${classStatusLabel(to)}${opinion ? `；意见：${opinion}` : ''}`;
    if (t.actor === 'city') await notify(tx, await orgUsers(tx, c.orgId), { title: `${what}：${t.verb}`, content, kind: 'audit', link: link(PATHS.apply, c.code) });
    else if (pendingStatuses('class').includes(to)) await notify(tx, await reviewersOf(tx, 'trainInfoAudit', c.cityId), { title: `${what}待办理：${t.verb}`, content, kind: 'audit', link: link(PATHS.approve, c.code) });
    const released = couponsReleased.length ? `；退回培训券 ${couponsReleased.join('、')}` : '';
    audit({ entity: 'train_class', entityId: c.id, before: { status: c.status }, after: { status: to, opinion, ...(couponsReleased.length ? { couponsReleased } : {}) }, detail: `${what}${t.verb}（${classStatusLabel(c.status)} → ${classStatusLabel(to)}）${released}` });
    return { id: c.id, status: to, statusName: classStatusLabel(to), ...(couponsReleased.length ? { couponsReleased } : {}) };
  });
}

/** 审核（updateAuditStatus）：待审核的班级通过或驳回 */
export function reviewClass(db: Db, session: Session, input: { id: number; result: 'pass' | 'reject'; opinion: string | null }, audit: Audit) {
  return applyClassTransition(db, session, { id: input.id, action: input.result === 'pass' ? 'approve' : 'reject', opinion: input.opinion }, audit);
}

/** 作废审核（derelictTrainInfoEfficacy）：作废待审核的班级生效或驳回 */
export function reviewDiscard(db: Db, session: Session, input: { id: number; result: 'pass' | 'reject'; opinion: string | null }, audit: Audit) {
  return applyClassTransition(db, session, { id: input.id, action: input.result === 'pass' ? 'discardApprove' : 'discardReject', opinion: input.opinion }, audit);
}

// ---------- 附带申请 ----------

const applyOf = (kind: RequestKind): Transition => TRANSITIONS.find((t) => t.subject === kind && isApply(t))!;
const actionOf = (kind: RequestKind, step: 'Withdraw' | 'Approve' | 'Reject') => transitionOf(`${kind}${step}` as TransitionAction);

async function loadRequest(db: Db, user: SessionUser, id: number): Promise<TrainClassRequest> {
  const [row] = await db.select().from(trainClassRequests).where(eq(trainClassRequests.id, id));
  return assertInScope(user, row, '申请');
}

async function recordRequest(tx: Db, user: SessionUser, r: Pick<TrainClassRequest, 'id' | 'classId' | 'kind'>, action: TransitionAction, from: number | null, to: number, opinion: string | null) {
  await tx.insert(trainClassHistory).values({ classId: r.classId, subject: r.kind, requestId: r.id, action, fromStatus: from, toStatus: to, opinion, actorId: user.id, actorName: actorName(user) });
}

async function teacherNameOf(db: Db, id: number | null): Promise<string | null> {
  if (!id) return null;
  const [t] = await db.select({ name: teachers.name }).from(teachers).where(eq(teachers.id, id));
  return t?.name ?? null;
}

export interface PostponeApply {
  classId: number;
  newStartDate: string;
  newEndDate: string;
  reason: string;
}

export type CorrectApply = { classId: number; reason: string } & Partial<Record<CorrectableField, string | number>>;

/** 发起申请前的检查：范围 404、权限与办理方 403、班级状态 400 */
async function classForApply(db: Db, session: Session, kind: RequestKind, classId: number): Promise<TrainClass> {
  const c = await loadClass(db, session.user, classId);
  guard(session, applyOf(kind), { kind: 'class', ...c }, null);
  return c;
}

async function applyRequest(db: Db, session: Session, kind: RequestKind, c: TrainClass, values: Partial<typeof trainClassRequests.$inferInsert>, audit: Audit) {
  const { user } = session;
  const t = applyOf(kind);
  const row = await withUniqueMessage(`该班级已有待审核的${REQUEST_KIND_LABEL[kind]}申请，请等待审核或先撤回`, () =>
    db.transaction(async (tx) => {
      const [r] = await tx
        .insert(trainClassRequests)
        .values({ classId: c.id, orgId: c.orgId, cityId: c.cityId, kind, status: REQUEST_STATUS.PENDING, reason: '', ...values, createdBy: user.id })
        .returning();
      await recordRequest(tx, user, r, t.action, null, REQUEST_STATUS.PENDING, r.reason);
      const resource = kind === 'postpone' ? 'postponeAudit' : 'infoCorrectAudit';
      await notify(tx, await reviewersOf(tx, resource, c.cityId), {
        title: `培训班 ${c.code}「${c.name}」待审核：${t.verb}`,
        content: r.reason,
        kind: 'audit',
        link: link(kind === 'postpone' ? PATHS.postponeApprove : PATHS.correctApprove, c.code),
      });
      return r;
    }),
  );
  audit({ entity: 'train_class_request', entityId: row.id, after: row, detail: `培训班 ${c.code}${t.verb}` });
  return requestItem(db, session, row.id);
}

/** 延期开班申请（addPostponeClassExamine）：审核通过或已发布、未开班的班级；延期后的开班日期晚于原日期且不早于今天 */
export async function applyPostpone(db: Db, session: Session, input: PostponeApply, audit: Audit) {
  const c = await classForApply(db, session, 'postpone', input.classId);
  if (input.newStartDate <= c.startDate) throw ApiError.badRequest(`延期后的开班日期须晚于原开班日期 ${c.startDate}`, { newStartDate: '须晚于原开班日期' });
  if (input.newStartDate < beijingDate(new Date())) throw ApiError.badRequest('延期后的开班日期不能早于今天', { newStartDate: '不能早于今天' });
  return applyRequest(db, session, 'postpone', c, { reason: input.reason, oldStartDate: c.startDate, oldEndDate: c.endDate, newStartDate: input.newStartDate, newEndDate: input.newEndDate }, audit);
}

/** 信息更正申请：审核通过之后、结业之前；只收与现值不同的字段，至少一项 */
export async function applyCorrect(db: Db, session: Session, input: CorrectApply, audit: Audit) {
  const c = await classForApply(db, session, 'correct', input.classId);
  const changes: Record<string, { from: unknown; to: unknown; fromText?: string | null; toText?: string | null }> = {};
  for (const field of CORRECTABLE_FIELDS) {
    const to = input[field];
    if (to === undefined || to === c[field]) continue;
    changes[field] = { from: c[field], to };
  }
  if (!Object.keys(changes).length) throw ApiError.badRequest('没有要更正的内容：请填写与现在不同的班级名称、培训地点、联系人、联系电话、班主任或备注');
  if (changes.headTeacherId) {
    await assertTeachersAssignable(db, c.orgId, [Number(changes.headTeacherId.to)]);
    changes.headTeacherId.fromText = c.headTeacherName;
    changes.headTeacherId.toText = await teacherNameOf(db, Number(changes.headTeacherId.to));
  }
  return applyRequest(db, session, 'correct', c, { reason: input.reason, changes }, audit);
}

/** 撤回申请（机构，待审核时） */
export async function withdrawRequest(db: Db, session: Session, input: { id: number }, audit: Audit) {
  const r = await loadRequest(db, session.user, input.id);
  const t = actionOf(r.kind as RequestKind, 'Withdraw');
  guard(session, t, { ...r, kind: 'request' }, null);
  await db.transaction(async (tx) => {
    const [u] = await tx
      .update(trainClassRequests)
      .set({ status: REQUEST_STATUS.WITHDRAWN, updatedAt: new Date() })
      .where(and(eq(trainClassRequests.id, r.id), eq(trainClassRequests.status, r.status)))
      .returning({ id: trainClassRequests.id });
    if (!u) throw ApiError.conflict('申请状态已被他人更新，请刷新后重试');
    await recordRequest(tx, session.user, r, t.action, r.status, REQUEST_STATUS.WITHDRAWN, null);
  });
  audit({ entity: 'train_class_request', entityId: r.id, before: { status: r.status }, after: { status: REQUEST_STATUS.WITHDRAWN }, detail: t.verb });
  return requestItem(db, session, r.id);
}

/** 延期通过：改班级日期、课程整体平移；平移后的课不得与别的班冲突，学员不得与别的班日期重叠 */
async function applyPostponeToClass(tx: Db, c: TrainClass, r: TrainClassRequest) {
  const days = Math.round((Date.parse(`${r.newStartDate}T00:00:00Z`) - Date.parse(`${c.startDate}T00:00:00Z`)) / 86_400_000);
  const shifted = { ...c, startDate: r.newStartDate!, endDate: r.newEndDate! };
  const shift = (d: Date) => new Date(d.getTime() + days * 86_400_000);
  for (const l of await lessonsOf(tx, c.id)) {
    const clash = await clashOf(tx, { id: l.id, ignoreClassId: c.id, classId: c.id, orgId: c.orgId, teacherId: l.teacherId, teacherName: l.teacherName, place: l.place, placeKey: placeKeyOf(l.place), startAt: shift(l.startAt), endAt: shift(l.endAt) });
    if (clash) throw ApiError.badRequest(clash);
  }
  const people = await tx.select({ name: trainStudents.name, idNumber: trainStudents.idNumber }).from(trainStudents).where(eq(trainStudents.classId, c.id));
  const overlaps = await overlapsOf(
    tx,
    shifted,
    people.map((p) => p.idNumber),
  );
  const first = people.find((p) => overlaps.has(p.idNumber));
  if (first) throw ApiError.badRequest(studentOverlapMessage(first.name, overlaps.get(first.idNumber)!));
  if (days) {
    await tx
      .update(trainLessons)
      .set({ startAt: sql`${trainLessons.startAt} + make_interval(days => ${days})`, endAt: sql`${trainLessons.endAt} + make_interval(days => ${days})`, updatedAt: new Date() })
      .where(eq(trainLessons.classId, c.id));
  }
  await tx.update(trainClasses).set({ startDate: shifted.startDate, endDate: shifted.endDate, updatedAt: new Date() }).where(eq(trainClasses.id, c.id));
}

async function applyCorrectToClass(tx: Db, c: TrainClass, r: TrainClassRequest) {
  const set: Partial<typeof trainClasses.$inferInsert> = {};
  for (const [field, change] of Object.entries(r.changes ?? {})) {
    if (!(CORRECTABLE_FIELDS as readonly string[]).includes(field)) continue;
    (set as Record<string, unknown>)[field] = change.to;
  }
  if (r.changes?.headTeacherId) {
    const id = Number(r.changes.headTeacherId.to);
    await assertTeachersAssignable(tx, c.orgId, [id]);
    set.headTeacherName = await teacherNameOf(tx, id);
  }
  await tx
    .update(trainClasses)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(trainClasses.id, c.id));
}

/** 审核申请（postponeClassExamine 与信息更正审批）：通过时把申请落到班级上（班级须仍在可申请的状态） */
export async function reviewRequest(db: Db, session: Session, input: { id: number; kind: RequestKind; result: 'pass' | 'reject'; opinion: string | null }, audit: Audit) {
  const { user } = session;
  const r = await loadRequest(db, user, input.id);
  if (r.kind !== input.kind) throw ApiError.notFound(`${REQUEST_KIND_LABEL[input.kind]}申请不存在`);
  const kind = r.kind as RequestKind;
  const t = actionOf(kind, input.result === 'pass' ? 'Approve' : 'Reject');
  guard(session, t, { ...r, kind: 'request' }, input.opinion);
  const opinion = input.opinion?.trim() || null;
  await db.transaction(async (tx) => {
    const c = await loadClass(tx, user, r.classId);
    if (input.result === 'pass') {
      const apply = applyOf(kind);
      if (!apply.from.includes(c.status)) throw ApiError.badRequest(`班级当前为「${classStatusLabel(c.status)}」，不能${t.verb}`);
      if (kind === 'postpone') await applyPostponeToClass(tx, c, r);
      else await applyCorrectToClass(tx, c, r);
    }
    const to = t.to as number;
    const [u] = await tx
      .update(trainClassRequests)
      .set({ status: to, opinion, reviewerId: user.id, reviewerName: actorName(user), reviewedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(trainClassRequests.id, r.id), eq(trainClassRequests.status, r.status)))
      .returning({ id: trainClassRequests.id });
    if (!u) throw ApiError.conflict('申请状态已被他人更新，请刷新后重试');
    await recordRequest(tx, user, r, t.action, r.status, to, opinion);
    await notify(tx, await orgUsers(tx, c.orgId), {
      title: `培训班 ${c.code}「${c.name}」：${t.verb}`,
      content: `${REQUEST_KIND_LABEL[kind]}申请${requestStatusLabel(to)}${opinion ? `；意见：${opinion}` : ''}`,
      kind: 'audit',
      link: link(kind === 'postpone' ? PATHS.postponeApply : PATHS.correctApply, c.code),
    });
  });
  audit({ entity: 'train_class_request', entityId: r.id, before: { status: r.status }, after: { status: t.to, opinion }, detail: `${REQUEST_KIND_LABEL[kind]}申请：${t.verb}` });
  return requestItem(db, session, r.id);
}

// ---------- 申请的列表与详情 ----------

const REQUEST_COLUMNS = { r: trainClassRequests, classCode: trainClasses.code, className: trainClasses.name, orgName: organisations.name };

function toRequestItem(session: Session, row: { r: TrainClassRequest; classCode: string; className: string; orgName: string }): RequestItem {
  const { r } = row;
  const kind = r.kind as RequestKind;
  return {
    id: r.id,
    classId: r.classId,
    classCode: row.classCode,
    className: row.className,
    orgName: row.orgName,
    kind,
    kindName: REQUEST_KIND_LABEL[kind],
    status: r.status,
    statusName: requestStatusLabel(r.status),
    reason: r.reason,
    oldStartDate: r.oldStartDate,
    oldEndDate: r.oldEndDate,
    newStartDate: r.newStartDate,
    newEndDate: r.newEndDate,
    changes: Object.entries(r.changes ?? {}).map(([field, v]) => ({
      field,
      label: CORRECTABLE_LABEL[field as CorrectableField] ?? field,
      from: (v as { fromText?: unknown }).fromText ?? v.from,
      to: (v as { toText?: unknown }).toText ?? v.to,
    })),
    opinion: r.opinion,
    reviewerName: r.reviewerName,
    createTime: formatBeijing(r.createdAt),
    reviewTime: r.reviewedAt ? formatBeijing(r.reviewedAt) : null,
    actions: requestActions({ kind, status: r.status, orgId: r.orgId, cityId: r.cityId }, session.user, (p) => can(session, p)),
  };
}

const requestBase = (db: Db) =>
  db
    .select(REQUEST_COLUMNS)
    .from(trainClassRequests)
    .innerJoin(trainClasses, eq(trainClasses.id, trainClassRequests.classId))
    .innerJoin(organisations, eq(organisations.id, trainClassRequests.orgId));

async function requestItem(db: Db, session: Session, id: number): Promise<RequestItem> {
  const [row] = await requestBase(db).where(eq(trainClassRequests.id, id));
  return toRequestItem(session, row);
}

/** 申请列表（延期开班、信息更正）：范围内；pendingOnly 只列待审核的 */
export async function listRequests(db: Db, session: Session, filter: { kind: RequestKind; status?: number; className?: string; pendingOnly?: boolean }, page: Page): Promise<PageResult<RequestItem>> {
  const resources = filter.kind === 'postpone' ? ['postponeApply', 'postponeAudit'] : ['infoCorrectApply', 'infoCorrectAudit'];
  if (!can(session, resources.map((r) => `${r}.query`))) throw ApiError.forbidden(`没有查看${REQUEST_KIND_LABEL[filter.kind]}申请的权限`);
  const where = and(
    scopeWhere(session.user, { cityId: trainClassRequests.cityId, orgId: trainClassRequests.orgId }),
    eq(trainClassRequests.kind, filter.kind),
    filter.status !== undefined ? eq(trainClassRequests.status, filter.status) : undefined,
    filter.pendingOnly ? eq(trainClassRequests.status, REQUEST_STATUS.PENDING) : undefined,
    filter.className ? sql`${trainClassRequests.classId} in (select ${trainClasses.id} from ${trainClasses} where ${trainClasses.name} ilike ${containsPattern(filter.className)})` : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    requestBase(db).where(where).orderBy(desc(trainClassRequests.id)).limit(page.pageSize).offset(page.offset),
    db.select({ total: count() }).from(trainClassRequests).where(where),
  ]);
  return { list: rows.map((r) => toRequestItem(session, r)), total: Number(counted?.total ?? 0) };
}

/** 申请的办理记录（时间线） */
export async function requestHistory(db: Db, session: Session, id: number) {
  const r = await loadRequest(db, session.user, id);
  const rows = await db
    .select()
    .from(trainClassHistory)
    .where(and(eq(trainClassHistory.classId, r.classId), eq(trainClassHistory.requestId, r.id)))
    .orderBy(trainClassHistory.createdAt, trainClassHistory.id);
  return rows.map((h) => ({
    id: h.id,
    action: h.action,
    actionName: transitionOf(h.action as TransitionAction).verb,
    fromStatusName: h.fromStatus === null ? '' : requestStatusLabel(h.fromStatus),
    toStatusName: h.toStatus === null ? '' : requestStatusLabel(h.toStatus),
    opinion: h.opinion,
    actorName: h.actorName,
    createTime: formatBeijing(h.createdAt),
  }));
}

/** 申请详情（itemDetail）：申请与它的办理记录 */
export async function requestDetail(db: Db, session: Session, id: number) {
  const [item, history] = await Promise.all([requestItem(db, session, (await loadRequest(db, session.user, id)).id), requestHistory(db, session, id)]);
  return { ...item, history };
}

/** 可以申请延期或更正的班级（申请界面的班级选择）：本机构、状态允许、没有同种待审核申请 */
export async function requestableClasses(db: Db, session: Session, input: { kind: RequestKind }) {
  const t = applyOf(input.kind);
  const { user } = session;
  if (user.level !== 'org' || user.orgId === null) return [];
  const rows = await db
    .select({ id: trainClasses.id, code: trainClasses.code, name: trainClasses.name, startDate: trainClasses.startDate, endDate: trainClasses.endDate, status: trainClasses.status, place: trainClasses.place, contactName: trainClasses.contactName, contactPhone: trainClasses.contactPhone, headTeacherId: trainClasses.headTeacherId, remark: trainClasses.remark })
    .from(trainClasses)
    .where(
      and(
        eq(trainClasses.orgId, user.orgId),
        inArray(trainClasses.status, t.from as number[]),
        sql`not exists (select 1 from ${trainClassRequests} where ${trainClassRequests.classId} = ${trainClasses.id} and ${trainClassRequests.kind} = ${input.kind} and ${trainClassRequests.status} = ${REQUEST_STATUS.PENDING})`,
      ),
    )
    .orderBy(desc(trainClasses.id))
    .limit(200);
  return rows.map((r) => ({ ...r, label: `${r.name}（${r.code}）`, statusName: classStatusLabel(r.status) }));
}

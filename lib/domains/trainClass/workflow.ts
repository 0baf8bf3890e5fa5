// 培训班与其两种附带申请（延期开班、信息更正）交给工作流引擎的声明：表、读取（范围）、条件、附带动作、历史与通知。
// 转换与操作本身在 transitions.ts。延期开班通过时：班级日期改为新的日期，已排的课整体平移同样的天数（平移后教师与地点
// 不得与别的班冲突，学员不得与别的班日期重叠）；信息更正通过时：把申请里的字段写到班级上。作废生效时执行培训班的钩子
// classDiscarded（hooks.ts，补贴据此退回培训券）。
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
import { actorName, defineWorkflow, type TransitionRequest } from '@/lib/platform/workflow';
import { scopedNotice } from '@/lib/domains/message/workflow-notice';
import { organisations } from '@/lib/domains/org/tables';
import { assertTeachersAssignable } from '@/lib/domains/teacher/assignable';
import { teachers } from '@/lib/domains/teacher/tables';
import { trainClasses, trainClassHistory, trainClassRequests, trainLessons, trainStudents, type TrainClass, type TrainClassRequest } from './tables';
import { loadClass, loadClassSubject, pendingAttendanceImport, pendingStudentImport, type ClassRow } from './load';
import { recheckClass, overlapsOf, studentOverlapMessage } from './checks';
import { clashOf, curriculumSummary, lessonsOf, placeKeyOf } from './lessons';
import { runClassHook } from './hooks';
import {
  ACTOR_LABEL,
  APPLY_OF,
  CLASS_OPERATIONS,
  CLASS_STATUS,
  CLASS_STATUS_LABEL,
  CLASS_TRANSITIONS,
  classActorsOf,
  classStatusLabel,
  REQUEST_KIND_LABEL,
  REQUEST_STATUS,
  REQUEST_STATUS_LABEL,
  REQUEST_TRANSITIONS,
  REQUESTABLE_STATUSES,
  requestStatusLabel,
  VERB_OF,
  type Actor,
  type ClassTransitionAction,
  type GateKey,
  type RequestAction,
  type RequestGateKey,
  type RequestKind,
  type RequestSubject,
} from './transitions';
import { CHECK, COMPLETION, CORRECTABLE_FIELDS, CORRECTABLE_LABEL, EXAMINE, type CorrectableField, type RequestItem } from './schemas';

/** 各界面的路由（通知里的链接） */
const PATHS = {
  apply: '/train/class/apply',
  approve: '/train/class/approve',
  postponeApply: '/train/class/postpone-apply',
  postponeApprove: '/train/class/postpone-approve',
  correctApply: '/train/class/correct-apply',
  correctApprove: '/train/class/correct-approve',
} as const;

const link = (path: string, code: string) => `${path}?code=${encodeURIComponent(code)}`;

// ---------- 班级 ----------

/** 开班日期、结业日期都按北京时间的日历日比较 */
const today = () => beijingDate(new Date());

export const classWorkflow = defineWorkflow<ClassRow, ClassTransitionAction, Actor, GateKey, keyof typeof CLASS_OPERATIONS>({
  key: 'trainClass',
  label: '培训班',
  entity: 'train_class',
  table: trainClasses,
  id: trainClasses.id,
  position: { status: trainClasses.status },
  updatedAt: trainClasses.updatedAt,
  labels: { status: CLASS_STATUS_LABEL },
  actors: ACTOR_LABEL,
  actorLevels: { org: ['org'], city: ['city'] },
  actorsOf: classActorsOf,
  transitions: CLASS_TRANSITIONS,
  operations: CLASS_OPERATIONS,
  gates: {
    curriculum: {
      label: '有课程，总学时不少于班级学时，课都在开班日期内',
      source: 'SPEC §4 开班申请（课程体系）',
      check: async (db, c) => {
        const s = await curriculumSummary(db, c);
        const out: string[] = [];
        if (s.lessons + s.online === 0) out.push('还没有排课程（线下课程或线上课程）');
        else if (s.lessonHours + s.onlineHours < c.hours) out.push(`课程体系的总学时 ${s.lessonHours + s.onlineHours} 少于班级学时 ${c.hours}`);
        if (s.outside > 0) out.push(`有 ${s.outside} 节课不在开班日期内`);
        return out;
      },
    },
    students: {
      label: '有学员、不超过计划人数、都通过身份核验与培训资格检查、没有未确认的导入',
      source: 'SPEC §4 开班申请（学员名单）',
      check: async (db, c) => {
        // 先按当前数据重新检查学员（同一事务；拒绝时随之回滚）
        await recheckClass(db, c);
        const [row] = await db
          .select({ n: count(), refused: sql<number>`count(*) filter (where ${trainStudents.idCheck} = ${CHECK.REFUSED} or ${trainStudents.qualification} = ${CHECK.REFUSED})::int` })
          .from(trainStudents)
          .where(eq(trainStudents.classId, c.id));
        const out: string[] = [];
        const n = Number(row?.n ?? 0);
        if (n === 0) out.push('还没有学员');
        if (n > c.capacity) out.push(`学员人数 ${n} 超过计划人数 ${c.capacity}`);
        if (Number(row?.refused ?? 0) > 0) out.push(`有 ${row.refused} 名学员身份核验或培训资格不通过，请移出后再提交`);
        const pending = await pendingStudentImport(db, c.id);
        if (pending) out.push(`有未确认的学员导入「${pending.fileName}」`);
        return out;
      },
    },
    startNotPassed: { label: '开班日期未过', source: 'SPEC §4（开班前审核与发布）', check: (_db, c) => (c.startDate < today() ? `开班日期 ${c.startDate} 已过` : null) },
    startReached: { label: '已到开班日期', source: 'SPEC §4（开班）', check: (_db, c) => (today() < c.startDate ? `未到开班日期 ${c.startDate}` : null) },
    endReached: { label: '已到结业日期', source: 'SPEC §4（结业提交）', check: (_db, c) => (today() < c.endDate ? `未到结业日期 ${c.endDate}` : null) },
    lessonsHeld: {
      label: '最后一节线下课已结束',
      source: 'SPEC §4（结业提交）：结业日期当天的课也要上完',
      check: async (db, c) => {
        const [last] = await db.select({ name: trainLessons.name, endAt: trainLessons.endAt }).from(trainLessons).where(eq(trainLessons.classId, c.id)).orderBy(desc(trainLessons.endAt)).limit(1);
        return last && last.endAt.getTime() > Date.now() ? `最后一节课「${last.name}」${formatBeijing(last.endAt).slice(0, 16)} 才结束，课上完之后才能结业` : null;
      },
    },
    completionRecorded: {
      label: '每名学员（审核不通过的除外）都登记了结业情况，没有未确认的出勤导入',
      source: 'SPEC §4（结业提交）',
      check: async (db, c) => {
        const out: string[] = [];
        const [row] = await db
          .select({ n: count() })
          .from(trainStudents)
          .where(and(eq(trainStudents.classId, c.id), eq(trainStudents.completion, COMPLETION.NONE), ne(trainStudents.examine, EXAMINE.REJECTED)));
        if (Number(row?.n ?? 0) > 0) out.push(`还有 ${row.n} 名学员未登记结业情况`);
        const pending = await pendingAttendanceImport(db, c.id);
        if (pending) out.push(`有未确认的出勤导入「${pending.fileName}」`);
        return out;
      },
    },
  },
  load: loadClassSubject,
  describe: (c) => `培训班 ${c.code}「${c.name}」`,
  history: { table: trainClassHistory, values: (c) => ({ classId: c.id, subject: 'class', requestId: null }) },
  effect: (_tx, c, { action, opinion, now }) => {
    const t = CLASS_TRANSITIONS.find((x) => x.action === action)!;
    return {
      ...(action === 'submit' ? { submittedAt: now } : {}),
      ...(action === 'approve' ? { approvedAt: now } : {}),
      ...(action === 'publish' ? { publishedAt: now } : {}),
      ...(action === 'discard' ? { discardReason: opinion, statusBeforeDiscard: c.status } : {}),
      ...(action === 'discardReject' ? { statusBeforeDiscard: null } : {}),
      ...(t.actor === 'city' ? { lastOpinion: opinion } : {}),
    };
  },
  notice: scopedNotice<ClassRow, Actor>({
    levels: { org: 'org', city: 'city' },
    ownerActor: 'org',
    link: (c, actor) => link(actor === 'city' ? PATHS.approve : PATHS.apply, c.code),
  }),
});

/** 班级的一步转换（提交、撤回、审核、发布、开班、结业、考核、作废、作废审核）；作废生效时同一事务里执行 classDiscarded 钩子 */
export async function applyClassTransition(db: Db, session: Session, req: TransitionRequest<ClassTransitionAction>, audit: Audit) {
  return db.transaction(async (tx) => {
    const r = await classWorkflow.applyIn(tx, session, req, audit);
    const status = r.to.status;
    let extra: Record<string, unknown> = {};
    if (status === CLASS_STATUS.DISCARDED) {
      const hooked = await runClassHook(tx, 'classDiscarded', { classIds: [r.id], reason: 'discarded' });
      extra = hooked.data;
      if (hooked.note) audit({ entity: 'train_class', entityId: r.id, after: hooked.data, detail: `培训班作废生效：${hooked.note}` });
    }
    return { id: r.id, status, statusName: classStatusLabel(status), ...extra };
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

type RequestRow = TrainClassRequest & RequestSubject & { classCode: string };

/** 范围内的申请；范围外或不存在 404 */
async function loadRequest(db: Db, user: SessionUser, id: number): Promise<TrainClassRequest> {
  const [row] = await db.select().from(trainClassRequests).where(eq(trainClassRequests.id, id));
  return assertInScope(user, row, '申请');
}

/** 某种申请（另一种申请的 id 也是 404） */
const requestLoader = (kind: RequestKind) => async (db: Db, user: SessionUser, id: number): Promise<RequestRow> => {
  const r = await loadRequest(db, user, id);
  if (r.kind !== kind) throw ApiError.notFound(`${REQUEST_KIND_LABEL[kind]}申请不存在`);
  const [c] = await db.select({ code: trainClasses.code }).from(trainClasses).where(eq(trainClasses.id, r.classId));
  return { ...r, classCode: c?.code ?? '' };
};

async function teacherNameOf(db: Db, id: number | null): Promise<string | null> {
  if (!id) return null;
  const [t] = await db.select({ name: teachers.name }).from(teachers).where(eq(teachers.id, id));
  return t?.name ?? null;
}

const requestNotice = (kind: RequestKind) =>
  scopedNotice<RequestRow, Actor>({
    levels: { org: 'org', city: 'city' },
    ownerActor: 'org',
    link: (r, actor) => link(kind === 'postpone' ? (actor === 'city' ? PATHS.postponeApprove : PATHS.postponeApply) : actor === 'city' ? PATHS.correctApprove : PATHS.correctApply, r.classCode),
  });

function requestWorkflow(kind: RequestKind, key: string, toClass: (tx: Db, c: TrainClass, r: TrainClassRequest) => Promise<void>) {
  const approve: RequestAction = `${kind}Approve`;
  return defineWorkflow<RequestRow, RequestAction, Actor, RequestGateKey>({
    key,
    label: `${REQUEST_KIND_LABEL[kind]}申请`,
    entity: 'train_class_request',
    table: trainClassRequests,
    id: trainClassRequests.id,
    position: { status: trainClassRequests.status },
    updatedAt: trainClassRequests.updatedAt,
    labels: { status: REQUEST_STATUS_LABEL },
    actors: ACTOR_LABEL,
    actorLevels: { org: ['org'], city: ['city'] },
    actorsOf: classActorsOf,
    transitions: REQUEST_TRANSITIONS[kind],
    gates: {
      classOpen: {
        label: `班级仍在可申请${REQUEST_KIND_LABEL[kind]}的状态`,
        source: 'docs/TRAIN_CLASS.md（附带申请）',
        check: async (db, r) => {
          const [c] = await db.select({ status: trainClasses.status }).from(trainClasses).where(eq(trainClasses.id, r.classId));
          return c && REQUESTABLE_STATUSES[kind].includes(c.status) ? null : `班级当前为「${classStatusLabel(c?.status ?? -1)}」`;
        },
      },
    },
    load: requestLoader(kind),
    describe: (r) => `培训班 ${r.classCode} 的${REQUEST_KIND_LABEL[kind]}申请`,
    history: { table: trainClassHistory, values: (r) => ({ classId: r.classId, subject: kind, requestId: r.id }) },
    effect: async (tx, r, { action, opinion, session, now }) => {
      if (action === 'postponeWithdraw' || action === 'correctWithdraw') return {};
      // 审核：通过时把申请落到班级上（锁住班级行，与班级的办理排队）
      if (action === approve) {
        await tx.select({ id: trainClasses.id }).from(trainClasses).where(eq(trainClasses.id, r.classId)).for('update');
        await toClass(tx, await loadClass(tx, session.user, r.classId), r);
      }
      return { opinion, reviewerId: session.user.id, reviewerName: actorName(session.user), reviewedAt: now };
    },
    notice: requestNotice(kind),
  });
}

export interface PostponeApply {
  classId: number;
  newStartDate: string;
  newEndDate: string;
  reason: string;
}

export type CorrectApply = { classId: number; reason: string } & Partial<Record<CorrectableField, string | number>>;

/** 发起申请前的检查：范围 404、权限与办理方 403、班级状态 409（已有同种待审核申请时也是 409） */
async function classForApply(db: Db, session: Session, kind: RequestKind, classId: number): Promise<TrainClass> {
  const c = await loadClassSubject(db, session.user, classId);
  if (c.pendingKinds.includes(kind) && classActorsOf(session.user, c).includes('org')) throw ApiError.conflict(`该班级已有待审核的${REQUEST_KIND_LABEL[kind]}申请，请等待审核或先撤回`);
  classWorkflow.assertOperation(c, session, APPLY_OF[kind]);
  return c;
}

async function applyRequest(db: Db, session: Session, kind: RequestKind, c: TrainClass, values: Partial<typeof trainClassRequests.$inferInsert>, audit: Audit) {
  const { user } = session;
  const verb = CLASS_OPERATIONS[APPLY_OF[kind]].label;
  const wf = kind === 'postpone' ? postponeWorkflow : correctWorkflow;
  const row = await withUniqueMessage(`该班级已有待审核的${REQUEST_KIND_LABEL[kind]}申请，请等待审核或先撤回`, () =>
    db.transaction(async (tx) => {
      const [r] = await tx
        .insert(trainClassRequests)
        .values({ classId: c.id, orgId: c.orgId, cityId: c.cityId, kind, status: REQUEST_STATUS.PENDING, reason: '', ...values, createdBy: user.id })
        .returning();
      await tx.insert(trainClassHistory).values({ classId: r.classId, subject: kind, requestId: r.id, action: APPLY_OF[kind], fromStatus: null, toStatus: REQUEST_STATUS.PENDING, opinion: r.reason, actorId: user.id, actorName: actorName(user) });
      // 告诉能审核的人（与引擎办理后的通知同一份：持有审核权限的本市市级用户）
      const subject = { ...r, classCode: c.code };
      const permissions = wf.permissionsOf(`${kind}Approve`);
      const notice = wf.def.notice!;
      const ids = await notice.recipients(tx, subject, 'city', permissions);
      if (ids.length) await notice.send(tx, ids, { title: `培训班 ${c.code}「${c.name}」待审核：${verb}`, content: r.reason, link: notice.link(subject, 'city') });
      return r;
    }),
  );
  audit({ entity: 'train_class_request', entityId: row.id, after: row, detail: `培训班 ${c.code}${verb}` });
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

const workflowOfKind = (kind: RequestKind) => (kind === 'postpone' ? postponeWorkflow : correctWorkflow);

/** 撤回申请（机构，待审核时） */
export async function withdrawRequest(db: Db, session: Session, input: { id: number }, audit: Audit) {
  const r = await loadRequest(db, session.user, input.id);
  const kind = r.kind as RequestKind;
  await workflowOfKind(kind).apply(db, session, { id: r.id, action: `${kind}Withdraw` }, audit);
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
  const step = input.result === 'pass' ? 'Approve' : 'Reject';
  await workflowOfKind(input.kind).apply(db, session, { id: input.id, action: `${input.kind}${step}` as RequestAction, opinion: input.opinion }, audit);
  return requestItem(db, session, input.id);
}

export const postponeWorkflow = requestWorkflow('postpone', 'trainClassPostpone', applyPostponeToClass);
export const correctWorkflow = requestWorkflow('correct', 'trainClassCorrect', applyCorrectToClass);

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
    actions: workflowOfKind(kind).availableActions({ ...r, classCode: row.classCode }, session),
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
    actionName: VERB_OF[h.action] ?? h.action,
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
  const { user } = session;
  if (user.level !== 'org' || user.orgId === null) return [];
  const rows = await db
    .select({ id: trainClasses.id, code: trainClasses.code, name: trainClasses.name, startDate: trainClasses.startDate, endDate: trainClasses.endDate, status: trainClasses.status, place: trainClasses.place, contactName: trainClasses.contactName, contactPhone: trainClasses.contactPhone, headTeacherId: trainClasses.headTeacherId, remark: trainClasses.remark })
    .from(trainClasses)
    .where(
      and(
        eq(trainClasses.orgId, user.orgId),
        inArray(trainClasses.status, [...REQUESTABLE_STATUSES[input.kind]]),
        sql`not exists (select 1 from ${trainClassRequests} where ${trainClassRequests.classId} = ${trainClasses.id} and ${trainClassRequests.kind} = ${input.kind} and ${trainClassRequests.status} = ${REQUEST_STATUS.PENDING})`,
      ),
    )
    .orderBy(desc(trainClasses.id))
    .limit(200);
  return rows.map((r) => ({ ...r, label: `${r.name}（${r.code}）`, statusName: classStatusLabel(r.status) }));
}

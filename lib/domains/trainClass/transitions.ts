// 培训班状态机（SPEC §4“Training class operations”：保存、提交审核、审核、发布、作废、作废生效、延期审核；状态未给出，此处设计）。
// 唯一的一张转换表：班级本身（subject 'class'）与两种附带申请——延期开班（'postpone'）、信息更正（'correct'）——的每一步都在这里，
// 写明从哪些状态到哪个状态、谁办理（机构或班级所在市的市级管理员）、要哪个权限、意见是否必填、办理前检查哪些条件。
// 服务里的每次状态变更都经 workflow.ts 查此表，表外的组合一律拒绝；列表行上的按钮也由它算出（availableActions）。
// 图与说明见 docs/TRAIN_CLASS.md。
import type { MenuPermission } from '../access/menu-tree';

export const CLASS_STATUS = {
  DRAFT: 0,
  SUBMITTED: 1,
  REJECTED: 2,
  APPROVED: 3,
  PUBLISHED: 4,
  IN_TRAINING: 5,
  FINISHED: 6,
  ASSESSED: 7,
  DISCARD_PENDING: 8,
  DISCARDED: 9,
} as const;

export const CLASS_STATUS_LABEL: Record<number, string> = {
  [CLASS_STATUS.DRAFT]: '草稿',
  [CLASS_STATUS.SUBMITTED]: '待审核',
  [CLASS_STATUS.REJECTED]: '审核驳回',
  [CLASS_STATUS.APPROVED]: '审核通过',
  [CLASS_STATUS.PUBLISHED]: '已发布',
  [CLASS_STATUS.IN_TRAINING]: '培训中',
  [CLASS_STATUS.FINISHED]: '已结业',
  [CLASS_STATUS.ASSESSED]: '已考核',
  [CLASS_STATUS.DISCARD_PENDING]: '作废待审核',
  [CLASS_STATUS.DISCARDED]: '已作废',
};

export const CLASS_STATUS_COLOR: Record<number, string> = {
  [CLASS_STATUS.DRAFT]: 'default',
  [CLASS_STATUS.SUBMITTED]: 'processing',
  [CLASS_STATUS.REJECTED]: 'error',
  [CLASS_STATUS.APPROVED]: 'cyan',
  [CLASS_STATUS.PUBLISHED]: 'blue',
  [CLASS_STATUS.IN_TRAINING]: 'geekblue',
  [CLASS_STATUS.FINISHED]: 'purple',
  [CLASS_STATUS.ASSESSED]: 'success',
  [CLASS_STATUS.DISCARD_PENDING]: 'warning',
  [CLASS_STATUS.DISCARDED]: 'default',
};

/** 附带申请（延期开班、信息更正）的状态 */
export const REQUEST_STATUS = { PENDING: 0, APPROVED: 1, REJECTED: 2, WITHDRAWN: 3 } as const;
export const REQUEST_STATUS_LABEL: Record<number, string> = { 0: '待审核', 1: '已通过', 2: '已驳回', 3: '已撤回' };
export const REQUEST_STATUS_COLOR: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error', 3: 'default' };

export type Subject = 'class' | 'postpone' | 'correct';
export type RequestKind = Exclude<Subject, 'class'>;
export const REQUEST_KINDS: readonly RequestKind[] = ['postpone', 'correct'];
export const REQUEST_KIND_LABEL: Record<RequestKind, string> = { postpone: '延期开班', correct: '信息更正' };

/** 谁办理：开班的机构（培训机构或企业）本身，或班级所在市的市级管理员 */
export type Actor = 'org' | 'city';
export const ACTOR_LABEL: Record<Actor, string> = { org: '开班机构', city: '市级管理员' };

export type TransitionAction =
  | 'submit'
  | 'withdraw'
  | 'approve'
  | 'reject'
  | 'publish'
  | 'start'
  | 'finish'
  | 'assess'
  | 'discard'
  | 'discardApprove'
  | 'discardReject'
  | 'postponeApply'
  | 'postponeWithdraw'
  | 'postponeApprove'
  | 'postponeReject'
  | 'correctApply'
  | 'correctWithdraw'
  | 'correctApprove'
  | 'correctReject';

/** 办理前检查的条件（workflow.ts 的 gateFailures 实现） */
export type GateKey = 'curriculum' | 'students' | 'startNotPassed' | 'startReached' | 'endReached' | 'lessonsHeld' | 'completionRecorded';

/** 去向：班级的某个状态；'previous' 为申请作废前的状态（驳回作废）；申请的转换写申请的状态 */
export type Target = number | 'previous';

export interface Transition {
  action: TransitionAction;
  subject: Subject;
  /** 动词：提示与历史记录 */
  verb: string;
  /** 班级（subject 'class'）或申请的当前状态；发起申请（*Apply）时为班级的状态 */
  from: readonly number[];
  to: Target;
  actor: Actor;
  /** 所需权限 */
  permission: string;
  opinion: 'required' | 'optional' | 'none';
  gates?: readonly GateKey[];
}

const S = CLASS_STATUS;
const R = REQUEST_STATUS;

/** 机构可以改班级资料、课程体系与学员的状态 */
export const EDITABLE_STATUSES: readonly number[] = [S.DRAFT, S.REJECTED];
/** 延期开班：开班之前（审核通过、已发布） */
export const POSTPONABLE_STATUSES: readonly number[] = [S.APPROVED, S.PUBLISHED];
/** 信息更正：审核通过之后、结业之前 */
export const CORRECTABLE_STATUSES: readonly number[] = [S.APPROVED, S.PUBLISHED, S.IN_TRAINING];
/** 出勤与结业登记：培训中与已结业（考核之前） */
export const ATTENDANCE_STATUSES: readonly number[] = [S.IN_TRAINING, S.FINISHED];
/** 班级已作废：其课程不再占用教师与地点、学员不再占用日期 */
export const CLOSED_STATUSES: readonly number[] = [S.DISCARDED];
/** 录像（components/recording）：已发布与培训中的班级 */
export const RECORDABLE_STATUSES: readonly number[] = [S.PUBLISHED, S.IN_TRAINING];
/** 为班级录像的权限（任一）：开班机构或审批的管理员 */
export const RECORD_CLASS_PERMISSIONS: readonly MenuPermission[] = ['trainInfo.edit', 'trainInfoAudit.edit'];
/** 看录像（列表与播放）：发布之后的班级——已发布、培训中、已结业、已考核；作废待审核、已作废的按申请作废时的状态（canViewClassRecordings） */
export const RECORDINGS_VIEWABLE_STATUSES: readonly number[] = [S.PUBLISHED, S.IN_TRAINING, S.FINISHED, S.ASSESSED];
/** 看班级录像的权限（任一）：能看开班申请或开班审批的人（录像的服务按同一份，recording/constants.ts 的 CLASS_VIEW_PERMISSIONS） */
export const VIEW_CLASS_RECORDINGS_PERMISSIONS: readonly MenuPermission[] = ['trainInfo.query', 'trainInfoAudit.query'];

export const TRANSITIONS: readonly Transition[] = [
  // 班级
  { action: 'submit', subject: 'class', verb: '提交审核', from: EDITABLE_STATUSES, to: S.SUBMITTED, actor: 'org', permission: 'trainInfo.edit', opinion: 'none', gates: ['curriculum', 'students', 'startNotPassed'] },
  { action: 'withdraw', subject: 'class', verb: '撤回审核', from: [S.SUBMITTED], to: S.DRAFT, actor: 'org', permission: 'trainInfo.edit', opinion: 'none' },
  { action: 'approve', subject: 'class', verb: '审核通过', from: [S.SUBMITTED], to: S.APPROVED, actor: 'city', permission: 'trainInfoAudit.edit', opinion: 'optional' },
  { action: 'reject', subject: 'class', verb: '审核驳回', from: [S.SUBMITTED], to: S.REJECTED, actor: 'city', permission: 'trainInfoAudit.edit', opinion: 'required' },
  { action: 'publish', subject: 'class', verb: '发布', from: [S.APPROVED], to: S.PUBLISHED, actor: 'city', permission: 'trainInfoAudit.edit', opinion: 'none', gates: ['startNotPassed'] },
  { action: 'start', subject: 'class', verb: '开班', from: [S.PUBLISHED], to: S.IN_TRAINING, actor: 'org', permission: 'trainInfo.edit', opinion: 'none', gates: ['startReached'] },
  { action: 'finish', subject: 'class', verb: '结业提交', from: [S.IN_TRAINING], to: S.FINISHED, actor: 'org', permission: 'trainInfo.edit', opinion: 'none', gates: ['endReached', 'lessonsHeld', 'completionRecorded'] },
  { action: 'assess', subject: 'class', verb: '考核确认', from: [S.FINISHED], to: S.ASSESSED, actor: 'city', permission: 'trainInfoAudit.edit', opinion: 'optional' },
  { action: 'discard', subject: 'class', verb: '申请作废', from: [S.APPROVED, S.PUBLISHED, S.IN_TRAINING], to: S.DISCARD_PENDING, actor: 'org', permission: 'trainInfo.edit', opinion: 'required' },
  { action: 'discardApprove', subject: 'class', verb: '作废生效', from: [S.DISCARD_PENDING], to: S.DISCARDED, actor: 'city', permission: 'trainInfoAudit.edit', opinion: 'optional' },
  { action: 'discardReject', subject: 'class', verb: '驳回作废申请', from: [S.DISCARD_PENDING], to: 'previous', actor: 'city', permission: 'trainInfoAudit.edit', opinion: 'required' },
  // 延期开班（from 为申请的状态；发起时为班级的状态）
  { action: 'postponeApply', subject: 'postpone', verb: '申请延期开班', from: POSTPONABLE_STATUSES, to: R.PENDING, actor: 'org', permission: 'postponeApply.add', opinion: 'none' },
  { action: 'postponeWithdraw', subject: 'postpone', verb: '撤回延期申请', from: [R.PENDING], to: R.WITHDRAWN, actor: 'org', permission: 'postponeApply.edit', opinion: 'none' },
  { action: 'postponeApprove', subject: 'postpone', verb: '同意延期', from: [R.PENDING], to: R.APPROVED, actor: 'city', permission: 'postponeAudit.edit', opinion: 'optional' },
  { action: 'postponeReject', subject: 'postpone', verb: '驳回延期', from: [R.PENDING], to: R.REJECTED, actor: 'city', permission: 'postponeAudit.edit', opinion: 'required' },
  // 信息更正
  { action: 'correctApply', subject: 'correct', verb: '申请信息更正', from: CORRECTABLE_STATUSES, to: R.PENDING, actor: 'org', permission: 'infoCorrectApply.add', opinion: 'none' },
  { action: 'correctWithdraw', subject: 'correct', verb: '撤回更正申请', from: [R.PENDING], to: R.WITHDRAWN, actor: 'org', permission: 'infoCorrectApply.edit', opinion: 'none' },
  { action: 'correctApprove', subject: 'correct', verb: '同意更正', from: [R.PENDING], to: R.APPROVED, actor: 'city', permission: 'infoCorrectAudit.edit', opinion: 'optional' },
  { action: 'correctReject', subject: 'correct', verb: '驳回更正', from: [R.PENDING], to: R.REJECTED, actor: 'city', permission: 'infoCorrectAudit.edit', opinion: 'required' },
];

export const TRANSITION_ACTIONS = TRANSITIONS.map((t) => t.action) as [TransitionAction, ...TransitionAction[]];
export const CLASS_ACTIONS = TRANSITIONS.filter((t) => t.subject === 'class').map((t) => t.action) as [TransitionAction, ...TransitionAction[]];

export function transitionOf(action: TransitionAction): Transition {
  const t = TRANSITIONS.find((x) => x.action === action);
  if (!t) throw new Error(`未知的培训班操作：${action}`); // i18n-ignore
  return t;
}

/** 发起申请的一步（from 为班级状态） */
export const isApply = (t: Transition): boolean => t.subject !== 'class' && t.to === R.PENDING && !t.from.includes(R.PENDING);

/** 转换之外、同样按状态决定的操作 */
export type ClassOperation = 'edit' | 'delete' | 'curriculum' | 'students' | 'attendance';
/**
 * record：为班级录像（开班机构、班级所在市与省级，见 canRecordClass；录像的服务按同一规则拒绝）；
 * recordings：看班级的录像列表（发布之后的班级、能看到这个班且有查看权限的人，见 canViewClassRecordings）
 */
export type ClassAction = TransitionAction | ClassOperation | 'record' | 'recordings';

/** 各操作所需的权限（任一）：课程体系也可由“课程体系”菜单的权限办理，学员名单与出勤也可由“学员库”的权限办理 */
export const OPERATION_PERMISSIONS: Record<ClassOperation, readonly string[]> = {
  edit: ['trainInfo.edit'],
  delete: ['trainInfo.delete'],
  curriculum: ['trainInfo.edit', 'curriculum.edit'],
  students: ['trainInfo.edit', 'student.edit'],
  attendance: ['trainInfo.edit', 'student.edit'],
};

export interface ActionSubject {
  status: number;
  orgId: number;
  cityId: number | null;
  /** 有待审核的延期或更正申请（有了就不能再申请同一种） */
  pendingKinds?: readonly RequestKind[];
  /** 申请作废时的状态（作废待审核、已作废的班据此判断是否发布过） */
  statusBeforeDiscard?: number | null;
}

export interface ActorUser {
  level: string;
  orgId: number | null;
  cityId: number | null;
}

/** 当前用户对这个班是哪一方：班级所属机构的用户为 org，班级所在市的市级用户为 city，其余（省级、别的机构）为空 */
export function actorFor(user: ActorUser, c: { orgId: number; cityId: number | null }): Actor | null {
  if (user.level === 'org' && user.orgId === c.orgId) return 'org';
  if (user.level === 'city' && user.cityId !== null && user.cityId === c.cityId) return 'city';
  return null;
}

/**
 * 当前用户此刻对一个班能做的事，唯一的一处规则：服务端按它拒绝，列表与详情按它给出按钮。
 * allowed(permission) 查会话权限。发起申请（延期、更正）按班级状态给出，已有待审核的同种申请时不给。
 */
export function availableActions(c: ActionSubject, user: ActorUser, allowed: (permission: string) => boolean): ClassAction[] {
  const actor = actorFor(user, c);
  const record: ClassAction[] = [...(canViewClassRecordings(c, allowed) ? (['recordings'] as const) : []), ...(canRecordClass(c, user, allowed) ? (['record'] as const) : [])];
  if (!actor) return record;
  const ops: ClassOperation[] = [];
  if (actor === 'org') {
    const editable = EDITABLE_STATUSES.includes(c.status);
    for (const op of ['edit', 'delete', 'curriculum', 'students'] as const) if (editable && OPERATION_PERMISSIONS[op].some(allowed)) ops.push(op);
    if (ATTENDANCE_STATUSES.includes(c.status) && OPERATION_PERMISSIONS.attendance.some(allowed)) ops.push('attendance');
  }
  const transitions = TRANSITIONS.filter((t) => {
    if (t.actor !== actor || !allowed(t.permission)) return false;
    if (t.subject === 'class') return t.from.includes(c.status);
    return isApply(t) && t.from.includes(c.status) && !(c.pendingKinds ?? []).includes(t.subject);
  }).map((t) => t.action);
  return [...ops, ...transitions, ...record];
}

/** 此刻能否为班级录像：开班机构、班级所在市或省级的用户，有录像权限，班级已发布或培训中 */
export function canRecordClass(c: ActionSubject, user: ActorUser, allowed: (permission: string) => boolean): boolean {
  return (user.level === 'province' || actorFor(user, c) !== null) && RECORD_CLASS_PERMISSIONS.some(allowed) && RECORDABLE_STATUSES.includes(c.status);
}

/**
 * 能否看班级的录像列表：班级发布过（已发布及之后；作废待审核与已作废的看申请作废时的状态），有查看班级的权限。
 * 范围由调用方保证（列表只列出范围内的班，录像的服务范围外 404）；看不限于开班机构与所在市，范围内能看到班的都可以看。
 */
export function canViewClassRecordings(c: Pick<ActionSubject, 'status' | 'statusBeforeDiscard'>, allowed: (permission: string) => boolean): boolean {
  const discarded = c.status === S.DISCARD_PENDING || c.status === S.DISCARDED;
  const published = RECORDINGS_VIEWABLE_STATUSES.includes(c.status) || (discarded && c.statusBeforeDiscard != null && RECORDABLE_STATUSES.includes(c.statusBeforeDiscard));
  return published && VIEW_CLASS_RECORDINGS_PERMISSIONS.some(allowed);
}

/** 一份申请上当前用户能做的事（撤回、同意、驳回） */
export function requestActions(r: { kind: RequestKind; status: number; orgId: number; cityId: number | null }, user: ActorUser, allowed: (permission: string) => boolean): TransitionAction[] {
  const actor = actorFor(user, r);
  if (!actor) return [];
  return TRANSITIONS.filter((t) => t.subject === r.kind && !isApply(t) && t.actor === actor && t.from.includes(r.status) && allowed(t.permission)).map((t) => t.action);
}

/** 审核员在哪些状态上有事可办（由转换表推出）：审批列表“待我审核”的筛选 */
export function pendingStatuses(subject: Subject): number[] {
  return [...new Set(TRANSITIONS.filter((t) => t.actor === 'city' && t.subject === subject && !isApply(t)).flatMap((t) => t.from))];
}

export const classStatusLabel = (status: number): string => CLASS_STATUS_LABEL[status] ?? String(status);
export const requestStatusLabel = (status: number): string => REQUEST_STATUS_LABEL[status] ?? String(status);

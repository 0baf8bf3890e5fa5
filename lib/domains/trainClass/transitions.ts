// 培训班状态机（SPEC §4“Training class operations”：保存、提交审核、审核、发布、作废、作废生效、延期审核；状态未给出，此处设计）
// 与两种附带申请——延期开班、信息更正——的声明（lib/platform/workflow 的格式，纯数据，界面也可引用）：状态、转换、操作。
// 引擎（workflow.ts 的 defineWorkflow）按它办理与拒绝，列表行上的按钮也由它算出。图与说明见 docs/TRAIN_CLASS.md。
import { scopedActors, type OperationDef, type TransitionDef } from '@/lib/platform/workflow';
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
export const REQUEST_STATUS_LABEL: Record<number, string> = {
  [REQUEST_STATUS.PENDING]: '待审核',
  [REQUEST_STATUS.APPROVED]: '已通过',
  [REQUEST_STATUS.REJECTED]: '已驳回',
  [REQUEST_STATUS.WITHDRAWN]: '已撤回',
};
export const REQUEST_STATUS_COLOR: Record<number, string> = {
  [REQUEST_STATUS.PENDING]: 'processing',
  [REQUEST_STATUS.APPROVED]: 'success',
  [REQUEST_STATUS.REJECTED]: 'error',
  [REQUEST_STATUS.WITHDRAWN]: 'default',
};

export type RequestKind = 'postpone' | 'correct';
export const REQUEST_KINDS: readonly RequestKind[] = ['postpone', 'correct'];
export const REQUEST_KIND_LABEL: Record<RequestKind, string> = { postpone: '延期开班', correct: '信息更正' };

/** 谁办理：开班的机构（培训机构或企业）本身，或班级所在市的市级管理员 */
export type Actor = 'org' | 'city';
export const ACTOR_LABEL: Record<Actor, string> = { org: '开班机构', city: '市级管理员' };

export type ClassTransitionAction = 'submit' | 'withdraw' | 'approve' | 'reject' | 'publish' | 'start' | 'finish' | 'assess' | 'discard' | 'discardApprove' | 'discardReject';
export type PostponeAction = 'postponeWithdraw' | 'postponeApprove' | 'postponeReject';
export type CorrectAction = 'correctWithdraw' | 'correctApprove' | 'correctReject';
export type RequestAction = PostponeAction | CorrectAction;
/** 发起申请（班级上的操作，新建一份待审核的申请） */
export type ApplyAction = 'postponeApply' | 'correctApply';
/** 历史里出现的全部动作 */
export type TransitionAction = ClassTransitionAction | RequestAction | ApplyAction;

/** 办理前检查的条件（实现在 workflow.ts） */
export type GateKey = 'curriculum' | 'students' | 'startNotPassed' | 'startReached' | 'endReached' | 'lessonsHeld' | 'completionRecorded';
/** 申请通过前的条件：班级仍在可申请的状态 */
export type RequestGateKey = 'classOpen';

const S = CLASS_STATUS;
const R = REQUEST_STATUS;

/** 机构可以改班级资料、课程体系与学员的状态 */
export const EDITABLE_STATUSES: readonly number[] = [S.DRAFT, S.REJECTED];
/** 延期开班：开班之前（审核通过、已发布） */
export const POSTPONABLE_STATUSES: readonly number[] = [S.APPROVED, S.PUBLISHED];
/** 信息更正：审核通过之后、结业之前 */
export const CORRECTABLE_STATUSES: readonly number[] = [S.APPROVED, S.PUBLISHED, S.IN_TRAINING];
/** 各种申请可以发起（与通过）时班级的状态 */
export const REQUESTABLE_STATUSES: Record<RequestKind, readonly number[]> = { postpone: POSTPONABLE_STATUSES, correct: CORRECTABLE_STATUSES };
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

/** 状态机看到的班级：状态、机构与市，另带待审核的附带申请种类（有了就不能再申请同一种）与申请作废时的状态 */
export interface ClassSubject {
  status: number;
  orgId: number;
  cityId: number | null;
  pendingKinds: readonly RequestKind[];
  statusBeforeDiscard: number | null;
}

/** 状态机看到的申请 */
export interface RequestSubject {
  kind: string;
  status: number;
  orgId: number;
  cityId: number | null;
}

const ORG = { actor: 'org', permission: 'trainInfo.edit' } as const;
const CITY = { actor: 'city', permission: 'trainInfoAudit.edit' } as const;

export const CLASS_TRANSITIONS: readonly TransitionDef<ClassSubject, ClassTransitionAction, Actor, GateKey>[] = [
  { action: 'submit', verb: '提交审核', from: EDITABLE_STATUSES, to: S.SUBMITTED, ...ORG, opinion: 'none', gates: ['curriculum', 'students', 'startNotPassed'] },
  { action: 'withdraw', verb: '撤回审核', from: [S.SUBMITTED], to: S.DRAFT, ...ORG, opinion: 'none', optional: true },
  { action: 'approve', verb: '审核通过', from: [S.SUBMITTED], to: S.APPROVED, ...CITY, opinion: 'optional' },
  { action: 'reject', verb: '审核驳回', from: [S.SUBMITTED], to: S.REJECTED, ...CITY, opinion: 'required' },
  { action: 'publish', verb: '发布', from: [S.APPROVED], to: S.PUBLISHED, ...CITY, opinion: 'none', gates: ['startNotPassed'] },
  { action: 'start', verb: '开班', from: [S.PUBLISHED], to: S.IN_TRAINING, ...ORG, opinion: 'none', gates: ['startReached'] },
  { action: 'finish', verb: '结业提交', from: [S.IN_TRAINING], to: S.FINISHED, ...ORG, opinion: 'none', gates: ['endReached', 'lessonsHeld', 'completionRecorded'] },
  { action: 'assess', verb: '考核确认', from: [S.FINISHED], to: S.ASSESSED, ...CITY, opinion: 'optional' },
  { action: 'discard', verb: '申请作废', from: [S.APPROVED, S.PUBLISHED, S.IN_TRAINING], to: S.DISCARD_PENDING, ...ORG, opinion: 'required', opinionMessage: '请输入作废原因', optional: true },
  { action: 'discardApprove', verb: '作废生效', from: [S.DISCARD_PENDING], to: S.DISCARDED, ...CITY, opinion: 'optional' },
  {
    action: 'discardReject',
    verb: '驳回作废申请',
    from: [S.DISCARD_PENDING],
    to: (c) => c.statusBeforeDiscard ?? S.APPROVED,
    toLabel: '申请作废前的状态',
    ...CITY,
    opinion: 'required',
  },
];

/** 附带申请的审核步骤（发起申请是班级上的操作 postponeApply / correctApply，新建一份待审核的申请） */
function requestTransitions<A extends RequestAction>(
  kind: RequestKind,
  apply: string,
  audit: string,
  verbs: { withdraw: string; approve: string; reject: string },
): readonly TransitionDef<RequestSubject, A, Actor, RequestGateKey>[] {
  return [
    { action: `${kind}Withdraw` as A, verb: verbs.withdraw, from: [R.PENDING], to: R.WITHDRAWN, actor: 'org', permission: `${apply}.edit`, opinion: 'none', optional: true },
    { action: `${kind}Approve` as A, verb: verbs.approve, from: [R.PENDING], to: R.APPROVED, actor: 'city', permission: `${audit}.edit`, opinion: 'optional', gates: ['classOpen'] },
    { action: `${kind}Reject` as A, verb: verbs.reject, from: [R.PENDING], to: R.REJECTED, actor: 'city', permission: `${audit}.edit`, opinion: 'required' },
  ];
}

export const POSTPONE_TRANSITIONS = requestTransitions<PostponeAction>('postpone', 'postponeApply', 'postponeAudit', { withdraw: '撤回延期申请', approve: '同意延期', reject: '驳回延期' });
export const CORRECT_TRANSITIONS = requestTransitions<CorrectAction>('correct', 'infoCorrectApply', 'infoCorrectAudit', { withdraw: '撤回更正申请', approve: '同意更正', reject: '驳回更正' });
export const REQUEST_TRANSITIONS: Record<RequestKind, readonly TransitionDef<RequestSubject, RequestAction, Actor, RequestGateKey>[]> = { postpone: POSTPONE_TRANSITIONS, correct: CORRECT_TRANSITIONS };

/** 转换之外、同样按状态决定的操作：改资料、删除、课程体系、学员名单、出勤，发起延期或更正申请 */
export type ClassOperation = 'edit' | 'delete' | 'curriculum' | 'students' | 'attendance' | 'examineStudents' | ApplyAction;

/** 课程体系也可由“课程体系”菜单的权限办理，学员名单与出勤也可由“学员库”的权限办理 */
export const CLASS_OPERATIONS: Readonly<Record<ClassOperation, OperationDef<ClassSubject, Actor>>> = {
  edit: { label: '修改班级', from: EDITABLE_STATUSES, actor: 'org', permission: 'trainInfo.edit' },
  delete: { label: '删除班级', from: EDITABLE_STATUSES, actor: 'org', permission: 'trainInfo.delete' },
  curriculum: { label: '修改课程体系', from: EDITABLE_STATUSES, actor: 'org', permission: ['trainInfo.edit', 'curriculum.edit'] },
  students: { label: '修改学员名单', from: EDITABLE_STATUSES, actor: 'org', permission: ['trainInfo.edit', 'student.edit'] },
  attendance: { label: '登记出勤与结业', from: ATTENDANCE_STATUSES, actor: 'org', permission: ['trainInfo.edit', 'student.edit'] },
  /** 审核员对学员逐个审核（通过或不通过），在审核班级之前 */
  examineStudents: { label: '审核学员', from: [S.SUBMITTED], actor: 'city', permission: 'trainInfoAudit.edit' },
  postponeApply: { label: '申请延期开班', from: POSTPONABLE_STATUSES, actor: 'org', permission: 'postponeApply.add', when: (c) => !c.pendingKinds.includes('postpone') },
  correctApply: { label: '申请信息更正', from: CORRECTABLE_STATUSES, actor: 'org', permission: 'infoCorrectApply.add', when: (c) => !c.pendingKinds.includes('correct') },
};

export const CLASS_ACTIONS = CLASS_TRANSITIONS.map((t) => t.action) as [ClassTransitionAction, ...ClassTransitionAction[]];
export const APPLY_OF: Record<RequestKind, ApplyAction> = { postpone: 'postponeApply', correct: 'correctApply' };

/**
 * record：为班级录像（开班机构、班级所在市与省级，见 canRecordClass；录像的服务按同一规则拒绝）；
 * recordings：看班级的录像列表（发布之后的班级、能看到这个班且有查看权限的人，见 canViewClassRecordings）
 */
export type ClassAction = ClassTransitionAction | ClassOperation | 'record' | 'recordings';

export interface ActorUser {
  level: string;
  orgId: number | null;
  cityId: number | null;
}

/** 用户对这个班（或申请）是哪一方：所属机构的用户为 org，所在市的市级用户为 city，其余（省级、别的机构）不是办理方 */
export function classActorsOf(user: ActorUser, c: { orgId: number; cityId: number | null }): Actor[] {
  return scopedActors(user, c).filter((a): a is Actor => a !== 'province');
}

/** 此刻能否为班级录像：开班机构、班级所在市或省级的用户，有录像权限，班级已发布或培训中 */
export function canRecordClass(c: Pick<ClassSubject, 'status' | 'orgId' | 'cityId'>, user: ActorUser, allowed: (permission: string) => boolean): boolean {
  return (user.level === 'province' || classActorsOf(user, c).length > 0) && RECORD_CLASS_PERMISSIONS.some(allowed) && RECORDABLE_STATUSES.includes(c.status);
}

/**
 * 能否看班级的录像列表：班级发布过（已发布及之后；作废待审核与已作废的看申请作废时的状态），有查看班级的权限。
 * 范围由调用方保证（列表只列出范围内的班，录像的服务范围外 404）；看不限于开班机构与所在市，范围内能看到班的都可以看。
 */
export function canViewClassRecordings(c: Pick<ClassSubject, 'status' | 'statusBeforeDiscard'>, allowed: (permission: string) => boolean): boolean {
  const discarded = c.status === S.DISCARD_PENDING || c.status === S.DISCARDED;
  const published = RECORDINGS_VIEWABLE_STATUSES.includes(c.status) || (discarded && c.statusBeforeDiscard != null && RECORDABLE_STATUSES.includes(c.statusBeforeDiscard));
  return published && VIEW_CLASS_RECORDINGS_PERMISSIONS.some(allowed);
}

/** 每一步的动词（历史记录的显示） */
export const VERB_OF: Record<string, string> = Object.fromEntries([
  ...[...CLASS_TRANSITIONS, ...POSTPONE_TRANSITIONS, ...CORRECT_TRANSITIONS].map((t) => [t.action, t.verb]),
  ...Object.entries(APPLY_OF).map(([, a]) => [a, CLASS_OPERATIONS[a].label]),
]);

export const classStatusLabel = (status: number): string => CLASS_STATUS_LABEL[status] ?? String(status);
export const requestStatusLabel = (status: number): string => REQUEST_STATUS_LABEL[status] ?? String(status);

// 课程状态机：唯一的一张转换表。服务里的每次状态变更都经 service.applyCourseTransition 查此表，表外的组合一律拒绝。
// 草稿 → 待审核 → 已上架（审核通过）/ 已驳回（须填意见）；驳回或下架的课程撤回为草稿修改后重新提交；
// 已上架与已下架之间由内容管理员切换（arraigned）。只有已上架的课程可被培训班、精品课程等引用。

export const COURSE_STATUS = {
  DRAFT: 0,
  SUBMITTED: 1,
  APPROVED: 2,
  REJECTED: 3,
  OFF_SHELF: 4,
} as const;

export type CourseStatus = (typeof COURSE_STATUS)[keyof typeof COURSE_STATUS];

export const COURSE_STATUS_LABEL: Record<number, string> = {
  [COURSE_STATUS.DRAFT]: '草稿',
  [COURSE_STATUS.SUBMITTED]: '待审核',
  [COURSE_STATUS.APPROVED]: '已上架',
  [COURSE_STATUS.REJECTED]: '已驳回',
  [COURSE_STATUS.OFF_SHELF]: '已下架',
};

export const COURSE_STATUS_COLOR: Record<number, string> = {
  [COURSE_STATUS.DRAFT]: 'default',
  [COURSE_STATUS.SUBMITTED]: 'processing',
  [COURSE_STATUS.APPROVED]: 'success',
  [COURSE_STATUS.REJECTED]: 'error',
  [COURSE_STATUS.OFF_SHELF]: 'warning',
};

export const COURSE_KINDS = ['picture', 'video'] as const;
export type CourseKind = (typeof COURSE_KINDS)[number];
export const COURSE_KIND_LABEL: Record<CourseKind, string> = { picture: '图文课程', video: '视频课程' };

/** 课程种类 → 内容管理下的菜单资源（图文课程、视频课程） */
export const KIND_RESOURCE: Record<CourseKind, string> = { picture: 'pictureCourse', video: 'videoCourse' };

/** 维护课程的资源：培训管理的“课程列表”（course）或该种类的内容资源；任一有该动作即可 */
export const kindPermissions = (kind: CourseKind, action: string): string[] => [`course.${action}`, `${KIND_RESOURCE[kind]}.${action}`];

/** 审核资源 */
export const AUDIT_RESOURCE = 'courseAudit';

const { DRAFT, SUBMITTED, APPROVED, REJECTED, OFF_SHELF } = COURSE_STATUS;

export type TransitionAction = 'submit' | 'withdraw' | 'approve' | 'reject' | 'revise' | 'offShelf' | 'onShelf';

/** 谁办理：维护课程的人（课程归属范围内），或审核员（市级、省级管理员，不能是课程所属机构的人） */
export type Actor = 'owner' | 'auditor';

export interface Transition {
  action: TransitionAction;
  verb: string;
  from: readonly number[];
  to: number;
  actor: Actor;
  /** 所需权限（任一）：按课程种类给出 */
  permissions: (kind: CourseKind) => string[];
  opinion: 'required' | 'optional' | 'none';
}

export const TRANSITIONS: readonly Transition[] = [
  { action: 'submit', verb: '提交审核', from: [DRAFT], to: SUBMITTED, actor: 'owner', permissions: (k) => kindPermissions(k, 'edit'), opinion: 'none' },
  { action: 'withdraw', verb: '撤回提交', from: [SUBMITTED], to: DRAFT, actor: 'owner', permissions: (k) => kindPermissions(k, 'edit'), opinion: 'none' },
  { action: 'approve', verb: '审核通过', from: [SUBMITTED], to: APPROVED, actor: 'auditor', permissions: () => [`${AUDIT_RESOURCE}.edit`], opinion: 'optional' },
  { action: 'reject', verb: '审核驳回', from: [SUBMITTED], to: REJECTED, actor: 'auditor', permissions: () => [`${AUDIT_RESOURCE}.edit`], opinion: 'required' },
  { action: 'revise', verb: '撤回修改', from: [REJECTED, OFF_SHELF], to: DRAFT, actor: 'owner', permissions: (k) => kindPermissions(k, 'edit'), opinion: 'none' },
  // 下架：内容管理员（该种类的停用权限）或审核员（监管）；上架：内容管理员
  { action: 'offShelf', verb: '下架', from: [APPROVED], to: OFF_SHELF, actor: 'owner', permissions: (k) => [`${KIND_RESOURCE[k]}.disable`, `${AUDIT_RESOURCE}.edit`], opinion: 'optional' },
  { action: 'onShelf', verb: '上架', from: [OFF_SHELF], to: APPROVED, actor: 'owner', permissions: (k) => [`${KIND_RESOURCE[k]}.enable`], opinion: 'none' },
];

export const TRANSITION_ACTIONS = TRANSITIONS.map((t) => t.action) as [TransitionAction, ...TransitionAction[]];

export function transitionOf(action: TransitionAction): Transition {
  const t = TRANSITIONS.find((x) => x.action === action);
  if (!t) throw new Error(`未知的课程操作：${action}`); // i18n-ignore
  return t;
}

/** 可修改资料、章节与课件的状态 */
export const EDITABLE_STATUSES: readonly number[] = [DRAFT];
/** 可删除的状态（另须没有培训班使用） */
export const DELETABLE_STATUSES: readonly number[] = [DRAFT, REJECTED, OFF_SHELF];
/** 可被培训班、精品课程、评论引用的状态 */
export const USABLE_STATUS = APPROVED;

export type CourseOperation = 'edit' | 'delete';
export type CourseAction = TransitionAction | CourseOperation;

export interface ActionSubject {
  kind: CourseKind;
  status: number;
  orgId: number | null;
}

export interface ActorInfo {
  level: 'province' | 'city' | 'county' | 'org';
  orgId: number | null;
}

/** 审核员：市级或省级，且不是课程所属机构的人（机构不能审核自己的课程） */
export const canAudit = (course: { orgId: number | null }, user: ActorInfo): boolean =>
  (user.level === 'city' || user.level === 'province') && (course.orgId === null || course.orgId !== user.orgId);

/** 当前用户能否办理这一步（不含范围：调用方已确认课程在范围内） */
export function transitionAllowed(t: Transition, c: ActionSubject, user: ActorInfo, allowed: (permission: string | readonly string[]) => boolean): boolean {
  if (!t.from.includes(c.status)) return false;
  if (!allowed(t.permissions(c.kind))) return false;
  return t.actor === 'auditor' ? canAudit(c, user) : true;
}

/**
 * 当前用户此刻对一门课程能做的事，唯一的一处规则：服务端按它拒绝、列表按它给出按钮。
 * allowed 查会话权限（任一）。
 */
export function availableActions(c: ActionSubject, user: ActorInfo, allowed: (permission: string | readonly string[]) => boolean): CourseAction[] {
  const out: CourseAction[] = [];
  if (EDITABLE_STATUSES.includes(c.status) && allowed(kindPermissions(c.kind, 'edit'))) out.push('edit');
  if (DELETABLE_STATUSES.includes(c.status) && allowed(kindPermissions(c.kind, 'delete'))) out.push('delete');
  for (const t of TRANSITIONS) if (transitionAllowed(t, c, user, allowed)) out.push(t.action);
  return out;
}

/** 审核员有事可办的状态（审核列表“待审核”） */
export const PENDING_AUDIT: readonly number[] = [...new Set(TRANSITIONS.filter((t) => t.actor === 'auditor').flatMap((t) => t.from))];

export const courseStatusLabel = (status: number): string => COURSE_STATUS_LABEL[status] ?? String(status);

export const COURSEWARE_KINDS = ['video', 'pdf', 'image', 'document'] as const;
export type CoursewareKind = (typeof COURSEWARE_KINDS)[number];
export const COURSEWARE_KIND_LABEL: Record<CoursewareKind, string> = { video: '视频', pdf: 'PDF', image: '图片', document: '文档' };

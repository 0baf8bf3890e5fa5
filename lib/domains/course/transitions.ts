// 课程状态机的声明（lib/platform/workflow 的格式）：状态、转换、操作；引擎（workflow.ts）按它办理与拒绝。
import type { OperationDef, TransitionDef } from '@/lib/platform/workflow';

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

/** 谁办理：维护课程的人（课程归属范围内），审核员（市级、省级管理员，不能是课程所属机构的人） */
export type Actor = 'owner' | 'auditor';
export const ACTOR_LABEL: Record<Actor, string> = { owner: '课程维护方', auditor: '审核员' };

/** 办理前的条件（实现在 workflow.ts） */
export type GateKey = 'hasWares' | 'notInClass';

/** 转换所需的课程信息 */
export interface ActionSubject {
  kind: CourseKind;
  status: number;
  orgId: number | null;
}

type Step = TransitionDef<ActionSubject, TransitionAction, Actor, GateKey>;

const KIND_EDIT = {
  permission: (c: ActionSubject) => kindPermissions(c.kind, 'edit'),
  permissionLabel: '该种类课程的 edit（course、pictureCourse、videoCourse）',
  permissionOptions: ['course.edit', 'pictureCourse.edit', 'videoCourse.edit'],
} as const;
const AUDIT = { permission: `${AUDIT_RESOURCE}.edit` } as const;

export const TRANSITIONS: readonly Step[] = [
  { action: 'submit', verb: '提交审核', from: [DRAFT], to: SUBMITTED, actor: 'owner', ...KIND_EDIT, opinion: 'none', gates: ['hasWares'] },
  { action: 'withdraw', verb: '撤回提交', from: [SUBMITTED], to: DRAFT, actor: 'owner', ...KIND_EDIT, opinion: 'none', optional: true },
  { action: 'approve', verb: '审核通过', from: [SUBMITTED], to: APPROVED, actor: 'auditor', ...AUDIT, opinion: 'optional' },
  { action: 'reject', verb: '审核驳回', from: [SUBMITTED], to: REJECTED, actor: 'auditor', ...AUDIT, opinion: 'required', opinionMessage: '审核驳回须填写意见' },
  { action: 'revise', verb: '撤回修改', from: [REJECTED, OFF_SHELF], to: DRAFT, actor: 'owner', ...KIND_EDIT, opinion: 'none', gates: ['notInClass'] },
  // 下架：内容管理员（该种类的停用权限）或审核员（监管）；上架：内容管理员
  {
    action: 'offShelf',
    verb: '下架',
    from: [APPROVED],
    to: OFF_SHELF,
    actor: 'owner',
    permission: (c) => [`${KIND_RESOURCE[c.kind]}.disable`, `${AUDIT_RESOURCE}.edit`],
    permissionLabel: '该种类课程的 disable 或 courseAudit.edit',
    permissionOptions: ['pictureCourse.disable', 'videoCourse.disable', `${AUDIT_RESOURCE}.edit`],
    opinion: 'optional',
    optional: true,
  },
  {
    action: 'onShelf',
    verb: '上架',
    from: [OFF_SHELF],
    to: APPROVED,
    actor: 'owner',
    permission: (c) => `${KIND_RESOURCE[c.kind]}.enable`,
    permissionLabel: '该种类课程的 enable（pictureCourse、videoCourse）',
    permissionOptions: ['pictureCourse.enable', 'videoCourse.enable'],
    opinion: 'none',
    optional: true,
  },
];

export const TRANSITION_ACTIONS = TRANSITIONS.map((t) => t.action) as [TransitionAction, ...TransitionAction[]];

/** 可修改资料、章节与课件的状态 */
export const EDITABLE_STATUSES: readonly number[] = [DRAFT];
/** 可删除的状态（另须没有培训班使用） */
export const DELETABLE_STATUSES: readonly number[] = [DRAFT, REJECTED, OFF_SHELF];
/** 可被培训班、精品课程、评论引用的状态 */
export const USABLE_STATUS = APPROVED;

export type CourseOperation = 'edit' | 'delete';
export type CourseAction = TransitionAction | CourseOperation;

/** 修改与删除：维护方，按状态与该种类的权限 */
export const OPERATIONS: Readonly<Record<CourseOperation, OperationDef<ActionSubject, Actor>>> = {
  edit: { label: '修改', from: EDITABLE_STATUSES, actor: 'owner', permission: (c) => kindPermissions(c.kind, 'edit') },
  delete: { label: '删除', from: DELETABLE_STATUSES, actor: 'owner', permission: (c) => kindPermissions(c.kind, 'delete') },
};

export interface ActorInfo {
  level: 'province' | 'city' | 'county' | 'org';
  orgId: number | null;
}

/** 审核员：市级或省级，且不是课程所属机构的人（机构不能审核自己的课程） */
export const canAudit = (course: { orgId: number | null }, user: ActorInfo): boolean =>
  (user.level === 'city' || user.level === 'province') && (course.orgId === null || course.orgId !== user.orgId);

/** 用户对课程是哪些办理方：范围内的都可维护（读取已查范围），市级、省级另为审核员 */
export const actorsOf = (user: ActorInfo, c: ActionSubject): Actor[] => (canAudit(c, user) ? ['owner', 'auditor'] : ['owner']);

export const courseStatusLabel = (status: number): string => COURSE_STATUS_LABEL[status] ?? String(status);

export const COURSEWARE_KINDS = ['video', 'pdf', 'image', 'document'] as const;
export type CoursewareKind = (typeof COURSEWARE_KINDS)[number];
export const COURSEWARE_KIND_LABEL: Record<CoursewareKind, string> = { video: '视频', pdf: 'PDF', image: '图片', document: '文档' };

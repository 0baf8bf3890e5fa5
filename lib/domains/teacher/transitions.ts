// 教师审核状态机：唯一的一张转换表。服务里的每次状态变更都经 service 的 applyTeacherTransition 查此表，表外的组合一律拒绝。
// 机构登记或修改（驳回后）即进入待审核；所属机构所在市的市级管理员（或省级管理员）审核，意见必填（SPEC §5 “请输入审核意见”）。

export const TEACHER_AUDIT = {
  /** 待审核（登记后、驳回后修改后） */
  PENDING: 0,
  /** 审核通过：可排进培训班；大部分字段不可再改（SPEC §4） */
  APPROVED: 1,
  /** 审核驳回（或通过后被撤销）：机构修改后再次待审核 */
  REJECTED: 2,
} as const;

export type TeacherAuditStatus = (typeof TEACHER_AUDIT)[keyof typeof TEACHER_AUDIT];

export const TEACHER_AUDIT_LABEL: Record<number, string> = {
  [TEACHER_AUDIT.PENDING]: '待审核',
  [TEACHER_AUDIT.APPROVED]: '审核通过',
  [TEACHER_AUDIT.REJECTED]: '审核驳回',
};

export const TEACHER_AUDIT_COLOR: Record<number, string> = {
  [TEACHER_AUDIT.PENDING]: 'processing',
  [TEACHER_AUDIT.APPROVED]: 'success',
  [TEACHER_AUDIT.REJECTED]: 'error',
};

/** 谁办理：教师的所属机构、审核方（所属机构所在市的市级管理员或省级管理员） */
export type TeacherActor = 'org' | 'reviewer';

export type TeacherTransitionAction = 'approve' | 'reject' | 'revoke' | 'resubmit';

export interface TeacherTransition {
  action: TeacherTransitionAction;
  verb: string;
  from: readonly number[];
  to: number;
  actor: TeacherActor;
  /** 需要的权限 */
  permission: 'teacher.edit' | 'teacherAudit.edit';
  opinion: 'required' | 'none';
}

const { PENDING, APPROVED, REJECTED } = TEACHER_AUDIT;

export const TEACHER_TRANSITIONS: readonly TeacherTransition[] = [
  { action: 'approve', verb: '审核通过', from: [PENDING], to: APPROVED, actor: 'reviewer', permission: 'teacherAudit.edit', opinion: 'required' },
  { action: 'reject', verb: '审核驳回', from: [PENDING], to: REJECTED, actor: 'reviewer', permission: 'teacherAudit.edit', opinion: 'required' },
  { action: 'revoke', verb: '撤销通过', from: [APPROVED], to: REJECTED, actor: 'reviewer', permission: 'teacherAudit.edit', opinion: 'required' },
  /** 驳回后机构修改资料即重新提交（teacher/update） */
  { action: 'resubmit', verb: '修改后重新提交', from: [REJECTED], to: PENDING, actor: 'org', permission: 'teacher.edit', opinion: 'none' },
];

/** 审核接口（auditNew）可指定的操作 */
export const TEACHER_REVIEW_ACTIONS = ['approve', 'reject', 'revoke'] as const satisfies readonly TeacherTransitionAction[];

export function teacherTransitionOf(action: TeacherTransitionAction): TeacherTransition {
  const t = TEACHER_TRANSITIONS.find((x) => x.action === action);
  if (!t) throw new Error(`未知的教师审核操作：${action}`);
  return t;
}

/** 待审核列表的状态：审核方可以通过或驳回的（撤销通过不算待办） */
export const REVIEWABLE_STATUSES: readonly number[] = [...new Set(TEACHER_TRANSITIONS.filter((t) => t.action === 'approve' || t.action === 'reject').flatMap((t) => t.from))];

/** 审核通过后仍可修改的字段（SPEC §4：auditStatus 1 时大部分字段不可编辑） */
export const EDITABLE_WHEN_APPROVED = ['userPhone', 'userEmail', 'teacherContent', 'teacherTmg', 'createUserCode'] as const;

export const isLocked = (auditStatus: number): boolean => auditStatus === APPROVED;

/** 转换之外、同样按状态决定的操作 */
export type TeacherOperation = 'edit' | 'delete' | 'push';
export type TeacherAction = TeacherTransitionAction | TeacherOperation;

/**
 * 当前用户此刻对一名教师能做的事，唯一的一处规则：服务端按它拒绝、列表与详情按它给出按钮。
 * actor：'org' 为所属机构或教师本人、'reviewer' 为范围内的市级或省级管理员，null 为只能查看（如只是上班单位）；allowed 查会话权限。
 */
export function teacherActions(t: { auditStatus: number }, actor: TeacherActor | null, allowed: (permission: string) => boolean): TeacherAction[] {
  if (!actor) return [];
  const out: TeacherAction[] = [];
  // 所属机构（或教师本人）与范围内有师资库权限的管理员都可修改；审核通过的不能删除（可能已排进培训班）
  if (allowed('teacher.edit')) out.push('edit');
  if (allowed('teacher.delete') && t.auditStatus !== APPROVED) out.push('delete');
  // 推送到求实平台：审核方对审核通过的教师
  if (actor === 'reviewer' && t.auditStatus === APPROVED && allowed('teacherAudit.edit')) out.push('push');
  for (const tr of TEACHER_TRANSITIONS) {
    // resubmit 由修改资料触发，不单独成按钮
    if (tr.action === 'resubmit' || tr.actor !== actor || !tr.from.includes(t.auditStatus) || !allowed(tr.permission)) continue;
    out.push(tr.action);
  }
  return out;
}

export const teacherAuditLabel = (s: number): string => TEACHER_AUDIT_LABEL[s] ?? String(s);

// 教师审核状态机的声明（lib/platform/workflow 的格式，纯数据）：状态、转换、操作；引擎在 workflow.ts。
// 机构登记或修改（驳回后）即进入待审核；所属机构所在市的市级管理员（或省级管理员）审核，意见必填（SPEC §5 “请输入审核意见”）。

import type { OperationDef, TransitionDef } from '@/lib/platform/workflow';

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

/** 谁办理：教师的所属机构（或教师本人）、审核方（所属机构所在市的市级管理员或省级管理员） */
export type TeacherActor = 'org' | 'reviewer';
export const TEACHER_ACTOR_LABEL: Record<TeacherActor, string> = { org: '所属机构', reviewer: '审核方' };

export type TeacherTransitionAction = 'approve' | 'reject' | 'revoke' | 'resubmit';

/** 状态机看到的教师：审核状态与范围 */
export interface TeacherSubject {
  auditStatus: number;
  orgId: number;
  userId: number | null;
  cityId: number | null;
  countyId: number | null;
}

const { PENDING, APPROVED, REJECTED } = TEACHER_AUDIT;
const REVIEW = { actor: 'reviewer', permission: 'teacherAudit.edit', opinion: 'required', opinionMessage: '请输入审核意见' } as const;

export const TEACHER_TRANSITIONS: readonly TransitionDef<TeacherSubject, TeacherTransitionAction, TeacherActor, string>[] = [
  { action: 'approve', verb: '审核通过', from: [PENDING], to: APPROVED, ...REVIEW },
  { action: 'reject', verb: '审核驳回', from: [PENDING], to: REJECTED, ...REVIEW },
  { action: 'revoke', verb: '撤销通过', from: [APPROVED], to: REJECTED, ...REVIEW, optional: true },
  /** 驳回后机构修改资料即重新提交（teacher/update），也可不改资料直接重新提交（teacher/resubmit） */
  { action: 'resubmit', verb: '重新提交审核', from: [REJECTED], to: PENDING, actor: 'org', permission: 'teacher.edit', opinion: 'none' },
];

/** 审核接口（auditNew）按当前状态与目标状态找到的一步 */
export function reviewStepOf(from: number, to: number): TeacherTransitionAction | null {
  return TEACHER_TRANSITIONS.find((t) => t.actor === 'reviewer' && (t.from as readonly number[]).includes(from) && t.to === to)?.action ?? null;
}

/** 待审核列表的状态：审核方可以通过或驳回的（撤销通过不算待办） */
export const REVIEWABLE_STATUSES: readonly number[] = [PENDING];

/** 审核通过后仍可修改的字段（SPEC §4：auditStatus 1 时大部分字段不可编辑） */
export const EDITABLE_WHEN_APPROVED = ['userPhone', 'userEmail', 'teacherContent', 'teacherTmg', 'createUserCode'] as const;

export const isLocked = (auditStatus: number): boolean => auditStatus === APPROVED;

/** 转换之外、同样按状态决定的操作：修改（所属机构与范围内有师资库权限的管理员）、删除（审核通过的不能删：可能已排进培训班）、推送 */
export type TeacherOperation = 'edit' | 'delete' | 'push';
export type TeacherAction = TeacherTransitionAction | TeacherOperation;

export const TEACHER_OPERATIONS: Readonly<Record<TeacherOperation, OperationDef<TeacherSubject, TeacherActor>>> = {
  edit: { label: '修改教师资料', from: [PENDING, APPROVED, REJECTED], actor: ['org', 'reviewer'], permission: 'teacher.edit' },
  delete: { label: '删除教师', from: [PENDING, REJECTED], actor: ['org', 'reviewer'], permission: 'teacher.delete' },
  push: { label: '推送到求实平台', from: [APPROVED], actor: 'reviewer', permission: 'teacherAudit.edit' },
};

export const teacherAuditLabel = (s: number): string => TEACHER_AUDIT_LABEL[s] ?? String(s);

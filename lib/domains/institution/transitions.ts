// 入驻状态机的声明（lib/platform/workflow 的格式，纯数据）：培训机构与企业的入驻申请 → 市级审核 → 省级审核 → 已入驻
// （可暂停、恢复）。引擎在 workflow.ts。
import { scopedActors, type OperationDef, type TransitionDef } from '@/lib/platform/workflow';

export const SETTLE_STATUS = {
  /** 填写中（未提交或已撤回） */
  DRAFT: 0,
  CITY_REVIEW: 1,
  CITY_REJECTED: 2,
  PROVINCE_REVIEW: 3,
  PROVINCE_REJECTED: 4,
  /** 已入驻：定点培训机构（TYPE_PXJG）列入所在市的定点机构名录 */
  SETTLED: 5,
  SUSPENDED: 6,
} as const;

export const SETTLE_STATUS_LABEL: Record<number, string> = {
  [SETTLE_STATUS.DRAFT]: '填写中',
  [SETTLE_STATUS.CITY_REVIEW]: '待市级审核',
  [SETTLE_STATUS.CITY_REJECTED]: '市级驳回',
  [SETTLE_STATUS.PROVINCE_REVIEW]: '待省级审核',
  [SETTLE_STATUS.PROVINCE_REJECTED]: '省级驳回',
  [SETTLE_STATUS.SETTLED]: '已入驻',
  [SETTLE_STATUS.SUSPENDED]: '已暂停',
};

export const SETTLE_STATUS_COLOR: Record<number, string> = {
  [SETTLE_STATUS.DRAFT]: 'default',
  [SETTLE_STATUS.CITY_REVIEW]: 'processing',
  [SETTLE_STATUS.CITY_REJECTED]: 'error',
  [SETTLE_STATUS.PROVINCE_REVIEW]: 'processing',
  [SETTLE_STATUS.PROVINCE_REJECTED]: 'error',
  [SETTLE_STATUS.SETTLED]: 'success',
  [SETTLE_STATUS.SUSPENDED]: 'warning',
};

/** 单位类型（SPEC §3 orgType）：定点培训机构，其余为企业 */
export const ORG_KIND = { TYPE_PXJG: 'TYPE_PXJG', TYPE_QY: 'TYPE_QY' } as const;
export type OrgKind = keyof typeof ORG_KIND;
export const ORG_KIND_LABEL: Record<OrgKind, string> = { TYPE_PXJG: '定点培训机构', TYPE_QY: '企业' };
export const categoryOfKind = (k: OrgKind): 'train' | 'enterprise' => (k === 'TYPE_PXJG' ? 'train' : 'enterprise');
export const kindOfCategory = (category: string): OrgKind => (category === 'train' ? 'TYPE_PXJG' : 'TYPE_QY');

/** 审核资源：企业的入驻在“企业审核”（companyAudit），培训机构的在“入驻审核”（settleInAudit） */
export const auditResourceOf = (category: string): 'companyAudit' | 'settleInAudit' => (category === 'train' ? 'settleInAudit' : 'companyAudit');

/** 谁办理：单位本身、单位所在市的市级管理员、省级管理员；admin 为管理员（所在市的市级或省级，暂停与恢复、管理员修改） */
export type SettleActor = 'org' | 'city' | 'province' | 'admin';
export const SETTLE_ACTOR_LABEL: Record<SettleActor, string> = { org: '入驻单位', city: '市级管理员', province: '省级管理员', admin: '管理员' };
export type SettleAction = 'submit' | 'withdraw' | 'cityPass' | 'cityReject' | 'provincePass' | 'provinceReject' | 'suspend' | 'resume';

/** 状态机看到的入驻资料：状态、单位、范围与单位类别（审核资源按类别） */
export interface SettleSubject {
  settleStatus: number;
  orgId: number;
  cityId: number | null;
  category: string;
}

const { DRAFT, CITY_REVIEW, CITY_REJECTED, PROVINCE_REVIEW, PROVINCE_REJECTED, SETTLED, SUSPENDED } = SETTLE_STATUS;

/** 单位可修改资料、可删除的状态（从未审核通过过） */
export const EDITABLE_SETTLE: readonly number[] = [DRAFT, CITY_REJECTED, PROVINCE_REJECTED];
const ALL_SETTLE: readonly number[] = Object.values(SETTLE_STATUS);

const APPLY = { actor: 'org', permission: 'settleIn.edit' } as const;
/** 审核按单位类别：企业在“企业审核”，培训机构在“入驻审核” */
const AUDIT = {
  permission: (p: SettleSubject) => `${auditResourceOf(p.category)}.edit`,
  permissionLabel: '按单位类别：settleInAudit.edit 或 companyAudit.edit',
  permissionOptions: ['settleInAudit.edit', 'companyAudit.edit'],
} as const;

export const SETTLE_TRANSITIONS: readonly TransitionDef<SettleSubject, SettleAction, SettleActor, string>[] = [
  { action: 'submit', verb: '提交入驻申请', from: EDITABLE_SETTLE, to: CITY_REVIEW, ...APPLY, opinion: 'none' },
  { action: 'withdraw', verb: '撤回入驻申请', from: [CITY_REVIEW], to: DRAFT, ...APPLY, opinion: 'none', optional: true },
  { action: 'cityPass', verb: '市级审核通过', from: [CITY_REVIEW], to: PROVINCE_REVIEW, actor: 'city', ...AUDIT, opinion: 'optional' },
  { action: 'cityReject', verb: '市级审核驳回', from: [CITY_REVIEW], to: CITY_REJECTED, actor: 'city', ...AUDIT, opinion: 'required' },
  { action: 'provincePass', verb: '省级审核通过', from: [PROVINCE_REVIEW], to: SETTLED, actor: 'province', ...AUDIT, opinion: 'optional' },
  { action: 'provinceReject', verb: '省级审核驳回', from: [PROVINCE_REVIEW], to: PROVINCE_REJECTED, actor: 'province', ...AUDIT, opinion: 'required' },
  { action: 'suspend', verb: '暂停入驻', from: [SETTLED], to: SUSPENDED, actor: 'admin', permission: 'settleIn.disable', opinion: 'required', optional: true },
  { action: 'resume', verb: '恢复入驻', from: [SUSPENDED], to: SETTLED, actor: 'admin', permission: 'settleIn.enable', opinion: 'optional', optional: true },
];

export const SETTLE_ACTIONS = SETTLE_TRANSITIONS.map((t) => t.action) as [SettleAction, ...SettleAction[]];

/**
 * 转换之外、同样按状态决定的操作：单位只能在填写中或被驳回时修改（edit）；管理员可随时修改范围内的资料（adminEdit，不改状态）；
 * 删除只限从未审核通过的；同步到求实平台由管理员对已入驻的办理。
 */
export type SettleOperation = 'edit' | 'adminEdit' | 'delete' | 'sync';
export type SettleRowAction = SettleAction | SettleOperation;

const EDIT_PERMISSIONS = ['settleIn.edit', 'company.edit'];
export const SETTLE_OPERATIONS: Readonly<Record<SettleOperation, OperationDef<SettleSubject, SettleActor>>> = {
  edit: { label: '修改入驻资料', from: EDITABLE_SETTLE, actor: 'org', permission: EDIT_PERMISSIONS },
  adminEdit: { label: '修改入驻资料', from: ALL_SETTLE, actor: 'admin', permission: EDIT_PERMISSIONS },
  delete: { label: '删除入驻资料', from: EDITABLE_SETTLE, actor: ['org', 'admin'], permission: 'settleIn.delete' },
  sync: { label: '同步到求实平台', from: [SETTLED], actor: 'admin', permission: 'company.edit' },
};

/** 用户对一份入驻资料是哪些办理方 */
export function settleActorsOf(user: { level: string; orgId: number | null; cityId: number | null }, p: { orgId: number; cityId: number | null }): SettleActor[] {
  // 市级与省级同时是“管理员”一方（暂停、恢复入驻）
  return scopedActors(user, p).flatMap((a): SettleActor[] => (a === 'org' ? [a] : [a, 'admin']));
}

export const settleStatusLabel = (s: number): string => SETTLE_STATUS_LABEL[s] ?? String(s);

/** 企业评价的等级（由分数算出） */
export function evaluationGrade(score: number): string {
  if (score >= 90) return '优秀';
  if (score >= 80) return '良好';
  if (score >= 60) return '合格';
  return '不合格';
}

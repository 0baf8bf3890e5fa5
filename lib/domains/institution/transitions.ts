// 入驻状态机：培训机构与企业的入驻申请 → 市级审核 → 省级审核 → 已入驻（可暂停、恢复）。唯一的一张转换表，
// 服务里的每次状态变更都经 service 的 applySettleTransition 查此表，表外的组合一律拒绝。

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

/** 谁办理：单位本身、单位所在市的市级管理员、省级管理员、管理员（市级或省级） */
export type SettleActor = 'org' | 'city' | 'province';

export type SettleAction = 'submit' | 'withdraw' | 'cityPass' | 'cityReject' | 'provincePass' | 'provinceReject' | 'suspend' | 'resume';

export interface SettleTransition {
  action: SettleAction;
  verb: string;
  from: readonly number[];
  to: number;
  actors: readonly SettleActor[];
  /** 'apply'：settleIn.edit；'audit'：按单位类别的审核资源 .edit；'disable' / 'enable'：settleIn 的停用与启用 */
  permission: 'apply' | 'audit' | 'disable' | 'enable';
  opinion: 'required' | 'optional' | 'none';
}

const { DRAFT, CITY_REVIEW, CITY_REJECTED, PROVINCE_REVIEW, PROVINCE_REJECTED, SETTLED, SUSPENDED } = SETTLE_STATUS;

/** 单位可修改资料、可删除的状态（从未审核通过过） */
export const EDITABLE_SETTLE: readonly number[] = [DRAFT, CITY_REJECTED, PROVINCE_REJECTED];

export const SETTLE_TRANSITIONS: readonly SettleTransition[] = [
  { action: 'submit', verb: '提交入驻申请', from: EDITABLE_SETTLE, to: CITY_REVIEW, actors: ['org'], permission: 'apply', opinion: 'none' },
  { action: 'withdraw', verb: '撤回入驻申请', from: [CITY_REVIEW], to: DRAFT, actors: ['org'], permission: 'apply', opinion: 'none' },
  { action: 'cityPass', verb: '市级审核通过', from: [CITY_REVIEW], to: PROVINCE_REVIEW, actors: ['city'], permission: 'audit', opinion: 'optional' },
  { action: 'cityReject', verb: '市级审核驳回', from: [CITY_REVIEW], to: CITY_REJECTED, actors: ['city'], permission: 'audit', opinion: 'required' },
  { action: 'provincePass', verb: '省级审核通过', from: [PROVINCE_REVIEW], to: SETTLED, actors: ['province'], permission: 'audit', opinion: 'optional' },
  { action: 'provinceReject', verb: '省级审核驳回', from: [PROVINCE_REVIEW], to: PROVINCE_REJECTED, actors: ['province'], permission: 'audit', opinion: 'required' },
  { action: 'suspend', verb: '暂停入驻', from: [SETTLED], to: SUSPENDED, actors: ['city', 'province'], permission: 'disable', opinion: 'required' },
  { action: 'resume', verb: '恢复入驻', from: [SUSPENDED], to: SETTLED, actors: ['city', 'province'], permission: 'enable', opinion: 'optional' },
];

export const SETTLE_ACTIONS = SETTLE_TRANSITIONS.map((t) => t.action) as [SettleAction, ...SettleAction[]];

export function settleTransitionOf(action: SettleAction): SettleTransition {
  const t = SETTLE_TRANSITIONS.find((x) => x.action === action);
  if (!t) throw new Error(`未知的入驻操作：${action}`); // i18n-ignore
  return t;
}

/** 一步要的权限 */
export function settlePermission(t: SettleTransition, category: string): string {
  switch (t.permission) {
    case 'apply':
      return 'settleIn.edit';
    case 'audit':
      return `${auditResourceOf(category)}.edit`;
    case 'disable':
      return 'settleIn.disable';
    case 'enable':
      return 'settleIn.enable';
  }
}

/** 审核方有事可办的状态（审核列表“待我审核”） */
export function pendingSettleStatuses(actor: SettleActor): number[] {
  return [...new Set(SETTLE_TRANSITIONS.filter((t) => t.permission === 'audit' && t.actors.includes(actor)).flatMap((t) => t.from))];
}

/** 转换之外、同样按状态决定的操作 */
export type SettleOperation = 'edit' | 'delete' | 'sync';
export type SettleRowAction = SettleAction | SettleOperation;

/**
 * 当前用户此刻对一份入驻资料能做的事，唯一的一处规则：服务端按它拒绝、列表与详情按它给出按钮。
 * 单位只能在填写中或被驳回时修改与删除；管理员可随时修改范围内的资料（不改状态），删除同样只限从未审核通过的。
 */
export function settleActions(p: { settleStatus: number; category: string }, actor: SettleActor | null, allowed: (permission: string) => boolean): SettleRowAction[] {
  if (!actor) return [];
  const out: SettleRowAction[] = [];
  const editable = EDITABLE_SETTLE.includes(p.settleStatus);
  if ((actor !== 'org' || editable) && (allowed('settleIn.edit') || allowed('company.edit'))) out.push('edit');
  if (editable && allowed('settleIn.delete')) out.push('delete');
  if (actor !== 'org' && p.settleStatus === SETTLED && allowed('company.edit')) out.push('sync');
  for (const t of SETTLE_TRANSITIONS) {
    if (t.from.includes(p.settleStatus) && t.actors.includes(actor) && allowed(settlePermission(t, p.category))) out.push(t.action);
  }
  return out;
}

export const settleStatusLabel = (s: number): string => SETTLE_STATUS_LABEL[s] ?? String(s);

/** 企业评价的等级（由分数算出） */
export function evaluationGrade(score: number): string {
  if (score >= 90) return '优秀';
  if (score >= 80) return '良好';
  if (score >= 60) return '合格';
  return '不合格';
}

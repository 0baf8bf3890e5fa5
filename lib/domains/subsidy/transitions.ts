// 补贴申请的状态机（培训补贴与生活交通补贴共用）：唯一的一张转换表。
// 机构申请 → 市级审核（可逐人同意或不同意、退回、不予补贴）→ 省级二级审批 → 本市财务审批（占用资金账户）→ 拨付。
// 服务里每次状态变更都经 workflow.ts 查此表；列表行上的按钮也由它算出（availableActions）。图与说明见 docs/SUBSIDIES.md。

export const APPLY_STATUS = {
  DRAFT: 0,
  CITY_PENDING: 1,
  RETURNED: 2,
  REVIEW_PENDING: 3,
  FINANCE_PENDING: 4,
  APPROVED: 5,
  PAID: 6,
  REJECTED: 7,
} as const;

export const APPLY_STATUS_LABEL: Record<number, string> = {
  [APPLY_STATUS.DRAFT]: '草稿',
  [APPLY_STATUS.CITY_PENDING]: '待市级审核',
  [APPLY_STATUS.RETURNED]: '退回修改',
  [APPLY_STATUS.REVIEW_PENDING]: '待二级审批',
  [APPLY_STATUS.FINANCE_PENDING]: '待财务审批',
  [APPLY_STATUS.APPROVED]: '已批准待拨付',
  [APPLY_STATUS.PAID]: '已拨付',
  [APPLY_STATUS.REJECTED]: '不予补贴',
};

export const APPLY_STATUS_COLOR: Record<number, string> = {
  0: 'default',
  1: 'processing',
  2: 'warning',
  3: 'processing',
  4: 'processing',
  5: 'cyan',
  6: 'success',
  7: 'error',
};

export type SubsidyKind = 'train' | 'living';
export const SUBSIDY_KINDS = ['train', 'living'] as const;
export const SUBSIDY_KIND_LABEL: Record<SubsidyKind, string> = { train: '培训补贴', living: '生活交通补贴' };

/** 逐人决定 */
export const DECISION = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;
export const DECISION_LABEL: Record<number, string> = { 0: '未定', 1: '同意', 2: '不同意' };

/** 谁办理：开班机构；班级所在市的市级管理员（初审、财务）；省级管理员（二级审批） */
export type Actor = 'org' | 'city' | 'province';
export const ACTOR_LABEL: Record<Actor, string> = { org: '开班机构', city: '市级管理员', province: '省级管理员' };

export type TransitionAction = 'submit' | 'withdraw' | 'cityApprove' | 'cityReturn' | 'cityReject' | 'reviewApprove' | 'reviewReturn' | 'financeApprove' | 'financeReturn' | 'pay';

/** 办理前检查（workflow.ts 实现） */
export type GateKey = 'hasItems' | 'recheck' | 'blockedDecided' | 'someApproved' | 'fund';

export interface Transition {
  action: TransitionAction;
  verb: string;
  from: readonly number[];
  to: number;
  actor: Actor;
  /** 各补贴种类所需的权限 */
  permission: Record<SubsidyKind, string>;
  opinion: 'required' | 'optional' | 'none';
  gates?: readonly GateKey[];
}

const S = APPLY_STATUS;

/** 各步的资源（菜单 key）：申请、市级审核、二级审批、财务 */
export const RESOURCES: Record<SubsidyKind, { apply: string; audit: string; review: string; finance: string }> = {
  train: { apply: 'subsidy', audit: 'subsidyAudit', review: 'subsidyReview', finance: 'subsidyFinance' },
  living: { apply: 'livingSubsidy', audit: 'livingSubsidyAudit', review: 'livingSubsidyReview', finance: 'subsidyFinance' },
};

const perm = (step: keyof (typeof RESOURCES)['train']): Record<SubsidyKind, string> => ({ train: `${RESOURCES.train[step]}.edit`, living: `${RESOURCES.living[step]}.edit` });

/** 机构可以修改学员名单与银行账户的状态 */
export const EDITABLE_STATUSES: readonly number[] = [S.DRAFT, S.RETURNED];

export const TRANSITIONS: readonly Transition[] = [
  { action: 'submit', verb: '提交申请', from: EDITABLE_STATUSES, to: S.CITY_PENDING, actor: 'org', permission: perm('apply'), opinion: 'none', gates: ['hasItems', 'recheck'] },
  { action: 'withdraw', verb: '撤回申请', from: [S.CITY_PENDING], to: S.DRAFT, actor: 'org', permission: perm('apply'), opinion: 'none' },
  { action: 'cityApprove', verb: '市级审核通过', from: [S.CITY_PENDING], to: S.REVIEW_PENDING, actor: 'city', permission: perm('audit'), opinion: 'optional', gates: ['recheck', 'blockedDecided', 'someApproved'] },
  { action: 'cityReturn', verb: '退回修改', from: [S.CITY_PENDING], to: S.RETURNED, actor: 'city', permission: perm('audit'), opinion: 'required' },
  { action: 'cityReject', verb: '不予补贴', from: [S.CITY_PENDING], to: S.REJECTED, actor: 'city', permission: perm('audit'), opinion: 'required' },
  { action: 'reviewApprove', verb: '二级审批通过', from: [S.REVIEW_PENDING], to: S.FINANCE_PENDING, actor: 'province', permission: perm('review'), opinion: 'optional' },
  { action: 'reviewReturn', verb: '二级审批退回', from: [S.REVIEW_PENDING], to: S.RETURNED, actor: 'province', permission: perm('review'), opinion: 'required' },
  { action: 'financeApprove', verb: '财务审批通过', from: [S.FINANCE_PENDING], to: S.APPROVED, actor: 'city', permission: perm('finance'), opinion: 'optional', gates: ['fund'] },
  { action: 'financeReturn', verb: '财务退回', from: [S.FINANCE_PENDING], to: S.RETURNED, actor: 'city', permission: perm('finance'), opinion: 'required' },
  { action: 'pay', verb: '登记拨付', from: [S.APPROVED], to: S.PAID, actor: 'city', permission: perm('finance'), opinion: 'optional' },
];

export const TRANSITION_ACTIONS = TRANSITIONS.map((t) => t.action) as [TransitionAction, ...TransitionAction[]];

export function transitionOf(action: TransitionAction): Transition {
  const t = TRANSITIONS.find((x) => x.action === action);
  if (!t) throw new Error(`未知的补贴操作：${action}`); // i18n-ignore
  return t;
}

/** 财务审批通过之后（已批准待拨付、已拨付）有公示海报与拨付名单 */
export const PUBLIC_STATUSES: readonly number[] = [S.APPROVED, S.PAID];

/** 状态之外的操作：机构改学员名单（edit）、删除草稿（delete）、打印公示海报（poster）；市级逐人决定（decide） */
export type ApplyOperation = 'edit' | 'delete' | 'decide' | 'poster';
export type ApplyAction = TransitionAction | ApplyOperation;

export interface ActorUser {
  level: string;
  orgId: number | null;
  cityId: number | null;
}

export function actorFor(user: ActorUser, a: { orgId: number; cityId: number | null }): Actor | null {
  if (user.level === 'org' && user.orgId === a.orgId) return 'org';
  if (user.level === 'city' && user.cityId !== null && user.cityId === a.cityId) return 'city';
  if (user.level === 'province') return 'province';
  return null;
}

/** 当前用户此刻对一份申请能做的事：服务端按它拒绝，界面按它给按钮 */
export function availableActions(a: { kind: SubsidyKind; status: number; orgId: number; cityId: number | null }, user: ActorUser, allowed: (permission: string) => boolean): ApplyAction[] {
  const actor = actorFor(user, a);
  if (!actor) return [];
  const out: ApplyAction[] = [];
  const r = RESOURCES[a.kind];
  if (actor === 'org' && EDITABLE_STATUSES.includes(a.status) && allowed(`${r.apply}.edit`)) out.push('edit');
  if (actor === 'org' && a.status === S.DRAFT && allowed(`${r.apply}.delete`)) out.push('delete');
  if (actor === 'city' && a.status === S.CITY_PENDING && allowed(`${r.audit}.edit`)) out.push('decide');
  // 公示海报由开班机构张贴在培训场所：财务审批通过之后
  if (actor === 'org' && PUBLIC_STATUSES.includes(a.status) && (allowed(`${r.apply}.get`) || allowed(`${r.apply}.query`))) out.push('poster');
  for (const t of TRANSITIONS) if (t.actor === actor && t.from.includes(a.status) && allowed(t.permission[a.kind])) out.push(t.action);
  return out;
}

/** 某一步的审批列表“待我办理”的状态（由转换表推出） */
export function pendingStatusesOf(step: 'audit' | 'review' | 'finance'): number[] {
  const actions: Record<typeof step, TransitionAction[]> = { audit: ['cityApprove'], review: ['reviewApprove'], finance: ['financeApprove', 'pay'] };
  return [...new Set(TRANSITIONS.filter((t) => actions[step].includes(t.action)).flatMap((t) => t.from))];
}

export const applyStatusLabel = (s: number): string => APPLY_STATUS_LABEL[s] ?? String(s);

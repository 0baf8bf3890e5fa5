// 补贴申请（培训补贴与生活交通补贴共用）与逐人决定的状态机声明（lib/platform/workflow 的格式，纯数据，界面也可引用）。
// 机构申请 → 市级审核（逐人同意或不同意、退回、不予补贴）→ 省级二级审批 → 本市财务审批（占用资金账户）→ 拨付。
// 引擎（workflow.ts 的 defineWorkflow）按它办理与拒绝；列表行上的按钮也由它算出。图与说明见 docs/SUBSIDIES.md。
import type { OperationDef, TransitionDef } from '@/lib/platform/workflow';

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

const S = APPLY_STATUS;

export const APPLY_STATUS_LABEL: Record<number, string> = {
  [S.DRAFT]: '草稿',
  [S.CITY_PENDING]: '待市级审核',
  [S.RETURNED]: '退回修改',
  [S.REVIEW_PENDING]: '待二级审批',
  [S.FINANCE_PENDING]: '待财务审批',
  [S.APPROVED]: '已批准待拨付',
  [S.PAID]: '已拨付',
  [S.REJECTED]: '不予补贴',
};

export const APPLY_STATUS_COLOR: Record<number, string> = {
  [S.DRAFT]: 'default',
  [S.CITY_PENDING]: 'processing',
  [S.RETURNED]: 'warning',
  [S.REVIEW_PENDING]: 'processing',
  [S.FINANCE_PENDING]: 'processing',
  [S.APPROVED]: 'cyan',
  [S.PAID]: 'success',
  [S.REJECTED]: 'error',
};

export type SubsidyKind = 'train' | 'living';
export const SUBSIDY_KINDS = ['train', 'living'] as const;
export const SUBSIDY_KIND_LABEL: Record<SubsidyKind, string> = { train: '培训补贴', living: '生活交通补贴' };

/** 谁办理：开班机构；班级所在市的市级管理员（初审、财务）；省级管理员（二级审批） */
export type Actor = 'org' | 'city' | 'province';
export const ACTOR_LABEL: Record<Actor, string> = { org: '开班机构', city: '市级管理员', province: '省级管理员' };

/** 各步的资源（菜单 key）：申请、市级审核、二级审批、财务 */
export const RESOURCES: Record<SubsidyKind, { apply: string; audit: string; review: string; finance: string }> = {
  train: { apply: 'subsidy', audit: 'subsidyAudit', review: 'subsidyReview', finance: 'subsidyFinance' },
  living: { apply: 'livingSubsidy', audit: 'livingSubsidyAudit', review: 'livingSubsidyReview', finance: 'subsidyFinance' },
};

type Step = keyof (typeof RESOURCES)['train'];

/** 申请与逐人决定共有的：种类决定权限，机构与市决定办理方 */
export interface ApplyLike {
  kind: string;
  status: number;
  orgId: number;
  cityId: number | null;
}

const kindOf = (s: { kind: string }): SubsidyKind => (s.kind === 'living' ? 'living' : 'train');

/** 按补贴种类的权限（培训补贴 / 生活交通补贴各有菜单） */
export const byKind = (step: Step, action = 'edit') =>
  ({
    permission: (s: { kind: string }) => `${RESOURCES[kindOf(s)][step]}.${action}`,
    permissionLabel: [...new Set(SUBSIDY_KINDS.map((k) => `${RESOURCES[k][step]}.${action}`))].join(' / '),
    permissionOptions: [...new Set(SUBSIDY_KINDS.map((k) => `${RESOURCES[k][step]}.${action}`))],
  }) as const;

export type TransitionAction = 'submit' | 'withdraw' | 'cityApprove' | 'cityReturn' | 'cityReject' | 'reviewApprove' | 'reviewReturn' | 'financeApprove' | 'financeReturn' | 'pay';

/** 办理前的条件（实现在 workflow.ts） */
export type GateKey = 'hasItems' | 'recheck' | 'blockedDecided' | 'someApproved' | 'fund';

/** 机构可以修改学员名单与银行账户的状态 */
export const EDITABLE_STATUSES: readonly number[] = [S.DRAFT, S.RETURNED];

/** 财务审批通过之后（已批准待拨付、已拨付）有公示海报与拨付名单 */
export const PUBLIC_STATUSES: readonly number[] = [S.APPROVED, S.PAID];

/** 市级审核通过之后的状态：二级审批与财务的列表只看这些 */
export const AFTER_CITY_STATUSES: readonly number[] = [S.REVIEW_PENDING, S.FINANCE_PENDING, S.APPROVED, S.PAID];

export const TRANSITIONS: readonly TransitionDef<ApplyLike, TransitionAction, Actor, GateKey>[] = [
  { action: 'submit', verb: '提交申请', from: EDITABLE_STATUSES, to: S.CITY_PENDING, actor: 'org', ...byKind('apply'), opinion: 'none', gates: ['hasItems', 'recheck'] },
  { action: 'withdraw', verb: '撤回申请', from: [S.CITY_PENDING], to: S.DRAFT, actor: 'org', ...byKind('apply'), opinion: 'none', optional: true },
  { action: 'cityApprove', verb: '市级审核通过', from: [S.CITY_PENDING], to: S.REVIEW_PENDING, actor: 'city', ...byKind('audit'), opinion: 'optional', gates: ['recheck', 'blockedDecided', 'someApproved'] },
  { action: 'cityReturn', verb: '退回修改', from: [S.CITY_PENDING], to: S.RETURNED, actor: 'city', ...byKind('audit'), opinion: 'required' },
  { action: 'cityReject', verb: '不予补贴', from: [S.CITY_PENDING], to: S.REJECTED, actor: 'city', ...byKind('audit'), opinion: 'required' },
  { action: 'reviewApprove', verb: '二级审批通过', from: [S.REVIEW_PENDING], to: S.FINANCE_PENDING, actor: 'province', ...byKind('review'), opinion: 'optional' },
  { action: 'reviewReturn', verb: '二级审批退回', from: [S.REVIEW_PENDING], to: S.RETURNED, actor: 'province', ...byKind('review'), opinion: 'required' },
  { action: 'financeApprove', verb: '财务审批通过', from: [S.FINANCE_PENDING], to: S.APPROVED, actor: 'city', ...byKind('finance'), opinion: 'optional', gates: ['fund'] },
  { action: 'financeReturn', verb: '财务退回', from: [S.FINANCE_PENDING], to: S.RETURNED, actor: 'city', ...byKind('finance'), opinion: 'required' },
  { action: 'pay', verb: '登记拨付', from: [S.APPROVED], to: S.PAID, actor: 'city', ...byKind('finance'), opinion: 'optional' },
];

export const TRANSITION_ACTIONS = TRANSITIONS.map((t) => t.action) as [TransitionAction, ...TransitionAction[]];

/** 状态之外的操作：机构改学员名单（edit）、删除草稿（delete）、打印公示海报（poster）；市级逐人决定（decide）；财务看拨付名单（payment） */
export type ApplyOperation = 'edit' | 'delete' | 'decide' | 'poster' | 'payment';
export type ApplyAction = TransitionAction | ApplyOperation;

export const APPLY_OPERATIONS: Readonly<Record<ApplyOperation, OperationDef<ApplyLike, Actor>>> = {
  edit: { label: '修改', from: EDITABLE_STATUSES, actor: 'org', ...byKind('apply') },
  delete: { label: '删除', from: [S.DRAFT], actor: 'org', ...byKind('apply', 'delete') },
  decide: { label: '逐人审核', from: [S.CITY_PENDING], actor: 'city', ...byKind('audit') },
  // 公示海报由开班机构张贴在培训场所：财务审批通过之后
  poster: { label: '公示海报', from: PUBLIC_STATUSES, actor: 'org', permission: (s) => [`${RESOURCES[kindOf(s)].apply}.get`, `${RESOURCES[kindOf(s)].apply}.query`] },
  // 拨付名单由本市财务（或省级）查看与导出
  payment: { label: '拨付名单', from: PUBLIC_STATUSES, actor: ['city', 'province'], permission: ['subsidyFinance.get', 'subsidyFinance.export'] },
};

export const applyStatusLabel = (s: number): string => APPLY_STATUS_LABEL[s] ?? String(s);

// ---------- 逐人决定（市级审核时对申请里的每名学员） ----------

/** 逐人决定（subsidy_item.decision）：未定、同意、不同意 */
export const DECISION = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;
export const DECISION_LABEL: Record<number, string> = { [DECISION.PENDING]: '未定', [DECISION.APPROVED]: '同意', [DECISION.REJECTED]: '不同意' };
export const DECISION_COLOR: Record<number, string> = { [DECISION.PENDING]: 'default', [DECISION.APPROVED]: 'success', [DECISION.REJECTED]: 'error' };

export type DecisionAction = 'approve' | 'reject';
export type DecisionGate = 'notBlocked' | 'eligible';

/** 一名学员的决定：随所属申请的种类、机构、市与状态（只在待市级审核时可改） */
export interface DecisionLike {
  decision: number;
  kind: string;
  orgId: number;
  cityId: number | null;
  applyStatus: number;
}

const cityPending = { when: (s: DecisionLike) => s.applyStatus === S.CITY_PENDING, whenMessage: (s: DecisionLike) => `申请当前为「${applyStatusLabel(s.applyStatus)}」，不能逐人审核`, whenLabel: '申请待市级审核' };

export const DECISION_TRANSITIONS: readonly TransitionDef<DecisionLike, DecisionAction, 'city', DecisionGate>[] = [
  { action: 'approve', verb: '同意', from: [DECISION.PENDING, DECISION.REJECTED], to: DECISION.APPROVED, actor: 'city', ...byKind('audit'), opinion: 'none', gates: ['notBlocked', 'eligible'], ...cityPending, optional: true },
  {
    action: 'reject',
    verb: '不同意',
    from: [DECISION.PENDING, DECISION.APPROVED],
    to: DECISION.REJECTED,
    actor: 'city',
    ...byKind('audit'),
    opinion: 'required',
    opinionMessage: '请填写不同意的原因',
    ...cityPending,
    optional: true,
  },
];


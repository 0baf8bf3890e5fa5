// 文章的状态机：唯一的一张转换表。草稿 → 已发布 → 已撤回 → 已发布……；已发布的不能修改或删除，须先撤回。
// 服务里的每次状态变更都查此表；列表与详情的 actions 由 availableActions 按同一张表与权限算出。
export const ARTICLE_KINDS = ['notice', 'news', 'policy', 'help'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

/** 类别的名称，也是菜单资源 key（权限 notice.add 等） */
export const KIND_LABEL: Record<ArticleKind, string> = { notice: '通知公告', news: '新闻资讯', policy: '政策法规', help: '帮助中心' };

export const ARTICLE_STATUS = {
  DRAFT: 'draft',
  PUBLISHED: 'published',
  WITHDRAWN: 'withdrawn',
} as const;
export type ArticleStatus = (typeof ARTICLE_STATUS)[keyof typeof ARTICLE_STATUS];
export const ARTICLE_STATUSES = Object.values(ARTICLE_STATUS) as [ArticleStatus, ...ArticleStatus[]];

export const STATUS_LABEL: Record<ArticleStatus, string> = { draft: '草稿', published: '已发布', withdrawn: '已撤回' };
/** 已发布但发布时间未到：列表里显示“待发布（定时）” */
export const SCHEDULED_LABEL = '定时发布';

const { DRAFT, PUBLISHED, WITHDRAWN } = ARTICLE_STATUS;

/** 可修改、可删除的状态：已发布的先撤回 */
export const EDITABLE_STATUSES: readonly ArticleStatus[] = [DRAFT, WITHDRAWN];

export type TransitionAction = 'publish' | 'withdraw';

export interface Transition {
  action: TransitionAction;
  verb: string;
  from: readonly ArticleStatus[];
  to: ArticleStatus;
  /** 该类资源上要的动作：发布 enable，撤回 disable（与菜单资源的“上下架”动作一致） */
  permission: 'enable' | 'disable';
}

export const TRANSITIONS: readonly Transition[] = [
  { action: 'publish', verb: '发布', from: [DRAFT, WITHDRAWN], to: PUBLISHED, permission: 'enable' },
  { action: 'withdraw', verb: '撤回', from: [PUBLISHED], to: WITHDRAWN, permission: 'disable' },
];

export function transitionOf(action: TransitionAction): Transition {
  const t = TRANSITIONS.find((x) => x.action === action);
  if (!t) throw new Error(`未知的操作：${action}`);
  return t;
}

/** 转换之外按状态决定的操作：修改、删除、置顶与取消置顶 */
export type ArticleOperation = 'edit' | 'delete' | 'top' | 'untop';
export type ArticleAction = TransitionAction | ArticleOperation;

/** 一步转换要的权限，如 notice.enable */
export const transitionPermission = (action: TransitionAction, kind: ArticleKind): string => `${kind}.${transitionOf(action).permission}`;

/**
 * 当前用户此刻对一篇文章能做的事，唯一的一处规则：服务端按它拒绝、列表按它给出按钮。
 * 记录须已在用户的管辖范围内（范围外的读不到，404）；allowed(permission) 查会话权限。
 */
export function availableActions(a: { kind: ArticleKind; status: ArticleStatus; top: boolean }, allowed: (permission: string) => boolean): ArticleAction[] {
  const out: ArticleAction[] = [];
  const editable = EDITABLE_STATUSES.includes(a.status);
  if (editable && allowed(`${a.kind}.edit`)) out.push('edit');
  for (const t of TRANSITIONS) if (t.from.includes(a.status) && allowed(transitionPermission(t.action, a.kind))) out.push(t.action);
  if (allowed(`${a.kind}.edit`)) out.push(a.top ? 'untop' : 'top');
  if (editable && allowed(`${a.kind}.delete`)) out.push('delete');
  return out;
}

export const statusLabel = (status: string): string => STATUS_LABEL[status as ArticleStatus] ?? status;

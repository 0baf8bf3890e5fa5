// 文章状态机的声明（lib/platform/workflow 的格式）：草稿 → 已发布 → 已撤回 → 已发布……；已发布的不能修改或删除，须先撤回。
// 引擎（workflow.ts）按它办理与拒绝，列表与详情的 actions 由它算出。纯数据，界面也可引用（状态名、颜色）。
import type { OperationDef, TransitionDef } from '@/lib/platform/workflow';

export const ARTICLE_KINDS = ['notice', 'news', 'policy', 'help'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

/** 类别的名称，也是菜单资源 key（权限 notice.add 等） */
export const KIND_LABEL: Record<ArticleKind, string> = { notice: '通知公告', news: '新闻资讯', policy: '政策法规', help: '帮助中心' };

export const ARTICLE_STATUS = {
  DRAFT: 0,
  PUBLISHED: 1,
  WITHDRAWN: 2,
} as const;
export type ArticleStatus = (typeof ARTICLE_STATUS)[keyof typeof ARTICLE_STATUS];

const { DRAFT, PUBLISHED, WITHDRAWN } = ARTICLE_STATUS;

export const STATUS_LABEL: Record<number, string> = { [DRAFT]: '草稿', [PUBLISHED]: '已发布', [WITHDRAWN]: '已撤回' };
export const STATUS_COLOR: Record<number, string> = { [DRAFT]: 'default', [PUBLISHED]: 'green', [WITHDRAWN]: 'orange' };
/** 已发布但发布时间未到：列表里显示“定时发布” */
export const SCHEDULED_LABEL = '定时发布';

/** 列表筛选的取值（scheduled：已发布但发布时间未到） */
export const STATUS_FILTERS = ['draft', 'published', 'withdrawn', 'scheduled'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const FILTER_STATUS: Record<Exclude<StatusFilter, 'scheduled'>, ArticleStatus> = { draft: DRAFT, published: PUBLISHED, withdrawn: WITHDRAWN };

/** 可修改、可删除的状态：已发布的先撤回 */
export const EDITABLE_STATUSES: readonly number[] = [DRAFT, WITHDRAWN];

export type TransitionAction = 'publish' | 'withdraw';
/** 谁办理：内容管理员（省级管全省与各市的，市级只管本市的；范围由读取检查） */
export type Actor = 'editor';
export const ACTOR_LABEL: Record<Actor, string> = { editor: '内容管理员' };

export interface ArticleSubject {
  kind: ArticleKind;
  status: number;
  top: boolean;
}

/** 该类资源上的动作：发布 enable，撤回 disable（与菜单资源的“上下架”动作一致） */
const byKind = (action: string) => ({
  permission: (a: ArticleSubject) => `${a.kind}.${action}`,
  permissionLabel: `该类文章的 ${action}（notice、news、policy、help）`,
  permissionOptions: ARTICLE_KINDS.map((k) => `${k}.${action}`),
});

export const TRANSITIONS: readonly TransitionDef<ArticleSubject, TransitionAction, Actor, string>[] = [
  { action: 'publish', verb: '发布', from: [DRAFT, WITHDRAWN], to: PUBLISHED, actor: 'editor', ...byKind('enable'), opinion: 'none', optional: true },
  { action: 'withdraw', verb: '撤回', from: [PUBLISHED], to: WITHDRAWN, actor: 'editor', ...byKind('disable'), opinion: 'none', optional: true },
];

/** 转换之外按状态决定的操作：修改、删除、置顶与取消置顶 */
export type ArticleOperation = 'edit' | 'delete' | 'top' | 'untop';
export type ArticleAction = TransitionAction | ArticleOperation;

const ALL: readonly number[] = [DRAFT, PUBLISHED, WITHDRAWN];
const edit = (a: ArticleSubject) => `${a.kind}.edit`;
export const OPERATIONS: Readonly<Record<ArticleOperation, OperationDef<ArticleSubject, Actor>>> = {
  edit: { label: '修改', from: EDITABLE_STATUSES, actor: 'editor', permission: edit },
  top: { label: '置顶', from: ALL, actor: 'editor', permission: edit, when: (a) => !a.top },
  untop: { label: '取消置顶', from: ALL, actor: 'editor', permission: edit, when: (a) => a.top },
  delete: { label: '删除', from: EDITABLE_STATUSES, actor: 'editor', permission: (a) => `${a.kind}.delete` },
};

export const statusLabel = (status: number): string => STATUS_LABEL[status] ?? String(status);

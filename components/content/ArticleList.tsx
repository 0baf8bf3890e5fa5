'use client';
// 内容管理 › 通知公告、新闻资讯、政策法规、帮助中心：同一份列表配置按类别参数化（菜单组件 NoticeList、NewsList、PolicyList、HelpCenter）。
// 行内按钮只照服务端给出的 row.actions 显示（转换表与权限算出）：修改、发布（可定时）、撤回、置顶、删除；预览总在。
import { useState } from 'react';
import { Tag, Tooltip } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import { zodRule } from '@/components/list/rules';
import type { FieldSpec, FormSpec, ListScreenProps } from '@/components/list/types';
import { apiPost } from '@/components/api-client';
import { Tx, useT } from '@/lib/i18n/client';
import { ARTICLE_CATEGORIES } from '@/lib/domains/content/constants';
import type { ArticleItem } from '@/lib/domains/content/schemas';
import { FILTER_STATUS, KIND_LABEL, STATUS_COLOR, STATUS_LABEL, SCHEDULED_LABEL, type ArticleKind } from '@/lib/domains/content/transitions';
import { useScopeOptions } from './scope';
import ArticlePreview from './ArticlePreview';
import styles from './content.module.css';

const SCHEDULED_COLOR = 'blue';

const STATUS_OPTIONS = [
  { label: STATUS_LABEL[FILTER_STATUS.draft], value: 'draft' },
  { label: STATUS_LABEL[FILTER_STATUS.published], value: 'published' },
  { label: SCHEDULED_LABEL, value: 'scheduled' },
  { label: STATUS_LABEL[FILTER_STATUS.withdrawn], value: 'withdrawn' },
];

function StatusCell({ row }: { row: ArticleItem }) {
  if (row.scheduled) {
    return (
      <Tooltip title={row.publishTime}>
        <Tag color={SCHEDULED_COLOR}>
          <Tx text={SCHEDULED_LABEL} />
        </Tag>
      </Tooltip>
    );
  }
  return (
    <Tag color={STATUS_COLOR[row.status]}>
      <Tx text={row.statusName} />
    </Tag>
  );
}

function TitleCell({ row }: { row: ArticleItem }) {
  return (
    <span className={styles.titleCell} title={row.title}>
      {row.top && (
        <Tag color="red" style={{ marginInlineEnd: 0 }}>
          <Tx text="置顶" />
        </Tag>
      )}
      <span className={styles.titleText}>{row.title}</span>
    </span>
  );
}

function formFields(kind: ArticleKind, scope: ReturnType<typeof useScopeOptions>): FieldSpec[] {
  const shape = () => import('@/lib/domains/content/schemas').then((m) => m.articleSaveInput(kind).shape);
  const categories = ARTICLE_CATEGORIES[kind].map((c) => ({ label: c, value: c }));
  return [
    { name: 'title', label: '标题', required: true, rules: [zodRule(() => shape().then((s) => s.title))] },
    { name: 'category', label: '分类', type: 'select', required: true, options: categories, span: 12 },
    scope.selectable
      ? { name: 'cityId', label: '发布范围', type: 'select', options: scope.options, initialValue: 0, span: 12, help: '全省发布的各市均可见；市级内容由该市管理员维护' }
      : { name: 'scopeName', label: '发布范围', type: 'custom', span: 12, render: () => <Tx text="本市" /> },
    { name: 'summary', label: '摘要', type: 'textarea', rules: [zodRule(() => shape().then((s) => s.summary))], help: '不填则取正文开头的文字' },
    { name: 'body', label: '正文', type: 'richtext', required: true },
    { name: 'coverUrl', label: '封面图片', type: 'image', upload: { purpose: 'image' }, span: 12 },
    { name: 'attachments', label: '附件', type: 'file', upload: { purpose: 'document', maxCount: 10 }, span: 12 },
    { name: 'sort', label: '排序', type: 'number', initialValue: 0, span: 12, help: '数字小的排在前面；相同时新发布的在前' },
    { name: 'top', label: '置顶', type: 'switch', initialValue: false, span: 12 },
  ];
}

export function ArticleList({ kind }: { kind: ArticleKind }) {
  const t = useT();
  const scope = useScopeOptions();
  const [previewOf, setPreviewOf] = useState<ArticleItem | null>(null);
  const base = `/sys/content/${kind}` as const;
  const label = t(KIND_LABEL[kind]);
  const fields = formFields(kind, scope);
  // 编辑时从详情接口取正文、附件（列表行里没有）；附件只交地址，名称由服务端按上传记录补上
  const load = async (row: ArticleItem) => {
    const d = await apiPost(`${base}/detail`, { id: row.id });
    return { ...d, cityId: d.cityId ?? 0, attachments: d.attachments.map((a) => a.url), coverUrl: d.coverUrl ?? '' };
  };
  const body = (values: Record<string, unknown>, row?: ArticleItem) => {
    const { scopeName: _scope, ...rest } = values;
    void _scope;
    return { ...rest, id: row?.id };
  };
  const editForm: FormSpec<ArticleItem> = { title: t('修改{kind}', { kind: label }), fields, submit: { path: `${base}/save` }, width: 960, load, body };
  const createForm: FormSpec<ArticleItem> = {
    title: t('新增{kind}', { kind: label }),
    fields,
    submit: { path: `${base}/save` },
    width: 960,
    body,
    successMessage: '已保存为草稿，发布后在门户展示',
  };
  const publishForm: FormSpec<ArticleItem> = {
    title: t('发布{kind}', { kind: label }),
    fields: [{ name: 'publishAt', label: '发布时间', type: 'datetime', help: '不填即立即发布；选择将来的时间为定时发布，到点后才在门户展示' }],
    submit: { path: `${base}/publish` },
    load: () => ({}),
    body: (v, row) => ({ id: row!.id, publishAt: v.publishAt ?? null }),
    successMessage: '已发布',
  };

  const props: ListScreenProps<ArticleItem> = {
    title: label,
    resource: kind,
    rowKey: 'id',
    testId: 'article-list',
    list: { path: `${base}/list` },
    filters: [
      { name: 'title', label: '标题' },
      { name: 'category', label: '分类', type: 'select', options: ARTICLE_CATEGORIES[kind].map((c) => ({ label: c, value: c })) },
      { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
      ...(scope.selectable ? [{ name: 'cityId', label: '发布范围', type: 'select' as const, options: scope.options }] : []),
    ],
    columns: [
      { title: '标题', dataIndex: 'title', ellipsis: { showTitle: false }, render: (_: string, row) => <TitleCell row={row} /> },
      { title: '分类', dataIndex: 'category', width: 90, render: (v: string) => <Tx text={v} /> },
      { title: '发布范围', dataIndex: 'scopeName', width: 100, render: (v: string) => <Tx text={v} /> },
      { title: '状态', dataIndex: 'status', width: 100, render: (_: string, row) => <StatusCell row={row} /> },
      { title: '发布时间', dataIndex: 'publishTime', width: 150, render: (v: string | null) => (v ? v.slice(0, 16) : '-') },
      { title: '阅读', dataIndex: 'readCount', width: 70 },
      { title: '更新人', dataIndex: 'updatedByName', width: 100, render: (v: string | null, row) => <span title={row.updateTime}>{v ?? '-'}</span> },
    ],
    create: createForm,
    rowActions: [
      { key: 'preview', label: '预览', permission: `${kind}.get`, onClick: (row) => setPreviewOf(row) },
      { key: 'edit', label: '编辑', permission: `${kind}.edit`, visible: (r) => r.actions.includes('edit'), form: editForm },
      { key: 'publish', label: '发布', permission: `${kind}.enable`, visible: (r) => r.actions.includes('publish'), form: publishForm },
      {
        key: 'withdraw',
        label: '撤回',
        danger: true,
        permission: `${kind}.disable`,
        visible: (r) => r.actions.includes('withdraw'),
        confirm: (r, tr) => tr('确定撤回「{title}」吗？撤回后门户不再展示，可修改后重新发布。', { title: r.title }),
        call: { path: `${base}/withdraw`, body: (r) => ({ id: r.id }), successMessage: '已撤回' },
      },
      { key: 'top', label: '置顶', permission: `${kind}.edit`, visible: (r) => r.actions.includes('top'), call: { path: `${base}/top`, body: (r) => ({ id: r.id, top: true }), successMessage: '已置顶' } },
      { key: 'untop', label: '取消置顶', permission: `${kind}.edit`, visible: (r) => r.actions.includes('untop'), call: { path: `${base}/top`, body: (r) => ({ id: r.id, top: false }), successMessage: '已取消置顶' } },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        permission: `${kind}.delete`,
        visible: (r) => r.actions.includes('delete'),
        confirm: (r, tr) => tr('确定删除「{title}」吗？删除后不能恢复。', { title: r.title }),
        call: { path: `${base}/del`, body: (r) => ({ ids: [r.id] }), successMessage: '删除成功' },
      },
    ],
    emptyText: t('还没有{kind}', { kind: label }),
  };

  return (
    <>
      <ListScreen<ArticleItem> {...props} />
      {previewOf && <ArticlePreview kind={kind} id={previewOf.id} onClose={() => setPreviewOf(null)} />}
    </>
  );
}

export const NoticeList = () => <ArticleList kind="notice" />;
export const NewsList = () => <ArticleList kind="news" />;
export const PolicyList = () => <ArticleList kind="policy" />;
export const HelpCenter = () => <ArticleList kind="help" />;

'use client';
// 通用列表界面（配置见 ./types.ts）：筛选、分页、勾选、新增/编辑/删除、行内与批量操作、导入、导出、详情。
// 每次改动后刷新列表；按钮按 `${resource}.<动作>` 与操作自己的 permission 显示。
import { lazy, Suspense, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type HTMLAttributes, type Key, type ReactNode } from 'react';
import { App, Button, Card, Dropdown, Empty, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, DownloadOutlined, DownOutlined, ReloadOutlined } from '@ant-design/icons';
import { apiDownload, type Query } from '@/components/api-client';
import { requestKey as bodyKey } from '@/components/screens/first-page';
import { FirstPageContext } from '@/components/screens/FirstPageContext';
import { useCan } from '@/components/shell/ShellContext';
import { useT } from '@/lib/i18n/client';
import type { Translate } from '@/lib/i18n/locales';
import CreateButton from './CreateButton';
import { useConfirm } from './useConfirm';
import FilterBar from './FilterBar';
import ImportButton from './ImportButton';
import { useLocalizedListProps } from './localize';
import { callApi, useOptions } from './options';
import type { ApiCall, FormSpec, ListColumn, ListHelpers, ListScreenProps, Option, RowAction } from './types';
import { formatValue, initialValues, optionLabel, titleHasCurrency, valuesToParams } from './values';
import styles from './list.module.css';
import { useElementWidth } from './useElementWidth';
import type DetailDialogComponent from './DetailDialog';
import type FormDialogComponent from './FormDialog';
import { actionsWidth, fitWidths, isIdentifierColumn, isTextColumn, isTree, planColumn, SELECTION_WIDTH } from './widths';

// 表单与详情对话框（上传、图片、开关、数字框等字段）在第一次打开时才下载：列表页本身不带它们的代码
const FormDialog = lazy(() => import('./FormDialog')) as unknown as typeof FormDialogComponent;
const DetailDialog = lazy(() => import('./DetailDialog')) as unknown as typeof DetailDialogComponent;

/** 行内直接显示的操作数，其余收进“更多” */
const INLINE_ACTIONS = 4;
const DEFAULT_PAGE_SIZES = [10, 50, 100];

interface PageData<T> {
  list: T[];
  total: number;
}

type Dialog<T> = { spec: FormSpec<T>; row?: T; mode: 'create' | 'edit'; confirm?: string };

function OptionText({ value, options, dictType }: { value: unknown; options?: readonly Option[]; dictType?: string }) {
  const resolved = useOptions({ options, dictType }).options;
  const label = optionLabel(resolved, value);
  // title：该列放不下时以省略号显示，悬停看全文
  return <span title={label}>{label}</span>;
}

/** ListColumn → antd 列：按选项、字典或时间格式显示取值（自定义 render 优先） */
function toTableColumn<T>({ options, dictType, format, ...column }: ListColumn<T>): ListColumn<T> {
  // 金额右对齐（千分位、两位小数），数位上下对齐便于比较
  const aligned = format === 'money' ? { ...column, align: column.align ?? ('right' as const), className: cx(column.className, styles.figures) } : column;
  if (column.render || (!options && !dictType && !format)) return aligned;
  const currency = !titleHasCurrency(column.title);
  return {
    ...aligned,
    render: (value: unknown) => {
      if (format) return formatValue(value, format, { currency });
      return <OptionText value={value} options={options} dictType={dictType} />;
    },
  };
}

const cx = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

/** 编号列：整格不换行、等宽数字，表头与单元格带 data-identifier（版式检查据此要求完整显示） */
function asIdentifier<T>(column: ListColumn<T>): ListColumn<T> {
  const marker = { 'data-identifier': 'true' } as HTMLAttributes<HTMLElement>;
  return { ...column, className: cx(column.className, styles.identifier), onCell: (row, i) => ({ ...column.onCell?.(row, i), ...marker }), onHeaderCell: (c) => ({ ...column.onHeaderCell?.(c), ...marker }) };
}

/** 省略号显示的单元格：以画出来的全文作 title（自定义 render 画的是元素时 antd 不会自己加） */
function TitledText({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [title, setTitle] = useState<string>();
  useLayoutEffect(() => {
    const text = ref.current?.textContent ?? undefined;
    if (text !== title) setTitle(text);
  }, [children, title]);
  return (
    <span ref={ref} title={title}>
      {children}
    </span>
  );
}

/** ellipsis 的列（showTitle 未关掉）若自定义 render 画的是元素，包一层 TitledText；自带提示的列（showTitle: false）不动 */
function withTitle<T>(column: ListColumn<T>): ListColumn<T> {
  const { render, ellipsis } = column;
  if (!render || !ellipsis || (typeof ellipsis === 'object' && ellipsis.showTitle === false)) return column;
  return {
    ...column,
    render: (value, row, index) => {
      const out = render(value, row, index);
      return typeof out === 'string' || typeof out === 'number' || out === null || out === undefined ? out : <TitledText>{out as ReactNode}</TitledText>;
    },
  };
}

/**
 * 行内操作按钮：外观同 antd 的小号链接按钮（文字 + 左右 7px，宽度估算 actionsWidth 按此），但只是一个原生按钮。
 * 每行三四个、一页几十个：antd Button 每个带波纹、紧凑布局上下文与三组样式注册，点菜单打开列表时占了表格的大半个组件。
 */
function RowActionButton({ danger, onClick, testId, children }: { danger?: boolean; onClick: () => void; testId: string; children: ReactNode }) {
  return (
    <button type="button" className={cx(styles.rowAction, danger ? styles.rowActionDanger : undefined)} onClick={onClick} data-testid={testId}>
      {children}
    </button>
  );
}

const confirmText = <A,>(text: string | ((arg: A, t: Translate) => string) | undefined, arg: A, t: Translate) => (typeof text === 'function' ? text(arg, t) : text);

export default function ListScreen<T extends object>(rawProps: ListScreenProps<T>) {
  // 配置里的中文原文按当前语言换成译文（见 ./localize.ts）
  const props = useLocalizedListProps(rawProps);
  const t = useT();
  const { title, resource, rowKey, list, filters = [], create, edit, remove, detail, importer, exporter, rowActions = [], batchActions = [] } = props;
  const can = useCan();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const pageSizes = props.pageSizeOptions ?? DEFAULT_PAGE_SIZES;

  const [filterValues, setFilterValues] = useState<Record<string, unknown>>(() => initialValues(filters));
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: pageSizes.includes(10) ? 10 : pageSizes[0] });
  // 服务端先取的第一页（components/screens/first-page.ts）：与本界面第一次请求相同才用，只在挂载时用一次
  const firstPage = useContext(FirstPageContext);
  const [seeded] = useState(() => {
    const body = { ...list.params, ...valuesToParams(filters, filterValues), ...paging };
    return firstPage && firstPage.path === list.path && firstPage.key === bodyKey(body) ? (firstPage.data as PageData<T>) : null;
  });
  const [data, setData] = useState<PageData<T>>(() => seeded ?? { list: [], total: 0 });
  const [busy, setBusy] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<{ keys: Key[]; rows: T[] }>({ keys: [], rows: [] });
  const [dialog, setDialog] = useState<Dialog<T> | null>(null);
  const [detailRow, setDetailRow] = useState<T | null>(null);
  // ref 而不是 state：挂载时设 state 会让整个列表界面再画一遍
  const tableBox = useRef<HTMLDivElement>(null);
  const tableBoxWidth = useElementWidth(tableBox);
  // 外部 refreshKey 变化时计数加一（渲染中按上一次的值调整状态），计入请求键
  const [refresh, setRefresh] = useState({ key: props.refreshKey, n: 0 });
  if (refresh.key !== props.refreshKey) setRefresh({ key: props.refreshKey, n: refresh.n + 1 });
  /** 已返回（成功或失败）的请求键：与当前请求键不同即在加载中；第一页由服务端带来时一开始就是它的键 */
  const [settledKey, setSettledKey] = useState<string | null>(() => (seeded ? JSON.stringify([JSON.stringify({ ...list.params, ...valuesToParams(filters, filterValues) }), paging, 0, 0]) : null));

  // 筛选值 → 接口参数（不含分页）；以 JSON 作依赖，调用方每次渲染新建的 params 对象不会引起重复查询
  const filterParams = useMemo(() => valuesToParams(filters, filterValues), [filters, filterValues]);
  const query = useMemo(() => ({ ...list.params, ...filterParams }), [list.params, filterParams]);
  const queryKey = JSON.stringify(query);
  // 按筛选条件查不到时提示调整条件，而不是“暂无××，可新增”
  const filtered = Object.keys(filterParams).length > 0;
  const requestKey = JSON.stringify([queryKey, paging, version, refresh.n]);
  const loading = settledKey !== requestKey;

  const helpers: ListHelpers = useMemo(
    () => ({
      reload: () => {
        setSelected({ keys: [], rows: [] });
        setVersion((v) => v + 1);
      },
    }),
    [],
  );

  useEffect(() => {
    // 这一页已经在手（服务端带来的第一页）
    if (settledKey === requestKey) return;
    let current = true;
    const params = { ...JSON.parse(queryKey), ...paging };
    // 这次查询所用的筛选条件（交给 onLoaded，如页头按同样的条件计数）
    const loadedFilters = filterParams;
    (list.load ? list.load(params) : callApi<PageData<T>>(list as ApiCall, params))
      .then((page) => {
        if (!current) return;
        const rows = Array.isArray(page?.list) ? page.list : [];
        const total = Number(page?.total ?? rows.length);
        // 删除后当前页已空：回到最后一页
        const lastPage = Math.max(1, Math.ceil(total / paging.pageSize));
        if (rows.length === 0 && paging.pageNo > lastPage) setPaging((p) => ({ ...p, pageNo: lastPage }));
        setData({ list: rows, total });
        props.onLoaded?.(loadedFilters);
      })
      .catch(() => {
        // 错误已由客户端统一提示；保留上次的数据
      })
      .finally(() => {
        if (current) setSettledKey(requestKey);
      });
    return () => {
      current = false;
    };
    // requestKey 已包含 queryKey、分页、刷新计数
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.path, list.method, requestKey]);

  /** 调接口（POST JSON）→ 提示 → 刷新；失败的提示由客户端统一弹出 */
  const run = async (call: ApiCall, body: unknown, success: string) => {
    setBusy(true);
    try {
      await callApi(call, body as Record<string, unknown>);
      void message.success(success);
      helpers.reload();
    } catch {
      // 已提示
    } finally {
      setBusy(false);
    }
  };

  const withConfirm = (text: string | undefined, action: () => Promise<void> | void, danger?: boolean) => {
    if (!text) return void action();
    confirm({ content: text, danger, onOk: action });
  };

  const allowed = (permission: string | readonly string[] | undefined) => permission === undefined || can(permission);

  // —— 行内操作：查看、编辑、自定义、删除 ——
  const actionsOf = (row: T): RowAction<T>[] => {
    const actions: RowAction<T>[] = [];
    if (detail && can(`${resource}.get`)) actions.push({ key: 'view', label: t('list.action.view'), onClick: () => setDetailRow(row) });
    if (edit && can(`${resource}.edit`)) actions.push({ key: 'edit', label: t('list.action.edit'), onClick: () => setDialog({ spec: edit, row, mode: 'edit' }) });
    actions.push(...rowActions.filter((a) => allowed(a.permission) && (!a.visible || a.visible(row))));
    if (remove?.call && can(`${resource}.delete`)) {
      const call = remove.call;
      actions.push({
        key: 'delete',
        label: t('list.action.delete'),
        danger: true,
        confirm: remove.confirm?.(row, t) ?? t('list.confirm.delete'),
        onClick: () => run(call, call.body(row), t('list.success.delete')),
      });
    }
    return actions;
  };

  const runRowAction = (action: RowAction<T>, row: T) => {
    const text = confirmText(action.confirm, row, t);
    if (action.form) {
      setDialog({ spec: action.form, row, mode: 'edit', confirm: text });
      return;
    }
    withConfirm(
      text,
      async () => {
        if (action.call) await run(action.call, action.call.body(row), action.call.successMessage ?? t('list.success.action'));
        else action.onClick?.(row, helpers);
      },
      action.danger,
    );
  };

  const splitActions = (row: T) => {
    const actions = actionsOf(row);
    const inline = actions.length > INLINE_ACTIONS ? actions.slice(0, INLINE_ACTIONS - 1) : actions;
    return { inline, more: actions.slice(inline.length) };
  };

  const renderActions = (row: T): ReactNode => {
    const { inline, more } = splitActions(row);
    return (
      <span className={styles.rowActions}>
        {inline.map((a) => (
          <RowActionButton key={a.key} danger={a.danger} onClick={() => runRowAction(a, row)} testId={`row-action-${a.key}`}>
            {a.label}
          </RowActionButton>
        ))}
        {more.length > 0 && (
          <Dropdown
            menu={{
              items: more.map((a) => ({ key: a.key, danger: a.danger, label: <span data-testid={`row-action-${a.key}`}>{a.label}</span> })),
              onClick: ({ key }) => {
                const a = more.find((x) => x.key === key);
                if (a) runRowAction(a, row);
              },
            }}
          >
            <Button type="link" size="small" icon={<DownOutlined />} iconPlacement="end" data-testid="row-action-more">
              {t('list.action.more')}
            </Button>
          </Dropdown>
        )}
      </span>
    );
  };

  const hasRowActions = Boolean(
    (detail && can(`${resource}.get`)) || (edit && can(`${resource}.edit`)) || (remove?.call && can(`${resource}.delete`)) || rowActions.some((a) => allowed(a.permission)),
  );

  const canBatchDelete = Boolean(remove?.batch && can(`${resource}.delete`));
  const visibleBatch = batchActions.filter((a) => allowed(a.permission));
  const selectable = canBatchDelete || visibleBatch.length > 0;

  // 列宽（见 ./widths.ts）：未给宽度的列按本页数据估算（树形表格的首列计入缩进）；文字列单行显示、放不下时省略号加 title。
  // 总宽超出容器时先收窄文字列，收到下限仍放不下才横向滚动：固定在右侧的操作列不会盖住最后一列的一半。
  const split = hasRowActions ? data.list.map(splitActions) : [];
  const actionsColumnWidth = actionsWidth(
    split.map((a) => a.inline.map((x) => x.label)),
    split.map((a) => a.more.length > 0),
    { header: t('list.column.actions'), more: t('list.action.more') },
  );
  const tree = isTree(data.list);
  const identifiers = props.columns.map((c) => isIdentifierColumn(c));
  const textual = props.columns.map((c, i) => !identifiers[i] && c.ellipsis === undefined && isTextColumn(c, data.list));
  const plans = props.columns.map((c, i) => planColumn(c, data.list, { tree: tree && i === 0, shrinkable: (textual[i] || Boolean(c.ellipsis)) && !c.format, textOf: t }));
  const fixedWidth = (hasRowActions ? actionsColumnWidth : 0) + (selectable ? SELECTION_WIDTH : 0);
  const widths = fitWidths(plans, tableBoxWidth === null ? Infinity : tableBoxWidth - fixedWidth);
  const dataColumns = props.columns.map((c, i) => {
    // 编号列不用省略号（配置写了 ellipsis 也不用）：宽度已按最长的编号留足
    const column = identifiers[i] ? asIdentifier({ ...c, ellipsis: undefined }) : c;
    return { ...withTitle(toTableColumn(column)), width: widths[i], ...(textual[i] ? { ellipsis: true } : {}) };
  });
  const columns: ColumnsType<T> = [
    ...dataColumns,
    ...(hasRowActions ? [{ title: t('list.column.actions'), key: '__actions', fixed: 'right' as const, width: actionsColumnWidth, render: (_: unknown, row: T) => renderActions(row) }] : []),
  ];

  // —— 工具栏 ——
  const none = selected.keys.length === 0;
  const ids = selected.keys as (string | number)[];
  const tableWidth = widths.reduce((sum, w) => sum + w, 0) + fixedWidth;
  const scrolls = tableWidth > (tableBoxWidth ?? Infinity);
  // 横向滚动的表格：滚动区可用键盘聚焦（左右键滚动），WCAG 2.1.1；不滚动时不多一个 Tab 停靠点
  const scrollLabel = t('list.table.scrollRegion', { title });
  useEffect(() => {
    const region = tableBox.current?.querySelector<HTMLElement>('.ant-table-body, .ant-table-content');
    if (!region) return;
    if (scrolls) {
      region.tabIndex = 0;
      region.setAttribute('role', 'region');
      region.setAttribute('aria-label', scrollLabel);
    } else {
      region.removeAttribute('tabindex');
      region.removeAttribute('role');
      region.removeAttribute('aria-label');
    }
  }, [scrolls, scrollLabel, data]);

  const batchButton = (key: string, label: ReactNode, onClick: () => void, danger?: boolean, icon?: ReactNode) => (
    <Tooltip key={key} title={none ? t('list.toolbar.selectFirst') : undefined}>
      <Button danger={danger} icon={icon} disabled={none || busy} onClick={onClick} data-testid={key}>
        {label}
      </Button>
    </Tooltip>
  );

  const exportList = async () => {
    if (!exporter) return;
    setExporting(true);
    try {
      const params = JSON.parse(queryKey) as Record<string, unknown>;
      if (exporter.method === 'GET') await apiDownload(exporter.path, undefined, { method: 'GET', query: params as Query });
      else await apiDownload(exporter.path, params as never, { method: 'POST' });
    } catch {
      // 已提示“下载出错”
    } finally {
      setExporting(false);
    }
  };

  const left: ReactNode[] = [];
  if (create && can(`${resource}.add`)) {
    left.push(
      <CreateButton key="create" label={create.title} onClick={() => setDialog({ spec: create, mode: 'create' })} testId="list-create" />,
    );
  }
  if (canBatchDelete && remove?.batch) {
    const batch = remove.batch;
    left.push(
      batchButton(
        'list-batch-delete',
        t('list.toolbar.batchDelete'),
        () => withConfirm(t('list.confirm.batchDelete', { count: ids.length }), () => run(batch, batch.body(ids), t('list.success.delete')), true),
        true,
        <DeleteOutlined />,
      ),
    );
  }
  for (const a of visibleBatch) {
    left.push(
      batchButton(
        `batch-action-${a.key}`,
        a.label,
        () => {
          const call = a.call;
          if (!call) return a.onClick?.(ids, selected.rows, helpers);
          withConfirm(confirmText(a.confirm, selected.rows, t), () => run(call, call.body(ids, selected.rows), call.successMessage ?? t('list.success.action')), a.danger);
        },
        a.danger,
      ),
    );
  }
  const extra = props.toolbarExtra?.(helpers);

  /** 查询与重置：回到第一页、清空勾选；条件没变也重新查询 */
  const search = (values: Record<string, unknown>) => {
    setFilterValues(values);
    setPaging((p) => ({ ...p, pageNo: 1 }));
    setSelected({ keys: [], rows: [] });
    setVersion((v) => v + 1);
  };

  return (
    <Card title={title} data-testid={props.testId ?? 'list-screen'} variant="borderless">
      {filters.length > 0 && <FilterBar fields={filters} onSearch={search} />}
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8, marginBottom: 12, flexWrap: 'wrap' }}>
        <Space wrap>
          {left}
          {extra}
          {selectable && !none && (
            <Typography.Text type="secondary">
              {t('list.toolbar.selected', { count: selected.keys.length })}
              <Button type="link" size="small" onClick={() => setSelected({ keys: [], rows: [] })}>
                {t('list.toolbar.clear')}
              </Button>
            </Typography.Text>
          )}
        </Space>
        <Space wrap>
          {importer && can(`${resource}.import`) && <ImportButton call={importer.call} template={importer.template} title={importer.title} onImported={helpers.reload} />}
          {exporter && can(`${resource}.export`) && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportList()} data-testid="list-export">
              {t('list.toolbar.export')}
            </Button>
          )}
          <Tooltip title={t('list.toolbar.refresh')}>
            <Button icon={<ReloadOutlined />} onClick={() => setVersion((v) => v + 1)} aria-label={t('list.toolbar.refresh')} data-testid="list-reload" />
          </Tooltip>
        </Space>
      </div>
      {/* 量表格可用的宽度，据此收窄文字列 */}
      <div ref={tableBox}>
        <Table<T>
          className={styles.table}
          rowKey={rowKey}
          columns={columns}
          dataSource={data.list}
          loading={loading || busy}
          size="middle"
          // 放得下时不设 scroll.x：设了之后 rc-table 每次挂载都要逐列量宽（强制布局）再按量到的宽度重画一遍；
          // 列宽已由 fitWidths 收进容器，固定布局（ellipsis 需要）照样按这些宽度排
          {...(scrolls ? { scroll: { x: tableWidth } } : { tableLayout: 'fixed' as const })}
          rowSelection={
            selectable
              ? { selectedRowKeys: selected.keys, preserveSelectedRowKeys: true, columnWidth: SELECTION_WIDTH, onChange: (keys, rows) => setSelected({ keys, rows }) }
              : undefined
          }
          locale={{ emptyText: loading ? <div style={{ height: 120 }} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('list.empty.filtered') : (props.emptyText ?? t('list.empty.default'))} /> }}
          pagination={{
            current: paging.pageNo,
            pageSize: paging.pageSize,
            total: data.total,
            pageSizeOptions: pageSizes,
            // 每页条数的下拉框没有可见的标签：给它名称（WCAG 4.1.2）
            showSizeChanger: { 'aria-label': t('list.pagination.pageSize') },
            showQuickJumper: true,
            showTotal: (total) => t('list.pagination.total', { total }),
            onChange: (pageNo, pageSize) => setPaging({ pageNo: pageSize === paging.pageSize ? pageNo : 1, pageSize }),
          }}
        />
      </div>
      <Suspense fallback={null}>
        {dialog && (
          <FormDialog<T>
            key={`${dialog.mode}-${dialog.spec.title}`}
            spec={dialog.spec}
            row={dialog.row}
            mode={dialog.mode}
            confirm={dialog.confirm}
            onClose={() => setDialog(null)}
            onSaved={() => {
              setDialog(null);
              helpers.reload();
            }}
          />
        )}
        {detail && detailRow && <DetailDialog spec={detail} row={detailRow} onClose={() => setDetailRow(null)} />}
      </Suspense>
    </Card>
  );
}

// 列宽估算（纯函数，单元测试直接调用）。表格用固定布局按这些宽度排：
// 容器放得下时按比例铺满、不设 scroll.x；放不下才按估算的总宽度设 scroll.x 横向滚动，操作列固定在右侧也不会盖住数据。
// 之前用 'max-content'：省略列（ellipsis）按全文撑开，1366/1440 下常把数据挤到操作列下面。
import type { ListColumn, Option } from './types';
import { formatMoney, optionLabel, titleHasCurrency } from './values';

/** 单元格左右内边距（middle 尺寸 8px×2）与余量 */
const CELL_PADDING = 24;
const MIN_WIDTH = 72;
/** 未给宽度的列：省略列与普通列的估算上限（普通列超出时换行） */
const MAX_ELLIPSIS = 240;
const MAX_PLAIN = 320;
/** 取值不是文字（数组、对象）的列：默认宽度 */
const COMPLEX_WIDTH = 220;
/** 勾选列（表格的 rowSelection.columnWidth 用同一个值，估算与实际一致） */
export const SELECTION_WIDTH = 32;

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

/** 文字在 14px 字号下的大致像素宽：汉字与全角符号 14，大写字母 10，其余 8 */
export function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += WIDE.test(ch) ? 14 : ch >= 'A' && ch <= 'Z' ? 10 : 8;
  return width;
}

/** 自定义 render 画出的是文字（如 v || '-'）时为该文字，画的是元素时为 null */
function renderedText<T>(column: ListColumn<T>, value: unknown, row: T, index: number): string | null {
  const out = rendered(column, value, row, index);
  return typeof out === 'string' || typeof out === 'number' ? String(out) : null;
}

function rendered<T>(column: ListColumn<T>, value: unknown, row: T, index: number): unknown {
  try {
    return column.render!(value, row, index);
  } catch {
    return null;
  }
}

/** 标签类元素（antd Tag：左右内边距、边框与右外边距）比其中的文字宽出的像素 */
const ELEMENT_EXTRA = 26;

/** 并排的几个标签之间：边框、内边距与间距约合三个空格宽 */
const TAG_GAP = '   ';

/** 元素里的文字（<Tag><Tx text="待审核" /></Tag> → 当前语言的“待审核”）；认不出为 null */
function elementText(node: unknown, textOf?: TextOf): string | null {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) {
    // React 不画 null、undefined 与布尔值（条件渲染的 {cond && <Tag/>}）；几个标签之间留出标签的边距
    const parts = node.filter((n) => n !== null && n !== undefined && typeof n !== 'boolean').map((n) => elementText(n, textOf));
    return parts.every((p) => p !== null) ? parts.join(TAG_GAP) : null;
  }
  if (node && typeof node === 'object' && 'props' in node) {
    const props = (node as { props: { text?: unknown; children?: unknown } }).props;
    if (typeof props.text === 'string') return textOf ? textOf(props.text) : props.text;
    if (props.children !== undefined && props.children !== null) return elementText(props.children, textOf);
  }
  return null;
}

/** 把取值换成当前语言的文字（列表用 useT() 的 t）：自定义 render 画的元素多半是 <Tx text={v} />，按译文估算 */
export type TextOf = (text: string) => string;

function cellText<T>(column: ListColumn<T>, row: T, options?: readonly Option[], index = 0, textOf?: TextOf): string | null {
  const { dataIndex } = column;
  if (typeof dataIndex !== 'string' && typeof dataIndex !== 'number') return null;
  const value = (row as Record<string, unknown>)[dataIndex];
  if (column.render) {
    const text = renderedText(column, value, row, index);
    if (text !== null) return text;
  }
  if (value === undefined || value === null) return '';
  if (column.format === 'datetime') return '0000-00-00 00:00:00';
  if (column.format === 'date') return '0000-00-00';
  if (column.format === 'money') return formatMoney(value, !titleHasCurrency(column.title));
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    if (options) return optionLabel(options, value);
    return column.render && textOf ? textOf(String(value)) : String(value);
  }
  return null;
}

/**
 * 文字列：本页每格显示的都是文字（取值是文字，含按选项、字典、时间格式显示的；有自定义 render 时看它画出的是不是文字）。
 * 列表界面让这样的列单行显示、放不下时以省略号收尾并在 title 里给出全文，因此可以收窄。
 */
export function isTextColumn<T>(column: ListColumn<T>, rows: readonly T[]): boolean {
  const { dataIndex } = column;
  if (typeof dataIndex !== 'string' && typeof dataIndex !== 'number') return false;
  if (column.render) return rows.every((row, i) => renderedText(column, (row as Record<string, unknown>)[dataIndex], row, i) !== null);
  return rows.every((row) => cellText(column, row, column.options) !== null);
}

/** 画成标签等元素的格子（状态标签）：按其中文字（译文）加标签的边距估算；不是元素或认不出文字为 null */
function elementWidth<T>(column: ListColumn<T>, row: T, textOf?: TextOf): number | null {
  if (!column.render || typeof column.dataIndex !== 'string') return null;
  const element = rendered(column, (row as Record<string, unknown>)[column.dataIndex], row, 0);
  const inner = element !== null && typeof element === 'object' ? elementText(element, textOf) : null;
  return inner === null ? null : textWidth(inner) + ELEMENT_EXTRA;
}

/** 本页最宽的标签类格子（没有为 0） */
const widestElement = <T>(column: ListColumn<T>, rows: readonly T[], textOf?: TextOf) => rows.reduce((w, row) => Math.max(w, elementWidth(column, row, textOf) ?? 0), 0);

/** 列标题（已是当前语言）的宽度，含排序图标 */
const titleWidth = <T>(column: ListColumn<T>) => textWidth(typeof column.title === 'string' ? column.title : '') + (column.sorter ? 20 : 0);

/**
 * 一列的宽度：给了数字宽度用它；否则按标题与本页数据的最长文字估算。tree：树形表格的首列（带缩进与展开按钮）。
 * 自定义 render 画元素（状态标签、链接）的列内容量不出来：给定宽度不窄于列标题（配置按中文定宽，英文的标题与标签更长；
 * 文字列不必，放不下时以省略号收尾并带提示）
 */
export function estimateColumnWidth<T>(column: ListColumn<T>, rows: readonly T[], tree = false, textOf?: TextOf): number {
  // 给定宽度也不窄于列标题与本页最长的标签（配置按中文定宽，英文的标题与状态标签更长）：表头不被截断、标签不溢出到下一列
  if (typeof column.width === 'number') return Math.max(column.width, titleWidth(column) + CELL_PADDING, widestElement(column, rows, textOf) + CELL_PADDING);
  let widest = titleWidth(column);
  for (const { row, depth } of tree ? flattenTree(rows) : rows.map((row) => ({ row, depth: 0 }))) {
    const element = elementWidth(column, row, textOf);
    if (element !== null) {
      widest = Math.max(widest, element);
      continue;
    }
    const text = cellText(column, row, column.options, 0, textOf);
    if (text === null) return Math.max(widest + CELL_PADDING, COMPLEX_WIDTH);
    widest = Math.max(widest, textWidth(text) + (tree ? depth * TREE_INDENT + TREE_EXPANDER : 0));
  }
  const max = tree ? MAX_TREE : column.ellipsis ? MAX_ELLIPSIS : MAX_PLAIN;
  return Math.min(max, Math.max(MIN_WIDTH, widest + CELL_PADDING));
}

// —— 树形表格：antd 把带 children 的行画成可展开的树，缩进与展开按钮都在首列 ——

/** antd 表格每级缩进（indentSize 默认 15）与展开按钮（17px 加 8px 右边距） */
const TREE_INDENT = 15;
const TREE_EXPANDER = 25;
/** 树形首列的上限：比普通列宽，深层的名称也不至于被挤成一字一行 */
const MAX_TREE = 420;

const childrenOf = (row: unknown): readonly unknown[] | null => {
  const children = (row as { children?: unknown }).children;
  return Array.isArray(children) && children.length > 0 ? children : null;
};

/** 本页有没有树形的行（带非空 children） */
export function isTree(rows: readonly unknown[]): boolean {
  return rows.some((r) => childrenOf(r) !== null);
}

/** 树形的行连同各级子行展开成一列，附层级（0 为顶层） */
export function flattenTree<T>(rows: readonly T[], depth = 0): { row: T; depth: number }[] {
  return rows.flatMap((row) => [{ row, depth }, ...flattenTree((childrenOf(row) ?? []) as T[], depth + 1)]);
}

// —— 按容器宽度收窄：总宽超出容器时，先收窄能省略显示（带省略号与提示）的列，收到底仍放不下才横向滚动 ——
// 之前总宽略超容器时直接横向滚动，固定在右侧的操作列盖住最后一列的一半（如“2026-11-24 02”）。

export interface ColumnPlan {
  /** 首选宽度：给定的或估算的 */
  width: number;
  /** 放得下本页内容的宽度（不超过 width）：给定宽度比内容宽时，多出的部分先让出来 */
  need: number;
  /** 最窄可收到多少（不能收窄的列与 width 相同） */
  min: number;
}

/** 能收窄的列的下限：放得下标题，且不小于 ELLIPSIS_MIN */
const ELLIPSIS_MIN = 96;
/** 内容宽不超过此值的列算“短列”：收窄时优先保持完整 */
const SHORT_COLUMN = 150;

/** 编号类的字段名：code、xxxCode、xxxNo 与证件号（证书编号、准考证号、计划编号、身份证号、统一社会信用代码……） */
const IDENTIFIER_FIELD = /^(code|idCard|idNumber|cardNo)$|Code$|No$/;

/** 编号类的列：配置写了 identifier 依它，否则按字段名认 */
export function isIdentifierColumn<T>(column: ListColumn<T>): boolean {
  if (column.identifier !== undefined) return column.identifier;
  return typeof column.dataIndex === 'string' && IDENTIFIER_FIELD.test(column.dataIndex);
}

/**
 * 一列的首选宽度与下限：shrinkable 为该列以省略号显示且有提示（文字列），其余不收窄。
 * 编号列按本页最长的编号定宽（给定宽度更窄时也放宽）、不收窄：操作员核对的号码必须一眼读全。
 */
export function planColumn<T>(column: ListColumn<T>, rows: readonly T[], opts: { tree?: boolean; shrinkable?: boolean; textOf?: TextOf } = {}): ColumnPlan {
  if (isIdentifierColumn(column)) {
    const width = Math.max(estimateColumnWidth(column, rows, opts.tree, opts.textOf), estimateColumnWidth({ ...column, width: undefined }, rows, opts.tree, opts.textOf));
    return { width, need: width, min: width };
  }
  const width = estimateColumnWidth(column, rows, opts.tree, opts.textOf);
  if (!opts.shrinkable) return { width, need: width, min: width };
  const need = Math.min(width, estimateColumnWidth({ ...column, width: undefined }, rows, opts.tree, opts.textOf));
  const min = Math.min(need, Math.max(ELLIPSIS_MIN, titleWidth(column) + CELL_PADDING));
  return { width, need, min };
}

/**
 * 总宽超出 available 时收窄：先让出给定宽度里超过内容的部分（按比例）；仍放不下，再从最宽的列往下削，
 * 把各列压到同一条“水位线”（不低于各自的下限）：短的编号、IP、时间保持完整，长的名称、地址以省略号收尾。
 * 收到下限仍放不下就横向滚动，此时见 alignToEdge：一打开不会有一列露一半在固定的操作列下面。
 */
export function fitWidths(plans: readonly ColumnPlan[], available: number): number[] {
  const sum = (ws: readonly number[]) => ws.reduce((a, b) => a + b, 0);
  const widths = plans.map((p) => p.width);
  const over = sum(widths) - available;
  if (over <= 0) return widths;
  const spare = sum(plans.map((p) => p.width - p.need));
  if (spare >= over) return plans.map((p) => Math.floor(p.width - ((p.width - p.need) * over) / spare));
  const needs = plans.map((p) => p.need);
  // 内容本就不长的列（编号、IP、短名称）尽量不削：整表放得下时以其内容宽为下限
  const keepShort = plans.map((p) => (p.need <= SHORT_COLUMN ? p.need : p.min));
  const floors = sum(keepShort) <= available ? keepShort : plans.map((p) => p.min);
  const at = (level: number) => plans.map((p, i) => Math.max(floors[i], Math.min(needs[i], level)));
  if (sum(at(0)) > available) return alignToEdge(at(0), plans, available);
  // 二分找最高的水位线
  let low = 0;
  let high = Math.max(...needs);
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (sum(at(mid)) <= available) low = mid;
    else high = mid;
  }
  return at(low);
}

/**
 * 横向滚动时：滚动区右缘（固定的操作列左缘）落在某一列中间，这列就露一半在操作列下面（英文界面的长标签尤其常见）。
 * 把露出的那一截分给它前面的列（先补给被削过、不到内容宽的列，再按宽度比例），让这一列正好从右缘开始：
 * 一打开看到的都是完整的列，其余的滚动可见。
 */
function alignToEdge(widths: readonly number[], plans: readonly ColumnPlan[], available: number): number[] {
  const out = [...widths];
  let start = 0;
  let k = 0;
  while (k < out.length && start + out[k] <= available) start += out[k++];
  const shown = available - start;
  if (k === 0 || k >= out.length || shown <= 0) return out;
  let extra = shown;
  // 先补给不到内容宽的列
  const deficit = out.slice(0, k).map((w, i) => Math.max(0, plans[i].need - w));
  const totalDeficit = deficit.reduce((a, b) => a + b, 0);
  if (totalDeficit > 0) {
    const give = Math.min(extra, totalDeficit);
    deficit.forEach((d, i) => (out[i] += Math.floor((d * give) / totalDeficit)));
    extra = shown - (out.slice(0, k).reduce((a, b) => a + b, 0) - start);
  }
  if (extra > 0) {
    const base = out.slice(0, k).reduce((a, b) => a + b, 0);
    for (let i = 0; i < k; i++) out[i] += Math.floor((out[i] * extra) / base);
  }
  // 取整的零头给最后一列可见的列：这一列的右缘正好落在滚动区右缘
  out[k - 1] += available - out.slice(0, k).reduce((a, b) => a + b, 0);
  return out;
}

/**
 * 操作列宽度：每个链接按钮为文字加 7px×2 内边距，“更多”另加图标。
 * texts：当前语言的列标题与“更多”（英文的 Actions / More 比中文宽，按中文估算会把按钮挤出列外）
 */
export function actionsWidth(
  rowsOfLabels: readonly (readonly string[])[],
  hasMore: readonly boolean[],
  texts: { header: string; more: string } = { header: '操作', more: '更多' },
): number {
  let widest = textWidth(texts.header);
  rowsOfLabels.forEach((labels, i) => {
    let width = labels.reduce((sum, label) => sum + textWidth(label) + 14, 0);
    if (hasMore[i]) width += textWidth(texts.more) + 14 + 18;
    widest = Math.max(widest, width);
  });
  return Math.max(MIN_WIDTH, widest + CELL_PADDING);
}

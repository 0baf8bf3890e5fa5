// 列宽估算（纯函数，单元测试直接调用）。表格按估算的总宽度设 scroll.x（固定布局）：
// 容器放得下时按比例铺满、不出横向滚动条；放不下才横向滚动，操作列固定在右侧也不会盖住数据。
// 之前用 'max-content'：省略列（ellipsis）按全文撑开，1366/1440 下常把数据挤到操作列下面。
import type { ListColumn, Option } from './types';
import { optionLabel } from './values';

/** 单元格左右内边距（middle 尺寸 8px×2）与余量 */
const CELL_PADDING = 24;
const MIN_WIDTH = 72;
/** 未给宽度的列：省略列与普通列的估算上限（普通列超出时换行） */
const MAX_ELLIPSIS = 240;
const MAX_PLAIN = 320;
/** 取值不是文字（数组、对象）的列：默认宽度 */
const COMPLEX_WIDTH = 220;
/** 勾选列 */
export const SELECTION_WIDTH = 48;

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

/** 文字在 14px 字号下的大致像素宽：汉字与全角符号 14，大写字母 10，其余 8 */
export function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += WIDE.test(ch) ? 14 : ch >= 'A' && ch <= 'Z' ? 10 : 8;
  return width;
}

function cellText<T>(column: ListColumn<T>, row: T, options?: readonly Option[]): string | null {
  const { dataIndex } = column;
  if (typeof dataIndex !== 'string' && typeof dataIndex !== 'number') return null;
  const value = (row as Record<string, unknown>)[dataIndex];
  if (value === undefined || value === null) return '';
  if (column.format === 'datetime') return '0000-00-00 00:00:00';
  if (column.format === 'date') return '0000-00-00';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return options ? optionLabel(options, value) : String(value);
  }
  return null;
}

/** 一列的宽度：给了数字宽度用它；否则按标题与本页数据的最长文字估算 */
export function estimateColumnWidth<T>(column: ListColumn<T>, rows: readonly T[]): number {
  if (typeof column.width === 'number') return column.width;
  const title = typeof column.title === 'string' ? column.title : '';
  let widest = textWidth(title) + (column.sorter ? 20 : 0);
  for (const row of rows) {
    const text = cellText(column, row, column.options);
    if (text === null) return Math.max(widest + CELL_PADDING, COMPLEX_WIDTH);
    widest = Math.max(widest, textWidth(text));
  }
  const max = column.ellipsis ? MAX_ELLIPSIS : MAX_PLAIN;
  return Math.min(max, Math.max(MIN_WIDTH, widest + CELL_PADDING));
}

/** 操作列宽度：每个链接按钮为文字加 7px×2 内边距，“更多”另加图标 */
export function actionsWidth(rowsOfLabels: readonly (readonly string[])[], hasMore: readonly boolean[]): number {
  let widest = textWidth('操作');
  rowsOfLabels.forEach((labels, i) => {
    let width = labels.reduce((sum, label) => sum + textWidth(label) + 14, 0);
    if (hasMore[i]) width += textWidth('更多') + 14 + 18;
    widest = Math.max(widest, width);
  });
  return Math.max(MIN_WIDTH, widest + CELL_PADDING);
}

// 服务端先取的列表第一页：列表界面挂载时若自己的第一次请求与之相同（路径与请求体），直接用它，不再请求。
export interface FirstPage {
  path: string;
  /** 请求体的规范形式（键排序后的 JSON），见 requestKey */
  key: string;
  /** 分页答复：list、total 与列表另带的项（如 masked、canUnmask，见 components/privacy/useUnmaskList.tsx） */
  data: { list: unknown[]; total: number; masked?: boolean; canUnmask?: boolean };
}

/**
 * 服务端先取的界面数据（不分页的一次请求）：选择框的选项（如考试计划、培训班）、大屏的数据。
 * 界面第一次请求与之相同（路径与请求体）时直接用（useServerData），不再请求，页面打开就画出最终的版面。
 */
export interface ServerData {
  path: string;
  /** 请求体的规范形式（requestKey） */
  key: string;
  /** 答复的 data（原样） */
  data: unknown;
}

/**
 * 选项列表（数组或分页答复的 list）里界面默认选中的一项：prefer 为真的第一项，没有就第一项（与各界面的默认选法相同）。
 * 取它的 id（须是数字）；给了 field 时取该字段（如字典类型按编码选，编码是文字）。
 */
export function defaultPick(data: unknown, prefer?: string, field?: string): number | string | null {
  const list = (Array.isArray(data) ? data : (data as { list?: unknown } | null)?.list) as Record<string, unknown>[] | undefined;
  if (!Array.isArray(list) || !list.length) return null;
  const hit = (prefer ? list.find((r) => r[prefer] === true) : undefined) ?? list[0];
  const value = hit[field ?? 'id'];
  return typeof value === 'number' || (field !== undefined && typeof value === 'string' && value !== '') ? value : null;
}

/** 请求体的规范形式：键排序、去掉 undefined，服务端与浏览器算出的相同 */
export function requestKey(body: Record<string, unknown>): string {
  const sorted = Object.keys(body)
    .filter((k) => body[k] !== undefined)
    .sort()
    .reduce<Record<string, unknown>>((o, k) => ((o[k] = body[k]), o), {});
  return JSON.stringify(sorted);
}

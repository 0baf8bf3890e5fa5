// 服务端先取的列表第一页：列表界面挂载时若自己的第一次请求与之相同（路径与请求体），直接用它，不再请求。
export interface FirstPage {
  path: string;
  /** 请求体的规范形式（键排序后的 JSON），见 requestKey */
  key: string;
  /** 分页答复：list、total 与列表另带的项（如 masked、canUnmask，见 components/privacy/useUnmaskList.tsx） */
  data: { list: unknown[]; total: number; masked?: boolean; canUnmask?: boolean };
}

/** 请求体的规范形式：键排序、去掉 undefined，服务端与浏览器算出的相同 */
export function requestKey(body: Record<string, unknown>): string {
  const sorted = Object.keys(body)
    .filter((k) => body[k] !== undefined)
    .sort()
    .reduce<Record<string, unknown>>((o, k) => ((o[k] = body[k]), o), {});
  return JSON.stringify(sorted);
}

// 界面登记的形状。客户端界面按需加载（每个界面一个代码块，打开哪页只下载哪页）：
// 名单与首屏请求在 catalog.ts（服务端可用，不引用任何界面代码），加载函数在各模块的 screens.ts；
// 两边的名单由类型检查保持一致（client-screens.ts）。
import type { ComponentType } from 'react';
import type { Query } from '@/components/api-client';

/** 服务端先取第一页的列表请求：与界面 ListScreen 的 list 相同 */
export interface FirstPageCall {
  path: string;
  method?: 'GET' | 'POST';
  params?: Query;
  /** 界面的默认每页条数不是 10 时（如 pageSizeOptions 为 [50, 100]）写上 */
  pageSize?: number;
  /**
   * 列表属于选择框选中的一项（如考试计划）时：参数名与默认选法（prefer 为真的第一项，没有就第一项）。
   * 服务端按先取的选项（ScreenEntry.serverData）选出与界面默认相同的一项，把它的 id（或 field 指的字段）作为这个参数取第一页。
   */
  pickFrom?: { param: string; prefer?: string; /** 取选中项的哪个字段作参数，默认 id */ field?: string };
}

/** 服务端先取的界面数据（选择框的选项、大屏数据）：与界面第一次请求相同（见 first-page.ts 的 ServerData） */
export interface ServerDataCall {
  path: string;
  method?: 'GET' | 'POST';
  body?: Record<string, unknown>;
}

export type ScreenLoader = () => Promise<{ default: ComponentType }>;
export type ScreenLoaders = Record<string, ScreenLoader>;

/** 一个模块以具名导出多个界面时：const articles = pick(() => import('./ArticleList')); articles('NoticeList') */
export function pick<M>(load: () => Promise<M>) {
  return (name: keyof M & string): ScreenLoader =>
    () =>
      load().then((m) => ({ default: m[name] as ComponentType }));
}

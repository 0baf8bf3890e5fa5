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
}

export type ScreenLoader = () => Promise<{ default: ComponentType }>;
export type ScreenLoaders = Record<string, ScreenLoader>;

/** 一个模块以具名导出多个界面时：const articles = pick(() => import('./ArticleList')); articles('NoticeList') */
export function pick<M>(load: () => Promise<M>) {
  return (name: keyof M & string): ScreenLoader =>
    () =>
      load().then((m) => ({ default: m[name] as ComponentType }));
}

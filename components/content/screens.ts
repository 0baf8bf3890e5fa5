// 本模块的界面：菜单项 component 名 → 按需加载的界面代码（名单与首屏请求见 components/screens/catalog.ts）。
import { pick, type ScreenLoaders } from '@/components/screens/types';

const articles = pick(() => import('./ArticleList'));

export const contentScreens = {
  BannerList: () => import('./BannerList'),
  NoticeList: articles('NoticeList'),
  NewsList: articles('NewsList'),
  PolicyList: articles('PolicyList'),
  HelpCenter: articles('HelpCenter'),
} satisfies ScreenLoaders;

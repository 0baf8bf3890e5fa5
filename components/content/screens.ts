// 本模块的界面：菜单项 component 名 → 界面组件（由 components/screens/registry.tsx 汇总）。
import type { ComponentType } from 'react';
import { HelpCenter, NewsList, NoticeList, PolicyList } from './ArticleList';
import BannerList from './BannerList';

export const contentScreens: Record<string, ComponentType> = { BannerList, NoticeList, NewsList, PolicyList, HelpCenter };

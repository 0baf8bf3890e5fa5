// 补贴模块的界面：菜单项 component 名 → 按需加载的界面代码（名单与首屏请求见 components/screens/catalog.ts）。
import { pick, type ScreenLoaders } from '@/components/screens/types';

const standards = pick(() => import('./StandardList'));
const applies = pick(() => import('./ApplyList'));
const books = pick(() => import('./StandingBook'));

export const subsidyScreens = {
  TrainTypeSubsidy: standards('TrainTypeSubsidy'),
  TrainWorkSubsidy: standards('TrainWorkSubsidy'),
  SubsidyApply: applies('SubsidyApply'),
  SubsidyApprove: applies('SubsidyApprove'),
  SubsidyTwoLevelApprove: applies('SubsidyTwoLevelApprove'),
  SubsidyFinanceApprove: applies('SubsidyFinanceApprove'),
  SubsidySearch: applies('SubsidySearch'),
  LivingSubsidyApply: applies('LivingSubsidyApply'),
  LivingSubsidyApprove: applies('LivingSubsidyApprove'),
  LivingSubsidyTwoLevelApprove: applies('LivingSubsidyTwoLevelApprove'),
  FundAccount: () => import('./FundAccount'),
  AnnualTarget: () => import('./AnnualTarget'),
  YearTaskIssue: pick(() => import('./AnnualTarget'))('YearTaskIssue'),
  YearTaskProgress: () => import('./YearTaskProgress'),
  CouponList: () => import('./CouponList'),
  StandingBookManage: books('StandingBookManage'),
  StandingBookApprove: books('StandingBookApprove'),
  StandingBookSearch: books('StandingBookSearch'),
} satisfies ScreenLoaders;

// 培训机构与企业的界面：菜单项 component 名 → 按需加载的界面代码（名单与首屏请求见 components/screens/catalog.ts）。
import { pick, type ScreenLoaders } from '@/components/screens/types';

const approve = pick(() => import('./SettleInApprove'));

export const institutionScreens = {
  CompanyList: () => import('./CompanyList'),
  CompanyApprove: approve('CompanyApprove'),
  SettleInApprove: approve('SettleInApprove'),
  SettleInManage: () => import('./SettleInManage'),
  CompanyEvaluation: () => import('./CompanyEvaluation'),
} satisfies ScreenLoaders;

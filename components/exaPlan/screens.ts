// 本模块的界面：菜单项 component 名 → 按需加载的界面代码（名单与首屏请求见 components/screens/catalog.ts）。
// 四类计划是同一个可配置组件。
import { pick, type ScreenLoaders } from '@/components/screens/types';

const kinds = pick(() => import('./kinds'));

export const exaPlanScreens = {
  ExaPlanSkillLevel: kinds('ExaPlanSkillLevel'),
  ExaPlanQualification: kinds('ExaPlanQualification'),
  ExaPlanSpecialAbility: kinds('ExaPlanSpecialAbility'),
  ExaPlanOrganWork: kinds('ExaPlanOrganWork'),
  ExaPlanAudit: () => import('./ExaPlanAudit'),
} satisfies ScreenLoaders;

// 本模块的界面：菜单项 component 名 → 按需加载的界面代码（名单与首屏请求见 components/screens/catalog.ts）。
import { pick, type ScreenLoaders } from '@/components/screens/types';

const kinds = pick(() => import('./kinds'));

export const filingScreens = {
  FilingSkillLevel: kinds('FilingSkillLevel'),
  FilingQualification: kinds('FilingQualification'),
  FilingSpecialAbility: kinds('FilingSpecialAbility'),
  FilingOrganWork: kinds('FilingOrganWork'),
  FilingAudit: () => import('./FilingAudit'),
  BaseRecordOrgList: () => import('./BaseRecordOrgList'),
} satisfies ScreenLoaders;

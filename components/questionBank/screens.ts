// 本模块的界面：菜单项 component 名 → 按需加载的界面代码（名单与首屏请求见 components/screens/catalog.ts）。
// 四类题库是同一个可配置组件。
import { pick, type ScreenLoaders } from '@/components/screens/types';

const kinds = pick(() => import('./kinds'));

export const questionBankScreens = {
  QuestionBankSkillLevel: kinds('QuestionBankSkillLevel'),
  QuestionBankQualification: kinds('QuestionBankQualification'),
  QuestionBankSpecialAbility: kinds('QuestionBankSpecialAbility'),
  QuestionBankOrganWork: kinds('QuestionBankOrganWork'),
  PaperList: () => import('./PaperList'),
} satisfies ScreenLoaders;

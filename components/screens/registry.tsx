import 'server-only';
// 界面注册表：菜单项的 component 名 → 界面组件（唯一的一处）。门户框架只显示有界面的菜单叶子，
// app/(portal)/[...slug] 按菜单路径找到菜单项后在这里取界面。后续各模块在此登记自己的界面。
// 只在服务端使用：客户端框架拿到的是 screenNames() 的名单。
import type { ComponentType } from 'react';
import Workplace from '@/components/workplace/Workplace';
import { accountsScreens } from '@/components/accounts/screens';
import { accessScreens } from '@/components/access/screens';
import { orgScreens } from '@/components/org/screens';
import { dictScreens } from '@/components/dict/screens';
import { opsScreens } from '@/components/ops/screens';
import { portalScreens } from '@/components/portal/screens';
import { contentScreens } from '@/components/content/screens';
import { personnelScreens } from '@/components/personnel/screens';
import { catalogScreens } from '@/components/catalog/screens';
import { filingScreens } from '@/components/filing/screens';
import { courseScreens } from '@/components/course/screens';
import { exaPlanScreens } from '@/components/exaPlan/screens';
import { officialPlanScreens } from '@/components/officialPlan/screens';
import { examSiteScreens } from '@/components/examSite/screens';
import { examineeScreens } from '@/components/examinee/screens';

/** 工作台的快捷入口只列有界面的菜单：名单由注册表传入（工作台不反过来引用注册表，免成环） */
const WorkplaceScreen = () => <Workplace screenNames={screenNames()} />;

export const screens: Record<string, ComponentType> = {
  Workplace: WorkplaceScreen,
  ...accountsScreens,
  ...accessScreens,
  ...orgScreens,
  ...dictScreens,
  ...opsScreens,
  ...portalScreens,
  ...contentScreens,
  ...personnelScreens,
  ...catalogScreens,
  ...filingScreens,
  ...courseScreens,
  ...exaPlanScreens,
  ...officialPlanScreens,
  ...examSiteScreens,
  ...examineeScreens,
};

export function hasScreen(component: string): boolean {
  return Object.prototype.hasOwnProperty.call(screens, component);
}

export function screenNames(): string[] {
  return Object.keys(screens);
}

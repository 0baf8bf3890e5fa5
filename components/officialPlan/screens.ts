// 年度评价计划界面：菜单组件名 → 界面。
import type { ComponentType } from 'react';
import OfficialPlanList from './OfficialPlanList';

export const officialPlanScreens: Record<string, ComponentType> = { OfficialPlan: OfficialPlanList };

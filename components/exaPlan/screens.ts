// 考试计划界面：菜单组件名 → 界面。四类计划是同一个可配置组件。
import type { ComponentType } from 'react';
import { ExaPlanOrganWork, ExaPlanQualification, ExaPlanSkillLevel, ExaPlanSpecialAbility } from './kinds';
import ExaPlanAudit from './ExaPlanAudit';

export const exaPlanScreens: Record<string, ComponentType> = {
  ExaPlanSkillLevel,
  ExaPlanQualification,
  ExaPlanSpecialAbility,
  ExaPlanOrganWork,
  ExaPlanAudit,
};

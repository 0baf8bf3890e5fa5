// 备案界面：菜单组件名 → 界面。四类备案是同一个可配置组件。
import type { ComponentType } from 'react';
import { FilingSkillLevel, FilingQualification, FilingSpecialAbility, FilingOrganWork } from './kinds';
import FilingAudit from './FilingAudit';
import BaseRecordOrgList from './BaseRecordOrgList';

export const filingScreens: Record<string, ComponentType> = {
  FilingSkillLevel,
  FilingQualification,
  FilingSpecialAbility,
  FilingOrganWork,
  FilingAudit,
  BaseRecordOrgList,
};

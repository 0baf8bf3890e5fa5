'use client';
// 四类考试计划界面的登记入口（无参组件）
import { ExaPlanList } from './ExaPlanList';

export const ExaPlanSkillLevel = () => <ExaPlanList kind={0} />;
export const ExaPlanQualification = () => <ExaPlanList kind={1} />;
export const ExaPlanSpecialAbility = () => <ExaPlanList kind={2} />;
export const ExaPlanOrganWork = () => <ExaPlanList kind={3} />;

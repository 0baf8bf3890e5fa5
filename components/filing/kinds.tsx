'use client';
// 四类备案界面的登记入口（无参组件）
import { FilingList } from './FilingList';

export const FilingSkillLevel = () => <FilingList kind={0} />;
export const FilingQualification = () => <FilingList kind={1} />;
export const FilingSpecialAbility = () => <FilingList kind={2} />;
export const FilingOrganWork = () => <FilingList kind={3} />;

'use client';
// 四类题库界面的登记入口（无参组件）
import { BankScreen } from './BankScreen';

export const QuestionBankSkillLevel = () => <BankScreen kind={0} />;
export const QuestionBankQualification = () => <BankScreen kind={1} />;
export const QuestionBankSpecialAbility = () => <BankScreen kind={2} />;
export const QuestionBankOrganWork = () => <BankScreen kind={3} />;

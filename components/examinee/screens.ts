// 本模块的界面：菜单项 component 名 → 界面组件（由 components/screens/registry.tsx 汇总）。
import type { ComponentType } from 'react';
import ExamineeList from './ExamineeList';

export const examineeScreens: Record<string, ComponentType> = { ExamineeList };

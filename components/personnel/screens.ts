// 本模块的界面：菜单项 component 名 → 界面组件（由 components/screens/registry.tsx 汇总）。
import type { ComponentType } from 'react';
import AssessorList from './AssessorList';
import ProctorList from './ProctorList';
import SupervisorList from './SupervisorList';

export const personnelScreens: Record<string, ComponentType> = { AssessorList, SupervisorList, ProctorList };

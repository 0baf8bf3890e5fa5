// 本模块的界面：菜单项 component 名 → 界面组件（由 components/screens/registry.tsx 汇总）。
import type { ComponentType } from 'react';
import RoleList from './RoleList';
import ResourceList from './ResourceList';

export const accessScreens: Record<string, ComponentType> = { RoleList, ResourceList };

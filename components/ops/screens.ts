// 本模块的界面：菜单项 component 名 → 界面组件（由 components/screens/registry.tsx 汇总）。
import type { ComponentType } from 'react';
import DeviceList from './DeviceList';
import OnlineUserList from './OnlineUserList';
import ScheduleJobList from './ScheduleJobList';
import ServerStatus from './ServerStatus';
import SystemLogScreen from './SystemLogScreen';

export const opsScreens: Record<string, ComponentType> = { SystemLog: SystemLogScreen, OnlineUserList, ScheduleJobList, DeviceList, ServerStatus };

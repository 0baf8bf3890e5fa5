// 本模块的界面：菜单项 component 名 → 按需加载的界面代码（名单与首屏请求见 components/screens/catalog.ts）。
import type { ScreenLoaders } from '@/components/screens/types';

export const opsScreens = {
  SystemLog: () => import('./SystemLogScreen'),
  OnlineUserList: () => import('./OnlineUserList'),
  ScheduleJobList: () => import('./ScheduleJobList'),
  OutboxList: () => import('./OutboxList'),
  DeviceList: () => import('./DeviceList'),
  ServerStatus: () => import('./ServerStatus'),
} satisfies ScreenLoaders;

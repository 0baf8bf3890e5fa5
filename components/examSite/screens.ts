// 考点考场与视频监控界面：菜单组件名 → 界面。
import type { ComponentType } from 'react';
import ExamSiteList from './ExamSiteList';
import ExamRoomList from './ExamRoomList';
import CameraList from './CameraList';

export const examSiteScreens: Record<string, ComponentType> = { ExamSiteList, ExamRoomList, CameraList };

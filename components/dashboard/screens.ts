// 本模块的界面：首页分析、数据大屏与统计页（名单与首屏请求见 components/screens/catalog.ts）。
import { pick, type ScreenLoaders } from '@/components/screens/types';

const stats = pick(() => import('./StatisticsScreen'));
const big = pick(() => import('./BigScreen'));

export const dashboardScreens = {
  Analysis: () => import('./Analysis'),
  BigScreenEval: big('BigScreenEval'),
  BigScreenTrain: big('BigScreenTrain'),
  OrgTypeStatistics: stats('OrgTypeStatistics'),
  SummaryStatistics: stats('SummaryStatistics'),
  ProcessStatistics: stats('ProcessStatistics'),
  TrainCountStatistics: stats('TrainCountStatistics'),
  UploadCountStatistics: stats('UploadCountStatistics'),
} satisfies ScreenLoaders;

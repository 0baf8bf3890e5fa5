// 本模块的界面：菜单项 component 名 → 按需加载的界面代码（名单与首屏请求见 components/screens/catalog.ts）。
// 四种附带申请的界面是同一个可配置组件，工时的两个界面在一个文件里。
import { pick, type ScreenLoaders } from '@/components/screens/types';

const requests = pick(() => import('./Requests'));
const workTime = pick(() => import('./WorkTime'));

export const trainClassScreens = {
  ClassApply: () => import('./ClassApply'),
  ClassApprove: () => import('./ClassApprove'),
  ClassCalendar: () => import('./ClassCalendar'),
  PostponeClassApply: requests('PostponeClassApply'),
  PostponeClassApprove: requests('PostponeClassApprove'),
  InfoCorrectApply: requests('InfoCorrectApply'),
  InfoCorrectApprove: requests('InfoCorrectApprove'),
  Curriculum: () => import('./Curriculum'),
  StudentList: () => import('./StudentList'),
  WorkTimeList: workTime('WorkTimeList'),
  WorkTimeCount: workTime('WorkTimeCount'),
} satisfies ScreenLoaders;

// 本模块的界面：菜单项 component 名 → 按需加载的界面代码（名单与首屏请求见 components/screens/catalog.ts）。
import { pick, type ScreenLoaders } from '@/components/screens/types';

const courses = pick(() => import('./CourseList'));
const names = pick(() => import('./NameList'));

export const courseScreens = {
  CourseTypeList: () => import('./CourseTypeList'),
  CourseList: courses('CourseList'),
  CourseAudit: () => import('./CourseAudit'),
  TagList: names('TagList'),
  ClassifyList: names('ClassifyList'),
  CoursewareList: () => import('./CoursewareList'),
  PictureCourseList: courses('PictureCourseList'),
  VideoCourseList: courses('VideoCourseList'),
  ExcellentCourseList: () => import('./ExcellentCourseList'),
  CourseCommentList: () => import('./CourseCommentList'),
} satisfies ScreenLoaders;

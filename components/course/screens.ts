// 课程资源库的界面：菜单项 component 名 → 界面组件（由 components/screens/registry.tsx 汇总）。
// 课程列表、图文课程、视频课程是同一个可配置组件；标签与分类是同一个组件。
import type { ComponentType } from 'react';
import { CourseList, PictureCourseList, VideoCourseList } from './CourseList';
import CourseAudit from './CourseAudit';
import CourseTypeList from './CourseTypeList';
import { ClassifyList, TagList } from './NameList';
import CoursewareList from './CoursewareList';
import ExcellentCourseList from './ExcellentCourseList';
import CourseCommentList from './CourseCommentList';

export const courseScreens: Record<string, ComponentType> = {
  CourseTypeList,
  CourseList,
  CourseAudit,
  TagList,
  ClassifyList,
  CoursewareList,
  PictureCourseList,
  VideoCourseList,
  ExcellentCourseList,
  CourseCommentList,
};

'use client';
// 课程评论：范围内课程收到的评论与评分；按课程、内容、评分筛选；删除（单条与批量）前确认。
import { Rate } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import type { CommentItem } from '@/lib/domains/course/schemas';
import { openPreview } from './shared';

const RATINGS = [
  { value: 5, label: '五星' },
  { value: 4, label: '四星' },
  { value: 3, label: '三星' },
  { value: 2, label: '二星' },
  { value: 1, label: '一星' },
];

export default function CourseCommentList() {
  return (
    <ListScreen<CommentItem>
      title="课程评论"
      resource="courseComment"
      rowKey="id"
      testId="comment-list"
      list={{ path: '/bks/v1/comCourseComment/by' }}
      filters={[
        { name: 'courseName', label: '课程名称' },
        { name: 'keyword', label: '评论内容' },
        { name: 'rating', label: '评分', type: 'select', options: RATINGS },
      ]}
      columns={[
        { title: '课程', dataIndex: 'courseName' },
        { title: '评论人', dataIndex: 'userName', width: 100 },
        { title: '评分', dataIndex: 'rating', width: 150, render: (v: number) => <Rate disabled value={v} style={{ fontSize: 14 }} /> },
        { title: '评论内容', dataIndex: 'content', ellipsis: true },
        { title: '评论时间', dataIndex: 'createTime', width: 170 },
      ]}
      rowActions={[{ key: 'preview', label: '查看课程', onClick: (r) => openPreview(r.courseId) }]}
      remove={{
        call: { path: '/bks/v1/comCourseComment/del', body: (r) => ({ ids: [r.id] }) },
        batch: { path: '/bks/v1/comCourseComment/del', body: (ids) => ({ ids }) },
        confirm: (r, t) => t('确定删除 {user} 对「{course}」的评论吗？删除后不能恢复。', { user: r.userName, course: r.courseName }),
      }}
      emptyText="暂无课程评论"
    />
  );
}

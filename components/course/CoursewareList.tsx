'use client';
// 课件管理：范围内各课程的课件（所属课程、章节、类型、时长、大小）；草稿课程的课件可在此新增、修改、删除，
// 其余只可查看文件。章节与课件的整体编排在课程列表的“章节与课件”里。
import { useEffect, useState } from 'react';
import { Form, Select, Tag } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import type { FieldSpec, FormSpec } from '@/components/list/types';
import { zodRule } from '@/components/list/rules';
import { Uploader } from '@/components/upload/Uploader';
import { apiPost } from '@/components/api-client';
import { Tx, useT } from '@/lib/i18n/client';
import { COURSEWARE_KIND_LABEL, type CoursewareKind } from '@/lib/domains/course/transitions';
import type { ChapterItem, CoursewareRow } from '@/lib/domains/course/schemas';
import { formatDuration, formatSize, openPreview, WARE_KIND_OPTIONS } from './shared';

/** 章节下拉：随表单里所选的课程加载 */
function ChapterSelect({ value, onChange, disabled }: { value?: unknown; onChange: (v: unknown) => void; disabled?: boolean }) {
  const t = useT();
  const form = Form.useFormInstance();
  const courseId = Form.useWatch('courseId', form) as number | undefined;
  const [chapters, setChapters] = useState<{ courseId: number; list: ChapterItem[] } | null>(null);
  useEffect(() => {
    if (!courseId) return;
    let alive = true;
    apiPost('/bks/v1/courseChapter/by', { courseId }, { silent: true }).then(
      (list) => alive && setChapters({ courseId, list }),
      () => alive && setChapters({ courseId, list: [] }),
    );
    return () => {
      alive = false;
    };
  }, [courseId]);
  const list = chapters && chapters.courseId === courseId ? chapters.list : [];
  return (
    <Select
      value={value as number | undefined}
      onChange={(v) => onChange(v)}
      disabled={disabled || !courseId}
      loading={Boolean(courseId) && chapters?.courseId !== courseId}
      options={list.map((c) => ({ label: c.title, value: c.id }))}
      placeholder={t(courseId ? '请选择章节' : '请先选择课程')}
      notFoundContent={t('该课程还没有章节，请先在课程的“章节与课件”里新增章节')}
      style={{ width: '100%' }}
    />
  );
}

const fileFields: FieldSpec[] = [
  { name: 'chapterId', label: '章节', type: 'custom', required: true, render: (p) => <ChapterSelect {...p} /> },
  { name: 'title', label: '课件名称', required: true, rules: [zodRule(() => import('@/lib/domains/course/schemas').then((m) => m.CoursewareAddInput.shape.title))] },
  { name: 'url', label: '课件文件', type: 'custom', required: true, render: ({ value, onChange, disabled }) => <Uploader purpose="courseware" dragger value={value as string | undefined} onChange={(v) => onChange(v)} disabled={disabled} /> },
  { name: 'duration', label: '视频时长（秒）', type: 'number', help: '视频课件填写；其他类型不用填', rules: [zodRule(() => import('@/lib/domains/course/schemas').then((m) => m.CoursewareAddInput.shape.duration))] },
];

const courseField = (disabledOnEdit: boolean): FieldSpec => ({
  name: 'courseId',
  label: '所属课程',
  type: 'select',
  required: true,
  disabledOnEdit,
  optionsFrom: { path: '/bks/v1/comCourse/options', method: 'POST', query: { purpose: 'editable' }, labelKey: 'name', valueKey: 'id' },
  help: disabledOnEdit ? undefined : '只列出草稿状态的课程',
});

/** 所属课程只用来选章节，不提交 */
const body = (v: Record<string, unknown>, row?: CoursewareRow) => ({ id: row?.id, chapterId: v.chapterId, title: v.title, url: v.url, duration: v.duration });

export default function CoursewareList() {
  const create: FormSpec<CoursewareRow> = { title: '新增课件', width: 640, submit: { path: '/bks/v1/chapterCourseware/add' }, fields: [courseField(false), ...fileFields], body };
  const edit: FormSpec<CoursewareRow> = { title: '修改课件', width: 640, submit: { path: '/bks/v1/chapterCourseware/update' }, fields: [courseField(true), ...fileFields], body };
  return (
    <ListScreen<CoursewareRow>
      title="课件管理"
      resource="courseware"
      rowKey="id"
      testId="courseware-list"
      list={{ path: '/bks/v1/chapterCourseware/by' }}
      filters={[
        { name: 'courseName', label: '课程名称' },
        { name: 'title', label: '课件名称' },
        { name: 'kind', label: '课件类型', type: 'select', options: WARE_KIND_OPTIONS },
      ]}
      columns={[
        { title: '课件名称', dataIndex: 'title' },
        { title: '类型', dataIndex: 'kind', width: 72, render: (k: CoursewareKind) => <Tag><Tx text={COURSEWARE_KIND_LABEL[k]} /></Tag> },
        { title: '所属课程', dataIndex: 'courseName' },
        { title: '章节', dataIndex: 'chapterTitle' },
        { title: '时长', dataIndex: 'duration', width: 72, render: (d: number | null) => formatDuration(d) },
        { title: '大小', dataIndex: 'fileSize', width: 80, render: (n: number | null) => formatSize(n) },
        { title: '所属机构', dataIndex: 'orgName', render: (v: string | null) => v ?? <Tx text="管理部门" /> },
        { title: '上传时间', dataIndex: 'createTime', width: 170 },
      ]}
      create={create}
      rowActions={[
        { key: 'file', label: '查看文件', onClick: (r) => window.open(r.url, '_blank', 'noopener') },
        { key: 'preview', label: '预览课程', onClick: (r) => openPreview(r.courseId) },
        { key: 'edit', label: '编辑', visible: (r) => r.editable, form: edit },
        {
          key: 'delete',
          label: '删除',
          danger: true,
          visible: (r) => r.editable,
          confirm: (r, t) => t('确定删除课件「{title}」吗？', { title: r.title }),
          call: { path: '/bks/v1/chapterCourseware/del', body: (r) => ({ id: r.id }), successMessage: '已删除' },
        },
      ]}
      emptyText="暂无课件"
    />
  );
}

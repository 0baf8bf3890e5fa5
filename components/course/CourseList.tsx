'use client';
// 课程列表（一个可配置组件，三处登记）：培训管理的“课程列表”（全部种类，资源 course）与内容管理的“图文课程”“视频课程”
// （资源 pictureCourse / videoCourse）。行上的按钮只照服务端给出的 row.actions 显示（转换表与权限算出）。
import { useState } from 'react';
import ListScreen from '@/components/list/ListScreen';
import type { FieldSpec, FormSpec, ListColumn, ListScreenProps, RowAction, OptionsSource } from '@/components/list/types';
import WorkTypePicker, { type PickedWork } from '@/components/catalog/WorkTypePicker';
import { useT } from '@/lib/i18n/client';
import type { CourseKind } from '@/lib/domains/course/transitions';
import type { CourseAddInput, CourseItem } from '@/lib/domains/course/schemas';
import { zodRule } from '@/components/list/rules';
import CourseEditor from './CourseEditor';
import { CourseTypeSelect, CoverThumb, HistoryDialog, KIND_OPTIONS, KindTag, openPreview, STATUS_OPTIONS, StatusTag, SubLine } from './shared';

const TAG_OPTIONS: OptionsSource = { path: '/bks/v1/comTag/by', method: 'POST', labelKey: 'name', valueKey: 'id' };
const CLASSIFY_OPTIONS: OptionsSource = { path: '/bks/v1/comClassify/by', method: 'POST', labelKey: 'name', valueKey: 'id' };

/** 课程表单各项的前端校验：服务端的同一份模式，第一次校验时才下载 */
const courseRule = (name: keyof typeof CourseAddInput.shape) => zodRule(() => import('@/lib/domains/course/schemas').then((m) => m.CourseAddInput.shape[name]));

function formFields(kind: CourseKind | undefined): FieldSpec[] {
  return [
    ...(kind ? [] : [{ name: 'kind', label: '课程种类', type: 'radio' as const, required: true, options: KIND_OPTIONS, initialValue: 'video', disabledOnEdit: true }]),
    { name: 'name', label: '课程名称', required: true, rules: [courseRule('name')] },
    { name: 'typeId', label: '课程类型', type: 'custom', required: true, span: 12, render: (p) => <CourseTypeSelect {...p} /> },
    { name: 'classifyId', label: '分类', type: 'select', optionsFrom: CLASSIFY_OPTIONS, span: 12 },
    { name: 'teacherName', label: '主讲教师', required: true, span: 12, rules: [courseRule('teacherName')] },
    { name: 'hours', label: '学时', type: 'number', required: true, span: 12, rules: [courseRule('hours')] },
    { name: 'trainType', label: '培训类型', type: 'select', optionsFrom: { path: '/bks/v1/trainType/trainTypeList', method: 'GET', labelKey: 'label', valueKey: 'value' }, span: 12 },
    { name: 'tagIds', label: '标签', type: 'multiSelect', optionsFrom: TAG_OPTIONS, span: 12 },
    {
      name: 'work',
      label: '适用工种',
      type: 'custom',
      render: ({ value, onChange, disabled }) => <WorkTypePicker multiple={false} value={(value as PickedWork[]) ?? []} onChange={(v) => onChange(v)} disabled={disabled} title="选择适用工种" />,
    },
    { name: 'cover', label: '封面图片', type: 'image', upload: { purpose: 'image', maxCount: 1 } },
    { name: 'intro', label: '课程简介', type: 'textarea', rules: [courseRule('intro')] },
  ];
}

function courseForm(kind: CourseKind | undefined, title: string, mode: 'create' | 'edit'): FormSpec<CourseItem> {
  return {
    title,
    width: 760,
    submit: { path: mode === 'create' ? '/bks/v1/comCourse/add' : '/bks/v1/comCourse/update' },
    fields: formFields(kind),
    load: (row) => ({ ...row, work: row.workCode ? [{ workCode: row.workCode, workName: row.workName ?? row.workCode }] : [] }),
    body: ({ work, ...v }, row) => ({
      ...v,
      id: row?.id,
      kind: row?.kind ?? kind ?? v.kind,
      tagIds: v.tagIds ?? [],
      workCode: (work as PickedWork[] | undefined)?.[0]?.workCode,
    }),
  };
}

export interface CourseListProps {
  /** 只列某一种（图文、视频）；不给为全部 */
  kind?: CourseKind;
  /** 菜单资源：course / pictureCourse / videoCourse */
  resource: string;
  title: string;
}

export function CourseListScreen({ kind, resource, title }: CourseListProps) {
  const t = useT();
  const [editing, setEditing] = useState<CourseItem | null>(null);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [refresh, setRefresh] = useState(0);
  const kindName = kind === 'picture' ? '图文课程' : kind === 'video' ? '视频课程' : '课程';
  const has = (a: string) => (r: CourseItem) => r.actions.includes(a as never);

  // 1366 宽度下不出横向滚动：种类、编号与所属机构并进名称一格，学时、课件数、更新时间见预览与章节
  const ownerOf = (r: CourseItem) => r.orgName ?? t(r.cityName ? '{city}管理部门' : '省级管理部门', { city: r.cityName ?? '' });
  const columns: ListColumn<CourseItem>[] = [
    { title: '封面', dataIndex: 'cover', width: 88, render: (v: string | null) => <CoverThumb url={v} /> },
    {
      title: '课程名称',
      dataIndex: 'name',
      width: 340,
      render: (v: string, r) => (
        <div style={{ minWidth: 0 }}>
          <div>
            {v}
            {kind ? null : (
              <span style={{ marginLeft: 8 }}>
                <KindTag kind={r.kind} />
              </span>
            )}
          </div>
          <SubLine text={`${r.code} · ${ownerOf(r)}`} />
        </div>
      ),
    },
    { title: '课程类型', dataIndex: 'typeName', width: 100, translate: true },
    { title: '主讲教师', dataIndex: 'teacherName', width: 90 },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => <StatusTag status={s} /> },
  ];

  const rowActions: RowAction<CourseItem>[] = [
    { key: 'edit', label: '编辑', visible: has('edit'), form: courseForm(kind, t('修改{kind}', { kind: t(kindName) }), 'edit') },
    { key: 'chapters', label: '章节与课件', onClick: (r) => setEditing(r) },
    {
      key: 'submit',
      label: '提交审核',
      visible: has('submit'),
      confirm: (r, tr) => tr('确定提交课程「{name}」吗？提交后等待审核，不能修改。', { name: r.name }),
      call: { path: '/bks/v1/comCourse/submit', body: (r) => ({ id: r.id }), successMessage: '已提交，等待审核' },
    },
    { key: 'preview', label: '预览', onClick: (r) => openPreview(r.id) },
    {
      key: 'withdraw',
      label: '撤回提交',
      visible: has('withdraw'),
      confirm: '确定撤回审核申请吗？课程回到草稿。',
      call: { path: '/bks/v1/comCourse/withdraw', body: (r) => ({ id: r.id }), successMessage: '已撤回为草稿' },
    },
    {
      key: 'revise',
      label: '撤回修改',
      visible: has('revise'),
      confirm: '课程将回到草稿，修改后须重新提交审核。确定吗？',
      call: { path: '/bks/v1/comCourse/revise', body: (r) => ({ id: r.id }), successMessage: '已撤回为草稿' },
    },
    {
      key: 'onShelf',
      label: '上架',
      visible: has('onShelf'),
      confirm: (r, tr) => tr('确定上架课程「{name}」吗？', { name: r.name }),
      call: { path: '/bks/v1/comCourse/arraigned', body: (r) => ({ id: r.id, arraigned: true }), successMessage: '已上架' },
    },
    {
      key: 'offShelf',
      label: '下架',
      danger: true,
      visible: has('offShelf'),
      form: {
        title: '下架课程',
        submit: { path: '/bks/v1/comCourse/arraigned' },
        fields: [{ name: 'opinion', label: '下架原因', type: 'textarea' }],
        load: () => ({}),
        body: (v, r) => ({ id: r!.id, arraigned: false, opinion: v.opinion }),
        successMessage: '已下架',
      },
    },
    { key: 'history', label: '办理历史', onClick: (r) => setHistoryOf(r.id) },
    {
      key: 'delete',
      label: '删除',
      danger: true,
      visible: has('delete'),
      confirm: (r, tr) => tr('确定删除课程「{name}」吗？章节与课件一并删除。', { name: r.name }),
      call: { path: '/bks/v1/comCourse/del', body: (r) => ({ id: r.id }), successMessage: '已删除' },
    },
  ];

  const props: ListScreenProps<CourseItem> = {
    title,
    resource,
    rowKey: 'id',
    testId: 'course-list',
    refreshKey: refresh,
    list: { path: '/bks/v1/comCourse/by', params: kind ? { kind } : undefined },
    filters: [
      { name: 'name', label: '课程名称' },
      { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
      ...(kind ? [] : [{ name: 'kind', label: '课程种类', type: 'select' as const, options: KIND_OPTIONS }]),
      { name: 'typeId', label: '课程类型', type: 'custom', render: (p) => <CourseTypeSelect {...p} placeholder={t('全部类型')} /> },
      { name: 'classifyId', label: '分类', type: 'select', optionsFrom: CLASSIFY_OPTIONS },
      { name: 'tagId', label: '标签', type: 'select', optionsFrom: TAG_OPTIONS },
      { name: 'orgName', label: '所属机构' },
    ],
    columns,
    create: courseForm(kind, t('新建{kind}', { kind: t(kindName) }), 'create'),
    exporter: resource === 'course' ? { path: '/bks/v1/comCourse/export' } : undefined,
    rowActions,
    emptyText: t('暂无{kind}', { kind: t(kindName) }),
  };

  return (
    <>
      <ListScreen<CourseItem> {...props} />
      <CourseEditor course={editing} onClose={() => setEditing(null)} onChanged={() => setRefresh((n) => n + 1)} />
      <HistoryDialog courseId={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}

export const CourseList = () => <CourseListScreen resource="course" title="课程列表" />;
export const PictureCourseList = () => <CourseListScreen kind="picture" resource="pictureCourse" title="图文课程" />;
export const VideoCourseList = () => <CourseListScreen kind="video" resource="videoCourse" title="视频课程" />;

'use client';
// 课程类型（树形表格）：新增顶层或子类型、改名与调整上级、删除（有子类型或课程使用的由服务端拒绝并说明）。
import ListScreen from '@/components/list/ListScreen';
import type { FieldSpec, FormSpec } from '@/components/list/types';
import { zodRule } from '@/components/list/rules';
import type { CourseTypeNode } from '@/lib/domains/course/schemas';
import { CourseTypeSelect } from './shared';

const fields = (exclude?: number): FieldSpec[] => [
  { name: 'parentId', label: '上级类型', type: 'custom', help: '不选为顶层类型', render: (p) => <CourseTypeSelect {...p} exclude={exclude} placeholder="顶层类型" /> },
  { name: 'name', label: '类型名称', required: true, rules: [zodRule(() => import('@/lib/domains/course/schemas').then((m) => m.CourseTypeAddInput.shape.name))] },
  { name: 'sort', label: '排序', type: 'number', initialValue: 0, help: '同级按从小到大排列' },
  { name: 'remark', label: '备注', type: 'textarea' },
];

const body = (v: Record<string, unknown>, row?: CourseTypeNode) => ({ ...v, id: row?.id, parentId: v.parentId ?? null });

export default function CourseTypeList() {
  const create: FormSpec<CourseTypeNode> = { title: '新增课程类型', submit: { path: '/bks/v1/comCourseType/add' }, fields: fields(), body };
  return (
    <ListScreen<CourseTypeNode>
      title="课程类型"
      resource="courseType"
      rowKey="id"
      testId="course-type-list"
      list={{ path: '/bks/v1/comCourseType/by' }}
      filters={[{ name: 'name', label: '类型名称' }]}
      columns={[
        { title: '类型名称', dataIndex: 'name' },
        { title: '课程数', dataIndex: 'courseCount', width: 90, align: 'right' },
        { title: '排序', dataIndex: 'sort', width: 80, align: 'right' },
        { title: '备注', dataIndex: 'remark', ellipsis: true, render: (v: string | null) => v || '—' },
        { title: '创建时间', dataIndex: 'createTime', width: 170 },
      ]}
      pageSizeOptions={[50, 100]}
      create={create}
      rowActions={[
        {
          key: 'edit',
          label: '编辑',
          permission: 'courseType.edit',
          form: { title: '修改课程类型', submit: { path: '/bks/v1/comCourseType/update' }, fields: fields(), body },
        },
        {
          key: 'addChild',
          label: '新增子类型',
          permission: 'courseType.add',
          form: { ...create, title: '新增子类型', load: (row) => ({ parentId: row.id }), body: (v) => ({ ...v, parentId: v.parentId ?? null }) },
        },
      ]}
      remove={{
        call: { path: '/bks/v1/comCourseType/del', body: (row) => ({ id: row.id }) },
        confirm: (row, t) => t('确定删除课程类型「{name}」吗？', { name: row.name }),
      }}
      emptyText="暂无课程类型"
    />
  );
}

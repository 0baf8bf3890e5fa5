'use client';
// 标签管理与分类管理（同一个组件两处登记）：名称、排序、使用的课程数；被课程使用的由服务端拒绝删除并说明。
import ListScreen from '@/components/list/ListScreen';
import type { FieldSpec } from '@/components/list/types';
import { zodRule } from '@/components/list/rules';
import type { ClassifyItem } from '@/lib/domains/course/schemas';

interface Config {
  resource: 'tag' | 'classify';
  base: '/bks/v1/comTag' | '/bks/v1/comClassify';
  withRemark: boolean;
  text: { title: string; name: string; create: string; edit: string; empty: string };
}

function NameList({ resource, base, withRemark, text }: Config) {
  const fields: FieldSpec[] = [
    { name: 'name', label: text.name, required: true, rules: [zodRule(() => import('@/lib/domains/course/schemas').then((m) => (withRemark ? m.ClassifyAddInput : m.TagAddInput).shape.name))] },
    { name: 'sort', label: '排序', type: 'number', initialValue: 0, help: '按从小到大排列' },
    ...(withRemark ? [{ name: 'remark', label: '备注', type: 'textarea' as const }] : []),
  ];
  return (
    <ListScreen<ClassifyItem>
      title={text.title}
      resource={resource}
      rowKey="id"
      testId={`${resource}-list`}
      list={{ path: `${base}/by` }}
      filters={[{ name: 'name', label: text.name }]}
      columns={[
        { title: text.name, dataIndex: 'name' },
        { title: '使用的课程数', dataIndex: 'courseCount', width: 120, align: 'right' },
        { title: '排序', dataIndex: 'sort', width: 80, align: 'right' },
        ...(withRemark ? [{ title: '备注', dataIndex: 'remark', ellipsis: true, render: (v: string | null) => v || '—' }] : []),
        { title: '创建时间', dataIndex: 'createTime', width: 170 },
      ]}
      pageSizeOptions={[50, 100]}
      create={{ title: text.create, submit: { path: `${base}/add` }, fields }}
      edit={{ title: text.edit, submit: { path: `${base}/update` }, fields }}
      remove={{
        call: { path: `${base}/del`, body: (row) => ({ ids: [row.id] }) },
        batch: { path: `${base}/del`, body: (ids) => ({ ids }) },
        confirm: (row, t) => t('确定删除「{name}」吗？', { name: row.name }),
      }}
      emptyText={text.empty}
    />
  );
}

export const TagList = () => (
  <NameList resource="tag" base="/bks/v1/comTag" withRemark={false} text={{ title: '标签管理', name: '标签名称', create: '新增标签', edit: '修改标签', empty: '暂无标签' }} />
);
export const ClassifyList = () => (
  <NameList resource="classify" base="/bks/v1/comClassify" withRemark text={{ title: '分类管理', name: '分类名称', create: '新增分类', edit: '修改分类', empty: '暂无分类' }} />
);

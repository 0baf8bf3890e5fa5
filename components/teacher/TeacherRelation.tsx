'use client';
// 师资关系管理（TeacherRelation）：教师与上班单位（一名教师可在几个单位上班，createUserCode）。
// 登记：凭身份证号与真实姓名把一名审核通过的教师加到本单位（管理员另选本辖区的单位）；解除：按行里的 actions。
import ListScreen from '@/components/list/ListScreen';
import { zodRule } from '@/components/list/rules';
import { Tag } from 'antd';
import { Tx } from '@/lib/i18n/client';
import { useShell } from '@/components/shell/ShellContext';
import type { OptionsSource } from '@/components/list/types';

interface RelationRow {
  id: number;
  teacherId: number;
  realName: string;
  cardNo: string;
  auditStatusName: string;
  orgName: string;
  ownerName: string;
  own: boolean;
  createTime: string;
  actions: string[];
}

export default function TeacherRelation() {
  const admin = useShell().data.user.level !== 'org';
  return (
    <ListScreen<RelationRow>
      title="师资关系管理"
      resource="teacherRelation"
      rowKey="id"
      testId="teacher-relation-list"
      list={{ path: '/teacher/relation/list', method: 'GET' }}
      filters={[
        { name: 'realName', label: '教师姓名' },
        { name: 'orgName', label: '上班单位' },
      ]}
      columns={[
        { title: '教师姓名', dataIndex: 'realName', width: 110 },
        { title: '身份证号', dataIndex: 'cardNo', width: 170 },
        { title: '上班单位', dataIndex: 'orgName', width: 240, render: (v: string, r) => (r.own ? <span>{v} <Tag color="blue"><Tx text="所属机构" /></Tag></span> : v) },
        { title: '所属机构', dataIndex: 'ownerName', width: 220 },
        { title: '审核状态', dataIndex: 'auditStatusName', width: 100, render: (v: string) => <Tx text={v} /> },
        { title: '登记时间', dataIndex: 'createTime', width: 160 },
      ]}
      create={{
        title: '登记上班教师',
        submit: { path: '/teacher/relation/add' },
        fields: [
          { name: 'cardNo', label: '身份证号', required: true, rules: [zodRule(() => import('@/lib/domains/teacher/schemas').then((m) => m.RelationAddInput.shape.cardNo))] },
          { name: 'realName', label: '真实姓名', required: true },
          ...(admin ? [{ name: 'orgCode', label: '上班单位', type: 'select' as const, required: true, optionsFrom: { path: '/teacher/units', method: 'GET', labelKey: 'name', valueKey: 'code' } satisfies OptionsSource }] : []),
        ],
        successMessage: '登记成功',
      }}
      rowActions={[
        {
          key: 'remove',
          label: '解除',
          danger: true,
          visible: (r) => r.actions.includes('remove'),
          confirm: (r, t) => t('确定解除「{name}」在「{org}」的上班关系吗？', { name: r.realName, org: r.orgName }),
          call: { path: '/teacher/relation/remove', body: (r) => ({ id: r.id }), successMessage: '已解除' },
        },
      ]}
      emptyText="暂无上班关系"
    />
  );
}

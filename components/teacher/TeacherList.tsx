'use client';
// 师资库（TeacherList）：范围内的教师；登记与修改用 TeacherForm（同一份 zod），查看详情与证书，操作记录，导出，批量删除。
// 按钮按行里服务端算出的 actions 显示。
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Avatar } from 'antd';
import CreateButton from '@/components/list/CreateButton';
import ListScreen from '@/components/list/ListScreen';
import { thumbUrl } from '@/components/upload/transport';
import { useCan } from '@/components/shell/ShellContext';
import { Tx, useT } from '@/lib/i18n/client';
import type { TeacherItem } from '@/lib/domains/teacher/schemas';
import { useUnmaskList } from '@/components/privacy/useUnmaskList';
import { AUDIT_OPTIONS, AuditTag, TeacherDetailDialog, TeacherHistoryDialog, TEACHER_TYPE_OPTIONS, USER_TYPE_OPTIONS } from './shared';
import type { ApiCall } from '@/components/list/types';

// 登记与修改的弹窗（连同 zod 与教师模式）第一次打开时才下载
const TeacherForm = dynamic(() => import('./TeacherForm'), { ssr: false });

export const TEACHER_FILTERS = [
  { name: 'realName', label: '真实姓名' },
  { name: 'cardNo', label: '身份证号', placeholder: '请输入完整身份证号' },
  { name: 'userType', label: '教师类型', type: 'select' as const, options: USER_TYPE_OPTIONS },
  { name: 'teacherType', label: '师资类型', type: 'select' as const, options: TEACHER_TYPE_OPTIONS },
  { name: 'auditStatus', label: '审核状态', type: 'select' as const, options: AUDIT_OPTIONS },
  { name: 'orgName', label: '所属机构' },
];

export const teacherColumns = [
  {
    title: '教师',
    dataIndex: 'realName',
    width: 150,
    render: (_v: unknown, r: TeacherItem) => (
      <span>
        {/* 照片在姓名旁，只作装饰：替代文字为空（读屏读姓名即可） */}
        <Avatar size={28} src={r.teacherTmg ? thumbUrl(r.teacherTmg) : undefined} alt="" style={{ marginRight: 8 }} />
        {r.realName}
      </span>
    ),
  },
  { title: '审核状态', dataIndex: 'auditStatus', width: 100, render: (_v: unknown, r: TeacherItem) => <AuditTag status={r.auditStatus} name={r.auditStatusName} /> },
  { title: '教师类型', dataIndex: 'userTypeName', width: 150, ellipsis: true, render: (v: string) => <Tx text={v} /> },
  { title: '师资类型', dataIndex: 'teacherTypeName', width: 150, ellipsis: true, render: (v: string) => <Tx text={v} /> },
  { title: '手机号', dataIndex: 'userPhone', width: 120 },
  { title: '所属机构', dataIndex: 'orgName', width: 220 },
  { title: '所在市', dataIndex: 'cityName', width: 90 },
];

export default function TeacherList() {
  const t = useT();
  const can = useCan();
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [viewing, setViewing] = useState<{ id: number; tab: 'info' | 'certificates' } | null>(null);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [refresh, setRefresh] = useState(0);
  const exporter: ApiCall = { path: '/teacher/export' };
  const unmask = useUnmaskList<TeacherItem>('/teacher/list', '师资库', { method: 'GET', exporter });
  return (
    <>
      <ListScreen<TeacherItem>
        title="师资库"
        resource="teacher"
        rowKey="id"
        testId="teacher-list"
        refreshKey={refresh}
        list={unmask.list}
        filters={TEACHER_FILTERS}
        columns={teacherColumns}
        toolbarExtra={(helpers) => (
          <>
            {unmask.toolbarExtra(helpers)}
            {can('teacher.add') && (
              <CreateButton label={t('登记教师')} onClick={() => setEditing({ id: null })} testId="teacher-create" />
            )}
          </>
        )}
        exporter={exporter}
        remove={{ batch: { path: '/teacher/batch/remove', body: (ids) => ({ ids }) } }}
        rowActions={[
          { key: 'view', label: '查看', permission: 'teacher.get', onClick: (r) => setViewing({ id: r.id, tab: 'info' }) },
          { key: 'certificates', label: '证书', permission: 'teacher.get', onClick: (r) => setViewing({ id: r.id, tab: 'certificates' }) },
          { key: 'edit', label: '编辑', visible: (r) => r.actions.includes('edit'), onClick: (r) => setEditing({ id: r.id }) },
          { key: 'history', label: '操作记录', permission: 'teacher.get', onClick: (r) => setHistoryOf(r.id) },
          {
            key: 'resubmit',
            label: '重新提交',
            visible: (r) => r.actions.includes('resubmit'),
            confirm: (r, tt) => tt('确定将教师「{name}」重新提交审核吗？', { name: r.realName }),
            call: { path: '/teacher/resubmit', body: (r) => ({ id: r.id }), successMessage: '已重新提交审核' },
          },
          {
            key: 'delete',
            label: '删除',
            danger: true,
            visible: (r) => r.actions.includes('delete'),
            confirm: (r, tt) => tt('确定删除教师「{name}」吗？', { name: r.realName }),
            call: { path: '/teacher/batch/remove', body: (r) => ({ ids: [r.id] }), successMessage: '删除成功' },
          },
        ]}
        emptyText="暂无教师，可登记教师"
      />
      {editing && (
        <TeacherForm
          id={editing.id}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setRefresh((n) => n + 1);
          }}
        />
      )}
      <TeacherDetailDialog id={viewing?.id ?? null} initialTab={viewing?.tab} onClose={() => setViewing(null)} />
      <TeacherHistoryDialog id={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}

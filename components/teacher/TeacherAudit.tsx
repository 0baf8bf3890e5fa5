'use client';
// 师资审核（TeacherAudit）：范围内的教师，默认只列待审核的；审核、撤销通过、推送到求实平台、详情与操作记录。
// 按钮按行里服务端算出的 actions 显示。
import { useState } from 'react';
import { App } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import { apiGet } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import type { TeacherItem } from '@/lib/domains/teacher/schemas';
import { useUnmaskList } from '@/components/privacy/useUnmaskList';
import TeacherAuditDialog, { type TeacherAuditDialogProps } from './TeacherAuditDialog';
import { TeacherDetailDialog, TeacherHistoryDialog } from './shared';
import { TEACHER_FILTERS, teacherColumns } from './TeacherList';

export default function TeacherAudit() {
  const t = useT();
  const { message } = App.useApp();
  const [targets, setTargets] = useState<TeacherAuditDialogProps['targets']>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [refresh, setRefresh] = useState(0);
  const unmask = useUnmaskList<TeacherItem>('/teacher/audit/list', '师资审核列表', { method: 'GET' });
  const push = async (r: TeacherItem) => {
    try {
      // 没有当场送达（求实平台未配置、暂时不通）时服务端说明：已记下，外发队列稍后送出
      const res = await apiGet('/teacher/postTeacherDataToQiuShi', { id: r.id });
      void message.success(t(res?.deliveryNotice ?? '已推送到求实平台'));
      setRefresh((n) => n + 1);
    } catch {
      // 已提示
    }
  };
  return (
    <>
      <ListScreen<TeacherItem>
        title="师资审核"
        resource="teacherAudit"
        rowKey="id"
        testId="teacher-audit-list"
        refreshKey={refresh}
        list={unmask.list}
        filters={TEACHER_FILTERS}
        columns={teacherColumns}
        toolbarExtra={unmask.toolbarExtra}
        rowActions={[
          {
            key: 'audit',
            label: '审核',
            visible: (r) => r.actions.includes('approve') || r.actions.includes('reject'),
            onClick: (r) => setTargets({ ids: [r.id], title: t('审核教师：{name}', { name: r.realName }), canApprove: true }),
          },
          {
            key: 'revoke',
            label: '撤销通过',
            danger: true,
            visible: (r) => r.actions.includes('revoke'),
            onClick: (r) => setTargets({ ids: [r.id], title: t('撤销通过：{name}', { name: r.realName }), canApprove: false }),
          },
          { key: 'view', label: '查看', onClick: (r) => setViewing(r.id) },
          { key: 'push', label: '推送', visible: (r) => r.actions.includes('push'), onClick: (r) => void push(r) },
          { key: 'history', label: '操作记录', onClick: (r) => setHistoryOf(r.id) },
        ]}
        emptyText="暂无待审核的教师"
      />
      <TeacherAuditDialog targets={targets} onClose={() => setTargets(null)} onDone={() => setRefresh((n) => n + 1)} />
      <TeacherDetailDialog id={viewing} onClose={() => setViewing(null)} />
      <TeacherHistoryDialog id={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}

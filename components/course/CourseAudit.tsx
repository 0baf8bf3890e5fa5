'use client';
// 课程审核：范围内提交过的课程（默认只看待审核的）；审核弹窗（课程概要、预览、通过或驳回 + 意见）、办理历史、下架。
// “审核”只在当前用户此刻能办理的行上显示（行上的 actions 含 approve），机构自己的课程不会出现可审核的按钮。
import { useState } from 'react';
import ListScreen from '@/components/list/ListScreen';
import { Tx } from '@/lib/i18n/client';
import type { CourseKind } from '@/lib/domains/course/transitions';
import type { CourseItem } from '@/lib/domains/course/schemas';
import { AuditDialog, HistoryDialog, KIND_OPTIONS, KindTag, openPreview, StatusTag } from './shared';

export default function CourseAudit() {
  const [auditing, setAuditing] = useState<CourseItem | null>(null);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [refresh, setRefresh] = useState(0);
  return (
    <>
      <ListScreen<CourseItem>
        title="课程审核"
        resource="courseAudit"
        rowKey="id"
        testId="course-audit-list"
        refreshKey={refresh}
        list={{ path: '/bks/v1/comCourse/auditList' }}
        filters={[
          { name: 'pendingOnly', label: '范围', type: 'select', options: [{ value: 'true', label: '待审核' }, { value: 'false', label: '全部' }], initialValue: 'true' },
          { name: 'name', label: '课程名称' },
          { name: 'kind', label: '课程种类', type: 'select', options: KIND_OPTIONS },
          { name: 'orgName', label: '所属机构' },
        ]}
        columns={[
          { title: '课程编号', dataIndex: 'code', width: 140 },
          { title: '课程名称', dataIndex: 'name' },
          { title: '种类', dataIndex: 'kind', width: 96, render: (k: CourseKind) => <KindTag kind={k} /> },
          { title: '所属机构', dataIndex: 'orgName', render: (v: string | null) => v ?? <Tx text="管理部门" /> },
          { title: '章节/课件', dataIndex: 'coursewareCount', width: 96, render: (n: number, r) => `${r.chapterCount} / ${n}` },
          { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => <StatusTag status={s} /> },
          { title: '审核意见', dataIndex: 'lastOpinion', ellipsis: true, render: (v: string | null) => v || '—' },
          { title: '提交时间', dataIndex: 'submitTime', width: 170 },
        ]}
        rowActions={[
          { key: 'audit', label: '审核', permission: 'courseAudit.edit', visible: (r) => r.actions.includes('approve'), onClick: (r) => setAuditing(r) },
          { key: 'preview', label: '预览', onClick: (r) => openPreview(r.id) },
          { key: 'history', label: '办理历史', onClick: (r) => setHistoryOf(r.id) },
          {
            key: 'offShelf',
            label: '下架',
            danger: true,
            permission: 'courseAudit.edit',
            visible: (r) => r.actions.includes('offShelf'),
            form: {
              title: '下架课程',
              submit: { path: '/bks/v1/comCourse/arraigned' },
              fields: [{ name: 'opinion', label: '下架原因', type: 'textarea', required: true }],
              load: () => ({}),
              body: (v, r) => ({ id: r!.id, arraigned: false, opinion: v.opinion }),
              successMessage: '已下架',
            },
          },
        ]}
        emptyText="暂无待审核的课程"
      />
      <AuditDialog course={auditing} onClose={() => setAuditing(null)} onDone={() => setRefresh((n) => n + 1)} />
      <HistoryDialog courseId={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}

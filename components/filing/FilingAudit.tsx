'use client';
// 备案审核：范围内的备案（默认只看待我审核的），审核弹窗（通过/驳回 + 意见），办理历史。
// “审核”只在当前用户此刻能办理的行上显示（市级：待初审、作废待审核；省级：待复审、作废成功），由列表接口逐行给出。
import { useState } from 'react';
import ListScreen from '@/components/list/ListScreen';
import { Tx, useT } from '@/lib/i18n/client';
import type { FilingAuditItem } from '@/lib/domains/filing/schemas';
import { FILING_KINDS } from '@/lib/domains/filing/transitions';
import { HistoryDialog, ReviewDialog, STATUS_OPTIONS, StatusCell } from './shared';

interface Target {
  id: number;
  incrementId?: number | null;
  title: string;
}

export default function FilingAudit() {
  const t = useT();
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [target, setTarget] = useState<Target | null>(null);
  const [refresh, setRefresh] = useState(0);
  return (
    <>
      <ListScreen<FilingAuditItem>
        title="备案审核"
        resource="filingAudit"
        rowKey="id"
        testId="filing-audit-list"
        refreshKey={refresh}
        list={{ path: '/filInfoAudit/list' }}
        filters={[
          { name: 'pendingOnly', label: '范围', type: 'select', options: [{ value: 'true', label: '待我审核' }, { value: 'false', label: '全部' }], initialValue: 'true' },
          { name: 'kind', label: '备案类别', type: 'select', options: FILING_KINDS.map((label, value) => ({ label, value })) },
          { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
          { name: 'orgName', label: '机构名称' },
        ]}
        columns={[
          { title: '备案编号', dataIndex: 'code', width: 170 },
          { title: '机构名称', dataIndex: 'orgName' },
          { title: '备案类别', dataIndex: 'kindName', width: 120, render: (v: string) => <Tx text={v} /> },
          { title: '所在市', dataIndex: 'cityName', width: 100 },
          { title: '状态', dataIndex: 'status', width: 160, render: (s: number, r) => <StatusCell status={s} incrementStatus={r.incrementStatus} /> },
          { title: '提交时间', dataIndex: 'submitTime', width: 170 },
        ]}
        exporter={{ path: '/filling/exportNotFilling', method: 'GET' }}
        rowActions={[
          {
            key: 'review',
            label: '审核',
            permission: 'filingAudit.edit',
            visible: (r) => r.reviewable,
            onClick: (r) => setTarget({ id: r.id, title: t('{org} {kind}备案', { org: r.orgName, kind: t(r.kindName) }) }),
          },
          {
            key: 'reviewIncrement',
            label: '审核增量',
            permission: 'filingAudit.edit',
            visible: (r) => r.incrementReviewable,
            onClick: async (r) => {
              const { apiPost } = await import('@/components/api-client');
              const d = await apiPost('/fil/info/filInfoView', { id: r.id });
              if (d.increment) setTarget({ id: r.id, incrementId: d.increment.id, title: t('{org} 增量备案', { org: r.orgName }) });
            },
          },
          { key: 'history', label: '办理历史', onClick: (r) => setHistoryOf(r.id) },
        ]}
        emptyText="暂无待审核的备案"
      />
      <ReviewDialog target={target} onClose={() => setTarget(null)} onDone={() => setRefresh((n) => n + 1)} />
      <HistoryDialog filingId={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}

'use client';
// 系统管理 › 运维监控 › 个人信息访问日志（DataAccessLog）：谁在何时查看或导出了哪条记录的完整个人信息、涉及几人、理由。只读。
import ListScreen from '@/components/list/ListScreen';
import TwoLineCell from '@/components/list/TwoLineCell';
import type { ListScreenProps } from '@/components/list/types';
import { ACCESS_ACTION_LABEL } from '@/lib/domains/privacy/constants';
import type { AccessLogItem } from '@/lib/domains/privacy/schemas';

const ACTION_OPTIONS = Object.entries(ACCESS_ACTION_LABEL).map(([value, label]) => ({ value, label }));

export default function DataAccessLog() {
  const props: ListScreenProps<AccessLogItem> = {
    title: '个人信息访问日志',
    resource: 'dataAccessLog',
    rowKey: 'id',
    testId: 'data-access-log',
    list: { path: '/sys/dataAccessLog/list' },
    filters: [
      { name: 'account', label: '账号' },
      { name: 'action', label: '方式', type: 'select', options: ACTION_OPTIONS },
      { name: 'entity', label: '记录类型' },
      { name: 'entityId', label: '记录 id', type: 'number' },
    ],
    columns: [
      { title: '时间', dataIndex: 'createTime', width: 170 },
      { title: '查看人', dataIndex: 'account', width: 140, render: (_v, r) => <TwoLineCell main={r.userName ?? r.account} sub={`${r.account}${r.ip ? ` · ${r.ip}` : ''}`} /> },
      { title: '方式', dataIndex: 'actionName', width: 70 },
      { title: '记录', dataIndex: 'detail', width: 260, render: (_v, r) => <TwoLineCell main={r.detail} sub={`${r.entity} #${r.entityId} · ${r.resource}`} /> },
      { title: '人数', dataIndex: 'recordCount', width: 70 },
      { title: '理由', dataIndex: 'reasonName', width: 200, render: (_v, r) => <TwoLineCell main={r.reasonName} sub={r.reasonNote ?? undefined} /> },
    ],
    emptyText: '暂无访问记录',
  };
  return <ListScreen<AccessLogItem> {...props} />;
}

'use client';
// 督导任务：有督导员的场次（督导员只看本人担任督导的），可填写督导意见、评价机构、记录考试异常、上传报送材料；
// 另一页是报送全国网的材料（提交后锁定）。按钮按每行服务端给出的 actions 显示。
import { Card, Tabs, Tag, Typography } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import type { ListColumn } from '@/components/list/types';
import { Tx, useT } from '@/lib/i18n/client';
import type { NetworkFileItem, TaskItem } from '@/lib/domains/supervision/schemas';
import { NETWORK_FILE_FIELDS, OPINION_FIELDS, ORG_OPINION_FIELDS, abnormalFields } from './fields';

const PHASES = [
  { label: '未开始', value: 'upcoming' },
  { label: '进行中', value: 'ongoing' },
  { label: '已结束', value: 'finished' },
];
const PHASE_COLOR: Record<string, string> = { upcoming: 'blue', ongoing: 'orange', finished: 'default' };

function Tasks() {
  const columns: ListColumn<TaskItem>[] = [
    { title: '计划编号', dataIndex: 'planCode' },
    { title: '计划名称', dataIndex: 'planName' },
    { title: '评价机构', dataIndex: 'orgName' },
    { title: '场次', dataIndex: 'sessionName' },
    { title: '时间', dataIndex: 'timeText' },
    {
      title: '进度',
      dataIndex: 'phaseName',
      render: (v: string, r) => (
        <Tag color={PHASE_COLOR[r.phase]}>
          <Tx text={v} />
        </Tag>
      ),
    },
    { title: '考生', dataIndex: 'examinees', render: (v: number, r) => <span title={r.rooms}>{v}</span> },
    { title: '督导员', dataIndex: 'supervisors' },
    { title: '意见/异常', dataIndex: 'opinions', render: (v: number, r) => `${v} / ${r.abnormals}` },
  ];
  return (
    <ListScreen<TaskItem>
      title="督导任务"
      resource="supervision"
      rowKey="id"
      list={{ path: '/perSuper/listSuperTask' }}
      filters={[
        { name: 'keyword', label: '计划名称或编号' },
        { name: 'phase', label: '进度', type: 'select', options: PHASES },
      ]}
      columns={columns}
      emptyText="暂无督导任务（督导员在考点管理中被分派到场次后出现）"
      rowActions={[
        {
          key: 'opinion',
          label: '督导意见',
          permission: 'supervisorOpinion.add',
          visible: (r) => r.actions.includes('opinion'),
          form: { title: '填写督导意见', fields: OPINION_FIELDS, submit: { path: '/exaSupervisorOpinion/add' }, body: (v, r) => ({ ...v, planId: r!.planId, sessionId: r!.id }), load: () => ({}) },
        },
        {
          key: 'abnormal',
          label: '记录异常',
          permission: 'abnormalRecord.add',
          visible: (r) => r.actions.includes('abnormal'),
          form: { title: '记录考试异常', fields: abnormalFields(), submit: { path: '/exaExamAbnormalRecord/add' }, body: (v, r) => ({ ...v, sessionId: r!.id }), load: () => ({}) },
        },
        {
          key: 'orgOpinion',
          label: '评价机构',
          permission: 'supervisorOpinion.add',
          visible: (r) => r.actions.includes('orgOpinion'),
          form: { title: '填写对评价机构的评价', fields: ORG_OPINION_FIELDS, submit: { path: '/exaSupervisorOpinionOrg/add' }, body: (v, r) => ({ ...v, planId: r!.planId }), load: () => ({}) },
        },
        {
          key: 'networkFile',
          label: '报送材料',
          permission: 'supervision.add',
          visible: (r) => r.actions.includes('networkFile'),
          form: { title: '上传报送全国网的材料', fields: NETWORK_FILE_FIELDS, submit: { path: '/exaChinaNetworkFile/add' }, body: (v, r) => ({ ...v, planId: r!.planId }), load: () => ({}) },
        },
      ]}
      testId="supervision-task-list"
    />
  );
}

function NetworkFiles() {
  const columns: ListColumn<NetworkFileItem>[] = [
    { title: '计划编号', dataIndex: 'planCode' },
    { title: '计划名称', dataIndex: 'planName' },
    {
      title: '材料名称',
      dataIndex: 'name',
      render: (v: string, r) => (
        <a href={r.url} target="_blank" rel="noreferrer" title={v}>
          {v}
        </a>
      ),
    },
    { title: '类别', dataIndex: 'fileTypeName', render: (v: string) => <Tx text={v} /> },
    {
      title: '状态',
      dataIndex: 'statusName',
      render: (v: string, r) => (
        <Tag color={r.statusColor}>
          <Tx text={v} />
        </Tag>
      ),
    },
    { title: '上传人', dataIndex: 'createdByName' },
    { title: '上传时间', dataIndex: 'createTime' },
    { title: '提交时间', dataIndex: 'committedAt', render: (v: string | null) => v ?? '—' },
  ];
  return (
    <ListScreen<NetworkFileItem>
      title="报送全国网的材料"
      resource="supervision"
      rowKey="id"
      list={{ path: '/exaChinaNetworkFile/by' }}
      filters={[
        {
          name: 'status',
          label: '状态',
          type: 'select',
          options: [
            { label: '未提交', value: 0 },
            { label: '已提交', value: 1 },
          ],
        },
      ]}
      columns={columns}
      emptyText="暂无报送材料（在督导任务中上传）"
      rowActions={[
        {
          key: 'commit',
          label: '提交本计划的材料',
          permission: 'supervision.edit',
          visible: (r) => r.actions.includes('commit'),
          confirm: (r, tt) => tt('确定提交计划「{plan}」全部未提交的材料吗？提交后不能删除。', { plan: r.planName }),
          call: { path: '/exaChinaNetworkFile/byCommit', body: (r) => ({ planId: r.planId }), successMessage: '提交成功' },
        },
        {
          key: 'deleteFile',
          label: '删除',
          danger: true,
          permission: 'supervision.delete',
          visible: (r) => r.actions.includes('delete'),
          confirm: (r, tt) => tt('确定删除材料「{name}」吗？', { name: r.name }),
          call: { path: '/exaChinaNetworkFile/del', body: (r) => ({ ids: [r.id] }), successMessage: '删除成功' },
        },
      ]}
      testId="network-file-list"
    />
  );
}

export default function SupervisionTask() {
  const t = useT();
  return (
    <Card variant="borderless" title={t('督导任务')} data-testid="supervision-screen">
      <Typography.Paragraph type="secondary">{t('督导记录（意见、评价、异常、报送材料）在计划处于“考务安排”或“成绩管理”步骤时填写。')}</Typography.Paragraph>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'tasks', label: t('督导任务'), children: <Tasks /> },
          { key: 'files', label: t('报送材料'), children: <NetworkFiles /> },
        ]}
      />
    </Card>
  );
}

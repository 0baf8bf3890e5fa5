'use client';
// 督导意见：督导员对场次（或整个计划）的意见，与对评价机构组织考试的评价。督导员只看分派给自己的计划；
// 意见与评价在“督导任务”中填写。
import { Card, Tabs, Tag } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import type { ListColumn } from '@/components/list/types';
import { Tx, useT } from '@/lib/i18n/client';
import type { OpinionItem, OrgOpinionItem } from '@/lib/domains/supervision/schemas';
import { CONCLUSIONS } from './fields';

const CONCLUSION_COLOR: Record<number, string> = { 1: 'green', 2: 'gold', 3: 'red' };
const RATING_COLOR: Record<number, string> = { 1: 'green', 2: 'blue', 3: 'red' };

function Opinions() {
  const columns: ListColumn<OpinionItem>[] = [
    { title: '计划编号', dataIndex: 'planCode' },
    { title: '计划名称', dataIndex: 'planName' },
    { title: '评价机构', dataIndex: 'orgName' },
    { title: '场次', dataIndex: 'sessionName', render: (v: string | null) => v ?? <Tx text="整个计划" /> },
    {
      title: '结论',
      dataIndex: 'conclusionName',
      render: (v: string, r) => (
        <Tag color={CONCLUSION_COLOR[r.conclusion]}>
          <Tx text={v} />
        </Tag>
      ),
    },
    { title: '督导意见', dataIndex: 'content' },
    { title: '佐证材料', dataIndex: 'files', render: (v: string[]) => v.length },
    { title: '督导员', dataIndex: 'authorName' },
    { title: '填写时间', dataIndex: 'createTime' },
  ];
  return (
    <ListScreen<OpinionItem>
      title="督导意见"
      resource="supervisorOpinion"
      rowKey="id"
      list={{ path: '/exaSupervisorOpinion/byCode' }}
      filters={[
        { name: 'planCode', label: '计划编号' },
        { name: 'conclusion', label: '结论', type: 'select', options: CONCLUSIONS },
      ]}
      columns={columns}
      detail={{
        title: '督导意见',
        fields: [
          { name: 'planName', label: '考试计划' },
          { name: 'sessionName', label: '场次' },
          { name: 'conclusionName', label: '结论' },
          { name: 'content', label: '督导意见' },
          { name: 'files', label: '佐证材料', type: 'file' },
          { name: 'authorName', label: '督导员' },
          { name: 'createTime', label: '填写时间' },
        ],
      }}
      emptyText="暂无督导意见（在“督导任务”中填写）"
      testId="opinion-list"
    />
  );
}

function OrgOpinions() {
  const columns: ListColumn<OrgOpinionItem>[] = [
    { title: '计划编号', dataIndex: 'planCode' },
    { title: '计划名称', dataIndex: 'planName' },
    { title: '评价机构', dataIndex: 'orgName' },
    {
      title: '评价',
      dataIndex: 'ratingName',
      render: (v: string, r) => (
        <Tag color={RATING_COLOR[r.rating]}>
          <Tx text={v} />
        </Tag>
      ),
    },
    { title: '评价意见', dataIndex: 'content' },
    { title: '整改建议', dataIndex: 'suggestion', render: (v: string | null) => v ?? '—' },
    { title: '督导员', dataIndex: 'authorName' },
    { title: '更新时间', dataIndex: 'updateTime' },
  ];
  return (
    <ListScreen<OrgOpinionItem>
      title="对评价机构的评价"
      resource="supervisorOpinion"
      rowKey="id"
      list={{ path: '/exaSupervisorOpinionOrg/by' }}
      filters={[{ name: 'planCode', label: '计划编号' }]}
      columns={columns}
      emptyText="暂无评价（在“督导任务”中填写）"
      testId="org-opinion-list"
    />
  );
}

export default function SupervisorOpinion() {
  const t = useT();
  return (
    <Card variant="borderless" title={t('督导意见')} data-testid="supervisor-opinion-screen">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'opinions', label: t('督导意见'), children: <Opinions /> },
          { key: 'org', label: t('对评价机构的评价'), children: <OrgOpinions /> },
        ]}
      />
    </Card>
  );
}

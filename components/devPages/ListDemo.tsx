'use client';
// test1：列表界面组件（components/list/ListScreen）配上页面里的演示数据：筛选、分页、状态列、行内操作与确认框、空状态。
import { useState } from 'react';
import { App, Card, Col, Row } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import type { ListColumn } from '@/components/list/types';
import { CLASS_STATUS_OPTIONS, ClassStatusTag, DateSpan, LEVEL_OPTIONS } from '@/components/trainClass/shared';
import DevPageFrame from './DevPageFrame';
import { loadDemoClasses, type DemoClass } from './demo-data';

/** 列表的资源名：演示页没有会话，带权限的按钮都不显示；不带权限的行内操作照常显示 */
const DEMO_RESOURCE = 'devDemo';

const columns: ListColumn<DemoClass>[] = [
  { title: '班级编号', dataIndex: 'code' },
  { title: '班级名称', dataIndex: 'name' },
  { title: '培训机构', dataIndex: 'orgName' },
  { title: '工种', dataIndex: 'workName' },
  { title: '等级', dataIndex: 'level', options: LEVEL_OPTIONS },
  { title: '培训日期', dataIndex: 'startDate', render: (_v, r) => <DateSpan from={r.startDate} to={r.endDate} /> },
  { title: '学员', dataIndex: 'studentCount', width: 70 },
  { title: '状态', dataIndex: 'status', width: 110, render: (_v, r) => <ClassStatusTag status={r.status} name={r.statusName} /> },
];

const emptyPage = async () => ({ list: [] as DemoClass[], total: 0 });

export default function ListDemo() {
  const { message } = App.useApp();
  const [picked, setPicked] = useState<string | null>(null);
  return (
    <DevPageFrame title="列表界面" testId="dev-page-test1">
      <ListScreen<DemoClass>
        title="培训班（演示数据）"
        resource={DEMO_RESOURCE}
        rowKey="id"
        list={{ path: 'demo:classes', load: loadDemoClasses }}
        filters={[
          { name: 'keyword', label: '名称或编号' },
          { name: 'status', label: '状态', type: 'select', options: CLASS_STATUS_OPTIONS },
        ]}
        columns={columns}
        rowActions={[
          { key: 'pick', label: '选中', onClick: (r) => setPicked(r.name) },
          {
            key: 'discard',
            label: '作废',
            danger: true,
            confirm: (r, tt) => tt('确定作废班级「{name}」吗？', { name: r.name }),
            onClick: (r) => void message.info(`演示：不写数据库，「${r.name}」保持不变`),
          },
        ]}
        toolbarExtra={() => <span data-testid="dev-picked">{picked ? `已选中：${picked}` : '点行内“选中”试试'}</span>}
        testId="dev-list"
      />
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col span={24}>
          <Card size="small" title="同一组件的空状态">
            <ListScreen<DemoClass> title="没有数据时" resource={DEMO_RESOURCE} rowKey="id" list={{ path: 'demo:empty', load: emptyPage }} columns={columns.slice(0, 4)} emptyText="暂无培训班（演示的空数据）" testId="dev-list-empty" />
          </Card>
        </Col>
      </Row>
    </DevPageFrame>
  );
}

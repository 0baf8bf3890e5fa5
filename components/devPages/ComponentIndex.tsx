'use client';
// myComponents：本项目共用组件的索引，链到三个演示页。
import Link from 'next/link';
import { Card, Col, Row, Typography } from 'antd';
import DevPageFrame from './DevPageFrame';

interface Entry {
  name: string;
  path: string;
  use: string;
  demo: string;
}

const ENTRIES: Entry[] = [
  { name: 'ListScreen', path: 'components/list/ListScreen.tsx', use: '配置式列表界面：筛选、分页、勾选、新增/编辑弹窗、删除与批量操作前确认、行内操作、导入导出、详情、空状态', demo: '/test/xys/test1' },
  { name: 'FilterBar', path: 'components/list/FilterBar.tsx', use: '列表的筛选栏（查询、重置）', demo: '/test/xys/test1' },
  { name: 'TwoLineCell', path: 'components/list/TwoLineCell.tsx', use: '两行的单元格（主文字与次要信息）', demo: '/test/xys/test1' },
  { name: 'FormDialog', path: 'components/list/FormDialog.tsx', use: '由 FormSpec 生成的表单弹窗；服务端的字段错误显示在对应项下', demo: '/test2' },
  { name: 'FieldInput', path: 'components/list/FieldInput.tsx', use: 'FieldSpec 各类型的输入控件（表单与筛选共用）', demo: '/test2' },
  { name: 'zodRule / rulesOf', path: 'components/list/rules.ts', use: '前端校验沿用服务端的 zod；必填按类型提示', demo: '/test2' },
  { name: 'Uploader', path: 'components/upload/Uploader.tsx', use: '上传字段：进度条、拖放、图片预览（表单的 image/file 类型）', demo: '/test2' },
  { name: 'ClassStatusTag / StatusTag', path: 'components/trainClass/shared.tsx、components/filing/shared.tsx', use: '状态标签：颜色与文字取自领域的状态表', demo: '/test3' },
  { name: 'HistoryTimeline / HistoryDialog', path: 'components/list/HistoryDialog.tsx', use: '办理历史的时间线（谁、何时、状态变化、意见）', demo: '/test3' },
  { name: 'ReviewDialog', path: 'components/list/ReviewDialog.tsx', use: '审核弹窗：通过/驳回，驳回须填意见', demo: '/test3' },
  { name: 'ErrorResult', path: 'components/shell/ErrorResult.tsx', use: '403/404/500 错误页，也可内嵌', demo: '/test3' },
];

export default function ComponentIndex() {
  return (
    <DevPageFrame title="组件索引" testId="dev-page-index">
      <Row gutter={[16, 16]} data-testid="dev-component-index">
        {ENTRIES.map((e) => (
          <Col span={8} key={e.name}>
            <Card size="small" title={e.name} extra={<Link href={e.demo}>看演示</Link>} style={{ height: '100%' }}>
              <Typography.Paragraph style={{ marginBottom: 4 }}>{e.use}</Typography.Paragraph>
              <Typography.Text type="secondary" code>
                {e.path}
              </Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
    </DevPageFrame>
  );
}

'use client';
// test3：状态标签（培训班、备案）、办理历史时间线（components/list/HistoryDialog 的 HistoryTimeline）、空状态与错误页、
// 确认框与审核弹窗（components/list/ReviewDialog）。审核弹窗的“提交”只在页面里记下结果，不调用接口。
import { useState } from 'react';
import { App, Button, Card, Col, Empty, Row, Space, Typography } from 'antd';
import { HistoryTimeline, type HistoryEntry } from '@/components/list/HistoryDialog';
import { ReviewDialog, type ReviewValues } from '@/components/list/ReviewDialog';
import ErrorResult from '@/components/shell/ErrorResult';
import { StatusTag as FilingStatusTag, STATUS_OPTIONS as FILING_STATUS_OPTIONS } from '@/components/filing/shared';
import { CLASS_STATUS_OPTIONS, ClassStatusTag } from '@/components/trainClass/shared';
import DevPageFrame from './DevPageFrame';

/** 演示的办理历史（形状同各状态机的历史接口） */
const HISTORY: HistoryEntry[] = [
  { id: 1, actionName: '提交审核', fromStatusName: '草稿', toStatusName: '待审核', opinion: null, actorName: '明德培训学校', createTime: '2026-03-02 09:12' },
  { id: 2, actionName: '审核驳回', fromStatusName: '待审核', toStatusName: '审核驳回', opinion: '课程总学时不足班级学时，请补充课程', actorName: '石家庄市人社局', createTime: '2026-03-03 15:40' },
  { id: 3, actionName: '提交审核', fromStatusName: '审核驳回', toStatusName: '待审核', opinion: null, actorName: '明德培训学校', createTime: '2026-03-04 10:05' },
  { id: 4, actionName: '审核通过', fromStatusName: '待审核', toStatusName: '审核通过', opinion: '同意开班', actorName: '石家庄市人社局', createTime: '2026-03-05 11:30' },
];
const historyColor = (h: HistoryEntry) => (h.actionName.includes('驳回') ? 'red' : h.actionName.includes('通过') ? 'green' : 'blue');

export default function StatusDemo() {
  const { modal, message } = App.useApp();
  const [reviewing, setReviewing] = useState(false);
  const [lastReview, setLastReview] = useState<ReviewValues | null>(null);
  const [confirmed, setConfirmed] = useState(0);
  return (
    <DevPageFrame title="状态、时间线与空状态" testId="dev-page-test3">
      <Row gutter={[16, 16]}>
        <Col span={12}>
          <Card size="small" title="状态标签：培训班" data-testid="dev-class-tags">
            <Space wrap>
              {CLASS_STATUS_OPTIONS.map((o) => (
                <ClassStatusTag key={o.value} status={o.value} name={o.label} />
              ))}
            </Space>
          </Card>
        </Col>
        <Col span={12}>
          <Card size="small" title="状态标签：机构备案" data-testid="dev-filing-tags">
            <Space wrap>
              {FILING_STATUS_OPTIONS.map((o) => (
                <FilingStatusTag key={o.value} status={o.value} />
              ))}
            </Space>
          </Card>
        </Col>
        <Col span={12}>
          <Card size="small" title="办理历史时间线">
            <HistoryTimeline items={HISTORY} colorOf={historyColor} testId="dev-timeline" />
          </Card>
        </Col>
        <Col span={12}>
          <Card size="small" title="确认框与审核弹窗">
            <Space orientation="vertical">
              <Space>
                <Button
                  danger
                  onClick={() =>
                    modal.confirm({
                      title: '确认操作',
                      content: '确定删除这条演示记录吗？（不会写数据库）',
                      okText: '确定',
                      cancelText: '取消',
                      okButtonProps: { danger: true },
                      onOk: () => setConfirmed((n) => n + 1),
                    })
                  }
                  data-testid="dev-confirm"
                >
                  删除（确认框）
                </Button>
                <Button type="primary" onClick={() => setReviewing(true)} data-testid="dev-review">
                  审核（审核弹窗）
                </Button>
              </Space>
              <Typography.Text type="secondary" data-testid="dev-confirm-result">
                {`已确认 ${confirmed} 次`}
                {lastReview ? `；上次审核：${lastReview.result === 'pass' ? '通过' : '驳回'}${lastReview.opinion ? `（${lastReview.opinion}）` : ''}` : ''}
              </Typography.Text>
            </Space>
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small" title="空状态">
            <Empty description="暂无培训班（演示的空数据）" />
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small" title="空状态（简洁）">
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未设立考务办公室" />
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small" title="错误页（内嵌）">
            <ErrorResult status={403} inline />
          </Card>
        </Col>
      </Row>
      <ReviewDialog
        open={reviewing}
        title="审核培训班（演示）"
        onClose={() => setReviewing(false)}
        onSubmit={async (v) => {
          setLastReview(v);
          void message.success('演示：审核结果只记在页面里');
        }}
        summary={<Typography.Paragraph>电工初级培训1班 · PX2026000001</Typography.Paragraph>}
        testIdPrefix="dev-review"
      />
    </DevPageFrame>
  );
}

'use client';
// 视频监控：考场的摄像头与拉流地址（http、https、rtmp、rtsp、webrtc）。可按计划查看；督导员只读。
import { useEffect, useState } from 'react';
import { Card, Col, Row, Statistic, Tag, Typography } from 'antd';
import { apiGet } from '@/components/api-client';
import ListScreen from '@/components/list/ListScreen';
import type { FieldSpec, ListColumn } from '@/components/list/types';
import { Tx, useT } from '@/lib/i18n/client';
import type { CameraItem, ExamPlanPick } from '@/lib/domains/examSite/schemas';
import { usePlanPicker } from './PlanPicker';

interface Head {
  plans: number;
  sites: number;
  rooms: number;
  cameras: number;
  enabled: number;
  disabled: number;
}

const STATUS = [
  { label: '启用', value: 0 },
  { label: '停用', value: 1 },
];

function fieldsOf(plan: ExamPlanPick): FieldSpec[] {
  return [
    { name: 'roomId', label: '考场', type: 'select', required: true, optionsFrom: { path: '/examaff/site/placeOptions', method: 'POST', query: { planId: plan.id }, labelKey: 'label', valueKey: 'id' } },
    { name: 'name', label: '摄像头名称', required: true, span: 12 },
    { name: 'status', label: '状态', type: 'radio', options: STATUS, initialValue: 0, span: 12 },
    { name: 'streamUrl', label: '拉流地址', required: true, placeholder: 'rtsp://… / https://….m3u8 / webrtc://…', help: '支持 http、https、rtmp、rtsp、webrtc 地址' },
  ];
}

export default function CameraList() {
  const t = useT();
  const [plan, picker] = usePlanPicker({ allowClear: true });
  const [head, setHead] = useState<Head | null>(null);
  useEffect(() => {
    void apiGet('/monitor/ExaVideoSurveillanceHead', plan ? { planId: plan.id } : undefined, { silent: true })
      .then(setHead)
      .catch(() => setHead(null));
  }, [plan]);

  const columns: ListColumn<CameraItem>[] = [
    { title: '考试计划', dataIndex: 'planName' },
    { title: '考点', dataIndex: 'siteName' },
    { title: '考场', dataIndex: 'roomName' },
    { title: '摄像头名称', dataIndex: 'name' },
    { title: '拉流地址', dataIndex: 'streamUrl', render: (v: string) => <Typography.Text copyable={{ text: v }}>{v}</Typography.Text> },
    { title: '状态', dataIndex: 'status', render: (v: number) => <Tag color={v === 0 ? 'green' : 'default'}>{v === 0 ? <Tx text="启用" /> : <Tx text="停用" />}</Tag> },
  ];
  const stats: [string, number | undefined][] = [
    ['计划', head?.plans],
    ['考点', head?.sites],
    ['考场', head?.rooms],
    ['摄像头', head?.cameras],
    ['启用', head?.enabled],
    ['停用', head?.disabled],
  ];
  return (
    <Card variant="borderless" title={t('视频监控')} data-testid="camera-screen">
      {picker}
      <Row gutter={16} style={{ marginBottom: 12 }}>
        {stats.map(([label, value]) => (
          <Col key={label} span={4}>
            <Statistic title={t(label)} value={value ?? '—'} />
          </Col>
        ))}
      </Row>
      <ListScreen<CameraItem>
        title="摄像头"
        resource="camera"
        rowKey="id"
        list={{ path: '/monitor/ExaVideoSurveillanceList', params: plan ? { planId: plan.id } : {} }}
        refreshKey={plan?.id ?? 0}
        filters={[{ name: 'name', label: '摄像头名称' }]}
        columns={columns}
        create={plan ? { title: '新增摄像头', fields: fieldsOf(plan), submit: { path: '/monitor/ExaVideoSurveillanceSave' } } : undefined}
        emptyText={plan ? '暂无摄像头，可点击“新增摄像头”' : '暂无摄像头；选择考试计划后可新增'}
        rowActions={[
          ...(plan
            ? [
                {
                  key: 'editCamera',
                  label: '编辑',
                  permission: 'camera.edit',
                  visible: (r: CameraItem) => r.editable,
                  form: { title: '编辑摄像头', fields: fieldsOf(plan), submit: { path: '/monitor/ExaVideoSurveillanceSave' as const }, body: (v: Record<string, unknown>, r?: CameraItem) => ({ ...v, id: r!.id }) },
                },
              ]
            : []),
          {
            key: 'deleteCamera',
            label: '删除',
            danger: true,
            permission: 'camera.delete',
            visible: (r) => r.editable,
            confirm: (r, tt) => tt('确定删除摄像头「{name}」吗？', { name: r.name }),
            call: { path: '/monitor/ExaVideoSurveillanceDel', body: (r) => ({ ids: [r.id] }), successMessage: '删除成功' },
          },
        ]}
        testId="camera-list"
      />
    </Card>
  );
}

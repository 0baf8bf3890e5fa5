'use client';
// 考场管理：选计划 → 考场（容量与已用）；座位表按场次查看，手工安排、换座、调出考生，下载个人准考证。
import { useEffect, useState } from 'react';
import { Card, Empty, Modal, Select, Space, Tabs, Typography } from 'antd';
import { apiDownload, apiPost } from '@/components/api-client';
import ListScreen from '@/components/list/ListScreen';
import type { FieldSpec, ListColumn } from '@/components/list/types';
import { useT } from '@/lib/i18n/client';
import type { ExamPlanPick, RoomItem, SeatItem } from '@/lib/domains/examSite/schemas';
import { usePlanPicker } from './PlanPicker';

const ROOM_TYPES = [
  { label: '理论考场', value: 1 },
  { label: '实操考场', value: 2 },
  { label: '答辩考场', value: 3 },
];
const LEVELS: Record<number, string> = { 5: '五级/初级工', 4: '四级/中级工', 3: '三级/高级工', 2: '二级/技师', 1: '一级/高级技师' };

interface SessionOpt {
  id: number;
  label: string;
  subject: number;
}

function SeatsDialog({ room, onClose }: { room: RoomItem; onClose: () => void }) {
  const t = useT();
  const [sessions, setSessions] = useState<SessionOpt[] | null>(null);
  const [sessionId, setSessionId] = useState<number>();
  useEffect(() => {
    void apiPost('/examaff/site/sessionOptions', { planId: room.planId }).then((list) => {
      const mine = list.filter((s) => s.subject === room.roomType);
      setSessions(mine);
      setSessionId(mine[0]?.id);
    });
  }, [room]);
  const [version, setVersion] = useState(0);
  const bump = () => setVersion((v) => v + 1);

  const columns: ListColumn<SeatItem>[] = [
    { title: '座号', dataIndex: 'seatNo', render: (v: number | null) => v ?? '—' },
    { title: '姓名', dataIndex: 'name' },
    { title: '证件号码', dataIndex: 'idNumber' },
    { title: '工种', dataIndex: 'workName' },
    { title: '等级', dataIndex: 'level', options: Object.entries(LEVELS).map(([value, label]) => ({ value: Number(value), label })) },
    { title: '准考证号', dataIndex: 'ticketNo', render: (v: string | null) => v ?? '—' },
  ];
  const moveFields: FieldSpec[] = [
    {
      name: 'roomId',
      label: '考场',
      type: 'select',
      required: true,
      optionsFrom: { path: '/examaff/site/placeOptions', method: 'POST', query: { planId: room.planId, roomType: room.roomType }, labelKey: 'label', valueKey: 'id' },
    },
    { name: 'seatNo', label: '座号', type: 'number', help: '不填取该考场第一个空座' },
  ];
  return (
    <Modal open width={1000} footer={null} title={t('座位表：{room}', { room: `${room.siteName} · ${room.name}` })} onCancel={onClose} data-testid="seat-dialog">
      <Space style={{ marginBottom: 12 }}>
        <Typography.Text>{t('场次')}</Typography.Text>
        <Select style={{ minWidth: 360 }} value={sessionId} onChange={setSessionId} options={(sessions ?? []).map((s) => ({ value: s.id, label: s.label }))} placeholder={t('请选择场次')} notFoundContent={t('暂无与本考场类型相同科目的场次')} />
      </Space>
      {sessionId ? (
        <Tabs
          destroyOnHidden
          items={[
            {
              key: 'seated',
              label: t('本考场座位'),
              children: (
                <ListScreen<SeatItem>
                  title="本考场座位"
                  resource="examRoom"
                  rowKey="key"
                  list={{ path: '/examaff/site/getPlaceStudents', params: { sessionId, roomId: room.id } }}
                  refreshKey={`${sessionId}-${version}`}
                  filters={[{ name: 'name', label: '姓名或准考证号' }]}
                  columns={columns}
                  emptyText="本考场在该场次还没有考生"
                  rowActions={[
                    {
                      key: 'move',
                      label: '换座',
                      permission: 'examRoom.edit',
                      visible: (r) => r.editable,
                      form: { title: '调整座位', fields: moveFields, submit: { path: '/examaff/site/moveSeat' }, body: (v, r) => ({ ...v, sessionId, examineeId: r!.examineeId }), load: (r) => ({ roomId: r.roomId, seatNo: r.seatNo }) },
                    },
                    {
                      key: 'remove',
                      label: '调出',
                      danger: true,
                      permission: 'examRoom.edit',
                      visible: (r) => r.editable,
                      confirm: (r, tt) => tt('确定把考生「{name}」调出本场次吗？', { name: r.name }),
                      call: { path: '/examaff/site/removeSeat', body: (r) => ({ sessionId, examineeId: r.examineeId }), successMessage: '已调出' },
                    },
                    {
                      key: 'ticket',
                      label: '准考证',
                      permission: ['examRoom.get', 'examSite.get'],
                      onClick: (r) => void apiDownload('/examaff/site/ticketPdf', undefined, { method: 'GET', query: { examineeId: r.examineeId } }).catch(() => undefined),
                    },
                  ]}
                  testId="seat-list"
                />
              ),
            },
            {
              key: 'unseated',
              label: t('未安排的考生'),
              children: (
                <ListScreen<SeatItem>
                  title="未安排的考生"
                  resource="examRoom"
                  rowKey="key"
                  list={{ path: '/examaff/site/getPlaceStudents', params: { sessionId, unseated: true } }}
                  refreshKey={`${sessionId}-${version}`}
                  filters={[{ name: 'name', label: '姓名或准考证号' }]}
                  columns={columns.filter((c) => c.title !== '座号')}
                  emptyText="该场次的考生都已安排座位"
                  rowActions={[
                    {
                      key: 'place',
                      label: '安排到本考场',
                      permission: 'examRoom.edit',
                      visible: (r) => r.editable,
                      onClick: (r) =>
                        void apiPost('/examaff/site/moveSeat', { sessionId, examineeId: r.examineeId, roomId: room.id })
                          .then(bump)
                          .catch(() => undefined),
                    },
                  ]}
                  testId="unseated-list"
                />
              ),
            },
          ]}
        />
      ) : (
        sessions && <Empty description={t('暂无与本考场类型相同科目的场次')} />
      )}
    </Modal>
  );
}

function RoomsTab({ plan }: { plan: ExamPlanPick }) {
  const [seatsOf, setSeatsOf] = useState<RoomItem | null>(null);
  const fields: FieldSpec[] = [
    {
      name: 'siteId',
      label: '考点',
      type: 'select',
      required: true,
      optionsFrom: { path: '/examaff/site/getSiteDetailZx', method: 'POST', query: { planId: plan.id, pageSize: 100 }, labelKey: 'name', valueKey: 'id' },
    },
    { name: 'name', label: '考场名称', required: true, span: 12 },
    { name: 'roomType', label: '考场类型', type: 'select', required: true, options: ROOM_TYPES, span: 12 },
    { name: 'capacity', label: '容量（座位数）', type: 'number', required: true, span: 12 },
  ];
  const columns: ListColumn<RoomItem>[] = [
    { title: '考点', dataIndex: 'siteName' },
    { title: '考场名称', dataIndex: 'name' },
    { title: '考场类型', dataIndex: 'roomType', options: ROOM_TYPES },
    { title: '容量', dataIndex: 'capacity' },
    { title: '已用', dataIndex: 'used' },
  ];
  return (
    <>
      <ListScreen<RoomItem>
        title="考场"
        resource="examRoom"
        rowKey="id"
        list={{ path: '/examaff/site/placeList', params: { planId: plan.id } }}
        refreshKey={plan.id}
        filters={[{ name: 'roomType', label: '考场类型', type: 'select', options: ROOM_TYPES }]}
        columns={columns}
        create={plan.editable ? { title: '新增考场', fields, submit: { path: '/examaff/site/savePlace' } } : undefined}
        emptyText="暂无考场：先在考点管理中添加考点，再新增考场"
        rowActions={[
          { key: 'seats', label: '座位表', onClick: (r) => setSeatsOf(r) },
          { key: 'editRoom', label: '编辑', permission: 'examRoom.edit', visible: (r) => r.editable, form: { title: '编辑考场', fields, submit: { path: '/examaff/site/savePlace' }, body: (v, r) => ({ ...v, id: r!.id }) } },
          {
            key: 'deleteRoom',
            label: '删除',
            danger: true,
            permission: 'examRoom.delete',
            visible: (r) => r.editable,
            confirm: (r, tt) => tt('确定删除考场「{name}」吗？', { name: r.name }),
            call: { path: '/examaff/site/deletePlace', body: (r) => ({ id: r.id }), successMessage: '删除成功' },
          },
        ]}
        testId="room-list"
      />
      {seatsOf && <SeatsDialog room={seatsOf} onClose={() => setSeatsOf(null)} />}
    </>
  );
}

export default function ExamRoomList() {
  const t = useT();
  const [plan, picker] = usePlanPicker();
  return (
    <Card variant="borderless" title={t('考场管理')} data-testid="exam-room-screen">
      {picker}
      {plan ? <RoomsTab plan={plan} /> : <Empty description={t('请选择考试计划')} />}
    </Card>
  );
}

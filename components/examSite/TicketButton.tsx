'use client';
// 下载准考证：按考场与场次（该考场该场次的全部考生，每人一页）；单个考生的在考场管理的座位表里下载。
import { useEffect, useState } from 'react';
import { Button, Form, Modal, Select } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { apiDownload, apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import type { ExamPlanPick } from '@/lib/domains/examSite/schemas';

interface Opt {
  id: number;
  label: string;
  subject?: number;
  roomType?: number;
}

export default function TicketButton({ plan }: { plan: ExamPlanPick }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [sessions, setSessions] = useState<Opt[]>([]);
  const [rooms, setRooms] = useState<Opt[]>([]);
  const [sessionId, setSessionId] = useState<number>();
  const [roomId, setRoomId] = useState<number>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    void apiPost('/examaff/site/sessionOptions', { planId: plan.id }).then(setSessions);
    void apiPost('/examaff/site/placeOptions', { planId: plan.id }).then(setRooms);
  }, [open, plan.id]);

  const subject = sessions.find((s) => s.id === sessionId)?.subject;
  const download = async () => {
    if (!sessionId || !roomId) return;
    setBusy(true);
    try {
      await apiDownload('/examaff/site/ticketPdf', undefined, { method: 'GET', query: { roomId, sessionId } });
      setOpen(false);
    } catch {
      // 已提示“下载出错”
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={() => setOpen(true)} data-testid="ticket-download">
        {t('下载准考证')}
      </Button>
      <Modal open={open} title={t('下载考场准考证')} okText={t('下载')} cancelText={t('取消')} okButtonProps={{ disabled: !sessionId || !roomId }} confirmLoading={busy} onOk={() => void download()} onCancel={() => setOpen(false)}>
        <Form layout="vertical">
          <Form.Item label={t('场次')} required>
            <Select
              value={sessionId}
              onChange={(v) => {
                setSessionId(v);
                setRoomId(undefined);
              }}
              options={sessions.map((s) => ({ value: s.id, label: s.label }))}
              placeholder={t('请选择场次')}
              notFoundContent={t('暂无场次')}
            />
          </Form.Item>
          <Form.Item label={t('考场')} required>
            <Select value={roomId} onChange={setRoomId} options={rooms.filter((r) => subject === undefined || r.roomType === subject).map((r) => ({ value: r.id, label: r.label }))} placeholder={t('请选择考场')} notFoundContent={t('暂无考场')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

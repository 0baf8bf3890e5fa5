'use client';
// 分派场次工作人员：逐行选角色、人员（在岗、本机构或本市，标出时间冲突）与考场，整体保存。
// 配比规则（每场至少 1 名督导员；理论每 30 名考生 1 名考务人员；实操每考场 2 名、答辩每考场 3 名考评员）由服务端检查。
import { useEffect, useState } from 'react';
import { Alert, App, Button, Empty, Modal, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import type { CandidateItem, SessionItem, StaffRole } from '@/lib/domains/examSite/schemas';

interface Row {
  personId?: number;
  role: StaffRole;
  roomId?: number | null;
}
interface RoomOption {
  id: number;
  label: string;
}

const ROLES: { value: StaffRole; label: string }[] = [
  { value: 'supervisor', label: '督导员' },
  { value: 'examStaff', label: '考务人员' },
  { value: 'assessor', label: '考评员' },
];

export default function StaffDialog({ session, onClose, onSaved }: { session: SessionItem; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [candidates, setCandidates] = useState<Partial<Record<StaffRole, CandidateItem[]>>>({});
  const [rooms, setRooms] = useState<RoomOption[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    void Promise.all([
      apiPost('/examaff/site/sessionStaff', { sessionId: session.id }),
      apiPost('/examaff/site/placeOptions', { planId: session.planId, roomType: session.subject }),
      ...ROLES.map((r) => apiPost('/examaff/site/getMonitors', { sessionId: session.id, role: r.value }).then((list) => [r.value, list] as const)),
    ]).then(([current, roomList, ...lists]) => {
      if (!alive) return;
      setRows((current as Row[]).map((r) => ({ personId: r.personId, role: r.role, roomId: r.roomId })));
      setRooms(roomList as RoomOption[]);
      setCandidates(Object.fromEntries(lists as (readonly [StaffRole, CandidateItem[]])[]));
    });
    return () => {
      alive = false;
    };
  }, [session]);

  const set = (i: number, patch: Partial<Row>) => setRows((list) => (list ?? []).map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const staff = (rows ?? []).filter((r) => r.personId).map((r) => ({ personId: r.personId, role: r.role, roomId: r.role === 'supervisor' ? undefined : (r.roomId ?? undefined) }));
      await apiPost('/examaff/site/addExaminationPersonnel', { sessionId: session.id, staff }, { silent: true });
      void message.success(t('保存成功'));
      onSaved();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open width={960} title={t('分派工作人员：{name}', { name: session.name })} okText={t('保存')} cancelText={t('取消')} onOk={() => void save()} onCancel={onClose} confirmLoading={saving} data-testid="staff-dialog">
      <Typography.Paragraph type="secondary">{t('配比规则：每个场次至少 1 名督导员；理论知识考试每 30 名考生至少 1 名考务人员；操作技能考核每个考场至少 2 名、综合评审每个考场至少 3 名考评员，考评员须能考评考场内考生的工种。')}</Typography.Paragraph>
      {session.problems.length > 0 && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={session.problems.join('；')} />}
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={error} />}
      {rows === null ? null : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('还没有分派工作人员')} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {rows.map((r, i) => (
            <Space key={i} wrap>
              <Select style={{ width: 120 }} value={r.role} options={ROLES.map((x) => ({ value: x.value, label: t(x.label) }))} onChange={(role) => set(i, { role, personId: undefined })} />
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 280 }}
                popupMatchSelectWidth={false}
                placeholder={t('请选择人员')}
                value={r.personId}
                onChange={(personId) => set(i, { personId })}
                options={(candidates[r.role] ?? []).map((c) => ({
                  value: c.id,
                  disabled: Boolean(c.busy),
                  label: c.busy ? `${c.name}（${t('时间冲突')}：${c.busy}）` : c.worksText ? `${c.name}（${c.worksText}）` : c.name,
                }))}
              />
              {r.role !== 'supervisor' && (
                <Select allowClear style={{ width: 420 }} popupMatchSelectWidth={false} placeholder={t('负责的考场')} value={r.roomId ?? undefined} onChange={(roomId) => set(i, { roomId: roomId ?? null })} options={rooms.map((x) => ({ value: x.id, label: x.label }))} />
              )}
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('删除')} onClick={() => setRows((list) => (list ?? []).filter((_, j) => j !== i))} />
            </Space>
          ))}
        </Space>
      )}
      {/* 已分派的人员读回之前不能加行：读回的名单会覆盖先加的行 */}
      <Button style={{ marginTop: 12 }} icon={<PlusOutlined />} disabled={rows === null} onClick={() => setRows((list) => [...(list ?? []), { role: 'examStaff' }])} data-testid="staff-add-row">
        {t('添加人员')}
      </Button>
    </Modal>
  );
}

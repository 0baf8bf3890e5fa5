'use client';
// 工种各等级的申报条件：限制类型、累计从业年限、持低一级证书后年限与条件说明。
import { useState } from 'react';
import { Alert, App, InputNumber, Input, Modal, Select, Table, Tabs } from 'antd';
import { apiPost, ApiClientError } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import { LIMIT_TYPES } from '@/lib/domains/catalog/constants';
import type { JobItem, WorkLevelItem } from '@/lib/domains/catalog/schemas';

type Draft = Pick<WorkLevelItem, 'levelCode' | 'levelName' | 'limitType' | 'minYears' | 'prereqYears' | 'requirement'>;

export default function LevelRestrictionDialog({ job, editable, onClose, onSaved }: { job: JobItem; editable: boolean; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const t = useT();
  const [workCode, setWorkCode] = useState(job.works[0]?.code ?? '');
  const [drafts, setDrafts] = useState<Record<string, Draft[]>>(() => Object.fromEntries(job.works.map((w) => [w.code, w.levels.map((l) => ({ ...l }))])));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rows = drafts[workCode] ?? [];
  const set = (levelCode: number, patch: Partial<Draft>) =>
    setDrafts({ ...drafts, [workCode]: rows.map((r) => (r.levelCode === levelCode ? { ...r, ...patch } : r)) });

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await apiPost('/job/baseWorkLevelRestrictions', { workCode, levels: rows.map((r) => ({ levelCode: r.levelCode, limitType: r.limitType, minYears: r.minYears, prereqYears: r.prereqYears, requirement: r.requirement ?? '' })) }, { silent: true });
      void message.success(t('申报条件已保存'));
      onSaved();
    } catch (err) {
      setError(err instanceof ApiClientError ? t(err.message) : t('保存失败，请稍后重试'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('{name}：等级申报条件', { name: job.name })}
      width={960}
      okText={t('保存当前工种')}
      cancelText={t('list.common.close')}
      okButtonProps={{ disabled: !editable || !rows.length }}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {job.works.length > 1 && <Tabs activeKey={workCode} onChange={setWorkCode} items={job.works.map((w) => ({ key: w.code, label: `${w.name}（${w.code}）` }))} />}
      <Table<Draft>
        rowKey="levelCode"
        size="small"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('该工种没有开设等级') }}
        columns={[
          { title: t('等级'), dataIndex: 'levelName', width: 120, render: (v: string) => t(v) },
          {
            title: t('限制类型'),
            dataIndex: 'limitType',
            width: 210,
            render: (v: number, r) => (
              <Select
                value={v}
                disabled={!editable}
                style={{ width: 196 }}
                onChange={(limitType) => set(r.levelCode, { limitType })}
                options={Object.entries(LIMIT_TYPES)
                  .filter(([k]) => !(r.levelCode === 5 && k === '2'))
                  .map(([k, label]) => ({ value: Number(k), label: t(label) }))}
              />
            ),
          },
          {
            title: t('累计从业年限'),
            dataIndex: 'minYears',
            width: 110,
            render: (v: number | null, r) => <InputNumber min={0} max={40} value={v} disabled={!editable || r.limitType === 0} onChange={(minYears) => set(r.levelCode, { minYears })} />,
          },
          {
            title: t('持证后年限'),
            dataIndex: 'prereqYears',
            width: 110,
            render: (v: number | null, r) => <InputNumber min={0} max={40} value={v} disabled={!editable || r.limitType !== 2} onChange={(prereqYears) => set(r.levelCode, { prereqYears })} />,
          },
          {
            title: t('申报条件'),
            dataIndex: 'requirement',
            render: (v: string | null, r) => <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} value={v ?? ''} disabled={!editable} maxLength={2000} onChange={(e) => set(r.levelCode, { requirement: e.target.value })} />,
          },
        ]}
      />
    </Modal>
  );
}

'use client';
// 职业表单里的“工种”一项：每行工种编码、名称与开设的等级；可增删行。新职业默认一个与职业同名同编码的工种。
import { Button, Checkbox, Input, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { LEVEL_NAMES, LEVELS } from '@/lib/domains/catalog/constants';
import { useT } from '@/lib/i18n/client';

export interface WorkRow {
  code: string;
  name: string;
  levels: number[];
  status?: number;
  skillStandardUrl?: string | null;
}

const LEVEL_OPTIONS = LEVELS.map((l) => ({ label: LEVEL_NAMES[l].split('/')[0], value: l }));

export default function WorkRowsEditor({ value, onChange, disabled }: { value?: WorkRow[] | null; onChange?: (v: WorkRow[]) => void; disabled?: boolean }) {
  const t = useT();
  const rows = value ?? [];
  const set = (i: number, patch: Partial<WorkRow>) => onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="work-rows">
      {rows.map((r, i) => (
        <Space key={i} size={6} align="start" wrap style={{ borderBottom: '1px dashed #eee', paddingBottom: 6 }}>
          <Input style={{ width: 150 }} placeholder={t('同职业编码')} value={r.code} disabled={disabled} onChange={(e) => set(i, { code: e.target.value })} data-testid={`work-row-code-${i}`} />
          <Input style={{ width: 150 }} placeholder={t('同职业名称')} value={r.name} disabled={disabled} onChange={(e) => set(i, { name: e.target.value })} data-testid={`work-row-name-${i}`} />
          <Checkbox.Group options={LEVEL_OPTIONS.map((o) => ({ ...o, label: t(o.label) }))} value={r.levels} disabled={disabled} onChange={(v) => set(i, { levels: (v as number[]).sort((a, b) => b - a) })} />
          <Button type="text" danger icon={<DeleteOutlined />} disabled={disabled || rows.length === 1} onClick={() => onChange?.(rows.filter((_, j) => j !== i))} title={t('删除该工种')} />
        </Space>
      ))}
      <Button type="dashed" size="small" icon={<PlusOutlined />} disabled={disabled} onClick={() => onChange?.([...rows, { code: '', name: '', levels: [...LEVELS] }])}>
        {t('添加工种')}
      </Button>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('工种编码与职业编码相同，或为职业编码加两位序号（细分工种）；已有机构开展的工种不能删除或改编码。')}
      </Typography.Text>
    </Space>
  );
}

'use client';
// 流程规则的审核环节编辑器（受控）：按行的先后确定顺序，可上移、下移、删除、添加。
import { Button, Empty, Input, Select, Space, Switch, Table, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useT } from '@/lib/i18n/client';

export interface StepValue {
  order: number;
  name: string;
  reviewerLevel: 'province' | 'city' | 'county' | 'org';
  roleCode?: string | null;
  opinionRequired: boolean;
}

export const REVIEWER_LEVEL_OPTIONS = [
  { label: '省级', value: 'province' },
  { label: '市级', value: 'city' },
  { label: '县级', value: 'county' },
  { label: '机构', value: 'org' },
];

const renumber = (steps: StepValue[]) => steps.map((s, i) => ({ ...s, order: i + 1 }));

export default function StepsEditor({ value, onChange, disabled }: { value: unknown; onChange: (value: unknown) => void; disabled?: boolean }) {
  const t = useT();
  const steps = Array.isArray(value) ? [...(value as StepValue[])].sort((a, b) => a.order - b.order) : [];
  const set = (next: StepValue[]) => onChange(renumber(next));
  const patch = (index: number, change: Partial<StepValue>) => set(steps.map((s, i) => (i === index ? { ...s, ...change } : s)));
  const move = (index: number, delta: number) => {
    const next = [...steps];
    const [s] = next.splice(index, 1);
    next.splice(index + delta, 0, s);
    set(next);
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="steps-editor">
      <Table<StepValue>
        size="small"
        pagination={false}
        rowKey="order"
        dataSource={steps}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('还没有审核环节，请添加')} /> }}
        columns={[
          { title: t('顺序'), dataIndex: 'order', width: 56 },
          {
            title: t('环节名称'),
            dataIndex: 'name',
            render: (_v, s, i) => <Input value={s.name} maxLength={32} placeholder={t('如 市级初审')} disabled={disabled} onChange={(e) => patch(i, { name: e.target.value })} />,
          },
          {
            title: t('审核层级'),
            dataIndex: 'reviewerLevel',
            width: 110,
            render: (_v, s, i) => <Select value={s.reviewerLevel} options={REVIEWER_LEVEL_OPTIONS} disabled={disabled} style={{ width: '100%' }} onChange={(v) => patch(i, { reviewerLevel: v })} />,
          },
          {
            title: t('需填意见'),
            dataIndex: 'opinionRequired',
            width: 84,
            render: (_v, s, i) => <Switch checked={s.opinionRequired} disabled={disabled} checkedChildren={t('是')} unCheckedChildren={t('否')} onChange={(v) => patch(i, { opinionRequired: v })} />,
          },
          {
            title: t('操作'),
            width: 110,
            render: (_v, _s, i) => (
              <Space size={0}>
                <Tooltip title={t('上移')}>
                  <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={disabled || i === 0} onClick={() => move(i, -1)} />
                </Tooltip>
                <Tooltip title={t('下移')}>
                  <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={disabled || i === steps.length - 1} onClick={() => move(i, 1)} />
                </Tooltip>
                <Tooltip title={t('list.action.delete')}>
                  <Button type="text" size="small" danger icon={<DeleteOutlined />} disabled={disabled} onClick={() => set(steps.filter((_, j) => j !== i))} />
                </Tooltip>
              </Space>
            ),
          },
        ]}
      />
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        disabled={disabled}
        onClick={() => set([...steps, { order: steps.length + 1, name: '', reviewerLevel: 'city', roleCode: null, opinionRequired: true }])}
        data-testid="steps-add"
      >
        {t('添加审核环节')}
      </Button>
    </Space>
  );
}

'use client';
// 筛选栏：超过 3 项时折叠（展开/收起），查询与重置。
// 按容器宽度自动分列（每项至少 FIELD_MIN_WIDTH），左侧有树或在弹窗里时输入框也不会被挤窄到只剩“请输入…”；
// 按钮组在网格之外的右侧，与筛选项始终隔开 ITEM_GAP（之前放在网格最后一格里，三个按钮比一格宽时会盖住第三个筛选项）。
import { useState } from 'react';
import { Button, Form, Space } from 'antd';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { useT } from '@/lib/i18n/client';
import FieldInput from './FieldInput';
import type { FieldSpec } from './types';
import { initialValues } from './values';

const COLLAPSED_COUNT = 3;
/** 筛选项之间、筛选项与按钮之间的间距 */
const ITEM_GAP = 16;
/** 每行筛选项下方的间距 */
const ITEM_MARGIN = 16;
/** 每项的最小宽度：标签 88px + 能放下“请输入身份证号”的输入框 */
const FIELD_MIN_WIDTH = 240;

export default function FilterBar({ fields, onSearch }: { fields: FieldSpec[]; onSearch: (values: Record<string, unknown>) => void }) {
  const t = useT();
  const [form] = Form.useForm();
  const [expanded, setExpanded] = useState(false);
  const collapsible = fields.length > COLLAPSED_COUNT;
  const shown = collapsible && !expanded ? fields.slice(0, COLLAPSED_COUNT) : fields;

  const search = () => onSearch(form.getFieldsValue(true) as Record<string, unknown>);

  return (
    <Form form={form} name="filter" initialValues={initialValues(fields)} onFinish={search} labelCol={{ flex: '88px' }} labelWrap data-testid="list-filters" style={{ marginBottom: 8 }}>
      {/* 筛选项在左侧的网格里分列，按钮在右侧自成一列、贴着最后一行：按钮组再宽也不会压到筛选项上 */}
      <div style={{ display: 'flex', alignItems: 'flex-end', columnGap: ITEM_GAP }}>
        <div style={{ flex: '1 1 auto', minWidth: 0, display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(${FIELD_MIN_WIDTH}px, 1fr))`, columnGap: ITEM_GAP }}>
          {/* 收起的项不渲染；表单默认保留其值，查询时仍然生效 */}
          {shown.map((field) => (
            // 日期区间占两格：一格里两个日期框只剩“开始…”“结束…”
            <Form.Item key={field.name} name={field.name} label={field.label} style={{ marginBottom: ITEM_MARGIN, minWidth: 0, gridColumn: field.type === 'dateRange' ? 'span 2' : undefined }}>
              <FieldInput field={field} inFilter />
            </Form.Item>
          ))}
        </div>
        <div style={{ flex: 'none', marginBottom: ITEM_MARGIN }}>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="list-search">
              {t('list.filter.search')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              data-testid="list-reset"
              onClick={() => {
                form.resetFields();
                search();
              }}
            >
              {t('list.filter.reset')}
            </Button>
            {collapsible && (
              <Button type="link" onClick={() => setExpanded(!expanded)} icon={expanded ? <UpOutlined /> : <DownOutlined />} iconPlacement="end">
                {expanded ? t('list.filter.collapse') : t('list.filter.expand')}
              </Button>
            )}
          </Space>
        </div>
      </div>
    </Form>
  );
}

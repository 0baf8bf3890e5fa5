'use client';
// 筛选栏：超过 3 项时折叠（展开/收起），查询与重置。
// 按容器宽度自动分列（每项至少 FIELD_MIN_WIDTH），左侧有树或在弹窗里时输入框也不会被挤窄到只剩“请输入…”。
import { useState } from 'react';
import { Button, Form, Space } from 'antd';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import FieldInput from './FieldInput';
import type { FieldSpec } from './types';
import { initialValues } from './values';

const COLLAPSED_COUNT = 3;
/** 每项的最小宽度：标签 88px + 能放下“请输入身份证号”的输入框 */
const FIELD_MIN_WIDTH = 240;

export default function FilterBar({ fields, onSearch }: { fields: FieldSpec[]; onSearch: (values: Record<string, unknown>) => void }) {
  const [form] = Form.useForm();
  const [expanded, setExpanded] = useState(false);
  const collapsible = fields.length > COLLAPSED_COUNT;
  const shown = collapsible && !expanded ? fields.slice(0, COLLAPSED_COUNT) : fields;

  const search = () => onSearch(form.getFieldsValue(true) as Record<string, unknown>);

  return (
    <Form form={form} name="filter" initialValues={initialValues(fields)} onFinish={search} labelCol={{ flex: '88px' }} labelWrap data-testid="list-filters" style={{ marginBottom: 8 }}>
      <div style={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(${FIELD_MIN_WIDTH}px, 1fr))`, columnGap: 16 }}>
        {/* 收起的项不渲染；表单默认保留其值，查询时仍然生效 */}
        {shown.map((field) => (
          <Form.Item key={field.name} name={field.name} label={field.label} style={{ marginBottom: 16, minWidth: 0 }}>
            <FieldInput field={field} inFilter />
          </Form.Item>
        ))}
        {/* 按钮放在最后一行的最后一列，放不下时另起一行靠右 */}
        <div style={{ gridColumnEnd: -1, display: 'flex', justifyContent: 'flex-end', marginBottom: 16 }}>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="list-search">
              查询
            </Button>
            <Button
              icon={<ReloadOutlined />}
              data-testid="list-reset"
              onClick={() => {
                form.resetFields();
                search();
              }}
            >
              重置
            </Button>
            {collapsible && (
              <Button type="link" onClick={() => setExpanded(!expanded)} icon={expanded ? <UpOutlined /> : <DownOutlined />} iconPlacement="end">
                {expanded ? '收起' : '展开'}
              </Button>
            )}
          </Space>
        </div>
      </div>
    </Form>
  );
}

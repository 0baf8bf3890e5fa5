'use client';
// 筛选栏：每项 6 格，超过 3 项时折叠（展开/收起），查询与重置。
import { useState } from 'react';
import { Button, Col, Form, Row, Space } from 'antd';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import FieldInput from './FieldInput';
import type { FieldSpec } from './types';
import { initialValues } from './values';

const COLLAPSED_COUNT = 3;

export default function FilterBar({ fields, onSearch }: { fields: FieldSpec[]; onSearch: (values: Record<string, unknown>) => void }) {
  const [form] = Form.useForm();
  const [expanded, setExpanded] = useState(false);
  const collapsible = fields.length > COLLAPSED_COUNT;
  const shown = collapsible && !expanded ? fields.slice(0, COLLAPSED_COUNT) : fields;
  // 按钮列：放在最后一行的剩余位置，不够时另起一行靠右
  const buttonSpan = 24 - ((shown.length * 6) % 24);

  const search = () => onSearch(form.getFieldsValue(true) as Record<string, unknown>);

  return (
    <Form form={form} name="filter" initialValues={initialValues(fields)} onFinish={search} labelCol={{ flex: '88px' }} labelWrap data-testid="list-filters" style={{ marginBottom: 8 }}>
      <Row gutter={16}>
        {/* 收起的项不渲染；表单默认保留其值，查询时仍然生效 */}
        {shown.map((field) => (
          <Col key={field.name} xs={24} sm={12} lg={6}>
            <Form.Item name={field.name} label={field.label} style={{ marginBottom: 16 }}>
              <FieldInput field={field} inFilter />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} sm={12} lg={buttonSpan} style={{ textAlign: 'right', marginBottom: 16 }}>
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
        </Col>
      </Row>
    </Form>
  );
}

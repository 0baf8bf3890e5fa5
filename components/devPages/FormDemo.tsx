'use client';
// test2：表单字段（components/list/FieldInput，FieldSpec 的各类型）与前端校验（FormDialog 的 rulesOf、zodRule 沿用服务端的 zod），
// 以及上传字段。提交只在页面里显示转换后的参数，不调用接口。
import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Row, Space, Typography } from 'antd';
import FieldInput from '@/components/list/FieldInput';
import { rulesOf } from '@/components/list/FormDialog';
import { zodRule } from '@/components/list/rules';
import type { FieldSpec } from '@/components/list/types';
import { initialValues, valuesToParams } from '@/components/list/values';
import { LEVEL_OPTIONS } from '@/components/trainClass/shared';
import { idNumberField, mobileField } from '@/lib/domains/examinee/schemas';
import { useT } from '@/lib/i18n/client';
import DevPageFrame from './DevPageFrame';

const GENDERS = [
  { label: '男', value: 1 },
  { label: '女', value: 2 },
];

const FIELDS: FieldSpec[] = [
  { name: 'name', label: '姓名', required: true, span: 12, rules: [{ max: 20, message: '姓名最多 20 个字' }] },
  { name: 'idNumber', label: '身份证号', required: true, span: 12, rules: [zodRule(idNumberField)], help: '与导入、服务端同一份校验（校验码）' },
  { name: 'mobile', label: '手机号', required: true, span: 12, rules: [zodRule(mobileField)] },
  { name: 'gender', label: '性别', type: 'radio', required: true, options: GENDERS, span: 12 },
  { name: 'level', label: '申报等级', type: 'select', required: true, options: LEVEL_OPTIONS, span: 12 },
  { name: 'hours', label: '学时', type: 'number', span: 12, rules: [{ type: 'number', min: 1, max: 500, message: '学时应在 1–500 之间' }] },
  { name: 'examDate', label: '考试日期', type: 'date', required: true, span: 12 },
  { name: 'period', label: '培训日期', type: 'dateRange', span: 12 },
  { name: 'employed', label: '在职', type: 'switch', initialValue: true, span: 12 },
  { name: 'remark', label: '备注', type: 'textarea', rules: [{ max: 200, message: '备注最多 200 个字' }] },
  { name: 'photo', label: '照片', type: 'image', upload: { purpose: 'image', sizeCheck: true }, help: '上传组件（进度条、拖放、预览）；上传经 /api/uploadMulti，须登录，未登录时服务端拒绝' },
  { name: 'attachment', label: '附件', type: 'file', upload: { purpose: 'attachment', maxCount: 3 } },
];

export default function FormDemo() {
  const t = useT();
  const [form] = Form.useForm();
  const [submitted, setSubmitted] = useState<Record<string, unknown> | null>(null);
  const [failed, setFailed] = useState(0);
  return (
    <DevPageFrame title="表单与上传" testId="dev-page-test2">
      <Row gutter={16}>
        <Col span={16}>
          <Card size="small" title="表单字段与校验">
            <Form
              form={form}
              layout="horizontal"
              labelCol={{ flex: '96px' }}
              initialValues={initialValues(FIELDS)}
              onFinish={(values: Record<string, unknown>) => {
                setFailed(0);
                setSubmitted(valuesToParams(FIELDS, values));
              }}
              onFinishFailed={({ errorFields }) => {
                setSubmitted(null);
                setFailed(errorFields.length);
              }}
              autoComplete="off"
              data-testid="dev-form"
            >
              <Row gutter={16}>
                {FIELDS.map((field) => (
                  <Col key={field.name} span={field.span ?? 24}>
                    <Form.Item name={field.name} label={field.label} rules={rulesOf(field, t)} extra={field.help}>
                      <FieldInput field={field} />
                    </Form.Item>
                  </Col>
                ))}
              </Row>
              <Space>
                <Button type="primary" htmlType="submit" data-testid="dev-form-submit">
                  校验并查看参数
                </Button>
                <Button
                  onClick={() => {
                    form.resetFields();
                    setSubmitted(null);
                    setFailed(0);
                  }}
                >
                  重置
                </Button>
                <Button
                  onClick={() => form.setFieldsValue({ name: '张三', idNumber: '110101199003071234', mobile: '1380013800' })}
                  data-testid="dev-form-bad"
                >
                  填入有错的值
                </Button>
              </Space>
            </Form>
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small" title="提交的参数">
            {failed > 0 && <Alert type="error" showIcon title={`有 ${failed} 项未通过校验，错误显示在对应项下`} data-testid="dev-form-failed" />}
            {submitted ? (
              <Typography.Paragraph>
                <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }} data-testid="dev-form-values">
                  {JSON.stringify(submitted, null, 2)}
                </pre>
              </Typography.Paragraph>
            ) : (
              !failed && <Typography.Text type="secondary">通过校验后，这里显示交给接口的参数（valuesToParams 的结果），不调用接口</Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
    </DevPageFrame>
  );
}

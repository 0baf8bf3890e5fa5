'use client';
// 持证人核对本人证书数据（免登录，凭链接里的 token）：确认无误，或提出更正（姓名、身份证号、性别），进入市级审核。
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input, Result, Select, Spin } from 'antd';
import { apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';

interface HolderData {
  cerName: string;
  cerCode: string;
  name: string;
  idCard: string;
  gender: string | null;
  workName: string;
  level: string;
  cerDate: string;
  orgName: string;
  corrected: boolean;
  pendingCorrection: Record<string, unknown> | null;
}

export default function HolderCorrection({ token }: { token: string }) {
  const t = useT();
  // 链接里没有令牌：不问服务端（答复只会是错误，控制台还会记一条失败的请求），直接说明链接无效
  const [data, setData] = useState<HolderData | null | 'error'>(token ? null : 'error');
  const [mode, setMode] = useState<'view' | 'correct' | 'confirmed' | 'sent'>('view');
  useEffect(() => {
    if (!token) return;
    apiPost('/comApi/certificateHolder', { token }, { silent: true }).then(setData, () => setData('error'));
  }, [token]);
  return (
    <div className="allow-narrow" style={{ maxWidth: 640, margin: '16px auto', padding: '0 12px' }} data-testid="cert-holder">
      <Card title={t('证书信息核对')}>
        {data === null && <Spin />}
        {data === 'error' && <Result status="warning" title={t('链接无效或证书已作废，请联系发证机构')} />}
        {data && data !== 'error' && mode === 'confirmed' && <Result status="success" title={t('感谢确认，您的证书信息无误')} />}
        {data && data !== 'error' && mode === 'sent' && <Result status="success" title={t('更正申请已提交，待审核后生效；证书编号不变')} />}
        {data && data !== 'error' && (mode === 'view' || mode === 'correct') && (
          <>
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={t('证书名称')}>{t(data.cerName)}</Descriptions.Item>
              <Descriptions.Item label={t('证书编号')}>{data.cerCode}</Descriptions.Item>
              <Descriptions.Item label={t('姓名')}>{data.name}</Descriptions.Item>
              <Descriptions.Item label={t('身份证号')}>{data.idCard}</Descriptions.Item>
              <Descriptions.Item label={t('性别')}>{data.gender ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('职业（工种）')}>{data.workName}</Descriptions.Item>
              <Descriptions.Item label={t('等级')}>{t(data.level)}</Descriptions.Item>
              <Descriptions.Item label={t('发证日期')}>{data.cerDate}</Descriptions.Item>
              <Descriptions.Item label={t('评价机构')}>{data.orgName}</Descriptions.Item>
            </Descriptions>
            {data.pendingCorrection && <Alert style={{ marginTop: 12 }} type="warning" showIcon title={t('已有一份更正申请待审核')} />}
            {mode === 'view' && !data.pendingCorrection && (
              <div style={{ display: 'flex', gap: 8, marginTop: 16 }}>
                <Button type="primary" onClick={() => setMode('confirmed')}>
                  {t('信息无误')}
                </Button>
                <Button onClick={() => setMode('correct')}>{t('申请更正')}</Button>
              </div>
            )}
            {mode === 'correct' && (
              <Form
                layout="vertical"
                style={{ marginTop: 16 }}
                onFinish={async (v: { reason: string; name?: string; idCard?: string; gender?: '男' | '女'; contact?: string }) => {
                  await apiPost('/comApi/certificateHolderCorrect', { ...v, token });
                  setMode('sent');
                }}
              >
                <Form.Item name="name" label={t('正确的姓名')}>
                  <Input maxLength={32} />
                </Form.Item>
                <Form.Item name="idCard" label={t('正确的身份证号')}>
                  <Input maxLength={18} />
                </Form.Item>
                <Form.Item name="gender" label={t('正确的性别')}>
                  <Select
                    allowClear
                    options={[
                      { value: '男', label: t('男') },
                      { value: '女', label: t('女') },
                    ]}
                  />
                </Form.Item>
                <Form.Item name="reason" label={t('更正原因')} rules={[{ required: true, message: t('请输入更正原因') }]}>
                  <Input.TextArea maxLength={500} rows={3} />
                </Form.Item>
                <Form.Item name="contact" label={t('联系电话')}>
                  <Input maxLength={20} />
                </Form.Item>
                <Button type="primary" htmlType="submit">
                  {t('提交更正申请')}
                </Button>
              </Form>
            )}
          </>
        )}
      </Card>
    </div>
  );
}

'use client';
// 更换绑定手机：新手机号 + 短信验证码（POST /user/sendUpdateMobileSmsCode，60 秒倒计时）→ POST /user/updateMobile。
import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Space } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { apiPost, ApiClientError } from '@/components/api-client';
import { applyFieldErrors, translateMessage, zodRule } from '@/components/auth/form-rules';
import SmsCodeButton from '@/components/auth/SmsCodeButton';
import { UpdateMobileInput } from '@/lib/domains/user/schemas';
import { useT } from '@/lib/i18n/client';

interface Values {
  mobile: string;
  smsCode: string;
}

export default function ChangeMobileDialog({ open, onClose, onChanged }: { open: boolean; onClose: () => void; onChanged: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shape = UpdateMobileInput.shape;

  const sendCode = async (): Promise<boolean> => {
    try {
      await form.validateFields(['mobile']);
      const mobile = (form.getFieldValue('mobile') as string).trim();
      await apiPost('/user/sendUpdateMobileSmsCode', { mobile }, { silent: true });
      void message.success(t('auth.sms.sent'));
      return true;
    } catch (err) {
      if (err instanceof ApiClientError) {
        if (!applyFieldErrors(form, err, t) && !err.notified) form.setFields([{ name: 'mobile', errors: [translateMessage(t, err.message)] }]);
      }
      return false;
    }
  };

  const submit = async (values: Values) => {
    setSaving(true);
    setError(null);
    try {
      await apiPost('/user/updateMobile', values, { silent: true });
      void message.success(t('auth.account.mobile.changed'));
      form.resetFields();
      onChanged();
    } catch (err) {
      if (err instanceof ApiClientError) {
        if (!applyFieldErrors(form, err, t) && !err.notified) setError(translateMessage(t, err.message));
      } else {
        setError(t('auth.api.requestError'));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('auth.account.mobile.title')}
      okText={t('auth.common.confirm')}
      cancelText={t('auth.common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => {
        setError(null);
        form.resetFields();
        onClose();
      }}
      forceRender
    >
      <Form<Values> form={form} name="changeMobile" layout="vertical" onFinish={submit} autoComplete="off" style={{ marginTop: 16 }}>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form.Item name="mobile" label={t('auth.account.mobile.new')} required rules={[zodRule(shape.mobile, t)]}>
          <Input prefix={<MobileOutlined />} placeholder={t('auth.sms.mobilePlaceholder')} maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item label={t('auth.register.smsCode')} required>
          <Space.Compact block>
            <Form.Item name="smsCode" noStyle rules={[zodRule(shape.smsCode, t)]}>
              <Input prefix={<SafetyOutlined />} placeholder={t('auth.sms.codePlaceholder')} maxLength={6} inputMode="numeric" />
            </Form.Item>
            <SmsCodeButton onSend={sendCode} />
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}

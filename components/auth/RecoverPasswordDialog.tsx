'use client';
// 忘记密码：账号 + 绑定手机的验证码（purpose=resetPassword）核对后设置新密码（POST /user/recoverPassword），
// 原有会话全部失效。规则同服务端 RecoverPasswordInput。
import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Space } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { apiGet, apiPost, ApiClientError } from '@/components/api-client';
import { applyFieldErrors, sameAsRule, translateMessage, zodRule } from '@/components/auth/form-rules';
import PasswordStrengthMeter from '@/components/auth/PasswordStrengthMeter';
import SmsCodeButton from '@/components/auth/SmsCodeButton';
import { RecoverPasswordInput } from '@/lib/domains/user/schemas';
import { useT } from '@/lib/i18n/client';

interface Values {
  account: string;
  mobile: string;
  smsCode: string;
  password: string;
  confirmPassword: string;
}

const publicCall = { silent: true, authFlow: true } as const;

export default function RecoverPasswordDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (account: string) => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const password = Form.useWatch('password', form);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shape = RecoverPasswordInput.shape;

  const sendCode = async (): Promise<boolean> => {
    try {
      await form.validateFields(['mobile']);
      const mobile = (form.getFieldValue('mobile') as string).trim();
      await apiGet('/user/sendVerCode', { mobile, purpose: 'resetPassword' }, publicCall);
      void message.success(t('auth.sms.sent'));
      return true;
    } catch (err) {
      if (err instanceof ApiClientError && !applyFieldErrors(form, err, t)) void message.error(translateMessage(t, err.message));
      return false;
    }
  };

  const submit = async (values: Values) => {
    setSaving(true);
    setError(null);
    try {
      await apiPost('/user/recoverPassword', values, publicCall);
      void message.success(t('auth.recover.done'));
      onDone(values.account.trim());
    } catch (err) {
      if (err instanceof ApiClientError) {
        if (!applyFieldErrors(form, err, t)) setError(translateMessage(t, err.message));
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
      title={t('auth.recover.title')}
      okText={t('auth.recover.submit')}
      cancelText={t('auth.common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => {
        setError(null);
        onClose();
      }}
      destroyOnHidden
      width={480}
    >
      <Form<Values> form={form} name="recover" layout="vertical" onFinish={submit} autoComplete="off" style={{ marginTop: 12 }}>
        <Alert type="info" showIcon title={t('auth.recover.notice')} style={{ marginBottom: 16 }} />
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form.Item name="account" label={t('auth.register.account')} rules={[zodRule(shape.account, t)]}>
          <Input prefix={<UserOutlined />} placeholder={t('auth.login.accountPlaceholder')} />
        </Form.Item>
        <Form.Item name="mobile" label={t('auth.recover.mobile')} rules={[zodRule(shape.mobile, t)]}>
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
        <Form.Item name="password" label={t('auth.password.new')} rules={[zodRule(shape.password, t)]} extra={<PasswordStrengthMeter password={password} />}>
          <Input.Password prefix={<LockOutlined />} placeholder={t('auth.password.newPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('auth.password.confirm')} dependencies={['password']} rules={[sameAsRule('password', t)]}>
          <Input.Password prefix={<LockOutlined />} placeholder={t('auth.password.confirmPlaceholder')} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

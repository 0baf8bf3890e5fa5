'use client';
// 忘记密码：账号 + 绑定手机的验证码（purpose=resetPassword）核对后设置新密码（POST /user/recoverPassword），
// 原有会话全部失效。规则同服务端 RecoverPasswordInput。
import { Alert, App, Form, Input, Modal, Space } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { apiGet, apiPost } from '@/components/api-client';
import { useFormSubmit, useSendSmsCode } from '@/components/auth/form-hooks';
import { sameAsRule, zodRule } from '@/components/auth/form-rules';
import { strengthExtra } from '@/components/auth/PasswordStrengthMeter';
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
  const shape = RecoverPasswordInput.shape;

  const sendCode = useSendSmsCode(form, (mobile) => apiGet('/user/sendVerCode', { mobile, purpose: 'resetPassword' }, publicCall));
  const { submit, submitting, error, clearError } = useFormSubmit(form, async (values: Values) => {
    await apiPost('/user/recoverPassword', values, publicCall);
    void message.success(t('auth.recover.done'));
    onDone(values.account.trim());
  });

  return (
    <Modal
      open={open}
      title={t('auth.recover.title')}
      okText={t('auth.recover.submit')}
      cancelText={t('auth.common.cancel')}
      confirmLoading={submitting}
      onOk={() => form.submit()}
      onCancel={() => {
        clearError();
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
        <Form.Item name="password" label={t('auth.password.new')} rules={[zodRule(shape.password, t)]} extra={strengthExtra(password)}>
          <Input.Password prefix={<LockOutlined />} placeholder={t('auth.password.newPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('auth.password.confirm')} dependencies={['password']} rules={[sameAsRule('password', t)]}>
          <Input.Password prefix={<LockOutlined />} placeholder={t('auth.password.confirmPlaceholder')} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

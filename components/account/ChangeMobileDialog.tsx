'use client';
// 更换绑定手机：新手机号 + 短信验证码（POST /user/sendUpdateMobileSmsCode，60 秒倒计时）→ POST /user/updateMobile。
import { Alert, App, Form, Input, Modal, Space } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { apiPost } from '@/components/api-client';
import { useFormSubmit, useSendSmsCode } from '@/components/auth/form-hooks';
import { zodRule } from '@/components/auth/form-rules';
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
  const shape = UpdateMobileInput.shape;

  const sendCode = useSendSmsCode(form, (mobile) => apiPost('/user/sendUpdateMobileSmsCode', { mobile }, { silent: true }));
  const { submit, submitting, error, clearError } = useFormSubmit(form, async (values: Values) => {
    await apiPost('/user/updateMobile', values, { silent: true });
    void message.success(t('auth.account.mobile.changed'));
    form.resetFields();
    onChanged();
  });

  return (
    <Modal
      open={open}
      title={t('auth.account.mobile.title')}
      okText={t('auth.common.confirm')}
      cancelText={t('auth.common.cancel')}
      confirmLoading={submitting}
      onOk={() => form.submit()}
      onCancel={() => {
        clearError();
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

'use client';
// 修改密码表单（强制改密对话框与安全设置共用）：旧密码、新密码、确认密码，规则与消息同服务端
// （SPEC §5）。成功后服务端已作废该用户全部会话：提示"密码已修改，请重新登录"，清除标记，1 秒后刷新。
import { useState } from 'react';
import { Alert, App, Button, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { apiPost, clearCookie, PWD_STRENGTH_COOKIE } from '@/components/api-client';
import { useFormSubmit } from '@/components/auth/form-hooks';
import { sameAsRule, zodRule } from '@/components/auth/form-rules';
import { strengthExtra } from '@/components/auth/PasswordStrengthMeter';
import { ResetPasswordInput } from '@/lib/domains/user/schemas';
import { useT } from '@/lib/i18n/client';

/** SPEC §4/§9：改密成功后 1 秒刷新 */
export const RELOAD_AFTER_PASSWORD_CHANGE_MS = 1000;

interface Values {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

export interface ChangePasswordFormProps {
  /** 当前用户编码（服务端要求只能改自己的） */
  userCode: string;
  /** 取消按钮（安全设置里的对话框有，强制改密没有） */
  onCancel?: () => void;
  /** 测试或特殊场景替换刷新 */
  reload?: () => void;
}

export default function ChangePasswordForm({ userCode, onCancel, reload }: ChangePasswordFormProps) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const password = Form.useWatch('password', form);
  const [done, setDone] = useState(false);
  const shape = ResetPasswordInput.shape;

  const { submit, submitting, error } = useFormSubmit(form, async (values: Values) => {
    await apiPost('/sys/user/reset/password', { code: userCode, ...values }, { silent: true });
    setDone(true);
    clearCookie(PWD_STRENGTH_COOKIE);
    void message.success(t('auth.password.changed'));
    setTimeout(reload ?? (() => window.location.reload()), RELOAD_AFTER_PASSWORD_CHANGE_MS);
  });

  return (
    <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={done} autoComplete="off">
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="change-password-error" />}
      <Form.Item name="oldPassword" label={t('auth.password.old')} rules={[zodRule(shape.oldPassword, t)]}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('auth.password.oldPlaceholder')} autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('auth.password.new')}
        rules={[zodRule(shape.password, t)]}
        extra={strengthExtra(password)}
      >
        <Input.Password prefix={<LockOutlined />} placeholder={t('auth.password.newPlaceholder')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label={t('auth.password.confirm')} dependencies={['password']} rules={[sameAsRule('password', t)]}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('auth.password.confirmPlaceholder')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0, textAlign: 'right' }}>
        {onCancel && (
          <Button onClick={onCancel} style={{ marginRight: 8 }} disabled={submitting}>
            {t('auth.common.cancel')}
          </Button>
        )}
        <Button type="primary" htmlType="submit" loading={submitting}>
          {t('auth.password.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}

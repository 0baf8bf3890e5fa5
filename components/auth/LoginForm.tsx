'use client';
// 登录表单：账号密码 / 手机验证码两种方式。规则来自服务端同一份 zod（LoginInput、SmsLoginInput），
// 错误显示服务端 returnMsg（账号或密码错误、锁定剩余分钟、冻结、待审核）。
// 成功后去 redirect（仅限本站路径），否则 /dashboard/workplace。
import { useEffect, useState } from 'react';
import Link from 'next/link';
import { Alert, App, Button, Checkbox, Divider, Form, Input, Space, Tabs } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { apiGet, apiPost, ApiClientError } from '@/components/api-client';
import { applyFieldErrors, safeRedirect, translateMessage, zodRule, type Translate } from '@/components/auth/form-rules';
import RecoverPasswordDialog from '@/components/auth/RecoverPasswordDialog';
import SmsCodeButton from '@/components/auth/SmsCodeButton';
import SsoButton from '@/components/auth/SsoButton';
import { LoginInput, SmsLoginInput } from '@/lib/domains/user/schemas';
import { useT } from '@/lib/i18n/client';
import styles from './auth.module.css';

/** 记住账号：只存账号名（从不存密码） */
export const REMEMBER_KEY = 'rememberedAccount';

export type LoginVariant = 'classic' | 'v2';

interface AccountValues {
  account: string;
  password: string;
  remember: boolean;
}
interface SmsValues {
  mobile: string;
  smsCode: string;
}

const authFlow = { silent: true, authFlow: true } as const;

function errorText(err: unknown, t: Translate): string {
  return err instanceof ApiClientError ? translateMessage(t, err.message) : t('auth.api.requestError');
}

export default function LoginForm({ variant, redirect, sso = false }: { variant: LoginVariant; redirect?: string; sso?: boolean }) {
  const t = useT();
  const { message } = App.useApp();
  const [tab, setTab] = useState<'account' | 'sms'>('account');
  const [accountForm] = Form.useForm<AccountValues>();
  const [smsForm] = Form.useForm<SmsValues>();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [recovering, setRecovering] = useState(false);

  useEffect(() => {
    const remembered = window.localStorage.getItem(REMEMBER_KEY);
    if (remembered) accountForm.setFieldsValue({ account: remembered, remember: true });
  }, [accountForm]);

  const done = () => {
    void message.success(t('auth.login.success'));
    // 整页跳转：服务端布局按新的 Cookie 重新渲染
    window.location.assign(safeRedirect(redirect));
  };

  const loginWithPassword = async ({ account, password, remember }: AccountValues) => {
    setSubmitting(true);
    setError(null);
    try {
      await apiPost(variant === 'v2' ? '/user/loginV2' : '/user/login', { account, password }, authFlow);
      if (remember) window.localStorage.setItem(REMEMBER_KEY, account.trim());
      else window.localStorage.removeItem(REMEMBER_KEY);
      done();
    } catch (err) {
      if (!(err instanceof ApiClientError && applyFieldErrors(accountForm, err, t))) setError(errorText(err, t));
      setSubmitting(false);
    }
  };

  const loginWithSms = async (values: SmsValues) => {
    setSubmitting(true);
    setError(null);
    try {
      await apiPost('/account/sms', values, authFlow);
      done();
    } catch (err) {
      if (!(err instanceof ApiClientError && applyFieldErrors(smsForm, err, t))) setError(errorText(err, t));
      setSubmitting(false);
    }
  };

  const sendCode = async (): Promise<boolean> => {
    try {
      await smsForm.validateFields(['mobile']);
      const mobile = (smsForm.getFieldValue('mobile') as string).trim();
      await apiGet('/user/sendVerCode', { mobile, purpose: 'login' }, authFlow);
      void message.success(t('auth.sms.sent'));
      return true;
    } catch (err) {
      // validateFields 的失败已显示在字段下方；服务端的字段消息（如手机号未绑定）同样放到字段下
      if (err instanceof ApiClientError && !applyFieldErrors(smsForm, err, t)) void message.error(errorText(err, t));
      return false;
    }
  };

  const switchTab = (key: string) => {
    setTab(key as 'account' | 'sms');
    setError(null);
  };

  // 两个面板的 Form 各带 key：同一位置的 Form 若被复用，会一直绑定最初的表单实例
  const accountPane = (
    <Form<AccountValues> key="account" name="accountLogin" form={accountForm} onFinish={loginWithPassword} initialValues={{ remember: false }} size="large" autoComplete="on">
      <Form.Item name="account" rules={[zodRule(LoginInput.shape.account, t)]}>
        <Input prefix={<UserOutlined className={styles.inputIcon} />} placeholder={t('auth.login.accountPlaceholder')} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={[zodRule(LoginInput.shape.password, t)]}>
        <Input.Password prefix={<LockOutlined className={styles.inputIcon} />} placeholder={t('auth.login.passwordPlaceholder')} autoComplete="current-password" />
      </Form.Item>
      <div className={styles.formRow}>
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>{t('auth.login.remember')}</Checkbox>
        </Form.Item>
        {/* 打开对话框的是按钮（Tab 可达、回车与空格触发），样式同链接 */}
        <button type="button" className={styles.link} onClick={() => setRecovering(true)}>
          {t('auth.login.forgot')}
        </button>
      </div>
      <Button type="primary" htmlType="submit" block loading={submitting} className={styles.submit}>
        {t('auth.login.submit')}
      </Button>
    </Form>
  );

  const smsPane = (
    <Form<SmsValues> key="sms" name="smsLogin" form={smsForm} onFinish={loginWithSms} size="large" autoComplete="off">
      <Form.Item name="mobile" rules={[zodRule(SmsLoginInput.shape.mobile, t)]}>
        <Input prefix={<MobileOutlined className={styles.inputIcon} />} placeholder={t('auth.sms.mobilePlaceholder')} maxLength={11} inputMode="numeric" />
      </Form.Item>
      <Form.Item>
        <Space.Compact block>
          <Form.Item name="smsCode" noStyle rules={[zodRule(SmsLoginInput.shape.smsCode, t)]}>
            <Input prefix={<SafetyOutlined className={styles.inputIcon} />} placeholder={t('auth.sms.codePlaceholder')} maxLength={6} inputMode="numeric" />
          </Form.Item>
          <SmsCodeButton onSend={sendCode} size="large" />
        </Space.Compact>
      </Form.Item>
      <div className={styles.formRow}>
        <span className={styles.muted}>{t('auth.sms.validity')}</span>
      </div>
      <Button type="primary" htmlType="submit" block loading={submitting} className={styles.submit}>
        {t('auth.login.submit')}
      </Button>
    </Form>
  );

  return (
    <div className={styles.loginForm}>
      <Tabs
        activeKey={tab}
        onChange={switchTab}
        centered={variant === 'classic'}
        items={[
          { key: 'account', label: t('auth.login.tabAccount'), children: null },
          { key: 'sms', label: t('auth.login.tabSms'), children: null },
        ]}
      />
      {error && <Alert type="error" showIcon title={error} className={styles.alert} data-testid="login-error" />}
      {tab === 'account' ? accountPane : smsPane}
      {sso && (
        <>
          <Divider plain className={styles.otherDivider}>
            {t('auth.sso.other')}
          </Divider>
          <SsoButton redirect={redirect} />
        </>
      )}
      <RecoverPasswordDialog
        open={recovering}
        onClose={() => setRecovering(false)}
        onDone={(account) => {
          setRecovering(false);
          setTab('account');
          setError(null);
          accountForm.setFieldsValue({ account, password: '' });
        }}
      />
      <div className={styles.registerRow}>
        <span className={styles.muted}>{t('auth.login.noAccount')}</span>
        <Link href="/user/register" className={styles.link}>
          {t('auth.login.register')}
        </Link>
      </div>
    </div>
  );
}

'use client';
// 机构/企业注册：规则来自服务端同一份 zod（RegisterInput）；账号失焦即查重，手机号收验证码（purpose=register）。
// 提交成功 → /user/register-result?account=…，等待管理员审核。
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Alert, Button, Col, Divider, Form, Input, Radio, Row, Space } from 'antd';
import { BankOutlined, LockOutlined, MobileOutlined, SafetyOutlined, ShopOutlined, SolutionOutlined, UserOutlined } from '@ant-design/icons';
import RegionPicker, { type RegionValue } from '@/components/RegionPicker';
import { apiGet, apiPost } from '@/components/api-client';
import { useFormSubmit, useSendSmsCode } from '@/components/auth/form-hooks';
import { sameAsRule, zodRule } from '@/components/auth/form-rules';
import { strengthExtra } from '@/components/auth/PasswordStrengthMeter';
import SmsCodeButton from '@/components/auth/SmsCodeButton';
import { ORG_CATEGORIES, RegisterInput, type RegisterCategory } from '@/lib/domains/user/schemas';
import { useT } from '@/lib/i18n/client';
import styles from './auth.module.css';

interface Values {
  category: RegisterCategory;
  orgName: string;
  unifiedSocialCreditCode: string;
  region: RegionValue | null;
  contactName: string;
  mobile: string;
  smsCode: string;
  account: string;
  password: string;
  confirmPassword: string;
}

const CATEGORY_ICON: Record<RegisterCategory, React.ReactNode> = {
  eval: <SolutionOutlined />,
  train: <BankOutlined />,
  enterprise: <ShopOutlined />,
};

const publicCall = { silent: true, authFlow: true } as const;

export default function RegisterForm() {
  const t = useT();
  const router = useRouter();
  const [form] = Form.useForm<Values>();
  const password = Form.useWatch('password', form);
  const shape = RegisterInput.shape;

  /** 账号查重（失焦与提交时）：格式不对时交给格式规则，不问服务端 */
  const accountAvailable = async (_rule: unknown, value: string | undefined) => {
    const account = value?.trim();
    if (!account || !shape.account.safeParse(account).success) return;
    let exists = false;
    try {
      ({ exists } = await apiGet('/user/checkAccount', { account }, publicCall));
    } catch {
      // 查重失败不拦截填写，提交时服务端仍会检查
      return;
    }
    if (exists) throw new Error(t('auth.register.accountTaken'));
  };

  const sendCode = useSendSmsCode(form, (mobile) => apiGet('/user/sendVerCode', { mobile, purpose: 'register' }, publicCall));
  const { submit, submitting, error } = useFormSubmit(form, async (values: Values) => {
    // 表单已校验：区划必选
    const result = await apiPost('/user/register', { ...values, region: values.region! }, publicCall);
    router.push(`/user/register-result?account=${encodeURIComponent(result.account ?? values.account)}`);
  });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{ category: 'eval', region: null }}
      requiredMark
      scrollToFirstError
      autoComplete="off"
      className={styles.registerForm}
    >
      {error && <Alert type="error" showIcon title={error} className={styles.alert} data-testid="register-error" />}
      <Divider titlePlacement="start" className={styles.sectionTitle}>
        {t('auth.register.sectionOrg')}
      </Divider>
      <Form.Item name="category" label={t('auth.register.category')} required rules={[zodRule(shape.category, t)]}>
        <Radio.Group buttonStyle="solid" className={styles.categoryGroup}>
          {ORG_CATEGORIES.map((c) => (
            <Radio.Button key={c} value={c}>
              <Space size={6}>
                {CATEGORY_ICON[c]}
                {t(`auth.register.category.${c}`)}
              </Space>
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="orgName" label={t('auth.register.orgName')} required rules={[zodRule(shape.orgName, t)]}>
            <Input placeholder={t('auth.register.orgNamePlaceholder')} maxLength={128} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="unifiedSocialCreditCode"
            label={t('auth.register.uscc')}
            required
            rules={[zodRule(shape.unifiedSocialCreditCode, t)]}
            normalize={(v: string) => v?.toUpperCase()}
          >
            <Input placeholder={t('auth.register.usccPlaceholder')} maxLength={18} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="region" label={t('auth.register.region')} required rules={[zodRule(shape.region, t)]}>
            <RegionPicker placeholder={t('auth.register.regionPlaceholder')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="contactName" label={t('auth.register.contactName')} required rules={[zodRule(shape.contactName, t)]}>
            <Input prefix={<UserOutlined className={styles.inputIcon} />} placeholder={t('auth.register.contactNamePlaceholder')} maxLength={64} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="mobile" label={t('auth.register.mobile')} required rules={[zodRule(shape.mobile, t)]}>
            <Input prefix={<MobileOutlined className={styles.inputIcon} />} placeholder={t('auth.sms.mobilePlaceholder')} maxLength={11} inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={t('auth.register.smsCode')} required>
            <Space.Compact block>
              <Form.Item name="smsCode" noStyle rules={[zodRule(shape.smsCode, t)]}>
                <Input prefix={<SafetyOutlined className={styles.inputIcon} />} placeholder={t('auth.sms.codePlaceholder')} maxLength={6} inputMode="numeric" />
              </Form.Item>
              <SmsCodeButton onSend={sendCode} />
            </Space.Compact>
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start" className={styles.sectionTitle}>
        {t('auth.register.sectionAccount')}
      </Divider>
      <Form.Item
        name="account"
        label={t('auth.register.account')}
        required
        rules={[zodRule(shape.account, t), { validator: accountAvailable, validateTrigger: 'onBlur' }]}
        validateTrigger={['onChange', 'onBlur']}
        hasFeedback
        extra={t('auth.register.accountHint')}
      >
        <Input prefix={<UserOutlined className={styles.inputIcon} />} placeholder={t('auth.register.accountPlaceholder')} maxLength={32} autoComplete="off" />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="password" label={t('auth.register.password')} required rules={[zodRule(shape.password, t)]} extra={strengthExtra(password)}>
            <Input.Password prefix={<LockOutlined className={styles.inputIcon} />} placeholder={t('auth.password.newPlaceholder')} autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="confirmPassword" label={t('auth.password.confirm')} required dependencies={['password']} rules={[sameAsRule('password', t)]}>
            <Input.Password prefix={<LockOutlined className={styles.inputIcon} />} placeholder={t('auth.password.confirmPlaceholder')} autoComplete="new-password" />
          </Form.Item>
        </Col>
      </Row>
      <Alert type="info" showIcon title={t('auth.register.reviewNotice')} className={styles.alert} />
      <Button type="primary" htmlType="submit" size="large" block loading={submitting} className={styles.submit}>
        {t('auth.register.submit')}
      </Button>
      <div className={styles.registerRow}>
        <span className={styles.muted}>{t('auth.register.haveAccount')}</span>
        <Link href="/user/loginV2" className={styles.link}>
          {t('auth.register.toLogin')}
        </Link>
      </div>
    </Form>
  );
}

'use client';
// 基本设置：用户名、真实姓名、邮箱、头像地址 → POST /api/user/updateUser（规则同服务端 UpdateUserInput）。
import { useRouter } from 'next/navigation';
import { Alert, App, Avatar, Button, Descriptions, Form, Input } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { apiPost } from '@/components/api-client';
import { useFormSubmit } from '@/components/auth/form-hooks';
import { maskMobile, zodRule } from '@/components/auth/form-rules';
import { UpdateUserInput } from '@/lib/domains/user/schemas';
import { useT } from '@/lib/i18n/client';
import type { AccountProfile } from './types';
import styles from './account.module.css';

interface Values {
  nickName: string;
  realName: string;
  email: string;
  avatar: string;
}

/** 用户类型的显示名；未登记的类型显示原值 */
export function userTypeLabel(t: (key: string) => string, userType: string): string {
  const key = `auth.userType.${userType}`;
  const out = t(key);
  return out === key ? userType : out;
}

/** 只预览 http(s) 或站内地址的头像 */
function previewable(url: string | undefined): string | undefined {
  const v = url?.trim();
  if (!v) return undefined;
  return /^https?:\/\//i.test(v) || (v.startsWith('/') && !v.startsWith('//')) ? v : undefined;
}

export default function BasicSettings({ profile }: { profile: AccountProfile }) {
  const t = useT();
  const router = useRouter();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const avatar = Form.useWatch('avatar', form);
  const shape = UpdateUserInput.shape;

  const { submit: save, submitting: saving, error } = useFormSubmit(form, async (values: Values) => {
    await apiPost('/user/updateUser', values, { silent: true });
    void message.success(t('auth.account.basic.saved'));
    // 页头的问候语与工作台随之更新
    router.refresh();
  });

  return (
    <div className={styles.basic}>
      <div className={styles.basicLeft}>
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={save}
          initialValues={{
            nickName: profile.nickName,
            realName: profile.realName ?? '',
            email: profile.email ?? '',
            avatar: profile.avatar ?? '',
          }}
        >
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <Form.Item name="nickName" label={t('auth.account.basic.nickName')} required rules={[zodRule(shape.nickName, t)]}>
            <Input maxLength={64} placeholder={t('auth.account.basic.nickNamePlaceholder')} />
          </Form.Item>
          <Form.Item name="realName" label={t('auth.account.basic.realName')} rules={[zodRule(shape.realName, t)]} extra={t('auth.account.basic.realNameHint')}>
            <Input maxLength={64} placeholder={t('auth.account.basic.realNamePlaceholder')} />
          </Form.Item>
          <Form.Item name="email" label={t('auth.account.basic.email')} rules={[zodRule(shape.email, t)]}>
            <Input maxLength={128} placeholder={t('auth.account.basic.emailPlaceholder')} />
          </Form.Item>
          <Form.Item name="avatar" label={t('auth.account.basic.avatar')} rules={[zodRule(shape.avatar, t)]} extra={t('auth.account.basic.avatarHint')}>
            <Input maxLength={500} placeholder="https://" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('auth.account.basic.submit')}
            </Button>
          </Form.Item>
        </Form>
      </div>
      <div className={styles.basicRight}>
        <div className={styles.avatarTitle}>{t('auth.account.basic.avatarPreview')}</div>
        <Avatar size={144} src={previewable(avatar)} icon={<UserOutlined />} className={styles.avatar} style={{ background: '#e6f4ff', color: '#1677ff' }} />
        <div className={styles.info}>
          <Descriptions
            column={1}
            size="small"
            title={t('auth.account.basic.accountInfo')}
            items={[
              { key: 'account', label: t('auth.account.basic.account'), children: profile.account },
              { key: 'userType', label: t('auth.account.basic.userType'), children: userTypeLabel(t, profile.userType) },
              { key: 'mobile', label: t('auth.account.basic.mobile'), children: maskMobile(profile.mobile) || t('auth.account.security.mobileNone') },
              { key: 'unit', label: t('auth.account.basic.unit'), children: profile.unit || '—' },
            ]}
          />
        </div>
      </div>
    </div>
  );
}

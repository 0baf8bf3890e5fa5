'use client';
// 安全设置：账户密码（强度与修改）、绑定手机（掩码显示与更换）、实名说明（/bapi/user/getUserRealNameDesc 与 changeUserRealNameDesc）。
import { useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import { Alert, App, Button, Form, Input, List, Modal, Skeleton } from 'antd';
import { bapiPost, ApiClientError } from '@/components/api-client';
import ChangePasswordForm from '@/components/account/ChangePasswordForm';
import ChangeMobileDialog from '@/components/account/ChangeMobileDialog';
import { maskMobile, translateMessage, zodRule } from '@/components/auth/form-rules';
import { RealNameDescInput } from '@/lib/domains/user/schemas';
import { STRONG } from '@/lib/platform/auth/password';
import { useT } from '@/lib/i18n/client';
import type { AccountProfile } from './types';
import styles from './account.module.css';

type Dialog = 'password' | 'mobile' | 'realName' | null;

export default function SecuritySettings({ profile }: { profile: AccountProfile }) {
  const t = useT();
  const router = useRouter();
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [realNameDesc, setRealNameDesc] = useState<string | null>(null);
  const [descForm] = Form.useForm<{ realNameDesc: string }>();
  const [savingDesc, setSavingDesc] = useState(false);
  const [descError, setDescError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    bapiPost('/bapi/user/getUserRealNameDesc')
      .then((r) => live && setRealNameDesc(r.realNameDesc ?? ''))
      .catch(() => live && setRealNameDesc(''));
    return () => {
      live = false;
    };
  }, []);

  const strong = profile.passwordStrength === STRONG;

  const saveDesc = async ({ realNameDesc: value }: { realNameDesc: string }) => {
    setSavingDesc(true);
    setDescError(null);
    try {
      const r = await bapiPost('/bapi/user/changeUserRealNameDesc', { realNameDesc: value }, { silent: true });
      setRealNameDesc(r.realNameDesc ?? value);
      void message.success(t('auth.account.realName.saved'));
      setDialog(null);
    } catch (err) {
      if (err instanceof ApiClientError && !err.notified) setDescError(translateMessage(t, err.message));
    } finally {
      setSavingDesc(false);
    }
  };

  const items = [
    {
      key: 'password',
      title: t('auth.account.security.password'),
      description: (
        <span>
          {t('auth.account.security.strength')}
          <span className={strong ? styles.strong : styles.weak} data-testid="password-strength-label">
            {strong ? t('auth.strength.strong') : t('auth.strength.weak')}
          </span>
          {!strong && <span>{t('auth.account.security.weakHint')}</span>}
        </span>
      ),
      action: t('auth.account.security.modify'),
    },
    {
      key: 'mobile',
      title: t('auth.account.security.mobile'),
      description: profile.mobile ? t('auth.account.security.mobileBound', { mobile: maskMobile(profile.mobile) }) : t('auth.account.security.mobileUnbound'),
      action: profile.mobile ? t('auth.account.security.modify') : t('auth.account.security.bind'),
    },
    {
      key: 'realName',
      title: t('auth.account.security.realName'),
      description:
        realNameDesc === null ? (
          <Skeleton.Input active size="small" style={{ width: 200 }} />
        ) : (
          <span className={styles.realNameDesc}>{realNameDesc || t('auth.account.security.realNameEmpty')}</span>
        ),
      action: t('auth.account.security.modify'),
    },
  ] as const;

  return (
    <>
      <List
        itemLayout="horizontal"
        dataSource={[...items]}
        renderItem={(item) => (
          <List.Item
            data-testid={`security-${item.key}`}
            actions={[
              <Button
                key="act"
                type="link"
                onClick={() => {
                  if (item.key === 'realName') {
                    descForm.setFieldsValue({ realNameDesc: realNameDesc ?? '' });
                    setDescError(null);
                  }
                  setDialog(item.key);
                }}
              >
                {item.action}
              </Button>,
            ]}
          >
            <List.Item.Meta title={item.title} description={<span className={styles.securityDesc}>{item.description}</span>} />
          </List.Item>
        )}
      />

      <Modal open={dialog === 'password'} title={t('auth.password.title')} footer={null} onCancel={() => setDialog(null)} destroyOnHidden width={480}>
        <Alert type="info" showIcon title={t('auth.password.reloginNotice')} style={{ margin: '12px 0 20px' }} />
        <ChangePasswordForm userCode={profile.code} onCancel={() => setDialog(null)} />
      </Modal>

      <ChangeMobileDialog
        open={dialog === 'mobile'}
        onClose={() => setDialog(null)}
        onChanged={() => {
          setDialog(null);
          router.refresh();
        }}
      />

      <Modal
        open={dialog === 'realName'}
        title={t('auth.account.realName.title')}
        okText={t('auth.common.save')}
        cancelText={t('auth.common.cancel')}
        confirmLoading={savingDesc}
        onOk={() => descForm.submit()}
        onCancel={() => setDialog(null)}
        forceRender
      >
        <Form form={descForm} layout="vertical" onFinish={saveDesc} style={{ marginTop: 16 }}>
          {descError && <Alert type="error" showIcon title={descError} style={{ marginBottom: 16 }} />}
          <Form.Item name="realNameDesc" label={t('auth.account.realName.label')} rules={[zodRule(RealNameDescInput.shape.realNameDesc, t)]}>
            <Input.TextArea rows={4} maxLength={200} showCount placeholder={t('auth.account.realName.placeholder')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

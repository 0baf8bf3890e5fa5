// /user/register-result：注册申请已提交，等待管理员审核。
import Link from 'next/link';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Steps from 'antd/es/steps';
import { getT } from '@/lib/i18n/server';
import styles from './auth.module.css';

export default async function RegisterResultScreen({ account }: { account?: string }) {
  const t = await getT();
  return (
    <div className={styles.resultCard}>
      <Result
        status="success"
        title={t('auth.result.title')}
        subTitle={account ? t('auth.result.subtitle', { account }) : t('auth.result.subtitleNoAccount')}
        extra={[
          <Link key="login" href="/user/loginV2">
            <Button type="primary" size="large">
              {t('auth.result.toLogin')}
            </Button>
          </Link>,
          <Link key="home" href="/">
            <Button size="large">{t('auth.result.toHome')}</Button>
          </Link>,
        ]}
      >
        <Steps
          size="small"
          current={1}
          style={{ marginBottom: 24 }}
          items={[
            { title: t('auth.register.step.fill'), content: t('auth.result.step.submitted') },
            { title: t('auth.register.step.review'), content: t('auth.result.step.reviewing') },
            { title: t('auth.register.step.done'), content: t('auth.result.step.login') },
          ]}
        />
        <div className={styles.nextSteps}>
          <h4>{t('auth.result.nextTitle')}</h4>
          <ol>
            <li>{t('auth.result.next1')}</li>
            <li>{t('auth.result.next2')}</li>
            <li>{t('auth.result.next3')}</li>
          </ol>
        </div>
      </Result>
    </div>
  );
}

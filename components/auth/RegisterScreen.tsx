// /user/register：机构/企业注册申请。
import Steps from 'antd/es/steps';
import RegisterForm from '@/components/auth/RegisterForm';
import { getT } from '@/lib/i18n/server';
import styles from './auth.module.css';

export default async function RegisterScreen() {
  const t = await getT();
  return (
    <div className={styles.registerCard}>
      <div className={styles.registerHead}>
        <div>
          <h1 className={styles.formTitle}>{t('auth.register.title')}</h1>
          <p className={styles.formSub} style={{ marginBottom: 0 }}>
            {t('auth.register.subtitle')}
          </p>
        </div>
      </div>
      <Steps
        className={styles.steps}
        size="small"
        current={0}
        items={[{ title: t('auth.register.step.fill') }, { title: t('auth.register.step.review') }, { title: t('auth.register.step.done') }]}
      />
      <RegisterForm />
    </div>
  );
}

// 主登录入口 /user/loginV2：左侧平台介绍，右侧登录表单。
import Link from 'next/link';
import AuthIcon from '@/components/auth/icons';
import LoginForm from '@/components/auth/LoginForm';
import { getT } from '@/lib/i18n/server';
import styles from './auth.module.css';

const FEATURES = ['assessment', 'training', 'subsidy', 'certificate'] as const;

export default async function LoginV2Screen({ redirect, sso }: { redirect?: string; sso: boolean }) {
  const t = await getT();
  return (
    <div className={styles.v2}>
      <section className={styles.visual}>
        <span className={styles.badge}>
          <AuthIcon name="secure" /> {t('auth.v2.badge')}
        </span>
        <h1 className={styles.visualTitle}>{t('auth.layout.title')}</h1>
        <p className={styles.visualDesc}>{t('auth.v2.desc')}</p>
        <ul className={styles.features}>
          {FEATURES.map((key) => (
            <li key={key} className={styles.feature}>
              <span className={styles.featureIcon}>
                <AuthIcon name={key} />
              </span>
              <span>
                <div className={styles.featureTitle}>{t(`auth.v2.feature.${key}`)}</div>
                <div className={styles.featureDesc}>{t(`auth.v2.feature.${key}.desc`)}</div>
              </span>
            </li>
          ))}
        </ul>
        <div className={styles.visualFoot}>{t('auth.v2.foot')}</div>
      </section>
      <section className={styles.formPanel}>
        <h2 className={styles.formTitle}>{t('auth.login.welcome')}</h2>
        <p className={styles.formSub}>{t('auth.login.welcomeSub')}</p>
        <LoginForm variant="v2" redirect={redirect} sso={sso} />
        <div className={styles.switchVariant}>
          <Link href={redirect ? `/user/login?redirect=${encodeURIComponent(redirect)}` : '/user/login'} className={styles.link}>
            {t('auth.v2.toClassic')}
          </Link>
        </div>
      </section>
    </div>
  );
}

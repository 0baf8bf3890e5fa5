// 经典登录页 /user/login：居中卡片。
import Link from 'next/link';
import LoginForm from '@/components/auth/LoginForm';
import { getT } from '@/lib/i18n/server';
import styles from './auth.module.css';

export default async function LoginClassicScreen({ redirect, sso }: { redirect?: string; sso: boolean }) {
  const t = await getT();
  return (
    <div className={styles.classic}>
      <div className={styles.classicTop}>
        <h1 className={styles.classicTitle}>
          {/* eslint-disable-next-line @next/next/no-img-element -- 矢量标志，无需图片优化 */}
          <img src="/logo.svg" alt="" width={44} height={44} />
          {t('auth.classic.title')}
        </h1>
        <p className={styles.classicDesc}>{t('auth.classic.desc')}</p>
      </div>
      <div className={styles.classicCard}>
        <LoginForm variant="classic" redirect={redirect} sso={sso} />
      </div>
      <div className={styles.switchVariant}>
        <Link href={redirect ? `/user/loginV2?redirect=${encodeURIComponent(redirect)}` : '/user/loginV2'} className={styles.link}>
          {t('auth.classic.toV2')}
        </Link>
      </div>
    </div>
  );
}

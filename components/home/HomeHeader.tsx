// 公开首页的页头：标志、页内导航，右侧为登录入口；已登录时改为问候语与“进入系统”（到工作台）。
import Link from 'next/link';
import BrandLink from '@/components/BrandLink';
import CertificateLookupEntry from '@/components/certificate/CertificateLookupEntry';
import { getT } from '@/lib/i18n/server';
import { LOGIN_PATH, type HomeViewer } from './viewer';
import styles from './home.module.css';

// 以 / 开头：栏目页与文章页（同一页头）上点开回到首页的对应区块
const NAV = [
  { href: '/#news', label: '通知公告' },
  { href: '/#assessment', label: '评价业务' },
  { href: '/#training', label: '培训与补贴' },
  { href: '/#flow', label: '计划流程' },
  { href: '/#region', label: '行政区划查询' },
];

export default async function HomeHeader({ viewer }: { viewer: HomeViewer | null }) {
  const t = await getT();
  return (
    <header className={styles.header}>
      <div className={`${styles.container} ${styles.headerInner}`}>
        <BrandLink title={t('河北省职业技能鉴定与培训管理平台')} subtitle="Hebei Vocational Skills Appraisal & Training Management Platform" homeLabel={t('返回首页')} />
        <nav className={styles.nav} aria-label={t('页面导航')}>
          {NAV.map((item) => (
            <a key={item.href} className={styles.navLink} href={item.href}>
              {t(item.label)}
            </a>
          ))}
        </nav>
        <div className={styles.account} data-testid="home-account">
          <CertificateLookupEntry />
          {viewer ? (
            <>
              <span className={styles.greeting}>{t('您好，{name}', { name: viewer.name })}</span>
              <Link className={styles.enterButton} href={viewer.portalHref} data-testid="home-enter">
                {t('进入系统')}
              </Link>
            </>
          ) : (
            <Link className={styles.enterButton} href={LOGIN_PATH} data-testid="home-login">
              {t('登录')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}

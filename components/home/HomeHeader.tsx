import Link from 'next/link';
import styles from './home.module.css';

const NAV = [
  { href: '#assessment', label: '评价业务' },
  { href: '#training', label: '培训与补贴' },
  { href: '#flow', label: '计划流程' },
  { href: '#region', label: '行政区划查询' },
];

export default function HomeHeader() {
  return (
    <header className={styles.header}>
      <div className={`${styles.container} ${styles.headerInner}`}>
        <Link className={styles.brand} href="/" aria-label="返回首页">
          {/* eslint-disable-next-line @next/next/no-img-element -- 矢量标志，无需图片优化 */}
          <img src="/logo.svg" alt="" width={40} height={40} />
          <span className={styles.brandText}>
            <span className={styles.brandTitle}>河北省职业技能鉴定与培训管理平台</span>
            <span className={styles.brandSub}>Hebei Vocational Skills Appraisal &amp; Training Management Platform</span>
          </span>
        </Link>
        <nav className={styles.nav} aria-label="页面导航">
          {NAV.map((item) => (
            <a key={item.href} className={styles.navLink} href={item.href}>
              {item.label}
            </a>
          ))}
        </nav>
      </div>
    </header>
  );
}

import BrandLink from '@/components/BrandLink';
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
        <BrandLink title="河北省职业技能鉴定与培训管理平台" subtitle="Hebei Vocational Skills Appraisal & Training Management Platform" homeLabel="返回首页" />
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

// 标志 + 平台名称 + 英文副标题，链接到首页：公开首页与登录/注册页的页头共用。
import Link from 'next/link';
import styles from './brand.module.css';

export default function BrandLink({ title, subtitle, homeLabel }: { title: string; subtitle: string; homeLabel: string }) {
  return (
    // 可见的平台名称即链接的名称（WCAG 2.5.3 名称含可见文字）；“返回首页”作悬停提示
    <Link href="/" className={styles.brand} title={homeLabel}>
      {/* eslint-disable-next-line @next/next/no-img-element -- 矢量标志，无需图片优化 */}
      <img src="/logo.svg" alt="" width={40} height={40} />
      <span className={styles.brandText}>
        <span className={styles.brandTitle}>{title}</span>
        <span className={styles.brandSub}>{subtitle}</span>
      </span>
    </Link>
  );
}

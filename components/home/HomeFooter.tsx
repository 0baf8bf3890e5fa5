import Link from 'next/link';
import { getT } from '@/lib/i18n/server';
import styles from './home.module.css';

export default async function HomeFooter() {
  const t = await getT();
  return (
    <footer className={styles.footer}>
      <div className={`${styles.container} ${styles.footerInner}`}>
        <div>
          <div className={styles.footerBrand}>
            {/* eslint-disable-next-line @next/next/no-img-element -- 矢量标志，无需图片优化 */}
            <img src="/logo.svg" alt="" width={32} height={32} />
            {t('河北省职业技能鉴定与培训管理平台')}
          </div>
          <p className={styles.footerText}>
            {t('职业技能鉴定、认证、培训与补贴一体化管理门户')}
            <br />
            {t('建议使用 1366×768 及以上分辨率，Chrome、Edge 等新版浏览器访问')}
          </p>
        </div>
        <div className={styles.footerCols}>
          <div className={styles.footerCol}>
            <h3>{t('评价业务')}</h3>
            <ul>
              <li>{t('职业技能等级认定')}</li>
              <li>{t('职业资格')}</li>
              <li>{t('专项能力考核')}</li>
              <li>{t('机关工勤技能考核')}</li>
            </ul>
          </div>
          <div className={styles.footerCol}>
            <h3>{t('培训管理')}</h3>
            <ul>
              <li>{t('培训班管理')}</li>
              <li>{t('课程与师资')}</li>
              <li>{t('补贴申领与审批')}</li>
            </ul>
          </div>
          <div className={styles.footerCol}>
            <h3>{t('公共服务')}</h3>
            <ul>
              <li>
                <Link href="/#region">{t('行政区划查询')}</Link>
              </li>
              <li>
                <Link href="/#flow">{t('考试计划流程')}</Link>
              </li>
            </ul>
          </div>
        </div>
      </div>
      <div className={styles.copyright}>{t('© 河北省职业技能鉴定与培训管理平台 版权所有')}</div>
    </footer>
  );
}

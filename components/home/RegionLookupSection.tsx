import Card from 'antd/es/card';
import type { RegionValue } from '../RegionPicker';
import { getT } from '@/lib/i18n/server';
import RegionLookup from './RegionLookup';
import styles from './home.module.css';

export default async function RegionLookupSection({ initialRegion }: { initialRegion: RegionValue | null }) {
  const t = await getT();
  return (
    <section id="region" className={`${styles.container} ${styles.section} ${styles.lookupSection}`}>
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>{t('行政区划查询')}</h2>
        <p className={styles.sectionDesc}>{t('河北省设区市及县（市、区）区划代码，依据 GB/T 2260')}</p>
      </div>
      <Card variant="borderless" style={{ borderRadius: 10 }}>
        <RegionLookup initialRegion={initialRegion} />
      </Card>
    </section>
  );
}

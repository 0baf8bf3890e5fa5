import 'server-only';
// 公开首页的“通知公告”区块：左为轮播图（启用且在展示期内的），右为通知公告、政策法规、新闻资讯各最新几篇（全省的与各市的）。
// 数据库暂不可用时不显示本区块（首页是公开页，不因此出错）。
import { getDb } from '@/lib/platform/db/client';
import { getT } from '@/lib/i18n/server';
import { latestArticles, publicBanners } from '@/lib/domains/content/service';
import type { ArticleKind } from '@/lib/domains/content/transitions';
import homeStyles from '@/components/home/home.module.css';
import { BannerCarousel, NewsTabs } from './HomeContentClient';
import styles from './content.module.css';

const HOME_KINDS: ArticleKind[] = ['notice', 'policy', 'news'];
const HOME_ROWS = 6;

export default async function HomeContentSection() {
  const t = await getT();
  const data = await (async () => {
    const db = await getDb();
    const [banners, ...groups] = await Promise.all([publicBanners(db), ...HOME_KINDS.map((kind) => latestArticles(db, kind, HOME_ROWS))]);
    return { banners, groups: HOME_KINDS.map((kind, i) => ({ kind, items: groups[i] })) };
  })().catch(() => null);
  if (!data) return null;
  return (
    <section id="news" className={`${homeStyles.container} ${homeStyles.section}`}>
      <div className={homeStyles.sectionHead}>
        <h2 className={homeStyles.sectionTitle}>{t('通知公告')}</h2>
        <p className={homeStyles.sectionDesc}>{t('政策发布、工作动态与办事指南')}</p>
      </div>
      <div className={styles.homeContent} style={data.banners.length ? undefined : { gridTemplateColumns: '1fr' }}>
        {data.banners.length > 0 && <BannerCarousel banners={data.banners} />}
        <NewsTabs groups={data.groups} />
      </div>
    </section>
  );
}

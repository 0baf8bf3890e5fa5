// 公开首页：介绍内容在服务端渲染；行政区划查询为客户端组件，?region=省,市,县区 可带入初始选择。
// 页头与首屏给出登录入口；已登录时改为问候语与“进入系统”。
import HomeFooter from '@/components/home/HomeFooter';
import HomeHeader from '@/components/home/HomeHeader';
import HomeHero from '@/components/home/HomeHero';
import HomeContentSection from '@/components/content/HomeContentSection';
import SkipLink, { MAIN_ID } from '@/components/shell/SkipLink';
import RegionLookupSection from '@/components/home/RegionLookupSection';
import { parseRegionParam } from '@/components/home/region-param';
import { homeViewer } from '@/components/home/viewer';
import { AssessmentSection, PlanFlowSection, TrainingSection } from '@/components/home/ServiceSections';
import styles from '@/components/home/home.module.css';

export default async function Home({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [params, viewer] = await Promise.all([searchParams, homeViewer()]);
  const initialRegion = parseRegionParam(params.region);
  return (
    <div className={styles.page}>
      <SkipLink />
      <HomeHeader viewer={viewer} />
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        <HomeHero viewer={viewer} />
        <HomeContentSection />
        <AssessmentSection />
        <TrainingSection />
        <PlanFlowSection />
        <RegionLookupSection initialRegion={initialRegion} />
      </main>
      <HomeFooter />
    </div>
  );
}

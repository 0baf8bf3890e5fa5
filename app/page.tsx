// 公开首页：介绍内容在服务端渲染；行政区划查询为客户端组件，?region=省,市,县区 可带入初始选择。
import HomeFooter from '@/components/home/HomeFooter';
import HomeHeader from '@/components/home/HomeHeader';
import HomeHero from '@/components/home/HomeHero';
import RegionLookupSection from '@/components/home/RegionLookupSection';
import { parseRegionParam } from '@/components/home/region-param';
import { AssessmentSection, PlanFlowSection, TrainingSection } from '@/components/home/ServiceSections';
import styles from '@/components/home/home.module.css';

export default async function Home({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const initialRegion = parseRegionParam((await searchParams).region);
  return (
    <div className={styles.page}>
      <HomeHeader />
      <main className={styles.main}>
        <HomeHero />
        <AssessmentSection />
        <TrainingSection />
        <PlanFlowSection />
        <RegionLookupSection initialRegion={initialRegion} />
      </main>
      <HomeFooter />
    </div>
  );
}

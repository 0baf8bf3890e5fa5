// 培训人次统计（SPEC §2 固定路径，路由 countRenci，免登录）：全省各市的培训班数与人次，不含个人信息。
import type { Metadata } from 'next';
import { PublicStatPageContent } from '@/components/dashboard/stat-page';

export const metadata: Metadata = { title: '培训人次统计' };
export const dynamic = 'force-dynamic';

export default async function CountRenciPage({ searchParams }: { searchParams: Promise<{ year?: string | string[] }> }) {
  return <PublicStatPageContent name="renci" year={(await searchParams).year} />;
}

// 国网上报人次（SPEC §2 固定路径，须登录、有“上报人次统计”的查看权限）：本人数据范围内各市的取证与上报国网人次。
import type { Metadata } from 'next';
import { ScopedStatPageContent } from '@/components/dashboard/stat-page';

export const metadata: Metadata = { title: '国网上报人次' };
export const dynamic = 'force-dynamic';

export default async function CountUploadRencixitongPage({ searchParams }: { searchParams: Promise<{ year?: string | string[] }> }) {
  return <ScopedStatPageContent name="uploadRencixitong" year={(await searchParams).year} />;
}
